package webmirror

import (
	"bufio"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/agentsock"
)

// validatorSample is the official v0.9.1 example of checks: an email, a
// phone and a zip field, each checked, a terms box, and a Submit button
// whose own check waits for the box, an email or a phone, and a zip.
const validatorSample = "../../../shared/a2ui-samples-v09/v091-basic-32_advanced-form-validator.json"

// socketWait sends canvas.wait over a fresh connection to the socket at
// path, as an agent does, and hands over the reply's result.
func socketWait(t *testing.T, path string, seconds int) <-chan json.RawMessage {
	t.Helper()
	nc, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": agentsock.MethodWait, "params": map[string]any{"seconds": seconds}})
	if _, err := nc.Write(append(req, '\n')); err != nil {
		t.Fatal(err)
	}
	ch := make(chan json.RawMessage, 1)
	go func() {
		defer close(ch)
		line, err := bufio.NewReader(nc).ReadBytes('\n')
		if err != nil {
			return
		}
		var reply struct {
			Result json.RawMessage `json:"result"`
		}
		if json.Unmarshal(line, &reply) == nil {
			ch <- reply.Result
		}
	}()
	return ch
}

// TestWebBrowserV09FormValidator: the official advanced form validator,
// shown on a hub, typed into on the paired web page: invalid values show
// each field's message and keep Submit disabled (a click on it queues
// nothing); once fixed and the box ticked, Submit is enabled, and its
// press reaches canvas.wait over the real socket as the v0.9 action with
// a2uiClientDataModel holding what was typed.
func TestWebBrowserV09FormValidator(t *testing.T) {
	data, err := os.ReadFile(validatorSample)
	if err != nil {
		t.Skipf("no A2UI v0.9.1 sample at %s (%v); skipped", validatorSample, err)
	}
	raws, err := a2ui.SplitStream(data)
	if err != nil {
		t.Fatal(err)
	}
	msgs := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		msgs[i] = r
	}
	h := browserHub(t, false, msgs)
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "s", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	p := browserOpen(t, h, false)

	email := browserSel("input", "data-node", "email-field")
	phone := browserSel("input", "data-node", "phone-field")
	zip := browserSel("input", "data-node", "zip-field")
	agree := browserSel("input", "data-node", "terms-checkbox")
	submit := browserSel("button", "data-node", "submit-btn")
	checks := func() (got struct{ Email, Phone, Zip, Submit string }) {
		p.eval(`(() => { const m = k => document.querySelector('[data-key="' + k + '"] .a2-checks')?.textContent || "";
			return {Email: m("email-field"), Phone: m("phone-field"), Zip: m("zip-field"), Submit: m("submit-btn")}; })()`, &got)
		return got
	}
	disabled := func() bool {
		var d bool
		p.eval(`document.querySelector(`+browserJS(submit)+`).disabled`, &d)
		return d
	}
	p.waitJS("the form", `document.querySelector('[data-key="welcome-text"]')?.textContent === "Hello! Today is Monday, December 15."`)

	// Invalid values: each field says so, Submit stays disabled.
	p.run("type invalid values",
		chromedp.SendKeys(email, "ada@example", chromedp.ByQuery),
		chromedp.SendKeys(phone, "12345", chromedp.ByQuery),
		chromedp.SendKeys(zip, "123", chromedp.ByQuery),
	)
	browserHubWait(t, h, "the hub to have the zip 123", func() bool {
		return terminalNode(t, h, "gallery-advanced-validator", "zip-field").Props.(*a2ui.TextFieldProps).Text == "123"
	})
	p.waitJS("the zip's message", `document.querySelector('[data-key="zip-field"] .a2-checks')`)
	got := checks()
	want := struct{ Email, Phone, Zip, Submit string }{"✗ Invalid email format", "✗ Invalid phone format", "✗ Must be exactly 5 digits",
		"✗ You must agree to terms AND provide either Email or Phone, plus a Zip code."}
	if got != want {
		t.Errorf("the checks' messages:\n%+v\nwant\n%+v", got, want)
	}
	if !disabled() {
		t.Error("Submit is enabled while its check fails")
	}
	p.eval(`document.querySelector(`+browserJS(submit)+`).click(), 1`, new(int))

	// Fixed values: the messages go; Submit waits for the box.
	fix := func(sel, value string) {
		p.run("correct "+sel,
			chromedp.Focus(sel, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector(`+browserJS(sel)+`).select()`, nil),
			chromedp.SendKeys(sel, value, chromedp.ByQuery),
		)
	}
	fix(email, "ada@example.com")
	fix(phone, "+4915112345678")
	fix(zip, "12345")
	p.waitJS("the fields' messages to go", `!document.querySelector('[data-key="email-field"] .a2-checks, [data-key="phone-field"] .a2-checks, [data-key="zip-field"] .a2-checks')`)
	if !disabled() {
		t.Error("Submit is enabled before the box is ticked")
	}
	if q := h.Snapshot().Status.Queued; q != 0 {
		t.Errorf("a click on the disabled Submit queued %d actions", q)
	}
	p.run("tick the box", chromedp.Click(agree, chromedp.ByQuery))
	p.waitJS("Submit to be enabled", `document.querySelector(`+browserJS(submit)+`)?.disabled === false && !document.querySelector('.a2-checks')`)

	waited := socketWait(t, srv.Path(), 20)
	p.run("press Submit", chromedp.Click(submit, chromedp.ByQuery))
	var res json.RawMessage
	select {
	case res = <-waited:
	case <-time.After(browserGuard + 20*time.Second):
		t.Fatal("canvas.wait never answered")
	}
	var w struct {
		Action struct {
			Version string `json:"version"`
			Action  struct {
				Name              string         `json:"name"`
				SurfaceID         string         `json:"surfaceId"`
				SourceComponentID string         `json:"sourceComponentId"`
				Timestamp         string         `json:"timestamp"`
				Context           map[string]any `json:"context"`
			} `json:"action"`
		} `json:"action"`
		ClientDataModel struct {
			Version  string         `json:"version"`
			Surfaces map[string]any `json:"surfaces"`
		} `json:"a2uiClientDataModel"`
		Source string `json:"source"`
	}
	if err := json.Unmarshal(res, &w); err != nil {
		t.Fatalf("canvas.wait returned %s: %v", res, err)
	}
	typed := map[string]any{"email": "ada@example.com", "phone": "+4915112345678", "zip": "12345", "agree": true}
	a := w.Action.Action
	if w.Action.Version != "v0.9" || a.Name != "register" || a.SurfaceID != "gallery-advanced-validator" || a.SourceComponentID != "submit-btn" ||
		a.Timestamp == "" || !reflect.DeepEqual(a.Context, map[string]any{"data": typed}) || w.Source != "web" {
		t.Errorf("canvas.wait returned %s", res)
	}
	model := map[string]any{"gallery-advanced-validator": map[string]any{"now": "2025-12-15T12:00:00Z", "formData": typed}}
	if w.ClientDataModel.Version != "v0.9" || !reflect.DeepEqual(w.ClientDataModel.Surfaces, model) {
		t.Errorf("a2uiClientDataModel: %s", res)
	}
	p.checkClean()
}
