// Icon: the A2UI Icon component.

import { h, str } from '../core/dom.js';

export function Icon(n, p) {
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
};
