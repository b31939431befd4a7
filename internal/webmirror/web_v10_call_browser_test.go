package webmirror

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// TestWebBrowserV10AgentCall: a press on the page of a v1.0 button bound
// to the agent's function sends callAgentFunction through the queue; the
// page shows the call pending as the terminal does (the button disabled,
// saying until when it waits: the timeout the person sees), then the
// answer on its status line once agentFunctionResponse arrives, and the
// button takes presses again.
func TestWebBrowserV10AgentCall(t *testing.T) {
	// A fixed clock: the time the button waits until is known.
	h := hub.New(hub.Options{Now: func() time.Time { return time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC) }})
	t.Cleanup(h.Close)
	if _, err := h.Show(browserRaws(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
		`{"id":"root","component":"Column","children":["id","ask"]},` +
		`{"id":"id","component":"TextField","label":"Provider id","value":{"path":"/id"}},` +
		`{"id":"ask","component":"Button","child":"ask-label","action":{"functionCall":{"call":"verifyProvider","args":{"id":{"path":"/id"}}}}},` +
		`{"id":"ask-label","component":"Text","text":"Verify"}],"dataModel":{"id":"PRV-7"}}}`)); err != nil {
		t.Fatal(err)
	}
	p := browserOpen(t, h, false)
	button := browserJS(browserSel("button", "data-node", "ask"))
	p.waitJS("the button", `!!document.querySelector(`+button+`)`)
	const pending = "waiting for the agent's verifyProvider until 05:07:07 UTC"
	// A note that waits, not a failing check: no ✗, and the button busy.
	pendingShown := `(() => { const b = document.querySelector(` + button + `); const w = b && b.closest('.a2-checked');` +
		` const n = w && w.querySelector('.a2-waiting');` +
		` return !!b && b.disabled && b.getAttribute('aria-busy') === 'true' && !!n && n.textContent === ` + browserJS("⋯ "+pending) +
		` && !w.querySelector('.a2-check'); })()`
	var shown bool
	p.eval(pendingShown, &shown)
	if shown {
		t.Fatal("the button waits before it is pressed: the test shows nothing")
	}

	waited := browserWait(t, h)
	p.run("press Verify", chromedp.Click(browserSel("button", "data-node", "ask"), chromedp.ByQuery))
	w := <-waited
	if w.err != nil || w.res.TimedOut || w.res.Source != hub.Web {
		t.Fatalf("the press did not reach canvas.wait from the page: %+v, %v", w.res, w.err)
	}
	var call struct {
		CallAgentFunction struct {
			FunctionCallID string `json:"functionCallId"`
			CallFunction   struct {
				Call string         `json:"call"`
				Args map[string]any `json:"args"`
			} `json:"callFunction"`
		} `json:"callAgentFunction"`
	}
	if err := json.Unmarshal(w.res.Action, &call); err != nil || call.CallAgentFunction.CallFunction.Call != "verifyProvider" ||
		call.CallAgentFunction.CallFunction.Args["id"] != "PRV-7" {
		t.Fatalf("not the callAgentFunction of the press: %s (%v)", w.res.Action, err)
	}
	p.waitJS("the call pending, with until when", pendingShown)

	if _, err := h.Show(browserRaws(`{"version":"v1.0","agentFunctionResponse":{"functionCallId":"` + call.CallAgentFunction.FunctionCallID + `","value":{"known":true}}}`)); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the answer on the status line", `(() => { const e = document.getElementById('status-notice');`+
		` return !e.hidden && e.textContent === `+browserJS(`verifyProvider answered: {"known":true}`)+`; })()`)
	p.waitJS("the button taking presses again", `(() => { const b = document.querySelector(`+button+`); return !!b && !b.disabled && !b.closest('.a2-checked'); })()`)
	var text string
	p.eval(`document.body.textContent`, &text)
	if strings.Contains(text, pending) {
		t.Errorf("the page still says the call waits:\n%s", text)
	}
	p.checkClean()
}
