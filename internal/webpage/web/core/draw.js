// Drawing the render tree: node draws one node with the component of its
// type, looked up in the catalog that components/catalog.js fills, and the
// helpers several components share.

import { h, num, str } from './dom.js';
import { app, domId } from './state.js';

const DRAW = new Map();

// register adds the component that draws nodes of type.
export function register(type, draw) {
  DRAW.set(type, draw);
}

// node draws one node of the render tree. ctx says where: the surface,
// the parent's type, whether the text is inline, the depth, the parent's
// path (child indexes from the root) and its children by index. Each
// node's element carries its path (data-path), so that a patch of one
// subtree redraws only that subtree (see renderPath).
export function node(n, ctx) {
  if (!n || typeof n !== 'object' || ctx.depth > 64) return h('span', 'a2-placeholder', null, '…');
  app.drawn++;
  const type = str(n.type);
  const draw = DRAW.get(type) || drawUnknown;
  const props = n.props && typeof n.props === 'object' ? n.props : {};
  const kids = Array.isArray(n.children) ? n.children : [];
  const idx = ctx.kids ? ctx.kids.get(n) : undefined;
  const path = idx === undefined ? ctx.path || [] : (ctx.path || []).concat(idx);
  const sub = { sid: ctx.sid, parent: type, inline: ctx.inline, depth: ctx.depth + 1, path, kids: new Map(kids.map((c, i) => [c, i])) };
  let e = draw(n, props, kids, sub);
  accessible(e, n.accessibility);
  e = withChecks(e, props.checks, type === 'Button' ? str(props.waiting) : '', ctx.sid, str(n.id));
  e.setAttribute('data-key', str(n.id));
  e.setAttribute('data-type', type);
  e.setAttribute('data-path', path.join('.'));
  const w = num(n.weight, 0);
  if (w > 0 && ctx.parent === 'Column') {
    // In a Row the grid's columns carry the weights (components/row.js).
    e.style.setProperty('flex', w + ' 1 0%');
  }
  if (w > 0 && (ctx.parent === 'Row' || ctx.parent === 'Column')) e.classList.add('weighted');
  return e;
}

// withChecks puts the messages of a control's failing checks (v0.9) under
// it, as the terminal does, and points the control at them for assistive
// technologies. They go last inside the control's own element, so that
// the input the person is typing in stays the same element while its
// checks come and go; a button, which cannot hold them, is wrapped with
// them instead. A control without failing checks is returned as it is.
// A v1.0 button whose call waits for the agent's answer shows that in the
// same place, as the terminal does: not as an error.
function withChecks(e, checks, waiting, sid, id) {
  const msgs = Array.isArray(checks) ? checks.map(str).filter((m) => m) : [];
  if (!msgs.length && !waiting) return e;
  const listId = domId(sid, id, 'checks');
  // Spans, not a list: a check box's label holds them, and a label holds
  // only phrasing content (a click on them toggles nothing, see intents).
  const list = h('span', 'a2-checks', { id: listId, role: 'list' });
  for (const m of msgs) list.appendChild(h('span', 'a2-check', { role: 'listitem' }, [h('span', null, { 'aria-hidden': 'true' }, '✗ '), m]));
  if (waiting) list.appendChild(h('span', 'a2-waiting', { role: 'listitem' }, [h('span', null, { 'aria-hidden': 'true' }, '⋯ '), waiting]));
  const target = e.matches('[data-fkey]') ? e : e.querySelector('[data-fkey]');
  if (target) {
    target.setAttribute('aria-describedby', (str(target.getAttribute('aria-describedby')) + ' ' + listId).trim());
    if (target.tagName !== 'BUTTON' && msgs.length) target.setAttribute('aria-invalid', 'true');
  }
  if (e.tagName === 'BUTTON') return h('div', 'a2-checked', null, [e, list]);
  e.appendChild(list);
  return e;
}

// accessible gives an element what a v0.9 component tells assistive
// technologies: a label and a description; and v1.0's live region (its
// changes announced) and hidden (kept from assistive technologies, as
// the specification has it: still drawn).
function accessible(e, a) {
  if (!a || typeof a !== 'object') return;
  const target = e.matches('[data-fkey]') ? e : e.querySelector('[data-fkey]') || e;
  if (str(a.label)) target.setAttribute('aria-label', str(a.label));
  if (str(a.description)) target.setAttribute('aria-description', str(a.description));
  if (a.live === 'polite' || a.live === 'assertive') e.setAttribute('aria-live', a.live);
  if (a.hidden === true) e.setAttribute('aria-hidden', 'true');
}

function drawUnknown(n) {
  return h('div', 'a2-placeholder', null, 'Unsupported component: ' + str(n.type));
}

// blocked draws a box in place of media that is not shown: a remote
// URL (never fetched), a missing one, or data that does not decode.
export function blocked(cls, glyph, alt, host, why, small) {
  const note = host ? 'not loaded: ' + str(host) : why || 'nothing to show';
  if (small) {
    // too small for words: the glyph, with the words as its name
    return h('div', cls + ' a2-blocked', { role: 'img', 'aria-label': alt + ' (' + note + ')', title: alt + ' (' + note + ')' }, [
      h('span', 'a2-blocked-glyph', { 'aria-hidden': 'true' }, glyph),
    ]);
  }
  return h('div', cls + ' a2-blocked', { role: 'img', 'aria-label': alt + ' (' + note + ')' }, [
    h('span', 'a2-blocked-glyph', { 'aria-hidden': 'true' }, glyph),
    h('span', 'a2-blocked-alt', null, alt),
    h('span', 'a2-blocked-host', null, note),
  ]);
}

export function alignClass(a) {
  const v = str(a);
  return /^(start|center|end|stretch)$/.test(v) ? ' align-' + v : '';
}

export function flex(cls, dist, align, kids, ctx) {
  const d = str(dist);
  const e = h('div', cls + (/^(start|center|end|spaceBetween|spaceAround|spaceEvenly|stretch)$/.test(d) ? ' justify-' + d : '') + alignClass(align));
  if (!str(align)) e.classList.add('align-default');
  for (const c of kids) e.appendChild(node(c, ctx));
  return e;
}
