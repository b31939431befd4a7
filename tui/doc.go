// Package tui is a2term's terminal program: a tab per surface, the active
// surface drawn with the components package, the agent's transcript beside
// it, and a status line with the keys and where the web mirror is.
//
// The program reads everything from a bridge.View and sends the person's
// intents back to it; it never decides what a press or an input means.
// Changes arrive through a coalescing subscription, re-armed after each
// one (the Bubble Tea pattern for an outside event source), so a burst of
// agent updates costs one redraw.
//
// All view state — the active surface, the focused control, scroll
// offsets, open dialogs, cursors — lives in the Model and changes only in
// Update; View only draws.
package tui
