package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/statedir"
)

const serveAbout = `
Serve runs the hub without a terminal: agents connect to its socket and
show surfaces, and the person sees them in the web mirror (a tokenized
page on 127.0.0.1). It is for headless use and for tests.

Its first line on standard output is one JSON object saying where to
connect, written as soon as the socket and the mirror listen:

  {"socket":"/run/user/1000/a2term/a2term.sock","url":"http://127.0.0.1:41234/pair/…"}

"url" is the web mirror's one-time pairing link (empty with --no-web): the
first browser that opens it sees the canvas, and the link then stops
working. It is for whoever started serve, never for the agent (which
learns only that a mirror exists); treat it as a secret. For another
browser send SIGUSR1: serve writes one more line, {"url":"…"}, with a new
link; a link not opened yet stops working then. Log lines (never a
link) go to standard error. SIGINT or SIGTERM (or SIGHUP) shut it down
cleanly: every pending wait is answered (timed out) before the socket
closes, the socket is removed, exit status 0.

Serve outlives any terminal by nature, and keeps a journal of every
accepted change in the state directory (--state DIR, default
$XDG_STATE_HOME/a2term; one journal per socket path): a serve started
again at the same socket, after a crash or a kill, restores the canvas,
its values, the actions not yet taken and the canvas id, and listens on
the web mirror's port again when it is free. What it restored (and what
of a damaged journal was lost) is logged on standard error. --no-state
keeps none.`

// serveReady is serve's first line.
type serveReady struct {
	Socket string `json:"socket"`
	URL    string `json:"url"`
}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", "serve [--socket PATH] [--no-web] [--open] [--lenient] [--fetch-images HOST,...]", serveAbout, stderr)
	f := addHubFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "a2term serve: unexpected argument %q\n", rest[0])
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), append([]os.Signal{os.Interrupt, syscall.SIGTERM}, hangupSignals()...)...)
	defer stop()
	return serve(ctx, f, stdout, stderr)
}

// serve runs the hub until ctx ends.
func serve(ctx context.Context, f *hubFlags, stdout, stderr io.Writer) int {
	hopts, err := f.hubOptions()
	if err != nil {
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		return exitUsage
	}
	defer f.stopFetching()
	h := hub.New(hopts)
	restored, err := f.useJournal(h, f.socket)
	if err != nil {
		journalRefused("a2term serve: ", "serve", f.socket, err, stderr)
		return exitRefused
	}
	if restored.Notice != "" {
		fmt.Fprintf(stderr, "a2term serve: %s\n", restored.Notice)
	}
	logger := log.New(stderr, "", log.LstdFlags)
	srv, err := agentsock.Listen(h, f.socket, agentsock.ServerOptions{Logger: logger})
	if err != nil {
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		if errors.Is(err, statedir.ErrSocketInUse) {
			socketInUse("a2term serve: ", "serve", f.socket, stderr)
		}
		abandon("a2term serve: ", h, stderr)
		return exitRefused
	}
	closeViews := listenViews(h, srv, logger)
	web, err := startWeb(h, f.noWeb, stderr, false, restored.WebPort)
	if err != nil {
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		closeViews()
		srv.Close()
		abandon("a2term serve: ", h, stderr)
		return exitRefused
	}
	// Listening for SIGUSR1 before the first line is out: whoever reads
	// it may ask for a new link at once.
	newLink := make(chan os.Signal, 1)
	if sigs := newLinkSignals(); web != nil && len(sigs) > 0 {
		signal.Notify(newLink, sigs...)
		defer signal.Stop(newLink)
	}
	ready := serveReady{Socket: srv.Path()}
	if web != nil {
		defer web.Close()
		ready.URL = web.PairingLink()
	}
	line, _ := json.Marshal(ready)
	_, err = fmt.Fprintf(stdout, "%s\n", line)
	if fl, ok := stdout.(interface{ Flush() error }); ok && err == nil {
		err = fl.Flush()
	}
	if err != nil {
		// Whoever started us cannot learn where to connect.
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		closeViews()
		srv.Close()
		abandon("a2term serve: ", h, stderr)
		return exitRefused
	}
	// Opening the browser may take the opener's moment to fail: after
	// the first line, so that whoever reads it connects at once.
	if web != nil && f.open {
		for _, l := range web.Open(false) {
			fmt.Fprintln(stderr, l)
		}
	}
wait:
	for {
		select {
		case <-ctx.Done():
			break wait
		case <-newLink:
			line, _ := json.Marshal(struct {
				URL string `json:"url"`
			}{web.NewPairingLink()})
			fmt.Fprintf(stdout, "%s\n", line)
			if fl, ok := stdout.(interface{ Flush() error }); ok {
				fl.Flush()
			}
		}
	}
	// Every pending wait is answered (timed out) before the socket
	// closes; then the hub ends.
	closeViews()
	err = srv.Close()
	h.Close()
	if err != nil {
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		return exitRefused
	}
	return exitOK
}
