package tui

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/viewsock"
)

// guard bounds every wait for something that should happen; nothing here
// sleeps to let things happen.
const guard = 30 * time.Second

// noteForm is surface main: a note field and a button whose action
// carries the note.
var noteForm = []json.RawMessage{
	json.RawMessage(`{"beginRendering":{"surfaceId":"main","root":"root"}}`),
	json.RawMessage(`{"surfaceUpdate":{"surfaceId":"main","components":[` +
		`{"id":"root","component":{"Column":{"children":{"explicitList":["note","pay"]}}}},` +
		`{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},` +
		`{"id":"pay","component":{"Button":{"child":"l","action":{"name":"pay","context":[{"key":"note","value":{"path":"/note"}}]}}}},` +
		`{"id":"l","component":{"Text":{"text":{"literalString":"Pay"}}}}]}}`),
	json.RawMessage(`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"hello"}]}}`),
}

// relay stands between an attached terminal and its hub's view channel,
// as a stalled hub: what the hub sends reaches the terminal at once, but
// what the terminal sends after attaching reaches the hub only once the
// test opens the gate; until then the hub never answers. It notes those
// lines in the order the hub gets them. Closing it is the hub going away.
type relay struct {
	socket string // the agents' socket a terminal attaches to
	hub    string // the hub's view socket
	ln     net.Listener
	gate   chan struct{}
	opened sync.Once
	done   chan struct{}
	closed sync.Once
	wg     sync.WaitGroup

	mu    sync.Mutex
	lines []string
	conns []net.Conn
}

// newRelay starts a relay to the view channel of the hub whose agents
// connect at hubSocket, closed at the end of the test.
func newRelay(t *testing.T, hubSocket string) *relay {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "relay")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	r := &relay{socket: filepath.Join(dir, "a2term.sock"), gate: make(chan struct{}), done: make(chan struct{})}
	view, keyFile := viewsock.ViewPaths(r.socket)
	var hubKey string
	r.hub, hubKey = viewsock.ViewPaths(hubSocket)
	key, err := os.ReadFile(hubKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, key, 0o600); err != nil {
		t.Fatal(err)
	}
	if r.ln, err = net.Listen("unix", view); err != nil {
		t.Fatal(err)
	}
	r.wg.Add(1)
	go r.accept()
	t.Cleanup(r.close)
	return r
}

func (r *relay) accept() {
	defer r.wg.Done()
	for {
		term, err := r.ln.Accept()
		if err != nil {
			return
		}
		h, err := net.Dial("unix", r.hub)
		if err != nil {
			term.Close()
			continue
		}
		r.mu.Lock()
		r.conns = append(r.conns, term, h)
		r.mu.Unlock()
		r.wg.Add(2)
		go func() {
			defer r.wg.Done()
			io.Copy(term, h)
			term.Close()
		}()
		go r.toHub(term, h)
	}
}

// toHub passes the terminal's attach to the hub at once, and each line
// after it once the gate is open.
func (r *relay) toHub(term, h net.Conn) {
	defer r.wg.Done()
	defer h.Close()
	in := bufio.NewReader(term)
	for first := true; ; first = false {
		line, err := in.ReadBytes('\n')
		if err != nil {
			return
		}
		if !first {
			select {
			case <-r.gate:
			case <-r.done:
				return
			}
			r.mu.Lock()
			r.lines = append(r.lines, string(line))
			r.mu.Unlock()
		}
		if _, err := h.Write(line); err != nil {
			return
		}
	}
}

// open lets what the terminal sent through, and all it sends later.
func (r *relay) open() { r.opened.Do(func() { close(r.gate) }) }

// close is the hub going away: every connection through the relay ends.
func (r *relay) close() {
	r.closed.Do(func() {
		close(r.done)
		r.ln.Close()
		r.mu.Lock()
		for _, c := range r.conns {
			c.Close()
		}
		r.mu.Unlock()
		r.wg.Wait()
	})
}

