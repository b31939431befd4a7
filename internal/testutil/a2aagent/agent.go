// Package a2aagent is the tests' scripted A2A agent: a2a-go's server on
// 127.0.0.1, with a card that advertises the A2UI extension, answering
// each message by a script — a form with a check, a list and a button,
// the answer to the press, and one reply for every task state, a bad
// surface, a dropped stream and a required credential.
//
// What the person writes chooses the script: "fail", "reject", "auth",
// "slow" (works until canceled), "bad" (a surface a2term refuses),
// "drop" (the stream breaks once, mid-answer), anything else the form.
// A press of the form's button answers with an update of the form and
// completes the task.
//
// Start serves it for a test; New gives its handler to a program that
// serves it itself (testdata/agents/a2aform, which a person runs to try
// a2term connect).
package a2aagent

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/a2asrv/eventqueue"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
)

// Options choose how the agent presents itself.
type Options struct {
	// Versions are the A2UI versions its card advertises (as "v0.9.1");
	// nil is v0.9.1 alone, and an empty list none.
	Versions []string
	// NoStreaming says the card does not stream: replies come by
	// message/send.
	NoStreaming bool
	// Token, when set, is the bearer token the agent requires; its card
	// says so.
	Token string
}

// Received is one message the agent was sent, with what came with it.
type Received struct {
	Message    *a2a.Message
	Extensions string // the X-A2A-Extensions header
}

// Agent is a running scripted agent.
type Agent struct {
	URL string

	mu       sync.Mutex
	received []Received
	contexts []string
	// menus are the conversations shown the form already: it is shown
	// again anew (deleteSurface first), as a surface is created once.
	menus map[string]bool
	// drop arms the next stream to break after its first event.
	dropped  bool
	resumed  chan struct{}
	canceled chan struct{}
}

// FormMessages are the A2UI messages of the form, as the agent sends
// them, one DataPart each.
func FormMessages() []map[string]any {
	msgs := []string{
		`{"version":"v0.9.1","createSurface":{"surfaceId":"order","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json","sendDataModel":true}}`,
		`{"version":"v0.9.1","updateComponents":{"surfaceId":"order","components":[
			{"id":"root","component":"Column","children":["title","dishes","agree","note","send"]},
			{"id":"title","component":"Text","text":"Your order"},
			{"id":"dishes","component":"List","children":{"path":"/dishes","componentId":"dish"}},
			{"id":"dish","component":"Text","text":{"path":"name"}},
			{"id":"agree","component":"CheckBox","label":"Deliver it","value":{"path":"/deliver"}},
			{"id":"note","component":"TextField","label":"Note for the kitchen","value":{"path":"/note"},
			 "checks":[{"condition":{"call":"length","args":{"value":{"path":"/note"},"max":20}},"message":"At most 20 characters"}]},
			{"id":"sendLabel","component":"Text","text":"Place order"},
			{"id":"send","component":"Button","child":"sendLabel","action":{"event":{"name":"place","context":{"deliver":{"path":"/deliver"},"note":{"path":"/note"}}}},
			 "checks":[{"condition":{"call":"length","args":{"value":{"path":"/note"},"max":20}},"message":"The note is too long"}]}]}}`,
		`{"version":"v0.9.1","updateDataModel":{"surfaceId":"order","value":{"dishes":[{"name":"Margherita"},{"name":"Carbonara"}],"deliver":false,"note":""}}}`,
	}
	out := make([]map[string]any, 0, len(msgs))
	for _, s := range msgs {
		var m map[string]any
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			panic(err)
		}
		out = append(out, m)
	}
	return out
}

// Start serves the agent on 127.0.0.1 until the test ends.
func Start(t testing.TB, opts Options) *Agent {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	a, h := New("http://"+ln.Addr().String(), opts)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return a
}

