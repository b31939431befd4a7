// Image: the A2UI Image component.

import { h, str } from '../core/dom.js';
import { blocked } from '../core/draw.js';
import { renderElement } from '../core/render.js';
import { app, key } from '../core/state.js';

export function Image(n, p, kids, ctx) {
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
      renderElement(img); // this picture only, not the surface
    });
    return img;
  }
  const small = hint === 'icon' || hint === 'avatar';
  if (url.startsWith('data:')) return blocked('a2-image hint-' + hint, '▨', alt || 'Picture', null, 'could not be shown', small);
  return blocked('a2-image hint-' + hint, '▨', alt || 'Picture', p.blocked, '', small);
}