// passed returns the requests the hub got from the terminal after its
// attach, in order, as "method params".
func (r *relay) passed(t *testing.T) []string {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, l := range r.lines {
		var req struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if err := json.Unmarshal([]byte(l), &req); err != nil {
			t.Fatalf("the terminal sent %q: %v", l, err)
		}
		out = append(out, req.Method+" "+string(req.Params))
	}
	return out
}

// stalledTerminal serves a hub showing noteForm, and a program attached
// to it through a relay that holds what the terminal sends. The note
// field has the focus.
func stalledTerminal(t *testing.T) (*hub.Hub, *relay, *Model) {
	t.Helper()
	h := hub.New(hub.Options{Now: fixedClock})
	t.Cleanup(h.Close)
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "s", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	views, err := viewsock.ListenViews(h, srv.Path(), viewsock.ViewOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { views.Close() })
	if _, err := h.Show(noteForm); err != nil {
		t.Fatal(err)
	}
	r := newRelay(t, srv.Path())
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	view, err := viewsock.Attach(ctx, r.socket, viewsock.AttachOptions{Reconnect: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { view.Close() })
	m := New(view, testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	m.SetSize(80, 24)
	if !m.Focus("note") {
		t.Fatal("the note field is not drawn")
	}
	return h, r, m
}

// updateAtOnce gives m msg, failing the test unless Update returns while
// the hub does not answer; it returns the command Update asked for.
func updateAtOnce(t *testing.T, m *Model, what string, msg tea.Msg) tea.Cmd {
	t.Helper()
	got := make(chan tea.Cmd, 1)
	go func() {
		_, cmd := m.Update(msg)
		got <- cmd
	}()
	select {
	case cmd := <-got:
		if cmd == nil {
			t.Fatalf("%s: Update sent nothing in a command: it called the view itself", what)
		}
		return cmd
	case <-time.After(guard):
		t.Fatalf("%s: Update waited for the hub", what)
		return nil
	}
}

// runCmds runs cmds each on its own goroutine, as the program does, and
// returns the channel their messages arrive on.
func runCmds(cmds ...tea.Cmd) <-chan tea.Msg {
	out := make(chan tea.Msg, len(cmds))
	for _, cmd := range cmds {
		go func() { out <- cmd() }()
	}
	return out
}

// receive returns n messages from msgs, in the order they came.
func receive(t *testing.T, msgs <-chan tea.Msg, n int) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	for range n {
		select {
		case msg := <-msgs:
			out = append(out, msg)
		case <-time.After(guard):
			t.Fatalf("%d of %d commands never ended", n-len(out), n)
		}
	}
	return out
}

func hubNote(h *hub.Hub) any {
	data, _ := h.Snapshot().Canvas.Surface("main").Data().(*a2ui.Object)
	if data == nil {
		return nil
	}
	v, _ := data.Get("note")
	return v
}

// TestStalledHubDoesNotFreezeTheKeys attaches the program to a hub that
// stops answering: a key typed into a field and a press return from
// Update at once, and what was typed shows at once. When the hub goes
// away, the intents waiting for it fail, the status line says so, and the
// field shows the hub's value again.
func TestStalledHubDoesNotFreezeTheKeys(t *testing.T) {
	h, r, m := stalledTerminal(t)
	set := updateAtOnce(t, m, "a key into the field", tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'!'}})
	if !strings.Contains(m.View(), "hello!") {
		t.Errorf("what was typed does not show while the hub does not answer:\n%s", m.View())
	}
	if !m.Focus("pay") {
		t.Fatal("the button is not drawn")
	}
	press := updateAtOnce(t, m, "a press", tea.KeyMsg{Type: tea.KeyEnter})
	results := runCmds(set, press)
	if got := hubNote(h); got != "hello" {
		t.Errorf("the hub's note is %v before the relay passed anything", got)
	}

	r.close()
	for _, msg := range receive(t, results, 2) {
		m.Update(msg)
	}
	if !strings.Contains(m.notice, viewsock.ErrNotAttached.Error()) {
		t.Errorf("the status line says %q, not that the intent was not sent", m.notice)
	}
	if v := m.View(); strings.Contains(v, "hello!") || !strings.Contains(v, "hello") {
		t.Errorf("the field does not show the hub's value again:\n%s", v)
	}
	if len(m.pending) != 0 || m.through != m.lastSent {
		t.Errorf("%d values still drawn as on their way; %d of %d intents through", len(m.pending), m.through, m.lastSent)
	}
}

