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

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/mcpserver"
	"github.com/a2term/a2term/internal/testutil"
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

// awaitTranscript waits, with a bounded deadline, until the hub's
// transcript has a line containing text.
func awaitTranscript(t *testing.T, h *hub.Hub, text string) {
	t.Helper()
	waitView(t, h, "a transcript line with "+text, func(s hub.Snapshot) bool {
		for _, e := range s.Transcript {
			if strings.Contains(e.Text, text) {
				return true
			}
		}
		return false
	})
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

// TestMCPBinary runs `a2term mcp` as an MCP client does, attached to a
// hub on a socket: it reports a2term's version, garbage on its input does
// not stop it, and a client that goes away mid-wait leaves the canvas and
// the action in the hub.
func TestMCPBinary(t *testing.T) {
	bin := buildBinary(t)
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
	var stderr testutil.SyncBuffer
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
	send(strings.Repeat("x", mcpserver.MaxLine+10))
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	r := reply(1)
	if r["result"] == nil {
		t.Fatalf("initialize: %v", r)
	}
	if v := r["result"].(map[string]any)["serverInfo"].(map[string]any)["version"]; v != buildVersionOf(t, bin).short() {
		t.Errorf("the server reports version %v, the binary is %s", v, buildVersionOf(t, bin).short())
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
	awaitTranscript(t, h, "… waiting for the person (up to 30 s)")
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
	st, err := h.State("main")
	if err != nil || len(st[0].Components) != 4 {
		t.Fatalf("canvas after the client left: %v %v", st, err)
	}
	press(t, h, hub.Terminal, "after")
	// A wait the socket server still held for the departed client may
	// take the press first; it gives it back when its reply fails.
	res, err := h.Wait(context.Background(), 10*time.Second)
	if err != nil || !strings.Contains(string(res.Action), `"note":"after"`) {
		t.Errorf("wait after the client left: %s %v", res.Action, err)
	}
}
