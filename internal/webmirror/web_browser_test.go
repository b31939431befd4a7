package webmirror

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// The browser tests drive the embedded page in a real headless Chromium
// (Debian's, which .ci/run installs) against a real hub and web mirror:
// what the person types and presses on the page reaches canvas.wait, what
// the terminal does reaches the page, hostile agent text stays text, and
// no request leaves the page.

const (
	// browserGuard bounds each wait for the page; the tests poll for a
	// condition and never sleep to let things happen.
	browserGuard = 15 * time.Second
	// browserBudget bounds a whole test, browser start and exit included.
	browserBudget = 2 * time.Minute
)

// browserPath finds Chromium, or "" when it is not installed.
func browserPath() string {
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browserStart starts a headless Chromium with a fresh profile that lives
// as long as the test, and returns the context of its one tab. (Each page
// gets a browser of its own: chromedp v0.14 cannot attach to a second
// tab of a current Chromium.)
func browserStart(t *testing.T) context.Context {
	t.Helper()
	path := browserPath()
	if path == "" {
		t.Skip("chromium is not installed; browser tests need it (CI installs it)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("mute-audio", true),
		chromedp.UserDataDir(browserProfile(t)),
		chromedp.WindowSize(1280, 900),
	)
	budget, cancelBudget := context.WithTimeout(context.Background(), browserBudget)
	actx, cancelAlloc := chromedp.NewExecAllocator(budget, opts...)
	// Chromium speaks a newer protocol than cdproto knows; the events it
	// cannot decode are of no interest here.
	quiet := func(string, ...any) {}
	ctx, cancelBrowser := chromedp.NewContext(actx, chromedp.WithErrorf(quiet), chromedp.WithLogf(quiet))
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc() // waits for the browser to exit
		cancelBudget()
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// browserProfile is a fresh, empty profile directory for one browser,
// removed after the test. Chromium's helper processes may still write
// into it for a moment after the browser has exited (its disk cache came
// back after a removal), so the removal waits until no process started
// with the directory is left, where /proc tells, and is retried for a
// while.
func browserProfile(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "a2term-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		deadline := time.Now().Add(10 * time.Second)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			users := profileUsers(dir)
			err := os.RemoveAll(dir)
			if err == nil && users == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Errorf("removing the browser profile (%d processes still use it): %v", users, err)
				return
			}
			<-tick.C
		}
	})
	return dir
}

// profileUsers counts the processes whose command line names the
// profile dir or a path in it (--user-data-dir, and a crash handler's
// folders), as /proc lists them: none where there is no /proc.
// Chromium's helpers rewrite their command line as one string, its flags
// apart by spaces.
func profileUsers(dir string) int {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	flag := []byte(dir)
	n := 0
	for _, p := range procs {
		cmdline, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		for rest := cmdline; ; {
			i := bytes.Index(rest, flag)
			if i < 0 {
				break
			}
			rest = rest[i+len(flag):]
			if len(rest) == 0 || rest[0] == 0 || rest[0] == ' ' || rest[0] == '/' {
				n++
				break
			}
		}
	}
	return n
}

// browserPage is one tab on a page of the web mirror of hub.
type browserPage struct {
	t      *testing.T
	ctx    context.Context
	hub    *hub.Hub
	ws     *WebServer
	origin string // http://127.0.0.1:PORT

	mu       sync.Mutex
	requests []string // every URL the page asked for
	problems []string // exceptions and console errors
}

// browserOpen starts a web mirror of hub and opens its pairing link in a
// browser of its own, waiting until the page has drawn its first snapshot.
func browserOpen(t *testing.T, hb *hub.Hub, dark bool) *browserPage {
	t.Helper()
	ws, err := ServeWeb(hb, WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return browserOpenLink(t, hb, ws, ws.PairingLink(), dark)
}

// browserOpenLink opens link in a browser of its own and waits until the
// page has drawn its first snapshot.
func browserOpenLink(t *testing.T, hb *hub.Hub, ws *WebServer, link string, dark bool) *browserPage {
	t.Helper()
	ctx := browserStart(t) // its cleanup closes the browser before the server
	p := &browserPage{t: t, ctx: ctx, hub: hb, ws: ws, origin: strings.TrimSuffix(ws.URL(), "/")}
	chromedp.ListenTarget(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			p.requests = append(p.requests, e.Request.URL)
		case *runtime.EventExceptionThrown:
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			p.problems = append(p.problems, "exception: "+msg)
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError || e.Type == runtime.APITypeWarning {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				p.problems = append(p.problems, "console: "+strings.Join(parts, " "))
			}
		}
	})
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	p.run("open the page",
		network.Enable(),
		chromedp.ActionFunc(func(ctx context.Context) error {
			// Before any script of the page: record what the policy blocks.
			_, err := page.AddScriptToEvaluateOnNewDocument(browserViolations).Do(ctx)
			return err
		}),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
		chromedp.Navigate(link),
	)
	p.waitJS("the first snapshot", `document.documentElement.dataset.snapshot !== undefined`)
	t.Cleanup(p.checkClean)
	return p
}

