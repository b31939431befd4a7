package webmirror

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// browserV09 is a v0.9 surface with checks: an email field whose checks
// read it, a check box that must be ticked, a Send button disabled until
// both pass, and two links: one to a web address, one to javascript:.
var browserV09 = browserRaws(
	`{"version":"v0.9","createSurface":{"surfaceId":"v9","catalogId":"`+a2ui.BasicCatalogV09ID+`","sendDataModel":true}}`,
	`{"version":"v0.9","updateComponents":{"surfaceId":"v9","components":[`+
		`{"id":"root","component":"Column","children":["email","agree","send","docs","evil"]},`+
		`{"id":"email","component":"TextField","label":"Email","value":{"path":"/email"},"checks":[{"call":"email","args":{"value":{"path":"/email"}},"message":"Not an email address"}]},`+
		`{"id":"agree","component":"CheckBox","label":"I agree","value":{"path":"/agree"},"checks":[{"condition":{"path":"/agree"},"message":"You must agree"}]},`+
		`{"id":"send","component":"Button","child":"sl","variant":"primary","action":{"event":{"name":"send","context":{"to":{"path":"/email"}}}},`+
		`"checks":[{"condition":{"call":"and","args":{"values":[{"call":"email","args":{"value":{"path":"/email"}}},{"path":"/agree"}]}},"message":"Fill in the form first"}]},`+
		`{"id":"sl","component":"Text","text":"Send"},`+
		`{"id":"docs","component":"Button","child":"dl","variant":"borderless","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/terms"}}}},`+
		`{"id":"dl","component":"Text","text":"Terms"},`+
		`{"id":"evil","component":"Button","child":"el","action":{"functionCall":{"call":"openUrl","args":{"url":"javascript:window.pwned=1"}}}},`+
		`{"id":"el","component":"Text","text":"Evil"}]}}`,
	`{"version":"v0.9","updateDataModel":{"surfaceId":"v9","value":{"email":"","agree":false}}}`,
)

// TestWebBrowserV09Checks: the page draws a v0.9 surface's failing checks
// beside their controls and its button disabled until they pass, keeps
// the field being typed in while its checks come and go, sends the v0.9
// action, and shows a link's address instead of opening it (a clickable
// link only for a web address).
func TestWebBrowserV09Checks(t *testing.T) {
	h := browserHub(t, false, browserV09)
	p := browserOpen(t, h, false)
	send := browserSel("button", "data-node", "send")
	email := browserSel("input", "data-node", "email")
	agree := browserSel("input", "data-node", "agree")
	p.waitJS("the v0.9 surface", `document.querySelector(`+browserJS(send)+`)?.disabled === true`)
	var shown struct{ Email, Agree, Send string }
	p.eval(`({Email: document.querySelector('[data-key="email"] .a2-checks')?.textContent,
		Agree: document.querySelector('[data-key="agree"] .a2-checks')?.textContent,
		Send: document.querySelector('[data-key="send"] .a2-checks')?.textContent})`, &shown)
	if shown.Email != "✗ Not an email address" || shown.Agree != "✗ You must agree" || shown.Send != "✗ Fill in the form first" {
		t.Errorf("the checks' messages: %+v", shown)
	}
	// A click on a disabled button sends nothing.
	p.eval(`document.querySelector(`+browserJS(send)+`).click(), 1`, new(int))
	if q := h.Snapshot().Status.Queued; q != 0 {
		t.Errorf("a disabled button queued %d actions", q)
	}

	// Typing a valid address clears the field's check, in the same
	// input; the button waits for the box too.
	p.eval(`window.a2termInput = document.querySelector(`+browserJS(email)+`), 1`, new(int))
	p.run("type an address", chromedp.SendKeys(email, "ada@example.org", chromedp.ByQuery))
	p.waitJS("the field's check to pass", `!document.querySelector('[data-key="email"] .a2-checks')`)
	var same bool
	p.eval(`window.a2termInput === document.querySelector(`+browserJS(email)+`) && document.activeElement === window.a2termInput`, &same)
	if !same {
		t.Error("the field was drawn anew while the person typed in it")
	}
	p.eval(`document.querySelector(`+browserJS(send)+`).disabled`, &same)
	if !same {
		t.Error("the button is enabled before the box is ticked")
	}
	waited := browserWait(t, h)
	p.run("tick the box", chromedp.Click(agree, chromedp.ByQuery))
	p.waitJS("the button to be enabled", `document.querySelector(`+browserJS(send)+`)?.disabled === false && !document.querySelector('.a2-checks')`)
	p.run("press send", chromedp.Click(send, chromedp.ByQuery))
	w := <-waited
	if w.err != nil || w.res.TimedOut {
		t.Fatalf("no action: %+v, %v", w.res, w.err)
	}
	var msg struct {
		Version string `json:"version"`
		Action  struct {
			Name    string         `json:"name"`
			Context map[string]any `json:"context"`
		} `json:"action"`
	}
	if err := json.Unmarshal(w.res.Action, &msg); err != nil || msg.Version != "v0.9" || msg.Action.Name != "send" || msg.Action.Context["to"] != "ada@example.org" || w.res.Source != hub.Web {
		t.Errorf("action %s from %s: %v", w.res.Action, w.res.Source, err)
	}
	if string(w.res.ClientDataModel) != `{"version":"v0.9","surfaces":{"v9":{"email":"ada@example.org","agree":true}}}` {
		t.Errorf("client data model %s", w.res.ClientDataModel)
	}

	// Links: the address is shown, never opened; only a web address is a
	// link in the notice.
	p.run("press the terms link", chromedp.Click(browserSel("button", "data-node", "docs"), chromedp.ByQuery))
	p.waitJS("the address", `document.querySelector("#notice-text")?.textContent === "Open it yourself: https://example.com/terms"`)
	var link struct {
		Href, Rel, Target string
	}
	p.eval(`(() => { const a = document.querySelector("#notice-text a"); return {Href: a.href, Rel: a.rel, Target: a.target}; })()`, &link)
	if link.Href != "https://example.com/terms" || link.Rel != "noopener noreferrer" || link.Target != "_blank" {
		t.Errorf("the link in the notice: %+v", link)
	}
	p.run("press the javascript: link", chromedp.Click(browserSel("button", "data-node", "evil"), chromedp.ByQuery))
	p.waitJS("its address as text", `document.querySelector("#notice-text")?.textContent === "Open it yourself: javascript:window.pwned=1"`)
	var state struct {
		Links  int
		Pwned  bool
		Queued int
	}
	p.eval(`({Links: document.querySelectorAll("#notice-text a").length, Pwned: !!window.pwned, Queued: 0})`, &state)
	if state.Links != 0 || state.Pwned {
		t.Errorf("a javascript: address: %+v", state)
	}
	if q := h.Snapshot().Status.Queued; q != 0 {
		t.Errorf("the links queued %d actions", q)
	}
	p.checkClean()
}

