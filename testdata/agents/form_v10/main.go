// Command form_v10 is the form agent in A2UI v1.0, with the Go client: it
// asks for a name and prints what the person sent.
//
// Run it with:  a2term run -- go run ./testdata/agents/form_v10
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
)

// form is the surface, its components and data model in one createSurface,
// then a call of a2term's own notify function, whose answer comes through
// Wait before the press.
var form = []json.RawMessage{
	json.RawMessage(`{"version":"v1.0","createSurface":{"surfaceId":"hello",
		"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json","components":[
		{"id":"root","component":"Column","children":["title","name","send"]},
		{"id":"title","component":"Text","text":"## Who is there?"},
		{"id":"name","component":"TextField","label":"Your name","placeholder":"Ada","value":{"path":"/name"}},
		{"id":"send","component":"Button","child":"send-label","variant":"primary",
			"action":{"event":{"name":"greet","context":{"name":{"path":"/name"}}}},
			"checks":[{"condition":{"call":"required","args":{"value":{"path":"/name"}}},
				"message":"Type your name first"}]},
		{"id":"send-label","component":"Text","text":"Send"}],"dataModel":{"name":""}}}`),
	json.RawMessage(`{"version":"v1.0","callRendererFunction":{"functionCallId":"n1","callFunction":{
		"call":"notify","catalogId":"https://github.com/a2term/a2term/catalogs/v1_0/terminal.json",
		"args":{"message":"Type your name, then press Send"}}}}`),
}

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "form_v10:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	c, err := client.Dial(ctx, os.Getenv("A2TERM_SOCKET"))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Append(ctx, hub.RoleAgent, "Hello! Who is there?"); err != nil {
		return err
	}
	if _, err := c.Show(ctx, form...); err != nil {
		return err
	}
	for {
		res, err := c.Wait(ctx, 60)
		if err != nil {
			return err
		}
		// The answer to notify is {"version":"v1.0","rendererFunctionResponse":…};
		// only the press is {"version":"v1.0","action":…}.
		var kind struct{ Action json.RawMessage }
		if json.Unmarshal(res.Action, &kind) == nil && kind.Action == nil && !res.TimedOut {
			continue
		}
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
}
