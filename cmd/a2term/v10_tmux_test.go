//go:build unix

package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
)

// providerV10 is a v1.0 surface of a provider check: a field whose check
// wants "PRV-" and digits, a Verify button whose action calls the
// agent's verifyProvider (no catalog of the surface has it, so the
// renderer routes it to the agent, as the protocol's callAgentFunction
// section says), and a Submit button that waits for the same check.
func providerV10() json.RawMessage {
	check := func(message string) string {
		return `{"condition":{"call":"regex","args":{"value":{"path":"/id"},"pattern":"^PRV-[0-9]+$"}},"message":"` + message + `"}`
	}
	return json.RawMessage(`{"version":"v1.0","createSurface":{"surfaceId":"provider","catalogId":"` + a2ui.BasicCatalogV10ID + `","sendDataModel":true,"components":[` +
		`{"id":"root","component":"Column","children":["heading","id","verify","submit"]},` +
		`{"id":"heading","component":"Text","text":"## Provider check"},` +
		`{"id":"id","component":"TextField","label":"Provider id","value":{"path":"/id"},"checks":[` + check("Use PRV- and digits") + `]},` +
		`{"id":"verify","component":"Button","child":"verify-label","action":{"functionCall":{"call":"verifyProvider","args":{"id":{"path":"/id"}}}}},` +
		`{"id":"verify-label","component":"Text","text":"Verify"},` +
		`{"id":"submit","component":"Button","child":"submit-label","variant":"primary","action":{"event":{"name":"submit","context":{"id":{"path":"/id"}}}},"checks":[` +
		check("Fix the provider id first") + `]},` +
		`{"id":"submit-label","component":"Text","text":"Submit"}],"dataModel":{"id":""}}}`)
}

