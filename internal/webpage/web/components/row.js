// Row: the A2UI Row component. It is a grid of one row whose columns are
// sized as the terminal sizes them: a child without a weight gets its
// natural width first (when they do not all fit, the narrow ones keep
// theirs and the wide ones share what is left), and children with a
// weight share what remains in proportion to it.

import { num } from '../core/dom.js';
import { flex } from '../core/draw.js';

export function Row(n, p, kids, ctx) {
  const e = flex('a2-row', p.distribution, p.alignment, kids, ctx);
  // A weighted child keeps room for a fair share of the row, as in the
  // terminal, however wide the others would like to be.
  const fair = (100 / Math.max(kids.length, 1)).toFixed(3);
  e.style.setProperty('grid-template-columns', kids.map((c) => {
    const w = num(c && c.weight, 0);
    return w > 0 ? 'minmax(calc(' + fair + '% - var(--gap)), ' + w + 'fr)' : 'auto';
  }).join(' ') || 'auto');
  return e;
}
