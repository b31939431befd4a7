// Package mcpserver serves a2term's canvas to MCP clients (coding agents,
// desktop assistants, IDEs) as four tools: canvas_show, canvas_wait,
// canvas_state and canvas_info. `a2term mcp` is this package on standard
// input and output; cmd/a2term only turns its flags into [Options].
//
// The flow of one session:
//
//	MCP client --stdio--> lineFilter --> mcp.Server --tools--> turns (API)
//	                                                           |
//	          attached:   socketAPI --JSON-RPC--> a running a2term (the person's terminal)
//	          standalone: hubAPI --> a hub of its own, with the web mirror
//
// [Open] decides where the canvas is: the a2term at an explicit socket
// (--socket, else A2TERM_SOCKET), which must answer or every tool says why
// it cannot be used; else the a2term at the default socket when one
// answers there and the socket and its directory are this user's alone
// (statedir.CheckSocket, checked before every connection); else a private
// hub with the web mirror, whose first one-time pairing link the agent is
// given to pass on (no terminal shows that canvas), and only until it is
// used: a link made later for another browser is never in a tool result.
//
// The SDK reads its input as a stream of JSON values and ends the session
// on anything else, losing the replies still to come; so lineFilter reads
// the input a line at a time, at most [MaxLine] bytes, and hands the SDK
// only lines that are exactly one JSON-RPC message. Any other line is
// answered and skipped: -32700 with id null when it is not one JSON value
// (a second message, a stray "}", a NUL or a byte order mark beside the
// message), -32600 for a batch, for JSON that is not a message and for a
// line over MaxLine, which is never held whole. The log says why, and
// quotes nothing of the line.
//
// Every tool result carries structured content that validates against
// the tool's output schema; its text content is two blocks, the same JSON
// alone (so a client that parses the text as JSON gets the result) and
// the one-line summary the transcript also records. canvas_wait sends
// notifications/progress while it waits when the request carries a
// progress token, so a client's request timeout that resets on progress
// never fires; without a token it waits at most [MaxWaitWithoutProgress].
// A cancelled wait ends at once and leaves the person's action queued for
// the next wait.
//
// The SDK runs every tool call as it arrives, however many a client sends
// at once; turns lets at most [MaxWaitsAtCanvas] (4) waits and
// [MaxCallsAtCanvas] (4) other calls reach the canvas at once, and the
// rest wait for their turn. Together that is the 8 requests an a2term's
// socket runs at once for one connection, so an attached canvas never
// refuses one, and a client with any number of waits outstanding still
// has its shows and reads answered at once. A wait that waits for its turn
// has its seconds running, and times out if they run out first: the waits
// at the canvas would have taken any action meanwhile. canvas_wait's
// description states the bound.
package mcpserver
