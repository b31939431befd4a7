// Package tui is a2term's terminal program: a tab per surface, the active
// surface drawn with the components package, the agent's transcript beside
// it, and a status line with the keys and where the web mirror is.
//
// The program reads everything from a hub.View and sends the person's
// intents back to it; it never decides what a press or an input means.
// Changes arrive through a coalescing subscription, re-armed after each
// one (the Bubble Tea pattern for an outside event source), so a burst of
// agent updates costs one redraw.
//
// All view state — the active surface, the focused control, scroll
// offsets, open dialogs, cursors — lives in the Model and changes only in
// Update; View only draws.
//
// The person's values and presses are the view's to decide, and the view
// may be slow to answer (the hub of an attached terminal, busy or gone),
// so Update never calls it: each intent goes to the view in a command
// that waits for the one before it, so the view gets them in the order
// given, and the view's answer comes back as a message (a refusal shows
// on the status line). Until a value is through, the program draws it
// over the view's canvas, so that typing shows at once and each key
// builds on the last. At most MaxIntentsInFlight (64) intents are on
// their way at once; a key that would send one more sends nothing, and
// the status line says so.
// A notice the agent asks for (the terminal catalog's notify) stays on
// the status line for AgentNoticeFor (8 s) at most: a key or the next
// notice takes its place sooner.
//
// Pictures drawn with a terminal graphics protocol reach the terminal
// through Output: widgets draw them as kitty's placeholder cells, which
// go as they are to kitty (each picture sent once, before the first frame
// that shows it) and as blanks to sixel and iTerm2 terminals, with the
// picture painted over them after each frame that wrote one of their
// rows. DetectGraphics picks the protocol from the environment alone;
// ChooseGraphics then asks a kitty on this machine (never one over SSH)
// its version, since kitty draws the placeholders only from 0.28 on: the
// answer is awaited VersionWait (200 ms) at most and read up to
// maxVersionReply (1 KiB), and a kitty that is older, or silent, or
// answers more, gets half-blocks. Output keeps at most maxPaintKept (32)
// painted pieces' sequences.
package tui
