// Command form is a small a2term agent: it asks for a name and prints what
// the person sent.
//
// Run it with:  a2term run -- go run ./testdata/agents/form
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/a2term/a2term/bridge"
	"github.com/a2term/a2term/bridge/client"
)

var form = []json.RawMessage{
	json.RawMessage(`{"surfaceUpdate":{"surfaceId":"hello","components":[
		{"id":"root","component":{"Column":{"children":{"explicitList":["title","name","send"]}}}},
		{"id":"title","component":{"Text":{"text":{"literalString":"Who is there?"},"usageHint":"h2"}}},
		{"id":"name","component":{"TextField":{"label":{"literalString":"Your name"},"text":{"path":"/name"}}}},
		{"id":"send","component":{"Button":{"child":"send-label","primary":true,"action":{
			"name":"greet","context":[{"key":"name","value":{"path":"/name"}}]}}}},
		{"id":"send-label","component":{"Text":{"text":{"literalString":"Send"}}}}]}}`),
	json.RawMessage(`{"dataModelUpdate":{"surfaceId":"hello","contents":[{"key":"name","valueString":""}]}}`),
	json.RawMessage(`{"beginRendering":{"surfaceId":"hello","root":"root"}}`),
}

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "form:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	c, err := client.Dial(ctx, os.Getenv("A2TERM_SOCKET"))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Append(ctx, bridge.RoleAgent, "Hello! Who is there?"); err != nil {
		return err
	}
	if _, err := c.Show(ctx, form...); err != nil {
		return err
	}
	res, err := c.Wait(ctx, 60)
	if err != nil {
		return err
	}
	if res.TimedOut {
		return fmt.Errorf("nobody answered within 60 s")
	}
	var msg struct {
		UserAction struct {
			Name    string         `json:"name"`
			Context map[string]any `json:"context"`
		} `json:"userAction"`
	}
	if err := json.Unmarshal(res.Action, &msg); err != nil {
		return err
	}
	act := msg.UserAction
	values, _ := json.Marshal(act.Context)
	fmt.Printf("%s from the %s: %s\n", act.Name, res.Source, values)
	return c.Append(ctx, bridge.RoleAgent, fmt.Sprintf("Nice to meet you, %v!", act.Context["name"]))
}
