package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/a2term/a2term/bridge"
)

// mcpForm is surface main: a note field and a pay button whose action
// carries the note.
var mcpForm = []any{
	json.RawMessage(`{"surfaceUpdate":{"surfaceId":"main","components":[` +
		`{"id":"root","component":{"Column":{"children":{"explicitList":["note","pay"]}}}},` +
		`{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},` +
		`{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"pay","context":[{"key":"note","value":{"path":"/note"}}]}}}},` +
		`{"id":"l1","component":{"Text":{"text":{"literalString":"Pay"}}}}]}}`),
	json.RawMessage(`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"hello"}]}}`),
	json.RawMessage(`{"beginRendering":{"surfaceId":"main","root":"root"}}`),
}

// mcpEnv is an MCP client session on `a2term mcp`'s tools, and the hub
// behind them.
type mcpEnv struct {
	hub    *bridge.Hub
	api    canvasAPI
	cs     *mcp.ClientSession
	stderr *syncBuffer
}

func mcpCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// connectMCP serves api's tools on an in-memory transport and connects
// the SDK's client to them.
func connectMCP(t *testing.T, api canvasAPI) *mcp.ClientSession {
	t.Helper()
	ctx := mcpCtx(t)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := newMCPServer(api).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

// attachedMCP is mcp attached to a hub served on a socket, as to a plain
// a2term in another pane.
func attachedMCP(t *testing.T) *mcpEnv {
	t.Helper()
	hub := bridge.NewHub(bridge.HubOptions{})
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	srv, err := bridge.Listen(hub, sock, bridge.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		hub.Close()
		srv.Close()
	})
	t.Setenv("A2TERM_SOCKET", sock)
	var stderr syncBuffer
	api, closeAPI, err := openCanvasAPI(mcpCtx(t), "", true, false, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeAPI)
	if _, ok := api.(*socketAPI); !ok {
		t.Fatalf("not attached: %T\n%s", api, stderr.String())
	}
	return &mcpEnv{hub: hub, api: api, cs: connectMCP(t, api), stderr: &stderr}
}

// standaloneMCP is mcp with no a2term running: its own hub and mirror.
func standaloneMCP(t *testing.T) *mcpEnv {
	t.Helper()
	t.Setenv("A2TERM_SOCKET", filepath.Join(t.TempDir(), "none", "a2term.sock"))
	var stderr syncBuffer
	api, closeAPI, err := openCanvasAPI(mcpCtx(t), "", false, false, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeAPI)
	h, ok := api.(hubAPI)
	if !ok {
		t.Fatalf("not standalone: %T", api)
	}
	if !strings.Contains(stderr.String(), "http://127.0.0.1:") {
		t.Errorf("the mirror's address is not logged:\n%s", stderr.String())
	}
	return &mcpEnv{hub: h.hub, api: api, cs: connectMCP(t, api), stderr: &stderr}
}

