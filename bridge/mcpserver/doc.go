// Package mcpserver serves a2term's canvas to MCP clients (coding agents,
// desktop assistants, IDEs) as four tools: canvas_show, canvas_wait,
// canvas_state and canvas_info. `a2term mcp` is this package on standard
// input and output; cmd/a2term only turns its flags into [Options].
//
// The flow of one session:
//
//	MCP client --stdio--> lineFilter --> mcp.Server --tools--> API
//	                                                         |
//	          attached:   socketAPI --JSON-RPC--> a running a2term (the person's terminal)
//	          standalone: hubAPI --> a hub of its own, with the web mirror
//
// [Open] decides where the canvas is: the a2term at an explicit socket
// (--socket, else A2TERM_SOCKET), which must answer or every tool says why
// it cannot be used; else the a2term at the default socket when one
// answers there; else a private hub with the web mirror, whose one-time
// pairing link the agent is given to pass on (no terminal shows that
// canvas), and only until it is used.
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
// the tool's output schema; its text content is the same JSON followed by
// the one-line summary the transcript also records. canvas_wait sends
// notifications/progress while it waits when the request carries a
// progress token, so a client's request timeout that resets on progress
// never fires; without a token it waits at most [MaxWaitWithoutProgress].
// A cancelled wait ends at once and leaves the person's action queued for
// the next wait.
package mcpserver
