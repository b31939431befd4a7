// The connection: the event stream (GET /events) and the POSTs, which go
// out one at a time, in order, with the session's CSRF value in a header.
// The session cookie goes with both; the page never reads it.

import { $ } from './dom.js';
import { notice } from './notice.js';
import { onDelta, onSnapshot } from './render.js';
import { app } from './state.js';

// takeCSRF reads the session's CSRF value from the page's shell: the
// server wrote it there for this browser's session (the session itself
// is an HttpOnly cookie the page never sees).
export function takeCSRF() {
  const m = document.querySelector('meta[name="a2term-csrf"]');
  return m ? m.getAttribute('content') || '' : '';
}

export function post(path, body) {
  const p = app.chain.then(() => send(path, body));
  app.chain = p.catch(() => {});
  return p;
}

async function send(path, body) {
  let res;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-A2term-CSRF': app.csrf },
      body: JSON.stringify(body),
      cache: 'no-store',
      credentials: 'same-origin',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
    });
  } catch (_) {
    return { ok: false, network: true };
  }
  if (res.status === 200 && (res.headers.get('Content-Type') || '').startsWith('application/json')) {
    try {
      return { ok: true, info: await res.json() };
    } catch (_) {
      return { ok: true, info: null };
    }
  }
  if (res.ok) return { ok: true };
  let info = null;
  if (res.status === 409) {
    try {
      info = await res.json();
    } catch (_) {
      info = null;
    }
  }
  return { ok: false, status: res.status, info };
}

export function connect() {
  if (!app.csrf) {
    setConn('closed', 'not paired');
    notice('This page is not paired with a2term. Open the link a2term gave you.', 'error');
    return;
  }
  const es = new EventSource('/events');
  app.es = es;
  es.addEventListener('snapshot', (ev) => {
    app.retry = 0;
    setConn('live');
    let s;
    try {
      s = JSON.parse(ev.data);
    } catch (_) {
      return;
    }
    if (s && typeof s === 'object') onSnapshot(s);
  });
  es.addEventListener('delta', (ev) => {
    let d;
    try {
      d = JSON.parse(ev.data);
    } catch (_) {
      return;
    }
    if (d && typeof d === 'object') onDelta(d);
  });
  es.addEventListener('open', () => setConn('live'));
  es.addEventListener('error', () => {
    if (es.readyState === EventSource.CLOSED) {
      // The server answered with an error (a new run, too many
      // viewers): EventSource gives up, so try again later ourselves.
      es.close();
      if (app.es !== es) return;
      app.es = null;
      const wait = Math.min(30000, 1000 * 2 ** app.retry++);
      setConn('closed', 'disconnected; retrying in ' + Math.round(wait / 1000) + ' s');
      setTimeout(connect, wait);
    } else {
      setConn('reconnecting');
    }
  });
}

function setConn(state, text) {
  const c = $('conn');
  c.className = 'conn conn-' + state;
  c.textContent = text || (state === 'live' ? 'live' : state === 'reconnecting' ? 'reconnecting…' : 'disconnected');
}
