// Command form is a small a2term agent: it asks for a name and prints what
// the person sent.
//
// Run it with:  a2term run -- go run ./testdata/agents/form
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
)

// form is the surface in A2UI v0.9.1. Send stays disabled until a name is
// typed: its check fails while /name is empty.
var form = []json.RawMessage{
	json.RawMessage(`{"version":"v0.9.1","createSurface":{"surfaceId":"hello",
		"catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`),
	json.RawMessage(`{"version":"v0.9.1","updateComponents":{"surfaceId":"hello","components":[
		{"id":"root","component":"Column","children":["title","name","send"]},
		{"id":"title","component":"Text","text":"Who is there?","variant":"h2"},
		{"id":"name","component":"TextField","label":"Your name","value":{"path":"/name"}},
		{"id":"send","component":"Button","child":"send-label","variant":"primary",
			"action":{"event":{"name":"greet","context":{"name":{"path":"/name"}}}},
			"checks":[{"condition":{"call":"required","args":{"value":{"path":"/name"}}},
				"message":"Type your name first"}]},
		{"id":"send-label","component":"Text","text":"Send"}]}}`),
	json.RawMessage(`{"version":"v0.9.1","updateDataModel":{"surfaceId":"hello","value":{"name":""}}}`),
}

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "form:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	showForm := func(ctx context.Context, c *client.Client) error {
		_, err := c.Show(ctx, form...)
		return err
	}
	// When a2term restarts at the same socket, the client connects again
	// and the wait goes on: the canvas restored from a2term's journal still
	// has the form (canvas.info's canvasId is the same), a new, empty one
	// gets it again.
	c, err := client.Dial(ctx, os.Getenv("A2TERM_SOCKET"), client.Reconnect(30*time.Second), client.OnNewCanvas(showForm))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Append(ctx, hub.RoleAgent, "Hello! Who is there?"); err != nil {
		return err
	}
	// Run again on the same canvas (it was stopped, or killed), the agent
	// finds its form there, and the wait gets what it left.
	info, err := c.Info(ctx)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(info.Surfaces, func(s hub.SurfaceSummary) bool { return s.SurfaceID == "hello" }) {
		if err := showForm(ctx, c); err != nil {
			return err
		}
	}
	res, err := c.Wait(ctx, 60)
	if err != nil {
		return err
	}
	// Each press comes once, with an ActionID; one handed out before, to
	// a connection that closed before it read it, comes again Redelivered:
	// an agent that must not act twice skips an ActionID it acted on.
	if res.Redelivered {
		fmt.Printf("action %s was handed out before\n", res.ActionID)
	}
	// ReadAction reads a v0.9 action and a v0.8 userAction alike.
	act, err := client.ReadAction(res)
	if errors.Is(err, client.ErrNoAction) {
		return fmt.Errorf("nobody answered within 60 s")
	}
	if err != nil {
		return err
	}
	values, _ := json.Marshal(act.Context)
	fmt.Printf("%s from the %s: %s\n", act.Name, act.Source, values)
	return c.Append(ctx, hub.RoleAgent, fmt.Sprintf("Nice to meet you, %v!", act.Context["name"]))
}
