package agentsock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
)

// An agent connects to the socket, shows a surface and reads it back.
func Example() {
	dir, err := os.MkdirTemp("", "a2term-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	h := hub.New(hub.Options{})
	defer h.Close()
	srv, err := agentsock.Listen(h, filepath.Join(dir, "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	ctx := context.Background()
	agent, err := client.Dial(ctx, srv.Path())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer agent.Close()

	shown, err := agent.Show(ctx,
		json.RawMessage(`{"beginRendering":{"surfaceId":"main","root":"hello"}}`),
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"hello","component":{"Text":{"text":{"path":"/greeting"}}}}]}}`),
		json.RawMessage(`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"greeting","valueString":"Hello from the agent"}]}}`),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range shown.Surfaces {
		fmt.Printf("shown %s: %d component(s), root %s\n", s.SurfaceID, s.Components, s.Root)
	}

	states, err := agent.State(ctx, "main")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("state of %s: data %s\n", states[0].SurfaceID, states[0].DataModel)
	// Output:
	// shown main: 1 component(s), root hello
	// state of main: data {"greeting":"Hello from the agent"}
}
