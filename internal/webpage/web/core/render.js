// Rendering a snapshot: the surface tabs, each shown surface (drawn fresh
// and morphed into the live DOM, so that focus, caret, scroll, open dialogs
// and native pickers survive), the transcript and the status line.

import { $, h, num, str } from './dom.js';
import { node } from './draw.js';
import { morph, morphChildren, rememberFocus, restoreFocus } from './morph.js';
import { app } from './state.js';
import { renderTranscript } from './transcript.js';

export function shownSurfaces(s) {
  const list = s && Array.isArray(s.surfaces) ? s.surfaces : [];
  return list.filter((x) => x && typeof x === 'object' && x.shown && typeof x.surfaceId === 'string');
}

export function onSnapshot(s) {
  const first = app.snap === null;
  app.snap = s;
  // which canvas version the page shows (for tests and the curious)
  document.documentElement.setAttribute('data-snapshot', String(num(s.version, 0)));
  const shown = shownSurfaces(s);
  const ids = new Set(shown.map((x) => x.surfaceId));
  if (!ids.has(app.active)) app.active = shown.length ? shown[0].surfaceId : '';
  for (const sf of shown) {
    const v = num(sf.version, 0);
    const before = app.versions.get(sf.surfaceId);
    if (!first && sf.surfaceId !== app.active && (before === undefined || v > before)) app.unseen.add(sf.surfaceId);
    app.versions.set(sf.surfaceId, v);
  }
  for (const sid of Array.from(app.versions.keys())) {
    if (!ids.has(sid)) {
      app.versions.delete(sid);
      app.unseen.delete(sid);
    }
  }
  app.unseen.delete(app.active);
  render();
  takeAsks(s.status, first);
}

// MAX_ENTRIES bounds the transcript the page keeps, as the server's
// snapshot does.
const MAX_ENTRIES = 200;

// onDelta applies what changed since the last event: changed surfaces
// (whole, or patches of subtrees), new transcript entries, the status. A
// change of which surfaces there are (or their order, styles, or whether
// they are shown) redraws the surfaces; anything else redraws only what
// changed: a patched subtree, a surface sent whole, the new entries.
export function onDelta(d) {
  const s = app.snap;
  let asks = null;
  if (!s) return;
  s.version = num(d.version, s.version);
  document.documentElement.setAttribute('data-snapshot', String(s.version));
  let structural = false;
  const whole = [];
  const patched = [];
  for (const sd of Array.isArray(d.surfaces) ? d.surfaces : []) {
    if (!sd || typeof sd !== 'object' || typeof sd.surfaceId !== 'string') continue;
    const i = s.surfaces.findIndex((x) => x.surfaceId === sd.surfaceId);
    const old = i >= 0 ? s.surfaces[i] : null;
    if (old && Array.isArray(sd.patches) && sd.patches.length && old.tree) {
      for (const p of sd.patches) {
        if (p && Array.isArray(p.path) && applyPatch(old, p)) patched.push([sd.surfaceId, p.path]);
        else structural = true;
      }
      old.version = sd.version;
    } else {
      const next = { surfaceId: sd.surfaceId, version: sd.version, shown: !!sd.shown, styles: sd.styles, agent: sd.agent, tree: sd.tree };
      if (!old || old.shown !== next.shown || JSON.stringify(old.styles) !== JSON.stringify(next.styles)) structural = true;
      if (old) s.surfaces[i] = next;
      else s.surfaces.push(next);
      whole.push(sd.surfaceId);
    }
    const v = num(sd.version, 0);
    const before = app.versions.get(sd.surfaceId);
    if (sd.surfaceId !== app.active && (before === undefined || v > before)) app.unseen.add(sd.surfaceId);
    app.versions.set(sd.surfaceId, v);
  }
  if (Array.isArray(d.order)) {
    const by = new Map(s.surfaces.map((x) => [x.surfaceId, x]));
    s.surfaces = d.order.map((id) => by.get(id)).filter((x) => x);
    structural = true;
  }
  if (Array.isArray(d.transcript) && d.transcript.length) {
    s.transcript = (Array.isArray(s.transcript) ? s.transcript : []).concat(d.transcript).slice(-MAX_ENTRIES);
    renderTranscript(s.transcript);
  }
  if (d.status && typeof d.status === 'object') {
    s.status = d.status;
    renderStatus(s.status);
    asks = d.status;
  }
  if (structural) {
    onSnapshot(s);
    return;
  }
  const focus = rememberFocus();
  renderSurfaceTabs(shownSurfaces(s));
  for (const sid of whole) renderOne(sid);
  for (const [sid, path] of patched) {
    if (!whole.includes(sid)) renderPath(sid, path);
  }
  restoreFocus(focus);
  document.documentElement.setAttribute('data-drawn', String(app.drawn));
  if (asks) takeAsks(asks, false);
}