// New returns the agent whose base URL is url, and the handler that
// serves it there (its card and its JSON-RPC endpoint), for a program
// that serves it itself.
func New(url string, opts Options) (*Agent, http.Handler) {
	a := &Agent{URL: url, resumed: make(chan struct{}), canceled: make(chan struct{}, 1)}
	versions := opts.Versions
	if versions == nil {
		versions = []string{version}
	}
	card := &a2a.AgentCard{
		Name: "Scripted agent", Description: "A2UI forms for a2term's tests.",
		URL: a.URL + "/rpc", PreferredTransport: a2a.TransportProtocolJSONRPC, ProtocolVersion: "0.3.0",
		Capabilities:       a2a.AgentCapabilities{Streaming: !opts.NoStreaming},
		DefaultInputModes:  []string{"text"},
		DefaultOutputModes: []string{"text", "application/a2ui+json"},
		Skills:             []a2a.AgentSkill{{ID: "order", Name: "Order", Description: "Takes an order", Tags: []string{"a2ui"}}},
	}
	for _, v := range versions {
		card.Capabilities.Extensions = append(card.Capabilities.Extensions, a2a.AgentExtension{URI: "https://a2ui.org/a2a-extension/a2ui/" + v})
	}
	if opts.Token != "" {
		card.SecuritySchemes = a2a.NamedSecuritySchemes{"bearer": a2a.HTTPAuthSecurityScheme{Scheme: "Bearer"}}
		card.Security = []a2a.SecurityRequirements{{"bearer": {}}}
	}
	rpc := a2asrv.NewJSONRPCHandler(a2asrv.NewHandler(&executor{a: a}))
	mux := http.NewServeMux()
	mux.Handle("GET /.well-known/agent-card.json", a2asrv.NewStaticAgentCardHandler(card))
	mux.Handle("POST /rpc", a.middleware(rpc, opts.Token))
	return a, mux
}

// Received returns the messages the agent was sent, oldest first.
func (a *Agent) Received() []Received {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]Received(nil), a.received...)
}

// Contexts returns the contextId of each task the agent ran, oldest
// first: the client's, or the one the agent gave a new conversation.
func (a *Agent) Contexts() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.contexts...)
}

// Canceled is signalled when the agent cancels a task.
func (a *Agent) Canceled() <-chan struct{} { return a.canceled }

// middleware checks the token, records each message, and breaks the
// stream of a "drop" message after its first event.
func (a *Agent) middleware(next http.Handler, token string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token != "" && r.Header.Get("Authorization") != "Bearer "+token {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		body, _ := io.ReadAll(io.LimitReader(r.Body, 8<<20))
		r.Body = io.NopCloser(bytes.NewReader(body))
		var req struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		_ = json.Unmarshal(body, &req)
		switch req.Method {
		case "message/stream", "message/send":
			var p a2a.MessageSendParams
			if json.Unmarshal(req.Params, &p) == nil && p.Message != nil {
				a.mu.Lock()
				a.received = append(a.received, Received{Message: p.Message, Extensions: r.Header.Get("X-A2A-Extensions")})
				a.mu.Unlock()
				if textOf(p.Message) == "drop" {
					w = &dropper{ResponseWriter: w}
				}
			}
		case "tasks/resubscribe":
			a.mu.Lock()
			if !a.dropped {
				a.dropped = true
				close(a.resumed)
			}
			a.mu.Unlock()
		}
		next.ServeHTTP(w, r)
	})
}

// dropper breaks the connection at the second event written.
type dropper struct {
	http.ResponseWriter
	events int
}

func (d *dropper) Write(p []byte) (int, error) {
	if strings.HasPrefix(string(p), "data:") {
		d.events++
		if d.events == 2 {
			panic(http.ErrAbortHandler)
		}
	}
	return d.ResponseWriter.Write(p) //nolint:wrapcheck // a writer passes its connection's errors on as they are
}

func (d *dropper) Flush() { d.ResponseWriter.(http.Flusher).Flush() }

func textOf(m *a2a.Message) string {
	var b strings.Builder
	for _, p := range m.Parts {
		if t, ok := p.(a2a.TextPart); ok {
			b.WriteString(t.Text)
		}
	}
	return strings.TrimSpace(b.String())
}

// a2uiPart is one A2UI message as a DataPart.
func a2uiPart(m map[string]any) a2a.Part {
	return a2a.DataPart{Data: m, Metadata: map[string]any{"mimeType": "application/a2ui+json"}}
}

// version is the A2UI version the agent speaks by default.
const version = "v0.9.1"

type executor struct{ a *Agent }

