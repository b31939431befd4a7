package webmirror

import (
	"context"
	"fmt"
	"html"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/a2term/a2term/hub"
)

// TestWebBrowserPairing drives the one-time link in real browsers: the
// first opens the mirror and lands on the clean address with an HttpOnly,
// SameSite=Strict session cookie the page's script cannot read; a second
// browser with the same link gets the page saying someone else opened it,
// and no canvas; a press forged with the bare old token (the link's code)
// is refused, from outside a browser and from the second one.
func TestWebBrowserPairing(t *testing.T) {
	h := browserHub(t, false, browserRaws(webForm...))
	ws, err := ServeWeb(h, WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	link := ws.PairingLink()
	code := link[strings.LastIndex(link, "/")+1:]

	p := browserOpenLink(t, h, ws, link, false)
	var href, jsCookies string
	p.eval(`location.href`, &href)
	p.eval(`document.cookie`, &jsCookies)
	if href != ws.URL() {
		t.Errorf("after pairing the address bar shows %s, want %s", href, ws.URL())
	}
	if jsCookies != "" {
		t.Errorf("the page's script can read cookies: %q", jsCookies)
	}
	var cookies []*network.Cookie
	p.run("read the cookies", chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		cookies, err = network.GetCookies().WithURLs([]string{ws.URL()}).Do(ctx)
		return err
	}))
	if len(cookies) != 1 {
		t.Fatalf("cookies %+v, want the one session cookie", cookies)
	}
	c := cookies[0]
	if c.Name != fmt.Sprintf("a2term-%d", ws.Port()) || !c.HTTPOnly || c.SameSite != network.CookieSameSiteStrict || !c.Session || c.Path != "/" || c.Value == code {
		t.Errorf("session cookie %+v: want a2term-PORT, HttpOnly, SameSite=Strict, a session cookie, Path=/, not the code", c)
	}
	p.waitJS("the transcript says the mirror was opened",
		`[...document.querySelectorAll('#transcript .entry-text')].some(e => e.textContent.startsWith('the web mirror was opened in a browser at '))`)

	// The page works: a press reaches canvas.wait, from the web.
	waited := browserWait(t, h)
	p.run("press Send", chromedp.Click(browserSel("button", "data-node", "go"), chromedp.ByQuery))
	if a := browserReceive(t, waited); a.Source != string(hub.Web) || a.Name != "send" {
		t.Errorf("the press arrived as %+v", a)
	}

	// A second browser, the same link: refused, told why, no canvas.
	ctx2 := browserStart(t)
	var title, text string
	if err := chromedp.Run(ctx2, chromedp.Navigate(link), chromedp.Title(&title), chromedp.Text("body", &text, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Someone else already opened this link") || !strings.Contains(text, "ctrl+o") {
		t.Errorf("the second browser sees %q: %q", title, text)
	}
	var shell bool
	if err := chromedp.Run(ctx2, chromedp.Navigate(ws.URL()), chromedp.Evaluate(`!!document.querySelector('#surfaces')`, &shell),
		chromedp.Text("body", &text, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if shell || !strings.Contains(text, "not paired") {
		t.Errorf("the second browser got the page shell (%v) or no explanation: %q", shell, text)
	}
	// From the second browser's page, a press with the old token.
	var status int
	if err := chromedp.Run(ctx2, chromedp.Evaluate(fmt.Sprintf(`fetch('/api/press', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-A2term-Token': %q, 'X-A2term-CSRF': %q},
		body: JSON.stringify({surfaceId: 'main', nodeId: 'go', version: %d})}).then(r => r.status)`, code, code, h.Snapshot().Canvas.Version()), &status,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
		t.Fatal(err)
	}
	if status != http.StatusForbidden {
		t.Errorf("a press from the second browser with the old token: %d", status)
	}
	p.waitJS("the transcript says a used link was opened again",
		`[...document.querySelectorAll('#transcript .entry-text')].some(e => e.textContent.startsWith('a used web mirror link was opened again at '))`)

	// From outside a browser, the bare old token as the old API took it.
	for _, hdr := range []string{"X-A2term-Token", WebCSRFHeader} {
		req, _ := http.NewRequest("POST", ws.URL()+"api/press?t="+code,
			strings.NewReader(fmt.Sprintf(`{"surfaceId":"main","nodeId":"go","version":%d}`, h.Snapshot().Canvas.Version())))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(hdr, code)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("a forged press with the code in %s: %s", hdr, resp.Status)
		}
	}
	// The paired page makes a link for another browser; it works there.
	p.run("ask for a link", chromedp.Click("#pair-new", chromedp.ByQuery))
	p.waitJS("the new link", `document.getElementById('notice-text').textContent.includes('/pair/')`)
	var shown string
	p.eval(`document.getElementById('notice-text').textContent`, &shown)
	other := shown[strings.Index(shown, "http://"):]
	if other == link || !pairLink.MatchString(other) {
		t.Fatalf("the page shows %q", shown)
	}
	browserOpenLink(t, h, ws, other, false)

	if q := h.Snapshot().Status.Queued; q != 0 {
		t.Errorf("%d actions queued after the forged presses", q)
	}
}

// TestWebBrowserPairingFromAnotherSite opens the one-time link the way a
// person does who follows it from another site (a chat page, a mail): a
// click on a page of another origin, whose navigation carries no
// SameSite=Strict cookie. The mirror opens live at its own address, and a
// reload keeps it paired.
func TestWebBrowserPairingFromAnotherSite(t *testing.T) {
	h := browserHub(t, false, browserRaws(webForm...))
	ws, err := ServeWeb(h, WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	link := ws.PairingLink()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>elsewhere</title><a id="go" href="%s">open the canvas</a>`, html.EscapeString(link))
	}))
	t.Cleanup(other.Close)
	// localhost and 127.0.0.1 are different sites.
	elsewhere := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)

	ctx := browserStart(t)
	live := `document.documentElement.dataset.snapshot !== undefined && document.querySelector('#conn').textContent === 'live'`
	var href string
	var ok bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate(elsewhere),
		chromedp.Click("#go", chromedp.ByQuery),
		chromedp.WaitReady("#surfaces", chromedp.ByQuery),
		chromedp.Poll(live, &ok, chromedp.WithPollingTimeout(browserGuard)),
		chromedp.Evaluate(`location.href`, &href),
	); err != nil {
		t.Fatalf("following the link from %s: %v", elsewhere, err)
	}
	if href != ws.URL() {
		t.Errorf("the address bar shows %s, want %s", href, ws.URL())
	}
	ok = false
	if err := chromedp.Run(ctx,
		chromedp.Reload(),
		chromedp.WaitReady("#surfaces", chromedp.ByQuery),
		chromedp.Poll(live, &ok, chromedp.WithPollingTimeout(browserGuard)),
	); err != nil {
		var text string
		chromedp.Run(ctx, chromedp.Text("body", &text, chromedp.ByQuery))
		t.Fatalf("after a reload the mirror is not live: %v; the page says %q", err, text)
	}
}

// TestWebScreenshotOfPairingLink: `chromium --headless --screenshot` of a
// pairing link finishes and the link pairs. The tool waits for one page's
// load, then for a frame: while the pairing answered with a page that went
// on to "/" by itself, the frame could belong to a page already gone, and
// the tool never finished (TestWebPairing checks that the pairing answers
// with the page itself).
func TestWebScreenshotOfPairingLink(t *testing.T) {
	path := browserPath()
	if path == "" {
		t.Skip("chromium is not installed; browser tests need it (CI installs it)")
	}
	h := browserHub(t, false, browserRaws(webForm...))
	ws, err := ServeWeb(h, WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	shot := filepath.Join(t.TempDir(), "mirror.png")
	ctx, cancel := context.WithTimeout(t.Context(), browserBudget/2)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+browserProfile(t), "--window-size=1000,700", "--screenshot="+shot, ws.PairingLink())
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the screenshot did not finish in %s", browserBudget/2)
	}
	if err != nil {
		t.Fatalf("chromium --screenshot: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, out)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 1000 || b.Dy() != 700 {
		t.Errorf("the screenshot is %v, want 1000×700", b)
	}
	if tr := entriesOf(h); !slices.ContainsFunc(tr, func(e string) bool { return strings.HasPrefix(e, "event: the web mirror was opened in a browser") }) {
		t.Errorf("the browser did not pair: %q", tr)
	}
}
