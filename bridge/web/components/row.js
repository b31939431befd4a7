// Row: the A2UI Row component.

import { flex } from '../core/draw.js';

export function Row(n, p, kids, ctx) {
  return flex('a2-row', p.distribution, p.alignment, kids, ctx);
}
