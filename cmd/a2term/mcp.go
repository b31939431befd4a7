package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/a2term/a2term/internal/mcpserver"
	"github.com/a2term/a2term/tui/snapshot"
)

const mcpAbout = `
The mcp command serves the canvas to an MCP client (a coding agent, a
desktop assistant, an IDE) over standard input and output, with four
tools: canvas_show, canvas_wait, canvas_state and canvas_info.

It attaches to a running a2term (plain 'a2term' in another pane, or over
SSH) so the person watches the canvas in their terminal. A socket named
with --socket or A2TERM_SOCKET must be usable: when no a2term answers
there, this says so here and in every tool result. With neither, it
attaches to the a2term at the default per-user socket, and when none
answers there it runs a canvas of its own with the web mirror, whose
one-time link the agent is given to pass on to the person.

Standard output carries only the MCP protocol; logs go to standard error.`

func runMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcp", "mcp [--socket PATH] [--no-web] [--lenient] [--fetch-images HOST,...]", mcpAbout, stderr)
	socket := fs.String("socket", "", "attach to the a2term at `PATH` (default: A2TERM_SOCKET, else the per-user socket)")
	noWeb := fs.Bool("no-web", false, "canvas of its own: do not start the web mirror")
	lenient := fs.Bool("lenient", false, "canvas of its own: accept the non-conformant shapes of third-party streams")
	var cats snapshot.CatalogFiles
	fs.Var(&cats, "catalog", "canvas of its own: "+snapshot.CatalogUsage)
	fetchImages := fs.String("fetch-images", "", "canvas of its own: "+fetchImagesUsage)
	var locF localeFlags
	addLocaleFlags(fs, &locF)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	locale, zone, err := locF.parse()
	if err != nil {
		fmt.Fprintf(stderr, "a2term mcp: %v\n", err)
		return exitUsage
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "a2term mcp: unexpected argument %q\n", rest[0])
		return exitUsage
	}
	catalogs, err := cats.Load()
	if err != nil {
		fmt.Fprintf(stderr, "a2term mcp: %v\n", err)
		return exitUsage
	}
	pics, err := newFetcher(*fetchImages)
	if err != nil {
		fmt.Fprintf(stderr, "a2term mcp: %v\n", err)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), append([]os.Signal{os.Interrupt, syscall.SIGTERM}, hangupSignals()...)...)
	defer stop()
	opts := mcpserver.Options{Socket: *socket, NoWeb: *noWeb, Lenient: *lenient, Locale: locale, Location: zone, Catalogs: catalogs, Version: buildVersion().short(), Log: stderr}
	if pics != nil {
		defer pics.Close()
		opts.Pictures = pics
	}
	if err := mcpserver.Serve(ctx, opts, stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "a2term mcp: %v\n", err)
		return exitRefused
	}
	return exitOK
}
