package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/script"
	"github.com/a2term/a2term/tui"
	"github.com/a2term/a2term/tui/snapshot"
)

const replayAbout = `
Replay plays the A2UI stream in FILE in the interactive program, as if an
agent were sending it: the surfaces appear as tabs, and what you press or
type shows in the transcript the way a2term reports it to an agent. FILE
may hold v1.0, v0.9.1 and v0.8 messages (any file 'a2term validate' reads:
JSONL, a JSON array, or the specification's {"name", "description",
"messages"} wrapper of its examples); a button sends the action of its
surface's version.

By default the file is one batch, shown at once. With --each, or a --delay,
the messages arrive one at a time, DELAY apart (a Go duration such as
300ms), the way a progressive stream arrives. Refusals are written to the
transcript.

A script (a file whose first line is a step such as {"say": "..."}, see
docs/scripts.md) is played as an agent instead: the canvas
listens on a socket in a private temporary directory and the script runs
as a client of it, showing surfaces, waiting for the person and answering.
The web mirror runs as for 'a2term run' (--no-web, --open).

Press ? in the program for its keys; ctrl+c quits. With --plain (chosen
by itself when TERM=dumb or standard output is not a terminal) the canvas
is printed as plain lines and you type commands: "help" lists them; when
standard input ends, replay ends once the stream is played.`

func runReplay(args []string, _ io.Reader, _, stderr io.Writer) int {
	fs := newFlagSet("replay", "replay [--lenient] [--catalog FILE] [--each] [--delay D] [--no-web] [--open] [--plain] FILE", replayAbout, stderr)
	lenient := fs.Bool("lenient", false, "accept the non-conformant shapes of third-party streams (see 'a2term validate -h')")
	each := fs.Bool("each", false, "apply message by message instead of as one batch")
	delay := fs.Duration("delay", 0, "wait this long between messages (implies --each)")
	images := fs.String("images", "on", "draw pictures (on) or their alt text (off)")
	ascii := fs.Bool("ascii", false, "draw with ASCII glyphs only")
	var graphics string
	addGraphicsFlag(fs, &graphics)
	noWeb := fs.Bool("no-web", false, "for a script: do not start the web mirror on 127.0.0.1")
	openFlag := fs.Bool("open", false, "for a script: open the web mirror in a browser (over SSH: show how to reach it)")
	var plainF plainFlag
	fs.Var(&plainF, "plain", plainUsage)
	var cats snapshot.CatalogFiles
	fs.Var(&cats, "catalog", "for a stream: "+snapshot.CatalogUsage)
	var locF localeFlags
	addLocaleFlags(fs, &locF)
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	catalogs, err := cats.Load()
	if err != nil {
		fmt.Fprintf(stderr, "a2term replay: %v\n", err)
		return exitUsage
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "a2term replay: give exactly one FILE")
		fs.Usage()
		return exitUsage
	}
	if *delay < 0 {
		fmt.Fprintln(stderr, "a2term replay: --delay must not be negative")
		return exitUsage
	}
	mode, err := plainF.decide(true)
	if err == nil {
		err = checkGraphics(graphics)
	}
	if err != nil {
		fmt.Fprintf(stderr, "a2term replay: %v\n", err)
		return exitUsage
	}
	locale, zone, err := locF.parse()
	if err != nil {
		fmt.Fprintf(stderr, "a2term replay: %v\n", err)
		return exitUsage
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "a2term replay: %v\n", err)
		return exitUsage
	}
	if script.IsScript(data) {
		s, err := script.Load(files[0])
		if err != nil {
			fmt.Fprintf(stderr, "a2term replay: %v\n", err)
			return exitRefused
		}
		return scriptCanvas{
			name: "replay", scripts: []*script.Script{s}, lenient: *lenient, locale: locF, noWeb: *noWeb, open: *openFlag, plain: mode,
			widgets: components.Options{NoImages: *images == "off", ASCII: *ascii}, graphics: graphics,
		}.run(stderr)
	}
	raws, err := a2ui.SplitStream(data)
	if err != nil {
		fmt.Fprintf(stderr, "a2term replay: %s: %v\n", files[0], err)
		return exitRefused
	}
	board := hub.NewBoard(a2ui.Options{Lenient: *lenient, Locale: locale, Location: zone, Catalogs: catalogs}, nil)
	board.SetStatus(func(s *hub.Status) { s.Listening = "" })
	board.Append(hub.RoleNote, "Replaying "+files[0])
	if *openFlag {
		board.Append(hub.RoleNote, "A stream replays without the web mirror: --open is for a script agent, which runs as for a2term run.")
	}

	if mode.On {
		ctx, cancel := signalContext()
		defer cancel()
		fed := make(chan struct{})
		go func() {
			defer close(fed)
			feed(ctx, board, raws, *each || *delay > 0, *delay)
		}()
		defer func() { cancel(); <-fed }()
		if err := runPlainSession(ctx, board, mode, nil, fed); err != nil {
			fmt.Fprintf(stderr, "a2term replay: %v\n", err)
			return exitRefused
		}
		return exitOK
	}

	r, ssh := terminalRenderer()
	out := tui.NewOutput(os.Stdout)
	widgets := terminalWidgets(out, components.Options{NoImages: *images == "off", ASCII: *ascii}, graphics)
	m := tui.New(board, tui.Options{Renderer: r, Widgets: widgets})
	defer m.Close()
	p := tea.NewProgram(m, out.ProgramOptions(ssh)...)

	ctx, cancel := signalContext() // a signal quits the program, which restores the terminal
	defer cancel()
	go func() {
		<-ctx.Done()
		p.Quit()
	}()
	go feed(ctx, board, raws, *each || *delay > 0, *delay)
	if _, err := p.Run(); err != nil {
		fmt.Fprintf(stderr, "a2term replay: %v\n", err)
		return exitRefused
	}
	return exitOK
}

// feed shows the messages on the board, as one batch or one at a time.
func feed(ctx context.Context, board *hub.Board, raws [][]byte, each bool, delay time.Duration) {
	msgs := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		msgs[i] = r
	}
	if !each {
		// A refusal is in the transcript: the board notes it.
		_, _, _ = board.Show(msgs)
		return
	}
	for i, m := range msgs {
		if i > 0 && delay > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(delay):
			}
		}
		if _, _, err := board.Show([]json.RawMessage{m}); err != nil {
			board.Append(hub.RoleNote, fmt.Sprintf("message %d refused", i))
		}
	}
}

// terminalRenderer returns the renderer for the terminal on stdout and
// whether it is reached over SSH. Over SSH the terminal is never queried
// (its answer would travel back as input): the background comes from
// COLORFGBG when set, else dark is assumed.
func terminalRenderer() (*lipgloss.Renderer, bool) {
	r := lipgloss.NewRenderer(os.Stdout)
	ssh := os.Getenv("SSH_TTY") != "" || os.Getenv("SSH_CONNECTION") != ""
	if ssh {
		r.SetHasDarkBackground(darkFromEnv())
	} else {
		r.HasDarkBackground() // ask once, before the program owns the input
	}
	return r, ssh
}

// darkFromEnv reads COLORFGBG ("fg;bg"): backgrounds 0–6 and 8 are dark.
func darkFromEnv() bool {
	v := os.Getenv("COLORFGBG")
	if v == "" {
		return true
	}
	bg := v[strings.LastIndex(v, ";")+1:]
	switch bg {
	case "7", "9", "10", "11", "12", "13", "14", "15":
		return false
	}
	return true
}
