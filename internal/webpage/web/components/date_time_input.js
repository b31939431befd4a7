// DateTimeInput: the A2UI DateTimeInput component.

import { h, str } from '../core/dom.js';
import { current, domId } from '../core/state.js';

export function DateTimeInput(n, p, kids, ctx) {
  const id = str(n.id);
  const date = p.enableDate !== false;
  const time = p.enableTime !== false;
  const type = date && time ? 'datetime-local' : date ? 'date' : 'time';
  const inputId = domId(ctx.sid, id, 'input');
  const input = h('input', 'a2-input', { type, id: inputId, 'data-input': 'datetime', 'data-node': id, 'data-fkey': id });
  if (type !== 'date') input.setAttribute('step', '1');
  const value = str(current(ctx.sid, id, str(p.value)));
  input.value = toPicker(value, type);
  // v0.9's earliest and latest values, for the picker.
  if (str(p.min)) input.setAttribute('min', toPicker(str(p.min), type));
  if (str(p.max)) input.setAttribute('max', toPicker(str(p.max), type));
  // The agent's value as it was, so that an edit keeps its shape and its
  // offset (fromPicker).
  input.setAttribute('data-was', str(p.value));
  const label = str(p.label) || (type === 'date' ? 'Date' : type === 'time' ? 'Time' : 'Date & time');
  const parts = [h('label', 'a2-label', { for: inputId }, label), input];
  const off = offsetNote(value, type);
  if (off) parts.push(h('span', 'a2-datetime-offset', null, off));
  return h('div', 'a2-field a2-datetime', null, [parts[0], h('div', 'a2-datetime-row', null, parts.slice(1))]);
}

// zoneOf is the offset an ISO 8601 time ends with ("Z", "-05:00"), or "".
function zoneOf(v) {
  const m = /\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)$/.exec(str(v).trim());
  return m ? m[1] : '';
}

// offsetNote shows the offset a time is anchored to when it is not this
// browser's, as the terminal does: "UTC-05:00".
function offsetNote(v, type) {
  const z = zoneOf(v);
  if (!z || type === 'date') return '';
  let off = 0;
  if (z !== 'Z' && z !== 'z') {
    const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(z);
    if (!m) return '';
    off = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] || 0));
  }
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(v.trim());
  const t = /(\d{2}):(\d{2})/.exec(v.trim().replace(/^\d{4}-\d{2}-\d{2}/, ''));
  const at = d ? new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), t ? Number(t[1]) : 0, t ? Number(t[2]) : 0) : new Date(2000, 0, 1);
  if (-at.getTimezoneOffset() === off) return '';
  if (off === 0) return 'UTC';
  const a = Math.abs(off);
  return 'UTC' + (off < 0 ? '-' : '+') + String(Math.floor(a / 60)).padStart(2, '0') + ':' + String(a % 60).padStart(2, '0');
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

// fromPicker turns a picker's value into ISO 8601 in the shape of the
// agent's value (was): both halves when it had both, whichever the picker
// edits, no seconds when its time had none (and none are set), and its
// offset after a time — as the terminal writes it, so that a time the agent
// anchored stays anchored.
export function fromPicker(v, type, was) {
  if (!v) return '';
  const old = /^(\d{4}-\d{2}-\d{2})?(?:[T ]?(\d{2}:\d{2}(?::\d{2})?))?/.exec(str(was).trim());
  const noSeconds = !!(old && old[2] && old[2].length === 5);
  const sec = (t) => {
    const x = t.replace(/\.\d+$/, '');
    if (/^\d{2}:\d{2}$/.test(x)) return noSeconds ? x : x + ':00';
    return noSeconds && x.endsWith(':00') ? x.slice(0, 5) : x;
  };
  const oldDate = old && old[1] ? old[1] : '';
  const oldTime = old && old[2] ? sec(old[2]) : '';
  const zone = zoneOf(was);
  let d = '';
  let t = '';
  if (type === 'date') {
    d = v;
    t = oldTime;
  } else if (type === 'time') {
    d = oldDate;
    t = sec(v);
  } else {
    const [pd, pt] = v.split('T');
    d = pd;
    t = sec(pt || '00:00');
  }
  if (!t) return d;
  return (d ? d + 'T' : '') + t + zone;
}
