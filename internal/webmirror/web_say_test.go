package webmirror

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// TestWebSay: the page's message to the agent and its cancel pass every
// control a press passes (the session, the CSRF value, the origin, the
// exact body, its size), and only then reach the transport through the
// hub; a refusal comes back as a press's does, 409 with the hub's reason.
func TestWebSay(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	if r := e.post("/api/say", `{"text":"hello"}`); r.StatusCode != http.StatusConflict || !strings.Contains(string(mustBody(r)), `"no_talk"`) {
		t.Errorf("a message with nothing to carry it: %s %s", r.Status, mustBody(r))
	}
	f := &hubtest.Talker{}
	e.hub.SetTalk(f)

	// Each hostile request is refused before the hub hears of it.
	send := func(path, body string, set map[string]string) *http.Response {
		req, err := http.NewRequest("POST", e.base()+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range map[string]string{
			"Content-Type": "application/json", "Origin": e.base(), "Sec-Fetch-Site": "same-origin",
			"Cookie": e.cookie, WebCSRFHeader: e.csrf,
		} {
			req.Header.Set(k, v)
		}
		for k, v := range set {
			if v == "-" {
				req.Header.Del(k)
			} else {
				req.Header.Set(k, v)
			}
		}
		return e.do(req)
	}
	ok := `{"text":"a table for two"}`
	for _, c := range []struct {
		name, path, body string
		set              map[string]string
		want             int
	}{
		{"no session", "/api/say", ok, map[string]string{"Cookie": "-"}, 403},
		{"no CSRF value", "/api/say", ok, map[string]string{WebCSRFHeader: "-"}, 403},
		{"a wrong CSRF value", "/api/say", ok, map[string]string{WebCSRFHeader: strings.Repeat("0", 32)}, 403},
		{"another origin", "/api/say", ok, map[string]string{"Origin": "http://attacker.example"}, 403},
		{"cross-site", "/api/say", ok, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "-"}, 403},
		{"a query", "/api/say?text=x", ok, nil, 403},
		{"a cancel cross-site", "/api/cancel", `{}`, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "-"}, 403},
		{"a cancel without CSRF", "/api/cancel", `{}`, map[string]string{WebCSRFHeader: "-"}, 403},
		{"not JSON", "/api/say", ok, map[string]string{"Content-Type": "text/plain"}, 415},
		{"over MaxWebBody", "/api/say", `{"text":"` + strings.Repeat("x", MaxWebBody) + `"}`, nil, 413},
		{"no text", "/api/say", `{}`, nil, 400},
		{"text spelled otherwise", "/api/say", `{"Text":"hi"}`, nil, 400},
		{"text twice", "/api/say", `{"text":"a","text":"b"}`, nil, 400},
		{"another member", "/api/say", `{"text":"a","to":"b"}`, nil, 400},
		{"text not a string", "/api/say", `{"text":["a"]}`, nil, 400},
		{"two objects", "/api/say", ok + ok, nil, 400},
		{"a cancel with a member", "/api/cancel", `{"task":"x"}`, nil, 400},
		{"GET", "/api/say", "", map[string]string{}, 405},
	} {
		var r *http.Response
		if c.name == "GET" {
			r = e.get(c.path)
		} else {
			r = send(c.path, c.body, c.set)
		}
		if r.StatusCode != c.want {
			t.Errorf("%s: %s, want %d", c.name, r.Status, c.want)
		}
	}
	if said, canceled := f.Got(); len(said) != 0 || canceled != 0 {
		t.Fatalf("a refused request reached the agent: %q, %d cancels", said, canceled)
	}

	// The page's own requests reach it; the text cleaned as a line.
	if r := send("/api/say", `{"text":"  a table\u001b[31m for two\n"}`, nil); r.StatusCode != http.StatusNoContent {
		t.Fatalf("a message: %s %s", r.Status, mustBody(r))
	}
	if r := send("/api/cancel", `{}`, nil); r.StatusCode != http.StatusNoContent {
		t.Fatalf("a cancel: %s %s", r.Status, mustBody(r))
	}
	r := send("/api/cancel", `{}`, nil)
	var refusal struct {
		Code    a2ui.Code `json:"code"`
		Message string    `json:"message"`
	}
	if r.StatusCode != http.StatusConflict || json.Unmarshal(mustBody(r), &refusal) != nil || refusal.Message != "no task of the agent's is under way" {
		t.Errorf("a refused cancel: %s %s", r.Status, mustBody(r))
	}
	said, canceled := f.Got()
	if len(said) != 1 || strings.ContainsAny(said[0], "\x1b\n") || !strings.HasPrefix(said[0], "a table") || canceled != 2 {
		t.Errorf("the agent got %q and %d cancels", said, canceled)
	}
}
