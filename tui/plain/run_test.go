package plain

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
)

// waitFor waits until out holds want, with a generous deadline.
func waitFor(t *testing.T, out *testutil.SyncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in:\n%s", want, out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

const formStream = `{"surfaceUpdate": {"surfaceId": "hello", "components": [{"id": "root", "component": {"Column": {"children": {"explicitList": ["name", "send"]}}}}, {"id": "name", "component": {"TextField": {"label": {"literalString": "Your name"}, "text": {"path": "/name"}}}}, {"id": "send", "component": {"Button": {"child": "l", "action": {"name": "greet", "context": [{"key": "name", "value": {"path": "/name"}}]}}}}, {"id": "l", "component": {"Text": {"text": {"literalString": "Send"}}}}]}}
{"beginRendering": {"surfaceId": "hello", "root": "root"}}`

// TestPipeCommandsWaitForTheAgent: commands piped in before the agent has
// drawn the controls they name wait for them, run in order once shown,
// and the end of the input ends the session only once the agent is done.
func TestPipeCommandsWaitForTheAgent(t *testing.T) {
	h := hub.New(hub.Options{})
	out := &testutil.SyncBuffer{}
	s := New(h, out, Options{})
	defer s.Close()
	in, typed := io.Pipe()
	agentDone := make(chan struct{})
	ran := make(chan error, 1)
	go func() { ran <- s.Run(context.Background(), in, agentDone) }()

	if _, err := io.WriteString(typed, "set 1 Ada\npress 2\n"); err != nil {
		t.Fatal(err)
	}
	typed.Close()
	raws, _ := a2ui.SplitStream([]byte(formStream))
	msgs := []json.RawMessage{raws[0], raws[1]}
	if _, err := h.Show(msgs); err != nil {
		t.Fatal(err)
	}
	res, err := h.Wait(context.Background(), 20*time.Second)
	if err != nil || res.TimedOut {
		t.Fatalf("the agent got nothing: %v %+v\n%s", err, res, out.String())
	}
	if got := string(res.Action); !strings.Contains(got, `"context":{"name":"Ada"}`) {
		t.Errorf("the agent received %s", got)
	}
	select {
	case err := <-ran:
		t.Fatalf("the session ended before the agent was done: %v\n%s", err, out.String())
	default:
	}
	h.Append(hub.RoleAgent, "Nice to meet you, Ada!")
	close(agentDone)
	select {
	case err := <-ran:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the session did not end:\n%s", out.String())
	}
	got := out.String()
	for _, want := range []string{"[1] text field \"Your name\": empty", "> set 1 Ada", "[1] Your name is now \"Ada\"", "> press 2", "name=\"Ada\"", "agent: Nice to meet you, Ada!"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	if strings.Index(got, "[1] text field") > strings.Index(got, "> set 1 Ada") {
		t.Errorf("the command ran before its field was shown:\n%s", got)
	}
}

// TestExecWaitsOnlyWhenItMay: a command naming a control not shown yet
// waits in a pipe while the agent may still show it, and is refused once
// it cannot, or at a terminal.
func TestExecWaitsOnlyWhenItMay(t *testing.T) {
	h := hub.New(hub.Options{})
	var out bytes.Buffer
	s := New(h, &out, Options{})
	defer s.Close()
	s.Refresh()
	if got := s.exec("press 3", true); got != wait {
		t.Errorf("press 3 before anything is shown: %v, want wait", got)
	}
	if got := s.exec("tab later", true); got != wait {
		t.Errorf("tab later before it is shown: %v, want wait", got)
	}
	if got := s.exec("press x", true); got != done {
		t.Errorf("press x: %v, want done (refused at once)", got)
	}
	if out.Len() == 0 || !strings.Contains(out.String(), `"x" is not a control number`) {
		t.Errorf("press x was not refused:\n%s", out.String())
	}
	out.Reset()
	if got := s.exec("press 3", false); got != done || !strings.Contains(out.String(), "there is no control 3") {
		t.Errorf("press 3 once nothing more can come: %v\n%s", got, out.String())
	}
	term := New(h, &out, Options{Interactive: true})
	defer term.Close()
	if got := term.exec("press 3", true); got != done {
		t.Errorf("press 3 typed at a terminal: %v, want done", got)
	}
	if got := s.exec("quit", true); got != quit {
		t.Errorf("quit: %v", got)
	}
}

// TestRunEnds: quit, the end of the input once the agent is done, and a
// cancelled context each end a session.
func TestRunEnds(t *testing.T) {
	closed := make(chan struct{})
	close(closed)
	cases := []struct {
		name  string
		input string
		done  <-chan struct{}
		ctx   func() context.Context
	}{
		{"quit", "quit\n", nil, context.Background},
		{"end of input, agent done", "", closed, context.Background},
		{"cancelled", "", nil, func() context.Context {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := hub.New(hub.Options{})
			out := &testutil.SyncBuffer{}
			s := New(h, out, Options{})
			defer s.Close()
			in, typed := io.Pipe()
			defer typed.Close()
			ran := make(chan error, 1)
			go func() { ran <- s.Run(tc.ctx(), in, tc.done) }()
			if tc.name != "cancelled" {
				io.WriteString(typed, tc.input)
				typed.Close()
			}
			select {
			case err := <-ran:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("the session did not end:\n%s", out.String())
			}
		})
	}
}

// TestInteractivePrompt: at a terminal a prompt shows once the agent is
// quiet, and what is typed is not printed again (the terminal echoes it).
func TestInteractivePrompt(t *testing.T) {
	h := hub.New(hub.Options{})
	out := &testutil.SyncBuffer{}
	s := New(h, out, Options{Interactive: true})
	defer s.Close()
	in, typed := io.Pipe()
	ran := make(chan error, 1)
	go func() { ran <- s.Run(context.Background(), in, nil) }()
	waitFor(t, out, "commands.\n> ")
	io.WriteString(typed, "tab\n")
	waitFor(t, out, "No surface is shown yet.\n> ")
	if strings.Contains(out.String(), "> tab") {
		t.Errorf("the command was printed again:\n%s", out.String())
	}
	io.WriteString(typed, "quit\n")
	typed.Close()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
}
