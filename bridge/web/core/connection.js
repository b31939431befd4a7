// The connection: the token, the event stream (GET /events) and the
// POSTs, which go out one at a time, in order, with the token in a header.

import { $ } from './dom.js';
import { notice } from './notice.js';
import { onSnapshot } from './render.js';
import { app } from './state.js';

const TOKEN_KEY = 'a2term.token';

export function takeToken() {
  const params = new URLSearchParams(location.search);
  let t = params.get('t') || '';
  try {
    if (t) sessionStorage.setItem(TOKEN_KEY, t);
    else t = sessionStorage.getItem(TOKEN_KEY) || '';
  } catch (_) {
    // storage refused (private mode): keep the token in memory only
  }
  if (params.has('t')) {
    params.delete('t');
    const q = params.toString();
    history.replaceState(null, '', location.pathname + (q ? '?' + q : '') + location.hash);
  }
  return t;
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
      headers: { 'Content-Type': 'application/json', 'X-A2term-Token': app.token },
      body: JSON.stringify(body),
      cache: 'no-store',
      credentials: 'same-origin',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
    });
  } catch (_) {
    return { ok: false, network: true };
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
  if (!app.token) {
    setConn('closed', 'no token');
    notice('This page needs the link a2term printed, with its token. Open that link again.', 'error');
    return;
  }
  const es = new EventSource('/events?t=' + encodeURIComponent(app.token));
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
