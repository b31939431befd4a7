//go:build unix

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
	"github.com/a2term/a2term/internal/viewsock"
)

// personPresses attaches to the a2term at sock as the person, once
// surface hello is there, types name and presses send.
func personPresses(t *testing.T, ctx context.Context, sock, name string) {
	t.Helper()
	person, err := viewsock.Attach(ctx, sock, viewsock.AttachOptions{Reconnect: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer person.Close()
	waitUntil(t, "the person sees the form", func() bool { return person.Snapshot().Canvas.Surface("hello") != nil })
	if err := person.SetValue(hub.Terminal, "hello", "name", name); err != nil {
		t.Fatal(err)
	}
	if err := person.Press(hub.Terminal, "hello", "send", person.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
}

// waitingNow returns once the hub at sock has a call waiting for the
// person: its transcript says so as the newest of its waits.
func waitingNow(t *testing.T, ctx context.Context, sock string) {
	t.Helper()
	person, err := viewsock.Attach(ctx, sock, viewsock.AttachOptions{Reconnect: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer person.Close()
	waitUntil(t, "a call waits for the person", func() bool {
		tr := person.Snapshot().Transcript
		return len(tr) > 0 && strings.HasPrefix(tr[len(tr)-1].Text, "… waiting for the person")
	})
}

// stateOf is canvas.state of the a2term at sock, on a connection of its
// own.
func stateOf(ctx context.Context, sock string) ([]hub.SurfaceState, error) {
	c, err := client.Dial(ctx, sock)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return c.State(ctx, "")
}

// TestGoClientReconnects kills a journaling a2term serve with SIGKILL
// while a Go client with Reconnect waits, and starts it again at the same
// socket: the very same Wait call returns the person's press on the
// restarted a2term, and canvas.info reports the same canvas id, restored.
func TestGoClientReconnects(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "s", "a2term.sock")
	state := filepath.Join(dir, "state")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	first := startServe(t, bin, sock, "--state", state)
	agent, err := client.Dial(ctx, sock, client.Reconnect(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	defer agent.Close()
	if _, err := agent.Show(ctx, helloForm...); err != nil {
		t.Fatal(err)
	}
	before, err := agent.Info(ctx)
	if err != nil || before.Restored {
		t.Fatalf("info: %+v %v", before, err)
	}
	got := agentWaits(t, agent)
	waitingNow(t, ctx, sock)

	first.Process.Kill()
	first.Wait()
	startServe(t, bin, sock, "--state", state)
	personPresses(t, ctx, sock, "Ada")
	select {
	case res := <-got:
		if name, values := actionOf(t, res); name != "greet" || values != `{"name":"Ada"}` {
			t.Errorf("the wait got %s %s", name, values)
		}
	case <-ctx.Done():
		t.Fatal("the wait never returned")
	}
	after, err := agent.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after.CanvasID != before.CanvasID || !after.Restored {
		t.Errorf("after the restart: canvas %s restored %v, want %s restored", after.CanvasID, after.Restored, before.CanvasID)
	}
	// The client goes on on its new connection.
	if _, err := agent.Show(ctx, helloForm...); err != nil {
		t.Fatalf("a show on the new connection: %v", err)
	}
}

// TestPythonAgentReconnects kills the a2term serve the Python agent of
// docs/agent-api.md waits on, and starts a new one at the same socket without a
// journal: the agent connects again, sees a new canvas id, shows its form
// again, and its wait returns the person's press there.
func TestPythonAgentReconnects(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the Python agent of docs/agent-api.md is not run")
	}
	agentReconnects(t, `greet from the terminal: {"name": "Ada"}`+"\n", py, repoFile("testdata/agents/form.py"))
}

// TestGoAgentReconnects is TestPythonAgentReconnects for the Go agent of
// docs/agent-api.md, whose client shows the form again with OnNewCanvas.
func TestGoAgentReconnects(t *testing.T) {
	agent := filepath.Join(t.TempDir(), "form")
	if out, err := exec.Command("go", "build", "-o", agent, "./"+filepath.ToSlash(repoFile("testdata/agents/form"))).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	agentReconnects(t, `greet from the terminal: {"name":"Ada"}`+"\n", agent)
}

// agentReconnects runs the agent argv, restarts the a2term it waits on
// with a new canvas, and checks that the agent shows its form there and
// prints want once the person answers.
func agentReconnects(t *testing.T, want string, argv ...string) {
	bin := buildBinary(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "s", "a2term.sock")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	first := startServe(t, bin, sock, "--no-state")
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "A2TERM_SOCKET="+sock)
	var stdout, stderr testutil.SyncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	waitingNow(t, ctx, sock)

	first.Process.Kill()
	first.Wait()
	startServe(t, bin, sock, "--no-state")
	// The agent shows its form again on the new canvas.
	waitUntil(t, "the agent shows its form on the new canvas", func() bool {
		select {
		case err := <-done:
			t.Fatalf("the agent ended: %v\nstdout %q\nstderr %q", err, stdout.String(), stderr.String())
		default:
		}
		st, err := stateOf(ctx, sock)
		return err == nil && len(st) == 1
	})
	personPresses(t, ctx, sock, "Ada")
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the agent: %v\n%s", err, stderr.String())
		}
	case <-ctx.Done():
		t.Fatalf("the agent never ended; it printed %q, %q", stdout.String(), stderr.String())
	}
	if stdout.String() != want {
		t.Errorf("the agent printed %q, want %q (stderr %q)", stdout.String(), want, stderr.String())
	}
}
