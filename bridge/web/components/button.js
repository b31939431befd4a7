// Button: the A2UI Button component.

import { h, str } from '../core/dom.js';
import { node } from '../core/draw.js';
import { app, key } from '../core/state.js';

export function Button(n, p, kids, ctx) {
  const id = str(n.id);
  const k = key(ctx.sid, id);
  const b = h('button', 'a2-button' + (p.primary ? ' primary' : '') + (app.sent.has(k) ? ' sent' : ''), {
    type: 'button',
    'data-press': '',
    'data-node': id,
    'data-fkey': id,
    'aria-busy': app.pressing.has(k) ? 'true' : null,
  });
  const inner = { ...ctx, parent: 'Button', inline: true };
  for (const c of kids) b.appendChild(node(c, inner));
  if (!kids.length) b.appendChild(document.createTextNode(str(p.action) || 'Button'));
  return b;
}
