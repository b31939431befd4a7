// MultipleChoice: the A2UI MultipleChoice component.

import { h, num, str } from '../core/dom.js';
import { app, current, domId, key } from '../core/state.js';

export function MultipleChoice(n, p, kids, ctx) {
  return drawChoice(n, p, ctx);
}

function drawChoice(n, p, ctx) {
  const id = str(n.id);
  const k = key(ctx.sid, id);
  const options = (Array.isArray(p.options) ? p.options : []).filter((o) => o && typeof o === 'object');
  const max = Math.max(0, Math.floor(num(p.maxAllowedSelections, 0)));
  const chips = str(p.variant) === 'chips';
  const radio = !chips && max === 1;
  const serverSel = Array.isArray(p.selections) ? p.selections.map(str) : [];
  const raw = current(ctx.sid, id, serverSel);
  const sel = new Set(Array.isArray(raw) ? raw.map(str) : []);
  const filter = (app.filters.get(k) || '').trim().toLowerCase();
  const legendId = domId(ctx.sid, id, 'legend');
  const hintId = domId(ctx.sid, id, 'hint');
  const e = h('fieldset', 'a2-choice' + (chips ? ' chips' : ''), { 'aria-describedby': hintId });
  const how = radio ? 'Choose one' : max > 1 ? 'Choose up to ' + max : 'Choose any';
  // A labelled picker (v0.9) says what it is about; how many it takes
  // goes in its hint.
  e.appendChild(h('legend', 'a2-choice-legend', { id: legendId }, str(p.label) || how));
  if (p.filterable) {
    const fi = h('input', 'a2-input a2-choice-filter', {
      type: 'search',
      placeholder: 'Filter options',
      'aria-label': 'Filter options',
      'data-filter': id,
      'data-fkey': id + '\u0001filter',
      autocomplete: 'off',
    });
    fi.value = app.filters.get(k) || '';
    e.appendChild(fi);
  }
  const box = h('div', 'a2-options', { role: chips ? 'group' : null, 'aria-labelledby': chips ? legendId : null });
  let visible = 0;
  const group = domId(ctx.sid, id, 'group');
  for (const o of options) {
    const label = str(o.label);
    const value = str(o.value);
    const on = sel.has(value);
    const hidden = !!filter && !label.toLowerCase().includes(filter) && !value.toLowerCase().includes(filter);
    if (!hidden) visible++;
    let opt;
    if (chips) {
      opt = h('button', 'a2-chip', {
        type: 'button',
        'aria-pressed': on ? 'true' : 'false',
        'data-chip': value,
        'data-node': id,
        'data-fkey': id + '\u0001' + value,
        'data-key': 'o\u0001' + value,
        hidden,
      }, [h('span', 'a2-chip-mark', { 'aria-hidden': 'true' }, on ? '✓' : ''), label]);
    } else {
      const input = h('input', null, {
        type: radio ? 'radio' : 'checkbox',
        name: group,
        value,
        'data-input': 'choice',
        'data-node': id,
        'data-fkey': id + '\u0001' + value,
      });
      input.checked = on;
      opt = h('label', 'a2-option', { 'data-key': 'o\u0001' + value, hidden }, [input, h('span', null, null, label)]);
    }
    box.appendChild(opt);
  }
  e.appendChild(box);
  let hint = '';
  let warn = false;
  if (app.capped.get(k)) {
    hint = 'You can choose at most ' + max + '. Clear one first.';
    warn = true;
  } else if (filter && visible === 0) {
    hint = 'No option matches “' + (app.filters.get(k) || '').trim() + '”.';
  } else if (max > 1) {
    hint = sel.size + ' of at most ' + max + ' chosen';
  } else if (str(p.label)) {
    hint = how;
  }
  e.appendChild(h('p', 'a2-choice-hint' + (warn ? ' warn' : ''), { id: hintId, role: 'status' }, hint));
  return e;
}
