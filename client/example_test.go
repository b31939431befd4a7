package client_test

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

// An agent shows a v0.9.1 form, waits for the person and reads what they
// sent. Here the test plays the person too, on the hub; in real use they
// type and press in the terminal or the web mirror.
func Example() {
	dir, _ := os.MkdirTemp("", "a2term-example-")
	defer os.RemoveAll(dir)
	h := hub.New(hub.Options{})
	defer h.Close()
	srv, err := agentsock.Listen(h, filepath.Join(dir, "s", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	ctx := context.Background()
	c, err := client.Dial(ctx, srv.Path()) // an agent: os.Getenv("A2TERM_SOCKET")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	_, err = c.Show(ctx,
		json.RawMessage(`{"version":"v0.9.1","createSurface":{"surfaceId":"hello",
			"catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json","sendDataModel":true}}`),
		json.RawMessage(`{"version":"v0.9.1","updateComponents":{"surfaceId":"hello","components":[
			{"id":"root","component":"Column","children":["name","send"]},
			{"id":"name","component":"TextField","label":"Your name","value":{"path":"/name"}},
			{"id":"send","component":"Button","child":"send-label","variant":"primary",
			 "action":{"event":{"name":"greet","context":{"name":{"path":"/name"}}}}},
			{"id":"send-label","component":"Text","text":"Send"}]}}`),
	)
	if err != nil {
		fmt.Println(err)
		return
	}

	// The person types a name and presses Send.
	_ = h.SetValue(hub.Terminal, "hello", "name", "Ada")
	_ = h.Press(hub.Terminal, "hello", "send", h.Snapshot().Canvas.Version())

	res, err := c.Wait(ctx, 60)
	if err != nil {
		fmt.Println(err)
		return
	}
	act, err := client.ReadAction(res)
	if err != nil {
		fmt.Println(err) // client.ErrNoAction: nobody answered in time
		return
	}
	fmt.Println(act.Version, act.Name, "from the", act.Source)
	fmt.Println("context:", act.Context)
	fmt.Println("data model:", act.DataModel)
	// Output:
	// v0.9 greet from the terminal
	// context: map[name:Ada]
	// data model: map[name:Ada]
}
