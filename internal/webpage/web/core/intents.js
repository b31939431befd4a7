// Intents: what the person presses, types and chooses goes to the server
// as "press node N of surface S at version V" or "set node N to V"; the
// page never builds an action itself.

import { fromPicker } from '../components/date_time_input.js';
import { formatNumber } from '../components/slider.js';
import { post } from './connection.js';
import { $, num, str } from './dom.js';
import { hideNotice, notice, openNotice, refusalText } from './notice.js';
import { render, shownSurfaces } from './render.js';
import { ACK_GRACE, app, current, INPUT_DELAY, key } from './state.js';

function surfaceOf(el) {
  const s = el.closest('.surface');
  return s ? { sid: s.getAttribute('data-surface'), version: Number(s.getAttribute('data-version')) || 0 } : null;
}

function setPending(sid, id, value) {
  const k = key(sid, id);
  const p = app.pending.get(k) || { value, dirty: false, inflight: 0, ackedAt: 0 };
  p.value = value;
  p.dirty = true;
  app.pending.set(k, p);
  return k;
}

// sendValue posts the pending value of an input now.
function sendValue(sid, id) {
  const k = key(sid, id);
  clearTimeout(app.timers.get(k));
  app.timers.delete(k);
  const p = app.pending.get(k);
  if (!p || !p.dirty) return;
  p.dirty = false;
  p.inflight++;
  post('/api/input', { surfaceId: sid, nodeId: id, value: p.value }).then((r) => {
    p.inflight--;
    p.ackedAt = Date.now();
    if (!r.ok) {
      notice(refusalText(r), 'warn');
      if (app.pending.get(k) === p && !p.dirty && !p.inflight) app.pending.delete(k);
      render();
      return;
    }
    clearTimeout(app.graceTimer);
    app.graceTimer = setTimeout(render, ACK_GRACE + 20);
  });
}

function sendLater(sid, id) {
  const k = key(sid, id);
  clearTimeout(app.timers.get(k));
  app.timers.set(k, setTimeout(() => sendValue(sid, id), INPUT_DELAY));
}

export function flushAll() {
  for (const k of Array.from(app.timers.keys())) {
    const [sid, id] = k.split('\u0001');
    sendValue(sid, id);
  }
}

// press sends a press of button btn as the surface was drawn: the hub
// refuses it if the button changed since (stale). One press of a button
// at a time.
function press(btn) {
  const s = surfaceOf(btn);
  if (!s) return;
  const id = btn.getAttribute('data-node');
  const k = key(s.sid, id);
  if (app.pressing.has(k)) return;
  flushAll(); // what the person typed goes out before the press
  app.pressing.add(k);
  btn.setAttribute('aria-busy', 'true');
  post('/api/press', { surfaceId: s.sid, nodeId: id, version: s.version }).then((r) => {
    app.pressing.delete(k);
    if (r.ok && btn.hasAttribute('data-opens')) {
      // A link: a2term opens nothing; the person is shown the address.
      openNotice(btn.getAttribute('data-url'));
    }
    if (r.ok) {
      app.sent.add(k);
      setTimeout(() => {
        app.sent.delete(k);
        render();
      }, 900);
      if ($('notice').classList.contains('stale')) hideNotice();
    } else {
      notice(refusalText(r), r.info && r.info.code === 'stale' ? 'warn stale' : 'warn');
    }
    render();
  });
}

function choiceNode(sid, id) {
  const sf = shownSurfaces(app.snap).find((x) => x.surfaceId === sid);
  let found = null;
  const walk = (n, d) => {
    if (found || !n || typeof n !== 'object' || d > 64) return;
    if (str(n.id) === id) {
      found = n;
      return;
    }
    if (Array.isArray(n.children)) n.children.forEach((c) => walk(c, d + 1));
  };
  if (sf) walk(sf.tree, 0);
  return found;
}

