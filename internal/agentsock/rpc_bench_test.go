package agentsock_test

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/testutil"
	"github.com/a2term/a2term/tui"
)

// The agent API's costs, measured over a real socket with the Go client,
// and to the terminal's frame where a frame is part of the path. They live
// here, in agentsock's external tests, because this package can reach the
// server, the client and the terminal program without an import cycle.

// benchSetup serves a hub on a socket, connects the Go client to it and
// runs a terminal program of 120×40 on the same hub.
func benchSetup(b *testing.B) (*hub.Hub, *client.Client, *tui.Model) {
	b.Helper()
	h := hub.New(hub.Options{})
	srv, err := agentsock.Listen(h, filepath.Join(b.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	c, err := client.Dial(ctx, srv.Path())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Show(ctx, testutil.LongForm(a2ui.MaxComponents, "Save")...); err != nil {
		b.Fatal(err)
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	m := tui.New(h, tui.Options{Renderer: r, Now: func() time.Time { return time.Date(2026, 1, 2, 9, 30, 0, 0, time.UTC) }})
	m.SetSize(120, 40)
	b.Cleanup(func() {
		m.Close()
		c.Close()
		srv.Close()
		h.Close()
	})
	return h, c, m
}

// frame runs the terminal program as Bubble Tea would after the hub said
// something changed: the change message, the update, the view.
func frame(b *testing.B, m *tui.Model, next tea.Cmd) (tea.Cmd, string) {
	msg := next() // returns at once: the hub has already signalled
	_, next = m.Update(msg)
	return next, m.View()
}

// BenchmarkShowFrame500 sends the 500-component batch with canvas.show
// over the socket and draws the terminal's next frame. The batches
// alternate between two that differ in one label, so that every show
// changes the surface. Target: under 5 ms.
func BenchmarkShowFrame500(b *testing.B) {
	_, c, m := benchSetup(b)
	ctx := context.Background()
	batches := [][]json.RawMessage{testutil.LongForm(a2ui.MaxComponents, "Keep"), testutil.LongForm(a2ui.MaxComponents, "Save")}
	next := m.Init()
	b.ReportAllocs()
	i := 0
	testutil.CPULoop(b, func() {
		if _, err := c.Show(ctx, batches[i%2]...); err != nil {
			b.Fatal(err)
		}
		var view string
		next, view = frame(b, m, next)
		if !strings.Contains(view, batchLabel(i)) {
			b.Fatalf("the frame does not show %q", batchLabel(i))
		}
		i++
	})
}

func batchLabel(i int) string { return [...]string{"Keep", "Save"}[i%2] }

// BenchmarkShowFrame500InProcess is BenchmarkShowFrame500 without the
// socket: the hub's Show called directly, for comparison.
func BenchmarkShowFrame500InProcess(b *testing.B) {
	h, _, m := benchSetup(b)
	batches := [][]json.RawMessage{testutil.LongForm(a2ui.MaxComponents, "Keep"), testutil.LongForm(a2ui.MaxComponents, "Save")}
	next := m.Init()
	b.ReportAllocs()
	i := 0
	testutil.CPULoop(b, func() {
		if _, err := h.Show(batches[i%2]); err != nil {
			b.Fatal(err)
		}
		var view string
		next, view = frame(b, m, next)
		if !strings.Contains(view, batchLabel(i)) {
			b.Fatalf("the frame does not show %q", batchLabel(i))
		}
		i++
	})
}

// BenchmarkShowRoundTrip sends a canvas.show of one value (a
// dataModelUpdate of one entry of the 500-component surface) over the
// socket and waits for its reply. Target: under 300 µs.
func BenchmarkShowRoundTrip(b *testing.B) {
	_, c, _ := benchSetup(b)
	ctx := context.Background()
	values := [][]json.RawMessage{
		raws(`{"dataModelUpdate":{"surfaceId":"big","path":"/items/k3","contents":[{"key":"value","valueString":"one"}]}}`),
		raws(`{"dataModelUpdate":{"surfaceId":"big","path":"/items/k3","contents":[{"key":"value","valueString":"two"}]}}`),
	}
	b.ReportAllocs()
	i := 0
	testutil.CPULoop(b, func() {
		if _, err := c.Show(ctx, values[i%2]...); err != nil {
			b.Fatal(err)
		}
		i++
	})
}

// BenchmarkPressToWait presses a button in the terminal program (enter on
// the focused button) while a canvas.wait waits over the socket, and
// stops when that wait returns with the action. Target: under 200 µs.
func BenchmarkPressToWait(b *testing.B) {
	h, c, m := benchSetup(b)
	if !m.Focus("b3") {
		b.Fatal("b3 is not focusable")
	}
	changed, cancel := h.Subscribe()
	defer cancel()
	type result struct {
		res hub.WaitResult
		err error
	}
	results := make(chan result, 1)
	wait := func() {
		go func() {
			res, err := c.Wait(context.Background(), 30)
			results <- result{res, err}
		}()
		// The wait is in place once the hub says it waits.
		for !lastIsWaiting(h) {
			<-changed
		}
	}
	enter := tea.KeyMsg{Type: tea.KeyEnter}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		wait()
		b.StartTimer()
		_, cmd := m.Update(enter)
		runCmd(m, cmd) // the press goes out in a command, as Bubble Tea runs it
		r := <-results
		if r.err != nil || r.res.TimedOut {
			b.Fatalf("wait: %+v, %v", r.res, r.err)
		}
	}
}

// runCmd carries out cmd, and the commands of a batch it returns, and
// hands what each returns back to m, as Bubble Tea's loop would.
func runCmd(m *tui.Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			runCmd(m, c)
		}
	default:
		m.Update(msg)
	}
}

// lastIsWaiting reports whether the transcript's last entry is a wait
// that has not ended.
func lastIsWaiting(h *hub.Hub) bool {
	tr := h.Snapshot().Transcript
	return len(tr) > 0 && strings.HasPrefix(tr[len(tr)-1].Text, "… waiting for the person")
}