// TestWebBrowserV09Widgets: the props v0.9 adds reach the page: an SVG
// icon drawn as path data, a component's accessible label and
// description, a labelled choice picker, a date input's bounds, a
// stretched column.
func TestWebBrowserV09Widgets(t *testing.T) {
	h := browserHub(t, false, browserRaws(
		`{"version":"v0.9","createSurface":{"surfaceId":"w9","catalogId":"`+a2ui.BasicCatalogV09ID+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"w9","components":[`+
			`{"id":"root","component":"Column","justify":"stretch","children":["svg","say","size","day"]},`+
			`{"id":"svg","component":"Icon","name":{"svgPath":"M12 2L2 22h20Z"}},`+
			`{"id":"say","component":"TextField","label":"Say","accessibility":{"label":"What to say","description":{"path":"/hint"}}},`+
			`{"id":"size","component":"ChoicePicker","label":"Size","options":[{"label":"Small","value":"s"},{"label":"Large","value":"l"}],"value":["s"]},`+
			`{"id":"day","component":"DateTimeInput","label":"Day","value":"2026-05-01","enableDate":true,"min":"2026-01-01","max":"2026-12-31"}]}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"w9","value":{"hint":"One line"}}}`,
	))
	p := browserOpen(t, h, false)
	p.waitJS("the v0.9 widgets", `document.querySelector('[data-key="day"] input')`)
	var got struct {
		Path, Label, Desc, Legend, Radio, Min, Max, Justify string
	}
	p.eval(`({Path: document.querySelector('[data-key="svg"] svg path')?.getAttribute("d"),
		Label: document.querySelector('[data-key="say"] input')?.getAttribute("aria-label"),
		Desc: document.querySelector('[data-key="say"] input')?.getAttribute("aria-description"),
		Legend: document.querySelector('[data-key="size"] legend')?.textContent,
		Radio: document.querySelector('[data-key="size"] input')?.type,
		Min: document.querySelector('[data-key="day"] input')?.min,
		Max: document.querySelector('[data-key="day"] input')?.max,
		Justify: getComputedStyle(document.querySelector('[data-key="root"]')).justifyContent})`, &got)
	want := struct{ Path, Label, Desc, Legend, Radio, Min, Max, Justify string }{
		"M12 2L2 22h20Z", "What to say", "One line", "Size", "radio", "2026-01-01", "2026-12-31", "stretch"}
	if got != want {
		t.Errorf("the page draws %+v, want %+v", got, want)
	}
	p.checkClean()
}

// TestWebBrowserV09AgentName: the name a v0.9 surface's theme gives its
// agent (agentDisplayName) is shown over the surface and in its tab's
// title, as text and said to be the agent's; it stays through an update
// patched into the page; a surface without one shows none.
func TestWebBrowserV09AgentName(t *testing.T) {
	h := browserHub(t, false, browserRaws(
		`{"version":"v0.9","createSurface":{"surfaceId":"trip","catalogId":"`+a2ui.BasicCatalogV09ID+`","theme":{"agentDisplayName":"Travel <b>Desk</b>"}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"trip","components":[`+
			`{"id":"root","component":"Column","children":["when"]},{"id":"when","component":"Text","text":{"path":"/when"}}]}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"trip","value":{"when":"Monday"}}}`,
		`{"version":"v0.9","createSurface":{"surfaceId":"plain","catalogId":"`+a2ui.BasicCatalogV09ID+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"plain","components":[{"id":"root","component":"Text","text":"Plain"}]}}`,
	))
	p := browserOpen(t, h, false)
	p.waitJS("the named surface", `document.querySelector('[data-surface="trip"] [data-key="when"]')?.textContent === "Monday"`)
	type shown struct {
		Agent, Title string
		Bold, Other  bool
	}
	read := func() shown {
		var got shown
		p.eval(`({Agent: document.querySelector('[data-surface="trip"] > .surface-agent')?.textContent,
			Title: document.querySelector('[data-surface-tab="trip"]')?.getAttribute("title"),
			Bold: !!document.querySelector('.surface-agent b'),
			Other: !!document.querySelector('[data-surface="plain"] .surface-agent')})`, &got)
		return got
	}
	want := shown{Agent: "agent: Travel <b>Desk</b>", Title: "trip (agent: Travel <b>Desk</b>)"}
	if got := read(); got != want {
		t.Errorf("the page shows %+v, want %+v", got, want)
	}
	if _, err := h.Show(browserRaws(`{"version":"v0.9","updateDataModel":{"surfaceId":"trip","path":"/when","value":"Tuesday"}}`)); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the update", `document.querySelector('[data-surface="trip"] [data-key="when"]')?.textContent === "Tuesday"`)
	if got := read(); got != want {
		t.Errorf("after an update the page shows %+v, want %+v", got, want)
	}

	// Deleted and created again under the same id, drawing a tree of the
	// same shape: the page shows the new theme's name, or none; and a
	// change that draws nothing new leaves it what it shows.
	again := func(theme, when string) []json.RawMessage {
		return browserRaws(`{"version":"v0.9","deleteSurface":{"surfaceId":"trip"}}`,
			`{"version":"v0.9","createSurface":{"surfaceId":"trip","catalogId":"`+a2ui.BasicCatalogV09ID+`"`+theme+`}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"trip","components":[`+
				`{"id":"root","component":"Column","children":["when"]},{"id":"when","component":"Text","text":{"path":"/when"}}]}}`,
			`{"version":"v0.9","updateDataModel":{"surfaceId":"trip","value":{"when":"`+when+`"}}}`)
	}
	steps := []struct {
		what string
		raws []json.RawMessage
		want shown
	}{
		{"created again with another name", again(`,"theme":{"agentDisplayName":"Other Desk"}`, "Wednesday"),
			shown{Agent: "agent: Other Desk", Title: "trip (agent: Other Desk)"}},
		{"data no component shows", browserRaws(`{"version":"v0.9","updateDataModel":{"surfaceId":"trip","path":"/unused","value":"x"}}`),
			shown{Agent: "agent: Other Desk", Title: "trip (agent: Other Desk)"}},
		{"created again without a name", again("", "Wednesday"), shown{Title: "trip"}},
	}
	var oneLine float64
	p.eval(`document.querySelector('[data-surface="trip"] > .surface-agent').getBoundingClientRect().height`, &oneLine)
	for _, st := range steps {
		if _, err := h.Show(st.raws); err != nil {
			t.Fatalf("%s: %v", st.what, err)
		}
		p.waitJS(st.what, `document.documentElement.getAttribute('data-snapshot') === "`+strconv.FormatUint(h.Snapshot().Canvas.Version(), 10)+`"`)
		var text string
		p.eval(`document.querySelector('[data-surface="trip"] [data-key="when"]')?.textContent ?? "(none)"`, &text)
		if got := read(); got != st.want || text != "Wednesday" {
			t.Errorf("%s: the page shows %+v and %q, want %+v and %q", st.what, got, text, st.want, "Wednesday")
		}
	}

	// A very long name takes the one line a short one does.
	long := strings.Repeat("Desk ", 2000)
	if _, err := h.Show(again(`,"theme":{"agentDisplayName":"`+long+`"}`, "Thursday")); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the long name", `document.querySelector('[data-surface="trip"] [data-key="when"]')?.textContent === "Thursday"`)
	var tall float64
	p.eval(`document.querySelector('[data-surface="trip"] > .surface-agent').getBoundingClientRect().height`, &tall)
	if oneLine <= 0 || tall != oneLine {
		t.Errorf("a name of %d bytes takes %.1f pixels of height, a short one %.1f", len(long), tall, oneLine)
	}
	p.checkClean()
}