func (e *executor) Execute(ctx context.Context, rc *a2asrv.RequestContext, q eventqueue.Queue) error {
	write := func(state a2a.TaskState, final bool, parts ...a2a.Part) error {
		var msg *a2a.Message
		if len(parts) > 0 {
			msg = a2a.NewMessageForTask(a2a.MessageRoleAgent, rc, parts...)
		}
		ev := a2a.NewStatusUpdateEvent(rc, state, msg)
		ev.Final = final
		if err := q.Write(ctx, ev); err != nil {
			return fmt.Errorf("state %s: %w", state, err)
		}
		return nil
	}
	e.a.mu.Lock()
	e.a.contexts = append(e.a.contexts, rc.ContextID)
	e.a.mu.Unlock()
	if rc.StoredTask == nil {
		if err := q.Write(ctx, a2a.NewSubmittedTask(rc, rc.Message)); err != nil {
			return fmt.Errorf("the task: %w", err)
		}
	}
	if err := write(a2a.TaskStateWorking, false); err != nil {
		return err
	}
	// A press, or the error message of a refused surface.
	for _, p := range rc.Message.Parts {
		d, ok := p.(a2a.DataPart)
		if !ok {
			continue
		}
		if act, ok := d.Data["action"].(map[string]any); ok {
			ctxv, _ := act["context"].(map[string]any)
			text := fmt.Sprintf("Order placed: deliver=%v.", ctxv["deliver"])
			if note, _ := ctxv["note"].(string); note != "" {
				text = fmt.Sprintf("Order placed: deliver=%v, note %q.", ctxv["deliver"], note)
			}
			update := map[string]any{"version": version, "updateComponents": map[string]any{"surfaceId": "order", "components": []any{
				map[string]any{"id": "title", "component": "Text", "text": "Order placed"},
			}}}
			return write(a2a.TaskStateCompleted, true, a2a.TextPart{Text: text}, a2uiPart(update))
		}
		if errv, ok := d.Data["error"].(map[string]any); ok {
			return write(a2a.TaskStateCompleted, true, a2a.TextPart{Text: fmt.Sprintf("Sorry: %v.", errv["code"])})
		}
	}
	switch textOf(rc.Message) {
	case "fail":
		return write(a2a.TaskStateFailed, true, a2a.TextPart{Text: "The kitchen is closed."})
	case "reject":
		return write(a2a.TaskStateRejected, true, a2a.TextPart{Text: "I do not take such orders."})
	case "auth":
		return write(a2a.TaskStateAuthRequired, true, a2a.TextPart{Text: "Sign in first."})
	case "slow":
		if err := write(a2a.TaskStateWorking, false, a2a.TextPart{Text: "Cooking slowly…"}); err != nil {
			return err
		}
		<-ctx.Done()
		return nil
	case "bad":
		bad := map[string]any{"version": version, "updateComponents": map[string]any{"surfaceId": "nowhere", "components": []any{
			map[string]any{"id": "root", "component": "Text", "text": "lost"},
		}}}
		return write(a2a.TaskStateInputRequired, true, a2a.TextPart{Text: "Here is a broken surface."}, a2uiPart(bad))
	case "drop":
		if err := write(a2a.TaskStateWorking, false, a2a.TextPart{Text: "Still cooking…"}); err != nil {
			return err
		}
		<-e.a.resumed
		return write(a2a.TaskStateCompleted, true, a2a.TextPart{Text: "Served after the drop."})
	}
	parts := []a2a.Part{a2a.TextPart{Text: "Here is the menu."}}
	e.a.mu.Lock()
	again := e.a.menus[rc.ContextID]
	if e.a.menus == nil {
		e.a.menus = map[string]bool{}
	}
	e.a.menus[rc.ContextID] = true
	e.a.mu.Unlock()
	if again {
		parts = append(parts, a2uiPart(map[string]any{"version": version, "deleteSurface": map[string]any{"surfaceId": "order"}}))
	}
	for _, m := range FormMessages() {
		parts = append(parts, a2uiPart(m))
	}
	return write(a2a.TaskStateInputRequired, true, parts...)
}

func (e *executor) Cancel(ctx context.Context, rc *a2asrv.RequestContext, q eventqueue.Queue) error {
	select {
	case e.a.canceled <- struct{}{}:
	default:
	}
	ev := a2a.NewStatusUpdateEvent(rc, a2a.TaskStateCanceled, nil)
	ev.Final = true
	if err := q.Write(ctx, ev); err != nil {
		return fmt.Errorf("canceled: %w", err)
	}
	return nil
}

// Connect dials the A2A agent at opts.URL for h, as a2term connect does,
// and carries the conversation on until the test ends. The context it
// returns is the connection's life, for Conn.Talker.
func Connect(t testing.TB, h *hub.Hub, opts a2aconn.Options) (*a2aconn.Conn, context.Context) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), a2aconn.CardTimeout)
	defer cancel()
	c, err := a2aconn.Dial(ctx, h, opts)
	if err != nil {
		t.Fatal(err)
	}
	life, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = c.Run(life) }()
	t.Cleanup(func() { stop(); <-done })
	return c, life
}
