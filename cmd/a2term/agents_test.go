package main

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/testutil"
)

// The example agents docs/agent-api.md shows, which the tests run.
var exampleAgents = []struct{ fence, file string }{
	{"python", "testdata/agents/form.py"},
	{"go", "testdata/agents/form/main.go"},
	{"python", "testdata/agents/form_v10.py"},
	{"go", "testdata/agents/form_v10/main.go"},
}

// agentsDoc is the page that shows the example agents.
const agentsDoc = "docs/agent-api.md"

// repoFile is a path from the top of the repository.
func repoFile(name string) string {
	return filepath.Join("..", "..", filepath.FromSlash(name))
}

// TestDocAgentsAreTheFiles checks that the agents docs/agent-api.md shows
// are, byte for byte, the programs the tests below run: each block comes
// right after a comment naming its file.
func TestDocAgentsAreTheFiles(t *testing.T) {
	doc, err := os.ReadFile(repoFile(agentsDoc))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range exampleAgents {
		want, err := os.ReadFile(repoFile(a.file))
		if err != nil {
			t.Fatal(err)
		}
		marker := "<!-- " + a.file + " -->\n```" + a.fence + "\n"
		i := strings.Index(string(doc), marker)
		if i < 0 {
			t.Errorf("%s has no block %q", agentsDoc, marker)
			continue
		}
		body := string(doc[i+len(marker):])
		end := strings.Index(body, "\n```\n")
		if end < 0 {
			t.Errorf("%s: the block of %s does not end", agentsDoc, a.file)
			continue
		}
		if got := body[:end+1]; got != string(want) {
			t.Errorf("%s's block differs from %s; copy the file into it", agentsDoc, a.file)
		}
	}
}

// listenHub starts a hub with its socket in a private temporary
// directory.
func listenHub(t *testing.T) (*hub.Hub, *agentsock.Server) {
	t.Helper()
	h := hub.New(hub.Options{})
	t.Cleanup(h.Close)
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "sock", "a2term.sock"), agentsock.ServerOptions{Logger: log.New(testLog{t}, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return h, srv
}

// testLog writes log lines to the test's log.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// waitView waits until cond holds for view's state, reading each change;
// it gives up after 20 seconds.
func waitView(t *testing.T, view hub.View, what string, cond func(hub.Snapshot) bool) hub.Snapshot {
	t.Helper()
	changed, cancel := view.Subscribe()
	defer cancel()
	timer := time.NewTimer(20 * time.Second)
	defer timer.Stop()
	for {
		s := view.Snapshot()
		if cond(s) {
			return s
		}
		select {
		case <-changed:
		case <-timer.C:
			t.Fatalf("%s never happened; the transcript is:\n%s", what, transcriptText(s))
		}
	}
}

func transcriptText(s hub.Snapshot) string {
	var b strings.Builder
	for _, e := range s.Transcript {
		b.WriteString(string(e.Role) + ": " + e.Text + "\n")
	}
	return b.String()
}

func shown(id string) func(hub.Snapshot) bool {
	return func(s hub.Snapshot) bool {
		sf := s.Canvas.Surface(id)
		return sf != nil && sf.Shown()
	}
}

// answerForm runs an example agent against a hub, answers its form, which
// speaks protocol, as the person would in the terminal (types Ada, presses
// Send), and returns what the agent printed.
func answerForm(t *testing.T, protocol string, argv ...string) string {
	t.Helper()
	h, srv := listenHub(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "A2TERM_SOCKET="+srv.Path())
	var stdout, stderr testutil.SyncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	t.Cleanup(func() { cancel(); <-waited })

	waitView(t, h, "the agent's form", shown("hello"))
	// Send is disabled by its check until a name is typed, and its press
	// then is refused, never sent.
	if sf := h.Snapshot().Canvas.Surface("hello"); sf.Protocol() != protocol {
		t.Errorf("the example agent's surface speaks %s", sf.Protocol())
	}
	if err := h.Press(hub.Terminal, "hello", "send", h.Snapshot().Canvas.Version()); !errors.Is(err, &a2ui.Error{Code: a2ui.CodeChecksFailed}) {
		t.Errorf("Send pressed before a name was typed: %v", err)
	}
	if err := h.SetValue(hub.Terminal, "hello", "name", "Ada"); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Terminal, "hello", "send", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-waited:
		waited <- err // for the cleanup
		if err != nil {
			t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", argv, err, stdout.String(), stderr.String())
		}
	case <-ctx.Done():
		t.Fatalf("%s did not end\nstdout:\n%s\nstderr:\n%s", argv, stdout.String(), stderr.String())
	}
	// The agent took the press once: nothing is left for a next wait.
	if res, err := h.Wait(ctx, 0); err != nil || !res.TimedOut {
		t.Errorf("after the agent ended, a wait got %+v, %v", res, err)
	}
	if tr := transcriptText(h.Snapshot()); strings.Count(tr, "→ the agent took greet from hello") != 1 || strings.Contains(tr, "handed to the agent again") {
		t.Errorf("the transcript:\n%s", tr)
	}
	s := h.Snapshot()
	for _, want := range []string{
		"agent: Hello! Who is there?",
		`event: ← the person pressed greet on hello (terminal): name="Ada"`,
		"agent: Nice to meet you, Ada!",
	} {
		if !strings.Contains(transcriptText(s), want+"\n") {
			t.Errorf("the transcript lacks %q:\n%s", want, transcriptText(s))
		}
	}
	return stdout.String()
}

