//go:build unix

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
)

// validatorSample is the official v0.9.1 example of checks: a card with an
// email, a phone and a zip field, each checked, a terms box, and a Submit
// button whose own check waits for the box, an email or a phone, and a
// zip. Tests that read it skip when the samples are not there.
const validatorSample = "v091-basic-32_advanced-form-validator.json"

// validatorMessages reads the sample's messages (it is written in the
// specification's {"name", "description", "messages"} wrapper).
func validatorMessages(t *testing.T) []json.RawMessage {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "a2ui-samples-v09", validatorSample)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no A2UI v0.9.1 sample at %s (%v); skipped", path, err)
	}
	raws, err := a2ui.SplitStream(data)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		out[i] = r
	}
	return out
}

// styled is the screen with tmux's own escape codes for the cells'
// attributes.
func (x *tmux) styled() string {
	x.t.Helper()
	return x.srv.Run("capture-pane", "-p", "-e", "-t", x.session)
}

// faint reports whether tmux draws text faint (SGR 2), as a2term draws a
// button its checks disable.
func (x *tmux) faint(text string) bool {
	x.t.Helper()
	m := regexp.MustCompile(`\x1b\[([0-9;]*)m` + regexp.QuoteMeta(text)).FindStringSubmatch(x.styled())
	if m == nil {
		x.t.Fatalf("tmux does not show %q styled:\n%s", text, x.screen())
	}
	for _, p := range strings.Split(m[1], ";") {
		if p == "2" {
			return true
		}
	}
	return false
}

// waitGone polls the screen until it no longer holds text, for at most
// screenWait.
func (x *tmux) waitGone(text string) string {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		s := x.screen()
		if !strings.Contains(s, text) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the screen still shows %q:\n%s", text, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestV09FormValidatorInTmux: an agent shows the official advanced form
// validator on a2term in a real terminal; the person types invalid
// values and sees each field's message and a Submit button that stays
// disabled (faint, its press refused, nothing reaching the agent), then
// fixes them, ticks the box and presses Submit: canvas.wait, over the
// real socket, returns the v0.9 action with the data model holding what
// was typed.
func TestV09FormValidatorInTmux(t *testing.T) {
	msgs := validatorMessages(t)
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
	if _, err := c.Show(ctx, msgs...); err != nil {
		t.Fatal(err)
	}
	// The date comes from the data model, formatted in en-US and UTC.
	x.waitFor("Hello! Today is Monday, December 15.")
	const submit = "[ Submit Registration ]"
	submitCheck := "You must agree to terms AND provide either Email or"

	// Invalid values: each field's check says so, and Submit stays
	// disabled (the box is not ticked). The first field has the focus
	// from the start.
	x.keys("-l", "ada@example")
	x.waitFor("ada@example ")
	x.keys("Tab")
	x.keys("-l", "12345")
	x.waitFor("12345")
	x.keys("Tab")
	x.keys("-l", "123")
	s := x.waitFor("Must be exactly 5 digits")
	for _, want := range []string{"✗ Invalid email format", "✗ Invalid phone format", "✗ Must be exactly 5 digits", submitCheck} {
		if !strings.Contains(s, want) {
			t.Errorf("the screen does not show %q:\n%s", want, s)
		}
	}
	x.settle()
	if !x.faint(submit) {
		t.Errorf("Submit is not drawn disabled:\n%s", x.screen())
	}
	// Pressing it anyway: refused, said on the status line, nothing sent.
	x.keys("Tab", "Tab")
	x.keys("Enter")
	x.waitFor(`Not sent: button "submit-btn" is disabled by its checks`)
	if res, err := c.Wait(ctx, 0); err != nil || !res.TimedOut {
		t.Fatalf("a press of the disabled Submit reached the agent: %+v, %v", res, err)
	}

	// Fix them: complete each value, tick the box.
	x.keys("BTab", "BTab", "BTab", "BTab", "End")
	x.keys("-l", ".com")
	x.waitGone("Invalid email format")
	x.keys("Tab", "End")
	x.keys("-l", "67890")
	x.waitGone("Invalid phone format")
	x.keys("Tab", "End")
	x.keys("-l", "45")
	x.waitGone("Must be exactly 5 digits")
	if x.settle(); !x.faint(submit) {
		t.Errorf("Submit is enabled before the box is ticked:\n%s", x.screen())
	}
	x.keys("Tab", "Space")
	x.waitFor("[x] I agree to the terms and conditions")
	x.waitGone(submitCheck)
	if x.settle(); x.faint(submit) {
		t.Errorf("Submit is still drawn disabled once every check passes:\n%s", x.screen())
	}
	x.keys("Tab", "Enter")

	res, err := c.Wait(ctx, 20)
	if err != nil || res.TimedOut {
		t.Fatalf("the press did not reach canvas.wait: %+v, %v\n%s", res, err, x.screen())
	}
	var wire struct {
		Version string                     `json:"version"`
		Action  map[string]json.RawMessage `json:"action"`
	}
	if err := json.Unmarshal(res.Action, &wire); err != nil || wire.Version != "v0.9" ||
		!reflect.DeepEqual(sortedKeys(wire.Action), []string{"context", "name", "sourceComponentId", "surfaceId", "timestamp"}) {
		t.Errorf("the action is not the v0.9 client message: %s (%v)", res.Action, err)
	}
	act, err := client.ReadAction(res)
	if err != nil {
		t.Fatal(err)
	}
	typed := map[string]any{"email": "ada@example.com", "phone": "1234567890", "zip": "12345", "agree": true}
	if act.Version != "v0.9" || act.Name != "register" || act.SurfaceID != "gallery-advanced-validator" || act.SourceComponentID != "submit-btn" ||
		string(act.Source) != "terminal" || !reflect.DeepEqual(act.Context, map[string]any{"data": typed}) {
		t.Errorf("the action: %+v", act)
	}
	if !reflect.DeepEqual(act.DataModel, map[string]any{"now": "2025-12-15T12:00:00Z", "formData": typed}) {
		t.Errorf("a2uiClientDataModel holds %s", res.ClientDataModel)
	}
	x.waitFor("← the person pressed register on") // the transcript wraps the rest
	x.keys("C-c")
	x.gone()
}

func sortedKeys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
