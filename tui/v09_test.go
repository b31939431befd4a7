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

const v09Stream = `{"version":"v0.9","createSurface":{"surfaceId":"f","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"f","components":[{"id":"root","component":"Column","children":["email","send","terms"]},{"id":"email","component":"TextField","label":"Email","value":{"path":"/email"},"checks":[{"call":"email","args":{"value":{"path":"/email"}},"message":"Not an email address"}]},{"id":"send","component":"Button","child":"l","action":{"event":{"name":"send"}},"checks":[{"call":"email","args":{"value":{"path":"/email"}},"message":"Fill in your address first"}]},{"id":"l","component":"Text","text":"Send"},{"id":"terms","component":"Button","child":"tl","variant":"borderless","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/terms"}}}},{"id":"tl","component":"Text","text":"Terms"}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"f","value":{"email":"nope"}}}`

// TestV09ChecksAndLinksInTheTerminal: failing checks show under their
// controls; a press of the button they disable is refused in words and
// fires nothing; a link shows its address after a press, and fires
// nothing either: a2term opens nothing.
func TestV09ChecksAndLinksInTheTerminal(t *testing.T) {
	board := boardFrom(t, []byte(v09Stream), false)
	frame, err := Frame(board, testOptions(termenv.Ascii), 80, 14, "f", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"✗ Not an email address", "✗ Fill in your address first"} {
		if !strings.Contains(frame, want) {
			t.Errorf("no %q:\n%s", want, frame)
		}
	}
	var fired atomic.Int32
	board.OnAction(func(*a2ui.UserAction, hub.Source) { fired.Add(1) })
	m := New(board, testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 14))
	waitScreen(t, tm, "Email") // the email field has the focus from the start
	tm.Send(press(tea.KeyTab)) // send
	tm.Send(press(tea.KeyEnter))
	waitScreen(t, tm, "Not sent: button")
	tm.Send(press(tea.KeyTab)) // terms
	waitScreen(t, tm, "link: https://example.com/terms")
	tm.Send(press(tea.KeyEnter))
	waitScreen(t, tm, "open it yourself: https://example.com/terms")
	if n := fired.Load(); n != 0 {
		t.Errorf("%d actions fired", n)
	}
}
