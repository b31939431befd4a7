// a2term web mirror.
//
// The page draws the hub's render tree and sends back intents; it never
// decides protocol semantics. Everything the agent wrote is untrusted: the
// DOM is built with createElement and textContent only (never innerHTML),
// pictures and media are shown only from data: URLs, and links in Markdown
// are drawn as text. The server's Content-Security-Policy allows this
// script, app.css and data: media, and nothing else.
//
// Flow: GET /events (SSE) sends a full snapshot on connect and after every
// change; each snapshot is drawn by building a fresh DOM for each surface
// and morphing it into the live one, so that focus, caret, scroll, open
// dialogs and native pickers survive. Presses and input values are POSTed
// one at a time, in order, with the token in a header.
'use strict';

(() => {
  const TOKEN_KEY = 'a2term.token';
  const INPUT_DELAY = 180; // ms: how long typing waits before it is sent
  const ACK_GRACE = 800; // ms: a sent value wins over snapshots this long

  // ---------------------------------------------------------------- state

  const app = {
    token: '',
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
    sent: new Set(), // buttons pressed a moment ago (drawn with a flash)
    ids: new Map(), // key -> stable DOM id
    nextId: 1,
    tkeys: [], // the transcript entries drawn
    chain: Promise.resolve(), // POSTs go out one after another
    es: null,
    retry: 0,
    graceTimer: 0,
  };

  const $ = (id) => document.getElementById(id);
  const key = (sid, node, extra) => sid + '\u0001' + node + (extra === undefined ? '' : '\u0001' + extra);

  function domId(sid, node, what) {
    const k = key(sid, node, what);
    let id = app.ids.get(k);
    if (!id) {
      id = 'a2-' + (app.nextId++).toString(36);
      app.ids.set(k, id);
    }
    return id;
  }

  // h creates an element; attrs are set as attributes (never "style",
  // never event handlers), kids are nodes or strings (as text).
  function h(tag, cls, attrs, kids) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        e.setAttribute(k, v === true ? '' : String(v));
      }
    }
    if (kids) append(e, kids);
    return e;
  }

  function append(e, kids) {
    for (const k of [].concat(kids)) {
      if (k === null || k === undefined || k === false) continue;
      e.appendChild(typeof k === 'string' ? document.createTextNode(k) : k);
    }
    return e;
  }

  const str = (v) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
  const num = (v, d) => (typeof v === 'number' && isFinite(v) ? v : d);

  // ---------------------------------------------------------------- token

  function takeToken() {
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

  // ---------------------------------------------------------------- notices

  let noticeTimer = 0;

  function notice(text, kind) {
    const box = $('notice');
    $('notice-text').textContent = text;
    box.className = 'notice ' + (kind || 'warn');
    box.hidden = false;
    clearTimeout(noticeTimer);
    if (kind === 'info') noticeTimer = setTimeout(hideNotice, 4000);
  }

  function hideNotice() {
    $('notice').hidden = true;
  }

  function refusalText(r) {
    if (r.network) return 'a2term cannot be reached; is it still running?';
    const code = r.info && typeof r.info.code === 'string' ? r.info.code : '';
    const msg = r.info && typeof r.info.message === 'string' ? r.info.message : '';
    switch (code) {
      case 'stale':
        return 'The agent changed this button; look again and press once more.';
      case 'unknown_node':
      case 'not_a_button':
        return 'That control is no longer on the surface; look again.';
      case 'not_shown':
      case 'unknown_surface':
        return 'That surface is no longer shown.';
    }
    if (r.status === 409) return msg ? 'Not sent: ' + msg : 'The agent’s canvas refused this.';
    if (r.status === 403) return 'a2term refused this page: open the link a2term shows for this run.';
    if (r.status === 413) return 'That value is too large to send.';
    return 'a2term refused the request (HTTP ' + r.status + ').';
  }

  // ---------------------------------------------------------------- network

  function post(path, body) {
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

  function connect() {
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

  // ---------------------------------------------------------------- snapshots

  function shownSurfaces(s) {
    const list = s && Array.isArray(s.surfaces) ? s.surfaces : [];
    return list.filter((x) => x && typeof x === 'object' && x.shown && typeof x.surfaceId === 'string');
  }

  function onSnapshot(s) {
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

  // ---------------------------------------------------------------- render

  function render() {
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

  // node draws one node of the render tree.
  function node(n, ctx) {
    if (!n || typeof n !== 'object' || ctx.depth > 64) return h('span', 'a2-placeholder', null, '…');
    const type = str(n.type);
    const draw = Object.prototype.hasOwnProperty.call(DRAW, type) ? DRAW[type] : drawUnknown;
    const props = n.props && typeof n.props === 'object' ? n.props : {};
    const kids = Array.isArray(n.children) ? n.children : [];
    const sub = { sid: ctx.sid, parent: type, inline: ctx.inline, depth: ctx.depth + 1 };
    const e = draw(n, props, kids, sub);
    e.setAttribute('data-key', str(n.id));
    e.setAttribute('data-type', type);
    const w = num(n.weight, 0);
    if (w > 0 && (ctx.parent === 'Row' || ctx.parent === 'Column')) {
      e.style.setProperty('flex', w + ' 1 0%');
      e.classList.add('weighted');
    }
    return e;
  }

  function drawUnknown(n) {
    return h('div', 'a2-placeholder', null, 'Unsupported component: ' + str(n.type));
  }

  // The value to draw for an input: the person's unsent or just-sent
  // value while it is newer than the snapshot, else the snapshot's.
  function current(sid, id, server) {
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

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  const ICONS = {
    accountcircle: '☻', add: '✚', arrowback: '←', arrowforward: '→', attachfile: '⊷',
    calendartoday: '▦', call: '✆', camera: '◉', check: '✓', close: '✕', delete: '⌫',
    download: '⤓', edit: '✎', event: '◈', error: '✖', favorite: '♥', favoriteoff: '♡',
    folder: '▭', help: '?', home: '⌂', info: 'ℹ', locationon: '◎', lock: '▣', lockopen: '◻',
    mail: '✉', menu: '≡', morevert: '⋮', morehoriz: '⋯', notificationsoff: '⚐',
    notifications: '⚑', payment: '$', person: '☺', phone: '☎', photo: '▨', print: '⊟',
    refresh: '↻', search: '⌕', send: '➤', settings: '⚙', share: '⇗', shoppingcart: '⊔',
    star: '★', starhalf: '✬', staroff: '☆', upload: '⤒', visibility: '⊙', visibilityoff: '⊘',
    warning: '⚠',
    pause: '‖', playarrow: '▶', stop: '■', skipnext: '⇥', skipprevious: '⇤', fastforward: '»',
    fastrewind: '«', priorityhigh: '!', musicnote: '♪', done: '✓', clear: '✕', remove: '−',
    expandmore: '▾', expandless: '▴', chevronleft: '‹', chevronright: '›', arrowupward: '↑',
    arrowdownward: '↓', schedule: '◷', accesstime: '◷', cloud: '☁', wbsunny: '☀',
    favoriteborder: '♡', starborder: '☆', staroutline: '☆', notificationsnone: '⚑',
    mailoutline: '✉', email: '✉', place: '◎', account: '☻', shoppingbag: '⊔',
    deleteoutline: '⌫', infooutline: 'ℹ', helpoutline: '?', erroroutline: '✖',
  };

  const DRAW = {
    Text(n, p, kids, ctx) {
      return drawText(str(p.text), str(p.usageHint), ctx.inline);
    },

    Image(n, p, kids, ctx) {
      const url = str(p.url);
      const alt = str(p.altText);
      const hint = /^(icon|avatar|smallFeature|mediumFeature|largeFeature|header)$/.test(str(p.usageHint)) ? str(p.usageHint) : 'default';
      const fit = /^(contain|cover|fill|none|scale-down)$/.test(str(p.fit)) ? str(p.fit) : 'fill';
      const bk = key(ctx.sid, str(n.id), url.length + url.slice(0, 64) + url.slice(-64));
      if (url.startsWith('data:') && !app.broken.has(bk)) {
        const img = h('img', 'a2-image hint-' + hint + ' fit-' + fit, { src: url, alt, decoding: 'async' });
        img.addEventListener('error', () => {
          if (app.broken.size > 256) app.broken.clear();
          app.broken.add(bk);
          render();
        });
        return img;
      }
      const small = hint === 'icon' || hint === 'avatar';
      if (url.startsWith('data:')) return blocked('a2-image hint-' + hint, '▨', alt || 'Picture', null, 'could not be shown', small);
      return blocked('a2-image hint-' + hint, '▨', alt || 'Picture', p.blocked, '', small);
    },

    Icon(n, p) {
      const name = str(p.name);
      const k = name.toLowerCase().replace(/[\s_-]+/g, '');
      const g = Object.prototype.hasOwnProperty.call(ICONS, k) ? ICONS[k] : null;
      if (g) return h('span', 'a2-icon', { role: 'img', 'aria-label': name, title: name }, g);
      return h('span', 'a2-icon a2-icon-unknown', { title: 'icon' }, name);
    },

    Video(n, p) {
      const url = str(p.url);
      if (url.startsWith('data:')) {
        return h('video', 'a2-video', { src: url, controls: true, preload: 'metadata', playsinline: true });
      }
      return blocked('a2-video-blocked', '▶', 'Video', p.blocked);
    },

    AudioPlayer(n, p) {
      const url = str(p.url);
      const desc = str(p.description);
      const f = h('figure', 'a2-audio');
      if (desc) f.appendChild(h('figcaption', 'a2-audio-desc', null, desc));
      if (url.startsWith('data:')) {
        f.appendChild(h('audio', null, { src: url, controls: true, preload: 'metadata', 'aria-label': desc || 'audio' }));
      } else {
        f.appendChild(blocked('a2-audio-blocked', '♪', 'Audio', p.blocked));
      }
      return f;
    },

    Row(n, p, kids, ctx) {
      return flex('a2-row', p.distribution, p.alignment, kids, ctx);
    },

    Column(n, p, kids, ctx) {
      return flex('a2-column', p.distribution, p.alignment, kids, ctx);
    },

    List(n, p, kids, ctx) {
      const dir = str(p.direction) === 'horizontal' ? 'horizontal' : 'vertical';
      const e = h('div', 'a2-list dir-' + dir + alignClass(p.alignment), { role: 'list' });
      if (dir === 'horizontal') e.setAttribute('tabindex', '0'); // scrollable by keyboard
      for (const c of kids) {
        e.appendChild(h('div', 'a2-list-item', { role: 'listitem', 'data-key': 'li\u0001' + str(c && c.id) }, [node(c, ctx)]));
      }
      return e;
    },

    Card(n, p, kids, ctx) {
      return h('div', 'a2-card', null, kids.map((c) => node(c, ctx)));
    },

    Divider(n, p, kids, ctx) {
      const axis = str(p.axis);
      const vertical = axis === 'vertical' || (axis === '' && ctx.parent === 'Row');
      return h('hr', 'a2-divider' + (vertical ? ' vertical' : ''), vertical ? { 'aria-orientation': 'vertical' } : null);
    },

    Tabs(n, p, kids, ctx) {
      const id = str(n.id);
      const titles = Array.isArray(p.titles) ? p.titles : [];
      const count = Math.max(titles.length, kids.length);
      const k = key(ctx.sid, id);
      let sel = app.tabSel.get(k) || 0;
      if (sel >= count) sel = 0;
      const e = h('div', 'a2-tabs');
      const list = h('div', 'a2-tablist', { role: 'tablist' });
      for (let i = 0; i < count; i++) {
        list.appendChild(h('button', 'a2-tab', {
          type: 'button',
          role: 'tab',
          id: domId(ctx.sid, id, 'tab' + i),
          'aria-selected': i === sel ? 'true' : 'false',
          'aria-controls': domId(ctx.sid, id, 'panel' + i),
          tabindex: i === sel ? '0' : '-1',
          'data-node': id,
          'data-tab-index': String(i),
          'data-fkey': id + '\u0001tab' + i,
        }, str(titles[i]) || 'Tab ' + (i + 1)));
      }
      e.appendChild(list);
      for (let i = 0; i < count; i++) {
        const panel = h('div', 'a2-tabpanel', {
          role: 'tabpanel',
          id: domId(ctx.sid, id, 'panel' + i),
          'aria-labelledby': domId(ctx.sid, id, 'tab' + i),
          'data-key': 'panel' + i,
          hidden: i !== sel,
        });
        if (kids[i]) panel.appendChild(node(kids[i], ctx));
        e.appendChild(panel);
      }
      return e;
    },

    Modal(n, p, kids, ctx) {
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
    },

    Button(n, p, kids, ctx) {
      const id = str(n.id);
      const k = key(ctx.sid, id);
      const b = h('button', 'a2-button' + (p.primary ? ' primary' : '') + (app.sent.has(k) ? ' sent' : ''), {
        type: 'button',
        'data-press': '',
        'data-node': id,
        'data-fkey': id,
        'aria-busy': app.pressing.has(k) ? 'true' : null,
      });
      const inner = { sid: ctx.sid, parent: 'Button', inline: true, depth: ctx.depth };
      for (const c of kids) b.appendChild(node(c, inner));
      if (!kids.length) b.appendChild(document.createTextNode(str(p.action) || 'Button'));
      return b;
    },

    CheckBox(n, p, kids, ctx) {
      const id = str(n.id);
      const value = current(ctx.sid, id, !!p.value) === true;
      const input = h('input', null, { type: 'checkbox', 'data-input': 'checkbox', 'data-node': id, 'data-fkey': id });
      input.checked = value;
      return h('label', 'a2-checkbox', null, [input, h('span', 'a2-checkbox-label', null, str(p.label))]);
    },

    TextField(n, p, kids, ctx) {
      const id = str(n.id);
      const kind = str(p.textFieldType);
      const inputId = domId(ctx.sid, id, 'input');
      const errId = domId(ctx.sid, id, 'error');
      const value = str(current(ctx.sid, id, str(p.text)));
      let input;
      if (kind === 'longText') {
        input = h('textarea', 'a2-input', { rows: 3 });
      } else {
        const type = { number: 'number', obscured: 'password', date: 'date' }[kind] || 'text';
        input = h('input', 'a2-input', { type });
        if (type === 'number') input.setAttribute('step', 'any');
        if (type === 'password' || type === 'text') input.setAttribute('autocomplete', 'off');
      }
      input.id = inputId;
      input.setAttribute('data-input', 'text');
      input.setAttribute('data-node', id);
      input.setAttribute('data-fkey', id);
      input.value = value;
      const f = h('div', 'a2-field' + (p.invalid ? ' invalid' : ''), null, [
        h('label', 'a2-label', { for: inputId }, str(p.label)),
        input,
      ]);
      if (p.invalid) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', errId);
        const why = kind === 'number' ? 'Enter a number.' : kind === 'date' ? 'Enter a date.' : 'This is not in the expected format.';
        f.appendChild(h('p', 'a2-field-error', { id: errId }, [h('span', null, { 'aria-hidden': 'true' }, '⚠ '), why]));
      }
      return f;
    },

    DateTimeInput(n, p, kids, ctx) {
      const id = str(n.id);
      const date = p.enableDate !== false;
      const time = p.enableTime !== false;
      const type = date && time ? 'datetime-local' : date ? 'date' : 'time';
      const inputId = domId(ctx.sid, id, 'input');
      const input = h('input', 'a2-input', { type, id: inputId, 'data-input': 'datetime', 'data-node': id, 'data-fkey': id });
      if (type !== 'date') input.setAttribute('step', '1');
      input.value = toPicker(str(current(ctx.sid, id, str(p.value))), type);
      const label = type === 'date' ? 'Date' : type === 'time' ? 'Time' : 'Date and time';
      return h('div', 'a2-field a2-datetime', null, [h('label', 'a2-label', { for: inputId }, label), input]);
    },

    MultipleChoice(n, p, kids, ctx) {
      return drawChoice(n, p, ctx);
    },

    Slider(n, p, kids, ctx) {
      const id = str(n.id);
      const min = num(p.min, 0);
      const max = num(p.max, 100);
      const step = num(p.step, 0);
      const inputId = domId(ctx.sid, id, 'input');
      const value = num(current(ctx.sid, id, num(p.value, min)), min);
      const input = h('input', 'a2-range', { type: 'range', id: inputId, min, max, step: step > 0 ? step : 'any', 'data-input': 'slider', 'data-node': id, 'data-fkey': id });
      input.value = String(value);
      const out = h('output', 'a2-slider-value', { for: inputId, 'data-slider-out': '' }, formatNumber(value, step));
      return h('div', 'a2-slider', null, [
        h('div', 'a2-slider-head', null, [h('label', 'a2-label', { for: inputId }, str(p.label) || 'Value'), out]),
        input,
        h('div', 'a2-slider-scale', { 'aria-hidden': 'true' }, [h('span', null, null, formatNumber(min, step)), h('span', null, null, formatNumber(max, step))]),
      ]);
    },

    Placeholder(n, p) {
      return h('div', 'a2-placeholder', { title: str(p.reason) }, '… missing ' + str(p.missing || n.id));
    },
  };

  // blocked draws a box in place of media that is not shown: a remote
  // URL (never fetched), a missing one, or data that does not decode.
  function blocked(cls, glyph, alt, host, why, small) {
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

  function alignClass(a) {
    const v = str(a);
    return /^(start|center|end|stretch)$/.test(v) ? ' align-' + v : '';
  }

  function flex(cls, dist, align, kids, ctx) {
    const d = str(dist);
    const e = h('div', cls + (/^(start|center|end|spaceBetween|spaceAround|spaceEvenly)$/.test(d) ? ' justify-' + d : '') + alignClass(align));
    if (!str(align)) e.classList.add('align-default');
    for (const c of kids) e.appendChild(node(c, ctx));
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

  function formatNumber(v, step) {
    if (!isFinite(v)) return '';
    let dec = 0;
    if (step > 0 && step < 1) dec = Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
    else if (!(step > 0) && !Number.isInteger(v)) dec = 2;
    return v.toFixed(dec);
  }

  // toPicker turns an ISO 8601 value into what a native picker takes.
  function toPicker(v, type) {
    const m = /^(\d{4}-\d{2}-\d{2})?(?:[T ]?(\d{2}:\d{2}(?::\d{2})?))?/.exec(v.trim());
    const d = m && m[1] ? m[1] : '';
    const t = m && m[2] ? m[2] : '';
    if (type === 'date') return d;
    if (type === 'time') return t;
    if (!d) return '';
    return d + 'T' + (t || '00:00:00');
  }

  // fromPicker turns a picker's value into ISO 8601 with seconds.
  function fromPicker(v, type) {
    if (!v) return '';
    const sec = (t) => {
      const x = t.replace(/\.\d+$/, '');
      return /^\d{2}:\d{2}$/.test(x) ? x + ':00' : x;
    };
    if (type === 'date') return v;
    if (type === 'time') return sec(v);
    const [d, t] = v.split('T');
    return d + 'T' + sec(t || '00:00');
  }

  function drawChoice(n, p, ctx) {
    const id = str(n.id);
    const k = key(ctx.sid, id);
    const options = (Array.isArray(p.options) ? p.options : []).filter((o) => o && typeof o === 'object');
    const max = Math.max(0, Math.floor(num(p.maxAllowedSelections, 0)));
    const chips = str(p.variant) === 'chips';
    const radio = !chips && max === 1;
    const serverSel = Array.isArray(p.selections) ? p.selections.map(str) : [];
    const raw = current(ctx.sid, id, serverSel);
    const sel = new Set(Array.isArray(raw) ? raw.map(str) : []);
    const filter = (app.filters.get(k) || '').trim().toLowerCase();
    const legendId = domId(ctx.sid, id, 'legend');
    const hintId = domId(ctx.sid, id, 'hint');
    const e = h('fieldset', 'a2-choice' + (chips ? ' chips' : ''), { 'aria-describedby': hintId });
    e.appendChild(h('legend', 'a2-choice-legend', { id: legendId }, radio ? 'Choose one' : max > 1 ? 'Choose up to ' + max : 'Choose any'));
    if (p.filterable) {
      const fi = h('input', 'a2-input a2-choice-filter', {
        type: 'search',
        placeholder: 'Filter options',
        'aria-label': 'Filter options',
        'data-filter': id,
        'data-fkey': id + '\u0001filter',
        autocomplete: 'off',
      });
      fi.value = app.filters.get(k) || '';
      e.appendChild(fi);
    }
    const box = h('div', 'a2-options', { role: chips ? 'group' : null, 'aria-labelledby': chips ? legendId : null });
    let visible = 0;
    const group = domId(ctx.sid, id, 'group');
    for (const o of options) {
      const label = str(o.label);
      const value = str(o.value);
      const on = sel.has(value);
      const hidden = !!filter && !label.toLowerCase().includes(filter) && !value.toLowerCase().includes(filter);
      if (!hidden) visible++;
      let opt;
      if (chips) {
        opt = h('button', 'a2-chip', {
          type: 'button',
          'aria-pressed': on ? 'true' : 'false',
          'data-chip': value,
          'data-node': id,
          'data-fkey': id + '\u0001' + value,
          'data-key': 'o\u0001' + value,
          hidden,
        }, [h('span', 'a2-chip-mark', { 'aria-hidden': 'true' }, on ? '✓' : ''), label]);
      } else {
        const input = h('input', null, {
          type: radio ? 'radio' : 'checkbox',
          name: group,
          value,
          'data-input': 'choice',
          'data-node': id,
          'data-fkey': id + '\u0001' + value,
        });
        input.checked = on;
        opt = h('label', 'a2-option', { 'data-key': 'o\u0001' + value, hidden }, [input, h('span', null, null, label)]);
      }
      box.appendChild(opt);
    }
    e.appendChild(box);
    let hint = '';
    let warn = false;
    if (app.capped.get(k)) {
      hint = 'You can choose at most ' + max + '. Clear one first.';
      warn = true;
    } else if (filter && visible === 0) {
      hint = 'No option matches “' + (app.filters.get(k) || '').trim() + '”.';
    } else if (max > 1) {
      hint = sel.size + ' of at most ' + max + ' chosen';
    }
    e.appendChild(h('p', 'a2-choice-hint' + (warn ? ' warn' : ''), { id: hintId, role: 'status' }, hint));
    return e;
  }

  // ---------------------------------------------------------------- Markdown

  // drawText draws a Text: headings and captions take inline Markdown,
  // a body takes paragraphs, lists, quotes and code blocks too.
  function drawText(text, hint, inline) {
    if (inline) {
      const e = h('span', 'a2-text a2-inline');
      inlineLines(text.split('\n'), e);
      return e;
    }
    if (/^h[1-5]$/.test(hint)) {
      const e = h(hint, 'a2-text a2-' + hint);
      inlineLines(text.split('\n').map((l) => l.replace(/^\s{0,3}#{1,6}\s+/, '')), e);
      return e;
    }
    if (hint === 'caption') {
      const e = h('small', 'a2-text a2-caption');
      inlineLines(text.split('\n'), e);
      return e;
    }
    const blocks = parseBlocks(text);
    if (blocks.length <= 1 && (!blocks.length || blocks[0].type === 'p')) {
      const e = h('p', 'a2-text a2-body');
      if (blocks.length) inlineLines(blocks[0].lines, e);
      return e;
    }
    const e = h('div', 'a2-text a2-body a2-md');
    for (const b of blocks) e.appendChild(drawBlock(b));
    return e;
  }

  function drawBlock(b) {
    switch (b.type) {
      case 'h': {
        const e = h('h' + Math.min(6, b.level + 1), 'md-h');
        inline(b.text, e);
        return e;
      }
      case 'code':
        return h('pre', 'md-pre', null, [h('code', null, null, b.text)]);
      case 'hr':
        return h('hr', 'md-hr');
      case 'quote': {
        const e = h('blockquote', 'md-quote');
        for (const x of parseBlocks(b.lines.join('\n'), b.depth + 1)) e.appendChild(drawBlock(x));
        return e;
      }
      case 'ul':
      case 'ol': {
        const e = h(b.type, 'md-list', b.type === 'ol' && b.start !== 1 ? { start: b.start } : null);
        for (const item of b.items) {
          const li = h('li');
          inlineLines(item, li);
          e.appendChild(li);
        }
        return e;
      }
      default: {
        const e = h('p', 'md-p');
        inlineLines(b.lines, e);
        return e;
      }
    }
  }

  const LIST_RE = /^\s{0,3}([-*+]|(\d{1,9})[.)])\s+(.*)$/;
  const FENCE_RE = /^\s{0,3}(`{3,}|~{3,})/;
  const HEAD_RE = /^\s{0,3}(#{1,6})\s+(.*)$/;
  const HR_RE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
  const QUOTE_RE = /^\s{0,3}>\s?(.*)$/;

  // parseBlocks splits Markdown into blocks; quotes nest at most a few
  // levels deep (deeper ones are text).
  // closingHashes drops the optional closing "##" of a heading (without a
  // regular expression that could backtrack on a long line).
  function closingHashes(t) {
    let x = t.trimEnd();
    let k = x.length;
    while (k > 0 && x[k - 1] === '#') k--;
    if (k < x.length && (k === 0 || /\s/.test(x[k - 1]))) x = x.slice(0, k).trimEnd();
    return x;
  }

  function parseBlocks(s, depth) {
    const level = depth || 0;
    const lines = s.split('\n');
    const out = [];
    let i = 0;
    const quotes = level < 4;
    const startsBlock = (l) => FENCE_RE.test(l) || HEAD_RE.test(l) || HR_RE.test(l) || (quotes && QUOTE_RE.test(l)) || LIST_RE.test(l);
    while (i < lines.length) {
      const line = lines[i];
      let m;
      if (/^\s*$/.test(line)) {
        i++;
      } else if ((m = FENCE_RE.exec(line))) {
        const fence = m[1];
        const body = [];
        i++;
        while (i < lines.length && !lines[i].trim().startsWith(fence)) body.push(lines[i++]);
        i++;
        out.push({ type: 'code', text: body.join('\n') });
      } else if ((m = HEAD_RE.exec(line))) {
        out.push({ type: 'h', level: m[1].length, text: closingHashes(m[2]) });
        i++;
      } else if (HR_RE.test(line)) {
        out.push({ type: 'hr' });
        i++;
      } else if (quotes && QUOTE_RE.test(line)) {
        const body = [];
        while (i < lines.length && (m = QUOTE_RE.exec(lines[i]))) {
          body.push(m[1]);
          i++;
        }
        out.push({ type: 'quote', lines: body, depth: level });
      } else if ((m = LIST_RE.exec(line))) {
        const ordered = m[2] !== undefined;
        const items = [];
        const start = ordered ? parseInt(m[2], 10) : 1;
        while (i < lines.length) {
          const l = lines[i];
          const lm = LIST_RE.exec(l);
          if (lm && (lm[2] !== undefined) === ordered) {
            items.push([lm[3]]);
            i++;
          } else if (lm || /^\s*$/.test(l) || startsBlock(l)) {
            break;
          } else if (/^\s+\S/.test(l) && items.length) {
            items[items.length - 1].push(l.trim());
            i++;
          } else {
            break;
          }
        }
        out.push({ type: ordered ? 'ol' : 'ul', start, items });
      } else {
        const body = [];
        while (i < lines.length && !/^\s*$/.test(lines[i]) && (body.length === 0 || !startsBlock(lines[i]))) body.push(lines[i++]);
        out.push({ type: 'p', lines: body });
      }
    }
    return out;
  }

  // inlineLines draws lines of inline Markdown separated by line breaks.
  function inlineLines(lines, e) {
    lines.forEach((l, i) => {
      if (i > 0) e.appendChild(h('br'));
      inline(l, e);
    });
  }

  const ESCAPABLE = '\\`*_{}[]()#+-.!~>|';

  // inline draws code spans, strong, emphasis, strike-through and links
  // (as text). A delimiter with no closer is text; once a search for a
  // closer fails, later ones of the same kind are not tried again, so a
  // long hostile string costs linear time per nesting level.
  function inline(s, out, depth) {
    const d = (depth || 0) + 1;
    if (d > 8) {
      out.appendChild(document.createTextNode(s));
      return;
    }
    const failed = {};
    let buf = '';
    const flush = () => {
      if (buf) out.appendChild(document.createTextNode(buf));
      buf = '';
    };
    const close = (kind, from, test) => {
      if (failed[kind] !== undefined && from >= failed[kind]) return -1;
      for (let j = from; j < s.length; j++) {
        if (test(j)) return j;
      }
      failed[kind] = from;
      return -1;
    };
    const ws = (c) => c === undefined || /\s/.test(c);
    const word = (c) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
    let i = 0;
    while (i < s.length) {
      const c = s[i];
      if (c === '\\' && i + 1 < s.length && ESCAPABLE.includes(s[i + 1])) {
        buf += s[i + 1];
        i += 2;
        continue;
      }
      if (c === '`') {
        let n = 1;
        while (s[i + n] === '`') n++;
        const fence = '`'.repeat(n);
        const j = close('code' + n, i + n, (j) => s.startsWith(fence, j) && s[j + n] !== '`' && s[j - 1] !== '`');
        if (j >= 0) {
          flush();
          out.appendChild(h('code', 'md-code', null, s.slice(i + n, j).replace(/^ (.*) $/, '$1')));
          i = j + n;
          continue;
        }
        buf += fence;
        i += n;
        continue;
      }
      const two = s.slice(i, i + 2);
      if ((two === '**' || two === '__' || two === '~~') && !ws(s[i + 2])) {
        const j = close(two, i + 3, (j) => s.startsWith(two, j) && !ws(s[j - 1]) && (two !== '__' || !word(s[j + 2])));
        if (j >= 0 && (two !== '__' || !word(s[i - 1]))) {
          flush();
          const e = h(two === '~~' ? 'del' : 'strong', two === '~~' ? 'md-del' : 'md-strong');
          inline(s.slice(i + 2, j), e, d);
          out.appendChild(e);
          i = j + 2;
          continue;
        }
      }
      if ((c === '*' || c === '_') && !ws(s[i + 1]) && s[i + 1] !== c && (c === '*' || !word(s[i - 1]))) {
        const j = close(c, i + 2, (j) => s[j] === c && s[j + 1] !== c && s[j - 1] !== c && !ws(s[j - 1]) && (c === '*' || !word(s[j + 1])));
        if (j >= 0) {
          flush();
          const e = h('em', 'md-em');
          inline(s.slice(i + 1, j), e, d);
          out.appendChild(e);
          i = j + 1;
          continue;
        }
      }
      if (c === '[') {
        const j = close(']', i + 1, (j) => s[j] === ']' && s[j + 1] === '(');
        const k = j >= 0 ? close(')', j + 2, (k) => s[k] === ')') : -1;
        if (j >= 0 && k >= 0) {
          flush();
          const label = s.slice(i + 1, j);
          const url = s.slice(j + 2, k).trim().split(/\s+/)[0] || '';
          const e = h('span', 'md-link', { title: url });
          inline(label, e, d);
          out.appendChild(e);
          if (url && url !== label) out.appendChild(h('span', 'md-url', null, ' (' + url + ')'));
          i = k + 1;
          continue;
        }
      }
      buf += c;
      i++;
    }
    flush();
  }

  // ---------------------------------------------------------------- morph

  // morph makes the live element `from` look like the freshly drawn `to`,
  // keeping `from` and every child that matches (by data-key, else by
  // position, tag and input type) so that focus, caret and state survive.
  function morph(from, to) {
    syncAttrs(from, to);
    if (from.nodeName === 'INPUT') {
      if (from.type === 'checkbox' || from.type === 'radio') {
        if (from.checked !== to.checked) from.checked = to.checked;
      } else if (from.value !== to.value) {
        from.value = to.value;
      }
    } else if (from.nodeName === 'TEXTAREA') {
      if (from.value !== to.value) from.value = to.value;
    }
    morphChildren(from, to);
  }

  function matches(a, b) {
    if (a.nodeType !== b.nodeType) return false;
    if (a.nodeType !== 1) return true;
    if (a.nodeName !== b.nodeName) return false;
    if (a.getAttribute('data-key') !== b.getAttribute('data-key')) return false;
    if (a.getAttribute('data-type') !== b.getAttribute('data-type')) return false;
    if (a.nodeName === 'INPUT' && a.type !== b.type) return false;
    return true;
  }

  function morphChildren(from, to) {
    const keyed = new Map();
    for (let c = from.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 1 && c.hasAttribute('data-key')) {
        const k = c.getAttribute('data-key');
        if (!keyed.has(k)) keyed.set(k, c);
      }
    }
    let cur = from.firstChild;
    let next = to.firstChild;
    while (next) {
      const after = next.nextSibling;
      let match = null;
      const k = next.nodeType === 1 ? next.getAttribute('data-key') : null;
      if (k !== null) {
        const cand = keyed.get(k);
        if (cand && matches(cand, next)) {
          match = cand;
          keyed.delete(k);
        }
      } else if (cur && !(cur.nodeType === 1 && cur.hasAttribute('data-key')) && matches(cur, next)) {
        match = cur;
      }
      if (match) {
        if (match === cur) cur = cur.nextSibling;
        else from.insertBefore(match, cur);
        if (match.nodeType === 1) morph(match, next);
        else if (match.nodeValue !== next.nodeValue) match.nodeValue = next.nodeValue;
      } else {
        from.insertBefore(next, cur);
      }
      next = after;
    }
    while (cur) {
      const n = cur.nextSibling;
      from.removeChild(cur);
      cur = n;
    }
  }

  function syncAttrs(from, to) {
    for (const a of Array.from(from.attributes)) {
      if (a.name === 'style' || (a.name === 'open' && from.nodeName === 'DIALOG')) continue;
      if (!to.hasAttribute(a.name)) from.removeAttribute(a.name);
    }
    for (const a of Array.from(to.attributes)) {
      if (a.name === 'style') continue;
      if (from.getAttribute(a.name) !== a.value) from.setAttribute(a.name, a.value);
    }
    // Styles through the CSSOM, which the policy allows (a style
    // attribute would be refused).
    const fs = from.style;
    const ts = to.style;
    for (let i = fs.length - 1; i >= 0; i--) {
      const p = fs[i];
      if (!ts.getPropertyValue(p)) fs.removeProperty(p);
    }
    for (let i = 0; i < ts.length; i++) {
      const p = ts[i];
      const v = ts.getPropertyValue(p);
      if (fs.getPropertyValue(p) !== v) fs.setProperty(p, v);
    }
  }

  function rememberFocus() {
    const a = document.activeElement;
    if (!a || a === document.body || !a.hasAttribute('data-fkey')) return null;
    const s = a.closest('.surface');
    const f = { el: a, sid: s ? s.getAttribute('data-surface') : null, fkey: a.getAttribute('data-fkey') };
    try {
      f.start = a.selectionStart;
      f.end = a.selectionEnd;
    } catch (_) {
      // not a text control
    }
    return f;
  }

  function restoreFocus(f) {
    if (!f || document.contains(f.el)) return;
    for (const s of document.querySelectorAll('.surface')) {
      if (s.getAttribute('data-surface') !== f.sid || s.hidden) continue;
      for (const e of s.querySelectorAll('[data-fkey]')) {
        if (e.getAttribute('data-fkey') !== f.fkey) continue;
        e.focus({ preventScroll: true });
        if (typeof f.start === 'number') {
          try {
            e.setSelectionRange(f.start, f.end);
          } catch (_) {
            // this kind of input has no caret
          }
        }
        return;
      }
    }
  }

  // ---------------------------------------------------------------- transcript and status

  function pad(n) {
    return String(n).padStart(2, '0');
  }

  function entryKey(en) {
    return str(en.time) + '\u0001' + str(en.role) + '\u0001' + str(en.text);
  }

  function drawEntry(en) {
    const role = /^(agent|tool|note|event)$/.test(str(en.role)) ? str(en.role) : 'note';
    const t = new Date(str(en.time));
    const when = isNaN(t) ? '' : pad(t.getHours()) + ':' + pad(t.getMinutes()) + ':' + pad(t.getSeconds());
    return h('li', 'entry role-' + role, null, [
      h('div', 'entry-meta', null, [
        h('span', 'entry-role', null, role === 'event' ? 'a2term' : role),
        h('time', 'entry-time', when ? { datetime: str(en.time) } : null, when),
      ]),
      h('div', 'entry-text', null, str(en.text)),
    ]);
  }

  // renderTranscript appends what is new (and drops what the server no
  // longer sends from the front), so that a screen reader announces only
  // new entries; anything else redraws the list.
  function renderTranscript(raw) {
    const entries = raw.filter((en) => en && typeof en === 'object');
    const keys = entries.map(entryKey);
    const old = app.tkeys;
    const list = $('transcript');
    const pane = list.parentElement;
    const atEnd = pane.scrollTop + pane.clientHeight >= pane.scrollHeight - 40;
    let keep = -1; // how many of the new entries are the end of the old list
    if (old.length) {
      const j = keys.lastIndexOf(old[old.length - 1]);
      if (j >= 0 && j < old.length) {
        keep = j + 1;
        for (let i = 0; i < keep; i++) {
          if (keys[i] !== old[old.length - keep + i]) {
            keep = -1;
            break;
          }
        }
      }
    }
    if (keep === keys.length && keep === old.length) return;
    if (keep < 0 || !list.querySelector('.entry')) {
      list.replaceChildren(...entries.map(drawEntry));
      if (!entries.length) list.appendChild(h('li', 'entry-empty', null, 'Nothing yet.'));
    } else {
      for (let i = old.length - keep; i > 0; i--) list.firstElementChild.remove();
      for (const en of entries.slice(keep)) list.appendChild(drawEntry(en));
    }
    app.tkeys = keys;
    if (atEnd) pane.scrollTop = pane.scrollHeight;
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

  // ---------------------------------------------------------------- intents

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

  function flushAll() {
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

  function wire() {
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
          const v = fromPicker(t.value, t.type);
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
    window.addEventListener('pagehide', flushAll);
  }

  // ---------------------------------------------------------------- start

  function start() {
    app.token = takeToken();
    wire();
    connect();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
