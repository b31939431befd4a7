package mcpserver

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
)

// text is a tool result's text.
func (r rawReply) text() string {
	if r.Result == nil {
		return ""
	}
	var lines []string
	for _, c := range r.Result.Content {
		lines = append(lines, c.Text)
	}
	return strings.Join(lines, "\n")
}

// toolCall is a tools/call request line.
func toolCall(id int, name string, args any) string {
	b, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0", "id": id, "method": "tools/call",
		"params": map[string]any{"name": name, "arguments": args},
	})
	return string(b) + "\n"
}

// awaitWaiting waits, with a bounded deadline, until n waits wait at the
// hub.
func awaitWaiting(t *testing.T, h *hub.Hub, n int) {
	t.Helper()
	ch, stop := h.Subscribe()
	defer stop()
	deadline := time.NewTimer(20 * time.Second)
	defer deadline.Stop()
	for h.Waiting() < n {
		select {
		case <-ch:
		case <-deadline.C:
			t.Fatalf("%d waits at the hub, not %d", h.Waiting(), n)
		}
	}
}

// TestManyWaits: a client that sends 20 canvas_wait calls at once has
// every one of them served, one press each, while a show, a read and a
// wait that only looks, sent after them, are answered at once; attached
// too, where the a2term's socket runs at most 8 requests of a connection
// at once and refuses the next.
func TestManyWaits(t *testing.T) {
	for _, mode := range []struct {
		name  string
		start func(*testing.T) *env
	}{{"attached", attached}, {"standalone", func(t *testing.T) *env { return standalone(t, Options{NoWeb: true}) }}} {
		t.Run(mode.name, func(t *testing.T) {
			e := mode.start(t)
			r := rawOn(t, e)
			const waits = 20
			var lines strings.Builder
			for id := 1; id <= waits; id++ {
				lines.WriteString(toolCall(id, "canvas_wait", map[string]any{"seconds": 40}))
			}
			r.write(lines.String())
			awaitWaiting(t, e.hub, MaxWaitsAtCanvas)
			// Sent after every wait, on the same stream.
			r.write(toolCall(101, "canvas_show", map[string]any{"messages": form}) +
				toolCall(102, "canvas_info", map[string]any{}) +
				toolCall(103, "canvas_state", map[string]any{}) +
				toolCall(104, "canvas_wait", map[string]any{"seconds": 0}))
			got := r.await("101", "102", "103", "104")
			for id, want := range map[string]string{"101": "Shown: main", "102": `"canvas":"` + mode.name + `"`, "103": `"surfaces":`, "104": "No answer within 0 s."} {
				if rep := got[id]; rep.Result == nil || rep.Result.IsError || !strings.Contains(rep.text(), want) {
					t.Errorf("call %s while %d waits wait: %+v %s", id, waits, rep.Error, rep.text())
				}
			}
			if n := e.hub.Waiting(); n != MaxWaitsAtCanvas {
				t.Errorf("%d waits at the hub, want %d", n, MaxWaitsAtCanvas)
			}

			var want, notes []string
			var ids []string
			for i := range waits {
				want = append(want, fmt.Sprintf("press %02d", i))
				press(t, e.hub, hub.Terminal, want[i])
				ids = append(ids, fmt.Sprint(i+1))
			}
			for _, rep := range r.await(ids...) {
				notes = append(notes, pressNote(t, rep))
			}
			sort.Strings(notes)
			if strings.Join(notes, ",") != strings.Join(want, ",") {
				t.Errorf("the waits got %q, want each of %q once", notes, want)
			}
		})
	}
}

// TestQueuedWaitTimesOut: a wait that finds every turn at the canvas
// taken times out when its seconds run out before its turn comes, and a
// cancelled one ends at once; both leave the person's actions to the
// waits at the canvas.
func TestQueuedWaitTimesOut(t *testing.T) {
	t.Parallel()
	e := standaloneParallel(t, Options{NoWeb: true, ProgressInterval: 10 * time.Millisecond})
	e.call(t, testCtx(t, 20*time.Second), "canvas_show", map[string]any{"messages": form})
	r := rawOn(t, e)
	var lines strings.Builder
	for id := 1; id <= MaxWaitsAtCanvas; id++ {
		lines.WriteString(toolCall(id, "canvas_wait", map[string]any{"seconds": 40}))
	}
	r.write(lines.String())
	awaitWaiting(t, e.hub, MaxWaitsAtCanvas)
	r.write(toolCall(100, "canvas_wait", map[string]any{"seconds": 0.2}) +
		`{"jsonrpc":"2.0","id":101,"method":"tools/call","params":{"name":"canvas_wait","arguments":{"seconds":40},"_meta":{"progressToken":"queued"}}}` + "\n")
	if rep := r.await("100")["100"]; rep.Result == nil || rep.Result.IsError || !strings.Contains(rep.text(), `"timedOut":true`) {
		t.Errorf("a queued wait of 0.2 s: %+v %s", rep.Error, rep.text())
	}
	// Its progress says the wait waits for its turn; then it is cancelled.
	r.awaitLine(`"progressToken":"queued"`)
	r.write(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":101}}` + "\n")
	awaitTranscript(t, e.hub, "mcp: canvas_wait cancelled")
	if n := e.hub.Waiting(); n != MaxWaitsAtCanvas {
		t.Errorf("%d waits at the hub, want %d", n, MaxWaitsAtCanvas)
	}
	var ids, want, notes []string
	for i := range MaxWaitsAtCanvas {
		ids = append(ids, fmt.Sprint(i+1))
		want = append(want, fmt.Sprintf("press %d", i))
		press(t, e.hub, hub.Web, want[i])
	}
	for _, rep := range r.await(ids...) {
		notes = append(notes, pressNote(t, rep))
	}
	sort.Strings(notes)
	if strings.Join(notes, ",") != strings.Join(want, ",") {
		t.Errorf("the waits at the canvas got %q, want each of %q once", notes, want)
	}
}

// pressNote is the note a wait's press carried.
func pressNote(t *testing.T, rep rawReply) string {
	t.Helper()
	var out struct {
		Action struct {
			UserAction struct {
				Context map[string]string `json:"context"`
			} `json:"userAction"`
		} `json:"action"`
	}
	if rep.Result == nil || rep.Result.IsError || json.Unmarshal(rep.Result.StructuredContent, &out) != nil {
		t.Errorf("wait %s: %+v %s", rep.ID, rep.Error, rep.text())
	}
	return out.Action.UserAction.Context["note"]
}
