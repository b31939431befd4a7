// TextField: the A2UI TextField component.

import { h, str } from '../core/dom.js';
import { current, domId } from '../core/state.js';

export function TextField(n, p, kids, ctx) {
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
  // v1.0: shown while the field is empty.
  if (str(p.placeholder)) input.setAttribute('placeholder', str(p.placeholder));
  const f = h('div', 'a2-field' + (p.invalid ? ' invalid' : ''), null, [
    h('label', 'a2-label', { for: inputId }, str(p.label)),
    input,
  ]);
  if (p.invalid) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', errId);
    // The canvas's words, the terminal's too; the pattern itself only in
    // the help line, shown while the field has the focus.
    const why = str(p.problem) || 'This is not in the expected format.';
    f.appendChild(h('p', 'a2-field-error', { id: errId }, [h('span', null, { 'aria-hidden': 'true' }, '✗ '), why]));
    if (str(p.validationRegexp) && why === 'This is not in the expected format.') {
      f.appendChild(h('p', 'a2-field-help', null, 'expected format: ' + str(p.validationRegexp)));
    }
  }
  return f;
}
