// The transcript pane: one list item per entry, only new ones appended.

import { $, h, str } from './dom.js';
import { app } from './state.js';

function pad(n) {
  return String(n).padStart(2, '0');
}

function entryKey(en) {
  return str(en.time) + '\u0001' + str(en.from) + '\u0001' + str(en.role) + '\u0001' + str(en.text);
}

// Who wrote an entry is drawn by the page, never taken from its text: a
// label of its own ("a2term", "agent", "program output" ...) above the
// text, and for a2term's lines a bar down the left edge. An entry of no
// known author is drawn as the agent's, the least trusted.
const SOURCES = {
  a2term: { cls: 'from-a2term', label: () => 'a2term' },
  agent: { cls: 'from-agent', label: (role) => (role === 'agent' ? 'agent' : 'agent ' + role) },
  stdout: { cls: 'from-child', label: () => 'program output' },
  stderr: { cls: 'from-child', label: () => 'program stderr' },
};

function drawEntry(en) {
  const role = /^(agent|tool|note|event)$/.test(str(en.role)) ? str(en.role) : 'note';
  const from = Object.prototype.hasOwnProperty.call(SOURCES, str(en.from)) ? str(en.from) : 'agent';
  const src = SOURCES[from];
  const t = new Date(str(en.time));
  const when = isNaN(t) ? '' : pad(t.getHours()) + ':' + pad(t.getMinutes()) + ':' + pad(t.getSeconds());
  return h('li', 'entry role-' + role + ' ' + src.cls, { 'data-from': from }, [
    h('div', 'entry-meta', null, [
      h('span', 'entry-role', null, src.label(role)),
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
  // Entries are numbered from 1: what comes before the first one here is
  // no longer kept (by the hub or by this page).
  const earlier = entries.length ? Math.max(0, Math.floor(Number(entries[0].seq) || 1) - 1) : 0;
  const mark = $('transcript-mark');
  mark.hidden = earlier === 0;
  mark.textContent = earlier === 0 ? '' : '… ' + earlier + (earlier === 1 ? ' earlier line is' : ' earlier lines are') + ' no longer kept';
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
