// Video: the A2UI Video component.

import { h, str } from '../core/dom.js';
import { blocked } from '../core/draw.js';

export function Video(n, p) {
  const url = str(p.url);
  if (url.startsWith('data:')) {
    return h('video', 'a2-video', { src: url, controls: true, preload: 'metadata', playsinline: true });
  }
  return blocked('a2-video-blocked', '▶', 'Video', p.blocked);
}
