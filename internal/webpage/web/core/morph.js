// morph: the freshly drawn DOM into the live one, keeping what matches.

// morph makes the live element `from` look like the freshly drawn `to`,
// keeping `from` and every child that matches (by data-key, else by
// position, tag and input type) so that focus, caret and state survive.
export function morph(from, to) {
  syncAttrs(from, to);
  if (from.nodeName === 'INPUT') {
    if (from.type === 'checkbox' || from.type === 'radio') {
      if (from.checked !== to.checked) from.checked = to.checked;
    } else if (from.value !== to.value) {
      from.value = to.value;
    }
  } else if (from.nodeName === 'TEXTAREA') {
    if (from.value !== to.value) from.value = to.value;
  }
  morphChildren(from, to);
}

function matches(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== 1) return true;
  if (a.nodeName !== b.nodeName) return false;
  if (a.getAttribute('data-key') !== b.getAttribute('data-key')) return false;
  if (a.getAttribute('data-type') !== b.getAttribute('data-type')) return false;
  if (a.nodeName === 'INPUT' && a.type !== b.type) return false;
  return true;
}

export function morphChildren(from, to) {
  const keyed = new Map();
  for (let c = from.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && c.hasAttribute('data-key')) {
      const k = c.getAttribute('data-key');
      if (!keyed.has(k)) keyed.set(k, c);
    }
  }
  let cur = from.firstChild;
  let next = to.firstChild;
  while (next) {
    const after = next.nextSibling;
    let match = null;
    const k = next.nodeType === 1 ? next.getAttribute('data-key') : null;
    if (k !== null) {
      const cand = keyed.get(k);
      if (cand && matches(cand, next)) {
        match = cand;
        keyed.delete(k);
      }
    } else if (cur && !(cur.nodeType === 1 && cur.hasAttribute('data-key')) && matches(cur, next)) {
      match = cur;
    }
    if (match) {
      if (match === cur) cur = cur.nextSibling;
      else from.insertBefore(match, cur);
      if (match.nodeType === 1) morph(match, next);
      else if (match.nodeValue !== next.nodeValue) match.nodeValue = next.nodeValue;
    } else {
      from.insertBefore(next, cur);
    }
    next = after;
  }
  while (cur) {
    const n = cur.nextSibling;
    from.removeChild(cur);
    cur = n;
  }
}

function syncAttrs(from, to) {
  for (const a of Array.from(from.attributes)) {
    if (a.name === 'style' || (a.name === 'open' && from.nodeName === 'DIALOG')) continue;
    if (!to.hasAttribute(a.name)) from.removeAttribute(a.name);
  }
  for (const a of Array.from(to.attributes)) {
    if (a.name === 'style') continue;
    if (from.getAttribute(a.name) !== a.value) from.setAttribute(a.name, a.value);
  }
  // Styles through the CSSOM, which the policy allows (a style
  // attribute would be refused).
  const fs = from.style;
  const ts = to.style;
  for (let i = fs.length - 1; i >= 0; i--) {
    const p = fs[i];
    if (!ts.getPropertyValue(p)) fs.removeProperty(p);
  }
  for (let i = 0; i < ts.length; i++) {
    const p = ts[i];
    const v = ts.getPropertyValue(p);
    if (fs.getPropertyValue(p) !== v) fs.setProperty(p, v);
  }
}

export function rememberFocus() {
  const a = document.activeElement;
  if (!a || a === document.body || !a.hasAttribute('data-fkey')) return null;
  const s = a.closest('.surface');
  const f = { el: a, sid: s ? s.getAttribute('data-surface') : null, fkey: a.getAttribute('data-fkey') };
  try {
    f.start = a.selectionStart;
    f.end = a.selectionEnd;
  } catch (_) {
    // not a text control
  }
  return f;
}

export function restoreFocus(f) {
  if (!f || document.contains(f.el)) return;
  for (const s of document.querySelectorAll('.surface')) {
    if (s.getAttribute('data-surface') !== f.sid || s.hidden) continue;
    for (const e of s.querySelectorAll('[data-fkey]')) {
      if (e.getAttribute('data-fkey') !== f.fkey) continue;
      e.focus({ preventScroll: true });
      if (typeof f.start === 'number') {
        try {
          e.setSelectionRange(f.start, f.end);
        } catch (_) {
          // this kind of input has no caret
        }
      }
      return;
    }
  }
}
