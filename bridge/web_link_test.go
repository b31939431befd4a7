package bridge

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestWebNoLinkForTheAgentOncePaired: with AgentLink (a2term mcp on its
// own), the agent is handed the first link only: once a browser paired,
// the link a page makes for another browser ("Link for another
// browser"), or a terminal (ctrl+o), is never in canvas.info, unused or
// not.
func TestWebNoLinkForTheAgentOncePaired(t *testing.T) {
	hub := NewHub(HubOptions{})
	defer hub.Close()
	ws, err := ServeWeb(hub, WebOptions{AgentLink: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	first := ws.PairingLink()
	if got := hub.Info().WebURL; got != first {
		t.Fatalf("before pairing the agent has %q, want the first link %q", got, first)
	}
	e := &webEnv{t: t, hub: hub, ws: ws, logs: &webLogSink{}, client: &http.Client{Timeout: webGuard}}
	e.code, e.cookie, e.csrf = e.pair(first)

	resp := e.post("/api/pair", `{}`)
	var made struct{ Link string }
	if err := json.Unmarshal(mustBody(resp), &made); resp.StatusCode != http.StatusOK || err != nil || !pairLink.MatchString(made.Link) {
		t.Fatalf("POST /api/pair: %s %q %v", resp.Status, made.Link, err)
	}
	if got := hub.Info().WebURL; got != "" {
		t.Errorf("canvas.info hands the agent the page's link for another browser: %q (made %q)", got, made.Link)
	}
	if got := hub.Snapshot().Status.WebURL; got != made.Link {
		t.Errorf("the person's views show %q, want the new link %q", got, made.Link)
	}

	// That link used, the next one is a terminal's.
	e.pair(made.Link)
	if terminal := ws.PairingLink(); terminal == made.Link || hub.Info().WebURL != "" {
		t.Errorf("canvas.info hands the agent a terminal's link %q: %q", terminal, hub.Info().WebURL)
	}
}
