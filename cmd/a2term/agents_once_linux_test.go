package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
)

// replyUnread reports whether a socket of this process (the agent
// socket's server end) holds bytes its peer has not read.
func replyUnread() bool {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return false
	}
	for _, e := range ents {
		if link, err := os.Readlink("/proc/self/fd/" + e.Name()); err != nil || !strings.HasPrefix(link, "socket:") {
			continue
		}
		fd, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if n, err := unix.IoctlGetInt(fd, unix.SIOCOUTQ); err == nil && n > 0 {
			return true
		}
	}
	return false
}

// TestPythonAgentKilledBeforeReading runs the Python agent of
// docs/agent-api.md, stops it while it waits, presses, and kills it with
// the reply unread in its socket: the press is handed out again, and
// the same agent run again gets it marked redelivered under the same
// actionId, says so, and acts on it; nothing is left after it.
// (TestPythonAgent is the same agent reading the reply: taken once.)
func TestPythonAgentKilledBeforeReading(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the Python agent of docs/agent-api.md is not run")
	}
	killedBeforeReading(t, `greet from the terminal: {"name": "Ada"}`, py, repoFile("testdata/agents/form.py"))
}

// TestGoAgentKilledBeforeReading is the same with the Go agent.
func TestGoAgentKilledBeforeReading(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "form")
	if out, err := exec.Command("go", "build", "-o", bin, "./"+filepath.ToSlash(repoFile("testdata/agents/form"))).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	killedBeforeReading(t, `greet from the terminal: {"name":"Ada"}`, bin)
}

// killedBeforeReading runs an example agent, kills it with the press's
// reply unread, runs it again and checks it prints "was handed out
// before" and then acted, printing acted.
func killedBeforeReading(t *testing.T, acted string, argv ...string) {
	t.Helper()
	h, srv := listenHub(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := func() (*exec.Cmd, *testutil.SyncBuffer, chan error) {
		t.Helper()
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Env = append(os.Environ(), "A2TERM_SOCKET="+srv.Path())
		var out testutil.SyncBuffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waited := make(chan error, 1)
		go func() { waited <- cmd.Wait() }()
		t.Cleanup(func() {
			_ = cmd.Process.Kill()
			waited <- <-waited
		})
		return cmd, &out, waited
	}

	cmd, _, waited := start()
	waitView(t, h, "the agent's wait", func(s hub.Snapshot) bool {
		return strings.Contains(transcriptText(s), "… waiting for the person")
	})
	if err := cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Terminal, "hello", "name", "Ada"); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Terminal, "hello", "send", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for !replyUnread() {
		if time.Now().After(deadline) {
			t.Fatal("the reply never reached the agent's socket")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	waited <- <-waited // ended; kept for the cleanup
	waitView(t, h, "the press given back", func(s hub.Snapshot) bool {
		return strings.Contains(transcriptText(s), "← greet from hello will be handed to the agent again: its connection closed before it read the press")
	})
	if tr := transcriptText(h.Snapshot()); strings.Contains(tr, "→ the agent took greet") {
		t.Errorf("the transcript says the killed agent took the press:\n%s", tr)
	}

	_, out, waited := start()
	select {
	case err := <-waited:
		waited <- err
		if err != nil {
			t.Fatalf("the agent run again: %v\n%s", err, out.String())
		}
	case <-ctx.Done():
		t.Fatalf("the agent run again did not end:\n%s", out.String())
	}
	if want := "action 1 was handed out before\n" + acted + "\n"; out.String() != want {
		t.Errorf("the agent run again printed %q, want %q", out.String(), want)
	}
	if res, err := h.Wait(ctx, 0); err != nil || !res.TimedOut {
		t.Errorf("after the agent acted on the press, a wait got %+v, %v", res, err)
	}
	if tr := transcriptText(h.Snapshot()); strings.Count(tr, "→ the agent took greet from hello") != 1 {
		t.Errorf("the transcript:\n%s", tr)
	}
}
