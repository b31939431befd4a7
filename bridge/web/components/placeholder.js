// Placeholder: the A2UI Placeholder component.

import { h, str } from '../core/dom.js';

export function Placeholder(n, p) {
  return h('div', 'a2-placeholder', { title: str(p.reason) }, '… missing ' + str(p.missing || n.id));
}
