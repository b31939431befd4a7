package main

import (
	"fmt"
	"io"

	"github.com/a2term/a2term/tui/snapshot"
)

const snapshotAbout = `
Snapshot keeps golden files of an agent's screens in a folder and checks
them, headless (no terminal, no browser), for CI:

  DIR/NAME.jsonl    an A2UI stream, or a script agent (see docs/scripts.md)
  DIR/NAME.keys     optional: what the person does, as render --keys takes it
  DIR/NAME.size     optional: the terminal's size, such as 100x30 (80x24)
  DIR/NAME.flags    optional: more of render's flags (--frames, --web, --color ...)
  DIR/NAME.golden   what render draws for them

'a2term snapshot check DIR' draws every case and prints a unified diff for
each that differs from its golden file (escape sequences written as
\x1b); 'a2term snapshot update DIR' rewrites the golden files that differ.
A case that cannot be drawn (a refused stream, a script that stopped)
fails the check and leaves its golden file as it is.

A case is what the folder holds: a stream or a script agent. An A2A
agent is a server that runs, with its credentials, beside the check:
keep its frames with 'a2term render --connect URL -o NAME.golden', or,
for an agent written in Go, with package a2termtest (Canvas.Connect).

Exit status: 0 when every case matches (check) or was drawn (update), 1
otherwise, 2 on usage or I/O errors.`

func runSnapshot(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("snapshot", "snapshot check|update DIR", snapshotAbout, stderr)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 2 || (rest[0] != "check" && rest[0] != "update") {
		fmt.Fprintln(stderr, "a2term snapshot: give check or update, and a folder")
		fs.Usage()
		return exitUsage
	}
	do := snapshot.Check
	if rest[0] == "update" {
		do = snapshot.Update
	}
	res, err := do(rest[1], stdout)
	if err != nil {
		fmt.Fprintf(stderr, "a2term snapshot: %v\n", err)
		return exitUsage
	}
	if res.Failed > 0 || res.Cases == 0 {
		return exitRefused
	}
	return exitOK
}
