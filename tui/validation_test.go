package tui

import (
	"strings"
	"sync/atomic"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

const signupStream = `{"beginRendering":{"surfaceId":"f","root":"root"}}
{"surfaceUpdate":{"surfaceId":"f","components":[{"id":"root","component":{"Column":{"children":{"explicitList":["email","send"]}}}},{"id":"email","component":{"TextField":{"label":{"literalString":"Email"},"text":{"path":"/email"},"validationRegexp":"[^@ ]+@[^@ ]+"}}},{"id":"send","component":{"Button":{"child":"l","action":{"name":"send","context":[{"key":"to","value":{"path":"/email"}}]}}}},{"id":"l","component":{"Text":{"text":{"literalString":"Send"}}}}]}}
{"dataModelUpdate":{"surfaceId":"f","contents":[{"key":"email","valueString":"not an address"}]}}`

// TestInvalidFieldBlocksThePress: a field that does not match its pattern
// says so in words, its pattern is in the help line while it has the
// focus, and a press of a button that sends it is refused in words the
// person sees, with nothing queued for the agent.
func TestInvalidFieldBlocksThePress(t *testing.T) {
	board := boardFrom(t, []byte(signupStream), false)
	frame, err := Frame(board, testOptions(termenv.Ascii), 80, 12, "f", "email")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(frame, "This is not in the expected format.") {
		t.Errorf("no message in words:\n%s", frame)
	}
	if !strings.Contains(frame, "expected format: [^@ ]+@[^@ ]+") {
		t.Errorf("no pattern in the help line:\n%s", frame)
	}
	if strings.Count(frame, "[^@ ]+@[^@ ]+") != 1 {
		t.Errorf("the pattern shows outside the help line:\n%s", frame)
	}
	var fired atomic.Int32
	board.OnAction(func(*a2ui.UserAction, hub.Source) { fired.Add(1) })
	m := New(board, testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 12))
	waitScreen(t, tm, "Email") // the email field has the focus from the start
	tm.Send(press(tea.KeyTab)) // send
	tm.Send(press(tea.KeyEnter))
	waitScreen(t, tm, `Not sent: "Email" is not in the expected format.`)
	if n := fired.Load(); n != 0 {
		t.Errorf("%d actions fired", n)
	}
}
