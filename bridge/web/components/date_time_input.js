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
  input.value = toPicker(str(current(ctx.sid, id, str(p.value))), type);
  const label = type === 'date' ? 'Date' : type === 'time' ? 'Time' : 'Date and time';
  return h('div', 'a2-field a2-datetime', null, [h('label', 'a2-label', { for: inputId }, label), input]);
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
export function fromPicker(v, type) {
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
