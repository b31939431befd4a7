// Slider: the A2UI Slider component.

import { h, num, str } from '../core/dom.js';
import { current, domId } from '../core/state.js';

export function Slider(n, p, kids, ctx) {
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
}

export function formatNumber(v, step) {
  if (!isFinite(v)) return '';
  let dec = 0;
  if (step > 0 && step < 1) dec = Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
  else if (!(step > 0) && !Number.isInteger(v)) dec = 2;
  return v.toFixed(dec);
}
