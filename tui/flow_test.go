package tui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

type firedAction struct {
	a      *a2ui.UserAction
	source hub.Source
}

// flow starts the program on the settings fixture in a teatest terminal
// and returns it with the channel the person's actions arrive on.
func flow(t *testing.T, w, h int) (*teatest.TestModel, *hub.Board, chan firedAction) {
	t.Helper()
	board := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	actions := make(chan firedAction, 8)
	board.OnAction(func(a *a2ui.UserAction, s hub.Source) { actions <- firedAction{a, s} })
	m := New(board, testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
	return tm, board, actions
}

func press(t tea.KeyType) tea.KeyMsg { return tea.KeyMsg{Type: t} }

func waitScreen(t *testing.T, tm *teatest.TestModel, want string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(want)) },
		teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

func waitAction(t *testing.T, actions chan firedAction) firedAction {
	t.Helper()
	select {
	case a := <-actions:
		return a
	case <-time.After(5 * time.Second):
		t.Fatal("no action arrived")
	}
	return firedAction{}
}

// TestFlowFillAndSave tabs through the form, types a name, moves the
// slider, ticks the box, picks an option and presses Save: the action
// carries every value the person gave, from the terminal.
func TestFlowFillAndSave(t *testing.T) {
	tm, board, actions := flow(t, 100, 30)
	waitScreen(t, tm, "Settings")
	// The first control, the name, has the focus from the start.
	tm.Send(press(tea.KeyEnd))
	for i := 0; i < 3; i++ {
		tm.Send(press(tea.KeyBackspace))
	}
	tm.Type("Grace")
	tm.Send(press(tea.KeyTab))   // cups
	tm.Send(press(tea.KeyRight)) // 2 → 3
	tm.Send(press(tea.KeyTab))   // gift
	tm.Send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	tm.Send(press(tea.KeyTab))  // milk
	tm.Send(press(tea.KeyDown)) // cursor to soy
	tm.Send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	tm.Send(press(tea.KeyTab)) // date
	tm.Send(press(tea.KeyTab)) // details
	tm.Send(press(tea.KeyTab)) // save
	tm.Send(press(tea.KeyEnter))
	got := waitAction(t, actions)
	if got.a.Name != "save" || got.source != hub.Terminal || got.a.SourceComponentID != "send" {
		t.Fatalf("action %+v from %s", got.a, got.source)
	}
	ctx := string(a2ui.MarshalValue(got.a.Context))
	want := `{"settings":{"name":"Grace","cups":3,"gift":true,"milk":["soy"],"when":"2026-01-05"}}`
	if ctx != want {
		t.Errorf("context %s, want %s", ctx, want)
	}
	snap := board.Snapshot()
	last := snap.Transcript[len(snap.Transcript)-1].Text
	if !strings.Contains(last, "pressed save on settings (terminal)") || !strings.Contains(last, `"name":"Grace"`) {
		t.Errorf("transcript says %q", last)
	}
	tm.Send(press(tea.KeyCtrlC))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// TestFlowSurfacesModalResize switches surfaces with a text field focused,
// opens and closes the dialog, and resizes the terminal.
func TestFlowSurfacesModalResize(t *testing.T) {
	tm, _, actions := flow(t, 80, 24)
	waitScreen(t, tm, "Settings") // the name field has the focus
	tm.Send(press(tea.KeyCtrlN))
	waitScreen(t, tm, "Second surface")
	tm.Send(press(tea.KeyCtrlP))
	waitScreen(t, tm, "Cups")
	// Back on the first surface, the name field still has the focus: tab
	// past cups, gift, milk and the date to Details and open the dialog.
	for i := 0; i < 5; i++ {
		tm.Send(press(tea.KeyTab))
	}
	tm.Send(press(tea.KeyEnter))
	waitScreen(t, tm, "Deliveries leave at nine.")
	if a := waitAction(t, actions); a.a.Name != "details" {
		t.Errorf("the entry button fired %q", a.a.Name)
	}
	tm.Send(press(tea.KeyEsc))
	tm.Send(tea.WindowSizeMsg{Width: 60, Height: 20})
	tm.Send(press(tea.KeyCtrlC))
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if fm.state().Modal != "" {
		t.Error("esc did not close the dialog")
	}
	if fm.focus[fm.active] != "more-btn" {
		t.Errorf("focus after closing is %q, want the button that opened it", fm.focus[fm.active])
	}
	view := fm.View()
	ls := lines(view)
	if len(ls) != 20 {
		t.Errorf("after resize the frame has %d lines", len(ls))
	}
	for _, l := range ls {
		if w := ansi.StringWidth(l); w > 60 {
			t.Errorf("line wider than 60 after resize: %q", l)
		}
	}
}
