// Image: the A2UI Image component. Pictures are sized by their usage hint
// against the text, as the terminal sizes them (components/image.go): an
// icon one line, an avatar two and round, a smallFeature up to 4 lines, a
// mediumFeature (or no hint) 8, a largeFeature 12, a header the width. A
// picture that is not shown takes one line: a mark, its alt text, and why.
// A remote picture is shown only from the bytes a2term fetched, which the
// snapshot carries as a data: URL.

import { h, str } from '../core/dom.js';
import { renderElement } from '../core/render.js';
import { app, key } from '../core/state.js';

export function Image(n, p, kids, ctx) {
  const url = str(p.url);
  const alt = str(p.altText);
  const hint = /^(icon|avatar|smallFeature|mediumFeature|largeFeature|header)$/.test(str(p.usageHint)) ? str(p.usageHint) : 'default';
  // Without a fit, avatars and headers cover their box and other pictures
  // are shown whole, as in the terminal.
  const fit = /^(contain|cover|fill|none|scale-down)$/.test(str(p.fit)) ? str(p.fit) : hint === 'avatar' || hint === 'header' ? 'cover' : 'contain';
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
  if (url.startsWith('data:')) return notShown(hint, alt, 'picture could not be read');
  // A remote picture a2term fetches arrives as a data: URL, or with why
  // it has not (yet): the page itself loads nothing from elsewhere.
  if (str(p.why)) return notShown(hint, alt, str(p.why));
  if (str(p.blocked) && p.fetchable === true) return notShown(hint, alt, 'not fetched: --fetch-images ' + str(p.blocked));
  if (str(p.blocked)) return notShown(hint, alt, 'image from ' + str(p.blocked) + ' — not loaded');
  return notShown(hint, alt, 'no picture given');
}

// notShown is the one line the terminal draws for a picture it does not
// show: "▣ alt (why)", or "▣ why" without alt text.
function notShown(hint, alt, why) {
  const label = alt ? alt + ' (' + why + ')' : why;
  const words = alt ? [h('span', 'a2-image-alt', null, alt), ' ', h('span', 'a2-image-why', null, '(' + why + ')')] : [h('span', 'a2-image-why', null, why)];
  return h('div', 'a2-image-missing hint-' + hint, { role: 'img', 'aria-label': label, title: label }, [
    h('span', 'a2-image-mark', { 'aria-hidden': 'true' }, '▣'),
    ' ',
    ...words,
  ]);
}
