package a2aconn_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// hostile serves a card on 127.0.0.1 whose endpoint is rpc, a handler of
// the test's; streaming says the card streams. The card's URL is the
// server's own unless cardURL is given.
func hostile(t *testing.T, streaming bool, cardURL string, rpc http.HandlerFunc) string {
	t.Helper()
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	if cardURL == "" {
		cardURL = srv.URL + "/rpc"
	}
	mux.HandleFunc("GET /.well-known/agent-card.json", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `{"name":"Hostile","description":"","url":%q,"preferredTransport":"JSONRPC","protocolVersion":"0.3.0",
			"capabilities":{"streaming":%v,"extensions":[{"uri":"https://a2ui.org/a2a-extension/a2ui/v0.9.1"}]},
			"defaultInputModes":["text"],"defaultOutputModes":["text"],"skills":[]}`, cardURL, streaming)
	})
	mux.HandleFunc("POST /rpc", rpc)
	return srv.URL
}

// textEvent is a JSON-RPC result holding an agent message of text.
func textEvent(text string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":"1","result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":%q}]}}`, text)
}

// TestEventOverBound: a stream event over MaxEventBytes ends the stream
// with a line that says why; it is never read whole.
func TestEventOverBound(t *testing.T) {
	url := hostile(t, true, "", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "data: "+textEvent(strings.Repeat("x", a2aconn.MaxEventBytes))+"\n\n")
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, fmt.Sprintf("an event of more than %d bytes", a2aconn.MaxEventBytes), 1)
}

// TestResponseOverBound: a message/send reply over MaxResponseBytes is
// refused with a line that says why.
func TestResponseOverBound(t *testing.T) {
	url := hostile(t, false, "", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, textEvent(strings.Repeat("x", a2aconn.MaxResponseBytes)))
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, fmt.Sprintf("a response of more than %d bytes", a2aconn.MaxResponseBytes), 1)
}

// TestPartsOverBound: a message of more than MaxParts parts shows
// MaxParts of them and counts the rest.
func TestPartsOverBound(t *testing.T) {
	const n = a2aconn.MaxParts + 10
	url := hostile(t, true, "", func(w http.ResponseWriter, _ *http.Request) {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fmt.Sprintf(`{"kind":"text","text":"part %d"}`, i)
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, `data: {"jsonrpc":"2.0","id":"1","result":{"kind":"message","messageId":"m1","role":"agent","parts":[%s]}}`+"\n\n", strings.Join(parts, ","))
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "10 more parts in one message, left out", 1)
	for _, e := range h.Snapshot().Transcript {
		if e.Text == fmt.Sprintf("part %d", a2aconn.MaxParts) {
			t.Errorf("part %d was shown", a2aconn.MaxParts)
		}
	}
}

// TestPendingSaysBound: while the agent answers, MaxPendingSays messages
// wait; one more is refused to the person.
func TestPendingSaysBound(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	h, c := connect(t, a, a2aconn.Options{})
	if err := c.Say("slow"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "Cooking slowly…", 1)
	for i := range a2aconn.MaxPendingSays {
		if err := c.Say(fmt.Sprint("more ", i)); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	if err := c.Say("one too many"); !errors.Is(err, a2aconn.ErrTooManySays) {
		t.Errorf("one more message: %v, want ErrTooManySays", err)
	}
}

// TestCardElsewhereRefused: a card whose endpoint is another origin is
// refused: the conversation and the credentials go only where the person
// pointed a2term.
func TestCardElsewhereRefused(t *testing.T) {
	var leaked bool
	other := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		leaked = leaked || r.Header.Get("Authorization") != ""
	}))
	defer other.Close()
	url := hostile(t, true, other.URL+"/rpc", func(http.ResponseWriter, *http.Request) {})
	h := hub.New(hub.Options{})
	defer h.Close()
	header := http.Header{"Authorization": {"Bearer s3cret"}}
	_, err := a2aconn.Dial(hubtest.CtxFor(t), h, a2aconn.Options{URL: strings.Replace(url, "127.0.0.1", "localhost", 1), Header: header})
	if err == nil || !strings.Contains(err.Error(), "another origin") {
		t.Fatalf("Dial: %v; want the other origin refused", err)
	}
	if strings.Contains(err.Error(), "s3cret") || leaked {
		t.Error("the credentials were shown or sent elsewhere")
	}
}

// TestA2UIArrayPart: a DataPart whose data is an array of A2UI messages
// (as the extension's v1.0 sends them), which the SDK's DataPart cannot
// hold, is shown as one batch.
func TestA2UIArrayPart(t *testing.T) {
	url := hostile(t, true, "", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, `data: {"jsonrpc":"2.0","id":"1","result":{"kind":"message","messageId":"m1","role":"agent","parts":[`+
			`{"kind":"data","metadata":{"mimeType":"application/a2ui+json"},"data":[`+
			`{"version":"v0.9.1","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},`+
			`{"version":"v0.9.1","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"from an array"}]}}]},`+
			`{"kind":"data","metadata":{"mimeType":"text/plain"},"data":{"a2term.lifted":0}}]}}`+"\n\n")
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "→ show s: 1 component", 1)
	hubtest.WaitForTranscript(t, h, "data a2term does not show", 1)
}

