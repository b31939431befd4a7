package main

import (
	"context"
	"io"
	"path"

	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/internal/script"
	"github.com/a2term/a2term/tui/plain"
)

// scriptCanvas opens the canvas with a hub listening on a socket in a
// private temporary directory and plays the scripts as its agent, a client
// of that socket, until the person quits.
type scriptCanvas struct {
	name    string // command name, for errors
	scripts []*script.Script
	lenient bool
	locale  localeFlags
	noWeb   bool
	open    bool
	widgets components.Options
	plain   plain.Mode
	// graphics is --graphics.
	graphics string
}

func (sc scriptCanvas) run(stderr io.Writer) int {
	// No socket named: a private one.
	f := &hubFlags{noWeb: sc.noWeb, open: sc.open, lenient: sc.lenient, locale: sc.locale, graphics: sc.graphics}
	return runCanvas(sc.name, f, sc.plain, agentSpec{
		script:  func(ctx context.Context, socket string) error { return script.Play(ctx, socket, sc.scripts) },
		widgets: sc.widgets,
	}, stderr)
}

// demoScript parses the embedded script of a demo part.
func demoScript(part string) (*script.Script, error) {
	name := part + ".script.jsonl"
	data, err := demoFiles.ReadFile("demo/" + name)
	if err != nil {
		return nil, err
	}
	return script.Parse(name, data, func(f string) ([]byte, error) {
		return demoFiles.ReadFile(path.Join("demo", f))
	})
}
