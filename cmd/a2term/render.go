package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/tui/snapshot"
)

const renderAbout = `
Render prints, without a terminal, exactly the frame the interactive
program would draw at the given size: the tab bar, the surface, the
transcript (at 100 columns or more) and the status line. FILE is an A2UI
stream, v1.0, v0.9.1 or v0.8 (any file 'a2term validate' reads: JSONL, a JSON
array, or the specification's {"name", "description", "messages"}
wrapper), or a script agent (see docs/scripts.md), which
is played as a real agent until it waits for the person.

Any state: --surface, --open and --focus set up the view, then --keys does
what the person does, with the program's own key names ("tab tab
type:Ada enter", "space", "alt+2", "ctrl+n"; type:"two words" for text
with spaces) and "wait" to let a script agent answer. --frames writes a
frame after each step, each under a line "=== N: STEP". --web writes what
the web mirror's page shows in the same state instead, as text: the DOM
the page builds (elements, classes, input state, text), without a browser.

With --connect URL, render talks to an A2A agent as 'a2term connect'
does (--header and --insecure as there) instead of drawing FILE: ctrl+r
in --keys opens the line to write to it, and "wait" returns once its
turn is over (its task completed, failed or waiting for input, nothing
left to send), never in the middle of its answer:

  a2term render --connect http://127.0.0.1:10002 --width 100 \
    --keys 'ctrl+r type:"find pizza" enter wait space tab type:"ring twice" tab enter wait'

The frame shows the agent's name and description and its task's state
as the terminal does, but neither its URL nor the conversation's ids;
each render is a new conversation, and --timeout bounds each turn.

Agent authors keep the output as golden files and compare it in CI (see
'a2term snapshot -h'). Output is the same bytes on every machine: the
colour is none unless --color asks for ansi256 or truecolor, never read
from the terminal or the environment; times are fixed at 00:00 UTC; v0.9
numbers, currencies and dates are formatted for en-US in UTC unless
--locale and --time-zone say otherwise; lines carry no trailing spaces
(unless --pad) and each run of one style has one escape sequence.

A stream that is refused prints nothing on stdout and the refusal on
stderr: a golden file the output is redirected to is left empty (which
a check reports), never filled with a blank frame. With -o FILE the file
is replaced only once the frame is drawn, and left as it was otherwise.
With --each, a stream some of whose messages are refused is drawn with
the messages that were applied, each refusal goes to stderr, and the
exit status is 1; one all of whose messages are refused prints nothing.

Exit status: 0 when the frame was drawn, 1 when the stream (with --each,
any of its messages) was refused, the script stopped, the A2A agent
could not be talked to or did not end its turn in time, or the surface,
dialog or control named does not exist, 2 on usage or I/O errors.`

func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("render", "render [flags] FILE | render [flags] --connect URL", renderAbout, stderr)
	flags := snapshot.AddFlags(fs)
	output := fs.String("o", "", "write the output to this file, replaced only once the frame is drawn")
	connect := fs.String("connect", "", "talk to the A2A agent at `URL` (its base URL or its card's), as a2term connect does, instead of FILE")
	var header headerFlag
	fs.Var(&header, "header", "with --connect: send `'NAME: VALUE'` with every request to the agent (repeatable); never printed")
	insecure := fs.Bool("insecure", false, "with --connect: allow plain http to an agent on another machine")
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	switch {
	case *connect != "" && (len(files) > 0 || flags.Script() != ""):
		fmt.Fprintln(stderr, "a2term render: --connect draws an A2A agent alone: give no FILE and no --script with it")
		fs.Usage()
		return exitUsage
	case *connect == "" && (len(files) > 1 || (len(files) == 0 && flags.Script() == "")):
		fmt.Fprintln(stderr, "a2term render: give exactly one FILE (or --script, or --connect URL)")
		fs.Usage()
		return exitUsage
	}
	opts, err := flags.Options()
	if err != nil {
		fmt.Fprintf(stderr, "a2term render: %v\n", err)
		return exitUsage
	}
	var in snapshot.Input
	if *connect != "" {
		if _, err := a2aconn.CheckURL(*connect, *insecure); err != nil {
			fmt.Fprintf(stderr, "a2term render: %v\n", err)
			return exitUsage
		}
		in = snapshot.Input{Name: *connect, Connect: &a2aconn.Options{URL: *connect, Header: header.h, Insecure: *insecure}}
	} else {
		file := ""
		if len(files) == 1 {
			file = files[0]
		}
		if in, err = snapshot.Load(file, flags.Script()); err != nil {
			return renderFailed(stderr, err)
		}
	}
	out, err := snapshot.Render(in, opts)
	if out == nil {
		return renderFailed(stderr, err)
	}
	// With --each, out may come with the messages that were refused: the
	// frame is what was applied, the refusals go to stderr.
	code := exitOK
	if err != nil {
		code = renderFailed(stderr, err)
	}
	if *output != "" {
		if err := snapshot.WriteFile(*output, out); err != nil {
			fmt.Fprintf(stderr, "a2term render: %v\n", err)
			return exitUsage
		}
		return code
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "a2term render: %v\n", err)
		return exitUsage
	}
	return code
}

// renderFailed reports a render that drew nothing: a refused stream as
// the transcript would record it, an unreadable file or bad flags as a
// usage error, anything else as a failure.
func renderFailed(stderr io.Writer, err error) int {
	var refused *snapshot.Refused
	var usage *snapshot.UsageError
	switch {
	case errors.As(err, &refused):
		fmt.Fprintln(stderr, err)
		return exitRefused
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "a2term render: %v\n", err)
		return exitUsage
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission):
		fmt.Fprintf(stderr, "a2term render: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "a2term render: %v\n", err)
	return exitRefused
}
