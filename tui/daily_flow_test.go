package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
)

// The flows of the terminal as a daily tool: a teatest terminal, keys and
// the agent's changes arriving as they would, and the screen read back.

// waitAll waits until the screen has shown every one of want.
func waitAll(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		for _, w := range want {
			if !bytes.Contains(b, []byte(w)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

func altKey(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Alt: true} }

// start runs the program on b in a teatest terminal of w×h.
func start(t *testing.T, b hub.View, profile termenv.Profile, w, h int) *teatest.TestModel {
	t.Helper()
	m := New(b, testOptions(profile))
	t.Cleanup(m.Close)
	return teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
}

// finish quits with ctrl+c and returns the model as it ended.
func finish(t *testing.T, tm *teatest.TestModel) *Model {
	t.Helper()
	tm.Send(press(tea.KeyCtrlC))
	return tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
}

// showOn shows a stream (one batch) on b.
func showOn(t *testing.T, b *hub.Board, stream string) {
	t.Helper()
	raws, err := a2ui.SplitStream([]byte(stream))
	if err != nil {
		t.Fatal(err)
	}
	msgs := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		msgs[i] = r
	}
	if _, _, err := b.Show(msgs); err != nil {
		t.Fatal(err)
	}
}

// TestFlowTranscriptScrollsWhileLinesArrive reads back in the transcript
// view of a narrow terminal while the agent goes on writing: the reader
// stays where they are, a mark counts what arrived, end follows again.
// On a wide terminal the wheel over the pane scrolls it.
func TestFlowTranscriptScrollsWhileLinesArrive(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	for i := 0; i < 60; i++ {
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("line %02d of what the agent said", i))
	}
	tm := start(t, b, termenv.Ascii, 60, 20)
	waitScreen(t, tm, "Settings")
	tm.Send(press(tea.KeyCtrlT))
	waitScreen(t, tm, "line 59 of what")
	tm.Send(press(tea.KeyPgUp))
	tm.Send(press(tea.KeyPgUp))
	waitScreen(t, tm, "line 10 of what")
	for i := 0; i < 3; i++ {
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("late %d", i))
	}
	waitScreen(t, tm, "3 new · end")
	tm.Send(press(tea.KeyHome))
	waitScreen(t, tm, "line 00 of what")
	tm.Send(press(tea.KeyEnd))
	waitScreen(t, tm, "late 2")
	m := finish(t, tm)
	if !m.tr.follow || m.tr.unread != 0 {
		t.Errorf("after end: follow %v, %d unread", m.tr.follow, m.tr.unread)
	}

	// Wide: the wheel over the pane scrolls it, over the surface not.
	tm = start(t, b, termenv.Ascii, 120, 30)
	waitScreen(t, tm, "late 2")
	for i := 0; i < 4; i++ {
		tm.Send(tea.MouseMsg{X: 110, Y: 10, Action: tea.MouseActionPress, Button: tea.MouseButtonWheelUp})
	}
	waitScreen(t, tm, "more below")
	m = finish(t, tm)
	if m.tr.follow || m.tr.top(m.lay.bodyH) != m.tr.total-m.lay.bodyH-12 {
		t.Errorf("four turns of the wheel: top %d of %d lines", m.tr.top(m.lay.bodyH), m.tr.total)
	}
	if m.scroll[m.active] != 0 {
		t.Errorf("the wheel over the transcript scrolled the surface")
	}
}

// TestFlowSearchTheTranscript searches with "/", steps through the
// matches with n and N, and drops the search with esc.
func TestFlowSearchTheTranscript(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	for i := 0; i < 30; i++ {
		text := fmt.Sprintf("line %02d", i)
		if i%10 == 3 {
			text += " mentions the Invoice"
		}
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, text)
	}
	tm := start(t, b, termenv.Ascii, 100, 24)
	waitScreen(t, tm, "Settings")
	tm.Send(press(tea.KeyEsc)) // leave the name field: "/" would type there
	tm.Send(runes("/"))
	tm.Type("invoice")
	waitScreen(t, tm, "match 1 of 3")
	tm.Send(press(tea.KeyEnter))
	tm.Send(runes("n"))
	waitScreen(t, tm, "match 2 of 3")
	tm.Send(runes("n"))
	waitScreen(t, tm, "match 3 of 3")
	tm.Send(runes("N"))
	waitScreen(t, tm, "match 2 of 3")
	m := finish(t, tm)
	if m.tr.cur < 0 {
		t.Fatalf("no match is shown: query %q, %d matches", m.tr.query, len(m.tr.matches))
	}
	cur := m.tr.matches[m.tr.cur]
	if i, _ := m.tr.entryAt(m.tr.top(m.lay.bodyH)); i >= 0 && cur.seq < m.tr.ents[i].e.Seq {
		t.Errorf("the match shown is above the pane")
	}
	if text := m.tr.ents[len(m.tr.ents)-1].e.Text; cur.seq != 15 || !strings.Contains(strings.ToLower(text), "line 29") {
		t.Errorf("match 2 of 3 is entry %d", cur.seq)
	}
	tm = start(t, b, termenv.Ascii, 100, 24)
	waitScreen(t, tm, "Settings")
	tm.Send(press(tea.KeyEsc))
	tm.Send(runes("/"))
	tm.Type("nowhere")
	tm.Send(press(tea.KeyEnter))
	waitScreen(t, tm, `no match for "nowhere"`)
	m = finish(t, tm)
	if m.tr.query != "" {
		t.Errorf("a search with no match is kept: %q", m.tr.query)
	}
}

