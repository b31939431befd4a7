// Package snapshot draws what a person would see of a canvas, without a
// terminal, the same on every machine: for golden files of an agent's
// screens, from the shell (a2term render, a2term snapshot) and from Go
// tests (package a2termtest).
//
// A run starts a hub with a fixed clock (Clock) and its agent socket in a
// private temporary directory, applies a stream and plays a script agent
// as a real client of the socket — or talks to an A2A agent as a2term
// connect does (Session.Connect, package a2aconn) — then does what the
// person does — keys parsed against the program's own KeyMap
// (tui.ParseSteps), a surface, a dialog, a focus — on a tui.Screen, the
// program's own Model. Between two "wait" steps the person's actions
// (and what they write to an A2A agent) are held, so an agent answers
// only when a step lets it, and a frame never catches it half way: a
// wait returns once the agent waits for the person again (canvas.wait),
// or once an A2A agent's turn is over (a2aconn.Conn.Idle).
//
// Frames are pinned: the colour profile and the background are given,
// never read from the terminal or the environment (TERM, COLORTERM,
// NO_COLOR, the locale), times are the fixed clock's in UTC, lines carry
// no trailing blanks (unless Look.Pad) and each run of one style has one
// SGR sequence.
//
// A folder of cases (NAME.jsonl beside NAME.golden, see Case) is checked
// or rewritten by Check and Update.
package snapshot