// toggleChoice changes a MultipleChoice's selection and sends it.
function toggleChoice(el, value, on) {
  const s = surfaceOf(el);
  if (!s) return;
  const id = el.getAttribute('data-node');
  const n = choiceNode(s.sid, id);
  if (!n) return;
  const p = n.props || {};
  const options = (Array.isArray(p.options) ? p.options : []).map((o) => str(o && o.value));
  const max = Math.max(0, Math.floor(num(p.maxAllowedSelections, 0)));
  const serverSel = Array.isArray(p.selections) ? p.selections.map(str) : [];
  const cur = current(s.sid, id, serverSel);
  const sel = new Set(Array.isArray(cur) ? cur.map(str) : []);
  const k = key(s.sid, id);
  app.capped.delete(k);
  if (on) {
    if (max === 1) sel.clear();
    if (max > 1 && sel.size >= max && !sel.has(value)) {
      app.capped.set(k, true);
      render();
      return;
    }
    sel.add(value);
  } else {
    sel.delete(value);
  }
  const list = options.filter((v, i) => sel.has(v) && options.indexOf(v) === i);
  setPending(s.sid, id, list);
  sendValue(s.sid, id);
  render();
}

function selectTab(list, i, focus) {
  const tabs = Array.from(list.querySelectorAll(':scope > [role="tab"]'));
  if (!tabs.length) return;
  const idx = (i + tabs.length) % tabs.length;
  const t = tabs[idx];
  const s = surfaceOf(t);
  if (!s) return;
  app.tabSel.set(key(s.sid, t.getAttribute('data-node')), idx);
  render();
  if (focus) {
    const again = list.querySelectorAll(':scope > [role="tab"]')[idx];
    if (again) again.focus();
  }
}

function activateSurface(sid, focus) {
  if (!sid) return;
  app.active = sid;
  app.unseen.delete(sid);
  render();
  if (focus) {
    for (const b of document.querySelectorAll('#surface-tabs [role="tab"]')) {
      if (b.getAttribute('data-surface-tab') === sid) b.focus();
    }
  }
}

function openModal(entry) {
  const modal = entry.closest('.a2-modal');
  const dlg = modal && modal.querySelector(':scope > dialog');
  if (dlg && !dlg.open) dlg.showModal();
}

function arrowIndex(ev, tabs, cur) {
  switch (ev.key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return cur + 1;
    case 'ArrowLeft':
    case 'ArrowUp':
      return cur - 1;
    case 'Home':
      return 0;
    case 'End':
      return tabs.length - 1;
  }
  return null;
}

// newLink asks for a one-time link for another browser and shows it to
// the person, who opens it there.
function newLink() {
  post('/api/pair', {}).then((r) => {
    const link = r.ok && r.info && typeof r.info.link === 'string' ? r.info.link : '';
    if (!link) {
      notice(refusalText(r), 'warn');
      return;
    }
    notice('Open this link in the other browser; it works once: ' + link, 'link');
  });
}

// say sends what the person wrote on the line to the agent (Enter, or
// its Send button), after what they typed in the surface: the line
// empties once the hub took it, and keeps it, saying why, when it did not
// (too many messages wait, the agent went away). The line is no form:
// nothing on the page submits one.
function say() {
  const input = $('say-text');
  const text = input.value.trim();
  if (!text || app.saying) return;
  app.saying = true;
  $('say-send').disabled = true;
  flushAll();
  post('/api/say', { text }).then((r) => {
    app.saying = false;
    $('say-send').disabled = false;
    if (!r.ok) {
      notice(refusalText(r), 'warn');
      return;
    }
    if (input.value.trim() === text) input.value = '';
  });
}

// cancelTask asks the agent to cancel the task under way.
function cancelTask() {
  post('/api/cancel', {}).then((r) => {
    if (r.ok) notice('The agent was asked to cancel its task.', 'info');
    else notice(refusalText(r), 'warn');
  });
}

