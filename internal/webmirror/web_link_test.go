package webmirror

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
)

// TestWebNoLinkForTheAgentOncePaired: with AgentLink (a2term mcp on its
// own), the agent is handed the first link only: once a browser paired,
// the link a page makes for another browser ("Link for another
// browser"), or a terminal (ctrl+o), is never in canvas.info, unused or
// not.
func TestWebNoLinkForTheAgentOncePaired(t *testing.T) {
	hb := hub.New(hub.Options{})
	defer hb.Close()
	ws, err := ServeWeb(hb, WebOptions{AgentLink: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	first := ws.PairingLink()
	if got := hb.Info().WebURL; got != first {
		t.Fatalf("before pairing the agent has %q, want the first link %q", got, first)
	}
	e := &webEnv{t: t, hub: hb, ws: ws, logs: &webLogSink{}, client: &http.Client{Timeout: webGuard}}
	e.code, e.cookie, e.csrf = e.pair(first)

	resp := e.post("/api/pair", `{}`)
	var made struct{ Link string }
	if err := json.Unmarshal(mustBody(resp), &made); resp.StatusCode != http.StatusOK || err != nil || !pairLink.MatchString(made.Link) {
		t.Fatalf("POST /api/pair: %s %q %v", resp.Status, made.Link, err)
	}
	if got := hb.Info().WebURL; got != "" {
		t.Errorf("canvas.info hands the agent the page's link for another browser: %q (made %q)", got, made.Link)
	}
	if got := hb.Snapshot().Status.WebURL; got != made.Link {
		t.Errorf("the person's views show %q, want the new link %q", got, made.Link)
	}

	// That link used, the next one is a terminal's.
	e.pair(made.Link)
	if terminal := ws.PairingLink(); terminal == made.Link || hb.Info().WebURL != "" {
		t.Errorf("canvas.info hands the agent a terminal's link %q: %q", terminal, hb.Info().WebURL)
	}
}

// TestWebNewPairingLink: NewPairingLink (SIGUSR1 for serve) replaces a
// link not opened yet, which then pairs no one, and hands it to the
// person's views only, never to the agent.
func TestWebNewPairingLink(t *testing.T) {
	hb := hub.New(hub.Options{})
	defer hb.Close()
	ws, err := ServeWeb(hb, WebOptions{AgentLink: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	first := ws.PairingLink()
	fresh := ws.NewPairingLink()
	if fresh == first || !pairLink.MatchString(fresh) {
		t.Fatalf("NewPairingLink with %q unused: %q, want a new link", first, fresh)
	}
	if ws.PairingLink() != fresh {
		t.Errorf("PairingLink after NewPairingLink: %q, want %q", ws.PairingLink(), fresh)
	}
	if got := hb.Info().WebURL; got != "" {
		t.Errorf("canvas.info hands the agent the link the person asked for: %q", got)
	}
	if got := hb.Snapshot().Status.WebURL; got != fresh {
		t.Errorf("the person's views show %q, want %q", got, fresh)
	}
	e := &webEnv{t: t, hub: hb, ws: ws, logs: &webLogSink{}, client: &http.Client{Timeout: webGuard,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	if resp := e.do(mustRequest(t, "GET", first)); resp.StatusCode != http.StatusForbidden || len(resp.Cookies()) != 0 {
		t.Errorf("the replaced link: %s, cookies %v; want a refusal", resp.Status, resp.Cookies())
	}
	e.code, e.cookie, e.csrf = e.pair(fresh)
	if next := ws.NewPairingLink(); next == fresh || !pairLink.MatchString(next) {
		t.Errorf("NewPairingLink once paired: %q", next)
	}
}

// TestWebPairingCodeIsShort: a pairing code is 128 random bits in 22
// characters of Base58's alphabet, so the whole link with a five-digit
// port is at most 54 cells: the status line of an 80-column terminal
// holds it beside the keys.
func TestWebPairingCodeIsShort(t *testing.T) {
	hb := hub.New(hub.Options{})
	defer hb.Close()
	ws, err := ServeWeb(hb, WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	seen := map[string]bool{}
	for range 50 {
		link := ws.NewPairingLink()
		code := link[strings.LastIndex(link, "/")+1:]
		if len(code) != 22 || strings.Trim(code, pairAlphabet) != "" || len(link) > len("http://127.0.0.1:65535/pair/")+22 {
			t.Fatalf("pairing link %q: want a code of 22 Base58 characters", link)
		}
		seen[code] = true
	}
	if len(seen) != 50 {
		t.Errorf("50 links, %d distinct codes", len(seen))
	}
}
