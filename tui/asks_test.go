package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// TestAgentAsksInTheTerminal: the terminal catalog's notify puts its
// notice on the status line until AgentNoticeFor passes (a newer notice
// or a key takes its place first), focus moves the focus to the control,
// and scrollIntoView scrolls a component that takes no focus on screen.
func TestAgentAsksInTheTerminal(t *testing.T) {
	h := hub.New(hub.Options{Now: fixedClock})
	t.Cleanup(h.Close)
	show := func(msgs ...string) {
		t.Helper()
		raws := make([]json.RawMessage, len(msgs))
		for i, m := range msgs {
			raws[i] = json.RawMessage(m)
		}
		if _, err := h.Show(raws); err != nil {
			t.Fatal(err)
		}
	}
	comps := `{"id":"root","component":"Column","children":["name"`
	var texts []string
	for i := range 30 {
		comps += fmt.Sprintf(`,"t%d"`, i)
		texts = append(texts, fmt.Sprintf(`{"id":"t%d","component":"Text","text":"Line %d"}`, i, i))
	}
	comps += `,"far"]},{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},` + strings.Join(texts, ",") +
		`,{"id":"far","component":"Text","text":"The far end"}`
	show(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` + comps + `]}}`)
	call := func(id, fn, args string) string {
		return `{"version":"v1.0","callRendererFunction":{"functionCallId":"` + id + `","callFunction":{"call":"` + fn + `","catalogId":"` + a2ui.TerminalCatalogV10ID + `","args":` + args + `}}}`
	}
	m := New(h, testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	m.SetSize(60, 14)
	m.Update(changedMsg{})
	if strings.Contains(m.View(), "The far end") {
		t.Fatal("the far end is on screen before it is asked for")
	}

	show(call("c1", "scrollIntoView", `{"surfaceId":"s","componentId":"far"}`), call("c2", "notify", `{"message":"Look below"}`))
	_, cmd := m.Update(changedMsg{})
	frame := m.View()
	if !strings.Contains(frame, "The far end") || !strings.Contains(frame, "Look below") {
		t.Fatalf("scrollIntoView and notify did not show:\n%s", frame)
	}
	if cmd == nil {
		t.Fatal("no timer for the notice")
	}
	m.Update(noticeDoneMsg{seq: h.Snapshot().Status.Notice.Seq})
	if strings.Contains(m.View(), "Look below") {
		t.Fatal("the notice outlived its time")
	}

	show(call("c3", "focus", `{"surfaceId":"s","componentId":"name"}`))
	m.Update(changedMsg{})
	if m.focus["s"] != "name" || !focusInView(m) {
		t.Fatalf("focus is on %q, in view %v", m.focus["s"], focusInView(m))
	}
	if strings.Contains(m.View(), "The far end") {
		t.Fatal("the focused field at the top was not scrolled to")
	}
	// A notice taken over by a newer one is not ended by the older timer.
	show(call("c4", "notify", `{"message":"one"}`))
	m.Update(changedMsg{})
	old := h.Snapshot().Status.Notice.Seq
	show(call("c5", "notify", `{"message":"two"}`))
	m.Update(changedMsg{})
	m.Update(noticeDoneMsg{seq: old})
	if !strings.Contains(m.View(), "two") {
		t.Fatal("an older notice's timer took the newer one away")
	}
}
