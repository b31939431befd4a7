// The notice bar: what went wrong, in words the person can act on.

import { $ } from './dom.js';

let noticeTimer = 0;

export function notice(text, kind) {
  const box = $('notice');
  $('notice-text').textContent = text;
  box.className = 'notice ' + (kind || 'warn');
  box.hidden = false;
  clearTimeout(noticeTimer);
  if (kind === 'info') noticeTimer = setTimeout(hideNotice, 4000);
}

// openNotice shows the address a link button names, for the person to
// copy or open: a2term opens nothing itself. Only an http or https address
// is a link; anything else (javascript:, data:…) stays text.
export function openNotice(url) {
  const u = typeof url === 'string' ? url : '';
  if (!u) {
    notice('This link has no address.', 'warn');
    return;
  }
  notice('Open it yourself: ', 'link');
  const text = $('notice-text');
  if (/^https?:\/\//i.test(u)) {
    const a = document.createElement('a');
    a.href = u;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.referrerPolicy = 'no-referrer';
    a.className = 'notice-url';
    a.textContent = u;
    text.appendChild(a);
  } else {
    const s = document.createElement('code');
    s.className = 'notice-url';
    s.textContent = u;
    text.appendChild(s);
  }
}

export function hideNotice() {
  $('notice').hidden = true;
}

export function refusalText(r) {
  if (r.network) return 'a2term cannot be reached; is it still running?';
  const code = r.info && typeof r.info.code === 'string' ? r.info.code : '';
  const msg = r.info && typeof r.info.message === 'string' ? r.info.message : '';
  switch (code) {
    case 'stale':
      return 'The agent changed this button; look again and press once more.';
    case 'unknown_node':
    case 'not_a_button':
      return 'That control is no longer on the surface; look again.';
    case 'not_shown':
    case 'unknown_surface':
      return 'That surface is no longer shown.';
  }
  if (r.status === 409) return msg ? 'Not sent: ' + msg : 'The agent’s canvas refused this.';
  if (r.status === 403) return 'a2term refused this page: it is not paired with this run. Open a new link from a2term.';
  if (r.status === 413) return 'That value is too large to send.';
  return 'a2term refused the request (HTTP ' + r.status + ').';
}
