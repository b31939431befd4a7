// Icon: the A2UI Icon component. A v0.9 icon may be an SVG path of a
// 24×24 box, drawn as an inline SVG element: path data only (the canvas
// lets nothing else through, and it is checked again here), never markup.

import { h, str } from '../core/dom.js';

const SVG = 'http://www.w3.org/2000/svg';

export function Icon(n, p) {
  const d = str(p.svgPath);
  if (d && /^[0-9MmLlHhVvCcSsQqTtAaZzEe.,+\-\s]*$/.test(d)) {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    path.setAttribute('fill', 'currentColor');
    svg.appendChild(path);
    return h('span', 'a2-icon a2-icon-svg', { role: 'img', 'aria-label': 'icon' }, [svg]);
  }
  const name = str(p.name);
  const k = name.toLowerCase().replace(/[\s_-]+/g, '');
  const g = Object.prototype.hasOwnProperty.call(ICONS, k) ? ICONS[k] : null;
  if (g) return h('span', 'a2-icon', { role: 'img', 'aria-label': name, title: name }, g);
  return h('span', 'a2-icon a2-icon-unknown', { title: 'icon' }, name);
}

const ICONS = {
  accountcircle: '☻', add: '✚', arrowback: '←', arrowforward: '→', attachfile: '⊷',
  calendartoday: '▦', call: '✆', camera: '◉', check: '✓', close: '✕', delete: '⌫',
  download: '⤓', edit: '✎', event: '◈', error: '✖', favorite: '♥', favoriteoff: '♡',
  folder: '▭', help: '?', home: '⌂', info: 'ℹ', locationon: '◎', lock: '▣', lockopen: '◻',
  mail: '✉', menu: '≡', morevert: '⋮', morehoriz: '⋯', notificationsoff: '⚐',
  notifications: '⚑', payment: '$', person: '☺', phone: '☎', photo: '▨', print: '⊟',
  refresh: '↻', search: '⌕', send: '➤', settings: '⚙', share: '⇗', shoppingcart: '⊔',
  star: '★', starhalf: '✬', staroff: '☆', upload: '⤒', visibility: '⊙', visibilityoff: '⊘',
  warning: '⚠',
  pause: '‖', playarrow: '▶', stop: '■', skipnext: '⇥', skipprevious: '⇤', fastforward: '»',
  fastrewind: '«', priorityhigh: '!', musicnote: '♪', done: '✓', clear: '✕', remove: '−',
  expandmore: '▾', expandless: '▴', chevronleft: '‹', chevronright: '›', arrowupward: '↑',
  arrowdownward: '↓', schedule: '◷', accesstime: '◷', cloud: '☁', wbsunny: '☀',
  favoriteborder: '♡', starborder: '☆', staroutline: '☆', notificationsnone: '⚑',
  mailoutline: '✉', email: '✉', place: '◎', account: '☻', shoppingbag: '⊔',
  deleteoutline: '⌫', infooutline: 'ℹ', helpoutline: '?', erroroutline: '✖',
  // the media names v0.9 adds
  play: '▶', rewind: '«', volumedown: '◁)', volumemute: '◁∅', volumeoff: '◁⨯', volumeup: '◁))',
};