// TestV10FunctionsInTmux: a v1.0 agent, through the real socket of an
// a2term in a real terminal, shows a surface with a check; calls the
// terminal catalog's notify (the notice on the status line, the
// rendererFunctionResponse through canvas.wait); the person's press on a
// button bound to the agent's function sends callAgentFunction, the
// button shows it waiting until its deadline, and the agent's answer
// shows on the status line; a press the check refuses reaches nobody;
// once the person fixes the value, the press reaches canvas.wait as the
// v1.0 action, exactly once.
func TestV10FunctionsInTmux(t *testing.T) {
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	x := startTmux(t, 120, 40, bin, "--no-web", "--socket", sock)
	x.waitFor("agents: " + sock)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := client.Dial(ctx, sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Show(ctx, providerV10()); err != nil {
		t.Fatal(err)
	}
	x.waitFor("Provider check")

	// The agent calls a2term's notify: the notice is on the status line,
	// and its answer comes back through canvas.wait.
	notify := `{"version":"v1.0","callRendererFunction":{"functionCallId":"n1","callFunction":{"call":"notify","catalogId":"` + a2ui.TerminalCatalogV10ID + `","args":{"message":"Type the provider id, then Verify"}}}}`
	if _, err := c.Show(ctx, json.RawMessage(notify)); err != nil {
		t.Fatal(err)
	}
	x.waitStatus("Type the provider id, then Verify")
	res := nextSent(ctx, t, c, x)
	if got := string(res.Action); got != `{"version":"v1.0","rendererFunctionResponse":{"functionCallId":"n1","value":null}}` {
		t.Fatalf("the answer to notify: %s", got)
	}

	// A bad value: the check's message shows, and Submit is disabled.
	// The field, the first control, has the focus.
	x.keys("-l", "abc")
	s := x.waitFor("✗ Use PRV- and digits")
	if !strings.Contains(s, "✗ Fix the provider id first") {
		t.Errorf("Submit's check is not shown:\n%s", s)
	}
	const submit = "[ Submit ]"
	if x.settle(); !x.faint(submit) {
		t.Errorf("Submit is not drawn disabled:\n%s", x.screen())
	}
	x.keys("Tab", "Tab", "Enter")
	x.waitFor(`Not sent: button "submit" is disabled by its checks`)
	if res, err := c.Wait(ctx, 0); err != nil || !res.TimedOut {
		t.Fatalf("a press of the disabled Submit reached the agent: %+v, %v", res, err)
	}

	// Verify calls the agent's function: callAgentFunction through the
	// queue, with the value typed, and the button waits, saying until
	// when (the timeout the person sees).
	x.keys("BTab", "Enter")
	res = nextSent(ctx, t, c, x)
	var call struct {
		Version           string `json:"version"`
		CallAgentFunction struct {
			SurfaceID      string `json:"surfaceId"`
			FunctionCallID string `json:"functionCallId"`
			CallFunction   struct {
				Call string         `json:"call"`
				Args map[string]any `json:"args"`
			} `json:"callFunction"`
		} `json:"callAgentFunction"`
	}
	if err := json.Unmarshal(res.Action, &call); err != nil || call.Version != "v1.0" {
		t.Fatalf("not a v1.0 callAgentFunction: %s (%v)", res.Action, err)
	}
	if cf := call.CallAgentFunction; cf.SurfaceID != "provider" || cf.FunctionCallID == "" || cf.CallFunction.Call != "verifyProvider" ||
		!reflect.DeepEqual(cf.CallFunction.Args, map[string]any{"id": "abc"}) {
		t.Fatalf("the call: %s", res.Action)
	}
	s = x.waitFor("waiting for the agent's verifyProvider until ")
	// A note that waits, not a failing check's ✗.
	if !regexp.MustCompile(`⋯ waiting for the agent's verifyProvider until \d\d:\d\d:\d\d UTC`).MatchString(s) {
		t.Errorf("the wait does not say until when:\n%s", s)
	}
	if !x.faint("[ Verify ]") {
		t.Errorf("Verify is not drawn disabled while the call waits:\n%s", x.screen())
	}
	answer := `{"version":"v1.0","agentFunctionResponse":{"functionCallId":"` + call.CallAgentFunction.FunctionCallID + `","value":{"known":false}}}`
	if _, err := c.Show(ctx, json.RawMessage(answer)); err != nil {
		t.Fatal(err)
	}
	x.waitStatus(`verifyProvider answered: {"known":false}`)
	x.waitGone("waiting for the agent's verifyProvider")

	// The person fixes the value and presses Submit: the v1.0 action.
	x.keys("BTab", "End", "BSpace", "BSpace", "BSpace")
	x.keys("-l", "PRV-7")
	x.waitGone("Use PRV- and digits")
	x.waitGone("Fix the provider id first")
	if x.settle(); x.faint(submit) {
		t.Errorf("Submit is still drawn disabled once its check passes:\n%s", x.screen())
	}
	x.keys("Tab", "Tab", "Enter")
	res = nextSent(ctx, t, c, x)
	var wire struct {
		Version string                     `json:"version"`
		Action  map[string]json.RawMessage `json:"action"`
	}
	if err := json.Unmarshal(res.Action, &wire); err != nil || wire.Version != "v1.0" ||
		!reflect.DeepEqual(sortedKeys(wire.Action), []string{"context", "name", "sourceComponentId", "surfaceId", "timestamp"}) {
		t.Errorf("the action is not v1.0's: %s (%v)", res.Action, err)
	}
	act, err := client.ReadAction(res)
	if err != nil {
		t.Fatal(err)
	}
	if act.Version != "v1.0" || act.Name != "submit" || act.SurfaceID != "provider" || act.SourceComponentID != "submit" || act.Source != hub.Terminal ||
		!reflect.DeepEqual(act.Context, map[string]any{"id": "PRV-7"}) || !reflect.DeepEqual(act.DataModel, map[string]any{"id": "PRV-7"}) {
		t.Errorf("the action: %+v", act)
	}
	if res, err := c.Wait(ctx, 0); err != nil || !res.TimedOut {
		t.Errorf("the press reached the agent twice: %+v, %v", res, err)
	}
	x.keys("C-c")
	x.gone()
}

// nextSent is canvas.wait for what the person's terminal sends next.
func nextSent(ctx context.Context, t *testing.T, c *client.Client, x *tmux) hub.WaitResult {
	t.Helper()
	res, err := c.Wait(ctx, screenWait.Seconds())
	if err != nil || res.TimedOut {
		t.Fatalf("nothing reached canvas.wait: %+v, %v\n%s", res, err, x.screen())
	}
	return res
}

// waitStatus polls the status line, the screen's last line that is not
// blank, until it holds want, for at most screenWait: the transcript
// may say the same, and does not count.
func (x *tmux) waitStatus(want string) {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		rows := strings.Split(strings.TrimRight(x.screen(), "\n "), "\n")
		if strings.Contains(rows[len(rows)-1], want) {
			return
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the status line never showed %q; the screen shows:\n%s", want, x.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
