// Text: the A2UI Text component.

import { str } from '../core/dom.js';
import { drawText } from '../core/markdown.js';

export function Text(n, p, kids, ctx) {
  return drawText(str(p.text), str(p.usageHint), ctx.inline);
}
