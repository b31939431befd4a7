package webmirror

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
)

// webGuard bounds every wait for something that should happen; the web
// tests never sleep to let things happen.
const webGuard = 10 * time.Second

// webForm is surface "main": a title, a text field bound to /note and a
// button "go" whose action carries the note.
var webForm = []string{
	`{"beginRendering":{"surfaceId":"main","root":"root","styles":{"primaryColor":"#2f6fde"}}}`,
	`{"surfaceUpdate":{"surfaceId":"main","components":[` +
		`{"id":"root","component":{"Column":{"children":{"explicitList":["title","note","go"]}}}},` +
		`{"id":"title","component":{"Text":{"text":{"literalString":"Say something"}}}},` +
		`{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},` +
		`{"id":"go","component":{"Button":{"child":"go-label","action":{"name":"send","context":[{"key":"note","value":{"path":"/note"}}]}}}},` +
		`{"id":"go-label","component":{"Text":{"text":{"literalString":"Send"}}}}]}}`,
}

func webRaws(lines ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(lines))
	for i, l := range lines {
		out[i] = json.RawMessage(l)
	}
	return out
}

// webLogSink is a log sink the server may write while a test reads it.
type webLogSink struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *webLogSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *webLogSink) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type webEnv struct {
	t      *testing.T
	hub    *hub.Hub
	ws     *WebServer
	client *http.Client
	logs   *webLogSink
	// The browser the env paired: the code it used, its session cookie
	// and the CSRF value its page carries.
	code, cookie, csrf string
	secrets            []string // every code and session seen, for the log check
}

