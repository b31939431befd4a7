// Placeholder: what a2term cannot draw as it is — the root of a surface
// still waiting for its components, a child not sent yet, or a component
// of a type outside the standard catalog (lenient mode), drawn as a
// dashed frame titled with its type and holding the children it names.
// The words are the terminal's.

import { h, str } from '../core/dom.js';
import { node } from '../core/draw.js';

export function Placeholder(n, p, kids, ctx) {
  const reason = str(p.reason);
  if (p.waiting) return h('div', 'a2-placeholder waiting', { title: reason }, '… waiting for its components');
  const type = str(p.type);
  if (type) {
    const title = '▢ ' + type;
    if (!kids.length) return h('div', 'a2-placeholder a2-custom-note', { title: reason }, title + ' — not in the standard catalog');
    return h('div', 'a2-custom', { role: 'group', 'aria-label': type + ' (not in the standard catalog)', title: reason }, [
      h('div', 'a2-custom-title', null, title),
      ...kids.map((c) => node(c, ctx)),
    ]);
  }
  return h('div', 'a2-placeholder', { title: reason }, '… ' + str(p.missing || n.id));
}
