package a2termtest_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/tui/a2termtest"
)

// greeter is the agent under test: it asks for a name and says hello.
func greeter(ctx context.Context, c *client.Client) error {
	_, err := c.Show(ctx,
		json.RawMessage(`{"beginRendering":{"surfaceId":"hello","root":"root"}}`),
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"hello","components":[
			{"id":"root","component":{"Column":{"children":{"explicitList":["ask","name","go","answer"]}}}},
			{"id":"ask","component":{"Text":{"text":{"literalString":"What is your name?"}}}},
			{"id":"name","component":{"TextField":{"label":{"literalString":"Name"},"text":{"path":"/name"}}}},
			{"id":"go","component":{"Button":{"child":"go-label","action":{"name":"greet","context":[{"key":"name","value":{"path":"/name"}}]}}}},
			{"id":"go-label","component":{"Text":{"text":{"literalString":"Greet me"}}}},
			{"id":"answer","component":{"Text":{"text":{"path":"/answer"}}}}]}}`))
	if err != nil {
		return err
	}
	res, err := c.Wait(ctx, 60)
	if err != nil {
		return err
	}
	var a struct {
		UserAction struct {
			Context struct{ Name string } `json:"context"`
		} `json:"userAction"`
	}
	if err := json.Unmarshal(res.Action, &a); err != nil {
		return err
	}
	answer, _ := json.Marshal("Hello, " + a.UserAction.Context.Name + "!")
	_, err = c.Show(ctx, json.RawMessage(`{"dataModelUpdate":{"surfaceId":"hello","path":"/answer","contents":[{"key":".","valueString":`+string(answer)+`}]}}`))
	return err
}

// The agent talks to an a2term in the test's process through the real
// client; the test types a name, presses the button, lets the agent
// answer and reads the screen. In a test, a2termtest.New(t) fails t on
// any error, and c.Golden(t, "greeted") compares the frame with
// testdata/TestName/greeted.golden (go test -update rewrites it).
func Example() {
	c, err := a2termtest.Start(a2termtest.Size(48, 8))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	if err := c.Go(greeter); err != nil {
		fmt.Println(err)
		return
	}
	if err := c.Keys("type:Ada tab enter wait"); err != nil { // the name has the focus at first
		fmt.Println(err)
		return
	}
	fmt.Println(c.Frame())
	// Output:
	// [1 hello]                            transcript
	//  What is your name?
	//  Name
	//  [ Ada                                        ]
	//  > Greet me <
	//  Hello, Ada!
	//
	//  enter press · tab next · esc leave · ? keys …
}
