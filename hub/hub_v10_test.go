package hub_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil/hubtest"

	"github.com/a2term/a2term/a2ui"
)

// TestV10ThroughWait checks what a v1.0 canvas hands the agent through
// canvas.wait: the answer to its callRendererFunction, the
// callAgentFunction of a press on a button calling the agent's function
// (the button waiting until the agentFunctionResponse), and an action
// with the renderer data model in v1.0's name.
func TestV10ThroughWait(t *testing.T) {
	h := hub.New(hub.Options{Now: hubtest.Clock})
	t.Cleanup(h.Close)
	ctx := context.Background()
	if _, err := h.Show(raws(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","sendDataModel":true,"components":[` +
		`{"id":"root","component":"Column","children":["ask","go"]},` +
		`{"id":"ask","component":"Button","child":"l1","action":{"functionCall":{"call":"verifyProvider","args":{"id":{"path":"/id"}}}}},{"id":"l1","component":"Text","text":"Check"},` +
		`{"id":"go","component":"Button","child":"l2","action":{"event":{"name":"submit"}}},{"id":"l2","component":"Text","text":"Go"}],"dataModel":{"id":"PRV-7"}}}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(raws(`{"version":"v1.0","callRendererFunction":{"functionCallId":"c1","callFunction":{"call":"getLocale","catalogId":"` + a2ui.TerminalCatalogV10ID + `"}}}`)); err != nil {
		t.Fatal(err)
	}
	res, err := h.Wait(ctx, hubtest.Guard)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Action); got != `{"version":"v1.0","rendererFunctionResponse":{"functionCallId":"c1","value":{"locale":"en-US","timeZone":"UTC"}}}` {
		t.Fatalf("answer %s", got)
	}
	// The answer belongs to no surface: the transcript does not say it
	// came from one.
	if tr := h.Snapshot().Transcript; !strings.HasSuffix(tr[len(tr)-1].Text, "→ the agent took rendererFunctionResponse of getLocale") {
		t.Errorf("the transcript's last line is %q", tr[len(tr)-1].Text)
	}

	if err := h.Press(hub.Terminal, "s", "ask", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	res, err = h.Wait(ctx, hubtest.Guard)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Action); !strings.Contains(got, `"callAgentFunction":{"surfaceId":"s","functionCallId":"`) || !strings.Contains(got, `"callFunction":{"call":"verifyProvider","args":{"id":"PRV-7"}}`) {
		t.Fatalf("call %s", got)
	}
	calls := h.Snapshot().Canvas.Calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls wait", len(calls))
	}
	if bp := h.Snapshot().Canvas.Surface("s").Tree().Find("ask").Props.(*a2ui.ButtonProps); !bp.Disabled {
		t.Fatal("the button does not wait")
	}
	if _, err := h.Show(raws(`{"version":"v1.0","agentFunctionResponse":{"functionCallId":"` + calls[0].FunctionCallID + `","value":"ok"}}`)); err != nil {
		t.Fatal(err)
	}
	if bp := h.Snapshot().Canvas.Surface("s").Tree().Find("ask").Props.(*a2ui.ButtonProps); bp.Disabled {
		t.Fatal("the button still waits after the answer")
	}

	if err := h.Press(hub.Terminal, "s", "go", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	res, err = h.Wait(ctx, hubtest.Guard)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(res.Action), `{"version":"v1.0","action":{"name":"submit"`) || string(res.RendererDataModel) != `{"version":"v1.0","surfaces":{"s":{"id":"PRV-7"}}}` || res.ClientDataModel != nil {
		t.Fatalf("action %s, data %s / %s", res.Action, res.RendererDataModel, res.ClientDataModel)
	}
}

// v10Ask is a v1.0 surface whose button asks the agent's function.
var v10Ask = raws(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","sendDataModel":true,"components":[` +
	`{"id":"root","component":"Column","children":["ask","go"]},` +
	`{"id":"ask","component":"Button","child":"l1","action":{"functionCall":{"call":"verifyProvider","args":{"id":{"path":"/id"}}}}},{"id":"l1","component":"Text","text":"Check"},` +
	`{"id":"go","component":"Button","child":"l2","action":{"event":{"name":"submit"}}},{"id":"l2","component":"Text","text":"Go"}],"dataModel":{"id":"PRV-7"}}}`)

// movingClock is a clock a test moves on.
type movingClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *movingClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *movingClock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// killedCopy copies the journal at path as a hub killed now leaves it,
// and returns the hub restored from the copy.
func killedCopy(t *testing.T, path, name string, now func() time.Time) *hub.Hub {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(filepath.Dir(path), name)
	if err := os.WriteFile(cp, data, 0o600); err != nil {
		t.Fatal(err)
	}
	h := hub.New(hub.Options{Now: now})
	rep, err := h.UseJournal(cp)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	if !rep.Restored || rep.Lost != 0 {
		t.Fatalf("%s: report %+v", name, rep)
	}
	return h
}

// askWaits reports whether the ask button of h's surface waits for the
// agent's answer.
func askWaits(h *hub.Hub) bool {
	return h.Snapshot().Canvas.Surface("s").Tree().Find("ask").Props.(*a2ui.ButtonProps).Disabled
}

// TestV10JournalKeepsCalls checks that a journal read back makes the
// v1.0 canvas the hub had: a call of the agent's function waiting (its
// button waiting), then answered, then one ended by its deadline; and
// that the answers to the agent's callRendererFunction not yet taken,
// and the callAgentFunction, are still handed out, in v1.0's shapes.
// Before, a restore replayed the agentFunctionResponse on a canvas where
// no call waited, and failed there.
func TestV10JournalKeepsCalls(t *testing.T) {
	clock := &movingClock{now: time.Now()}
	path := filepath.Join(t.TempDir(), "j.journal")
	h := hub.New(hub.Options{Now: clock.Now})
	if _, err := h.UseJournal(path); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	if _, err := h.Show(v10Ask); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(raws(`{"version":"v1.0","callRendererFunction":{"functionCallId":"c1","callFunction":{"call":"getLocale","catalogId":"` + a2ui.TerminalCatalogV10ID + `"}}}`)); err != nil {
		t.Fatal(err)
	}
	before := h.Snapshot().Canvas.Version()
	if err := h.Press(hub.Terminal, "s", "ask", before); err != nil {
		t.Fatal(err)
	}
	if !askWaits(h) {
		t.Fatal("the button does not wait")
	}

	// Killed while the call waits: the call, its button and both
	// messages for the agent come back.
	waiting := killedCopy(t, path, "waiting.journal", clock.Now)
	if got, want := saved(t, waiting), saved(t, h); got != want {
		t.Fatalf("restored while waiting:\n%s\nnot\n%s", got, want)
	}
	if !askWaits(waiting) {
		t.Fatal("the restored button does not wait")
	}
	queue := drain(t, waiting)
	if len(queue) != 2 || !strings.HasPrefix(queue[0], `{"version":"v1.0","rendererFunctionResponse":{"functionCallId":"c1"`) || !strings.Contains(queue[1], `"callAgentFunction":{"surfaceId":"s"`) {
		t.Fatalf("restored queue %q", queue)
	}
	calls := h.Snapshot().Canvas.Calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls wait", len(calls))
	}
	answer := raws(`{"version":"v1.0","agentFunctionResponse":{"functionCallId":"` + calls[0].FunctionCallID + `","value":"ok"}}`)
	if _, err := waiting.Show(answer); err != nil {
		t.Fatalf("the answer on the restored hub: %v", err)
	}
	if askWaits(waiting) {
		t.Fatal("the restored button still waits after the answer")
	}

	// Killed after the answer: the journal replays it.
	if _, err := h.Show(answer); err != nil {
		t.Fatal(err)
	}
	answered := killedCopy(t, path, "answered.journal", clock.Now)
	if got, want := saved(t, answered), saved(t, h); got != want || askWaits(answered) {
		t.Fatalf("restored after the answer:\n%s\nnot\n%s", got, want)
	}

	// A call whose deadline passes ends, and stays ended; a snapshot
	// taken while a call waits keeps it.
	if err := h.Press(hub.Terminal, "s", "ask", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	if err := hub.CompactJournal(h); err != nil {
		t.Fatal(err)
	}
	if compacted := killedCopy(t, path, "compacted.journal", clock.Now); !askWaits(compacted) || saved(t, compacted) != saved(t, h) {
		t.Fatal("the compacted journal lost the waiting call")
	}
	clock.add(a2ui.MaxAgentCallWait)
	hub.ExpireCalls(h)
	if askWaits(h) {
		t.Fatal("the button waits past its deadline")
	}
	expired := killedCopy(t, path, "expired.journal", clock.Now)
	if got, want := saved(t, expired), saved(t, h); got != want || askWaits(expired) {
		t.Fatalf("restored after the deadline:\n%s\nnot\n%s", got, want)
	}
}

// TestV10AsksInStatus checks that the terminal catalog's focus,
// scrollIntoView and notify reach the views in the status, each with
// its own number, and the newest of each kind wins.
func TestV10AsksInStatus(t *testing.T) {
	h := hub.New(hub.Options{Now: hubtest.Clock})
	t.Cleanup(h.Close)
	if _, err := h.Show(raws(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
		`{"id":"root","component":"Column","children":["name","note"]},` +
		`{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},{"id":"note","component":"Text","text":"End"}]}}`)); err != nil {
		t.Fatal(err)
	}
	call := func(id, fn, args string) string {
		return `{"version":"v1.0","callRendererFunction":{"functionCallId":"` + id + `","callFunction":{"call":"` + fn + `","catalogId":"` + a2ui.TerminalCatalogV10ID + `","args":` + args + `}}}`
	}
	if _, err := h.Show(raws(call("c1", "notify", `{"message":"first"}`), call("c2", "focus", `{"surfaceId":"s","componentId":"name"}`),
		call("c3", "scrollIntoView", `{"surfaceId":"s","componentId":"note"}`), call("c4", "notify", `{"message":"saved\u001b[31m"}`))); err != nil {
		t.Fatal(err)
	}
	st := h.Snapshot().Status
	want := hub.Status{Asks: 4, Focus: hub.Ask{Seq: 2, SurfaceID: "s", NodeID: "name"}, Reveal: hub.Ask{Seq: 3, SurfaceID: "s", NodeID: "note"}}
	if st.Asks != want.Asks || st.Focus != want.Focus || st.Reveal != want.Reveal {
		t.Fatalf("asks %d, focus %+v, reveal %+v", st.Asks, st.Focus, st.Reveal)
	}
	if st.Notice.Seq != 4 || strings.ContainsRune(st.Notice.Text, 0x1b) || !strings.HasPrefix(st.Notice.Text, "saved") {
		t.Fatalf("notice %+v", st.Notice)
	}
}

// TestV10UserMessageInTranscript checks that a v1.0 event's userMessage
// is said in the transcript line of the press, with what the person
// typed into an obscured field masked, and stripped of escapes.
func TestV10UserMessageInTranscript(t *testing.T) {
	h := hub.New(hub.Options{Now: hubtest.Clock})
	t.Cleanup(h.Close)
	if _, err := h.Show(raws(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
		`{"id":"root","component":"Column","children":["pin","go"]},` +
		`{"id":"pin","component":"TextField","label":"PIN","variant":"obscured","value":{"path":"/pin"}},` +
		`{"id":"go","component":"Button","child":"l","action":{"event":{"name":"book","userMessage":{"call":"formatString","args":{"value":"Book table 7\u001b[2J with PIN ${/pin}"}}}}},{"id":"l","component":"Text","text":"Book"}]}}`)); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Terminal, "s", "pin", "4321"); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Terminal, "s", "go", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	tr := h.Snapshot().Transcript
	last := tr[len(tr)-1].Text
	if !strings.Contains(last, "pressed book") || !strings.Contains(last, "Book table 7") || !strings.Contains(last, "with PIN ••••") {
		t.Fatalf("the press's line: %q", last)
	}
	if strings.Contains(last, "4321") || strings.ContainsRune(last, 0x1b) {
		t.Fatalf("the press's line shows the PIN or an escape: %q", last)
	}
}

