// Divider: the A2UI Divider component.

import { h, str } from '../core/dom.js';

export function Divider(n, p, kids, ctx) {
  const axis = str(p.axis);
  const vertical = axis === 'vertical' || (axis === '' && ctx.parent === 'Row');
  return h('hr', 'a2-divider' + (vertical ? ' vertical' : ''), vertical ? { 'aria-orientation': 'vertical' } : null);
}
