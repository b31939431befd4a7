package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/a2term/a2term/bridge"
)

const serveAbout = `
Serve runs the hub without a terminal: agents connect to its socket and
show surfaces, and the person sees them in the web mirror (a tokenized
page on 127.0.0.1). It is for headless use and for tests.

Its first line on standard output is one JSON object saying where to
connect, written as soon as the socket and the mirror listen:

  {"socket":"/run/user/1000/a2term/a2term.sock","url":"http://127.0.0.1:41234/?t=…"}

"url" is the web mirror's address with its token (empty with --no-web);
treat it as a secret. Log lines (never the token) go to standard error.
SIGINT or SIGTERM (or SIGHUP) shut it down cleanly: waits end, the socket
is removed, exit status 0.`

// serveReady is serve's first line.
type serveReady struct {
	Socket string `json:"socket"`
	URL    string `json:"url"`
}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", "serve [--socket PATH] [--no-web] [--open] [--lenient]", serveAbout, stderr)
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
	hub := bridge.NewHub(bridge.HubOptions{Lenient: f.lenient})
	srv, err := bridge.Listen(hub, f.socket, bridge.ServerOptions{Logger: log.New(stderr, "", log.LstdFlags)})
	if err != nil {
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		return exitRefused
	}
	web, open, err := startWeb(hub, f.noWeb, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		hub.Close()
		srv.Close()
		return exitRefused
	}
	ready := serveReady{Socket: srv.Path()}
	if web != nil {
		defer web.Close()
		ready.URL = web.URL()
		if f.open {
			for _, l := range open() {
				fmt.Fprintln(stderr, l)
			}
		}
	}
	line, _ := json.Marshal(ready)
	_, err = fmt.Fprintf(stdout, "%s\n", line)
	if fl, ok := stdout.(interface{ Flush() error }); ok && err == nil {
		err = fl.Flush()
	}
	if err != nil {
		// Whoever started us cannot learn where to connect.
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		hub.Close()
		srv.Close()
		return exitRefused
	}
	<-ctx.Done()
	hub.Close() // pending waits end as timed out
	if err := srv.Close(); err != nil {
		fmt.Fprintf(stderr, "a2term serve: %v\n", err)
		return exitRefused
	}
	return exitOK
}
