// Card: the A2UI Card component.

import { h } from '../core/dom.js';
import { node } from '../core/draw.js';

export function Card(n, p, kids, ctx) {
  return h('div', 'a2-card', null, kids.map((c) => node(c, ctx)));
}
