// Markdown in Text: a small, linear-time subset, drawn as elements and
// text nodes (links as text, never followed).

import { h } from './dom.js';

// drawText draws a Text: headings and captions take inline Markdown,
// a body takes paragraphs, lists, quotes and code blocks too.
export function drawText(text, hint, inline) {
  if (inline) {
    const e = h('span', 'a2-text a2-inline');
    inlineLines(text.split('\n'), e);
    return e;
  }
  if (/^h[1-5]$/.test(hint)) {
    const e = h(hint, 'a2-text a2-' + hint);
    inlineLines(text.split('\n').map((l) => l.replace(/^\s{0,3}#{1,6}\s+/, '')), e);
    return e;
  }
  if (hint === 'caption') {
    const e = h('small', 'a2-text a2-caption');
    inlineLines(text.split('\n'), e);
    return e;
  }
  const blocks = parseBlocks(text);
  if (blocks.length <= 1 && (!blocks.length || blocks[0].type === 'p')) {
    const e = h('p', 'a2-text a2-body');
    if (blocks.length) inlineLines(blocks[0].lines, e);
    return e;
  }
  const e = h('div', 'a2-text a2-body a2-md');
  for (const b of blocks) e.appendChild(drawBlock(b));
  return e;
}

function drawBlock(b) {
  switch (b.type) {
    case 'h': {
      const e = h('h' + Math.min(6, b.level + 1), 'md-h');
      inline(b.text, e);
      return e;
    }
    case 'code':
      return h('pre', 'md-pre', null, [h('code', null, null, b.text)]);
    case 'hr':
      return h('hr', 'md-hr');
    case 'quote': {
      const e = h('blockquote', 'md-quote');
      for (const x of parseBlocks(b.lines.join('\n'), b.depth + 1)) e.appendChild(drawBlock(x));
      return e;
    }
    case 'ul':
    case 'ol': {
      const e = h(b.type, 'md-list', b.type === 'ol' && b.start !== 1 ? { start: b.start } : null);
      for (const item of b.items) {
        const li = h('li');
        inlineLines(item, li);
        e.appendChild(li);
      }
      return e;
    }
    default: {
      const e = h('p', 'md-p');
      inlineLines(b.lines, e);
      return e;
    }
  }
}

const LIST_RE = /^\s{0,3}([-*+]|(\d{1,9})[.)])\s+(.*)$/;
const FENCE_RE = /^\s{0,3}(`{3,}|~{3,})/;
const HEAD_RE = /^\s{0,3}(#{1,6})\s+(.*)$/;
const HR_RE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE_RE = /^\s{0,3}>\s?(.*)$/;

// parseBlocks splits Markdown into blocks; quotes nest at most a few
// levels deep (deeper ones are text).
// closingHashes drops the optional closing "##" of a heading (without a
// regular expression that could backtrack on a long line).
function closingHashes(t) {
  let x = t.trimEnd();
  let k = x.length;
  while (k > 0 && x[k - 1] === '#') k--;
  if (k < x.length && (k === 0 || /\s/.test(x[k - 1]))) x = x.slice(0, k).trimEnd();
  return x;
}

function parseBlocks(s, depth) {
  const level = depth || 0;
  const lines = s.split('\n');
  const out = [];
  let i = 0;
  const quotes = level < 4;
  const startsBlock = (l) => FENCE_RE.test(l) || HEAD_RE.test(l) || HR_RE.test(l) || (quotes && QUOTE_RE.test(l)) || LIST_RE.test(l);
  while (i < lines.length) {
    const line = lines[i];
    let m;
    if (/^\s*$/.test(line)) {
      i++;
    } else if ((m = FENCE_RE.exec(line))) {
      const fence = m[1];
      const body = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence)) body.push(lines[i++]);
      i++;
      out.push({ type: 'code', text: body.join('\n') });
    } else if ((m = HEAD_RE.exec(line))) {
      out.push({ type: 'h', level: m[1].length, text: closingHashes(m[2]) });
      i++;
    } else if (HR_RE.test(line)) {
      out.push({ type: 'hr' });
      i++;
    } else if (quotes && QUOTE_RE.test(line)) {
      const body = [];
      while (i < lines.length && (m = QUOTE_RE.exec(lines[i]))) {
        body.push(m[1]);
        i++;
      }
      out.push({ type: 'quote', lines: body, depth: level });
    } else if ((m = LIST_RE.exec(line))) {
      const ordered = m[2] !== undefined;
      const items = [];
      const start = ordered ? parseInt(m[2], 10) : 1;
      while (i < lines.length) {
        const l = lines[i];
        const lm = LIST_RE.exec(l);
        if (lm && (lm[2] !== undefined) === ordered) {
          items.push([lm[3]]);
          i++;
        } else if (lm || /^\s*$/.test(l) || startsBlock(l)) {
          break;
        } else if (/^\s+\S/.test(l) && items.length) {
          items[items.length - 1].push(l.trim());
          i++;
        } else {
          break;
        }
      }
      out.push({ type: ordered ? 'ol' : 'ul', start, items });
    } else {
      const body = [];
      while (i < lines.length && !/^\s*$/.test(lines[i]) && (body.length === 0 || !startsBlock(lines[i]))) body.push(lines[i++]);
      out.push({ type: 'p', lines: body });
    }
  }
  return out;
}

// inlineLines draws lines of inline Markdown separated by line breaks.
function inlineLines(lines, e) {
  lines.forEach((l, i) => {
    if (i > 0) e.appendChild(h('br'));
    inline(l, e);
  });
}

// A backslash escapes any ASCII punctuation character, as in CommonMark.
const escapable = (c) => c !== undefined && /[!-\/:-@[-`{-~]/.test(c);

// inline draws code spans, strong, emphasis, strike-through and links
// (as text). A delimiter with no closer is text; once a search for a
// closer fails, later ones of the same kind are not tried again, so a
// long hostile string costs linear time per nesting level.
function inline(s, out, depth) {
  const d = (depth || 0) + 1;
  if (d > 8) {
    out.appendChild(document.createTextNode(s));
    return;
  }
  const failed = {};
  let buf = '';
  const flush = () => {
    if (buf) out.appendChild(document.createTextNode(buf));
    buf = '';
  };
  const close = (kind, from, test) => {
    if (failed[kind] !== undefined && from >= failed[kind]) return -1;
    for (let j = from; j < s.length; j++) {
      if (test(j)) return j;
    }
    failed[kind] = from;
    return -1;
  };
  const ws = (c) => c === undefined || /\s/.test(c);
  const word = (c) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && escapable(s[i + 1])) {
      buf += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      let n = 1;
      while (s[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      const j = close('code' + n, i + n, (j) => s.startsWith(fence, j) && s[j + n] !== '`' && s[j - 1] !== '`');
      if (j >= 0) {
        flush();
        out.appendChild(h('code', 'md-code', null, s.slice(i + n, j).replace(/^ (.*) $/, '$1')));
        i = j + n;
        continue;
      }
      buf += fence;
      i += n;
      continue;
    }
    // Three stars or underscores around a text: emphasis and strong.
    const three = s.slice(i, i + 3);
    if ((three === '***' || three === '___') && !ws(s[i + 3])) {
      const j = close(three, i + 4, (j) => s.startsWith(three, j) && !ws(s[j - 1]) && (three !== '___' || !word(s[j + 3])));
      if (j >= 0 && (three !== '___' || !word(s[i - 1]))) {
        flush();
        const strong = h('strong', 'md-strong');
        inline(s.slice(i + 3, j), strong, d);
        const em = h('em', 'md-em');
        em.appendChild(strong);
        out.appendChild(em);
        i = j + 3;
        continue;
      }
    }
    const two = s.slice(i, i + 2);
    // Strike-through takes a run of exactly two tildes, as the terminal
    // does: ~~~ is text.
    const tildes = two === '~~' && s[i + 2] !== '~' && s[i - 1] !== '~';
    if ((two === '**' || two === '__' || tildes) && !ws(s[i + 2])) {
      const j = close(two, i + 3, (j) => s.startsWith(two, j) && !ws(s[j - 1]) && (two !== '__' || !word(s[j + 2])) && (two !== '~~' || (s[j + 2] !== '~' && s[j - 1] !== '~')));
      if (j >= 0 && (two !== '__' || !word(s[i - 1]))) {
        flush();
        const e = h(two === '~~' ? 'del' : 'strong', two === '~~' ? 'md-del' : 'md-strong');
        inline(s.slice(i + 2, j), e, d);
        out.appendChild(e);
        i = j + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && !ws(s[i + 1]) && s[i + 1] !== c && (c === '*' || !word(s[i - 1]))) {
      const j = close(c, i + 2, (j) => s[j] === c && s[j + 1] !== c && s[j - 1] !== c && !ws(s[j - 1]) && (c === '*' || !word(s[j + 1])));
      if (j >= 0) {
        flush();
        const e = h('em', 'md-em');
        inline(s.slice(i + 1, j), e, d);
        out.appendChild(e);
        i = j + 1;
        continue;
      }
    }
    if (c === '[') {
      const j = close(']', i + 1, (j) => s[j] === ']' && s[j + 1] === '(');
      const k = j >= 0 ? close(')', j + 2, (k) => s[k] === ')') : -1;
      if (j >= 0 && k >= 0) {
        flush();
        const label = s.slice(i + 1, j);
        const url = s.slice(j + 2, k).trim().split(/\s+/)[0] || '';
        const e = h('span', 'md-link', { title: url });
        inline(label, e, d);
        out.appendChild(e);
        if (url && url !== label) out.appendChild(h('span', 'md-url', null, ' (' + url + ')'));
        i = k + 1;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
}