// TestV10CallUsesTheHubsClock: the callAgentFunction of a press is
// named, and given its deadline, by the hub's clock, not the machine's:
// with the tests' fixed clock, its functionCallId and the time its
// button waits until are the same on every run.
func TestV10CallUsesTheHubsClock(t *testing.T) {
	h := hub.New(hub.Options{Now: hubtest.Clock})
	t.Cleanup(h.Close)
	if _, err := h.Show(v10Ask); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Terminal, "s", "ask", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	res, err := h.Wait(context.Background(), hubtest.Guard)
	if err != nil {
		t.Fatal(err)
	}
	const id = "call-s-ask-20260304T050607.000000000"
	if !strings.Contains(string(res.Action), `"functionCallId":"`+id+`"`) {
		t.Errorf("the call is not named by the hub's clock: %s", res.Action)
	}
	calls := h.Snapshot().Canvas.Calls()
	if len(calls) != 1 || calls[0].FunctionCallID != id || !calls[0].Deadline.Equal(hubtest.Clock().Add(a2ui.MaxAgentCallWait)) {
		t.Fatalf("the waiting calls: %+v", calls)
	}
	bp := h.Snapshot().Canvas.Surface("s").Tree().Find("ask").Props.(*a2ui.ButtonProps)
	if want := "waiting for the agent's verifyProvider until 05:07:07 UTC"; len(bp.Checks) != 0 || bp.Waiting != want {
		t.Errorf("the button says %q (checks %q), not %q", bp.Waiting, bp.Checks, want)
	}
}

