// Package webmirror shows a2term's one canvas (package hub) in a browser
// on this machine: the web mirror (ServeWeb, WebServer), which sends the
// page (package webpage) the canvas as server-sent events and takes the
// person's presses and input, and their messages to the agent where the
// hub has a transport for them (hub.Hub.Say), as POSTs, only from a
// browser paired through a one-time link.
//
// The files: web.go holds the server, its routes, the page's security
// headers and the intents it takes; web_conns.go, the bounded listener
// (paired and unpaired connections); web_pair.go, pairing links and
// sessions; web_delta.go, the changes sent after the first snapshot;
// open.go, opening a browser (or saying how, over SSH). The browser tests
// (web_*_browser_test.go) check the page against the page-text oracle
// (package webtext). The agents' side is package agentsock, the attached
// terminals' viewsock.
//
// # Bounds
//
// The web mirror (WebServer), which anyone on the machine can connect to,
// keeps at most MaxWebConns (64) connections open, so that no number of
// connections, from anyone, takes the descriptors the agents' socket and
// the terminal need. A connection is unpaired until a request on it
// carries a paired browser's session (or the pairing link): an unpaired
// one is closed after its one answer, or after 5 s, and at most
// MaxWebUnpaired (16) are open at once; a new one beyond them closes one
// the server has begun to read, one whose peer has sent nothing first,
// else the oldest. Only a paired browser's connections stay open for
// their next requests and streams, at most 48 (MaxWebConns less
// MaxWebUnpaired); a paired request beyond them is answered and its
// connection closed. Nothing closes a paired browser's connection to make
// room.
//
// The log (WebOptions.Logger) takes at most LogBurst (10) lines of one kind (one
// format) in each LogWindow (10 s); the rest are counted, and one line says how many
// ("… N more like this within 10s, not logged: FIRST LINE") when the next
// line is logged after the window, or at Close. Every argument of a line,
// whatever a peer chose (a method name, a path, an error), is cleaned as
// the terminal cleans an agent's labels (a2ui.SanitizeLine): no escape
// sequence, control character or line break a peer sent reaches the log.
// The web mirror logs a path that cleans to a pairing link's
// ("//pair/CODE") as "/pair/…", and blots out anything else shaped like a
// code or a session.
//
// # The web mirror's link and the agent
//
// With WebOptions.AgentLink (a2term mcp on its own, no terminal for the
// person), canvas.info hands the agent the mirror's first pairing link,
// to pass on, until a browser pairs with it, and never while a terminal
// is attached. Once a browser paired, the agent is never handed a link
// again: a link for another browser is made in a view the person holds
// (the page's "Link for another browser", a terminal's ctrl+o) and shown
// only there.
package webmirror