// newWebEnv starts a hub showing webForm and its web mirror on a real
// 127.0.0.1 listener, and pairs one browser with it. At the end of the
// test it closes everything and checks that the log never saw a pairing
// code, a session or a CSRF value.
func newWebEnv(t *testing.T, opts WebOptions) *webEnv {
	t.Helper()
	e := &webEnv{t: t, hub: hub.New(hub.Options{}), logs: &webLogSink{}}
	t.Cleanup(func() {
		logs := e.logs.String()
		for _, sec := range e.secrets {
			if strings.Contains(logs, sec) {
				t.Errorf("the log carries a secret (%.6s…):\n%s", sec, logs)
			}
		}
	})
	t.Cleanup(e.hub.Close)
	if _, err := e.hub.Show(webRaws(webForm...)); err != nil {
		t.Fatal(err)
	}
	opts.Logger = log.New(e.logs, "", 0)
	ws, err := ServeWeb(e.hub, opts)
	if err != nil {
		t.Fatal(err)
	}
	e.ws = ws
	t.Cleanup(func() {
		if err := ws.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	tr := &http.Transport{}
	e.client = &http.Client{Transport: tr, Timeout: webGuard,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	t.Cleanup(tr.CloseIdleConnections)
	e.code, e.cookie, e.csrf = e.pair(ws.PairingLink())
	return e
}

var csrfMeta = regexp.MustCompile(`<meta name="a2term-csrf" content="([0-9a-f]{32})">`)

// pair opens link as a browser does and returns its code, the session
// cookie ("a2term-PORT=VALUE") and the CSRF value of the page.
func (e *webEnv) pair(link string) (code, cookie, csrf string) {
	e.t.Helper()
	code = link[strings.LastIndex(link, "/")+1:]
	resp := e.do(mustRequest(e.t, "GET", link))
	if resp.StatusCode != http.StatusOK {
		e.t.Fatalf("GET the pairing link: %s", resp.Status)
	}
	var cs []*http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == fmt.Sprintf("a2term-%d", e.ws.Port()) {
			cs = append(cs, c)
		}
	}
	if len(cs) != 1 {
		e.t.Fatalf("pairing set %d session cookies: %q", len(cs), resp.Header.Values("Set-Cookie"))
	}
	cookie = cs[0].Name + "=" + cs[0].Value
	req := mustRequest(e.t, "GET", e.base()+"/")
	req.Header.Set("Cookie", cookie)
	resp = e.do(req)
	body, _ := io.ReadAll(resp.Body)
	m := csrfMeta.FindSubmatch(body)
	if resp.StatusCode != http.StatusOK || m == nil {
		e.t.Fatalf("GET / after pairing: %s, CSRF %q", resp.Status, m)
	}
	csrf = string(m[1])
	e.secrets = append(e.secrets, code, cs[0].Value, csrf)
	return code, cookie, csrf
}

// get sends a GET as the paired browser.
func (e *webEnv) get(path string) *http.Response {
	e.t.Helper()
	req := mustRequest(e.t, "GET", e.base()+path)
	req.Header.Set("Cookie", e.cookie)
	return e.do(req)
}

func (e *webEnv) base() string { return fmt.Sprintf("http://127.0.0.1:%d", e.ws.Port()) }

// post sends an intent as the page does.
func (e *webEnv) post(path, body string) *http.Response {
	e.t.Helper()
	req, err := http.NewRequest("POST", e.base()+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", e.base())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Cookie", e.cookie)
	req.Header.Set(WebCSRFHeader, e.csrf)
	return e.do(req)
}

func (e *webEnv) do(req *http.Request) *http.Response {
	e.t.Helper()
	resp, err := e.client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp
}

func (e *webEnv) version() uint64 { return e.hub.Snapshot().Canvas.Version() }

// waitStatus returns once the board's status satisfies ok.
func (e *webEnv) waitStatus(what string, ok func(hub.Status) bool) {
	e.t.Helper()
	changed, cancel := e.hub.Subscribe()
	defer cancel()
	timeout := time.NewTimer(webGuard)
	defer timeout.Stop()
	for !ok(e.hub.Snapshot().Status) {
		select {
		case <-changed:
		case <-timeout.C:
			e.t.Fatalf("status never got to %s: %+v", what, e.hub.Snapshot().Status)
		}
	}
}

type sseEvent struct {
	name, id string
	data     []byte
	comment  bool
}

// webViewer is a page's EventSource: it reads /events on a goroutine.
type webViewer struct {
	t      *testing.T
	body   io.ReadCloser
	events chan sseEvent
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once

	state             *webSnap // the page's state so far
	snapshots, deltas int      // how many of each came
}

func (e *webEnv) openViewer() *webViewer {
	e.t.Helper()
	req := mustRequest(e.t, "GET", e.base()+"/events")
	req.Header.Set("Cookie", e.cookie)
	resp, err := e.client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		e.t.Fatalf("GET /events: %s", resp.Status)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		e.t.Errorf("Content-Type %q", ct)
	}
	v := &webViewer{t: e.t, body: resp.Body, events: make(chan sseEvent), stop: make(chan struct{}), done: make(chan struct{})}
	go v.read()
	e.t.Cleanup(v.close)
	return v
}

func (v *webViewer) read() {
	defer close(v.done)
	br := bufio.NewReader(v.body)
	var ev sseEvent
	for {
		line, err := br.ReadBytes('\n')
		if err != nil {
			return
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		switch {
		case len(line) == 0:
			if ev.name == "" && !ev.comment {
				continue
			}
			select {
			case v.events <- ev:
			case <-v.stop:
				return
			}
			ev = sseEvent{}
		case line[0] == ':':
			ev.comment = true
		default:
			k, val, _ := bytes.Cut(line, []byte(": "))
			switch string(k) {
			case "event":
				ev.name = string(val)
			case "id":
				ev.id = string(val)
			case "data":
				ev.data = append(ev.data, val...)
			}
		}
	}
}

// close leaves, as a closed tab does.
func (v *webViewer) close() {
	v.once.Do(func() {
		close(v.stop)
		v.body.Close()
		<-v.done
	})
}

// webSnap is a snapshot as the page decodes it.
type webSurfaceState struct {
	SurfaceID string            `json:"surfaceId"`
	Version   uint64            `json:"version"`
	Shown     bool              `json:"shown"`
	Styles    map[string]string `json:"styles"`
	Agent     string            `json:"agent,omitempty"`
	Tree      json.RawMessage   `json:"tree"`
}

type webSnap struct {
	Version    uint64            `json:"version"`
	Surfaces   []webSurfaceState `json:"surfaces"`
	Transcript []hub.Entry       `json:"transcript"`
	Status     struct {
		Viewers int `json:"viewers"`
		Queued  int `json:"queued"`
	} `json:"status"`
}

// next returns the next snapshot (skipping heartbeats).
// next returns the page's state after the next event: a snapshot as it
// comes, a delta applied to the state before it, as the page does.
func (v *webViewer) next() (webSnap, sseEvent) {
	v.t.Helper()
	timeout := time.NewTimer(webGuard)
	defer timeout.Stop()
	for {
		select {
		case ev := <-v.events:
			if ev.comment && ev.name == "" {
				continue
			}
			var s webSnap
			switch {
			case ev.name == "snapshot":
				if err := json.Unmarshal(ev.data, &s); err != nil {
					v.t.Fatalf("snapshot data: %v", err)
				}
				v.snapshots++
			case ev.name == "delta" && v.state != nil:
				s = v.apply(ev.data)
				v.deltas++
			default:
				v.t.Fatalf("event %q (a snapshot before: %v)", ev.name, v.state != nil)
			}
			if ev.id != strconv.FormatUint(s.Version, 10) {
				v.t.Errorf("id %q for version %d", ev.id, s.Version)
			}
			v.state = &s
			return s, ev
		case <-v.done:
			v.t.Fatal("the stream ended")
		case <-timeout.C:
			v.t.Fatal("no event came")
		}
	}
}

// apply applies a delta event's data to the viewer's state, as the page
// does.
func (v *webViewer) apply(data []byte) webSnap {
	v.t.Helper()
	var d struct {
		Version  uint64   `json:"version"`
		Order    []string `json:"order"`
		Surfaces []struct {
			SurfaceID string            `json:"surfaceId"`
			Version   uint64            `json:"version"`
			Shown     bool              `json:"shown"`
			Styles    map[string]string `json:"styles"`
			Agent     string            `json:"agent"`
			Tree      json.RawMessage   `json:"tree"`
			Patches   []struct {
				Path []int          `json:"path"`
				Node map[string]any `json:"node"`
			} `json:"patches"`
		} `json:"surfaces"`
		Transcript []hub.Entry      `json:"transcript"`
		Status     *json.RawMessage `json:"status"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		v.t.Fatalf("delta data: %v", err)
	}
	s := *v.state
	s.Version = d.Version
	s.Surfaces = slices.Clone(s.Surfaces)
	for _, sd := range d.Surfaces {
		i := slices.IndexFunc(s.Surfaces, func(x webSurfaceState) bool { return x.SurfaceID == sd.SurfaceID })
		ns := webSurfaceState{SurfaceID: sd.SurfaceID, Version: sd.Version, Shown: sd.Shown, Styles: sd.Styles, Agent: sd.Agent, Tree: sd.Tree}
		if len(sd.Patches) > 0 {
			// A patched surface keeps the name the page had for it.
			ns.Agent = ""
			if i >= 0 {
				ns.Agent = s.Surfaces[i].Agent
			}
			if i < 0 {
				v.t.Fatalf("patches for surface %q the page does not have", sd.SurfaceID)
			}
			var tree any
			if err := json.Unmarshal(s.Surfaces[i].Tree, &tree); err != nil {
				v.t.Fatalf("the page's tree of %q: %v", sd.SurfaceID, err)
			}
			for _, p := range sd.Patches {
				if len(p.Path) == 0 {
					v.t.Fatalf("a patch of the root of %q", sd.SurfaceID)
				}
				n := tree.(map[string]any)
				for _, k := range p.Path[:len(p.Path)-1] {
					n = n["children"].([]any)[k].(map[string]any)
				}
				n["children"].([]any)[p.Path[len(p.Path)-1]] = p.Node
			}
			ns.Tree, _ = json.Marshal(tree)
		}
		if i < 0 {
			s.Surfaces = append(s.Surfaces, ns)
		} else {
			s.Surfaces[i] = ns
		}
	}
	if d.Order != nil {
		var out []webSurfaceState
		for _, id := range d.Order {
			if i := slices.IndexFunc(s.Surfaces, func(x webSurfaceState) bool { return x.SurfaceID == id }); i >= 0 {
				out = append(out, s.Surfaces[i])
			} else {
				v.t.Fatalf("order names %q, which the page does not have", id)
			}
		}
		s.Surfaces = out
	}
	s.Transcript = append(slices.Clone(s.Transcript), d.Transcript...)
	if n := len(s.Transcript); n > WebTranscript {
		s.Transcript = s.Transcript[n-WebTranscript:]
	}
	if d.Status != nil {
		json.Unmarshal(*d.Status, &s.Status)
	}
	return s
}

func (v *webViewer) waitFor(what string, ok func(webSnap) bool) webSnap {
	v.t.Helper()
	deadline := time.Now().Add(webGuard)
	for time.Now().Before(deadline) {
		if s, _ := v.next(); ok(s) {
			return s
		}
	}
	v.t.Fatalf("no snapshot with %s", what)
	return webSnap{}
}

// ended reports whether the stream ends (EOF or error) within the guard.
func (v *webViewer) ended() bool {
	timeout := time.NewTimer(webGuard)
	defer timeout.Stop()
	for {
		select {
		case <-v.events:
		case <-v.done:
			return true
		case <-timeout.C:
			return false
		}
	}
}

func checkSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	want := map[string]string{
		"Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; media-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
		"Referrer-Policy":         "no-referrer",
		"X-Content-Type-Options":  "nosniff",
		"Cache-Control":           "no-store",
	}
	for k, v := range want {
		if got := h.Values(k); len(got) != 1 || got[0] != v {
			t.Errorf("%s: %s = %q, want %q", what, k, got, v)
		}
	}
	for k := range h {
		if strings.HasPrefix(strings.ToLower(k), "access-control-") {
			t.Errorf("%s: CORS header %s: %q", what, k, h.Values(k))
		}
	}
}

// TestWebSecurityControls runs every control of docs/security.md, "The web mirror",
// against the real server: each request either passes or is refused with
// the right status, every response carries the security headers and no
// CORS header, and a refused request changes nothing.
func TestWebSecurityControls(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	port := strconv.Itoa(e.ws.Port())
	otherPort := strconv.Itoa(e.ws.Port() + 1)
	if e.ws.Port() == 65535 {
		otherPort = "1"
	}
	// A module of the page: not the stylesheet, which the refusal pages
	// use and so is served without a session.
	static := ""
	for _, p := range slices.Sorted(maps.Keys(e.ws.static)) {
		if p != webStyleSheet {
			static = p
			break
		}
	}

	// Every request carries the paired browser's session cookie, and a
	// POST the page's headers too, by default; a case's header value "-"
	// removes one.
	pageHeaders := map[string]string{
		"Content-Type":   "application/json",
		"Origin":         "http://127.0.0.1:{port}",
		"Sec-Fetch-Site": "same-origin",
		WebCSRFHeader:    "{csrf}",
	}
	press := `{"surfaceId":"main","nodeId":"go","version":{v}}`
	input := `{"surfaceId":"main","nodeId":"note","value":"hello"}`
	big := `{"surfaceId":"main","nodeId":"note","value":"` + strings.Repeat("x", MaxWebBody) + `"}`
	noSession := map[string]string{"Cookie": "-"}

	cases := []struct {
		name    string
		method  string
		target  string // path and query
		host    string // "" is the right one
		headers map[string]string
		body    string
		raw     string // a request written by hand, instead of the above
		want    int
		code    string // of a 409
		detail  bool   // the refusal is a page that says what to do
	}{
		// Request line and Host.
		{name: "page", method: "GET", target: "/", want: 200},
		{name: "host localhost", method: "GET", target: "/", host: "localhost:{port}", want: 403},
		{name: "host LOCALHOST", method: "GET", target: "/", host: "LOCALHOST:{port}", want: 403},
		{name: "host without port", method: "GET", target: "/", host: "127.0.0.1", want: 403},
		{name: "host other port", method: "GET", target: "/", host: "127.0.0.1:" + otherPort, want: 403},
		{name: "host ipv6 loopback", method: "GET", target: "/", host: "[::1]:{port}", want: 403},
		{name: "host rebinding name", method: "GET", target: "/", host: "attacker.example:{port}", want: 403},
		{name: "host short ip", method: "GET", target: "/", host: "127.1:{port}", want: 403},
		{name: "host trailing dot", method: "GET", target: "/", host: "127.0.0.1.:{port}", want: 403},
		{name: "host zero padded port", method: "GET", target: "/", host: "127.0.0.1:0{port}", want: 403},
		{name: "host missing (HTTP/1.0)", raw: "GET / HTTP/1.0\r\nCookie: {cookie}\r\n\r\n", want: 403},
		{name: "host from absolute URI", raw: "GET http://attacker.example:{port}/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n", want: 403},
		{name: "absolute URI ours, Host header another", raw: "GET http://127.0.0.1:{port}/ HTTP/1.1\r\nHost: attacker.example:{port}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n", want: 403},
		{name: "absolute URI ours, Host header ours", raw: "GET http://127.0.0.1:{port}/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n", want: 403},
		{name: "absolute URI on a POST", raw: "POST http://127.0.0.1:{port}/api/press HTTP/1.1\r\nHost: attacker.example\r\nCookie: {cookie}\r\n" + WebCSRFHeader + ": {csrf}\r\nContent-Type: application/json\r\nContent-Length: {presslen}\r\nConnection: close\r\n\r\n" + press, want: 403},
		{name: "malformed request line (net/http's own 400)", raw: "NONSENSE\r\n\r\n", want: 400, detail: true},
		{name: "two Host headers (net/http's own 400)", raw: "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: 127.0.0.1:{port}\r\n\r\n", want: 400, detail: true},
		{name: "bad Host header (net/http's own 400)", raw: "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}/x\r\n\r\n", want: 400, detail: true},
		{name: "asterisk form", raw: "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n", want: 403},
		{name: "host wrong on a POST", method: "POST", target: "/api/input", host: "localhost:{port}", headers: pageHeaders, body: input, want: 403},
		{name: "host wrong on events", method: "GET", target: "/events", host: "attacker.example:{port}", want: 403},
		{name: "host wrong on static", method: "GET", target: static, host: "attacker.example:{port}", want: 403},
		{name: "host wrong on a pairing link", method: "GET", target: "/pair/{newcode}", host: "localhost:{port}", headers: noSession, want: 403},

		// The session on GET: every route needs it, the page shell too.
		{name: "page without session", method: "GET", target: "/", headers: noSession, want: 403, detail: true},
		{name: "events without session", method: "GET", target: "/events", headers: noSession, want: 403},
		{name: "static without session", method: "GET", target: static, headers: noSession, want: 403},
		{name: "unknown static without session", method: "GET", target: "/static/nope.js", headers: noSession, want: 403},
		{name: "unknown path without session", method: "GET", target: "/secret", headers: noSession, want: 403},
		{name: "session wrong", method: "GET", target: "/events", headers: map[string]string{"Cookie": "{name}={wrong}"}, want: 403},
		{name: "session short", method: "GET", target: "/events", headers: map[string]string{"Cookie": "{name}={short}"}, want: 403},
		{name: "session long", method: "GET", target: "/events", headers: map[string]string{"Cookie": "{cookie}0"}, want: 403},
		{name: "session empty", method: "GET", target: "/events", headers: map[string]string{"Cookie": "{name}="}, want: 403},
		{name: "session twice", method: "GET", target: "/events", headers: map[string]string{"Cookie": "{cookie}; {cookie}"}, want: 403},
		{name: "session under another port's name", method: "GET", target: "/events", headers: map[string]string{"Cookie": "a2term-" + otherPort + "={session}"}, want: 403},
		{name: "the pairing code as a session", method: "GET", target: "/events", headers: map[string]string{"Cookie": "{name}={code}"}, want: 403},
		{name: "the CSRF value as a session", method: "GET", target: "/events", headers: map[string]string{"Cookie": "{name}={csrf}"}, want: 403},
		{name: "the old token in the query", method: "GET", target: "/events?t={code}", headers: noSession, want: 403},
		{name: "the session in the query", method: "GET", target: "/events?t={session}", headers: noSession, want: 403},
		{name: "static with session", method: "GET", target: static, want: 200},
		{name: "unknown static", method: "GET", target: "/static/nope.js", want: 404},
		{name: "unknown path", method: "GET", target: "/secret", want: 404},
		{name: "GET on an intent", method: "GET", target: "/api/press", want: 405},

		// Pairing links: one use only, GET only.
		{name: "a used link", method: "GET", target: "/pair/{code}", headers: noSession, want: 403, detail: true},
		{name: "an unknown link", method: "GET", target: "/pair/{wrong}", headers: noSession, want: 403},
		{name: "a link one digit short", method: "GET", target: "/pair/{newcodeshort}", headers: noSession, want: 403},
		{name: "a link with a query", method: "GET", target: "/pair/{newcode}?x=1", headers: noSession, want: 403},
		{name: "HEAD on a link", method: "HEAD", target: "/pair/{newcode}", headers: noSession, want: 403},
		{name: "POST on a link", method: "POST", target: "/pair/{newcode}", headers: noSession, body: "{}", want: 403},

		// POST: session and CSRF value.
		{name: "press", method: "POST", target: "/api/press", headers: pageHeaders, body: press, want: 204},
		{name: "input", method: "POST", target: "/api/input", headers: pageHeaders, body: input, want: 204},
		{name: "post session missing", method: "POST", target: "/api/press", headers: noSession, body: press, want: 403},
		{name: "post csrf missing", method: "POST", target: "/api/press", headers: map[string]string{WebCSRFHeader: "-"}, body: press, want: 403},
		{name: "post csrf wrong", method: "POST", target: "/api/press", headers: map[string]string{WebCSRFHeader: "{wrong}"}, body: press, want: 403},
		{name: "post csrf short", method: "POST", target: "/api/press", headers: map[string]string{WebCSRFHeader: "{csrfshort}"}, body: press, want: 403},
		{name: "post session as csrf", method: "POST", target: "/api/press", headers: map[string]string{WebCSRFHeader: "{session}"}, body: press, want: 403},
		{name: "post csrf in query only", method: "POST", target: "/api/press?c={csrf}", headers: map[string]string{WebCSRFHeader: "-"}, body: press, want: 403},
		{name: "post csrf in query too", method: "POST", target: "/api/press?c={csrf}", body: press, want: 403},
		{name: "post any query", method: "POST", target: "/api/press?x=1", body: press, want: 403},
		{name: "forged press with the bare old token", method: "POST", target: "/api/press", headers: map[string]string{"Cookie": "-", WebCSRFHeader: "-", "X-A2term-Token": "{code}"}, body: press, want: 403},
		{name: "forged press with the code as csrf", method: "POST", target: "/api/press", headers: map[string]string{"Cookie": "-", WebCSRFHeader: "{code}"}, body: press, want: 403},

		// POST: cross-site.
		{name: "cross-site fetch", method: "POST", target: "/api/press", headers: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://attacker.example"}, body: press, want: 403},
		{name: "same-site fetch", method: "POST", target: "/api/press", headers: map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://localhost:{port}"}, body: press, want: 403},
		{name: "foreign origin, old browser", method: "POST", target: "/api/press", headers: map[string]string{"Sec-Fetch-Site": "-", "Origin": "https://attacker.example"}, body: press, want: 403},
		{name: "origin null", method: "POST", target: "/api/press", headers: map[string]string{"Sec-Fetch-Site": "-", "Origin": "null"}, body: press, want: 403},
		{name: "origin null, sec-fetch same-origin", method: "POST", target: "/api/press", headers: map[string]string{"Origin": "null"}, body: press, want: 403},
		{name: "origin localhost", method: "POST", target: "/api/press", headers: map[string]string{"Origin": "http://localhost:{port}"}, body: press, want: 403},
		{name: "origin https", method: "POST", target: "/api/press", headers: map[string]string{"Origin": "https://127.0.0.1:{port}"}, body: press, want: 403},
		{name: "no origin (not a browser)", method: "POST", target: "/api/press", headers: map[string]string{"Sec-Fetch-Site": "-", "Origin": "-"}, body: press, want: 204},
		{name: "preflight", method: "OPTIONS", target: "/api/press", headers: map[string]string{"Origin": "https://attacker.example", "Access-Control-Request-Method": "POST", "Sec-Fetch-Site": "cross-site", WebCSRFHeader: "-", "Content-Type": "-"}, want: 403},
		{name: "wrong method with session", method: "PUT", target: "/api/press", body: press, want: 405},

		// POST: content type.
		{name: "content type missing", method: "POST", target: "/api/press", headers: map[string]string{"Content-Type": "-"}, body: press, want: 415},
		{name: "content type text/plain", method: "POST", target: "/api/press", headers: map[string]string{"Content-Type": "text/plain"}, body: press, want: 415},
		{name: "content type form", method: "POST", target: "/api/press", headers: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, body: press, want: 415},
		{name: "content type multipart", method: "POST", target: "/api/press", headers: map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, body: press, want: 415},
		{name: "content type json latin1", method: "POST", target: "/api/press", headers: map[string]string{"Content-Type": "application/json; charset=latin1"}, body: press, want: 415},
		{name: "content type json-ish", method: "POST", target: "/api/press", headers: map[string]string{"Content-Type": "application/jsonx"}, body: press, want: 415},
		{name: "content type json utf-8", method: "POST", target: "/api/press", headers: map[string]string{"Content-Type": "application/json; charset=UTF-8"}, body: press, want: 204},

		// POST: body.
		{name: "body oversized", method: "POST", target: "/api/input", body: big, want: 413},
		{name: "body empty", method: "POST", target: "/api/press", body: "", want: 400},
		{name: "body not JSON", method: "POST", target: "/api/press", body: "surfaceId=main", want: 400},
		{name: "body null", method: "POST", target: "/api/press", body: "null", want: 400},
		{name: "body array", method: "POST", target: "/api/press", body: "[" + press + "]", want: 400},
		{name: "body two objects", method: "POST", target: "/api/press", body: press + press, want: 400},
		{name: "body trailing garbage", method: "POST", target: "/api/press", body: press + "x", want: 400},
		{name: "body unknown member", method: "POST", target: "/api/press", body: `{"surfaceId":"main","nodeId":"go","version":{v},"action":"pay"}`, want: 400},
		{name: "body member missing", method: "POST", target: "/api/press", body: `{"surfaceId":"main","nodeId":"go"}`, want: 400},
		{name: "body member in other case", method: "POST", target: "/api/press", body: `{"surfaceID":"main","nodeId":"go","version":{v}}`, want: 400},
		{name: "body member in upper case", method: "POST", target: "/api/input", body: `{"surfaceId":"main","NODEID":"note","value":"x"}`, want: 400},
		{name: "body member twice", method: "POST", target: "/api/press", body: `{"surfaceId":"nope","surfaceId":"main","nodeId":"go","version":{v}}`, want: 400},
		{name: "body wrong type", method: "POST", target: "/api/press", body: `{"surfaceId":"main","nodeId":"go","version":"1"}`, want: 400},
		{name: "body negative version", method: "POST", target: "/api/press", body: `{"surfaceId":"main","nodeId":"go","version":-1}`, want: 400},
		{name: "input value missing", method: "POST", target: "/api/input", body: `{"surfaceId":"main","nodeId":"note"}`, want: 400},

		// Refusals by the hub.
		{name: "press not a button", method: "POST", target: "/api/press", body: `{"surfaceId":"main","nodeId":"title","version":{v}}`, want: 409, code: "not_a_button"},
		{name: "press unknown node", method: "POST", target: "/api/press", body: `{"surfaceId":"main","nodeId":"nope","version":{v}}`, want: 409, code: "unknown_node"},
		{name: "press unknown surface", method: "POST", target: "/api/press", body: `{"surfaceId":"nope","nodeId":"go","version":{v}}`, want: 409, code: "unknown_surface"},
		{name: "input wrong type", method: "POST", target: "/api/input", body: `{"surfaceId":"main","nodeId":"note","value":7}`, want: 409, code: "bad_value"},
		{name: "input on a button", method: "POST", target: "/api/input", body: `{"surfaceId":"main","nodeId":"go","value":"x"}`, want: 409, code: "not_an_input"},
	}

	name, session, _ := strings.Cut(e.cookie, "=")
	wrong := strings.Repeat("0", len(session))
	newLink := e.ws.PairingLink() // unused: the cases must never use it up
	newCode := newLink[strings.LastIndex(newLink, "/")+1:]
	e.secrets = append(e.secrets, newCode)
	expand := func(s string) string {
		return strings.NewReplacer("{cookie}", e.cookie, "{name}", name, "{session}", session, "{csrf}", e.csrf,
			"{csrfshort}", e.csrf[:len(e.csrf)-1], "{code}", e.code, "{newcode}", newCode, "{newcodeshort}", newCode[:len(newCode)-1],
			"{wrong}", wrong, "{short}", session[:len(session)-1], "{port}", port,
			"{presslen}", strconv.Itoa(len(strings.ReplaceAll(press, "{v}", strconv.FormatUint(e.version(), 10)))),
			"{v}", strconv.FormatUint(e.version(), 10)).Replace(s)
	}
	// The first use of the used link told the transcript; its second use
	// below tells it once more, so it is done here, before the cases
	// count transcript entries.
	e.do(mustRequest(t, "GET", e.base()+"/pair/"+e.code))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := e.hub.Snapshot()
			queued := before.Status.Queued
			var resp *http.Response
			if c.raw != "" {
				resp = rawRequest(t, e.ws.Port(), expand(c.raw))
			} else {
				if c.target == "" {
					t.Skip("the embedded page has no static file yet")
				}
				req, err := http.NewRequest(c.method, e.base()+expand(c.target), strings.NewReader(expand(c.body)))
				if err != nil {
					t.Fatal(err)
				}
				if c.host != "" {
					req.Host = expand(c.host)
				}
				hs := map[string]string{"Cookie": "{cookie}"}
				if c.method == "POST" || c.method == "PUT" {
					for k, v := range pageHeaders {
						hs[k] = v
					}
				}
				for k, v := range c.headers {
					hs[k] = v
				}
				for k, v := range hs {
					if v != "-" {
						req.Header.Set(k, expand(v))
					}
				}
				resp = e.do(req)
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != c.want {
				t.Fatalf("status %d, want %d (%s)", resp.StatusCode, c.want, body)
			}
			checkSecurityHeaders(t, c.name, resp.Header)
			after := e.hub.Snapshot()
			if c.want >= 300 {
				if after.Canvas != before.Canvas || after.Status.Queued != queued || len(after.Transcript) != len(before.Transcript) {
					t.Errorf("a refused request changed the hub")
				}
				if c.want != 409 && c.want != 405 && c.want != 404 && !c.detail && c.method != "HEAD" && !bytes.Equal(bytes.TrimSpace(body), []byte(http.StatusText(c.want))) {
					t.Errorf("a refusal gave detail: %q", body)
				}
			}
			if c.code != "" {
				var refusal struct{ Code, Message string }
				if err := json.Unmarshal(body, &refusal); err != nil || refusal.Code != c.code || refusal.Message == "" {
					t.Errorf("409 body %s, want code %q and a message", body, c.code)
				}
				if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
					t.Errorf("409 Content-Type %q", ct)
				}
			}
			for _, sec := range []string{e.code, session, newCode} {
				if bytes.Contains(body, []byte(sec)) {
					t.Errorf("the response carries a secret")
				}
			}
		})
	}

	// The unused link is still unused: no case took it.
	if got := e.ws.PairingLink(); got != newLink {
		t.Errorf("a refused request used up the pairing link")
	}
	// The presses that passed are queued, from the web.
	res, err := e.hub.Wait(context.Background(), 0)
	if err != nil || res.Source != hub.Web {
		t.Errorf("queued press: %+v, %v", res, err)
	}
}

// rawRequest writes req as is to the server and reads one response.
func rawRequest(t *testing.T, port int, req string) *http.Response {
	t.Helper()
	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(webGuard))
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatal(err)
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp
}

var pairLink = regexp.MustCompile(`^http://127\.0\.0\.1:([0-9]+)/pair/[1-9A-HJ-NP-Za-km-z]{22}$`)

// TestWebPairing: the address is a one-time link. Its first use starts a
// session (an HttpOnly, SameSite=Strict cookie for this mirror) and is
// announced in the transcript; the link then stops working, and a second
// browser that opens it gets a page saying someone else did; a new link
// is minted only once the last was used.
func TestWebPairing(t *testing.T) {
	hb := hub.New(hub.Options{})
	defer hb.Close()
	clock := time.Date(2025, 3, 4, 12, 1, 30, 0, time.Local)
	ws, err := ServeWeb(hb, WebOptions{Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	e := &webEnv{t: t, hub: hb, ws: ws, logs: &webLogSink{}, client: &http.Client{Timeout: webGuard,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}

	link := ws.PairingLink()
	if m := pairLink.FindStringSubmatch(link); m == nil || m[1] != strconv.Itoa(ws.Port()) {
		t.Fatalf("pairing link %q (port %d)", link, ws.Port())
	}
	if again := ws.PairingLink(); again != link {
		t.Errorf("an unused link was replaced: %q, then %q", link, again)
	}
	if ws.URL() != fmt.Sprintf("http://127.0.0.1:%d/", ws.Port()) {
		t.Errorf("URL %q", ws.URL())
	}
	if st := hb.Snapshot().Status; st.WebURL != link || st.AgentURL != "" || st.Viewers != 0 {
		t.Errorf("status before pairing %+v", st)
	}
	if info := hb.Info(); !info.Web || info.WebURL != "" {
		t.Errorf("canvas.info hands the agent %q (web %v); where a terminal shows the canvas it gets no link", info.WebURL, info.Web)
	}

	// The first browser.
	resp := e.do(mustRequest(t, "GET", link))
	body, _ := io.ReadAll(resp.Body)
	// The page itself, not a redirect (see sendPage), with the new
	// session's CSRF value.
	pairCSRF := csrfMeta.FindStringSubmatch(string(body))
	if resp.StatusCode != http.StatusOK || pairCSRF == nil || !strings.Contains(string(body), `id="surfaces"`) || strings.Contains(string(body), "http-equiv") {
		t.Fatalf("pairing: %s %s", resp.Status, body)
	}
	checkSecurityHeaders(t, "pairing", resp.Header)
	sc := resp.Header.Values("Set-Cookie")
	if len(sc) != 1 {
		t.Fatalf("Set-Cookie %q", sc)
	}
	for _, want := range []string{fmt.Sprintf("a2term-%d=", ws.Port()), "; Path=/", "; HttpOnly", "; SameSite=Strict"} {
		if !strings.Contains(sc[0], want) {
			t.Errorf("session cookie %q lacks %q", sc[0], want)
		}
	}
	if strings.Contains(sc[0], "Domain=") || strings.Contains(sc[0], "Max-Age") || strings.Contains(sc[0], "Expires") {
		t.Errorf("session cookie %q outlives the browser session or leaves the host", sc[0])
	}
	cookie := sc[0][:strings.Index(sc[0], ";")]
	if strings.Contains(cookie, link[strings.LastIndex(link, "/")+1:]) {
		t.Errorf("the session is the pairing code")
	}
	req := mustRequest(t, "GET", ws.URL())
	req.Header.Set("Cookie", cookie)
	resp = e.do(req)
	body, _ = io.ReadAll(resp.Body)
	if m := csrfMeta.FindStringSubmatch(string(body)); resp.StatusCode != http.StatusOK || m == nil || m[1] != pairCSRF[1] {
		t.Errorf("the page with the session: %s, CSRF %q, want the pairing's %q", resp.Status, m, pairCSRF[1])
	}
	st := hb.Snapshot().Status
	if st.WebURL != ws.URL() || st.AgentURL != "" {
		t.Errorf("status after pairing %+v: the used link must go", st)
	}
	if tr := entriesOf(hb); !slices.Contains(tr, "event: the web mirror was opened in a browser at 12:01") {
		t.Errorf("the transcript does not say the mirror was opened: %q", tr)
	}

	// The same browser again: on to the page, nothing else happens.
	req = mustRequest(t, "GET", link)
	req.Header.Set("Cookie", cookie)
	if resp := e.do(req); resp.StatusCode != http.StatusOK || len(resp.Header.Values("Set-Cookie")) != 0 {
		t.Errorf("the link again in the paired browser: %s %q", resp.Status, resp.Header.Values("Set-Cookie"))
	}

	// A second browser with the same link: refused, with a page that says
	// why; the transcript says so once.
	n := len(hb.Snapshot().Transcript)
	for range 3 {
		resp = e.do(mustRequest(t, "GET", link))
		body, _ = io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusForbidden || len(resp.Header.Values("Set-Cookie")) != 0 ||
			!strings.Contains(string(body), "Someone else already opened this link") || !strings.Contains(string(body), "at 12:01") {
			t.Fatalf("a used link: %s %q %s", resp.Status, resp.Header.Values("Set-Cookie"), body)
		}
		checkSecurityHeaders(t, "a used link", resp.Header)
	}
	tr := entriesOf(hb)
	if len(tr) != n+1 || tr[n] != "event: a used web mirror link was opened again at 12:01 and refused" {
		t.Errorf("transcript after a used link was opened three times: %q", tr[n:])
	}

	// The page without a session says how to pair.
	resp = e.do(mustRequest(t, "GET", ws.URL()))
	body, _ = io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "not paired") {
		t.Errorf("the page with no session: %s %s", resp.Status, body)
	}

	// A new link for a second browser: a session of its own, whose CSRF
	// value is not the first one's.
	link2 := ws.PairingLink()
	if link2 == link || !pairLink.MatchString(link2) {
		t.Fatalf("new link %q after %q", link2, link)
	}
	if st := hb.Snapshot().Status; st.WebURL != link2 {
		t.Errorf("status with a new link %+v", st)
	}
	e2 := &webEnv{t: t, hub: hb, ws: ws, logs: e.logs, client: e.client}
	_, cookie2, csrf2 := e2.pair(link2)
	e1 := &webEnv{t: t, hub: hb, ws: ws, logs: e.logs, client: e.client, cookie: cookie}
	req = mustRequest(t, "GET", ws.URL())
	req.Header.Set("Cookie", cookie)
	resp = e.do(req)
	body, _ = io.ReadAll(resp.Body)
	m := csrfMeta.FindSubmatch(body)
	if m == nil || cookie2 == cookie || string(m[1]) == csrf2 {
		t.Fatalf("two sessions share a cookie or a CSRF value")
	}
	e1.csrf = csrf2 // the other session's value
	if resp := e1.post("/api/press", `{"surfaceId":"x","nodeId":"y","version":1}`); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a POST with another session's CSRF value: %s", resp.Status)
	}
	e1.csrf = string(m[1])
	if resp := e1.post("/api/press", `{"surfaceId":"x","nodeId":"y","version":1}`); resp.StatusCode != http.StatusConflict {
		t.Errorf("a POST with the session's own CSRF value: %s", resp.Status)
	}

	// A paired page asks for a link for another browser.
	resp = e1.post("/api/pair", `{}`)
	var got struct{ Link string }
	if err := json.Unmarshal(mustBody(resp), &got); resp.StatusCode != http.StatusOK || err != nil || !pairLink.MatchString(got.Link) {
		t.Fatalf("POST /api/pair: %s %q %v", resp.Status, got.Link, err)
	}
	e3 := &webEnv{t: t, hub: hb, ws: ws, logs: e.logs, client: e.client}
	e3.pair(got.Link)

	// Sessions are bounded: the oldest goes first.
	for range maxSessions {
		e3.pair(ws.PairingLink())
	}
	req = mustRequest(t, "GET", ws.URL())
	req.Header.Set("Cookie", cookie)
	if resp := e.do(req); resp.StatusCode != http.StatusForbidden {
		t.Errorf("the oldest session after %d more: %s", maxSessions, resp.Status)
	}

	// At Close the link leaves the status line.
	ws.PairingLink()
	if err := ws.Close(); err != nil {
		t.Fatal(err)
	}
	if st := hb.Snapshot().Status; st.WebURL != "" || st.AgentURL != "" {
		t.Errorf("status after Close %+v", st)
	}
	if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", ws.Port())); err == nil {
		c.Close()
		t.Errorf("still listening after Close")
	}
}

func mustBody(resp *http.Response) []byte {
	b, _ := io.ReadAll(resp.Body)
	return b
}

// TestWebAgentLink: only a canvas with no terminal for the person (a2term
// mcp on its own) hands the agent the link, and only while it is unused.
func TestWebAgentLink(t *testing.T) {
	hb := hub.New(hub.Options{})
	defer hb.Close()
	ws, err := ServeWeb(hb, WebOptions{AgentLink: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	link := ws.PairingLink()
	if info := hb.Info(); !info.Web || info.WebURL != link {
		t.Errorf("canvas.info before pairing: web %v, link %q; want %q", info.Web, info.WebURL, link)
	}
	e := &webEnv{t: t, hub: hb, ws: ws, logs: &webLogSink{}, client: &http.Client{Timeout: webGuard}}
	e.pair(link)
	if info := hb.Info(); !info.Web || info.WebURL != "" {
		t.Errorf("canvas.info after pairing: web %v, link %q; a used link is gone", info.Web, info.WebURL)
	}
	if tr := entriesOf(hb); len(tr) == 0 || !strings.HasPrefix(tr[len(tr)-1], "event: the web mirror was opened in a browser at ") {
		t.Errorf("the transcript does not say the mirror was opened: %q", tr)
	}

	// Two servers never share a link or a port.
	other, err := ServeWeb(hb, WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if o := other.PairingLink(); o == link || other.Port() == ws.Port() {
		t.Errorf("two servers share a link or a port: %s, %s", link, o)
	}
	other.Close()
}

func TestWebListensOnLoopbackOnly(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	for _, addr := range []string{":0", "0.0.0.0:0", "localhost:0", "[::1]:0", "192.0.2.1:0", "nonsense"} {
		if ws, err := ServeWeb(h, WebOptions{Addr: addr}); err == nil {
			ws.Close()
			t.Errorf("ServeWeb on %q was allowed", addr)
		}
	}
}

func TestWebSnapshotOnConnect(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	for i := range WebTranscript + 10 {
		e.hub.Append(hub.RoleNote, fmt.Sprintf("line %d", i))
	}
	v := e.openViewer()
	_, ev := v.next()

	// The exact shape the page renders.
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(ev.data, &raw); err != nil {
		t.Fatal(err)
	}
	if got := keys(raw); got != "status,surfaces,transcript,version" {
		t.Errorf("snapshot keys %s", got)
	}
	var surfaces []map[string]json.RawMessage
	json.Unmarshal(raw["surfaces"], &surfaces)
	if len(surfaces) != 1 || keys(surfaces[0]) != "shown,styles,surfaceId,tree,version" {
		t.Fatalf("surfaces %s", raw["surfaces"])
	}
	var styles, status map[string]json.RawMessage
	json.Unmarshal(surfaces[0]["styles"], &styles)
	json.Unmarshal(raw["status"], &status)
	if keys(styles) != "font,primaryColor" || keys(status) != "queued,viewers" {
		t.Errorf("styles %s, status %s", surfaces[0]["styles"], raw["status"])
	}
	var tree struct {
		ID, Component, Type string
		Children            []struct {
			ID, Type string
			Props    map[string]any
		}
	}
	if err := json.Unmarshal(surfaces[0]["tree"], &tree); err != nil || tree.ID != "root" || tree.Type != "Column" || len(tree.Children) != 3 ||
		tree.Children[0].Props["text"] != "Say something" || tree.Children[2].Type != "Button" {
		t.Errorf("tree %s", surfaces[0]["tree"])
	}

	var s webSnap
	json.Unmarshal(ev.data, &s)
	snap := e.hub.Snapshot()
	if s.Version != snap.Canvas.Version() || s.Surfaces[0].Version != snap.Canvas.Surface("main").Version() ||
		!s.Surfaces[0].Shown || s.Surfaces[0].Styles["primaryColor"] != "#2f6fde" || s.Status.Viewers != 1 {
		t.Errorf("snapshot %+v", s)
	}
	if len(s.Transcript) != WebTranscript || s.Transcript[len(s.Transcript)-1].Text != fmt.Sprintf("line %d", WebTranscript+9) {
		t.Errorf("transcript: %d entries, last %+v", len(s.Transcript), s.Transcript[len(s.Transcript)-1])
	}

	// A surface not shown yet has no tree.
	if _, err := e.hub.Show(webRaws(`{"surfaceUpdate":{"surfaceId":"later","components":[{"id":"x","component":{"Text":{"text":{"literalString":"x"}}}}]}}`)); err != nil {
		t.Fatal(err)
	}
	s = v.waitFor("two surfaces", func(s webSnap) bool { return len(s.Surfaces) == 2 })
	if s.Surfaces[1].Shown || string(s.Surfaces[1].Tree) != "null" {
		t.Errorf("surface not shown: %+v", s.Surfaces[1])
	}
}

func keys(m map[string]json.RawMessage) string {
	return strings.Join(slices.Sorted(maps.Keys(m)), ",")
}

// TestWebLiveBothWays: what the person types on the page reaches the
// terminal's state, what they type in the terminal reaches the page, and
// presses from both views land in the one queue with their source.
func TestWebLiveBothWays(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	v := e.openViewer()
	v.next()

	// Web → hub (and so the terminal).
	if resp := e.post("/api/input", `{"surfaceId":"main","nodeId":"note","value":"thanks"}`); resp.StatusCode != 204 {
		t.Fatalf("input: %s", resp.Status)
	}
	if !strings.Contains(stateJSON(e.hub, "main"), `"dataModel":{"note":"thanks"}`) {
		t.Errorf("the hub did not take the typed value")
	}
	v.waitFor("the typed value", func(s webSnap) bool { return strings.Contains(string(s.Surfaces[0].Tree), `"text":"thanks"`) })

	// Terminal → page.
	if err := e.hub.SetValue(hub.Terminal, "main", "note", "from the terminal"); err != nil {
		t.Fatal(err)
	}
	v.waitFor("the terminal's value", func(s webSnap) bool {
		return strings.Contains(string(s.Surfaces[0].Tree), `"text":"from the terminal"`)
	})
	if resp := e.post("/api/input", `{"surfaceId":"main","nodeId":"note","value":"thanks"}`); resp.StatusCode != 204 {
		t.Fatalf("input: %s", resp.Status)
	}

	// A web press reaches a waiting canvas.wait, with the typed context.
	type waited struct {
		res hub.WaitResult
		err error
	}
	got := make(chan waited, 1)
	go func() {
		res, err := e.hub.Wait(context.Background(), webGuard)
		got <- waited{res, err}
	}()
	waitForTranscriptText(t, e.hub, "waiting for the person")
	if resp := e.post("/api/press", fmt.Sprintf(`{"surfaceId":"main","nodeId":"go","version":%d}`, e.version())); resp.StatusCode != 204 {
		t.Fatalf("press: %s", resp.Status)
	}
	w := <-got
	if w.err != nil || w.res.Source != hub.Web || w.res.TimedOut {
		t.Fatalf("wait: %+v, %v", w.res, w.err)
	}
	var msg struct {
		UserAction struct {
			Name              string         `json:"name"`
			SurfaceID         string         `json:"surfaceId"`
			SourceComponentID string         `json:"sourceComponentId"`
			Context           map[string]any `json:"context"`
		} `json:"userAction"`
	}
	if err := json.Unmarshal(w.res.Action, &msg); err != nil {
		t.Fatal(err)
	}
	if a := msg.UserAction; a.Name != "send" || a.SurfaceID != "main" || a.SourceComponentID != "go" || a.Context["note"] != "thanks" {
		t.Errorf("action %s", w.res.Action)
	}

	// One queue: a terminal press and a web press, in order, with sources.
	if err := e.hub.Press(hub.Terminal, "main", "go", e.version()); err != nil {
		t.Fatal(err)
	}
	if resp := e.post("/api/press", fmt.Sprintf(`{"surfaceId":"main","nodeId":"go","version":%d}`, e.version())); resp.StatusCode != 204 {
		t.Fatalf("press: %s", resp.Status)
	}
	v.waitFor("two queued", func(s webSnap) bool { return s.Status.Queued == 2 })
	for _, want := range []hub.Source{hub.Terminal, hub.Web} {
		res, err := e.hub.Wait(context.Background(), 0)
		if err != nil || res.Source != want {
			t.Errorf("wait: %+v, %v; want source %s", res, err, want)
		}
	}
	if !strings.Contains(strings.Join(transcriptOf(e.hub), "\n"), "pressed send on main (web)") {
		t.Errorf("the transcript does not record the web press")
	}
}

func stateJSON(h *hub.Hub, surfaceID string) string {
	st, _ := h.State(surfaceID)
	b, _ := json.Marshal(st)
	return string(b)
}

// entriesOf is the transcript as "role: text" lines.
func entriesOf(h *hub.Hub) []string {
	var out []string
	for _, e := range h.Snapshot().Transcript {
		out = append(out, string(e.Role)+": "+e.Text)
	}
	return out
}

func transcriptOf(h *hub.Hub) []string {
	var out []string
	for _, e := range h.Snapshot().Transcript {
		out = append(out, e.Text)
	}
	return out
}

func waitForTranscriptText(t *testing.T, h *hub.Hub, text string) {
	t.Helper()
	changed, cancel := h.Subscribe()
	defer cancel()
	timeout := time.NewTimer(webGuard)
	defer timeout.Stop()
	for !strings.Contains(strings.Join(transcriptOf(h), "\n"), text) {
		select {
		case <-changed:
		case <-timeout.C:
			t.Fatalf("the transcript never said %q", text)
		}
	}
}

// TestWebStalePress: a press on a button whose action changed since the
// version the page saw is refused with 409 {"code":"stale"}, and nothing
// is queued.
func TestWebStalePress(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	seen := e.version()
	if _, err := e.hub.Show(webRaws(`{"surfaceUpdate":{"surfaceId":"main","components":[` +
		`{"id":"go","component":{"Button":{"child":"go-label","action":{"name":"delete_everything"}}}}]}}`)); err != nil {
		t.Fatal(err)
	}
	resp := e.post("/api/press", fmt.Sprintf(`{"surfaceId":"main","nodeId":"go","version":%d}`, seen))
	var refusal struct{ Code, Message string }
	json.NewDecoder(resp.Body).Decode(&refusal)
	if resp.StatusCode != http.StatusConflict || refusal.Code != "stale" || refusal.Message == "" {
		t.Errorf("stale press: %s %+v", resp.Status, refusal)
	}
	checkSecurityHeaders(t, "409", resp.Header)
	if q := e.hub.Snapshot().Status.Queued; q != 0 {
		t.Errorf("%d queued after a stale press", q)
	}
	// Pressed again at the new version, it goes through.
	resp = e.post("/api/press", fmt.Sprintf(`{"surfaceId":"main","nodeId":"go","version":%d}`, e.version()))
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("fresh press: %s", resp.Status)
	}
}

// TestWebFifthViewer: at most MaxViewers streams; the next gets 503 and
// the page says the canvas is full; the TUI's count follows.
func TestWebFifthViewer(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	var viewers []*webViewer
	for i := range hub.MaxViewers {
		v := e.openViewer()
		v.next()
		viewers = append(viewers, v)
		e.waitStatus(fmt.Sprintf("%d viewers", i+1), func(s hub.Status) bool { return s.Viewers == i+1 })
	}
	viewers[0].waitFor("4 viewers in the snapshot", func(s webSnap) bool { return s.Status.Viewers == hub.MaxViewers })

	resp := e.get("/events")
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("fifth stream: %s", resp.Status)
	}
	checkSecurityHeaders(t, "fifth stream", resp.Header)
	resp = e.get("/")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "This canvas is already open in 4 places") ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("fifth page: %s %s", resp.Status, body)
	}
	checkSecurityHeaders(t, "fifth page", resp.Header)
	if n := e.hub.Snapshot().Status.Viewers; n != hub.MaxViewers {
		t.Errorf("%d viewers after a refusal", n)
	}

	// One tab closes: a place is free again.
	viewers[0].close()
	e.waitStatus("3 viewers", func(s hub.Status) bool { return s.Viewers == hub.MaxViewers-1 })
	if resp := e.get("/"); resp.StatusCode != http.StatusOK {
		t.Errorf("page after one left: %s", resp.Status)
	}
	e.openViewer().next()
	e.waitStatus("4 viewers again", func(s hub.Status) bool { return s.Viewers == hub.MaxViewers })
}

func mustRequest(t *testing.T, method, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// bigSurface is a surface whose snapshot (some 500 kB) is far more than
// the socket buffers of a viewer that never reads can take (see
// stuckViewer), so that its stream blocks on its first write.
func bigSurface() []json.RawMessage {
	var ids, comps, data []string
	chunk := strings.Repeat("x", 60_000)
	for i := range 8 {
		id := fmt.Sprintf("t%d", i)
		ids = append(ids, strconv.Quote(id))
		comps = append(comps, fmt.Sprintf(`{"id":%q,"component":{"Text":{"text":{"path":"/%s"}}}}`, id, id))
		data = append(data, fmt.Sprintf(`{"key":%q,"valueString":%q}`, id, chunk))
	}
	comps = append(comps, `{"id":"tick","component":{"Text":{"text":{"path":"/tick"}}}}`)
	return webRaws(
		`{"beginRendering":{"surfaceId":"big","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"big","components":[{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(ids, ",")+`,"tick"]}}}},`+strings.Join(comps, ",")+`]}}`,
		`{"dataModelUpdate":{"surfaceId":"big","contents":[`+strings.Join(data, ",")+`]}}`,
	)
}

// stuckOptions make every connection's send buffer small, so that a
// stream to a viewer that never reads blocks on its first snapshot of
// bigSurface.
func stuckOptions(writeTimeout time.Duration) WebOptions {
	return WebOptions{writeTimeout: writeTimeout, sendBuffer: 4096}
}

func tick(t *testing.T, h *hub.Hub, i int) uint64 {
	t.Helper()
	if _, err := h.Show(webRaws(fmt.Sprintf(`{"dataModelUpdate":{"surfaceId":"big","path":"/tick","contents":[{"key":"n","valueNumber":%d}]}}`, i))); err != nil {
		t.Fatal(err)
	}
	return h.Snapshot().Canvas.Version()
}

// stuckViewer asks for /events and never reads a byte.
func stuckViewer(t *testing.T, e *webEnv) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", e.ws.Port()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.(*net.TCPConn).SetReadBuffer(4096)
	fmt.Fprintf(c, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nCookie: %s\r\n\r\n", e.ws.Port(), e.cookie)
	return c
}

// TestWebViewerThatNeverReads: a viewer that stops reading is dropped
// after the write deadline, and meanwhile another viewer gets every
// update as it happens.
func TestWebViewerThatNeverReads(t *testing.T) {
	e := newWebEnv(t, stuckOptions(3*time.Second))
	if _, err := e.hub.Show(bigSurface()); err != nil {
		t.Fatal(err)
	}
	good := e.openViewer()
	good.next()
	stuckViewer(t, e)
	e.waitStatus("2 viewers", func(s hub.Status) bool { return s.Viewers == 2 })

	// From here until it is dropped, the stuck viewer's stream is blocked
	// in its first write; every update the other viewer gets meanwhile
	// (viewers: 2) shows that it is not held up.
	whileStuck := 0
	for i := 0; ; i++ {
		v := tick(t, e.hub, i)
		s := good.waitFor(fmt.Sprintf("version %d", v), func(s webSnap) bool { return s.Version >= v })
		if s.Status.Viewers == 1 {
			break
		}
		whileStuck++
	}
	t.Logf("%d updates while stuck", whileStuck)
	if whileStuck == 0 {
		t.Errorf("no update reached the viewer that reads while the other was stuck")
	}
	// The remaining viewer goes on getting fresh snapshots.
	v := tick(t, e.hub, -1)
	good.waitFor("a fresh snapshot after the drop", func(s webSnap) bool { return s.Version >= v && s.Status.Viewers == 1 })
	e.waitStatus("1 viewer", func(s hub.Status) bool { return s.Viewers == 1 })
	if err := e.ws.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.logs.String(), "dropped: it stopped reading") {
		t.Errorf("the drop is not logged:\n%s", e.logs)
	}
}

// TestWebCloseIsPrompt: Close ends every stream at once, one stuck in a
// write to a viewer that never reads included.
func TestWebCloseIsPrompt(t *testing.T) {
	opts := stuckOptions(time.Hour)
	opts.heartbeat = time.Hour
	e := newWebEnv(t, opts)
	if _, err := e.hub.Show(bigSurface()); err != nil {
		t.Fatal(err)
	}
	a, b := e.openViewer(), e.openViewer()
	a.next()
	b.next()
	stuckViewer(t, e)
	e.waitStatus("3 viewers", func(s hub.Status) bool { return s.Viewers == 3 })

	start := time.Now()
	if err := e.ws.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("Close took %v", time.Since(start))
	if d := time.Since(start); d > webShutdownWait/2 {
		t.Errorf("Close took %v", d)
	}
	if !a.ended() || !b.ended() {
		t.Errorf("streams still open after Close")
	}
	if st := e.hub.Snapshot().Status; st.Viewers != 0 || st.WebURL != "" {
		t.Errorf("status after Close: %+v", st)
	}
	if strings.Contains(e.logs.String(), "dropped") {
		t.Errorf("Close dropped a viewer instead of ending its stream:\n%s", e.logs)
	}
}

// TestWebHeartbeat: an idle stream gets a comment now and then, which
// keeps proxies and the browser from giving up on it.
func TestWebHeartbeat(t *testing.T) {
	e := newWebEnv(t, WebOptions{heartbeat: 10 * time.Millisecond})
	v := e.openViewer()
	v.next()
	timeout := time.NewTimer(webGuard)
	defer timeout.Stop()
	for {
		select {
		case ev := <-v.events:
			if ev.comment && ev.name == "" {
				return
			}
		case <-timeout.C:
			t.Fatal("no heartbeat")
		}
	}
}

// TestWebLogs: the log says what happened, by method and path, and never
// carries a pairing code, a session, a CSRF value, the query or headers
// (newWebEnv checks the secrets in every test).
func TestWebLogs(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	e.openViewer().next()
	e.do(mustRequest(t, "GET", e.base()+"/events?t="+e.code[:10]))
	e.do(mustRequest(t, "GET", e.base()+"/pair/"+e.code))                     // used
	e.do(mustRequest(t, "GET", e.base()+"/pair/"+e.code[:len(e.code)-1]+"0")) // unknown
	link := e.ws.PairingLink()
	e.secrets = append(e.secrets, link[strings.LastIndex(link, "/")+1:])
	req := mustRequest(t, "GET", e.ws.URL())
	req.Host = "localhost:" + strconv.Itoa(e.ws.Port())
	req.Header.Set("Cookie", "secret-cookie")
	e.do(req)
	e.post("/api/press", `{"surfaceId":"main","nodeId":"title","version":1}`)
	if err := e.ws.Close(); err != nil {
		t.Fatal(err)
	}
	logs := e.logs.String()
	for _, want := range []string{`GET "/events": refused: 403`, `GET "/": refused: 403`, `POST "/api/press": refused by the hub: not_a_button`,
		"a viewer joined", `GET "/pair/…": a browser paired`, `GET "/pair/…": refused: a used pairing link`, `GET "/pair/…": refused: 403`} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log lacks %q:\n%s", want, logs)
		}
	}
	for _, never := range []string{e.code[:10], "t=", "secret-cookie", "localhost", "a2term-"} {
		if strings.Contains(logs, never) {
			t.Errorf("the log carries %q:\n%s", never, logs)
		}
	}
}

// TestOpenBrowserWritesAPrivateRedirect: the link reaches the browser
// through a 0600 file, never a command line, and the file goes as soon as
// the link is used, or at Close; no timer.
func TestOpenBrowserWritesAPrivateRedirect(t *testing.T) {
	for _, k := range []string{"SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"} {
		t.Setenv(k, "")
	}
	e := newWebEnv(t, WebOptions{})
	var file string
	opener := func(f string) (string, error) {
		file = f
		return "opened by the test", nil
	}
	how, err := e.ws.openBrowser(opener)
	if err != nil || how != "opened by the test" {
		t.Fatalf("openBrowser: %q, %v", how, err)
	}
	link := e.hub.Snapshot().Status.WebURL
	code := link[strings.LastIndex(link, "/")+1:]
	e.secrets = append(e.secrets, code)
	if !pairLink.MatchString(link) || strings.Contains(file, code) {
		t.Errorf("link %q; the opener's argument %s", link, file)
	}
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	di, err := os.Stat(filepath.Dir(file))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 || di.Mode().Perm() != 0o700 {
		t.Errorf("file %v, directory %v; want 0600 in 0700", fi.Mode(), di.Mode())
	}
	page, _ := os.ReadFile(file)
	for _, want := range []string{`http-equiv="refresh" content="0;url=` + link + `"`, `location.replace("` + link + `")`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("redirect page lacks %s:\n%s", want, page)
		}
	}
	// Opened twice before use: the same link, a second file.
	first := file
	if _, err := e.ws.openBrowser(opener); err != nil || file == first {
		t.Fatalf("second open: %v, %s", err, file)
	}
	second := file

	// The browser uses the link: both files go at once.
	e.pair(link)
	for _, f := range []string{first, second} {
		if _, err := os.Stat(filepath.Dir(f)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the redirect is still there after the link was used: %v", err)
		}
	}

	// Not used: the file goes at Close.
	if _, err := e.ws.openBrowser(opener); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(file); err != nil {
		t.Fatal(err)
	}
	e.ws.Close()
	if _, err := os.Stat(filepath.Dir(file)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the redirect is still there after Close: %v", err)
	}

	// A failing opener leaves nothing behind.
	_, cleanup, err := openBrowser(link, func(f string) (string, error) {
		file = f
		return "", errors.New("no opener")
	})
	if err == nil || cleanup != nil {
		t.Errorf("failing opener: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(file)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed open left its file: %v", err)
	}
}

func TestRedirectPageEscapesTheURL(t *testing.T) {
	page := redirectPage(`http://127.0.0.1:1/?t="><script>alert(1)</script>`)
	if strings.Contains(page, "<script>alert") || strings.Contains(page, `"><script`) {
		t.Errorf("the URL is not escaped:\n%s", page)
	}
}

