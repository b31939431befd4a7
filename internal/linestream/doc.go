// Package linestream is the bounded line stream under every JSON-RPC
// connection of a2term: the agent socket's (package agentsock), the view
// channel's on both ends (package viewsock) and the Go client's (package
// client). Each of those is a jsonrpc2.ObjectStream of its own, since
// what a line means differs (a request read once and handed on as slices
// of its line; a hub's notes applied before the replies after them; a
// reply whose result is set aside for its call); what a line is, how
// long it may be, what happens past that and how it is written are here,
// once.
//
// A Stream reads its connection through a buffer (Options.ReadBuffer)
// one line at a time: ReadLine returns the line without its newline, in
// a buffer that grows only as far as the line needs. A line over
// Options.Limit is refused as soon as the limit is passed, before it is
// read in full or stored, with ErrTooLong or the stream's own error
// (Options.TooLong). A last line without its newline counts, or is the
// stream's own error (Options.Unterminated).
//
// Buffers: with a Floor, a line buffer within it is the stream's own and
// kept for the next line; beyond it the buffer draws on a Budget that a
// server's streams share, and a line the budget has no room for is
// refused with ErrBusy. Take hands a line over, buffer and share of the
// budget, to whoever keeps it (a request until its handler is done,
// which then releases it): the agent socket's requests reach their
// methods as slices of their line, never copied. Without a Floor, every
// line is read into a buffer of its own.
//
// Writes: Write and WriteBuffers write whole lines, one at a time, each
// within Options.WriteTimeout; a write that fails closes the connection,
// or with Options.HalfClose only its writing half, so that a client
// still reads why its server closed. Marshal encodes a jsonrpc2 message
// once. Linger ends a stream that refused a line without a reset: the
// peer reads why, then the end of the connection.
//
// # Bounds
//
// The bounds are the caller's, passed in Options: the line limit (the
// agent socket's 4 MiB, the view channel's 4 KiB before a view attached
// and 4 MiB after, 64 MiB for what a view or the Go client reads), the
// write timeout, the budget. Linger reads at most twice the limit more,
// and stops when the peer is quiet for as long as its caller says. The
// callers' package docs give their figures, and docs/security.md what a
// peer gets past them.
package linestream