// TestFlowUnseenMarks: a surface that appears while another is shown is
// announced with the key that shows it and its tab is marked; on a narrow
// terminal the transcript's tab counts the agent's lines not seen; both
// go once seen.
func TestFlowUnseenMarks(t *testing.T) {
	b := boardFrom(t, fixtures(t)["order-form.jsonl"], false)
	tm := start(t, b, termenv.Ascii, 80, 24)
	waitScreen(t, tm, "Order a coffee")
	showOn(t, b, `{"beginRendering":{"surfaceId":"later","root":"r"}}
{"surfaceUpdate":{"surfaceId":"later","components":[{"id":"r","component":{"Text":{"text":{"literalString":"Shown later"}}}}]}}`)
	waitAll(t, tm, "new surface: later — alt+2", "2 later •")
	b.AppendFrom(hub.FromAgent, hub.RoleAgent, "first words")
	b.AppendFrom(hub.FromAgent, hub.RoleAgent, "second words")
	waitScreen(t, tm, "transcript 2 new")
	tm.Send(altKey("2"))
	waitScreen(t, tm, "Shown later")
	tm.Send(press(tea.KeyCtrlT))
	waitScreen(t, tm, "second words")
	m := finish(t, tm)
	if m.announce != "" || m.tr.unseen != 0 {
		t.Errorf("after seeing them: announce %q, %d unseen", m.announce, m.tr.unseen)
	}
	for _, s := range m.shownSurfaces() {
		if m.tabMarked(s) && s.ID() == "later" {
			t.Error("the surface seen is still marked")
		}
	}
}

// TestFlowHelpAt60x20: the help fits a terminal of 60×20, scrolls to its
// last group, and ctrl+c quits from it.
func TestFlowHelpAt60x20(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	tm := start(t, b, termenv.Ascii, 60, 20)
	waitScreen(t, tm, "Settings")
	tm.Send(press(tea.KeyF1))
	waitScreen(t, tm, "Moving around")
	tm.Send(press(tea.KeyPgDown))
	tm.Send(press(tea.KeyPgDown))
	tm.Send(press(tea.KeyPgDown))
	waitScreen(t, tm, "The program")
	tm.Send(press(tea.KeyCtrlC))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	m := tm.FinalModel(t).(*Model)
	if !m.helpOpen {
		t.Fatal("ctrl+c closed the help instead of quitting")
	}
	for _, l := range lines(m.View()) {
		if ansi.StringWidth(l) > 60 {
			t.Errorf("a help line is wider than 60: %q", l)
		}
	}
}

// TestFlowKeysTypeInAField: q, ? and digits typed into a field type; out
// of it, a digit shows that tab; in a dialog q does not quit, ctrl+c does.
func TestFlowKeysTypeInAField(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	tm := start(t, b, termenv.Ascii, 80, 24)
	waitScreen(t, tm, "Settings") // the name field has the focus
	tm.Type("q?2")
	waitScreen(t, tm, "Adaq?2")
	tm.Send(press(tea.KeyEsc))
	tm.Send(runes("2"))
	waitScreen(t, tm, "Second surface")
	tm.Send(runes("1"))
	waitScreen(t, tm, "Gift wrap")
	for i := 0; i < 6; i++ {
		tm.Send(press(tea.KeyTab)) // to Details, which opens the dialog
	}
	tm.Send(press(tea.KeyEnter))
	waitScreen(t, tm, "Deliveries leave at nine.")
	tm.Send(runes("q"))
	waitScreen(t, tm, "q does not quit from a dialog")
	m := finish(t, tm)
	if m.state().Modal == "" {
		t.Error("the dialog closed")
	}
	n := m.snap.Canvas.Surface("settings").Tree().Find("name")
	if got := n.Props.(*a2ui.TextFieldProps).Text; got != "Adaq?2" {
		t.Errorf("the name is %q", got)
	}
}