// applyPatch replaces the node at p.path of a surface's tree.
function applyPatch(sf, p) {
  if (!p.path.length || !p.node || typeof p.node !== 'object') return false;
  let n = sf.tree;
  for (const i of p.path.slice(0, -1)) {
    n = n && Array.isArray(n.children) ? n.children[i] : null;
  }
  const last = p.path[p.path.length - 1];
  if (!n || !Array.isArray(n.children) || !(last >= 0 && last < n.children.length)) return false;
  n.children[last] = p.node;
  return true;
}

function surfaceEl(sid) {
  for (const el of $('surfaces').children) {
    if (el.getAttribute('data-surface') === sid) return el;
  }
  return null;
}

// renderOne redraws one surface, if it is in sight; one out of sight is
// redrawn when it is shown (its data-version is behind).
function renderOne(sid) {
  const sf = shownSurfaces(app.snap).find((x) => x.surfaceId === sid);
  const el = surfaceEl(sid);
  if (!sf || !el || sid !== app.active) return;
  morph(el, renderSurface(sf, true));
}

// renderPath redraws the subtree at path of a surface in sight, and
// nothing else; a surface out of sight is redrawn when it is shown.
function renderPath(sid, path) {
  const sf = shownSurfaces(app.snap).find((x) => x.surfaceId === sid);
  const host = surfaceEl(sid);
  if (!sf || !host || sid !== app.active || !sf.tree) return;
  let n = sf.tree;
  let ctx = { sid, parent: '', inline: false, depth: 0, path: [] };
  for (const i of path) {
    const kids = Array.isArray(n.children) ? n.children : [];
    ctx = { sid, parent: str(n.type), inline: ctx.inline || n.type === 'Button', depth: ctx.depth + 1, path: ctx.path.concat(i), kids: null };
    n = kids[i];
    if (!n) {
      renderOne(sid);
      return;
    }
  }
  const key = path.join('.');
  let el = null;
  for (const e of host.querySelectorAll('[data-path]')) {
    if (e.getAttribute('data-path') === key) {
      el = e;
      break;
    }
  }
  if (!el) {
    renderOne(sid);
    return;
  }
  ctx.path = path.slice(0, -1);
  ctx.kids = new Map([[n, path[path.length - 1]]]);
  const fresh = node(n, ctx);
  if (fresh.nodeName === el.nodeName && fresh.getAttribute('data-type') === el.getAttribute('data-type')) morph(el, fresh);
  else el.replaceWith(fresh);
  host.setAttribute('data-version', String(num(sf.version, 0)));
}

// renderElement redraws the node an element was drawn for (a picture
// that did not decode), and nothing else.
export function renderElement(el) {
  const s = el.closest('.surface');
  const p = el.getAttribute('data-path');
  if (!s || p === null || !el.isConnected) return;
  const path = p === '' ? [] : p.split('.').map(Number);
  const sid = s.getAttribute('data-surface');
  if (!path.length) renderOne(sid);
  else renderPath(sid, path);
  document.documentElement.setAttribute('data-drawn', String(app.drawn));
}

