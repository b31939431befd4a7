package viewsock_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/viewsock"
)

// attach attaches a view to srv's hub, closed at the end of the test.
func attach(t *testing.T, socket string, opts viewsock.AttachOptions) *viewsock.RemoteView {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	r, err := viewsock.Attach(ctx, socket, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// listenViews opens the view channel beside srv's socket, closed at the
// end of the test.
func listenViews(t *testing.T, h *hub.Hub, srv *agentsock.Server, opts viewsock.ViewOptions) *viewsock.ViewServer {
	t.Helper()
	v, err := viewsock.ListenViews(h, srv.Path(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { v.Close() })
	return v
}

// waitView waits until cond holds for v's snapshot.
func waitView(t *testing.T, v hub.View, what string, cond func(hub.Snapshot) bool) hub.Snapshot {
	t.Helper()
	changed, cancel := v.Subscribe()
	defer cancel()
	timeout := time.NewTimer(guard)
	defer timeout.Stop()
	for {
		s := v.Snapshot()
		if cond(s) {
			return s
		}
		select {
		case <-changed:
		case <-timeout.C:
			t.Fatalf("%s never happened; the transcript is %v", what, s.Transcript)
		}
	}
}

// noteOf reads the note's value on surface main of a snapshot.
func noteOf(s hub.Snapshot) string {
	sf := s.Canvas.Surface("main")
	if sf == nil {
		return ""
	}
	v, _ := sf.Data().(*a2ui.Object).Get("note")
	str, _ := v.(string)
	return str
}

// sameState fails unless two views hold the same canvas and transcript.
func sameState(t *testing.T, what string, a, b hub.Snapshot) {
	t.Helper()
	ja, _ := json.Marshal(a.Canvas.Save())
	jb, _ := json.Marshal(b.Canvas.Save())
	if string(ja) != string(jb) {
		t.Errorf("%s: the canvases differ:\n%s\n%s", what, ja, jb)
	}
	for _, s := range a.Canvas.Surfaces() {
		if got, want := a2ui.Dump(b.Canvas.Surface(s.ID()).Tree()), a2ui.Dump(s.Tree()); got != want {
			t.Errorf("%s: surface %s draws\n%s\nnot\n%s", what, s.ID(), got, want)
		}
	}
	if len(a.Transcript) != len(b.Transcript) {
		t.Errorf("%s: %d transcript entries, not %d", what, len(b.Transcript), len(a.Transcript))
	}
}

// TestAttachedViewsShareTheCanvas attaches two views to a hub: each holds
// the hub's canvas and transcript, what one types shows in the other,
// presses from either reach the one waiting agent once each, as the
// terminal's, and closing one leaves the other working.
func TestAttachedViewsShareTheCanvas(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	agent := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := agent.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	one := attach(t, srv.Path(), viewsock.AttachOptions{})
	two := attach(t, srv.Path(), viewsock.AttachOptions{})
	sameState(t, "on attach", h.Snapshot(), one.Snapshot())
	if got := waitView(t, h, "two terminals counted", func(s hub.Snapshot) bool { return s.Status.Terminals == 2 }); got.Status.Terminals != 2 {
		t.Fatal(got.Status)
	}
	if info, err := agent.Info(ctx); err != nil || info.Terminals != 2 {
		t.Errorf("canvas.info counts %d terminals (%v), want 2", info.Terminals, err)
	}

	// Typed in one: the hub and the other have it, and the one that
	// typed has it as soon as SetValue returns.
	if err := one.SetValue(hub.Terminal, "main", "note", "from one"); err != nil {
		t.Fatal(err)
	}
	if got := noteOf(one.Snapshot()); got != "from one" {
		t.Errorf("the view that typed reads %q right after SetValue", got)
	}
	waitView(t, two, "the typed note in the other view", func(s hub.Snapshot) bool { return noteOf(s) == "from one" })
	if got := noteOf(h.Snapshot()); got != "from one" {
		t.Errorf("the hub's note is %q", got)
	}

	// The agent changes the surface: both follow.
	if _, err := agent.Show(ctx, raws(`{"dataModelUpdate":{"surfaceId":"main","path":"/note","contents":[{"key":".","valueString":"from the agent"}]}}`)...); err != nil {
		t.Fatal(err)
	}
	for _, v := range []*viewsock.RemoteView{one, two} {
		waitView(t, v, "the agent's note", func(s hub.Snapshot) bool { return noteOf(s) == "from the agent" })
	}
	sameState(t, "after the agent's show", h.Snapshot(), two.Snapshot())

	// A press from each reaches the waiting agent, once, in order.
	waits := make(chan hub.WaitResult, 2)
	go func() {
		for i := 0; i < 2; i++ {
			res, err := agent.Wait(ctx, 30)
			if err != nil {
				t.Error(err)
				return
			}
			waits <- res
		}
	}()
	waitView(t, h, "the agent waiting", func(hub.Snapshot) bool { return h.Waiting() == 1 })
	for _, v := range []*viewsock.RemoteView{one, two} {
		sf := v.Snapshot().Canvas.Surface("main")
		if err := v.Press(hub.Terminal, "main", "pay", sf.Version()); err != nil {
			t.Fatalf("press: %v", err)
		}
		res := <-waits
		if a := decodeAction(t, res); a.UserAction.Name != "pay" || res.Source != hub.Terminal || string(a.UserAction.Context) != `{"note":"from the agent"}` {
			t.Errorf("the agent got %s from %s", res.Action, res.Source)
		}
	}
	if res, err := agent.Wait(ctx, 0); err != nil || !res.TimedOut {
		t.Errorf("a third wait got %s (%v): a press was delivered twice", res.Action, err)
	}

	// Closing one leaves the other attached and working.
	one.Close()
	waitView(t, h, "one terminal left", func(s hub.Snapshot) bool { return s.Status.Terminals == 1 })
	if err := two.SetValue(hub.Terminal, "main", "note", "still here"); err != nil {
		t.Fatal(err)
	}
	if got := noteOf(h.Snapshot()); got != "still here" {
		t.Errorf("after the other view left, the note is %q", got)
	}
	if err := one.Press(hub.Terminal, "main", "pay", 1); !errors.Is(err, viewsock.ErrNotAttached) {
		t.Errorf("a closed view pressed: %v", err)
	}
}

// TestAttachedPressGoesStaleAsTheHubSays checks that a view's press is
// judged against the state it saw: a button whose action the agent
// changed after that is refused as stale, though the view's copy counts
// versions its own way.
func TestAttachedPressGoesStaleAsTheHubSays(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	agent := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := agent.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	// The view types twice (its copy's versions move), then the agent
	// redefines the button.
	for _, s := range []string{"a", "ab"} {
		if err := v.SetValue(hub.Terminal, "main", "note", s); err != nil {
			t.Fatal(err)
		}
	}
	seen := v.Snapshot().Canvas.Surface("main").Version()
	if _, err := agent.Show(ctx, raws(`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"refund"}}}}]}}`)...); err != nil {
		t.Fatal(err)
	}
	err := v.Press(hub.Terminal, "main", "pay", seen)
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeStale {
		t.Fatalf("a press on a button redefined since: %v, want a stale refusal", err)
	}
	// Once the view has the new button, pressing it works.
	waitView(t, v, "the redefined button", func(s hub.Snapshot) bool {
		return strings.Contains(string(s.Canvas.Surface("main").ComponentJSON("pay")), "refund")
	})
	if err := v.Press(hub.Terminal, "main", "pay", v.Snapshot().Canvas.Surface("main").Version()); err != nil {
		t.Errorf("a press on what the view shows now: %v", err)
	}
}

// TestAttachedPressSeenBeforeASnapshotIsStale: once the view was sent the
// whole canvas again (as after attaching again, falling behind, or asking
// for it), a press on a button as the person saw it before is refused as
// stale when the agent changed the button meanwhile. The person, who saw
// "pay", must not send the agent's new action ("refund") without seeing it.
func TestAttachedPressSeenBeforeASnapshotIsStale(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	agent := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := agent.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	for _, s := range []string{"a", "ab", "abc"} {
		if err := v.SetValue(hub.Terminal, "main", "note", s); err != nil {
			t.Fatal(err)
		}
	}
	seen := v.Snapshot().Canvas.Surface("main").Version()
	if _, err := agent.Show(ctx, raws(`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"refund"}}}}]}}`)...); err != nil {
		t.Fatal(err)
	}
	if err := v.Resync(); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(raws(`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"after"}]}}`)); err != nil {
		t.Fatal(err)
	}
	s := waitView(t, v, "the whole canvas again", func(s hub.Snapshot) bool { return noteOf(s) == "after" })
	if !strings.Contains(string(s.Canvas.Surface("main").ComponentJSON("pay")), "refund") {
		t.Fatalf("the view's copy does not hold the redefined button: %s", s.Canvas.Surface("main").ComponentJSON("pay"))
	}
	// The terminal marks the tab of a surface whose version grew since it
	// was last on the screen: one that changed while the copy was made
	// again must not look older than before.
	if now := s.Canvas.Surface("main").Version(); now <= seen {
		t.Errorf("after the snapshot the surface is at version %d, not after %d, the one seen before", now, seen)
	}
	err := v.Press(hub.Terminal, "main", "pay", seen)
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeStale {
		t.Fatalf("a press on the button as it was before the snapshot: %v, want a stale refusal", err)
	}
	if q := h.Snapshot().Status.Queued; q != 0 {
		t.Errorf("%d actions wait for the agent after a stale press", q)
	}
	if err := v.Press(hub.Terminal, "main", "pay", s.Canvas.Surface("main").Version()); err != nil {
		t.Errorf("a press on the button the view shows now: %v", err)
	}
}

// TestAttachedPressOnAQuietSurface: a surface that has not changed while
// another changed more times than the view maps versions of (a clock, a
// progress counter) can still be pressed from an attached terminal, and a
// press on it goes stale as soon as the agent changes its button. The
// person pressing "Pay" on a form that sat still for a while must not be
// told, every time, that it changed.
func TestAttachedPressOnAQuietSurface(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	if _, err := h.Show(raws(
		`{"beginRendering":{"surfaceId":"main","root":"pay"}}`,
		`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"pay"}}}},{"id":"l1","component":{"Text":{"text":{"literalString":"Pay"}}}}]}}`,
		`{"beginRendering":{"surfaceId":"ticker","root":"t"}}`,
		`{"surfaceUpdate":{"surfaceId":"ticker","components":[{"id":"t","component":{"Text":{"text":{"path":"/n"}}}}]}}`)); err != nil {
		t.Fatal(err)
	}
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	tick := func(s hub.Snapshot) string {
		if m, ok := s.Canvas.Surface("ticker").Data().(*a2ui.Object); ok {
			n, _ := m.Get("n")
			str, _ := n.(string)
			return str
		}
		return ""
	}
	const ticks = 1500
	for i := 1; i <= ticks; i++ {
		n := fmt.Sprint(i)
		if _, err := h.Show(raws(`{"dataModelUpdate":{"surfaceId":"ticker","contents":[{"key":"n","valueString":"` + n + `"}]}}`)); err != nil {
			t.Fatal(err)
		}
		if i%50 == 0 {
			// The view follows change by change, as it does when it
			// keeps up, rather than being sent the whole canvas.
			waitView(t, v, "tick "+n, func(s hub.Snapshot) bool { return tick(s) == n })
		}
	}
	s := v.Snapshot()
	seen := s.Canvas.Surface("main").Version()
	if d := s.Canvas.Version() - seen; d <= 1024 {
		t.Fatalf("the view's copy changed %d times since the surface did; the test needs more than the 1024 versions it maps", d)
	}
	if err := v.Press(hub.Terminal, "main", "pay", seen); err != nil {
		t.Fatalf("a press on a button unchanged for %d changes of the canvas: %v", s.Canvas.Version()-seen, err)
	}
	if q := h.Snapshot().Status.Queued; q != 1 {
		t.Errorf("%d actions wait for the agent after the press, want 1", q)
	}
	// The stale rule still holds for the quiet surface.
	if _, err := h.Show(raws(`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"refund"}}}}]}}`)); err != nil {
		t.Fatal(err)
	}
	err := v.Press(hub.Terminal, "main", "pay", seen)
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeStale {
		t.Fatalf("a press on the button as it was before the agent redefined it: %v, want a stale refusal", err)
	}
	s = waitView(t, v, "the redefined button", func(s hub.Snapshot) bool {
		return strings.Contains(string(s.Canvas.Surface("main").ComponentJSON("pay")), "refund")
	})
	if err := v.Press(hub.Terminal, "main", "pay", seen); !errors.As(err, &refusal) || refusal.Code != a2ui.CodeStale {
		t.Fatalf("a press seen before the redefinition, once the view has it: %v, want a stale refusal", err)
	}
	if err := v.Press(hub.Terminal, "main", "pay", s.Canvas.Surface("main").Version()); err != nil {
		t.Errorf("a press on the redefined button: %v", err)
	}
}

// TestViewMethodsAreNotTheAgents checks both doors: the agent's socket
// does not know the view's methods (-32601), and the view socket closes
// a connection that does not attach first with the key, or gives a wrong
// one, or says nothing at all.
func TestViewMethodsAreNotTheAgents(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.WithViewHello(viewsock.ViewOptions{}, 200*time.Millisecond))
	for _, m := range []string{viewsock.ViewMethodAttach, viewsock.ViewMethodPress, viewsock.ViewMethodSet, viewsock.ViewMethodLink, viewsock.ViewMethodSay, viewsock.ViewMethodCancel} {
		got := rawCall(t, srv, fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":%q,"params":{}}`, m))
		if !strings.Contains(got, `"code":-32601`) {
			t.Errorf("%s on the agent's socket: %s, want -32601", m, got)
		}
	}
	viewSock, keyFile := viewsock.ViewPaths(srv.Path())
	key, err := os.ReadFile(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, line string }{
		{"a press first", `{"jsonrpc":"2.0","id":1,"method":"view.press","params":{"surfaceId":"main","nodeId":"pay","version":1}}`},
		{"a message to the agent first", `{"jsonrpc":"2.0","id":1,"method":"view.say","params":{"text":"hello"}}`},
		{"no key", `{"jsonrpc":"2.0","id":1,"method":"view.attach","params":{"protocol":1}}`},
		{"a wrong key", `{"jsonrpc":"2.0","id":1,"method":"view.attach","params":{"key":"` + strings.Repeat("0", 64) + `","protocol":1}}`},
		{"the key cut short", `{"jsonrpc":"2.0","id":1,"method":"view.attach","params":{"key":"` + strings.TrimSpace(string(key))[:32] + `","protocol":1}}`},
		{"not JSON", `hello`},
		{"a line too long", `{"jsonrpc":"2.0","id":1,"method":"view.attach","params":{"key":"` + strings.Repeat("k", 8<<10) + `"}}`},
		{"nothing", ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nc, err := net.Dial("unix", viewSock)
			if err != nil {
				t.Fatal(err)
			}
			defer nc.Close()
			if tc.line != "" {
				fmt.Fprintf(nc, "%s\n", tc.line)
			}
			nc.SetReadDeadline(time.Now().Add(guard))
			rd := bufio.NewReader(nc)
			var lines []string
			for {
				l, err := rd.ReadString('\n')
				if l != "" {
					lines = append(lines, l)
				}
				if err != nil {
					var ne net.Error
					if errors.As(err, &ne) && ne.Timeout() {
						t.Fatalf("the connection stayed open; it said %q", lines)
					}
					break
				}
			}
			for _, l := range lines {
				if strings.Contains(l, "view.snapshot") || strings.Contains(l, `"result"`) {
					t.Errorf("a connection without the key was answered: %s", l)
				}
			}
			if strings.Contains(tc.name, "key") && tc.name != "a line too long" && (len(lines) != 1 || !strings.Contains(lines[0], `"code":-32003`)) {
				t.Errorf("the refusal is %q, want one -32003", lines)
			}
		})
	}
}

// TestViewFilesArePrivate checks the view socket and the key file: 0600,
// beside the agent's socket, and gone once the server closes.
func TestViewFilesArePrivate(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	path := filepath.Join(t.TempDir(), "a2term", "a2term.sock")
	srv, err := agentsock.Listen(h, path, agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	views, err := viewsock.ListenViews(h, srv.Path(), viewsock.ViewOptions{})
	if err != nil {
		t.Fatal(err)
	}
	viewSock, keyFile := viewsock.ViewPaths(path)
	if filepath.Dir(viewSock) != filepath.Dir(path) || filepath.Base(viewSock) != "a2term.view.sock" || filepath.Base(keyFile) != "a2term.view.key" {
		t.Errorf("view paths %s, %s", viewSock, keyFile)
	}
	if fi, err := os.Lstat(viewSock); err != nil || fi.Mode().Perm() != 0o600 || fi.Mode().Type() != os.ModeSocket {
		t.Errorf("view socket: %v, %v", fi, err)
	}
	if fi, err := os.Lstat(keyFile); err != nil || fi.Mode().Perm() != 0o600 || !fi.Mode().IsRegular() {
		t.Errorf("key file: %v, %v", fi, err)
	}
	key, _ := os.ReadFile(keyFile)
	if k := strings.TrimSpace(string(key)); len(k) != 64 {
		t.Errorf("the key %q is not 256 bits in hex", k)
	}
	// A key file others can read is not used.
	if err := os.Chmod(keyFile, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := viewsock.Attach(ctxFor(t), path, viewsock.AttachOptions{}); err == nil || !strings.Contains(err.Error(), "open to other users") {
		t.Errorf("attaching with a key file open to others: %v", err)
	}
	if err := views.Close(); err != nil {
		t.Fatal(err)
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{viewSock, keyFile, filepath.Dir(path)} {
		if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there after Close: %v", p, err)
		}
	}
}

// TestAttachLimit refuses the terminal beyond MaxTerminals.
func TestAttachLimit(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	for i := 0; i < hub.MaxTerminals; i++ {
		attach(t, srv.Path(), viewsock.AttachOptions{})
	}
	_, err := viewsock.Attach(ctxFor(t), srv.Path(), viewsock.AttachOptions{Reconnect: -1})
	if err == nil || !strings.Contains(err.Error(), fmt.Sprint(hub.MaxTerminals)) {
		t.Errorf("terminal %d attached: %v", hub.MaxTerminals+1, err)
	}
}

// TestAttachedViewFallsBehind makes a view miss more changes than the
// hub keeps while it does not read: it is sent the whole canvas again and
// ends equal to the hub.
func TestAttachedViewFallsBehind(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	agent := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := agent.Show(ctx, form...); err != nil {
		t.Fatal(err)
	}
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if err := h.SetValue(hub.Terminal, "main", "note", fmt.Sprintf("w%d-%d", w, i)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	want := noteOf(h.Snapshot())
	waitView(t, v, "the last note", func(s hub.Snapshot) bool { return noteOf(s) == want })
	sameState(t, "after 800 changes", h.Snapshot(), v.Snapshot())
}

// TestAttachedViewReconnects restarts the hub at the same socket: the
// view's status says it lost the a2term (its transcript stays the hub's),
// then it attaches to the new one (with its new key) and shows its canvas.
func TestAttachedViewReconnects(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a2term")
	path := filepath.Join(dir, "a2term.sock")
	h1 := hub.New(hub.Options{})
	defer h1.Close()
	srv1, err := agentsock.Listen(h1, path, agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	views1, err := viewsock.ListenViews(h1, srv1.Path(), viewsock.ViewOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h1.Show(form); err != nil {
		t.Fatal(err)
	}
	v := attach(t, path, viewsock.AttachOptions{})
	id1 := v.Hello().CanvasID
	srv1.Close()
	views1.Close()
	lost := waitView(t, v, "the lost connection", func(s hub.Snapshot) bool {
		return strings.Contains(s.Status.Lost, "went away")
	})
	for _, e := range lost.Transcript {
		if strings.Contains(e.Text, "went away") {
			t.Errorf("the transcript, the hub's, holds %q while the connection is lost", e.Text)
		}
	}
	if err := v.Press(hub.Terminal, "main", "pay", 1); !errors.Is(err, viewsock.ErrNotAttached) {
		t.Errorf("a press while not attached: %v", err)
	}

	h2 := hub.New(hub.Options{})
	defer h2.Close()
	srv2, err := agentsock.Listen(h2, path, agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	listenViews(t, h2, srv2, viewsock.ViewOptions{})
	if _, err := h2.Show(raws(`{"beginRendering":{"surfaceId":"other","root":"t"}}`, `{"surfaceUpdate":{"surfaceId":"other","components":[{"id":"t","component":{"Text":{"text":{"literalString":"new"}}}}]}}`)); err != nil {
		t.Fatal(err)
	}
	s := waitView(t, v, "the new hub's canvas", func(s hub.Snapshot) bool {
		return s.Canvas.Surface("other") != nil && v.Hello().CanvasID == h2.CanvasID() && s.Status.Lost == ""
	})
	if s.Canvas.Surface("main") != nil {
		t.Error("the old canvas is still shown")
	}
	if id1 == h2.CanvasID() {
		t.Errorf("two hubs have the canvas id %q", id1)
	}
	for _, e := range s.Transcript {
		if strings.Contains(e.Text, "went away") {
			t.Errorf("the transcript still says %q", e.Text)
		}
	}
}

// TestAttachTellsWhatHappenedUnwatched: a terminal that attaches after no
// one watched is told how many lines and actions came meanwhile.
func TestAttachTellsWhatHappenedUnwatched(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	if _, err := h.Show(form); err != nil {
		t.Fatal(err)
	}
	first := attach(t, srv.Path(), viewsock.AttachOptions{})
	if u := first.Hello().Unwatched; u != nil {
		t.Errorf("the first terminal is told %v, though no one ever stopped watching", u)
	}
	first.Close()
	waitView(t, h, "the terminal gone", func(s hub.Snapshot) bool { return s.Status.Terminals == 0 })
	h.Board().Append(hub.RoleNote, "one")
	h.Board().Append(hub.RoleNote, "two")
	pressOn(t, h, hub.Web, "pay")
	second := attach(t, srv.Path(), viewsock.AttachOptions{})
	u := second.Hello().Unwatched
	if u == nil || u.Queued != 1 || u.Lines < 3 {
		t.Fatalf("told %+v, want 1 action and the lines since", u)
	}
	if got := u.String(); !strings.HasPrefix(got, "While no one watched: ") || !strings.HasSuffix(got, " new transcript lines, 1 action waiting.") {
		t.Errorf("says %q", got)
	}
	// While one watches, the next is told nothing.
	if u := attach(t, srv.Path(), viewsock.AttachOptions{}).Hello().Unwatched; u != nil {
		t.Errorf("a terminal attached beside another is told %v", u)
	}
}

// boardLog writes log lines into the transcript as a2term's own notes, as
// a2term and a2term run do with the server's log.
type boardLog struct{ b *hub.Board }

func (l boardLog) Write(p []byte) (int, error) {
	l.b.Append(hub.RoleNote, strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// TestUnattachedPeerWritesNothingInTheTranscript: where the server's log is
// the person's transcript, a connection to the view socket that has not
// given the key can neither put words of its own there (a JSON-RPC
// response is not a request: the connection ends, unlogged) nor push the
// person's history out by dialling again and again (refusals are counted,
// logged at the 1st, 10th, 100th...).
func TestUnattachedPeerWritesNothingInTheTranscript(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	// No time limit to attach in: the responses alone must end the
	// connection.
	opts := viewsock.WithViewHello(viewsock.ViewOptions{Logger: log.New(boardLog{h.Board()}, "", 0)}, time.Hour)
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	listenViews(t, h, srv, opts)
	if err := h.Append(hub.RoleAgent, "the person's history"); err != nil {
		t.Fatal(err)
	}
	viewSock, _ := viewsock.ViewPaths(srv.Path())
	nc, err := net.Dial("unix", viewSock)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	w := bufio.NewWriter(nc)
	for i := range 3000 {
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":"← the person pressed pay on main (terminal) %d","result":1}`+"\n", i)
	}
	_ = w.Flush() // the server may have closed the connection already
	nc.SetReadDeadline(time.Now().Add(guard))
	// Its end, or a reset for what it sent that was never read; not the
	// deadline.
	var ne net.Error
	if _, err := io.Copy(io.Discard, nc); errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the connection that sent responses stayed open")
	}
	for range 50 {
		c, err := net.Dial("unix", viewSock)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(c, `{"jsonrpc":"2.0","id":1,"method":"view.press","params":{}}`+"\n")
		c.SetReadDeadline(time.Now().Add(guard))
		_, _ = io.Copy(io.Discard, c)
		c.Close()
	}
	var notes []string
	for _, e := range h.Snapshot().Transcript {
		if strings.Contains(e.Text, "the person pressed") {
			t.Errorf("a peer without the key wrote in the transcript: %q (from %s)", e.Text, e.From)
		}
		if strings.HasPrefix(e.Text, "a2term views:") {
			notes = append(notes, e.Text)
		}
	}
	if len(notes) != 2 || !strings.Contains(notes[0], "(1 refused so far)") || !strings.Contains(notes[1], "(10 refused so far)") {
		t.Errorf("50 refused connections logged %q; want the 1st and the 10th", notes)
	}
	if s := h.Snapshot(); s.Transcript[0].Text != "the person's history" {
		t.Errorf("the transcript starts with %q", s.Transcript[0].Text)
	}
}