func (e *mcpEnv) call(t *testing.T, ctx context.Context, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := e.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
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
func awaitTranscript(t *testing.T, hub *bridge.Hub, text string) {
	t.Helper()
	ch, stop := hub.Subscribe()
	defer stop()
	deadline := time.NewTimer(10 * time.Second)
	defer deadline.Stop()
	for {
		for _, e := range hub.Snapshot().Transcript {
			if strings.Contains(e.Text, text) {
				return
			}
		}
		select {
		case <-ch:
		case <-deadline.C:
			var lines []string
			for _, e := range hub.Snapshot().Transcript {
				lines = append(lines, e.Text)
			}
			t.Fatalf("no transcript line with %q in:\n%s", text, strings.Join(lines, "\n"))
		}
	}
}

func press(t *testing.T, hub *bridge.Hub, source bridge.Source, note string) {
	t.Helper()
	if err := hub.SetValue(source, "main", "note", note); err != nil {
		t.Fatal(err)
	}
	if err := hub.Press(source, "main", "pay", hub.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
}

func TestMCP(t *testing.T) {
	for _, mode := range []struct {
		name  string
		start func(*testing.T) *mcpEnv
	}{{"attached", attachedMCP}, {"standalone", standaloneMCP}} {
		t.Run(mode.name, func(t *testing.T) {
			e := mode.start(t)
			ctx := mcpCtx(t)

			tools, err := e.cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tool := range tools.Tools {
				names = append(names, tool.Name)
				schema, _ := json.Marshal(tool.InputSchema)
				if tool.Description == "" || len(schema) < 20 {
					t.Errorf("tool %s: description %q, schema %s", tool.Name, tool.Description, schema)
				}
				if tool.Name == "canvas_show" && (!strings.Contains(tool.Description, "beginRendering") ||
					!strings.Contains(string(schema), `"surfaceUpdate"`) || !strings.Contains(string(schema), `"deleteSurface"`)) {
					t.Errorf("canvas_show does not teach A2UI: %s\n%s", tool.Description, schema)
				}
			}
			if strings.Join(names, ",") != "canvas_show,canvas_state,canvas_wait" {
				t.Errorf("tools %v", names)
			}

			// A valid show.
			res := e.call(t, ctx, "canvas_show", map[string]any{"messages": mcpForm})
			if res.IsError || !strings.HasPrefix(resultText(res), "Shown: main (4 components).") {
				t.Fatalf("show: %v %s", res.IsError, resultText(res))
			}
			if mode.name == "standalone" && !strings.Contains(resultText(res), "http://127.0.0.1:") {
				t.Errorf("show does not give the mirror's address: %s", resultText(res))
			}
			var shown bridge.ShowResult
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
			if !res.IsError || !strings.Contains(text, "message 0") || !strings.Contains(text, "missing_child") ||
				!strings.Contains(text, "Fix: ") || !strings.Contains(text, `"main"`) {
				t.Errorf("refused show: %v %s", res.IsError, text)
			}
			if v := e.hub.Snapshot().Canvas.Version(); v != version {
				t.Errorf("a refused show changed the canvas: version %d, was %d", v, version)
			}
			// A message the schema refuses.
			res = e.call(t, ctx, "canvas_show", map[string]any{"messages": []any{map[string]any{"paint": 1}}})
			if !res.IsError {
				t.Errorf("a message of no known kind was accepted: %s", resultText(res))
			}

			// A wait answered by a press in the terminal.
			type waited struct {
				res *mcp.CallToolResult
				err error
			}
			done := make(chan waited, 1)
			go func() {
				r, err := e.cs.CallTool(ctx, &mcp.CallToolParams{Name: "canvas_wait", Arguments: map[string]any{"seconds": 30}})
				done <- waited{r, err}
			}()
			awaitTranscript(t, e.hub, "… waiting for the person (up to 30 s)")
			press(t, e.hub, bridge.Terminal, "thanks")
			w := <-done
			if w.err != nil {
				t.Fatal(w.err)
			}
			if text := resultText(w.res); text != `The person pressed pay on main (terminal): note="thanks"` {
				t.Errorf("wait: %s", text)
			}
			var wr struct {
				Action struct {
					UserAction struct {
						Name    string            `json:"name"`
						Context map[string]string `json:"context"`
					} `json:"userAction"`
				} `json:"action"`
				Source string `json:"source"`
			}
			structured(t, w.res, &wr)
			if wr.Action.UserAction.Name != "pay" || wr.Action.UserAction.Context["note"] != "thanks" || wr.Source != "terminal" {
				t.Errorf("wait result %+v", wr)
			}

			// A wait with nothing to take.
			res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 0})
			if text := resultText(res); res.IsError || text != "No answer within 0 s." {
				t.Errorf("empty wait: %s", text)
			}
			res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 601})
			if !res.IsError {
				t.Errorf("a wait of 601 s was accepted: %s", resultText(res))
			}

			// State.
			res = e.call(t, ctx, "canvas_state", nil)
			if text := resultText(res); res.IsError || !strings.Contains(text, "main: shown, 4 components") || !strings.Contains(text, `"note":"thanks"`) {
				t.Errorf("state: %s", text)
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

			// A cancelled wait leaves the action for the next wait.
			wctx, cancel := context.WithCancel(ctx)
			go func() {
				r, err := e.cs.CallTool(wctx, &mcp.CallToolParams{Name: "canvas_wait", Arguments: map[string]any{"seconds": 20}})
				done <- waited{r, err}
			}()
			awaitTranscript(t, e.hub, "… waiting for the person (up to 20 s)")
			cancel()
			<-done
			awaitTranscript(t, e.hub, "mcp: canvas_wait cancelled")
			press(t, e.hub, bridge.Web, "later")
			res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 5})
			if text := resultText(res); text != `The person pressed pay on main (web): note="later"` {
				t.Errorf("wait after a cancelled one: %s", text)
			}
		})
	}
}

