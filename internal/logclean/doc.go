// Package logclean is the log of a2term's servers (the agent socket, the
// view channel, the web mirror): every line of it is safe to show in a
// terminal, and no peer can make it grow without bound.
//
// A Log writes to a *log.Logger, or nowhere. Every argument of a line
// (a method name, a path, an error: whatever a peer chose) is cleaned as
// the terminal cleans an agent's labels (a2ui.SanitizeLine): no escape
// sequence, control character or line break a peer sent reaches the log,
// nor the terminal or tmux pane that shows it. A StackTrace argument
// keeps its line breaks and nothing else.
//
// # Bounds
//
// A Log takes at most LogBurst (10) lines of one kind (one format) in
// each LogWindow (10 s); the rest are counted, and one line says how many
// ("… N more like this within 10s, not logged: FIRST LINE") when the next
// line is logged after the window, or at Flush.
package logclean
