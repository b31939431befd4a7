// Column: the A2UI Column component.

import { flex } from '../core/draw.js';

export function Column(n, p, kids, ctx) {
  return flex('a2-column', p.distribution, p.alignment, kids, ctx);
}
