package hub_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/a2term/a2term/internal/testutil/hubtest"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// payForm is surface main: a note field and a button whose action
// carries the note.
var payForm = raws(
	`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
	`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"root","component":{"Column":{"children":{"explicitList":["note","pay"]}}}},{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},{"id":"pay","component":{"Button":{"child":"l","action":{"name":"pay","context":[{"key":"note","value":{"path":"/note"}}]}}}},{"id":"l","component":{"Text":{"text":{"literalString":"Pay"}}}}]}}`,
)

func TestBoardShowPressAndTranscript(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, hubtest.Clock)
	changed, cancel := b.Subscribe()
	defer cancel()
	if _, _, err := b.Show(payForm); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
	default:
		t.Fatal("a show did not signal the subscriber")
	}
	var fired []*a2ui.UserAction
	b.OnAction(func(a *a2ui.UserAction, s hub.Source) {
		if s != hub.Web {
			t.Errorf("source %q", s)
		}
		fired = append(fired, a)
	})
	if err := b.SetValue(hub.Web, "main", "note", "thanks \x1b]52;c;eA==\x07"); err != nil {
		t.Fatal(err)
	}
	v := b.Snapshot().Canvas.Surface("main").Version()
	if err := b.Press(hub.Web, "main", "pay", v); err != nil {
		t.Fatal(err)
	}
	if len(fired) != 1 || fired[0].Name != "pay" {
		t.Fatalf("actions %v", fired)
	}
	if got := string(a2ui.MarshalValue(fired[0].Context)); got != `{"note":"thanks "}` {
		t.Errorf("context %s: the typed note, sanitized", got)
	}
	tr := b.Snapshot().Transcript
	want := []string{`→ show main: 4 components`, `← the person pressed pay on main (web): note="thanks "`}
	if len(tr) != len(want) {
		t.Fatalf("transcript %v", tr)
	}
	for i, w := range want {
		if tr[i].Text != w || tr[i].Role != hub.RoleEvent || !tr[i].Time.Equal(hubtest.Clock()) {
			t.Errorf("entry %d = %+v, want %q", i, tr[i], w)
		}
	}
}

func TestBoardRefusalsChangeNothing(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, hubtest.Clock)
	if _, _, err := b.Show(payForm); err != nil {
		t.Fatal(err)
	}
	before := b.Snapshot().Canvas
	_, _, err := b.Show(raws(`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"x","component":{"Nope":{}}}]}}`))
	var e *a2ui.Error
	if !errors.As(err, &e) || e.Code != a2ui.CodeUnknownComponent {
		t.Fatalf("err %v", err)
	}
	if b.Snapshot().Canvas != before {
		t.Error("a refused show changed the canvas")
	}
	if last := b.Snapshot().Transcript[1].Text; !strings.HasPrefix(last, "→ show refused: ") {
		t.Errorf("transcript says %q", last)
	}
	if err := b.Press(hub.Terminal, "main", "note", before.Version()); !errors.Is(err, &a2ui.Error{Code: a2ui.CodeNotAButton}) {
		t.Errorf("press on a field: %v", err)
	}
	if err := b.SetValue(hub.Terminal, "main", "pay", "x"); !errors.Is(err, &a2ui.Error{Code: a2ui.CodeNotAnInput}) {
		t.Errorf("set on a button: %v", err)
	}
}

func TestBoardSubscriptionsCoalesceAndEnd(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, hubtest.Clock)
	ch, cancel := b.Subscribe()
	for i := 0; i < 50; i++ {
		b.Append(hub.RoleAgent, "line")
	}
	n := 0
	for done := false; !done; {
		select {
		case <-ch:
			n++
		default:
			done = true
		}
	}
	if n != 1 {
		t.Errorf("%d signals for 50 changes, want 1 (coalesced)", n)
	}
	cancel()
	cancel() // twice is fine
	b.Append(hub.RoleAgent, "after")
	select {
	case <-ch:
		t.Error("a cancelled subscription still receives")
	default:
	}
}

func TestBoardTranscriptIsBoundedAndSanitized(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, hubtest.Clock)
	for i := 0; i < hub.MaxTranscript+10; i++ {
		b.Append(hub.RoleTool, "x")
	}
	b.Append(hub.RoleAgent, "\x1b[2Jhi\u202e")
	tr := b.Snapshot().Transcript
	if len(tr) != hub.MaxTranscript {
		t.Errorf("%d entries kept, want %d", len(tr), hub.MaxTranscript)
	}
	if last := tr[len(tr)-1]; last.Text != "hi" || last.Role != hub.RoleAgent {
		t.Errorf("last entry %+v", last)
	}
}

func TestBoardMasksObscuredValuesInTheTranscript(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, hubtest.Clock)
	_, _, err := b.Show(raws(
		`{"beginRendering":{"surfaceId":"s","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Column":{"children":{"explicitList":["pin","go"]}}}},{"id":"pin","component":{"TextField":{"label":{"literalString":"PIN"},"text":{"path":"/f/pin"},"textFieldType":"obscured"}}},{"id":"go","component":{"Button":{"child":"l","action":{"name":"login","context":[{"key":"form","value":{"path":"/f"}}]}}}},{"id":"l","component":{"Text":{"text":{"literalString":"Go"}}}}]}}`,
	))
	if err != nil {
		t.Fatal(err)
	}
	var got *a2ui.UserAction
	b.OnAction(func(a *a2ui.UserAction, _ hub.Source) { got = a })
	if err := b.SetValue(hub.Terminal, "s", "pin", "4711"); err != nil {
		t.Fatal(err)
	}
	if err := b.Press(hub.Terminal, "s", "go", b.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	line := b.Snapshot().Transcript[1].Text
	if strings.Contains(line, "4711") || !strings.Contains(line, `"pin":"••••"`) {
		t.Errorf("transcript shows %q", line)
	}
	if ctx := string(a2ui.MarshalValue(got.Context)); ctx != `{"form":{"pin":"4711"}}` {
		t.Errorf("the agent gets %s", ctx)
	}
}

// TestBoardShowInWords checks the transcript's words for a show of one
// component, a show that changes nothing, and refusals: a batch of one
// message is not numbered, the message of a longer batch is.
func TestBoardShowInWords(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, hubtest.Clock)
	one := raws(`{"surfaceUpdate":{"surfaceId":"one","components":[{"id":"root","component":{"Text":{"text":{"literalString":"hi"}}}}]}}`,
		`{"beginRendering":{"surfaceId":"one","root":"root"}}`)
	for _, raws := range [][]json.RawMessage{one, raws(`{"deleteSurface":{"surfaceId":"none"}}`)} {
		if _, _, err := b.Show(raws); err != nil {
			t.Fatal(err)
		}
	}
	bad := `{"surfaceUpdate":{"surfaceId":"one","components":[{"id":"x","component":{"Nope":{}}}]}}`
	for _, raws := range [][]json.RawMessage{raws(bad), raws(`{"deleteSurface":{"surfaceId":"none"}}`, bad)} {
		if _, _, err := b.Show(raws); err == nil {
			t.Fatal("an unknown component was shown")
		}
	}
	tr := b.Snapshot().Transcript
	want := []string{
		"→ show one: 1 component", "→ show: 1 message, nothing changed",
		"→ show refused: unknown_component: ", "→ show refused: message 1: unknown_component: ",
	}
	if len(tr) != len(want) {
		t.Fatalf("transcript %+v", tr)
	}
	for i, w := range want {
		if !strings.HasPrefix(tr[i].Text, w) || i < 2 && tr[i].Text != w {
			t.Errorf("entry %d %q, want %q", i, tr[i].Text, w)
		}
	}
}