// TestV10CallInTheTranscript: the transcript says until when a call
// waits, in the canvas's time zone as the button does, and that the agent
// answered it, not that it showed the surface again.
func TestV10CallInTheTranscript(t *testing.T) {
	h := hub.New(hub.Options{Now: hubtest.Clock, Location: time.FixedZone("CET", 3600)})
	t.Cleanup(h.Close)
	if _, err := h.Show(v10Ask); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Terminal, "s", "ask", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Wait(context.Background(), hubtest.Guard); err != nil {
		t.Fatal(err)
	}
	if !said(h, "asks the agent for verifyProvider; it waits for the answer until 06:07:07 CET") {
		t.Errorf("the press does not say until when: %+v", h.Snapshot().Transcript)
	}
	bp := h.Snapshot().Canvas.Surface("s").Tree().Find("ask").Props.(*a2ui.ButtonProps)
	if want := "waiting for the agent's verifyProvider until 06:07:07 CET"; bp.Waiting != want {
		t.Errorf("the button says %q, not %q", bp.Waiting, want)
	}
	id := h.Snapshot().Canvas.Calls()[0].FunctionCallID
	if _, err := h.Show([]json.RawMessage{json.RawMessage(`{"version":"v1.0","agentFunctionResponse":{"functionCallId":"` + id + `","value":true}}`)}); err != nil {
		t.Fatal(err)
	}
	shows := 0
	for _, e := range h.Snapshot().Transcript {
		if strings.HasPrefix(e.Text, "→ show s:") {
			shows++
		}
	}
	if !said(h, "→ the agent answered verifyProvider") || shows != 1 {
		t.Errorf("the answer is not said as one (%d shows of s): %+v", shows, h.Snapshot().Transcript)
	}
}

// said reports whether an entry of h's transcript ends with text.
func said(h *hub.Hub, text string) bool {
	for _, e := range h.Snapshot().Transcript {
		if strings.HasSuffix(e.Text, text) {
			return true
		}
	}
	return false
}
