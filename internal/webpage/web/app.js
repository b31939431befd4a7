// a2term web mirror.
//
// The page draws the hub's render tree and sends back intents; it never
// decides protocol semantics. Everything the agent wrote is untrusted: the
// DOM is built with createElement and textContent only (never innerHTML),
// pictures and media are shown only from data: URLs, and links in Markdown
// are drawn as text. The server's Content-Security-Policy allows the page's
// own modules, app.css and data: media, and nothing else.
//
// Flow: GET /events (SSE) sends a full snapshot on connect and after every
// change; each snapshot is drawn by building a fresh DOM for each surface
// and morphing it into the live one, so that focus, caret, scroll, open
// dialogs and native pickers survive. Presses and input values are POSTed
// one at a time, in order, with the session's CSRF value in a header, and
// so are the person's messages to the agent (the say line, shown where the
// transport carries them: a2term connect).
// The page opens only in a browser paired by a one-time link.
//
// Modules, served from /static/ with no build step:
//   core/connection.js  the event stream and the POSTs
//   core/render.js      a snapshot drawn: surface tabs, surfaces, status
//   core/draw.js        one node drawn by the component of its type
//   core/morph.js       the fresh DOM morphed into the live one
//   core/transcript.js  the transcript pane
//   core/intents.js     presses, typing and choices sent as intents
//   core/markdown.js    Markdown in Text
//   components/*.js     one module per component type, as in the terminal;
//                       components/catalog.js lists them

import './components/catalog.js';
import { connect, takeCSRF } from './core/connection.js';
import { wire } from './core/intents.js';
import { app } from './core/state.js';

function start() {
  // Opened by the one-time link, the page shows the mirror's own address:
  // the used link is of no use to keep, reload or share.
  if (location.pathname !== '/') history.replaceState(null, '', '/');
  app.csrf = takeCSRF();
  wire();
  connect();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
