// The page's state: what the last snapshot said, and what the person did
// that the server has not confirmed yet.

export const INPUT_DELAY = 180; // ms: how long typing waits before it is sent
export const ACK_GRACE = 800; // ms: a sent value wins over snapshots this long

export const app = {
  csrf: '', // the session's CSRF value, sent with every POST
  snap: null, // the last snapshot
  active: '', // id of the surface shown
  versions: new Map(), // surfaceId -> last version drawn
  unseen: new Set(), // surfaces that changed while not shown
  pending: new Map(), // key(sid,node) -> {value, dirty, inflight, ackedAt}
  timers: new Map(), // key -> debounce timer of a typed value
  tabSel: new Map(), // key -> selected index of a Tabs node
  filters: new Map(), // key -> filter text of a MultipleChoice
  capped: new Map(), // key -> true when the person hit the selection cap
  broken: new Set(), // pictures that did not decode
  pressing: new Set(), // buttons whose press is on its way
  saying: false, // a message to the agent is on its way
  sent: new Set(), // buttons pressed a moment ago (drawn with a flash)
  ids: new Map(), // key -> stable DOM id
  nextId: 1,
  tkeys: [], // the transcript entries drawn
  drawn: 0, // nodes drawn so far (the page's own count, for tests)
  chain: Promise.resolve(), // POSTs go out one after another
  es: null,
  retry: 0,
  graceTimer: 0,
};

export const key = (sid, node, extra) => sid + '\u0001' + node + (extra === undefined ? '' : '\u0001' + extra);

export function domId(sid, node, what) {
  const k = key(sid, node, what);
  let id = app.ids.get(k);
  if (!id) {
    id = 'a2-' + (app.nextId++).toString(36);
    app.ids.set(k, id);
  }
  return id;
}

// The value to draw for an input: the person's unsent or just-sent
// value while it is newer than the snapshot, else the snapshot's.
export function current(sid, id, server) {
  const k = key(sid, id);
  const p = app.pending.get(k);
  if (!p) return server;
  if (!p.dirty && !p.inflight && same(p.value, server)) {
    app.pending.delete(k);
    return server;
  }
  if (p.dirty || p.inflight || Date.now() - p.ackedAt < ACK_GRACE) return p.value;
  app.pending.delete(k);
  return server;
}

export function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
