// Video: the A2UI Video component.

import { h, str } from '../core/dom.js';
import { blocked } from '../core/draw.js';

export function Video(n, p) {
  const url = str(p.url);
  const poster = str(p.poster);
  if (url.startsWith('data:')) {
    const attrs = { src: url, controls: true, preload: 'metadata', playsinline: true };
    if (poster.startsWith('data:')) attrs.poster = poster;
    return h('video', 'a2-video', attrs);
  }
  const box = blocked('a2-video-blocked', '▶', 'Video', p.blocked);
  // A v1.0 poster (posterUrl) over a video that is not played: its
  // picture when it is a data: URL, else a line saying where it is from.
  if (poster.startsWith('data:')) return h('div', 'a2-video-posted', null, [h('img', 'a2-video-poster', { src: poster, alt: 'poster' }), box]);
  if (str(p.posterBlocked)) return h('div', 'a2-video-posted', null, [h('span', 'a2-video-poster-alt', null, 'poster not loaded: ' + str(p.posterBlocked)), box]);
  return box;
}
