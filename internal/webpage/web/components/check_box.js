// CheckBox: the A2UI CheckBox component.

import { h, str } from '../core/dom.js';
import { current } from '../core/state.js';

export function CheckBox(n, p, kids, ctx) {
  const id = str(n.id);
  const value = current(ctx.sid, id, !!p.value) === true;
  const input = h('input', null, { type: 'checkbox', 'data-input': 'checkbox', 'data-node': id, 'data-fkey': id });
  input.checked = value;
  return h('label', 'a2-checkbox', null, [input, h('span', 'a2-checkbox-label', null, str(p.label))]);
}
