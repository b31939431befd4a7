package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/testutil"
	"github.com/a2term/a2term/internal/testutil/hubtest"
	"github.com/a2term/a2term/internal/viewsock"
)

// form is surface main: a note field and a pay button whose action
// carries the note.
var form = []any{
	json.RawMessage(`{"surfaceUpdate":{"surfaceId":"main","components":[` +
		`{"id":"root","component":{"Column":{"children":{"explicitList":["note","pay"]}}}},` +
		`{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},` +
		`{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"pay","context":[{"key":"note","value":{"path":"/note"}}]}}}},` +
		`{"id":"l1","component":{"Text":{"text":{"literalString":"Pay"}}}}]}}`),
	json.RawMessage(`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"hello"}]}}`),
	json.RawMessage(`{"beginRendering":{"surfaceId":"main","root":"root"}}`),
}

var pairLinkRe = regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/pair/[1-9A-HJ-NP-Za-km-z]{22}`)

// env is an MCP client session of the SDK's own client on the tools, the
// hub behind them, and the output schemas the client was given.
type env struct {
	hub     *hub.Hub
	canvas  *Canvas
	opts    Options // the server's
	cs      *mcp.ClientSession
	log     *testutil.SyncBuffer
	schemas map[string]*jsonschema.Resolved

	mu       sync.Mutex
	progress []*mcp.ProgressNotificationParams
	onProg   chan struct{}
}

func testCtx(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// connect serves c's tools on pipes, as `a2term mcp` serves them on its
// standard input and output, and connects the SDK's client to them.
func connect(t *testing.T, c *Canvas, h *hub.Hub, log *testutil.SyncBuffer, opts Options) *env {
	t.Helper()
	ctx := testCtx(t, 30*time.Second)
	e := &env{hub: h, canvas: c, opts: opts, log: log, schemas: map[string]*jsonschema.Resolved{}, onProg: make(chan struct{}, 100)}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- serve(context.Background(), c, opts, inR, outW)
		outW.Close()
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			e.mu.Lock()
			e.progress = append(e.progress, r.Params)
			e.mu.Unlock()
			select {
			case e.onProg <- struct{}{}:
			default:
			}
		},
	}).Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		if err := <-served; err != nil {
			t.Errorf("the server ended with %v", err)
		}
	})
	e.cs = cs
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		b, _ := json.Marshal(tool.OutputSchema)
		// Clients (the TypeScript SDK among them) refuse a tool list
		// where a property's schema is not a JSON object.
		var raw struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(b, &raw); err != nil || raw.Type != "object" {
			t.Fatalf("%s: output schema %s is not an object schema: %v", tool.Name, b, err)
		}
		for name, p := range raw.Properties {
			if len(p) == 0 || p[0] != '{' {
				t.Errorf("%s: the output schema of %s is %s, not an object", tool.Name, name, p)
			}
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: output schema %s: %v", tool.Name, b, err)
		}
		r, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: output schema does not resolve: %v", tool.Name, err)
		}
		e.schemas[tool.Name] = r
	}
	return e
}

// attached is the server attached to a hub served on a socket, as to a
// plain a2term in another pane, named by A2TERM_SOCKET.
func attached(t *testing.T) *env {
	t.Helper()
	h := hub.New(hub.Options{})
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	srv, err := agentsock.Listen(h, sock, agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	t.Setenv("A2TERM_SOCKET", sock)
	log := &testutil.SyncBuffer{}
	opts := Options{NoWeb: true, Log: log, Version: "v9.9.9-test"}
	c, err := Open(testCtx(t, 10*time.Second), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	if c.Mode() != Attached || c.Socket() != sock {
		t.Fatalf("not attached: %s %s\n%s", c.Mode(), c.Socket(), log.String())
	}
	return connect(t, c, h, log, opts)
}

// noA2term points the default socket at an empty directory.
func noA2term(t *testing.T) {
	t.Setenv("A2TERM_SOCKET", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
}

// standalone is the server with no a2term running: its own hub and
// mirror.
func standalone(t *testing.T, opts Options) *env {
	t.Helper()
	noA2term(t)
	log := &testutil.SyncBuffer{}
	opts.Log = log
	if opts.Version == "" {
		opts.Version = "v9.9.9-test"
	}
	c, err := Open(testCtx(t, 10*time.Second), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	if c.Mode() != Standalone || c.Hub() == nil {
		t.Fatalf("not standalone: %s", c.Mode())
	}
	if !opts.NoWeb && !strings.Contains(log.String(), "http://127.0.0.1:") {
		t.Errorf("the mirror's address is not logged:\n%s", log.String())
	}
	return connect(t, c, c.Hub(), log, opts)
}

// call calls a tool and checks its result's shape: a success has
// structured content that validates against the tool's output schema and
// two text blocks, the same JSON alone and one summary line; an error
// has no structured content and two text blocks, {"error": …} alone and
// one line.
func (e *env) call(t *testing.T, ctx context.Context, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := e.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	e.check(t, name, res)
	return res
}

func (e *env) check(t *testing.T, name string, res *mcp.CallToolResult) {
	t.Helper()
	text := resultText(res)
	var blocks []string
	for _, c := range res.Content {
		tc, ok := c.(*mcp.TextContent)
		if !ok {
			t.Fatalf("%s: content %T is not text", name, c)
		}
		blocks = append(blocks, tc.Text)
	}
	if len(blocks) != 2 || blocks[1] == "" || strings.Contains(blocks[1], "\n") {
		t.Fatalf("%s: the content is not a JSON block and a one-line summary block: %q", name, blocks)
	}
	js := blocks[0]
	var fromText any
	if err := json.Unmarshal([]byte(js), &fromText); err != nil {
		t.Errorf("%s: the first text block is not JSON alone: %v\n%s", name, err, text)
	}
	if res.IsError {
		if res.StructuredContent != nil {
			t.Errorf("%s: an error with structured content %v", name, res.StructuredContent)
		}
		if m, ok := fromText.(map[string]any); !ok || m["error"] == nil {
			t.Errorf("%s: an error whose JSON has no error member: %s", name, js)
		}
		return
	}
	if res.StructuredContent == nil {
		t.Fatalf("%s: no structured content", name)
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if err := e.schemas[name].Validate(v); err != nil {
		t.Errorf("%s: structured content does not validate against the output schema: %v\n%s", name, err, b)
	}
	if !jsonEqual(fromText, v) {
		t.Errorf("%s: the text's JSON is not the structured content:\n%s\n%s", name, js, b)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// resultText is a result's text blocks, one a line.
func resultText(res *mcp.CallToolResult) string {
	var lines []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			lines = append(lines, tc.Text)
		}
	}
	return strings.Join(lines, "\n")
}

// summary is the result's last text block.
func summary(res *mcp.CallToolResult) string {
	text := resultText(res)
	return text[strings.LastIndexByte(text, '\n')+1:]
}

func structured(t *testing.T, res *mcp.CallToolResult, v any) {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
}

// awaitTranscript waits, with a bounded deadline, until the hub's
// transcript has a line containing text.
func awaitTranscript(t *testing.T, h *hub.Hub, text string) {
	t.Helper()
	ch, stop := h.Subscribe()
	defer stop()
	deadline := time.NewTimer(20 * time.Second)
	defer deadline.Stop()
	for {
		for _, e := range h.Snapshot().Transcript {
			if strings.Contains(e.Text, text) {
				return
			}
		}
		select {
		case <-ch:
		case <-deadline.C:
			var lines []string
			for _, e := range h.Snapshot().Transcript {
				lines = append(lines, e.Text)
			}
			t.Fatalf("no transcript line with %q in:\n%s", text, strings.Join(lines, "\n"))
		}
	}
}

func press(t *testing.T, h *hub.Hub, source hub.Source, note string) {
	t.Helper()
	if err := h.SetValue(source, "main", "note", note); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(source, "main", "pay", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
}

type called struct {
	res *mcp.CallToolResult
	err error
}

// callAsync calls a tool in a goroutine, with params as given.
func (e *env) callAsync(ctx context.Context, p *mcp.CallToolParams) <-chan called {
	done := make(chan called, 1)
	go func() {
		r, err := e.cs.CallTool(ctx, p)
		done <- called{r, err}
	}()
	return done
}

func TestTools(t *testing.T) {
	for _, mode := range []struct {
		name  string
		start func(*testing.T) *env
	}{{"attached", attached}, {"standalone", func(t *testing.T) *env { return standalone(t, Options{}) }}} {
		t.Run(mode.name, func(t *testing.T) {
			e := mode.start(t)
			ctx := testCtx(t, 60*time.Second)

			if v := e.cs.InitializeResult().ServerInfo.Version; v != "v9.9.9-test" {
				t.Errorf("the server reports version %q", v)
			}
			tools, err := e.cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tool := range tools.Tools {
				names = append(names, tool.Name)
				schema, _ := json.Marshal(tool.InputSchema)
				if tool.Description == "" || len(schema) < 15 || tool.OutputSchema == nil {
					t.Errorf("tool %s: description %q, input schema %s, output schema %v", tool.Name, tool.Description, schema, tool.OutputSchema)
				}
				a := tool.Annotations
				if a == nil || a.OpenWorldHint == nil || *a.OpenWorldHint {
					t.Errorf("tool %s: openWorldHint is not false: %+v", tool.Name, a)
					continue
				}
				readOnly := tool.Name == "canvas_state" || tool.Name == "canvas_info"
				idempotent := tool.Name != "canvas_wait"
				if a.ReadOnlyHint != readOnly || a.IdempotentHint != idempotent {
					t.Errorf("tool %s: readOnlyHint %v idempotentHint %v", tool.Name, a.ReadOnlyHint, a.IdempotentHint)
				}
				if tool.Name == "canvas_show" && (!strings.Contains(tool.Description, "beginRendering") ||
					!strings.Contains(string(schema), `"surfaceUpdate"`) || !strings.Contains(string(schema), `"deleteSurface"`)) {
					t.Errorf("canvas_show does not teach A2UI: %s\n%s", tool.Description, schema)
				}
				if tool.Name == "canvas_wait" && !strings.Contains(tool.Description, "call canvas_wait again") {
					t.Errorf("canvas_wait does not tell the agent to call it again: %s", tool.Description)
				}
				if tool.Name == "canvas_wait" && !strings.Contains(tool.Description, fmt.Sprintf(" %d wait at the canvas at once", MaxWaitsAtCanvas)) {
					t.Errorf("canvas_wait does not say how many waits wait at once: %s", tool.Description)
				}
			}
			if strings.Join(names, ",") != "canvas_info,canvas_show,canvas_state,canvas_wait" {
				t.Errorf("tools %v", names)
			}

			// Info.
			res := e.call(t, ctx, "canvas_info", nil)
			var info infoOutput
			structured(t, res, &info)
			if info.Canvas != mode.name || info.Server != "v9.9.9-test" || info.Limits.WaitSeconds != 600 || info.Limits.Surfaces == 0 {
				t.Errorf("info %+v", info)
			}
			if mode.name == "standalone" && (!info.Web || !pairLinkRe.MatchString(info.WebURL)) {
				t.Errorf("standalone info gives no mirror link: %+v", info)
			}
			if mode.name == "attached" && (info.Web || info.WebURL != "" || info.Socket == "") {
				t.Errorf("attached info: %+v", info)
			}

			// A valid show.
			res = e.call(t, ctx, "canvas_show", map[string]any{"messages": form})
			if res.IsError || !strings.HasPrefix(summary(res), "Shown: main (4 components).") {
				t.Fatalf("show: %v %s", res.IsError, resultText(res))
			}
			if mode.name == "standalone" && !pairLinkRe.MatchString(summary(res)) {
				t.Errorf("show does not give the mirror's link: %s", resultText(res))
			}
			var shown showOutput
			structured(t, res, &shown)
			if len(shown.Surfaces) != 1 || shown.Surfaces[0].SurfaceID != "main" || !shown.Surfaces[0].Shown {
				t.Errorf("show result %+v", shown)
			}
			awaitTranscript(t, e.hub, "mcp: canvas_show: Shown: main")
			version := e.hub.Snapshot().Canvas.Version()

			// A refused show names what to fix and changes nothing.
			bad := []any{json.RawMessage(`{"surfaceUpdate":{"surfaceId":"main","components":[` +
				`{"id":"root","component":{"Column":{"children":{"explicitList":["note","gone"]}}}}]}}`)}
			res = e.call(t, ctx, "canvas_show", map[string]any{"messages": bad})
			text := resultText(res)
			if !res.IsError || !strings.Contains(summary(res), "message 0") || !strings.Contains(text, `"code":"missing_child"`) ||
				!strings.Contains(summary(res), "Fix: ") || !strings.Contains(text, `"surfaceId":"main"`) {
				t.Errorf("refused show: %v %s", res.IsError, text)
			}
			if v := e.hub.Snapshot().Canvas.Version(); v != version {
				t.Errorf("a refused show changed the canvas: version %d, was %d", v, version)
			}
			// A message the input schema refuses.
			res, err = e.cs.CallTool(ctx, &mcp.CallToolParams{Name: "canvas_show", Arguments: map[string]any{"messages": []any{map[string]any{"paint": 1}}}})
			if err != nil || !res.IsError {
				t.Errorf("a message of no known kind was accepted: %v %s", err, resultText(res))
			}

			// A wait answered by a press in the terminal.
			done := e.callAsync(ctx, &mcp.CallToolParams{Name: "canvas_wait", Arguments: map[string]any{"seconds": 30}})
			awaitTranscript(t, e.hub, "… waiting for the person (up to 30 s)")
			press(t, e.hub, hub.Terminal, "thanks")
			w := <-done
			if w.err != nil {
				t.Fatal(w.err)
			}
			e.check(t, "canvas_wait", w.res)
			if s := summary(w.res); s != `The person pressed pay on main (terminal): note="thanks"` {
				t.Errorf("wait: %s", s)
			}
			var wr struct {
				Action struct {
					UserAction struct {
						Name    string            `json:"name"`
						Context map[string]string `json:"context"`
					} `json:"userAction"`
				} `json:"action"`
				Source      string  `json:"source"`
				Seconds     float64 `json:"seconds"`
				ActionID    string  `json:"actionId"`
				Redelivered bool    `json:"redelivered"`
			}
			structured(t, w.res, &wr)
			if wr.Action.UserAction.Name != "pay" || wr.Action.UserAction.Context["note"] != "thanks" || wr.Source != "terminal" || wr.Seconds != 30 ||
				wr.ActionID == "" || wr.Redelivered {
				t.Errorf("wait result %+v", wr)
			}
			first := wr.ActionID

			// A wait with nothing to take.
			res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 0})
			if s := summary(res); res.IsError || s != "No answer within 0 s." {
				t.Errorf("empty wait: %s", s)
			}
			res, err = e.cs.CallTool(ctx, &mcp.CallToolParams{Name: "canvas_wait", Arguments: map[string]any{"seconds": 601}})
			if err != nil || !res.IsError {
				t.Errorf("a wait of 601 s was accepted: %v %s", err, resultText(res))
			}

			// State.
			res = e.call(t, ctx, "canvas_state", nil)
			if s := summary(res); res.IsError || !strings.Contains(s, "main shown, 4 components") || !strings.Contains(resultText(res), `"note":"thanks"`) {
				t.Errorf("state: %s", resultText(res))
			}
			var st stateOutput
			structured(t, res, &st)
			if len(st.Surfaces) != 1 || st.Surfaces[0].SurfaceID != "main" {
				t.Errorf("state result %+v", st)
			}
			res = e.call(t, ctx, "canvas_state", map[string]any{"surfaceId": "nope"})
			if !res.IsError || !strings.Contains(resultText(res), "unknown_surface") {
				t.Errorf("state of no surface: %s", resultText(res))
			}

			// A press handed out before, whose reader went away unread,
			// comes marked, with its id, and the summary says so.
			press(t, e.hub, hub.Web, "again")
			if _, q, err := e.hub.Take(ctx, 0, nil); err != nil || q == nil {
				t.Fatalf("take: %v %v", q, err)
			} else {
				e.hub.GiveBack(q, 0, "its connection closed before it read the press")
			}
			res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 5})
			e.check(t, "canvas_wait", res)
			wr.ActionID, wr.Redelivered = "", false
			structured(t, res, &wr)
			if wr.Action.UserAction.Context["note"] != "again" || !wr.Redelivered || wr.ActionID == "" || wr.ActionID == first ||
				!strings.Contains(summary(res), "(action "+wr.ActionID+") was handed out before") {
				t.Errorf("a redelivered wait: %+v %s", wr, summary(res))
			}

			// A cancelled wait ends at once and leaves the action for
			// the next wait.
			wctx, cancel := context.WithCancel(ctx)
			done = e.callAsync(wctx, &mcp.CallToolParams{Name: "canvas_wait", Arguments: map[string]any{"seconds": 600}})
			awaitTranscript(t, e.hub, "… waiting for the person (up to 50 s)")
			cancel()
			if w := <-done; w.err == nil {
				t.Errorf("a cancelled wait returned %s", resultText(w.res))
			}
			awaitTranscript(t, e.hub, "mcp: canvas_wait cancelled")
			// Attached, the wait at the a2term ends when it sees the
			// connection close, a moment after the tool's: a press
			// before then is handed to it and comes back marked as
			// handed out before (the agent socket's tests check that).
			hubtest.Eventually(t, "the cancelled wait ending at the a2term", func() bool { return e.hub.Waiting() == 0 })
			press(t, e.hub, hub.Web, "later")
			res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 5})
			if s := summary(res); s != `The person pressed pay on main (web): note="later"` {
				t.Errorf("wait after a cancelled one: %s", s)
			}
		})
	}
}

// TestWaitWithoutProgressToken: a request with no progress token waits
// at most 50 s and says so.
func TestWaitWithoutProgressToken(t *testing.T) {
	e := standalone(t, Options{NoWeb: true})
	ctx := testCtx(t, 60*time.Second)
	e.call(t, ctx, "canvas_show", map[string]any{"messages": form})
	done := e.callAsync(ctx, &mcp.CallToolParams{Name: "canvas_wait", Arguments: map[string]any{"seconds": 600}})
	awaitTranscript(t, e.hub, "… waiting for the person (up to 50 s)")
	press(t, e.hub, hub.Web, "x")
	w := <-done
	if w.err != nil {
		t.Fatal(w.err)
	}
	e.check(t, "canvas_wait", w.res)
	var out waitOutput
	structured(t, w.res, &out)
	if out.Seconds != 50 || out.TimedOut {
		t.Errorf("wait without a token: %s", resultText(w.res))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.progress) > 0 {
		t.Errorf("progress sent without a token: %+v", e.progress[0])
	}
	// Its summary when nothing comes says to call again.
	if s := waitText(hub.WaitResult{TimedOut: true, Action: json.RawMessage("null")}, 50, true); s != "No answer within 50 s, the longest wait without a progress token: call canvas_wait again to keep waiting." {
		t.Errorf("timed-out summary: %s", s)
	}
}

// TestWaitProgress: a 30 s wait with a progress token survives a client
// whose 5 s request timeout resets on each progress notification, and
// ends timed out after its 30 s.
func TestWaitProgress(t *testing.T) {
	t.Parallel()
	e := standaloneParallel(t, Options{NoWeb: true, ProgressInterval: time.Second})
	ctx := testCtx(t, 120*time.Second)
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p := &mcp.CallToolParams{Name: "canvas_wait", Arguments: map[string]any{"seconds": 30}}
	p.SetProgressToken("wait-1")
	start := time.Now()
	done := e.callAsync(wctx, p)
	const clientTimeout = 5 * time.Second
	timer := time.NewTimer(clientTimeout)
	defer timer.Stop()
	var w called
wait:
	for {
		select {
		case <-e.onProg:
			timer.Reset(clientTimeout)
		case <-timer.C:
			cancel()
			t.Fatalf("no progress for %s after %s of the wait", clientTimeout, time.Since(start).Round(time.Second))
		case w = <-done:
			break wait
		}
	}
	if w.err != nil {
		t.Fatal(w.err)
	}
	e.check(t, "canvas_wait", w.res)
	var out waitOutput
	structured(t, w.res, &out)
	if !out.TimedOut || out.Seconds != 30 || string(out.Action) != "null" {
		t.Errorf("the wait: %s", resultText(w.res))
	}
	if !strings.HasSuffix(summary(w.res), "call canvas_wait again to keep waiting.") {
		t.Errorf("timed-out summary: %s", summary(w.res))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.progress) < 10 {
		t.Fatalf("%d progress notifications in a 30 s wait", len(e.progress))
	}
	last := 0.0
	for i, p := range e.progress {
		if p.ProgressToken != "wait-1" || p.Total != 30 || p.Progress <= last || !strings.HasPrefix(p.Message, "waiting for the person: ") {
			t.Errorf("progress %d: %+v (the last was %v)", i, p, last)
		}
		last = p.Progress
	}
}

// standaloneParallel is a standalone canvas for a parallel test, which
// may not set environment variables: a hub of its own, without Open.
func standaloneParallel(t *testing.T, opts Options) *env {
	t.Helper()
	h := hub.New(hub.Options{})
	t.Cleanup(h.Close)
	c := &Canvas{api: takeTurns(hubAPI{h}), mode: Standalone, hub: h, close: func() {}}
	log := &testutil.SyncBuffer{}
	opts.Log = log
	return connect(t, c, h, log, opts)
}

// TestExplicitSocket: a socket named by A2TERM_SOCKET or --socket where
// no a2term answers is an error on the log and in every tool's result,
// not a private canvas; once an a2term answers there the tools work.
func TestExplicitSocket(t *testing.T) {
	for _, how := range []string{"A2TERM_SOCKET", "--socket"} {
		t.Run(how, func(t *testing.T) {
			noA2term(t)
			sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
			opts := Options{}
			if how == "--socket" {
				opts.Socket = sock
			} else {
				t.Setenv("A2TERM_SOCKET", sock)
			}
			log := &testutil.SyncBuffer{}
			opts.Log = log
			c, err := Open(testCtx(t, 10*time.Second), opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(c.Close)
			if c.Mode() != Attached || c.Hub() != nil {
				t.Fatalf("an unusable %s gave a canvas of its own", how)
			}
			if l := log.String(); !strings.Contains(l, sock) || !strings.Contains(l, "cannot be used") || !strings.Contains(l, how) || strings.Contains(l, "http://") {
				t.Errorf("the log does not say the socket cannot be used:\n%s", l)
			}
			e := connect(t, c, nil, log, opts)
			ctx := testCtx(t, 30*time.Second)
			for _, call := range []struct {
				name string
				args map[string]any
			}{{"canvas_info", nil}, {"canvas_show", map[string]any{"messages": form}}, {"canvas_wait", map[string]any{"seconds": 1}}, {"canvas_state", nil}} {
				res := e.call(t, ctx, call.name, call.args)
				text := resultText(res)
				if !res.IsError || !strings.Contains(text, `"code":"socket_unusable"`) || !strings.Contains(summary(res), sock) || !strings.Contains(summary(res), how) {
					t.Errorf("%s with an unusable socket: %v %s", call.name, res.IsError, text)
				}
			}

			// The person starts a2term there.
			h := hub.New(hub.Options{})
			srv, err := agentsock.Listen(h, sock, agentsock.ServerOptions{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				h.Close()
				srv.Close()
			})
			res := e.call(t, ctx, "canvas_show", map[string]any{"messages": form})
			if res.IsError || h.Snapshot().Canvas.Surface("main") == nil {
				t.Errorf("show once an a2term answers: %s", resultText(res))
			}
		})
	}
}

// TestWebLink: a standalone server (no terminal for the person) gives the
// agent the one-time link to pass on, and only until it is used; its log
// never holds it. Attached to an a2term with a terminal, the agent gets
// no link at all.
func TestWebLink(t *testing.T) {
	ctx := testCtx(t, 30*time.Second)
	e := standalone(t, Options{})
	res := e.call(t, ctx, "canvas_show", map[string]any{"messages": form})
	link := pairLinkRe.FindString(summary(res))
	var out showOutput
	structured(t, res, &out)
	if link == "" || out.WebURL != link {
		t.Fatalf("standalone gave the agent no link: %s", resultText(res))
	}
	if pairLinkRe.MatchString(e.log.String()) {
		t.Errorf("the log holds the link:\n%s", e.log.String())
	}
	resp, err := http.Get(link)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("opening the link: %v", err)
	}
	resp.Body.Close()
	for _, tool := range []string{"canvas_show", "canvas_info"} {
		res = e.call(t, ctx, tool, map[string]any{"messages": form})
		if pairLinkRe.MatchString(resultText(res)) {
			t.Errorf("%s still gives a link once it was used: %s", tool, resultText(res))
		}
	}
	var info infoOutput
	structured(t, res, &info)
	if !info.Web || info.WebURL != "" {
		t.Errorf("info once the link was used: %+v", info)
	}
	said := false
	for _, en := range e.hub.Snapshot().Transcript {
		said = said || strings.HasPrefix(en.Text, "the web mirror was opened in a browser at ")
	}
	if !said {
		t.Errorf("the transcript does not say the link was used")
	}

	a := attached(t)
	for _, tool := range []string{"canvas_show", "canvas_info"} {
		if text := resultText(a.call(t, ctx, tool, map[string]any{"messages": form})); strings.Contains(text, "/pair/") || strings.Contains(text, "http://") {
			t.Errorf("attached %s gave the agent an address: %s", tool, text)
		}
	}
}

// TestV09 sends a v0.9 surface through canvas_show (its input schema
// takes v0.9 messages) and reads a press as the v0.9 action with the
// surface's data model; both results validate against their schemas.
func TestV09(t *testing.T) {
	e := standalone(t, Options{NoWeb: true})
	ctx := testCtx(t, 30*time.Second)
	msgs := []any{
		json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"v9","catalogId":"` + a2ui.BasicCatalogV09ID + `","sendDataModel":true}}`),
		json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"v9","components":[` +
			`{"id":"root","component":"Column","children":["go"]},` +
			`{"id":"go","component":"Button","child":"gl","action":{"event":{"name":"go","context":{"n":{"path":"/n"}}}}},` +
			`{"id":"gl","component":"Text","text":"Go"}]}}`),
		json.RawMessage(`{"version":"v0.9","updateDataModel":{"surfaceId":"v9","value":{"n":7}}}`),
	}
	res := e.call(t, ctx, "canvas_show", map[string]any{"messages": msgs})
	if res.IsError || !strings.HasPrefix(summary(res), "Shown: v9 (3 components).") {
		t.Fatalf("v0.9 show: %s", resultText(res))
	}
	if err := e.hub.Press(hub.Terminal, "v9", "go", e.hub.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 5})
	if s := summary(res); s != "The person pressed go on v9 (terminal): n=7" {
		t.Errorf("v0.9 wait: %s", resultText(res))
	}
	var out struct {
		Action struct {
			Version string `json:"version"`
			Action  struct {
				Name string `json:"name"`
			} `json:"action"`
		} `json:"action"`
		DataModel json.RawMessage `json:"a2uiClientDataModel"`
	}
	structured(t, res, &out)
	if out.Action.Version != "v0.9" || out.Action.Action.Name != "go" || !strings.Contains(string(out.DataModel), `"n":7`) {
		t.Errorf("v0.9 wait result: %s", resultText(res))
	}
}

// TestStandaloneCanBeAttached: a standalone server listens on a socket of
// its own beside the default one, which it logs for the person; a
// terminal attached there shows what the agent shows, and while it is
// attached the agent is given no link.
func TestStandaloneCanBeAttached(t *testing.T) {
	ctx := testCtx(t, 30*time.Second)
	e := standalone(t, Options{})
	m := regexp.MustCompile(`a2term attach --socket (\S+)`).FindStringSubmatch(e.log.String())
	if m == nil {
		t.Fatalf("the log does not say how to attach:\n%s", e.log.String())
	}
	if filepath.Dir(m[1]) != filepath.Dir(agentsock.DefaultSocketPath()) {
		t.Errorf("its socket %s is not beside the default one", m[1])
	}
	view, err := viewsock.Attach(ctx, m[1], viewsock.AttachOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer view.Close()
	res := e.call(t, ctx, "canvas_show", map[string]any{"messages": form})
	if text := resultText(res); strings.Contains(text, "/pair/") {
		t.Errorf("with a terminal attached, canvas_show gave the agent a link: %s", text)
	}
	changed, cancel := view.Subscribe()
	defer cancel()
	for view.Snapshot().Canvas.Surface("main") == nil {
		select {
		case <-changed:
		case <-ctx.Done():
			t.Fatal("the attached terminal never showed the surface")
		}
	}
}

// TestStateKeepsTheAgentsOrder: canvas_state gives the components and
// the data model back with their keys in the order the agent sent them
// in canvas_show, v0.9 and v0.8, standalone and attached to an a2term:
// the arguments reach the canvas as written, not decoded and encoded
// again.
func TestStateKeepsTheAgentsOrder(t *testing.T) {
	components := []string{
		`{"text":"Go","id":"root","component":"Text","variant":"h1"}`,
		`{"id":"r","component":{"Text":{"usageHint":"h1","text":{"path":"/zeta"}}}}`,
	}
	const model = `{"zeta":1,"alpha":{"y":"1","b":[{"q":1,"a":2}]},"mid":true}`
	msgs := []any{
		json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"v9","catalogId":"` + a2ui.BasicCatalogV09ID + `"}}`),
		json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"v9","components":[` + components[0] + `]}}`),
		json.RawMessage(`{"version":"v0.9","updateDataModel":{"surfaceId":"v9","value":` + model + `}}`),
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"v8","components":[` + components[1] + `]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"v8","root":"r"}}`),
	}
	for _, mode := range []string{"standalone", "attached"} {
		t.Run(mode, func(t *testing.T) {
			var e *env
			if mode == "standalone" {
				e = standalone(t, Options{NoWeb: true})
			} else {
				e = attached(t)
			}
			ctx := testCtx(t, 30*time.Second)
			if res := e.call(t, ctx, "canvas_show", map[string]any{"messages": msgs}); res.IsError {
				t.Fatalf("show: %s", resultText(res))
			}
			res := e.call(t, ctx, "canvas_state", nil)
			js, _, _ := strings.Cut(resultText(res), "\n")
			var out struct {
				Surfaces []struct {
					SurfaceID  string            `json:"surfaceId"`
					Components []json.RawMessage `json:"components"`
					DataModel  json.RawMessage   `json:"dataModel"`
				} `json:"surfaces"`
			}
			if err := json.Unmarshal([]byte(js), &out); err != nil || len(out.Surfaces) != 2 {
				t.Fatalf("state %s: %v", js, err)
			}
			for i, s := range out.Surfaces {
				if len(s.Components) != 1 || string(s.Components[0]) != components[i] {
					t.Errorf("surface %s: components %s, sent %s", s.SurfaceID, s.Components, components[i])
				}
			}
			if got := string(out.Surfaces[0].DataModel); got != model {
				t.Errorf("data model %s, sent %s", got, model)
			}
		})
	}
}

// TestShowChecksItsArguments: canvas_show's arguments are checked against
// its input schema before anything reaches the canvas.
func TestShowChecksItsArguments(t *testing.T) {
	e := standalone(t, Options{NoWeb: true})
	ctx := testCtx(t, 30*time.Second)
	for _, args := range []any{
		nil,
		map[string]any{},
		map[string]any{"messages": "not a list"},
		map[string]any{"messages": []any{json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"x","catalogId":"` + a2ui.BasicCatalogV09ID + `"},"extra":{}}`)}},
		map[string]any{"messages": []any{json.RawMessage(`{"version":"v9","createSurface":{"surfaceId":"x","catalogId":"` + a2ui.BasicCatalogV09ID + `"}}`)}},
	} {
		res, err := e.cs.CallTool(ctx, &mcp.CallToolParams{Name: "canvas_show", Arguments: args})
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if !res.IsError || !strings.Contains(resultText(res), `validating "arguments"`) {
			t.Errorf("%v: %s", args, resultText(res))
		}
	}
	if n := len(e.hub.Snapshot().Canvas.Surfaces()); n != 0 {
		t.Errorf("%d surfaces shown", n)
	}
}
