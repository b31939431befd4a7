package agentsock_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/statedir"
	"github.com/a2term/a2term/internal/testutil/agenttest"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// The fixtures shared with the other tests that serve a hub.
const guard = hubtest.Guard

var (
	raws              = hubtest.Msgs
	ctxFor            = hubtest.CtxFor
	waitForTranscript = hubtest.WaitForTranscript
	pressOn           = hubtest.Press
	form              = hubtest.Form
	start             = agenttest.Start
	dial              = agenttest.Dial
	rawCall           = agenttest.RawCall
	decodeAction      = agenttest.DecodeAction
)

func TestAPIShowThenState(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	res, err := c.Show(ctx, form...)
	if err != nil {
		t.Fatal(err)
	}
	want := []hub.SurfaceSummary{{SurfaceID: "main", Protocol: "v0.8", Components: 6, Root: "root", Shown: true}}
	if fmt.Sprint(res.Surfaces) != fmt.Sprint(want) || res.Warnings == nil || len(res.Warnings) != 0 {
		t.Errorf("show returned %+v", res)
	}
	states, err := c.State(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != 1 {
		t.Fatalf("state: %+v", states)
	}
	st := states[0]
	if st.SurfaceID != "main" || st.Root != "root" || !st.Shown || len(st.Components) != 6 ||
		string(st.DataModel) != `{"note":"hello"}` || st.Version != h.Snapshot().Canvas.Version() {
		t.Errorf("state: %+v (data %s)", st, st.DataModel)
	}
	// The person's input shows in the state.
	if err := h.SetValue(hub.Terminal, "main", "note", "typed"); err != nil {
		t.Fatal(err)
	}
	states, err = c.State(ctx, "main")
	if err != nil || len(states) != 1 || string(states[0].DataModel) != `{"note":"typed"}` {
		t.Errorf("state after typing: %+v, %v", states, err)
	}
	_, err = c.State(ctx, "other")
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeUnknownSurface || refusal.SurfaceID != "other" {
		t.Errorf("state of an unknown surface: %v", err)
	}
	info, err := c.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.Protocol != "a2ui/v0.8" || info.Version != h.Snapshot().Canvas.Version() || len(info.Surfaces) != 1 ||
		info.Limits.RPCMessageBytes != agentsock.MaxRPCMessageBytes || info.Limits.Surfaces != a2ui.MaxSurfaces {
		t.Errorf("info: %+v", info)
	}
}

// canvas.state returns the strings the views draw, cleaned as they were
// when the batch was accepted, never the escape sequences and hidden
// characters the agent sent: an agent reading back its surface learns
// what the person sees.
func TestAPIStateReturnsTheCleanedStrings(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	hostile := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	_, err := c.Show(ctx, raws(
		`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"main","components":[`+
			`{"id":"root","component":{"Column":{"children":{"explicitList":["t","f","b"]}}}},`+
			`{"id":"t","component":{"Text":{"text":{"literalString":`+hostile("Pay \x1b]52;c;ZXZpbA==\x07now\nor\u202e later\u200b")+`}}}},`+
			`{"id":"f","component":{"TextField":{"label":{"literalString":`+hostile("Na\x1b[2Jme\nhere")+`},"text":{"path":"/n"}}}},`+
			`{"id":"bl","component":{"Text":{"text":{"literalString":"Go"}}}},`+
			`{"id":"b","component":{"Button":{"child":"bl","hidden\u202e":"\u001b[6n",`+
			`"action":{"name":"go","context":[{"key":"k","value":{"literalString":`+hostile("v\u009b31m")+`}}]}}}}]}}`,
	)...)
	if err != nil {
		t.Fatal(err)
	}
	states, err := c.State(ctx, "main")
	if err != nil || len(states) != 1 {
		t.Fatalf("state: %+v, %v", states, err)
	}
	tree := h.Snapshot().Canvas.Surface("main").Tree()
	drawnText := tree.Find("t").Props.(*a2ui.TextProps).Text
	drawnLabel := tree.Find("f").Props.(*a2ui.TextFieldProps).Label
	if drawnText != "Pay now\nor later" || drawnLabel != "Name here" {
		t.Fatalf("the views draw %q and %q", drawnText, drawnLabel)
	}
	got := map[string]string{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case string:
			if !a2ui.IsClean(x) {
				t.Errorf("%s: %q is not clean", path, x)
			}
			got[path] = x
		case map[string]any:
			for k, e := range x {
				if !a2ui.IsClean(k) {
					t.Errorf("%s: the key %q is not clean", path, k)
				}
				walk(path+"/"+k, e)
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s/%d", path, i), e)
			}
		}
	}
	for _, comp := range states[0].Components {
		var v map[string]any
		if err := json.Unmarshal(comp, &v); err != nil {
			t.Fatal(err)
		}
		walk("/"+v["id"].(string), v)
	}
	for path, want := range map[string]string{
		"/t/component/Text/text/literalString":                     drawnText,
		"/f/component/TextField/label/literalString":               drawnLabel,
		"/b/component/Button/action/context/0/value/literalString": a2ui.SanitizeText("v\u009b31m"),
	} {
		if got[path] != want {
			t.Errorf("state %s = %q, the views have %q", path, got[path], want)
		}
	}
}

