// Package agentsock is the agent socket: the JSON-RPC API through which
// agents draw on a2term's one canvas (package hub) and read the person's
// actions.
//
// The files: rpc.go holds the Server (Listen, ListenPrivate, Close), the
// methods, their params and error codes, and the socket's bounds;
// conn.go, one connection (its requests in flight, once-only delivery of
// a wait's action); codec.go, the connection's jsonrpc2.ObjectStream over
// a bounded line stream (package linestream): each request checked once,
// the replies the stream writes itself, and the budget of held bytes
// across connections; params.go, the strict
// reading of each method's params; unread_*.go, whether a peer has read
// everything sent to it (SIOCOUTQ on Linux).
//
// The Server is the agent API: JSON-RPC 2.0, one JSON object per line, on
// a Unix socket in a directory only this user can enter (0700; the socket
// 0600). Every client checks so before each connection (CheckSocket: the
// agents' client in package client, hence a2term mcp; Attach; the Copilot
// extension does the same in its own code), as tmux and ssh-agent check
// theirs: the directory must be a directory of this user, not a symbolic
// link, that nobody else can enter (no mode bit beyond 0700), and the
// socket a socket of this user. Otherwise it is refused with an
// ErrNotPrivate naming the path, its owner and what to do, since another
// user who made the directory first (the default one is /tmp/a2term-UID
// when XDG_RUNTIME_DIR is unset) and served an a2term of their own in it
// would read what the agent shows and press in the person's name. Listen
// checks the same of a directory it did not make. Where files have no
// Unix owner (Windows) only the kinds and the mode are checked. Its
// methods are canvas.info, canvas.show, canvas.wait,
// canvas.state and transcript.append (see docs/agent-api.md). A refusal by the hub
// is the JSON-RPC error -32602 whose message is the refusal's message and
// whose data is the *a2ui.Error as JSON: {code, message, index, surfaceId,
// componentId, path}. For a refused parameter, index is -1 and path points
// into the params ("/seconds"). Package client calls the API from Go.
//
// The view channel terminals attach through (package viewsock,
// ListenViews) is opened beside the socket, by the program, after Listen.
//
// Each connection is a jsonrpc2.Conn (github.com/sourcegraph/jsonrpc2)
// over a size-bounded jsonrpc2.ObjectStream of our own, logging to
// ServerOptions.Logger; jsonrpc2 reads the requests, hands them to the
// connection's handler and writes the replies. Each request is read once:
// the stream checks its line from end to end, keeps its params aside and
// hands jsonrpc2 only the id, the method and a ticket that the handler
// redeems for the params. So the params reach the method, and a
// canvas.show's messages the canvas's own decoder, as slices of the line,
// neither decoded nor copied on the way (jsonrpc2's own decoding would
// turn them into map[string]interface{} and encode them again). Member
// names match exactly, as the canvas's decoder matches them: "Seconds" is
// not "seconds".
//
// Each connection runs its requests concurrently (a canvas.wait blocks
// only itself), at most ServerOptions.MaxInFlight of them at once; a
// request stops counting when its handler returns, before its reply is
// written. When a connection closes, its waits end.
//
// Every action reaches the agent once. An action handed to a wait counts
// as taken, and the transcript says so, once the agent has read the reply
// (conn.go): it sends anything else on that connection; or the socket
// holds nothing it has not read (SIOCOUTQ, looked at 5 ms after the reply,
// then less often, up to every second); or it closes the connection having
// read everything (its end reads as EOF). An agent that dies with the
// reply unread makes the read fail with ECONNRESET instead, and the
// action, like one whose reply could not be written, goes back to the
// front of the queue, handed out again with the same actionId and
// "redelivered": true. That is Linux; on other systems a2term cannot tell
// what a closed connection read, and counts it as read: an agent killed
// before it read a reply loses that press rather than acting on it twice. Close answers every pending wait (timed out) before it closes the
// connections. Nothing the server does is printed on the terminal: its
// messages, and jsonrpc2's, go to ServerOptions.Logger, or nowhere.
//
// # Bounds
//
// At most MaxConnections (64) connections are served at once. When all
// are taken, the next takes the place of the one idle longest, if that one
// has run no request and sent no complete one for MaxIdleAtCap (10 s): it
// is sent {"id":null,"error":{"code":-32003,...}} saying why, and closed
// (a client dialled with Reconnect connects again on its next call).
// Otherwise the new connection is sent {"id":null,"error":{"code":
// -32001,...}} saying so, and closed. A connection is never closed for
// being idle while there is room, so an agent may keep its connection
// while it thinks between calls for as long as it likes, and a
// canvas.wait keeps its connection busy however long it waits; peers that
// take every place and use none keep a new agent out for at most 10 s.
// The line buffers of all connections together hold at most
// MaxRPCHeldBytes (32 MiB) beyond the first 16 KiB of each, counting lines
// being read and requests being handled; a line that finds no room gets
// -32001 and its connection is closed, and the other connections, the hub
// and every view go on. A connection refused for a line (no room, or over
// 4 MiB) gives its place up at once; it lingers to let its peer read why
// (see below) only while fewer than MaxLingering (64) do, else it is
// closed once it has said why. When accepting fails (out of file
// descriptors), the server waits before trying again, up to a second, and
// never stops accepting. One connection runs at most DefaultMaxInFlight
// (8) requests at once unless ServerOptions.MaxInFlight says otherwise,
// and a reply that cannot be written in DefaultWriteTimeout (5 s) closes
// its connection (see Malformed input).
//
// The log (ServerOptions.Logger) takes at most LogBurst (10) lines of one kind (one format) in each
// LogWindow (10 s); the rest are counted, and one line says how many
// ("… N more like this within 10s, not logged: FIRST LINE") when the next
// line is logged after the window, or at Close. Every argument of a line,
// whatever a peer chose (a method name, a path, an error), is cleaned as
// the terminal cleans an agent's labels (a2ui.SanitizeLine): no escape
// sequence, control character or line break a peer sent reaches the log.
//
// # Malformed input
//
// What happens to a connection, by what its peer sends. In every case
// the hub and every other connection go on being served, and a reply never
// carries Go error text or a stack trace.
//
//   - A line that is not JSON: the reply {"id":null,"error":{"code":
//     -32700,...},"jsonrpc":"2.0"}; the connection stays open and the next
//     line is read as usual. JSON that is not a request object (a number,
//     an object without "jsonrpc":"2.0" or without a string "method", an
//     unknown or repeated member, an id other than a string or an integer
//     from 0 to 2^63-1, the ids jsonrpc2 carries) gets -32600 with the
//     request's id when it is a string or an integer, else id null; a
//     batch (a JSON array) gets -32600; the connection stays open.
//   - A line over 4 MiB (MaxRPCMessageBytes, not counting the newline):
//     reading stops at the limit, the rest of the line is never stored,
//     and the reply {"id":null,"error":{"code":-32600,"message":"message
//     over 4 MiB"},"jsonrpc":"2.0"} is written; then the server stops
//     writing, reads and drops what the peer still sends (for up to 5 s),
//     and closes the connection, so the peer reads the reply and then the
//     end of the connection rather than a reset. Replies to its earlier
//     requests that were not written yet are lost.
//   - An unknown method: -32601 "method not found: NAME"; the connection
//     stays open.
//   - Params of the wrong shape (not an object, an unknown or repeated
//     member, a missing member, a member of the wrong type, seconds
//     outside 0..600): -32602 with a refusal in data (code
//     missing_property or bad_value, index -1, path naming the member);
//     the hub is not called, and the connection stays open. Messages the
//     hub refuses are -32602 too, with the hub's refusal in data; the
//     canvas is unchanged.
//   - A peer that never reads its replies: replies pile up until the
//     socket's buffer is full; a reply that cannot be written within
//     ServerOptions.WriteTimeout (5 s by default) closes the connection,
//     ending its waits and putting an action not yet delivered back in the
//     queue. No lock the hub or another connection needs is held while
//     writing, so they never wait for a slow peer.
//   - Too many requests in flight: a request that arrives while
//     MaxInFlight requests of the same connection are still running is
//     answered at once with -32000 "too many requests in flight" and not
//     run; the connection stays open.
//   - A request that arrives while the server is closing: -32002 "a2term
//     is shutting down".
//   - A notification (a request without an id) runs with no reply, except
//     canvas.wait, which is ignored: nobody would receive its action.
//   - An internal failure (even a panic in a handler): -32603 "internal
//     error", details in the log only; the connection stays open.
package agentsock