func TestPythonAgent(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the Python agent of docs/agent-api.md is not run")
	}
	got := answerForm(t, a2ui.ProtocolV09, py, repoFile("testdata/agents/form.py"))
	if want := `greet from the terminal: {"name": "Ada"}` + "\n"; got != want {
		t.Errorf("the agent printed %q, want %q", got, want)
	}
}

func TestGoAgent(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "form")
	if out, err := exec.Command("go", "build", "-o", bin, "./"+filepath.ToSlash(repoFile("testdata/agents/form"))).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	got := answerForm(t, a2ui.ProtocolV09, bin)
	if want := `greet from the terminal: {"name":"Ada"}` + "\n"; got != want {
		t.Errorf("the agent printed %q, want %q", got, want)
	}
}

// TestPythonAgentV10 runs the v1.0 Python agent: its form, made by one
// createSurface, and its call of notify, whose answer it reads before the
// press.
func TestPythonAgentV10(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the v1.0 Python agent of docs/agent-api.md is not run")
	}
	got := answerForm(t, a2ui.ProtocolV10, py, repoFile("testdata/agents/form_v10.py"))
	if want := `greet from the terminal: {"name": "Ada"}` + "\n"; got != want {
		t.Errorf("the agent printed %q, want %q", got, want)
	}
}

func TestGoAgentV10(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "form_v10")
	if out, err := exec.Command("go", "build", "-o", bin, "./"+filepath.ToSlash(repoFile("testdata/agents/form_v10"))).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	got := answerForm(t, a2ui.ProtocolV10, bin)
	if want := `greet from the terminal: {"name":"Ada"}` + "\n"; got != want {
		t.Errorf("the agent printed %q, want %q", got, want)
	}
}

// helloForm is the example agents' form, for the tests' own agents.
var helloForm = []json.RawMessage{
	json.RawMessage(`{"surfaceUpdate":{"surfaceId":"hello","components":[
		{"id":"root","component":{"Column":{"children":{"explicitList":["title","name","send"]}}}},
		{"id":"title","component":{"Text":{"text":{"literalString":"Who is there?"},"usageHint":"h2"}}},
		{"id":"name","component":{"TextField":{"label":{"literalString":"Your name"},"text":{"path":"/name"}}}},
		{"id":"send","component":{"Button":{"child":"send-label","primary":true,"action":{
			"name":"greet","context":[{"key":"name","value":{"path":"/name"}}]}}}},
		{"id":"send-label","component":{"Text":{"text":{"literalString":"Send"}}}}]}}`),
	json.RawMessage(`{"dataModelUpdate":{"surfaceId":"hello","contents":[{"key":"name","valueString":""}]}}`),
	json.RawMessage(`{"beginRendering":{"surfaceId":"hello","root":"root"}}`),
}

// oneShotAgent is the shortest Python agent there is: one call per
// connection, closed as soon as the reply is read; or, told "unread", a
// process killed once the reply has arrived but before reading it.
const oneShotAgent = `import json, os, select, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(os.environ["A2TERM_SOCKET"])
s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"canvas.wait","params":{"seconds":' + sys.argv[1].encode() + b'}}\n')
if sys.argv[2:] == ["unread"]:
    select.select([s], [], [])
    os._exit(0)
reply = json.loads(s.makefile("r").readline())["result"]
s.close()
print(json.dumps({k: reply.get(k) for k in ("actionId", "redelivered", "timedOut")}), flush=True)
`

// TestOneShotPythonAgent: a Python agent that waits once per connection
// and closes gets each press once: run again, it finds nothing. One
// killed before it read the press gets it again, marked, under the same
// actionId; killed after reading, it does not.
func TestOneShotPythonAgent(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the one-shot Python agent is not run")
	}
	script := filepath.Join(t.TempDir(), "once.py")
	if err := os.WriteFile(script, []byte(oneShotAgent), 0o600); err != nil {
		t.Fatal(err)
	}
	h, srv := listenHub(t)
	if _, err := h.Show(helloForm); err != nil {
		t.Fatal(err)
	}
	pressSend := func() {
		t.Helper()
		if err := h.Press(hub.Terminal, "hello", "send", h.Snapshot().Canvas.Version()); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(py, append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), "A2TERM_SOCKET="+srv.Path())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	pressSend()
	if got := run("30"); got != `{"actionId": "1", "redelivered": null, "timedOut": null}` {
		t.Errorf("first run: %s", got)
	}
	if got := run("0"); got != `{"actionId": null, "redelivered": null, "timedOut": true}` {
		t.Errorf("second run got the press again: %s", got)
	}
	pressSend()
	run("30", "unread")
	if runtime.GOOS == "linux" {
		waitView(t, h, "the press given back", func(s hub.Snapshot) bool {
			return strings.Contains(transcriptText(s), "← greet from hello will be handed to the agent again: its connection closed before it read the press")
		})
		if got := run("30"); got != `{"actionId": "2", "redelivered": true, "timedOut": null}` {
			t.Errorf("after a run killed before reading: %s", got)
		}
	}
	if got := run("0"); got != `{"actionId": null, "redelivered": null, "timedOut": true}` {
		t.Errorf("a press read before its agent ended came back: %s", got)
	}
}
