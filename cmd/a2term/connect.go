package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
)

const connectAbout = `
Connect talks to an A2A agent that speaks A2UI, as its client in the
terminal: URL is the agent's base URL (its card is read from
/.well-known/agent-card.json) or its card's URL.

  a2term connect http://localhost:10002

The transcript says who the agent is and which A2UI version you both
speak (an agent without the A2UI extension is a text chat). ctrl+r opens
a line to write to the agent (in plain mode: say TEXT); its surfaces
show as with any agent, and what you press goes back to it. The status
line shows its task's state; ctrl+x (plain mode: cancel) asks it to
cancel the task. A terminal attached to the canvas and the web mirror's
page can write to the agent and cancel its task too. A dropped stream is
resumed.

Credentials go in --header, as many as needed; their values are never
logged or shown, and are sent only to the agent's own address. A URL
that is plain http to another machine is refused unless --insecure.

The web mirror, plain mode, --keep, 'a2term attach' and the journal work
as with a local agent: an a2term connect started again at the same
socket restores the canvas, the transcript and the conversation.`

// headerFlag is --header, repeatable: "Name: value".
type headerFlag struct{ h http.Header }

func (f *headerFlag) String() string {
	if f == nil || len(f.h) == 0 {
		return ""
	}
	names := make([]string, 0, len(f.h))
	for k := range f.h {
		names = append(names, k)
	}
	return strings.Join(names, ", ") // never the values
}

func (f *headerFlag) Set(v string) error {
	name, value, err := a2aconn.ParseHeader(v)
	if err != nil {
		return err
	}
	if f.h == nil {
		f.h = http.Header{}
	}
	f.h.Add(name, value)
	return nil
}

func runConnect(args []string, _ io.Reader, _, stderr io.Writer) int {
	fs := newFlagSet("connect", "connect URL [--header 'Name: value']... [--insecure] [--socket PATH] [--keep] [--no-web] [--open] [--plain]", connectAbout, stderr)
	f := addHubFlags(fs)
	addKeepFlag(fs, f)
	var header headerFlag
	fs.Var(&header, "header", "send `'NAME: VALUE'` with every request to the agent (repeatable), as in 'Authorization: Bearer …'; never logged or shown")
	insecure := fs.Bool("insecure", false, "allow plain http to an agent on another machine (what is said, credentials included, can be read on the way)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "a2term connect: give the agent's URL")
		fs.Usage()
		return exitUsage
	}
	if _, err := a2aconn.CheckURL(rest[0], *insecure); err != nil {
		fmt.Fprintf(stderr, "a2term connect: %v\n", err)
		return exitUsage
	}
	mode, err := f.plain.decide(false)
	if err != nil {
		fmt.Fprintf(stderr, "a2term connect: %v\n", err)
		return exitUsage
	}
	dial := func(ctx context.Context, h *hub.Hub, state string) (*a2aconn.Conn, error) {
		ctx, cancel := context.WithTimeout(ctx, a2aconn.CardTimeout)
		defer cancel()
		conn, err := a2aconn.Dial(ctx, h, a2aconn.Options{
			URL: rest[0], Header: header.h, Insecure: *insecure, StatePath: state,
			Logger: log.New(transcriptLog{h.Board()}, "", 0),
		})
		if err != nil {
			// Said on the terminal: what the agent put in it is cleaned.
			return nil, errors.New(a2ui.SanitizeLine(err.Error()))
		}
		return conn, nil
	}
	return runCanvas("connect", f, mode, agentSpec{a2a: dial}, stderr)
}
