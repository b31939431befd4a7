// Button: the A2UI Button component. A borderless one looks like a link;
// one whose checks fail is disabled (its messages are drawn under it); one
// that opens an address carries it, to show after a press and on hover:
// a2term opens nothing itself.

import { h, str } from '../core/dom.js';
import { node } from '../core/draw.js';
import { app, key } from '../core/state.js';

export function Button(n, p, kids, ctx) {
  const id = str(n.id);
  const k = key(ctx.sid, id);
  const opens = str(p.call) === 'openUrl';
  const cls = 'a2-button' + (p.primary ? ' primary' : '') + (p.borderless ? ' borderless' : '') + (app.sent.has(k) ? ' sent' : '');
  const b = h('button', cls, {
    type: 'button',
    'data-press': '',
    'data-node': id,
    'data-fkey': id,
    'data-url': opens ? str(p.url) : null,
    'data-opens': opens ? '' : null,
    title: opens && str(p.url) ? 'Shows the address ' + str(p.url) : null,
    disabled: !!p.disabled,
    'aria-busy': app.pressing.has(k) || str(p.waiting) ? 'true' : null,
  });
  const inner = { ...ctx, parent: 'Button', inline: true };
  for (const c of kids) b.appendChild(node(c, inner));
  if (!kids.length) b.appendChild(document.createTextNode(str(p.action) || 'Button'));
  return b;
}