func TestOverSSHAndHint(t *testing.T) {
	for _, k := range []string{"SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"} {
		t.Setenv(k, "")
	}
	if OverSSH() {
		t.Errorf("OverSSH with no SSH variables")
	}
	url := "http://127.0.0.1:8123/?t=abc"
	if got, want := SSHHint(8123, url), "ssh -L 8123:127.0.0.1:8123 this-machine"; !strings.Contains(got, want) || !strings.Contains(got, url) {
		t.Errorf("hint %q, want %q and the URL", got, want)
	}

	t.Setenv("SSH_CONNECTION", "192.0.2.7 51234 198.51.100.3 22")
	if !OverSSH() {
		t.Errorf("OverSSH with SSH_CONNECTION")
	}
	if got, want := SSHHint(8123, url), "ssh -L 8123:127.0.0.1:8123 198.51.100.3 "; !strings.Contains(got, want) {
		t.Errorf("hint %q, want %q", got, want)
	}
	h := hub.New(hub.Options{})
	defer h.Close()
	ws, err := ServeWeb(h, WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if _, err := ws.OpenBrowser(); !errors.Is(err, ErrOverSSH) {
		t.Errorf("OpenBrowser over SSH: %v", err)
	}
	if lines := strings.Join(ws.Open(false), "\n"); strings.Contains(lines, "/pair/") || !strings.Contains(lines, "ssh -L") {
		t.Errorf("Open(false) over SSH: %s", lines)
	}
	if lines := strings.Join(ws.Open(true), "\n"); !strings.Contains(lines, ws.PairingLink()) {
		t.Errorf("Open(true) over SSH lacks the link: %s", lines)
	}

	t.Setenv("SSH_CONNECTION", "2001:db8::7 51234 2001:db8::3 2222")
	if got, want := SSHHint(9000, url), "ssh -L 9000:127.0.0.1:9000 -p 2222 2001:db8::3 "; !strings.Contains(got, want) {
		t.Errorf("hint %q, want %q", got, want)
	}
	t.Setenv("SSH_CONNECTION", "x y $(rm -rf ~) z")
	if got := SSHHint(9000, url); !strings.Contains(got, " this-machine ") || strings.Contains(got, "rm") {
		t.Errorf("hint from a garbled SSH_CONNECTION: %q", got)
	}
	t.Setenv("SSH_CONNECTION", "")
	t.Setenv("SSH_TTY", "/dev/pts/3")
	if !OverSSH() {
		t.Errorf("OverSSH with SSH_TTY")
	}
}

// The web mirror of a hub: a page on 127.0.0.1 that a browser opens with
// a one-time pairing link, shown in the status line for the person.
func ExampleServeWeb() {
	hb := hub.New(hub.Options{})
	defer hb.Close()
	web, err := ServeWeb(hb, WebOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer web.Close()

	link := web.PairingLink()
	fmt.Println(strings.HasPrefix(link, fmt.Sprintf("http://127.0.0.1:%d/pair/", web.Port())))
	fmt.Println(len(link[strings.LastIndex(link, "/")+1:]), "characters of pairing code")
	fmt.Println(hb.Snapshot().Status.WebURL == link)
	fmt.Println(hb.Info().WebURL == "") // the agent is not given it
	// Output:
	// true
	// 22 characters of pairing code
	// true
	// true
}

// TestRunOpenerTellsAFailure: an opener that ends in failure within its
// grace (xdg-open with no browser to find) is an error the person is
// told, with the link to open themselves; one that ends well, or still
// runs after the grace (the browser itself), has opened the browser.
func TestRunOpenerTellsAFailure(t *testing.T) {
	for _, name := range []string{"true", "false", "sleep"} {
		if _, err := exec.LookPath(name); err != nil {
			t.Skipf("no %s on this machine: %v", name, err)
		}
	}
	if _, err := runOpener(time.Minute, "false"); err == nil || !strings.Contains(err.Error(), "false found no browser to open (it ended with status 1)") {
		t.Errorf("a failing opener: %v", err)
	}
	if how, err := runOpener(time.Minute, "true"); err != nil || how != "opened in the browser with true" {
		t.Errorf("an opener that ends well: %q, %v", how, err)
	}
	if how, err := runOpener(20*time.Millisecond, "sleep", "0.2"); err != nil || how != "opened in the browser with sleep" {
		t.Errorf("an opener still running: %q, %v", how, err)
	}
	if _, err := runOpener(time.Minute, "a2term-no-such-opener"); err == nil {
		t.Error("an opener that is not there opened the browser")
	}
	lines := openLines("http://127.0.0.1:1/pair/x", 1, func() (string, error) { return runOpener(time.Minute, "false") })
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "Could not open a browser: false found no browser") || !strings.HasSuffix(lines[2], "http://127.0.0.1:1/pair/x") {
		t.Errorf("what the person reads: %q", lines)
	}
}