// run runs actions within the guard.
func (p *browserPage) run(what string, actions ...chromedp.Action) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, browserGuard)
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page into res.
func (p *browserPage) eval(expr string, res any) {
	p.t.Helper()
	p.run("evaluate "+expr, chromedp.Evaluate(expr, res))
}

// waitJS polls a JavaScript condition until it holds, or fails the test
// after the guard.
func (p *browserPage) waitJS(what, cond string) {
	p.t.Helper()
	deadline := time.Now().Add(browserGuard)
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	expr := "!!(" + cond + ")"
	for {
		ctx, cancel := context.WithTimeout(p.ctx, browserGuard)
		var ok bool
		err := chromedp.Run(ctx, chromedp.Evaluate(expr, &ok))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waiting for %s (%s): %v", what, cond, err)
		}
		<-tick.C
	}
}

// browserViolations records, in the page, everything its
// Content-Security-Policy refuses (an inline style or script, a fetch
// elsewhere): the page must never need any of it.
const browserViolations = `window.a2termViolations = [];
document.addEventListener("securitypolicyviolation", e =>
	window.a2termViolations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));`

// checkClean fails the test if the page threw, logged an error, broke its
// Content-Security-Policy, or asked for anything outside its own origin
// (data: URLs stay inside the page).
func (p *browserPage) checkClean() {
	var violations []string
	ctx, cancel := context.WithTimeout(p.ctx, browserGuard)
	defer cancel()
	if err := chromedp.Run(ctx, chromedp.Evaluate(`window.a2termViolations`, &violations)); err != nil {
		p.t.Errorf("reading the policy violations: %v", err)
	}
	for _, v := range violations {
		p.t.Errorf("the page broke its Content-Security-Policy: %s", v)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, pr := range p.problems {
		p.t.Errorf("the page reported %s", pr)
	}
	if len(p.requests) == 0 {
		p.t.Errorf("no request was recorded: is the network listener working?")
	}
	for _, u := range p.requests {
		if !strings.HasPrefix(u, p.origin+"/") && !strings.HasPrefix(u, "data:") {
			p.t.Errorf("a request left the page: %.120s", u)
		}
	}
}

// browserJS is a JavaScript string literal for s.
func browserJS(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// sel is a CSS selector for the element of node id with the given
// attribute, e.g. browserSel("button", "data-node", "go").
func browserSel(tag, attr, id string) string {
	return fmt.Sprintf(`%s[%s=%s]`, tag, attr, browserJS(id))
}

// browserStream reads a JSONL file of A2UI messages.
func browserStream(t *testing.T, path string) []json.RawMessage {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []json.RawMessage
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			out = append(out, json.RawMessage(bytes.Clone(line)))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func browserRaws(lines ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(lines))
	for i, l := range lines {
		out[i] = json.RawMessage(l)
	}
	return out
}

func browserHub(t *testing.T, lenient bool, streams ...[]json.RawMessage) *hub.Hub {
	t.Helper()
	h := hub.New(hub.Options{Lenient: lenient})
	t.Cleanup(h.Close)
	for _, s := range streams {
		if _, err := h.Show(s); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// browserWaited is what a canvas.wait returned.
type browserWaited struct {
	res hub.WaitResult
	err error
}

// browserWait runs hub.Wait on another goroutine, as canvas.wait would;
// it ends by the guard, or when the test ends.
func browserWait(t *testing.T, h *hub.Hub) <-chan browserWaited {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ch := make(chan browserWaited, 1)
	go func() {
		res, err := h.Wait(ctx, browserGuard)
		ch <- browserWaited{res, err}
	}()
	return ch
}

// browserHubWait returns once ok holds for the hub's state, checking after
// every change, or fails the test after the guard.
func browserHubWait(t *testing.T, h *hub.Hub, what string, ok func() bool) {
	t.Helper()
	changed, cancel := h.Subscribe()
	defer cancel()
	timeout := time.NewTimer(browserGuard)
	defer timeout.Stop()
	for !ok() {
		select {
		case <-changed:
		case <-timeout.C:
			t.Fatalf("waiting for %s", what)
		}
	}
}

// browserAction is a delivered action: its name, where it came from, the
// component that fired it and its context.
type browserAction struct {
	Name, Source, Component string
	Context                 map[string]any
}

// browserReceive takes what a browserWait returned and decodes its
// {"userAction": …}.
func browserReceive(t *testing.T, ch <-chan browserWaited) browserAction {
	t.Helper()
	w := <-ch // Wait itself ends by the guard
	if w.err != nil || w.res.TimedOut || w.res.Action == nil {
		t.Fatalf("the wait got no action: %+v, %v", w.res, w.err)
	}
	var m struct {
		UserAction struct {
			Name              string         `json:"name"`
			SourceComponentID string         `json:"sourceComponentId"`
			Context           map[string]any `json:"context"`
		} `json:"userAction"`
	}
	if err := json.Unmarshal(w.res.Action, &m); err != nil {
		t.Fatalf("action %s: %v", w.res.Action, err)
	}
	return browserAction{m.UserAction.Name, string(w.res.Source), m.UserAction.SourceComponentID, m.UserAction.Context}
}

// terminalNode is node id of surface sid as the terminal draws it.
func terminalNode(t *testing.T, h *hub.Hub, sid, id string) *a2ui.Node {
	t.Helper()
	s := h.Snapshot().Canvas.Surface(sid)
	if s == nil || s.Tree() == nil {
		t.Fatalf("surface %q is not shown", sid)
	}
	n := s.Tree().Find(id)
	if n == nil {
		t.Fatalf("surface %q has no node %q", sid, id)
	}
	return n
}

func TestWebBrowserTypeAndPress(t *testing.T) {
	h := browserHub(t, false, browserStream(t, "../../cmd/a2term/demo/invoices.jsonl"))
	p := browserOpen(t, h, false)

	p.waitJS("the invoices surface", `document.querySelector('.surface[data-surface="invoices"]:not([hidden]) h2')?.textContent === "Invoices still owed"`)
	var href string
	p.eval(`location.href`, &href)
	if href != p.ws.URL() {
		t.Errorf("the address bar shows %s, not the clean %s", href, p.ws.URL())
	}
	p.eval(`window.a2termMarker = 1`, new(int)) // gone if the page reloads

	// Type a note and press "Pay both": the waiting canvas.wait gets the
	// action, from the web, with what was typed.
	waited := browserWait(t, h)
	note := browserSel("input", "data-node", "note")
	p.run("type and press",
		chromedp.SendKeys(note, "Thanks, Ada", chromedp.ByQuery),
		chromedp.Click(browserSel("button", "data-node", "pay-both"), chromedp.ByQuery),
	)
	a := browserReceive(t, waited)
	if a.Name != "pay_both" || a.Source != "web" || a.Component != "pay-both" || a.Context["note"] != "Thanks, Ada" {
		t.Fatalf("got %+v, want pay_both from web, fired by pay-both, with the note \"Thanks, Ada\"", a)
	}
	// The terminal side draws the same value.
	if got := terminalNode(t, h, "invoices", "note").Props.(*a2ui.TextFieldProps).Text; got != "Thanks, Ada" {
		t.Errorf("the terminal sees the note as %q", got)
	}
	p.waitJS("the press in the page's transcript", `document.querySelector("#transcript").textContent.includes("pay_both")`)

	// A check box on the page reaches the terminal too.
	pick := browserSel("input", "data-node", "pick:INV-1057")
	p.run("tick INV-1057", chromedp.Click(pick, chromedp.ByQuery))
	browserHubWait(t, h, "the terminal to see the ticked check box", func() bool {
		return terminalNode(t, h, "invoices", "pick:INV-1057").Props.(*a2ui.CheckBoxProps).Value
	})

	// A press in the terminal changes nothing on the page but the
	// transcript; the action says it came from the terminal.
	waited = browserWait(t, h)
	if err := h.Press(hub.Terminal, "invoices", "not-now", h.Snapshot().Canvas.Surface("invoices").Version()); err != nil {
		t.Fatal(err)
	}
	if a := browserReceive(t, waited); a.Name != "not_now" || a.Source != "terminal" {
		t.Fatalf("the terminal's press reached canvas.wait as %+v", a)
	}
	p.waitJS("the terminal's press in the page's transcript", `document.querySelector("#transcript").textContent.includes("not_now")`)
	var state struct {
		Note      string
		Picked    bool
		Queued    string
		Marker    int
		NoticeOff bool
	}
	p.eval(`({Note: document.querySelector(`+browserJS(note)+`).value,
		Picked: document.querySelector(`+browserJS(pick)+`).checked,
		Queued: document.querySelector("#status-queued").textContent,
		Marker: window.a2termMarker,
		NoticeOff: document.querySelector("#notice").hidden})`, &state)
	if state.Note != "Thanks, Ada" || !state.Picked || state.Marker != 1 || !state.NoticeOff {
		t.Errorf("after the terminal's press the page shows %+v", state)
	}

	// A value set in the terminal shows on the page without a reload.
	if err := h.SetValue(hub.Terminal, "invoices", "note", "typed in the terminal"); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the terminal's value on the page", `document.querySelector(`+browserJS(note)+`).value === "typed in the terminal" && window.a2termMarker === 1`)
}

// browserHTMLHostile is a surface whose every string is hostile to a web
// page (hostile.jsonl is hostile to terminals): markup, script, event
// handlers, a javascript: link, and a picture on another site (lenient
// mode turns it into a placeholder that names the host).
var browserHTMLHostile = []string{
	`{"beginRendering":{"surfaceId":"<b>html</b>","root":"root","styles":{"primaryColor":"#123456","font":"x;}</style><script>alert(1)</script>"}}}`,
	`{"surfaceUpdate":{"surfaceId":"<b>html</b>","components":[` +
		`{"id":"root","component":{"Column":{"children":{"explicitList":["t","md","btn","cb","tf","mc","img","tabs"]}}}},` +
		`{"id":"t","component":{"Text":{"text":{"literalString":"<img src=x onerror=\"window.pwned=1\"><script>window.pwned=2</script>"},"usageHint":"h2"}}},` +
		`{"id":"md","component":{"Text":{"text":{"literalString":"**<i onmouseover=alert(1)>x</i>** [click me](javascript:window.pwned=3) ` + "`<svg onload=alert(1)>`" + `\n- <iframe src=//evil.example>\n- ok"}}}},` +
		`{"id":"btn","component":{"Button":{"child":"btnl","action":{"name":"<go>"}}}},` +
		`{"id":"btnl","component":{"Text":{"text":{"literalString":"</button><script>window.pwned=4</script>"}}}},` +
		`{"id":"cb","component":{"CheckBox":{"label":{"literalString":"<label for=x onclick=alert(1)>"},"value":{"literalBoolean":false}}}},` +
		`{"id":"tf","component":{"TextField":{"label":{"literalString":"\"><script>window.pwned=5</script>"},"text":{"literalString":"\" autofocus onfocus=\"window.pwned=6"}}}},` +
		`{"id":"mc","component":{"MultipleChoice":{"selections":{"literalArray":[]},"options":[{"label":{"literalString":"<a href=//evil.example>x</a>"},"value":"\"><img src=x onerror=alert(1)>"}]}}},` +
		`{"id":"img","component":{"Image":{"url":{"literalString":"https://evil.example/track.png"},"altText":{"literalString":"<img src=//evil.example/2.png>"}}}},` +
		`{"id":"tabs","component":{"Tabs":{"tabItems":[{"title":{"literalString":"<script>window.pwned=7</script>"},"child":"tab1"}]}}},` +
		`{"id":"tab1","component":{"Text":{"text":{"literalString":"<style>body{display:none}</style>"}}}}]}}`,
}

// browserStress is a surface of Markdown made to be slow or deep to
// parse: unclosed and nested delimiters, deep quotes, long lines.
func browserStress() []json.RawMessage {
	texts := []string{
		strings.Repeat("*a ", 15000),
		strings.Repeat("[", 20000) + strings.Repeat("](x)", 2000),
		strings.Repeat("**_~~`[", 8000),
		strings.Repeat("> ", 20000) + "deep",
		"# " + strings.Repeat(" ", 40000) + "x",
		strings.Repeat("- item *a\n", 3000),
		strings.Repeat("_a ", 15000) + strings.Repeat("__", 5000),
		"stress-done",
	}
	ids := make([]string, len(texts))
	comps := make([]string, len(texts))
	for i, tx := range texts {
		ids[i] = fmt.Sprintf(`"s%d"`, i)
		comps[i] = fmt.Sprintf(`{"id":"s%d","component":{"Text":{"text":{"literalString":%s}}}}`, i, browserJS(tx))
	}
	return browserRaws(
		`{"beginRendering":{"surfaceId":"stress","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"stress","components":[{"id":"root","component":{"Column":{"children":{"explicitList":[`+
			strings.Join(ids, ",")+`]}}}},`+strings.Join(comps, ",")+`]}}`)
}

func TestWebBrowserHostileTextStaysText(t *testing.T) {
	h := browserHub(t, true, browserStream(t, "../../testdata/streams/hostile.jsonl"), browserRaws(browserHTMLHostile...), browserStress())
	p := browserOpen(t, h, false)

	// Both surfaces are drawn (the one not shown is in the page, hidden).
	p.waitJS("all three surfaces", `document.querySelectorAll(".surface").length === 3 && document.querySelectorAll("#surface-tabs [role=tab]").length === 3`)
	p.waitJS("the stress surface", `document.querySelector('.surface[data-surface="stress"] [data-key="s7"]')?.textContent === "stress-done"`)
	// Show the second one through the keyboard: arrows on the tab list.
	p.run("switch surfaces with the keyboard",
		chromedp.Focus(`#surface-tabs [aria-selected="true"]`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.ArrowRight),
	)
	p.waitJS("the html surface", `document.querySelector('.surface[data-surface="<b>html</b>"]:not([hidden])') && document.activeElement.getAttribute("data-surface-tab") === "<b>html</b>"`)

	var page struct {
		Title    string
		Scripts  int
		Handlers []string
		Links    int
		Frames   int
		Styles   int
		Imgs     []string
		Pwned    any
		Body     string
	}
	p.eval(`({
		Title: document.title,
		Scripts: document.scripts.length,
		Handlers: [...document.querySelectorAll("*")].flatMap(e => [...e.attributes].filter(a => a.name.startsWith("on")).map(a => e.tagName + " " + a.name)),
		Links: document.querySelectorAll("a, area, base, form, meta[http-equiv]").length,
		Frames: document.querySelectorAll("iframe, frame, object, embed, svg, math").length,
		Styles: document.querySelectorAll("style, link[rel=stylesheet]").length,
		Imgs: [...document.images].map(i => i.getAttribute("src").slice(0, 16)),
		Pwned: window.pwned ?? null,
		Body: getComputedStyle(document.body).display,
	})`, &page)
	if page.Title != "a2term" || page.Scripts != 1 || len(page.Handlers) != 0 || page.Links != 0 || page.Frames != 0 ||
		page.Styles != 1 || page.Pwned != nil || page.Body == "none" {
		t.Errorf("hostile text became markup: %+v", page)
	}
	for _, src := range page.Imgs {
		if !strings.HasPrefix(src, "data:") {
			t.Errorf("a picture from %q", src)
		}
	}

	// Each hostile string is on the page as the text the hub holds.
	texts := map[string]string{
		`[data-key="t"]`:               "<img src=x onerror=\"window.pwned=1\"><script>window.pwned=2</script>",
		`[data-key="btn"]`:             "</button><script>window.pwned=4</script>",
		`[data-key="cb"]`:              "<label for=x onclick=alert(1)>",
		`[data-key="mc"] .a2-option`:   "<a href=//evil.example>x</a>",
		`[data-key="img"]`:             "<img src=//evil.example/2.png>",
		`[data-key="tabs"] [role=tab]`: "<script>window.pwned=7</script>",
		`[data-key="tab1"]`:            "<style>body{display:none}</style>",
	}
	for q, want := range texts {
		var got string
		p.eval(`document.querySelector('.surface[data-surface="<b>html</b>"] `+q+`').textContent`, &got)
		if !strings.Contains(got, want) {
			t.Errorf("%s shows %q, want it to contain %q", q, got, want)
		}
	}
	var md struct{ Text, Strong, Code, Link string }
	p.eval(`(() => { const e = document.querySelector('.surface[data-surface="<b>html</b>"] [data-key="md"]'); return {
		Text: e.textContent, Strong: e.querySelector("strong")?.textContent ?? "",
		Code: e.querySelector("code")?.textContent ?? "", Link: e.querySelector(".md-link")?.textContent ?? ""} })()`, &md)
	if md.Strong != "<i onmouseover=alert(1)>x</i>" || md.Code != "<svg onload=alert(1)>" || md.Link != "click me" ||
		!strings.Contains(md.Text, "(javascript:window.pwned=3)") || !strings.Contains(md.Text, "<iframe src=//evil.example>") {
		t.Errorf("the Markdown text was drawn as %+v", md)
	}
	var field struct{ Label, Value string }
	p.eval(`(() => { const s = document.querySelector('.surface[data-surface="<b>html</b>"]'); return {
		Label: s.querySelector('[data-key="tf"] label').textContent, Value: s.querySelector('[data-key="tf"] input').value} })()`, &field)
	if field.Label != "\"><script>window.pwned=5</script>" || field.Value != "\" autofocus onfocus=\"window.pwned=6" {
		t.Errorf("the text field shows %+v", field)
	}
	var blocked string
	p.eval(`document.querySelector('.surface[data-surface="<b>html</b>"] [data-key="img"]').textContent`, &blocked)
	if !strings.Contains(blocked, "not fetched: --fetch-images evil.example") {
		t.Errorf("the remote picture's placeholder says %q", blocked)
	}

	// The terminal-hostile surface: what the hub holds, sanitized, is
	// exactly what the page shows.
	sid := ""
	for _, s := range h.Snapshot().Canvas.Surfaces() {
		if strings.HasPrefix(s.ID(), "hostile") {
			sid = s.ID()
		}
	}
	label := terminalNode(t, h, sid, "cb").Props.(*a2ui.CheckBoxProps).Label
	value := terminalNode(t, h, sid, "tf").Props.(*a2ui.TextFieldProps).Text
	var shown struct{ Tab, Label, Value string }
	p.eval(`(() => { const s = [...document.querySelectorAll(".surface")].find(s => s.dataset.surface === `+browserJS(sid)+`); return {
		Tab: [...document.querySelectorAll("#surface-tabs [role=tab]")].find(b => b.dataset.surfaceTab === `+browserJS(sid)+`).textContent,
		Label: s.querySelector('[data-key="cb"]').textContent,
		Value: s.querySelector('[data-key="tf"] input').value} })()`, &shown)
	if shown.Tab != sid || shown.Label != label || shown.Value != value {
		t.Errorf("the hostile surface shows %+v, the hub holds tab %q label %q value %q", shown, sid, label, value)
	}
}

func TestWebBrowserStalePressIsRefused(t *testing.T) {
	button := func(action, label string) []json.RawMessage {
		return browserRaws(
			`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
			`{"surfaceUpdate":{"surfaceId":"main","components":[`+
				`{"id":"root","component":{"Column":{"children":{"explicitList":["b"]}}}},`+
				`{"id":"b","component":{"Button":{"child":"l","action":{"name":"`+action+`"}}}},`+
				`{"id":"l","component":{"Text":{"text":{"literalString":"`+label+`"}}}}]}}`)
	}
	h := browserHub(t, false, button("keep", "Keep the file"))
	p := browserOpen(t, h, false)
	b := browserSel("button", "data-node", "b")
	p.waitJS("the button", `document.querySelector(`+browserJS(b)+`)?.textContent === "Keep the file"`)

	// The page stops hearing from the hub (as if the change were still
	// on its way), the agent redefines the button, and the person
	// presses what the page still shows.
	p.eval(`window.stop(), 1`, new(int))
	if _, err := h.Show(button("delete", "Delete the file")); err != nil {
		t.Fatal(err)
	}
	p.run("press the old button", chromedp.Click(b, chromedp.ByQuery))
	p.waitJS("the refusal", `!document.querySelector("#notice").hidden`)
	var notice string
	p.eval(`document.querySelector("#notice-text").textContent`, &notice)
	if notice != "The agent changed this button; look again and press once more." {
		t.Errorf("the notice says %q", notice)
	}
	if q := h.Snapshot().Status.Queued; q != 0 {
		t.Errorf("%d actions were queued by a stale press", q)
	}
}

func TestWebBrowserKeyboardAndWidgets(t *testing.T) {
	h := browserHub(t, false,
		browserStream(t, "../../cmd/a2term/demo/gallery.jsonl"),
		browserStream(t, "../../cmd/a2term/demo/settings.jsonl"))
	p := browserOpen(t, h, false)
	p.waitJS("the gallery", `document.querySelector('.surface[data-surface="gallery"]:not([hidden]) .a2-tabs')`)

	// All media come from data: URLs, with native controls.
	var media struct{ Img, Video, Audio int }
	p.eval(`({Img: document.querySelectorAll('.surface img[src^="data:"]').length,
		Video: document.querySelectorAll('video[controls][src^="data:"]').length,
		Audio: document.querySelectorAll('audio[controls][src^="data:"]').length})`, &media)
	if media.Img != 1 || media.Video != 1 || media.Audio != 1 {
		t.Errorf("media on the gallery: %+v", media)
	}

	// Arrow keys move along the Tabs component.
	p.run("arrow to the Input tab",
		chromedp.Focus(`.surface:not([hidden]) .a2-tab[aria-selected="true"]`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.ArrowLeft),
	)
	p.waitJS("the Input tab", `document.activeElement.textContent === "Input" && document.activeElement.getAttribute("aria-selected") === "true"`)

	// Typing in the middle of a field: the snapshots that come back while
	// the person types keep the focus and the caret where they are.
	text := browserSel("input", "data-node", "i-text")
	p.run("type into the middle of a field",
		chromedp.Focus(text, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(`+browserJS(text)+`).setSelectionRange(1, 1)`, nil),
		chromedp.KeyEvent("X"),
	)
	browserHubWait(t, h, "the hub to get HXello", func() bool {
		return terminalNode(t, h, "gallery", "i-text").Props.(*a2ui.TextFieldProps).Text == "HXello"
	})
	version := fmt.Sprint(h.Snapshot().Canvas.Surface("gallery").Version())
	p.waitJS("the page to draw the new version", `document.querySelector('.surface[data-surface="gallery"]').dataset.version === `+browserJS(version))
	p.run("type on", chromedp.KeyEvent("Y"))
	browserHubWait(t, h, "the hub to get HXYello", func() bool {
		return terminalNode(t, h, "gallery", "i-text").Props.(*a2ui.TextFieldProps).Text == "HXYello"
	})
	var caret struct {
		Value   string
		Start   int
		Focused bool
	}
	p.eval(`(() => { const e = document.querySelector(`+browserJS(text)+`); return {Value: e.value, Start: e.selectionStart, Focused: document.activeElement === e} })()`, &caret)
	if caret.Value != "HXYello" || caret.Start != 3 || !caret.Focused {
		t.Errorf("after typing through a redraw the field is %+v, want HXYello with the caret at 3", caret)
	}

	// A slider moves with the keyboard and the hub gets the number.
	p.run("nudge the slider", chromedp.Focus(browserSel("input", "data-node", "i-slider"), chromedp.ByQuery), chromedp.KeyEvent(kb.ArrowRight))
	p.waitJS("the slider's value", `document.querySelector('[data-key="i-slider"] output').textContent !== "0.40"`)
	p.run("leave the slider", chromedp.KeyEvent(kb.Tab)) // change: sends at once
	browserHubWait(t, h, "the slider to move", func() bool {
		return terminalNode(t, h, "gallery", "i-slider").Props.(*a2ui.SliderProps).Value != 0.4
	})

	// Chips toggle; the filterable single choice filters, and picks one.
	p.run("toggle a chip", chromedp.Click(`[data-key="i-chips"] [data-chip="urgent"]`, chromedp.ByQuery))
	p.run("filter the countries", chromedp.SendKeys(`[data-key="i-filter"] input[type=search]`, "ger", chromedp.ByQuery))
	p.waitJS("the filtered options", `[...document.querySelectorAll('[data-key="i-filter"] .a2-option')].filter(o => !o.hidden).map(o => o.textContent).join() === "Germany"`)
	p.run("pick Germany", chromedp.Click(`[data-key="i-filter"] input[value="DE"]`, chromedp.ByQuery))
	browserHubWait(t, h, "the chips work,urgent and the country DE", func() bool {
		chips := terminalNode(t, h, "gallery", "i-chips").Props.(*a2ui.MultipleChoiceProps).Selections
		country := terminalNode(t, h, "gallery", "i-filter").Props.(*a2ui.MultipleChoiceProps).Selections
		return strings.Join(chips, ",") == "work,urgent" && strings.Join(country, ",") == "DE"
	})

	// The Modal opens from the keyboard as a native dialog, and Esc
	// closes it.
	p.run("open the dialog",
		chromedp.Click(`.surface:not([hidden]) .a2-tab:nth-child(2)`, chromedp.ByQuery),
		chromedp.Focus(browserSel("button", "data-node", "l-open"), chromedp.ByQuery),
		chromedp.KeyEvent(kb.Enter),
	)
	p.waitJS("the open dialog", `document.querySelector('[data-key="l-modal"] dialog').open && document.querySelector('[data-key="l-modal"] dialog').textContent.includes("Press Esc")`)
	p.run("close the dialog", chromedp.KeyEvent(kb.Escape))
	p.waitJS("the closed dialog", `!document.querySelector('[data-key="l-modal"] dialog').open`)

	// A surface that changes while another is shown gets a mark on its tab.
	if err := h.SetValue(hub.Terminal, "settings", "notify", false); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the changed mark", `document.querySelector('[data-surface-tab="settings"]').classList.contains("changed")`)
	var focused string
	p.eval(`document.activeElement.className`, &focused)
	if !strings.Contains(focused, "a2-button") {
		t.Errorf("focus moved to %q when another surface changed", focused)
	}
}

// TestWebBrowserScreenshots draws the demo's invoices and gallery in the
// light and the dark scheme and checks that the surface's primaryColor
// is what the page paints its primary button with. Set
// A2TERM_SCREENSHOTS=DIR to keep the pictures.
func TestWebBrowserScreenshots(t *testing.T) {
	dir := os.Getenv("A2TERM_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	for _, c := range []struct {
		name, file, surface, accent string
		dark                        bool
	}{
		{"invoices", "invoices.jsonl", "invoices", "#2f6fde", false},
		{"gallery", "gallery.jsonl", "gallery", "#9333ea", false},
		{"invoices-dark", "invoices.jsonl", "invoices", "#2f6fde", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := browserHub(t, false, browserStream(t, "../../cmd/a2term/demo/"+c.file))
			h.Append(hub.RoleAgent, "Here is what is still owed. Pick what to pay and add a note if you like.")
			p := browserOpen(t, h, c.dark)
			p.waitJS("the surface", `document.querySelector('.surface[data-surface="`+c.surface+`"]:not([hidden]) .a2-button.primary')`)
			var accent string
			p.eval(`getComputedStyle(document.querySelector(".a2-button.primary")).backgroundColor`, &accent)
			if want := cssRGB(c.accent); accent != want {
				t.Errorf("the primary button is %s, want %s (the surface's primaryColor)", accent, want)
			}
			var shot []byte
			p.run("screenshot", chromedp.CaptureScreenshot(&shot))
			img, err := png.Decode(bytes.NewReader(shot))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "a2term-web-"+c.name+".png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}
			bg := img.At(img.Bounds().Max.X-5, img.Bounds().Max.Y/2) // the transcript pane
			r, g, b, _ := bg.RGBA()
			if light := (r+g+b)/3 > 0x8000; light == c.dark {
				t.Errorf("the page's background is %v in the %s scheme", bg, map[bool]string{true: "dark", false: "light"}[c.dark])
			}
			if n := countColor(img, c.accent); n < 200 {
				t.Errorf("only %d pixels of the accent %s in the screenshot", n, c.accent)
			}
		})
	}
}

// cssRGB turns "#rrggbb" into what getComputedStyle reports.
func cssRGB(hex string) string {
	var r, g, b int
	fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b)
	return fmt.Sprintf("rgb(%d, %d, %d)", r, g, b)
}

// countColor counts the pixels of img within a small distance of hex.
func countColor(img image.Image, hex string) int {
	var r0, g0, b0 int
	fmt.Sscanf(hex, "#%02x%02x%02x", &r0, &g0, &b0)
	near := func(a uint32, b int) bool { d := int(a>>8) - b; return d > -8 && d < 8 }
	n := 0
	bb := img.Bounds()
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		for x := bb.Min.X; x < bb.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if near(r, r0) && near(g, g0) && near(b, b0) {
				n++
			}
		}
	}
	return n
}
