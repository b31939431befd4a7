// AudioPlayer: the A2UI AudioPlayer component.

import { h, str } from '../core/dom.js';
import { blocked } from '../core/draw.js';

export function AudioPlayer(n, p) {
  const url = str(p.url);
  const desc = str(p.description);
  const f = h('figure', 'a2-audio');
  if (desc) f.appendChild(h('figcaption', 'a2-audio-desc', null, desc));
  if (url.startsWith('data:')) {
    f.appendChild(h('audio', null, { src: url, controls: true, preload: 'metadata', 'aria-label': desc || 'audio' }));
  } else {
    f.appendChild(blocked('a2-audio-blocked', '♪', 'Audio', p.blocked));
  }
  return f;
}
