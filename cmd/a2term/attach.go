package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/logclean"
	"github.com/a2term/a2term/internal/statedir"
	"github.com/a2term/a2term/internal/viewsock"
	"github.com/a2term/a2term/internal/webmirror"
	"github.com/a2term/a2term/tui"
)

const attachAbout = `
Attach shows the canvas of an a2term that is already running — a2term
serve, a2term --keep whose terminal went away, a standalone a2term mcp, or
another a2term in another pane or SSH login — in this terminal. Several
terminals can attach at once: each has its own tab, focus and scroll, and
all show the same canvas, transcript and queue. What you press or type in
any of them is you pressing; quitting only detaches this terminal.

Terminals attach through a socket of their own beside the agents' socket
(a2term.view.sock beside a2term.sock), with a key that only your own
processes can read (a2term.view.key, 0600). With no --socket, attach uses
A2TERM_SOCKET, else the per-user socket; when no a2term runs there and
exactly one other runs in its directory (a standalone a2term mcp), that
one. When the a2term restarts at the same socket, attach finds it again.

With --plain (chosen by itself when TERM=dumb or A2TERM_PLAIN=1) the
canvas is printed as plain lines and you type commands ("help" lists
them).`

func runAttach(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("attach", "attach [--socket PATH] [--plain]", attachAbout, stderr)
	socket := fs.String("socket", "", "attach to the a2term whose agents connect at `PATH` (default: A2TERM_SOCKET, else the per-user socket)")
	var pf plainFlag
	fs.Var(&pf, "plain", plainUsage)
	var graphics string
	addGraphicsFlag(fs, &graphics)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "a2term attach: unexpected argument %q\n", rest[0])
		return exitUsage
	}
	mode, err := pf.decide(false)
	if err == nil {
		err = checkGraphics(graphics)
	}
	if err != nil {
		fmt.Fprintf(stderr, "a2term attach: %v\n", err)
		return exitUsage
	}
	if !mode.On && (!isTerminal(stdin) || !isTerminal(stdout)) {
		fmt.Fprintln(stderr, "a2term attach: the canvas needs a terminal (or --plain)")
		return exitUsage
	}
	path, err := attachPath(*socket)
	if err != nil {
		fmt.Fprintf(stderr, "a2term attach: %v\n", err)
		return exitRefused
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	view, err := viewsock.Attach(ctx, path, viewsock.AttachOptions{})
	cancel()
	if err != nil {
		fmt.Fprintf(stderr, "a2term attach: %v\n", err)
		return exitRefused
	}
	defer view.Close()

	var mu sync.Mutex
	var cleanups []func()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range cleanups {
			c()
		}
	}()
	openWeb := func() []string {
		link, port, err := view.PairingLink()
		if err != nil {
			return []string{"The web mirror cannot be opened: " + err.Error()}
		}
		lines, cleanup := webmirror.OpenLink(link, port)
		mu.Lock()
		cleanups = append(cleanups, cleanup)
		mu.Unlock()
		return lines
	}
	notice := attachNotice(view.Hello())

	sctx, stop := signalContext()
	defer stop()
	if mode.On {
		if notice != "" {
			fmt.Fprintln(os.Stdout, notice)
		}
		if err := runPlainSession(sctx, view, mode, openWeb, view.Done()); err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "a2term attach: %v\n", err)
			return exitRefused
		}
		return exitOK
	}
	r, ssh := terminalRenderer()
	out := tui.NewOutput(os.Stdout)
	webLink := func() string {
		link, _, err := view.PairingLink()
		if err != nil {
			return ""
		}
		return link
	}
	widgets := terminalWidgets(out, components.Options{}, graphics)
	m := tui.New(view, tui.Options{Renderer: r, Widgets: widgets, OpenWeb: openWeb, WebLink: webLink, Clipboard: out.Copy, Notice: notice})
	defer m.Close()
	p := tea.NewProgram(m, out.ProgramOptions(ssh)...)
	go func() {
		<-sctx.Done()
		p.Quit()
	}()
	if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrInterrupted) && !errors.Is(err, tea.ErrProgramKilled) {
		fmt.Fprintf(stderr, "a2term attach: %v\n", err)
		return exitRefused
	}
	return exitOK
}

// attachNotice is what a terminal that attaches is told first.
func attachNotice(h hub.AttachResult) string {
	var parts []string
	if h.Notice != "" {
		parts = append(parts, h.Notice)
	}
	if h.Unwatched != nil {
		parts = append(parts, h.Unwatched.String())
	}
	return strings.Join(parts, " ")
}

// attachPath picks the socket of the a2term to attach to: the one named,
// else A2TERM_SOCKET, else the per-user socket, or the only other a2term
// running in its directory when none runs there.
func attachPath(named string) (string, error) {
	if named != "" {
		return named, nil
	}
	if env := os.Getenv("A2TERM_SOCKET"); env != "" {
		return env, nil
	}
	def := agentsock.DefaultSocketPath()
	// A directory another user made, or one open to others, is refused
	// before anything in it is looked for or dialled, saying whose it is:
	// one others can enter but not list would read as empty.
	if err := statedir.CheckPrivateDir(filepath.Dir(def)); errors.Is(err, statedir.ErrNotPrivate) {
		return "", err
	}
	running := viewsock.RunningHubs(filepath.Dir(def))
	for _, p := range running {
		if p == def {
			return def, nil
		}
	}
	switch len(running) {
	case 0:
		return "", fmt.Errorf("no a2term runs at %s, nor beside it: start one (a2term --keep, a2term serve) or give its socket with --socket", def)
	case 1:
		return running[0], nil
	}
	return "", fmt.Errorf("no a2term runs at %s, and %d others run beside it; choose one with --socket:\n  %s", def, len(running), strings.Join(running, "\n  "))
}

// listenViews opens the view channel beside srv's socket, so that
// terminals can attach to h (a2term attach). When it cannot, the agents
// are served all the same: logger says why, and the closer does nothing.
func listenViews(h *hub.Hub, srv *agentsock.Server, logger *log.Logger) (closeViews func()) {
	views, err := viewsock.ListenViews(h, srv.Path(), viewsock.ViewOptions{Logger: logger})
	if err != nil {
		logclean.New(logger).Printf("a2term: terminals cannot attach to this canvas: %v", err)
		return func() {}
	}
	return func() { views.Close() }
}