export function wire() {
  const surfaces = $('surfaces');

  surfaces.addEventListener('click', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element)) return;
    if (t.nodeName === 'DIALOG' && t.open) {
      // a click on the backdrop (outside the dialog's box)
      const r = t.getBoundingClientRect();
      if (ev.clientX < r.left || ev.clientX > r.right || ev.clientY < r.top || ev.clientY > r.bottom) t.close();
      return;
    }
    if (t.closest('.a2-checks')) {
      // A check's message inside a check box's label toggles nothing.
      ev.preventDefault();
      return;
    }
    const closer = t.closest('[data-dialog-close]');
    if (closer) {
      const d = closer.closest('dialog');
      if (d) d.close();
      return;
    }
    const btn = t.closest('[data-press]');
    if (btn && !btn.disabled) press(btn);
    const tab = t.closest('.a2-tab');
    if (tab) selectTab(tab.parentElement, Number(tab.getAttribute('data-tab-index')), true);
    const chip = t.closest('[data-chip]');
    if (chip) toggleChoice(chip, chip.getAttribute('data-chip'), chip.getAttribute('aria-pressed') !== 'true');
    // A Modal's entry opens its dialog: a button in it is pressed too
    // (as in the terminal), an entry with no control is clickable.
    const entry = t.closest('[data-modal-entry]');
    if (entry && (entry.classList.contains('clickable') || (btn && entry.contains(btn))) && !t.closest('input, textarea, select')) {
      openModal(entry);
    }
  });

  surfaces.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element)) return;
    if (t.classList.contains('a2-tab')) {
      const tabs = Array.from(t.parentElement.querySelectorAll(':scope > [role="tab"]'));
      const i = arrowIndex(ev, tabs, tabs.indexOf(t));
      if (i !== null) {
        ev.preventDefault();
        selectTab(t.parentElement, i, true);
      }
      return;
    }
    if (t.matches('[data-modal-entry].clickable') && (ev.key === 'Enter' || ev.key === ' ')) {
      ev.preventDefault();
      openModal(t);
    }
  });

  surfaces.addEventListener('input', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element)) return;
    const s = surfaceOf(t);
    if (!s) return;
    if (t.hasAttribute('data-filter')) {
      app.filters.set(key(s.sid, t.getAttribute('data-filter')), t.value);
      render();
      return;
    }
    const id = t.getAttribute('data-node');
    switch (t.getAttribute('data-input')) {
      case 'text':
        setPending(s.sid, id, t.value);
        sendLater(s.sid, id);
        break;
      case 'slider': {
        const v = Number(t.value);
        if (!isFinite(v)) return;
        setPending(s.sid, id, v);
        const out = t.parentElement.querySelector('[data-slider-out]');
        const step = Number(t.getAttribute('step'));
        if (out) out.textContent = formatNumber(v, isFinite(step) ? step : 0);
        sendLater(s.sid, id);
        break;
      }
    }
  });

  surfaces.addEventListener('change', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element)) return;
    const s = surfaceOf(t);
    if (!s) return;
    const id = t.getAttribute('data-node');
    switch (t.getAttribute('data-input')) {
      case 'checkbox':
        setPending(s.sid, id, t.checked);
        sendValue(s.sid, id);
        break;
      case 'text':
      case 'slider':
        sendValue(s.sid, id); // leaving the field sends at once
        break;
      case 'datetime': {
        const v = fromPicker(t.value, t.type, t.getAttribute('data-was'));
        setPending(s.sid, id, v);
        sendValue(s.sid, id);
        break;
      }
      case 'choice':
        toggleChoice(t, t.value, t.checked);
        break;
    }
  });

  const bar = $('surface-tabs');
  bar.addEventListener('click', (ev) => {
    const b = ev.target instanceof Element ? ev.target.closest('[data-surface-tab]') : null;
    if (b) activateSurface(b.getAttribute('data-surface-tab'), false);
  });
  bar.addEventListener('keydown', (ev) => {
    const b = ev.target instanceof Element ? ev.target.closest('[data-surface-tab]') : null;
    if (!b) return;
    const tabs = Array.from(bar.querySelectorAll('[data-surface-tab]'));
    let i = arrowIndex(ev, tabs, tabs.indexOf(b));
    if (i === null) return;
    ev.preventDefault();
    i = (i + tabs.length) % tabs.length;
    activateSurface(tabs[i].getAttribute('data-surface-tab'), true);
  });

  $('notice-close').addEventListener('click', hideNotice);
  $('pair-new').addEventListener('click', newLink);
  $('say-send').addEventListener('click', say);
  $('say-text').addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter' || ev.isComposing) return;
    ev.preventDefault();
    say();
  });
  $('say-cancel').addEventListener('click', cancelTask);
  window.addEventListener('pagehide', flushAll);
}
