// Modal: the A2UI Modal component.

import { h, str } from '../core/dom.js';
import { node } from '../core/draw.js';
import { domId } from '../core/state.js';

export function Modal(n, p, kids, ctx) {
  const id = str(n.id);
  const e = h('div', 'a2-modal');
  const entry = h('div', 'a2-modal-entry', { 'data-modal-entry': id, 'data-key': 'entry' });
  if (kids[0]) entry.appendChild(node(kids[0], ctx));
  if (!hasControl(kids[0])) {
    entry.setAttribute('role', 'button');
    entry.setAttribute('tabindex', '0');
    entry.setAttribute('aria-haspopup', 'dialog');
    entry.setAttribute('data-fkey', id + '\u0001entry');
    entry.classList.add('clickable');
  }
  e.appendChild(entry);
  const dlg = h('dialog', 'a2-dialog', { 'data-key': 'dialog', 'aria-labelledby': domId(ctx.sid, id, 'dlgtitle') });
  const bar = h('div', 'a2-dialog-bar', null, [
    h('span', 'a2-dialog-title', { id: domId(ctx.sid, id, 'dlgtitle') }, 'Details'),
    h('button', 'a2-dialog-close', { type: 'button', 'data-dialog-close': '', 'aria-label': 'Close', title: 'Close (Esc)', 'data-fkey': id + '\u0001close' }, '✕'),
  ]);
  dlg.appendChild(bar);
  const body = h('div', 'a2-dialog-body');
  if (kids[1]) body.appendChild(node(kids[1], ctx));
  dlg.appendChild(body);
  e.appendChild(dlg);
  return e;
}

function hasControl(n) {
  let found = false;
  const walk = (x, depth) => {
    if (found || !x || typeof x !== 'object' || depth > 64) return;
    if (/^(Button|CheckBox|TextField|DateTimeInput|MultipleChoice|Slider|Tabs)$/.test(str(x.type))) {
      found = true;
      return;
    }
    if (Array.isArray(x.children)) x.children.forEach((c) => walk(c, depth + 1));
  };
  walk(n, 0);
  return found;
}
