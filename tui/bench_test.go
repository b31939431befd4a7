package tui

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
)

// big500 is a surface of 500 components: rows of a label, a text field
// and a button, like a long form, and the board showing it.
func big500(b testing.TB) *hub.Board {
	board := hub.NewBoard(a2ui.Options{}, fixedClock)
	if _, _, err := board.Show(testutil.LongForm(a2ui.MaxComponents, "Save")); err != nil {
		b.Fatal(err)
	}
	return board
}

// BenchmarkView500 draws the frame of a 500-component surface at 120×40
// after a change of the canvas. Target: under 5 ms.
func BenchmarkView500(b *testing.B) {
	board := big500(b)
	m := New(board, testOptions(termenv.TrueColor))
	defer m.Close()
	m.SetSize(120, 40)
	b.ReportAllocs()
	for b.Loop() {
		for k := range m.caches {
			m.caches[k].Clear() // as after an update that touched everything: all is drawn again
		}
		m.refresh()
		_ = m.View()
	}
}

// BenchmarkKeystroke types one key into a TextField of that surface and
// draws the new frame, then takes the hub's answer, as the program does
// when its command has set the value, and draws again. Target: under
// 1 ms.
func BenchmarkKeystroke(b *testing.B) {
	board := big500(b)
	m := New(board, testOptions(termenv.TrueColor))
	defer m.Close()
	m.SetSize(120, 40)
	if !m.Focus("f3") {
		b.Fatal("f3 is not focusable")
	}
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'x'}}, {Type: tea.KeyBackspace}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, cmd := m.Update(keys[i%2])
		_ = m.View()
		m.Update(cmd())
		_ = m.View()
		i++
	}
}

// BenchmarkTranscript10k draws the frame at 120×40 while the person reads
// the middle of a transcript of 10,000 lines (2,000 entries of five lines
// each in the pane, the most the board keeps) and the agent adds a line:
// the new entry is laid out, the reader is not moved, the pane shows what
// it showed. Target: under 2 ms.
func BenchmarkTranscript10k(b *testing.B) {
	board := hub.NewBoard(a2ui.Options{}, fixedClock)
	words := strings.Repeat("the agent explains what it did and why ", 5)
	for i := 0; i < hub.MaxTranscript; i++ {
		board.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("%d %s", i, words))
	}
	m := New(board, testOptions(termenv.TrueColor))
	defer m.Close()
	m.SetSize(120, 40)
	if lines := m.tr.total; lines < 10000 {
		b.Fatalf("the transcript has %d lines", lines)
	}
	h := m.lay.bodyH
	m.tr.scrollTo(m.tr.total/2, h)
	before := m.tr.view(h)
	board.AppendFrom(hub.FromAgent, hub.RoleAgent, "one more")
	m.refresh()
	if after := m.tr.view(h); strings.Join(after[:h-1], "\n") != strings.Join(before[:h-1], "\n") || m.tr.unread != 1 {
		b.Fatalf("a new line moved the reader (%d unread):\n%s\nwas\n%s", m.tr.unread, strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		board.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("new %d %s", i, words))
		m.refresh()
		_ = m.View()
		i++
	}
	b.StopTimer()
	if m.tr.follow {
		b.Fatal("new lines took the reader to the end")
	}
}

// countingWriter counts what the renderer writes to the terminal.
type countingWriter struct {
	mu sync.Mutex
	n  int
	ch chan struct{}
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.n += len(p)
	w.mu.Unlock()
	select {
	case w.ch <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (w *countingWriter) take() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := w.n
	w.n = 0
	return n
}

// BenchmarkUpdateBytes reports the bytes Bubble Tea's renderer writes to a
// 120×50 terminal when one bound value on that surface changes: only the
// changed lines should be repainted. Target: under 1 KiB per update.
func BenchmarkUpdateBytes(b *testing.B) {
	board := big500(b)
	m := New(board, testOptions(termenv.TrueColor))
	defer m.Close()
	out := &countingWriter{ch: make(chan struct{}, 1)}
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(out), tea.WithoutSignalHandler(), tea.WithFPS(120))
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	p.Send(tea.WindowSizeMsg{Width: 120, Height: 50})
	settle := func() {
		// Wait until the renderer has flushed and gone quiet.
		for {
			select {
			case <-out.ch:
			case <-time.After(50 * time.Millisecond):
				return
			}
		}
	}
	settle()
	out.take()
	total := 0
	values := []string{"one", "two"}
	i := 0
	for b.Loop() {
		if err := board.SetValue(hub.Terminal, "big", "f1", values[i%2]); err != nil {
			b.Fatal(err)
		}
		i++
		settle()
		total += out.take()
	}
	p.Quit()
	<-done
	b.ReportMetric(float64(total)/float64(i), "bytes/update")
}

// BenchmarkTranscriptLineLongAgentName: the agent gives its surface's
// theme a name as long as a string may be (agentDisplayName, 60 KB), then
// adds transcript lines: each line lays the screen out again and draws it,
// and the line over the surface, cut to the row, costs no more than a
// short name's. Target: about what a short name costs.
func BenchmarkTranscriptLineLongAgentName(b *testing.B) {
	board := hub.NewBoard(a2ui.Options{}, fixedClock)
	name := strings.Repeat("é", 30000)
	if _, _, err := board.Show(showRaws(b, []byte(`{"version":"v0.9","createSurface":{"surfaceId":"trip","catalogId":"`+a2ui.BasicCatalogV09ID+`","theme":{"agentDisplayName":"`+name+`"}}}`+"\n"+
		`{"version":"v0.9","updateComponents":{"surfaceId":"trip","components":[{"id":"root","component":"Text","text":"Your trip"}]}}`))); err != nil {
		b.Fatal(err)
	}
	m := New(board, testOptions(termenv.TrueColor))
	defer m.Close()
	m.SetSize(120, 40)
	lines := strings.Split(m.View(), "\n")
	if len(lines) < 3 || !strings.Contains(lines[1], "agent: éé") || !strings.Contains(lines[2], "Your trip") {
		b.Fatalf("the screen:\n%s", strings.Join(lines, "\n"))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		board.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("line %d", i))
		m.refresh()
		_ = m.View()
		i++
	}
}
