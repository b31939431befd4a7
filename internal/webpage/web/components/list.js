// List: the A2UI List component.

import { h, str } from '../core/dom.js';
import { alignClass, node } from '../core/draw.js';

export function List(n, p, kids, ctx) {
  const dir = str(p.direction) === 'horizontal' ? 'horizontal' : 'vertical';
  const e = h('div', 'a2-list dir-' + dir + alignClass(p.alignment), { role: 'list' });
  if (dir === 'horizontal') e.setAttribute('tabindex', '0'); // scrollable by keyboard
  for (const c of kids) {
    e.appendChild(h('div', 'a2-list-item', { role: 'listitem', 'data-key': 'li\u0001' + str(c && c.id) }, [node(c, ctx)]));
  }
  return e;
}