// TestIntentsReachTheHubInOrder types into a field and presses a button
// of a terminal whose hub does not answer yet, running each command on a
// goroutine of its own as the program does; once the hub answers, it gets
// every value in the order typed, then the press, whose action carries
// the whole text.
func TestIntentsReachTheHubInOrder(t *testing.T) {
	h, r, m := stalledTerminal(t)
	const typed = "abcdefghijklmnopqrst"
	var cmds []tea.Cmd
	for _, c := range typed {
		cmds = append(cmds, updateAtOnce(t, m, "a key into the field", tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{c}}))
	}
	if !strings.Contains(m.View(), "hello"+typed) {
		t.Errorf("what was typed does not show while the hub does not answer:\n%s", m.View())
	}
	if !m.Focus("pay") {
		t.Fatal("the button is not drawn")
	}
	cmds = append(cmds, updateAtOnce(t, m, "a press", tea.KeyMsg{Type: tea.KeyEnter}))
	results := runCmds(cmds...)

	r.open()
	for _, msg := range receive(t, results, len(cmds)) {
		m.Update(msg)
	}
	var want []string
	for i := range typed {
		want = append(want, `view.set {"surfaceId":"main","nodeId":"note","value":"hello`+typed[:i+1]+`"}`)
	}
	got := r.passed(t)
	if len(got) != len(want)+1 {
		t.Fatalf("the hub got %d requests, want %d:\n%s", len(got), len(want)+1, strings.Join(got, "\n"))
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("request %d is %s, want %s", i, got[i], w)
		}
	}
	if last := got[len(got)-1]; !strings.HasPrefix(last, "view.press ") {
		t.Errorf("the last request is %s, not the press", last)
	}
	if m.notice != "" && !strings.Contains(m.notice, "no agent") {
		t.Errorf("the status line says %q", m.notice)
	}
	if got := hubNote(h); got != "hello"+typed {
		t.Errorf("the hub's note is %v", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	res, err := h.Wait(ctx, 0)
	if err != nil || res.TimedOut {
		t.Fatalf("no action for the agent: %+v %v", res, err)
	}
	if !strings.Contains(string(res.Action), `"context":{"note":"hello`+typed+`"}`) {
		t.Errorf("the agent got %s", res.Action)
	}
	if v := m.View(); !strings.Contains(v, "hello"+typed) {
		t.Errorf("the field does not show what the hub has:\n%s", v)
	}
}

// TestIntentsInFlightAreBounded types into the field of a terminal whose
// hub does not answer: MaxIntentsInFlight values go on their way, and the
// next key sends nothing, at once, and says so.
func TestIntentsInFlightAreBounded(t *testing.T) {
	_, r, m := stalledTerminal(t)
	var cmds []tea.Cmd
	for range MaxIntentsInFlight {
		cmds = append(cmds, updateAtOnce(t, m, "a key into the field", tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'x'}}))
	}
	got := make(chan tea.Cmd, 1)
	go func() {
		_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}})
		got <- cmd
	}()
	select {
	case cmd := <-got:
		if cmd != nil {
			t.Error("a key beyond the bound was sent")
		}
	case <-time.After(guard):
		t.Fatal("a key beyond the bound waited for the hub")
	}
	if !strings.HasPrefix(m.notice, "Not sent: ") {
		t.Errorf("the status line says %q", m.notice)
	}
	if n := len(m.pending); n != MaxIntentsInFlight {
		t.Errorf("%d values on their way, want %d", n, MaxIntentsInFlight)
	}
	results := runCmds(cmds...)
	r.close()
	receive(t, results, len(cmds))
}
