// The transcript pane: one list item per entry, only new ones appended.

import { $, h, str } from './dom.js';
import { app } from './state.js';

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
export function renderTranscript(raw) {
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
