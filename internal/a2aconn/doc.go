// Package a2aconn is `a2term connect`: a2term as the client of an A2A
// agent that speaks A2UI, one more way for an agent to reach the hub,
// beside the socket (agentsock) and MCP (mcpserver). It talks to the hub
// through the same methods they do — Show (a batch, all or none), Take
// and Taken (the person's action queue), Append — and the hub knows
// nothing of A2A.
//
// # Files
//
//   - conn.go: Dial reads the agent card, checks the endpoint and the
//     credentials it asks for, negotiates the A2UI version and builds the
//     SDK's client; the transcript says who the agent is.
//   - negotiate.go: the A2UI extension (URIs, metadata keys, MIME types)
//     and Negotiate, the newest version both sides speak.
//   - turn.go: Run, one turn at a time: the person's message (Say) or
//     press (the hub's queue) goes out; Cancel; a dropped stream resumed.
//     Hold and Release keep the person's messages back as the hub's
//     Hold keeps presses, and Idle says the agent's turn is over: what a
//     snapshot (tui/snapshot) needs to draw the same frame every run.
//   - reply.go: what the agent sends: text to the transcript, A2UI
//     DataParts to the canvas, task states to the status line, refusals
//     back to the agent as the A2UI error message.
//   - stream.go: the SDK's JSON-RPC transport with a2term's bounded reader
//     of server-sent events, and message/send read the same way.
//   - lift.go: an event's A2UI DataParts cut out of its JSON before the
//     SDK decodes the rest, so that the hub gets the agent's bytes (the
//     SDK would make maps of them) and a part may hold an array.
//   - http.go: the HTTP client: the person's headers for the agent's
//     origin only, 401 and 403 as AuthError, bodies bounded; CheckURL.
//
// # Flow
//
//	person --Say------------------------------+
//	hub action queue --Take--> turn: a2a.Message (text or action DataPart,
//	                           a2uiClientCapabilities, contextId, taskId)
//	                             | message/stream (SSE), or message/send
//	                             v
//	agent --events--> reply: TextPart -> transcript; A2UI DataParts of one
//	                  message -> hub.Show (refusal -> error message back);
//	                  task state -> status line; contextId kept
//
// A press is handed to the agent once: taken from the queue when the
// agent's stream first answers, given back when the message never
// reached it (and sent again after RetryDelay, doubling). A stream that drops mid-answer is resumed with
// tasks/resubscribe (then tasks/get), never by sending the message again.
//
// # Version
//
// The A2UI version is the newest that the card advertises in
// capabilities.extensions (…/a2ui/v0.9.1, …/v1.0) and a2ui.Versions
// lists (v1.0 with a2uiRendererCapabilities and application/a2ui+json,
// v0.9.1 and older with a2uiClientCapabilities). An agent with none is a
// text chat.
//
// # Security
//
// A plain-http URL to another machine is refused unless Insecure; the
// card's endpoint must be the origin the person named; the headers given
// (credentials) go only there and are never logged or shown; agent text
// is sanitized by the hub like any agent's. The conversation's contextId
// is kept in StatePath (0600, replaced whole) for the same URL only.
//
// # Bounds
//
// MaxResponseBytes (4 MiB) per response that is not a stream, and
// MaxEventBytes (4 MiB) per stream event: beyond, the turn or the stream
// ends with a line in the transcript. MaxStreamSilence (5 min) without a
// byte ends a stream, which is resumed, at most MaxResumes (3) times a
// turn. MaxParts (64) parts of a message or artifacts of a task are read,
// the rest counted. MaxPendingSays (16) messages wait while the agent
// answers; one more is refused to the person. MaxRefusalReplies (3)
// turns in a row answer refusals; then a2term stops answering them. A
// press the agent did not get is sent again after RetryDelay (2 s),
// doubling up to MaxRetryDelay (1 min). CardTimeout (30 s) for the card,
// RequestTimeout (5 min) for message/send, tasks/get and tasks/cancel.
package a2aconn
