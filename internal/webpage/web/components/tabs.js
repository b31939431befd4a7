// Tabs: the A2UI Tabs component.

import { h, str } from '../core/dom.js';
import { node } from '../core/draw.js';
import { app, domId, key } from '../core/state.js';

export function Tabs(n, p, kids, ctx) {
  const id = str(n.id);
  const titles = Array.isArray(p.titles) ? p.titles : [];
  const count = Math.max(titles.length, kids.length);
  const k = key(ctx.sid, id);
  let sel = app.tabSel.get(k) || 0;
  if (sel >= count) sel = 0;
  const e = h('div', 'a2-tabs');
  const list = h('div', 'a2-tablist', { role: 'tablist' });
  for (let i = 0; i < count; i++) {
    list.appendChild(h('button', 'a2-tab', {
      type: 'button',
      role: 'tab',
      id: domId(ctx.sid, id, 'tab' + i),
      'aria-selected': i === sel ? 'true' : 'false',
      'aria-controls': domId(ctx.sid, id, 'panel' + i),
      tabindex: i === sel ? '0' : '-1',
      'data-node': id,
      'data-tab-index': String(i),
      'data-fkey': id + '\u0001tab' + i,
    }, str(titles[i]) || 'Tab ' + (i + 1)));
  }
  e.appendChild(list);
  for (let i = 0; i < count; i++) {
    const panel = h('div', 'a2-tabpanel', {
      role: 'tabpanel',
      id: domId(ctx.sid, id, 'panel' + i),
      'aria-labelledby': domId(ctx.sid, id, 'tab' + i),
      'data-key': 'panel' + i,
      hidden: i !== sel,
    });
    if (kids[i]) panel.appendChild(node(kids[i], ctx));
    e.appendChild(panel);
  }
  return e;
}
