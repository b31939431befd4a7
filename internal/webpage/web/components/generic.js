// Generic: a component of a catalog definition the person gave a2term
// (--catalog), drawn from what its schema says its properties are, as
// the terminal draws it: a frame titled with its type, its text-like
// properties as "Label: text", its input as a field (a check box for a
// boolean), its action as a button, then its children.

import { h, str } from '../core/dom.js';
import { node } from '../core/draw.js';
import { app, current, domId, key } from '../core/state.js';

export function Generic(n, p, kids, ctx) {
  const id = str(n.id);
  const type = str(p.type);
  const parts = [h('div', 'a2-generic-title', null, '◇ ' + type)];
  for (const f of p.fields || []) {
    parts.push(h('p', 'a2-generic-field', null, [h('span', 'a2-generic-label', null, str(f.label) + ':'), ' ' + str(f.text)]));
  }
  const inp = p.input;
  if (inp) {
    if (str(inp.kind) === 'boolean') {
      const box = h('input', null, { type: 'checkbox', 'data-input': 'checkbox', 'data-node': id, 'data-fkey': id });
      box.checked = current(ctx.sid, id, !!inp.checked) === true;
      parts.push(h('label', 'a2-checkbox', null, [box, h('span', 'a2-checkbox-label', null, str(inp.label))]));
    } else {
      const inputId = domId(ctx.sid, id, 'input');
      const field = h('input', 'a2-input', { type: str(inp.kind) === 'number' ? 'number' : 'text', autocomplete: 'off' });
      if (str(inp.kind) === 'number') field.setAttribute('step', 'any');
      field.id = inputId;
      field.setAttribute('data-input', 'text');
      field.setAttribute('data-node', id);
      field.setAttribute('data-fkey', id);
      field.value = str(current(ctx.sid, id, str(inp.text)));
      parts.push(h('div', 'a2-field', null, [h('label', 'a2-label', { for: inputId }, str(inp.label)), field]));
    }
  }
  if (str(p.action)) {
    const k = key(ctx.sid, id);
    parts.push(h('button', 'a2-button' + (app.sent.has(k) ? ' sent' : ''), {
      type: 'button',
      'data-press': '',
      'data-node': id,
      'data-fkey': inp ? null : id,
      disabled: !!(p.checks && p.checks.length),
      'aria-busy': app.pressing.has(k) ? 'true' : null,
    }, str(p.action)));
  }
  for (const c of kids) parts.push(node(c, ctx));
  return h('div', 'a2-generic', { role: 'group', 'aria-label': type, title: type + ' (' + str(p.catalogId) + ')' }, parts);
}