export function render() {
  const s = app.snap;
  if (!s) return;
  const focus = rememberFocus();
  const shown = shownSurfaces(s);
  renderSurfaceTabs(shown);
  renderSurfaces(shown);
  $('empty').hidden = shown.length > 0;
  const pane = $('surface-pane');
  const tab = document.querySelector('#surface-tabs [aria-selected="true"]');
  if (tab) pane.setAttribute('aria-labelledby', tab.id);
  else pane.removeAttribute('aria-labelledby');
  renderTranscript(Array.isArray(s.transcript) ? s.transcript : []);
  renderStatus(s.status && typeof s.status === 'object' ? s.status : {});
  restoreFocus(focus);
  document.documentElement.setAttribute('data-drawn', String(app.drawn));
}

// renderSurfaces draws every shown surface, each in its own element
// (the inactive ones hidden, so that their scroll positions, open
// dialogs and inputs survive a switch). A hidden surface that has not
// changed since it was drawn is left alone.
function renderSurfaces(shown) {
  const host = $('surfaces');
  const live = new Map();
  for (const el of Array.from(host.children)) live.set(el.getAttribute('data-surface'), el);
  let pos = host.firstElementChild;
  for (const sf of shown) {
    const sid = sf.surfaceId;
    const active = sid === app.active;
    const version = String(num(sf.version, 0));
    let el = live.get(sid);
    live.delete(sid);
    if (el && !active && el.hidden && el.getAttribute('data-version') === version) {
      // unchanged and out of sight
    } else if (el) {
      morph(el, renderSurface(sf, active));
    } else {
      el = renderSurface(sf, active);
    }
    if (el !== pos) host.insertBefore(el, pos);
    else pos = pos.nextElementSibling;
  }
  for (const el of live.values()) el.remove();
}

function renderSurfaceTabs(shown) {
  const bar = $('surface-tabs');
  const next = h('div', 'surface-tabs');
  shown.forEach((sf, i) => {
    const sid = sf.surfaceId;
    const on = sid === app.active;
    const changed = app.unseen.has(sid);
    const b = h('button', 'surface-tab' + (changed ? ' changed' : ''), {
      type: 'button',
      role: 'tab',
      id: 'stab-' + i,
      'data-key': sid,
      'data-surface-tab': sid,
      'aria-selected': on ? 'true' : 'false',
      'aria-controls': 'surface-pane',
      tabindex: on ? '0' : '-1',
      title: agentOf(sf) ? sid + ' (agent: ' + agentOf(sf) + ')' : sid,
    }, [h('span', 'surface-tab-name', null, sid || '(unnamed)')]);
    if (changed) b.appendChild(h('span', 'surface-tab-mark', { 'aria-label': 'changed' }, '●'));
    const acc = accentOf(sf.styles && sf.styles.primaryColor);
    if (acc) b.style.setProperty('--accent', acc.accent);
    next.appendChild(b);
  });
  morphChildren(bar, next);
}

// agentOf is the name the agent gave itself for a surface (a v0.9
// theme's agentDisplayName), "" when it gave none.
function agentOf(sf) {
  return typeof sf.agent === 'string' ? sf.agent.trim() : '';
}

function accentOf(color) {
  const c = str(color).trim();
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c)) return null;
  let hex = c.slice(1);
  if (hex.length === 3) hex = hex.replace(/./g, (x) => x + x);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
  const lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  // the foreground with the better contrast on this accent
  const fg = (1.05) / (lum + 0.05) >= (lum + 0.05) / 0.05 ? '#ffffff' : '#111111';
  return { accent: '#' + hex, fg };
}

function renderSurface(sf, active) {
  const sid = sf.surfaceId;
  const e = h('div', 'surface', {
    'data-key': sid,
    'data-surface': sid,
    'data-version': String(num(sf.version, 0)),
    hidden: !active,
  });
  const styles = sf.styles && typeof sf.styles === 'object' ? sf.styles : {};
  const acc = accentOf(styles.primaryColor);
  if (acc) {
    e.style.setProperty('--accent', acc.accent);
    e.style.setProperty('--accent-fg', acc.fg);
  }
  const font = str(styles.font).trim();
  if (/^[A-Za-z0-9 \-]{1,64}$/.test(font)) e.style.setProperty('--surface-font', '"' + font + '"');
  // The agent's name for itself, as the specification has renderers show
  // it beside the surface: attributed to the agent, in words, since any
  // agent can give any name.
  const agent = agentOf(sf);
  if (agent) e.appendChild(h('p', 'surface-agent', null, 'agent: ' + agent));
  const sheet = h('div', 'sheet');
  if (sf.tree && typeof sf.tree === 'object') {
    sheet.appendChild(node(sf.tree, { sid, parent: '', inline: false, depth: 0, path: [] }));
  } else {
    sheet.appendChild(h('p', 'a2-placeholder', null, 'This surface has nothing to draw yet.'));
  }
  e.appendChild(sheet);
  return e;
}