// TestFlowHorizontalListReachesEveryItem focuses the gallery's strip of
// fruit and walks it with the arrow keys to its last item.
func TestFlowHorizontalListReachesEveryItem(t *testing.T) {
	data, err := os.ReadFile("../cmd/a2term/demo/gallery.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	b := boardFrom(t, data, false)
	tm := start(t, b, termenv.Ascii, 80, 30)
	waitScreen(t, tm, "Gallery")
	tm.Send(press(tea.KeyRight)) // the tabs have the focus: Layout
	waitScreen(t, tm, "Banana")
	tm.Send(press(tea.KeyTab)) // the strip
	waitScreen(t, tm, "scroll")
	for i := 0; i < 7; i++ {
		tm.Send(press(tea.KeyRight))
	}
	waitScreen(t, tm, "Honeydew")
	m := finish(t, tm)
	if m.focus[m.active] != "l-list" {
		t.Errorf("the focus is on %q", m.focus[m.active])
	}
	if !strings.Contains(m.View(), "Honeydew") || strings.Contains(m.View(), "Apple") {
		t.Errorf("the strip does not show its end:\n%s", m.View())
	}
}

// TestFlowReadlineKeys edits the name as readline would.
func TestFlowReadlineKeys(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	tm := start(t, b, termenv.Ascii, 80, 24)
	waitScreen(t, tm, "Settings")
	name := func() string {
		n := b.Snapshot().Canvas.Surface("settings").Tree().Find("name")
		return n.Props.(*a2ui.TextFieldProps).Text
	}
	steps := []struct {
		keys []tea.KeyMsg
		want string
	}{
		{[]tea.KeyMsg{{Type: tea.KeyCtrlA}, runes("Dr."), {Type: tea.KeySpace, Runes: []rune{' '}}}, "Dr. Ada"},
		{[]tea.KeyMsg{{Type: tea.KeyCtrlE}, {Type: tea.KeyCtrlW}}, "Dr. "},
		{[]tea.KeyMsg{runes("Grace"), {Type: tea.KeySpace, Runes: []rune{' '}}, runes("Hopper"), altKey("b"), {Type: tea.KeyCtrlK}}, "Dr. Grace "},
		{[]tea.KeyMsg{{Type: tea.KeyBackspace, Alt: true}}, "Dr. "},
		{[]tea.KeyMsg{altKey("b"), altKey("f"), {Type: tea.KeyCtrlU}}, ". "},
	}
	for _, st := range steps {
		for _, k := range st.keys {
			tm.Send(k)
		}
		deadline := time.Now().Add(5 * time.Second)
		for name() != st.want {
			if time.Now().After(deadline) {
				t.Fatalf("the name is %q, want %q", name(), st.want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	finish(t, tm)
}

// TestFlowNoAgent: a canvas whose socket has no agent says so, and a press
// says the action waits; once an agent connects, the surface stops saying
// so, and when it leaves says so again.
func TestFlowNoAgent(t *testing.T) {
	h := hub.New(hub.Options{Now: fixedClock})
	defer h.Close()
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "s", "a2term.sock"), agentsock.ServerOptions{ReportAgent: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if _, err := h.Show(showRaws(t, fixtures(t)["order-form.jsonl"])); err != nil {
		t.Fatal(err)
	}
	tm := start(t, h, termenv.Ascii, 80, 24)
	waitScreen(t, tm, "No agent is connected: what you press waits in the queue.")
	for i := 0; i < 3; i++ {
		tm.Send(press(tea.KeyTab)) // to Order
	}
	tm.Send(press(tea.KeyEnter))
	waitScreen(t, tm, "no agent is connected; the action waits in the queue")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := client.Dial(ctx, srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Wait(ctx, 5)
	if err != nil || res.TimedOut {
		t.Fatalf("the queued press: %+v %v", res, err)
	}
	waitScreen(t, tm, "Order a coffee") // on the line the banner took
	c.Close()
	waitScreen(t, tm, "No agent is connected")
	fm := finish(t, tm)
	if fm.snap.Status.Agent != hub.AgentNone {
		t.Errorf("after the agent left: %v", fm.snap.Status.Agent)
	}
}

// TestFlowTranscriptToggles: on a wide terminal ctrl+t hides and shows the
// pane (nothing hidden comes back later); on a narrow one it shows the
// transcript, whose tab a click also opens, and a surface key shows the
// surface again.
func TestFlowTranscriptToggles(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	b.AppendFrom(hub.FromAgent, hub.RoleAgent, "hello from the agent")
	tm := start(t, b, termenv.Ascii, 120, 30)
	waitScreen(t, tm, "hello from the agent")
	tm.Send(press(tea.KeyCtrlT))
	waitScreen(t, tm, "transcript")
	tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	tm.Send(tea.WindowSizeMsg{Width: 120, Height: 30})
	m := finish(t, tm)
	if m.lay.showScript || !m.hideScript {
		t.Error("the pane hidden by ctrl+t came back")
	}
	if m.narrowScript {
		t.Error("ctrl+t on a wide terminal set the narrow transcript view")
	}

	tm = start(t, b, termenv.Ascii, 80, 24)
	waitScreen(t, tm, "Settings")
	tm.Send(tea.MouseMsg{X: 75, Y: 0, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	waitScreen(t, tm, "hello from the agent")
	tm.Send(altKey("2"))
	waitScreen(t, tm, "Second surface")
	m = finish(t, tm)
	if m.narrowScript || m.active != "other" {
		t.Errorf("alt+2 from the transcript: transcript %v, surface %q", m.narrowScript, m.active)
	}
}
