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
      title: sid,
    }, [h('span', 'surface-tab-name', null, sid || '(unnamed)')]);
    if (changed) b.appendChild(h('span', 'surface-tab-mark', { 'aria-label': 'changed' }, '●'));
    const acc = accentOf(sf.styles && sf.styles.primaryColor);
    if (acc) b.style.setProperty('--accent', acc.accent);
    next.appendChild(b);
  });
  morphChildren(bar, next);
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
  const sheet = h('div', 'sheet');
  if (sf.tree && typeof sf.tree === 'object') {
    sheet.appendChild(node(sf.tree, { sid, parent: '', inline: false, depth: 0 }));
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
}
