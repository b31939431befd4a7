// Package plain is a2term's plain mode: the canvas as lines of text,
// appended and never redrawn, for screen readers and braille displays,
// dumb terminals, logs, SSH sessions, script and expect, and tests that
// drive a2term through a pipe.
//
// A Session reads the same hub.View the full-screen program reads and
// sends the same intents (Press, SetValue), so what the hub accepts or
// refuses, and the words it refuses in, are the same in both. The flow:
//
//	view.Subscribe ──changed──▶ Refresh: snapshot → new transcript lines,
//	                            new surfaces (whole), changed surfaces (a
//	                            line per change), gone surfaces
//	stdin ──lines (a goroutine with a bufio.Scanner)──▶ exec: a command →
//	                            view.Press / view.SetValue, or this view's
//	                            own state (the tab shown, the open dialog)
//
// Output has no escape sequences (unless colour is asked for), no cursor
// movement and no line wider than the width. The first two columns of
// every line are the view's: "* " for a2term's own lines, "> " for the
// person's commands, two spaces for everything else, so nothing an agent
// writes can pass for a2term's words.
//
// Controls are numbered in reading order (the order the terminal draws
// the resolved tree), across every surface, the first time they are
// printed; a number keeps meaning the same node of the same surface.
package plain