// TestMCPBinary runs `a2term mcp` as an MCP client does, attached to a
// hub on a socket: garbage on its input does not stop it, and a client
// that goes away mid-wait leaves the canvas and the action in the hub.
func TestMCPBinary(t *testing.T) {
	bin := buildBinary(t)
	hub := bridge.NewHub(bridge.HubOptions{})
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	srv, err := bridge.Listen(hub, sock, bridge.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		hub.Close()
		srv.Close()
	})
	cmd := exec.Command(bin, "mcp")
	cmd.Env = append(cmd.Environ(), "A2TERM_SOCKET="+sock)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := make(chan string, 100)
	go func() {
		r := bufio.NewReader(stdout)
		for {
			line, err := r.ReadString('\n')
			if line != "" {
				lines <- line
			}
			if err != nil {
				close(lines)
				exited <- cmd.Wait()
				return
			}
		}
	}()
	t.Cleanup(func() { cmd.Process.Kill() })

	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(stdin, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	// reply reads until the answer to id, checking each line is JSON.
	reply := func(id int) map[string]any {
		t.Helper()
		timeout := time.NewTimer(20 * time.Second)
		defer timeout.Stop()
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("a2term mcp ended before answering %d\nstderr: %s", id, stderr.String())
				}
				var m map[string]any
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("stdout line is not JSON: %q", line)
				}
				if n, ok := m["id"].(float64); ok && int(n) == id {
					return m
				}
			case <-timeout.C:
				t.Fatalf("no answer to %d\nstderr: %s", id, stderr.String())
			}
		}
	}

	send("this is not JSON")
	send(`{"jsonrpc":"2.0","id":99,"method":"no/such/method"}`)
	send(`[1,2,3]`)
	send(`{"no":"jsonrpc"}`)
	send("")
	send(strings.Repeat("x", mcpMaxLine+10))
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if r := reply(1); r["result"] == nil {
		t.Fatalf("initialize: %v", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if r := reply(2); !strings.Contains(fmt.Sprint(r["result"]), "canvas_wait") {
		t.Fatalf("tools/list: %v", r)
	}
	msgs, _ := json.Marshal(map[string]any{"messages": mcpForm})
	send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"canvas_show","arguments":` + string(msgs) + `}}`)
	if r := reply(3); !strings.Contains(fmt.Sprint(r["result"]), "Shown: main") {
		t.Fatalf("canvas_show: %v", r)
	}
	send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"canvas_show","arguments":{"messages":"nope"}}}`)
	if r := reply(4); !strings.Contains(fmt.Sprint(r["result"]), "isError:true") {
		t.Errorf("canvas_show of no messages: %v", r)
	}
	send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"canvas_wait","arguments":{"seconds":30}}}`)
	awaitTranscript(t, hub, "… waiting for the person (up to 30 s)")
	for _, want := range []string{"not a JSON-RPC 2.0 message", "batches are not supported", "message over"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr does not say %q:\n%s", want, stderr.String())
		}
	}
	// The client goes away mid-wait.
	stdin.Close()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("a2term mcp: %v\nstderr: %s", err, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("a2term mcp did not end with its input\nstderr: %s", stderr.String())
	}
	if strings.Contains(stderr.String(), "http://") {
		t.Errorf("attached mcp started a mirror:\n%s", stderr.String())
	}
	// The canvas is intact and a press reaches the next agent.
	st, err := hub.State("main")
	if err != nil || len(st[0].Components) != 4 {
		t.Fatalf("canvas after the client left: %v %v", st, err)
	}
	press(t, hub, bridge.Terminal, "after")
	// A wait the socket server still held for the departed client may
	// take the press first; it gives it back when its reply fails.
	res, err := hub.Wait(context.Background(), 10*time.Second)
	if err != nil || !strings.Contains(string(res.Action), `"note":"after"`) {
		t.Errorf("wait after the client left: %s %v", res.Action, err)
	}
}
