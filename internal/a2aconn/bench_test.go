package a2aconn

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
	"github.com/a2term/a2term/tui"
)

// replyEvent is the SSE event of an agent message whose DataParts are
// the messages of batch, as one line.
func replyEvent(b *testing.B, batch []json.RawMessage) []byte {
	parts := make([]string, len(batch))
	for i, m := range batch {
		parts[i] = fmt.Sprintf(`{"kind":"data","data":%s,"metadata":{"mimeType":%q}}`, m, LegacyMIMEType)
	}
	ev := `{"jsonrpc":"2.0","id":"1","result":{"kind":"message","messageId":"m1","role":"agent","parts":[` + strings.Join(parts, ",") + `]}}`
	if !json.Valid([]byte(ev)) {
		b.Fatal("the event is not JSON")
	}
	return []byte("data: " + ev + "\n\n")
}

// BenchmarkA2AReplyToFrame: a turn whose answer is one SSE event holding
// the 500-component surface of BenchmarkShowFrame500 (internal/agentsock),
// from the request to the terminal's next frame showing it: the HTTP
// round trip on loopback, the event read and decoded by the SDK, the
// batch shown, the frame drawn. The events alternate between two batches
// that differ in one label. Target: at most 1.5 times
// BenchmarkShowFrame500.
func BenchmarkA2AReplyToFrame(b *testing.B) {
	events := [][]byte{
		replyEvent(b, testutil.LongForm(a2ui.MaxComponents, "Keep")),
		replyEvent(b, testutil.LongForm(a2ui.MaxComponents, "Save")),
	}
	var i atomic.Int64 // the iteration, which the agent answers
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case WellKnownCard:
			fmt.Fprintf(w, `{"name":"Bench","description":"","url":%q,"preferredTransport":"JSONRPC","protocolVersion":"0.3.0",
				"capabilities":{"streaming":true,"extensions":[{"uri":"https://a2ui.org/a2a-extension/a2ui/v0.8"}]},
				"defaultInputModes":["text"],"defaultOutputModes":["text"],"skills":[]}`, "http://"+r.Host+"/rpc")
		default:
			_, _ = io.Copy(io.Discard, r.Body)
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = w.Write(events[i.Load()%2])
		}
	}))
	defer srv.Close()
	h := hub.New(hub.Options{})
	defer h.Close()
	ctx := context.Background()
	c, err := Dial(ctx, h, Options{URL: srv.URL})
	if err != nil {
		b.Fatal(err)
	}
	c.turn(ctx, item{text: "first"})
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	m := tui.New(h, tui.Options{Renderer: r, Now: func() time.Time { return time.Date(2026, 1, 2, 9, 30, 0, 0, time.UTC) }})
	defer m.Close()
	m.SetSize(120, 40)
	next := m.Init()
	labels := [...]string{"Keep", "Save"}
	b.ReportAllocs()
	testutil.CPULoop(b, func() {
		c.turn(ctx, item{text: "again"})
		msg := next() // returns at once: the hub has signalled
		var model tea.Model
		model, next = m.Update(msg)
		if view := model.View(); !strings.Contains(view, labels[i.Load()%2]) {
			b.Fatalf("the frame does not show %q", labels[i.Load()%2])
		}
		i.Add(1)
	})
}