func TestAPIRefusedBatchChangesNothing(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	before := h.Snapshot().Canvas
	stateBefore, _ := c.State(ctx, "")
	_, err := c.Show(ctx, raws(
		`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"changed"}]}}`,
		`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"x","component":{"Nope":{}}}]}}`,
	)...)
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) {
		t.Fatalf("a refused batch returned %v", err)
	}
	if refusal.Code != a2ui.CodeUnknownComponent || refusal.Index != 1 || refusal.SurfaceID != "main" || refusal.ComponentID != "x" {
		t.Errorf("refusal %+v", refusal)
	}
	if h.Snapshot().Canvas != before {
		t.Error("a refused batch changed the canvas")
	}
	stateAfter, _ := c.State(ctx, "")
	a, _ := json.Marshal(stateBefore)
	b, _ := json.Marshal(stateAfter)
	if string(a) != string(b) {
		t.Errorf("state changed:\n%s\n%s", a, b)
	}

	// On the wire: -32602, the refusal's message, the refusal as data.
	reply := rawCall(t, srv, `{"jsonrpc":"2.0","id":9,"method":"canvas.show","params":{"messages":[{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"x","component":{"Nope":{}}}]}}]}}`)
	var got struct {
		ID    int `json:"id"`
		Error struct {
			Code    int        `json:"code"`
			Message string     `json:"message"`
			Data    a2ui.Error `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(reply), &got); err != nil {
		t.Fatal(err)
	}
	if got.ID != 9 || got.Error.Code != -32602 || got.Error.Data.Code != a2ui.CodeUnknownComponent ||
		got.Error.Message != got.Error.Data.Message || got.Error.Data.Index != 0 || got.Error.Data.ComponentID != "x" {
		t.Errorf("reply %s", reply)
	}
}

func TestAPIWaitTimesOut(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	res, err := c.Wait(ctxFor(t), 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || string(res.Action) != "null" || res.Source != "" {
		t.Errorf("wait: %+v", res)
	}
	tr := h.Snapshot().Transcript
	if len(tr) < 2 || tr[len(tr)-1].Text != "… no answer within 50ms" {
		t.Errorf("transcript: %v", tr)
	}
}

func TestAPITerminalIntentReachesAWaitingCall(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	type out struct {
		res hub.WaitResult
		err error
	}
	done := make(chan out, 1)
	go func() {
		res, err := c.Wait(ctx, 30)
		done <- out{res, err}
	}()
	waitForTranscript(t, h, "… waiting for the person (up to 30 s)", 1)
	// Another call on the same connection is not held up by the wait.
	if _, err := c.Info(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Terminal, "main", "note", "thanks"); err != nil {
		t.Fatal(err)
	}
	pressOn(t, h, hub.Terminal, "pay")
	o := <-done
	if o.err != nil {
		t.Fatal(o.err)
	}
	a := decodeAction(t, o.res)
	if a.UserAction.Name != "pay" || a.UserAction.SurfaceID != "main" || a.UserAction.SourceComponentID != "pay" ||
		string(a.UserAction.Context) != `{"note":"thanks"}` || a.UserAction.Timestamp == "" {
		t.Errorf("action %s", o.res.Action)
	}
	if o.res.Source != hub.Terminal || o.res.TimedOut {
		t.Errorf("result %+v", o.res)
	}
}

func TestAPITwoWaitersGetTwoActions(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c1, c2 := dial(t, srv), dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c1.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	results := make(chan hub.WaitResult, 2)
	for _, c := range []*client.Client{c1, c2} {
		go func() {
			res, err := c.Wait(ctx, 30)
			if err != nil {
				t.Error(err)
			}
			results <- res
		}()
	}
	waitForTranscript(t, h, "… waiting for the person", 2)
	pressOn(t, h, hub.Terminal, "pay")
	pressOn(t, h, hub.Web, "skip")
	got := map[string]hub.Source{}
	for range 2 {
		res := <-results
		got[decodeAction(t, res).UserAction.Name] = res.Source
	}
	if len(got) != 2 || got["pay"] != hub.Terminal || got["skip"] != hub.Web {
		t.Errorf("the waiters got %v", got)
	}
}

func TestAPIOverflowIsReported(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	for range hub.MaxQueued {
		pressOn(t, h, hub.Web, "skip")
	}
	if err := h.Press(hub.Web, "main", "skip", h.Snapshot().Canvas.Version()); !errors.Is(err, hub.ErrQueueFull) {
		t.Fatalf("press on a full queue: %v", err)
	}
	info, err := c.Info(ctx)
	if err != nil || info.Queued != hub.MaxQueued {
		t.Errorf("info says %d queued, %v", info.Queued, err)
	}
	res, err := c.Wait(ctx, 0)
	if err != nil || res.Overflowed != 1 || decodeAction(t, res).UserAction.Name != "skip" {
		t.Errorf("wait after overflow: %+v, %v", res, err)
	}
}

func TestAPITranscriptRecordsEveryStep(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.Wait(ctx, 30)
		done <- err
	}()
	waitForTranscript(t, h, "… waiting for the person", 1)
	pressOn(t, h, hub.Web, "skip")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := c.Wait(ctx, 0.01); err != nil {
		t.Fatal(err)
	}
	if err := c.Append(ctx, hub.RoleAgent, "all done"); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range h.Snapshot().Transcript {
		got = append(got, string(e.Role)+": "+e.Text)
	}
	want := []string{
		"event: → show main: 6 components",
		"event: … waiting for the person (up to 30 s)",
		"event: ← the person pressed skip on main (web)",
		"event: → the agent took skip from main",
		"event: … waiting for the person (up to 10ms)",
		"event: … no answer within 10ms",
		"agent: all done",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("transcript:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	err := c.Append(ctx, "boss", "x")
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeBadValue {
		t.Errorf("append as boss: %v", err)
	}
}

// A wait ends when its connection closes, and an action pressed
// afterwards is not lost to it.
func TestAPIWaitEndsWithItsConnection(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.Wait(ctx, 30)
		done <- err
	}()
	waitForTranscript(t, h, "… waiting for the person", 1)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, client.ErrClosed) {
		t.Errorf("the wait ended with %v", err)
	}
	pressOn(t, h, hub.Terminal, "pay")
	c2 := dial(t, srv)
	res, err := c2.Wait(ctx, 30)
	if err != nil || res.TimedOut || decodeAction(t, res).UserAction.Name != "pay" {
		t.Errorf("the next agent got %+v, %v", res, err)
	}
}

// A client whose context ends during a wait closes its connection, so the
// server never writes an action to nobody.
func TestAPIClientCancelledWaitKeepsTheAction(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	if _, err := c.Show(ctxFor(t), form...); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Wait(ctx, 30)
		done <- err
	}()
	waitForTranscript(t, h, "… waiting for the person", 1)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the wait ended with %v", err)
	}
	if _, err := c.Info(ctxFor(t)); !errors.Is(err, client.ErrClosed) {
		t.Errorf("the client is still open after a cancelled wait: %v", err)
	}
	pressOn(t, h, hub.Terminal, "skip")
	res, err := dial(t, srv).Wait(ctxFor(t), 30)
	if err != nil || decodeAction(t, res).UserAction.Name != "skip" {
		t.Errorf("the next agent got %+v, %v", res, err)
	}
}

func TestListenSocketAndDirectory(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	dir := filepath.Join(t.TempDir(), "a2term")
	path := filepath.Join(dir, "a2term.sock")
	srv, err := agentsock.Listen(h, path, agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if srv.Path() != path {
		t.Errorf("path %q", srv.Path())
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 || !fi.IsDir() {
		t.Errorf("directory: %v, %v", fi.Mode(), err)
	}
	if fi, err := os.Lstat(path); err != nil || fi.Mode().Perm() != 0o600 || fi.Mode().Type() != os.ModeSocket {
		t.Errorf("socket: %v, %v", fi.Mode(), err)
	}
	if got := h.Snapshot().Status.Listening; got != path {
		t.Errorf("status says listening on %q", got)
	}
	// A second a2term on the same path is refused while this one runs.
	if _, err := agentsock.Listen(hub.New(hub.Options{}), path, agentsock.ServerOptions{}); err == nil || !strings.Contains(err.Error(), "already running") {
		t.Errorf("a second Listen: %v", err)
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if err := srv.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the socket is still there: %v", err)
	}
	if _, err := os.Lstat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the directory Listen made is still there: %v", err)
	}
	if got := h.Snapshot().Status.Listening; got != "" {
		t.Errorf("status still says listening on %q", got)
	}
}

func TestListenRefusesUnsafePlaces(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	open := filepath.Join(t.TempDir(), "open")
	if err := os.Mkdir(open, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := agentsock.Listen(h, filepath.Join(open, "a.sock"), agentsock.ServerOptions{})
	if err == nil || !strings.Contains(err.Error(), open) || !strings.Contains(err.Error(), "0755") {
		t.Errorf("a group/world readable directory: %v", err)
	}

	private := t.TempDir()
	if err := os.Chmod(private, 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(private, link); err != nil {
		t.Fatal(err)
	}
	if _, err := agentsock.Listen(h, filepath.Join(link, "a.sock"), agentsock.ServerOptions{}); err == nil || !strings.Contains(err.Error(), link) {
		t.Errorf("a directory behind a symbolic link: %v", err)
	}

	file := filepath.Join(private, "a.sock")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := agentsock.Listen(h, file, agentsock.ServerOptions{}); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Errorf("a regular file at the path: %v", err)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "x" {
		t.Error("Listen touched a file that is not a socket")
	}
}

func TestListenRefusesADirectoryOfAnotherUser(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("giving a directory to another user needs root")
	}
	h := hub.New(hub.Options{})
	defer h.Close()
	dir := filepath.Join(t.TempDir(), "theirs")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(dir, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	_, err := agentsock.Listen(h, filepath.Join(dir, "a.sock"), agentsock.ServerOptions{})
	if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "another user") {
		t.Errorf("a directory of another user: %v", err)
	}
}

func TestListenReplacesAStaleSocket(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "a2term.sock")
	// A process that died leaves its socket file behind.
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close()
	srv, err := agentsock.Listen(h, path, agentsock.ServerOptions{})
	if err != nil {
		t.Fatalf("Listen over a stale socket: %v", err)
	}
	c := dial(t, srv)
	if _, err := c.Info(ctxFor(t)); err != nil {
		t.Error(err)
	}
	c.Close()
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Errorf("Close removed a directory Listen did not make: %v", err)
	}
}

func TestDefaultSocketPath(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", "/run/user/1000")
	if got := agentsock.DefaultSocketPath(); got != "/run/user/1000/a2term/a2term.sock" {
		t.Errorf("with XDG_RUNTIME_DIR: %s", got)
	}
	t.Setenv("XDG_RUNTIME_DIR", "")
	want := filepath.Join(os.TempDir(), fmt.Sprintf("a2term-%d", os.Getuid()), "a2term.sock")
	if got := agentsock.DefaultSocketPath(); got != want {
		t.Errorf("without: %s, want %s", got, want)
	}
}

// TestServerReportsTheAgent: with ReportAgent, the status says no agent is
// connected until one connects, that one is while any connection is open,
// and none again once the last one left; without it, nothing is said.
func TestServerReportsTheAgent(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "s", "a2term.sock"), agentsock.ServerOptions{ReportAgent: true})
	if err != nil {
		t.Fatal(err)
	}
	agent := func() hub.AgentPresence { return h.Snapshot().Status.Agent }
	waitAgent := func(want hub.AgentPresence) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for agent() != want {
			if time.Now().After(deadline) {
				t.Fatalf("the status says %v, want %v", agent(), want)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	if agent() != hub.AgentNone {
		t.Fatalf("before any agent: %v", agent())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	a, err := client.Dial(ctx, srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Info(ctx); err != nil {
		t.Fatal(err)
	}
	waitAgent(hub.AgentConnected)
	b, err := client.Dial(ctx, srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Info(ctx); err != nil {
		t.Fatal(err)
	}
	a.Close()
	if _, err := b.Info(ctx); err != nil {
		t.Fatal(err)
	}
	waitAgent(hub.AgentConnected)
	b.Close()
	waitAgent(hub.AgentNone)
	srv.Close()
	waitAgent(hub.AgentUnknown)

	quiet := hub.New(hub.Options{})
	defer quiet.Close()
	qs, err := agentsock.Listen(quiet, filepath.Join(t.TempDir(), "q", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer qs.Close()
	if got := quiet.Snapshot().Status.Agent; got != hub.AgentUnknown {
		t.Errorf("a server not asked to report says %v", got)
	}
}

// TestListenPrivate: every private socket is a new one in a directory of
// its own, closed to others, and gone with its directory at Close; a
// socket an a2term answers on is refused with ErrSocketInUse.
func TestListenPrivate(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	a, err := agentsock.ListenPrivate(hub.New(hub.Options{}), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := agentsock.ListenPrivate(hub.New(hub.Options{}), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Path() == b.Path() || filepath.Dir(a.Path()) == filepath.Dir(b.Path()) {
		t.Fatalf("two private sockets share %s and %s", a.Path(), b.Path())
	}
	if filepath.Dir(filepath.Dir(a.Path())) != os.Getenv("XDG_RUNTIME_DIR") {
		t.Errorf("%s is not in the runtime directory", a.Path())
	}
	fi, err := os.Stat(filepath.Dir(a.Path()))
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the private directory: %v %v", fi, err)
	}
	if _, err := agentsock.Listen(hub.New(hub.Options{}), a.Path(), agentsock.ServerOptions{}); !errors.Is(err, statedir.ErrSocketInUse) {
		t.Errorf("listening on a socket in use: %v", err)
	}
	for _, s := range []*agentsock.Server{a, b} {
		dir := filepath.Dir(s.Path())
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Lstat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the private directory %s is still there: %v", dir, err)
		}
	}
}

// An agent's client reads why it was not served at the cap, and one
// dialled with Reconnect whose connection was closed as idle to make room
// connects again on its next call, taking the place of another idle one.
func TestClientAtTheCap(t *testing.T) {
	var mu sync.Mutex
	var skew time.Duration
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return time.Now().Add(skew)
	}
	_, srv := start(t, agentsock.WithClock(agentsock.ServerOptions{}, now))
	ctx := ctxFor(t)
	first, err := client.Dial(ctx, srv.Path(), client.Reconnect(guard))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { first.Close() })
	if _, err := first.Info(ctx); err != nil {
		t.Fatal(err)
	}
	for range agentsock.MaxConnections - 1 {
		if _, err := dial(t, srv).Info(ctx); err != nil {
			t.Fatal(err)
		}
	}

	var why *jsonrpc2.Error
	if _, err := dial(t, srv).Info(ctx); !errors.Is(err, client.ErrClosed) || !errors.As(err, &why) ||
		why.Code != agentsock.CodeBusy || !strings.Contains(why.Message, "at most 64 connections") {
		t.Errorf("an agent at the cap: %v, want ErrClosed saying why", err)
	}

	mu.Lock()
	skew += agentsock.MaxIdleAtCap
	mu.Unlock()
	if _, err := dial(t, srv).Info(ctx); err != nil {
		t.Errorf("an agent at the cap, the others idle: %v", err)
	}
	// The first connection made room; its client connects again.
	if _, err := first.Info(ctx); err != nil {
		t.Errorf("the client closed as idle, on its next call: %v", err)
	}
}