// TestHostileTaskState: a task state is the agent's string, and every
// view shows it on its status line; one that is not a state A2A defines
// (here one carrying terminal escapes) is shown as unknown.
func TestHostileTaskState(t *testing.T) {
	url := hostile(t, true, "", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, `data: {"jsonrpc":"2.0","id":"1","result":{"kind":"status-update","taskId":"t1","contextId":"c1","final":true,`+
			`"status":{"state":"working\u001b]52;c;aGk=\u0007\u001b[2J"}}}`+"\n\n")
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.Eventually(t, "the task's state on the status line", func() bool { return h.Snapshot().Status.Task != "" })
	if got := h.Snapshot().Status.Task; got != "unknown" {
		t.Errorf("the status line shows the task as %q, want unknown", got)
	}
}

// TestTalkerCancelReturnsAtOnce: a view's cancel (the web page's, an
// attached terminal's) returns at once though the agent never answers
// tasks/cancel; a second one while it is on its way is refused.
func TestTalkerCancelReturnsAtOnce(t *testing.T) {
	stuck := make(chan struct{})
	asked := make(chan struct{}, 1)
	url := hostile(t, true, "", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), `"tasks/cancel"`) {
			asked <- struct{}{}
			<-stuck
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, `data: {"jsonrpc":"2.0","id":"1","result":{"kind":"status-update","taskId":"t1","contextId":"c1","final":true,`+
			`"status":{"state":"working"}}}`+"\n\n")
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	t.Cleanup(func() { close(stuck) })
	talk := c.Talker(hubtest.CtxFor(t))
	if err := talk.CancelTask(); err == nil {
		t.Error("a cancel with no task under way was taken")
	}
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, h, a2a.TaskStateWorking)
	if err := talk.CancelTask(); err != nil {
		t.Fatal(err)
	}
	<-asked // returned before the agent answered, which it never does
	if err := talk.CancelTask(); err == nil || !strings.Contains(err.Error(), "on its way") {
		t.Errorf("a second cancel: %v, want refused while the first is on its way", err)
	}
}

// TestRefusalRepliesBound: an agent that answers every refusal with
// another bad batch is told MaxRefusalReplies times, then no more.
func TestRefusalRepliesBound(t *testing.T) {
	var calls atomic.Int32
	url := hostile(t, true, "", func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, `data: {"jsonrpc":"2.0","id":"1","result":{"kind":"message","messageId":"m1","role":"agent","parts":[`+
			`{"kind":"data","metadata":{"mimeType":"application/a2ui+json"},"data":{"version":"v0.9.1","updateComponents":{"surfaceId":"nowhere","components":[]}}}]}}`+"\n\n")
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "a2term stops telling it", 1)
	if err := c.Say("still there?"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "show refused", a2aconn.MaxRefusalReplies+2)
	// The person's message, the refusals answered, the next message.
	if got, want := int(calls.Load()), 1+a2aconn.MaxRefusalReplies+1; got != want {
		t.Errorf("the agent was sent %d messages, want %d", got, want)
	}
}

// TestUnreachableKeepsThePress: a press made while the agent cannot be
// reached stays queued, to be sent again; it is not lost.
func TestUnreachableKeepsThePress(t *testing.T) {
	var down atomic.Bool
	url := hostile(t, true, "", func(w http.ResponseWriter, _ *http.Request) {
		if down.Load() {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, `data: {"jsonrpc":"2.0","id":"1","result":{"kind":"status-update","taskId":"t1","contextId":"c1","final":true,"status":{"state":"input-required","message":{"kind":"message","messageId":"m1","role":"agent","parts":[`)
		for i, m := range a2aagent.FormMessages() {
			if i > 0 {
				fmt.Fprint(w, ",")
			}
			b, _ := json.Marshal(m)
			fmt.Fprintf(w, `{"kind":"data","metadata":{"mimeType":"application/a2ui+json"},"data":%s}`, b)
		}
		fmt.Fprint(w, "]}}}}\n\n")
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, h, "input-required")
	down.Store(true)
	if err := h.Press(hub.Terminal, "order", "send", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "will be handed to the agent again", 1)
	hubtest.Eventually(t, "the press back in the queue", func() bool { return h.Snapshot().Status.Queued == 1 })
}

// TestRefusedPressNotResent: a press the agent answers with an error is
// not sent again: the same answer would come, and the person's next
// messages would wait behind it.
func TestRefusedPressNotResent(t *testing.T) {
	var calls atomic.Int32
	url := hostile(t, true, "", func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) > 1 {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, `data: {"jsonrpc":"2.0","id":"1","error":{"code":-32602,"message":"bad params"}}`+"\n\n")
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, `data: {"jsonrpc":"2.0","id":"1","result":{"kind":"message","messageId":"m1","role":"agent","parts":[`)
		for i, m := range a2aagent.FormMessages() {
			if i > 0 {
				fmt.Fprint(w, ",")
			}
			b, _ := json.Marshal(m)
			fmt.Fprintf(w, `{"kind":"data","metadata":{"mimeType":"application/a2ui+json"},"data":%s}`, b)
		}
		fmt.Fprint(w, "]}}\n\n")
	})
	h, c := connect(t, nil, a2aconn.Options{URL: url})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "→ show order", 1)
	if err := h.Press(hub.Terminal, "order", "send", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "The agent refused the press of place: the agent answered error -32602: bad params", 1)
	if err := c.Say("still there?"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "The agent refused the message: the agent answered error -32602", 1)
	if n := calls.Load(); n != 3 {
		t.Errorf("the agent was called %d times, want 3 (the press once)", n)
	}
	if q := h.Snapshot().Status.Queued; q != 0 {
		t.Errorf("%d actions still queued", q)
	}
}
