// The page's DOM helpers. Everything the agent wrote goes into the page
// through these as text: h sets attributes and text nodes, never HTML.

export const $ = (id) => document.getElementById(id);

// h creates an element; attrs are set as attributes (never "style",
// never event handlers), kids are nodes or strings (as text).
export function h(tag, cls, attrs, kids) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      e.setAttribute(k, v === true ? '' : String(v));
    }
  }
  if (kids) append(e, kids);
  return e;
}

export function append(e, kids) {
  for (const k of [].concat(kids)) {
    if (k === null || k === undefined || k === false) continue;
    e.appendChild(typeof k === 'string' ? document.createTextNode(k) : k);
  }
  return e;
}

export const str = (v) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
export const num = (v, d) => (typeof v === 'number' && isFinite(v) ? v : d);