function renderStatus(st) {
  const v = Math.max(0, Math.floor(num(st.viewers, 0)));
  const q = Math.max(0, Math.floor(num(st.queued, 0)));
  $('status-viewers').textContent = v + (v === 1 ? ' viewer' : ' viewers');
  const qe = $('status-queued');
  qe.textContent = q + ' queued';
  qe.className = q > 0 ? 'queued' : '';
  qe.title = q > 0 ? 'actions waiting for the agent to read them' : '';
  // Where remote pictures come from: a2term fetched them from these hosts
  // (--fetch-images); the page itself loads nothing from elsewhere.
  const pe = $('status-pictures');
  const hosts = str(st.pictures);
  pe.textContent = hosts ? 'pictures from ' + hosts : '';
  pe.hidden = !hosts;
  // The agent's task, in the words of the terminal's status line (an A2A
  // agent's task state: working, input-required, completed…).
  const te = $('status-task');
  const task = str(st.task);
  te.textContent = task ? 'task: ' + task : '';
  te.hidden = !task;
  // The line to the agent, only where the transport carries the person's
  // words (a2term connect), and its cancel only while a task runs.
  $('say').hidden = st.talk !== true;
  $('say-cancel').hidden = !(st.talk === true && st.cancel === true);
}

// NOTICE_FOR is how long a notice of the agent's stays on the status line
// (the terminal's tui.AgentNoticeFor), unless the next one takes its place.
const NOTICE_FOR = 8000;

// asked numbers the agent's asks the page acted on (status.notice, focus,
// reveal); noticeTimer takes its notice away.
const asked = { notice: 0, focus: 0, reveal: 0 };
let noticeTimer = 0;

function askOf(a) {
  if (!a || typeof a !== 'object') return null;
  return { seq: num(a.seq, 0), sid: str(a.surfaceId), node: str(a.nodeId), text: str(a.text) };
}

// takeAsks does what the agent asked of the views, each ask once, in the
// order it asked them: show the surface and focus the control, or scroll
// the component into view; a notice goes on the status line. The asks in
// the snapshot the page loads with (first) are old: they are only noted.
function takeAsks(st, first) {
  if (!st || typeof st !== 'object') return;
  const todo = [];
  for (const kind of ['notice', 'focus', 'reveal']) {
    const a = askOf(st[kind]);
    if (!a || a.seq <= asked[kind]) continue;
    asked[kind] = a.seq;
    if (!first) todo.push([kind, a]);
  }
  todo.sort((x, y) => x[1].seq - y[1].seq);
  for (const [kind, a] of todo) {
    if (kind === 'notice') showNotice(a.text);
    else revealNode(a.sid, a.node, kind === 'focus');
  }
}

function showNotice(text) {
  const e = $('status-notice');
  e.textContent = text;
  e.hidden = !text;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    e.hidden = true;
    e.textContent = '';
  }, NOTICE_FOR);
}

// revealNode shows surface sid and scrolls node into view, focusing it
// (its own control, else the first control in it) when focus is asked.
function revealNode(sid, id, focus) {
  if (!shownSurfaces(app.snap).some((x) => x.surfaceId === sid)) return;
  if (app.active !== sid) {
    app.active = sid;
    app.unseen.delete(sid);
    render();
  }
  const el = surfaceEl(sid);
  const box = el && el.querySelector('[data-key="' + CSS.escape(id) + '"]');
  if (!box) return;
  box.scrollIntoView({ block: 'nearest' });
  if (!focus) return;
  const sel = 'input, button, select, textarea, [tabindex]';
  const ctl = box.matches(sel) ? box : box.querySelector(sel);
  if (ctl) ctl.focus();
}
