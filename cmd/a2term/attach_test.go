//go:build unix

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
)

// startServe runs bin serve on sock, with args, and returns once it
// listens; it is ended with the test.
func startServe(t *testing.T, bin, sock string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--no-web", "--socket", sock}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr testutil.SyncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("serve's first line: %v (stderr: %s)", err, stderr.String())
	}
	readyLine(t, line, sock, false)
	return cmd
}

// showHello connects an agent to the a2term at sock and shows helloForm;
// the connection is closed with the test.
func showHello(t *testing.T, ctx context.Context, sock string) *client.Client {
	t.Helper()
	agent, err := client.Dial(ctx, sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { agent.Close() })
	if _, err := agent.Show(ctx, helloForm...); err != nil {
		t.Fatal(err)
	}
	return agent
}

// split opens a pane beside the session's first one running command and
// returns its target.
func (x *tmux) split(command ...string) string {
	x.t.Helper()
	command = paneCommand(command)
	args := append([]string{"split-window", "-h", "-t", x.session + ":0.0", "-P", "-F", "#{pane_id}", "--"}, command...)
	return strings.TrimSpace(x.srv.Run(args...))
}

// pane returns the pane id of the session's first pane.
func (x *tmux) firstPane() string {
	x.t.Helper()
	return strings.TrimSpace(x.srv.Run("display-message", "-p", "-t", x.session+":0.0", "#{pane_id}"))
}

func (x *tmux) keysTo(pane string, keys ...string) {
	x.t.Helper()
	x.srv.Keys(pane, keys...)
}

func (x *tmux) screenOf(pane string) string {
	x.t.Helper()
	return x.srv.Screen(pane)
}

// waitForIn polls a pane until it shows want, for at most screenWait.
func (x *tmux) waitForIn(pane, want string) string {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		s := x.screenOf(pane)
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("pane %s never showed %q; it shows:\n%s", pane, want, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// agentWaits starts a canvas.wait and returns where its result comes,
// once the hub counts it as waiting.
func agentWaits(t *testing.T, c *client.Client) <-chan hub.WaitResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	out := make(chan hub.WaitResult, 1)
	go func() {
		res, err := c.Wait(ctx, 60)
		if err != nil {
			t.Error(err)
		}
		out <- res
	}()
	return out
}

// actionOf reads the name and context of a v0.8 action.
func actionOf(t *testing.T, res hub.WaitResult) (string, string) {
	t.Helper()
	var m struct {
		UserAction struct {
			Name    string          `json:"name"`
			Context json.RawMessage `json:"context"`
		} `json:"userAction"`
	}
	if err := json.Unmarshal(res.Action, &m); err != nil {
		t.Fatalf("action %s: %v", res.Action, err)
	}
	return m.UserAction.Name, string(m.UserAction.Context)
}

// TestAttachTwoTerminalsInTmux attaches two terminals, side by side in
// one tmux window, to an a2term serve: what is typed in one shows in the
// other, a press from either reaches the waiting agent once, and closing
// one pane leaves the other working.
func TestAttachTwoTerminalsInTmux(t *testing.T) {
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	startServe(t, bin, sock)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	agent := showHello(t, ctx, sock)

	x := startTmux(t, 161, 30, bin, "attach", "--socket", sock)
	left := x.firstPane()
	right := x.split(bin, "attach", "--socket", sock)
	for _, p := range []string{left, right} {
		x.waitForIn(p, "Who is there?")
	}
	// Each pane starts with the focus on the first control, the name.
	x.keysTo(left, "A", "d", "a")
	x.waitForIn(left, "Ada")
	x.waitForIn(right, "Ada")

	// The right pane presses Send: the agent gets it once, with Ada.
	got := agentWaits(t, agent)
	x.keysTo(right, "Tab", "Enter")
	res := <-got
	if name, values := actionOf(t, res); name != "greet" || values != `{"name":"Ada"}` || res.Source != hub.Terminal {
		t.Errorf("the agent got %s %s from %s", name, values, res.Source)
	}
	if res, err := agent.Wait(ctx, 0); err != nil || !res.TimedOut {
		t.Errorf("the press came twice: %s (%v)", res.Action, err)
	}
	x.keysTo(left, "C-t") // the transcript, on a narrow pane
	x.waitForIn(left, "the agent took greet")
	x.keysTo(left, "C-t")

	// The left pane goes away; the right one goes on.
	x.srv.Run("kill-pane", "-t", left)
	deadline := time.Now().Add(screenWait)
	for {
		info, err := agent.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if info.Terminals == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d terminals still counted after one pane closed", info.Terminals)
		}
		time.Sleep(50 * time.Millisecond)
	}
	x.keysTo(right, "BTab")
	x.keysTo(right, "End", "BSpace", "BSpace", "BSpace", "G", "r", "a", "c", "e")
	x.waitForIn(right, "Grace")
	got = agentWaits(t, agent)
	x.keysTo(right, "Tab", "Enter")
	if name, values := actionOf(t, <-got); name != "greet" || values != `{"name":"Grace"}` {
		t.Errorf("after the other pane closed, the agent got %s %s", name, values)
	}
}

// startPlainAttach starts `a2term attach --plain` on sock, its input a
// pipe the test writes the person's commands to.
func startPlainAttach(t *testing.T, ctx context.Context, bin, sock string) (cmd *exec.Cmd, in io.WriteCloser, stdout, stderr *testutil.SyncBuffer) {
	t.Helper()
	cmd = exec.CommandContext(ctx, bin, "attach", "--plain", "--socket", sock)
	cmd.Env = append(withoutEnv("COLUMNS", "A2TERM_PLAIN"), "TERM=xterm-256color")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr = &testutil.SyncBuffer{}, &testutil.SyncBuffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, in, stdout, stderr
}

// TestAttachPlain attaches in plain mode, commands read from a pipe: the
// canvas is printed, what is typed reaches the hub, a press reaches the
// waiting agent, and quit detaches, leaving the hub running.
func TestAttachPlain(t *testing.T) {
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	startServe(t, bin, sock)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	agent := showHello(t, ctx, sock)
	got := agentWaits(t, agent)
	cmd, in, stdout, stderr := startPlainAttach(t, ctx, bin, sock)
	if _, err := in.Write([]byte("set 1 Ada\npress 2\n")); err != nil {
		t.Fatal(err)
	}
	res := <-got
	if name, values := actionOf(t, res); name != "greet" || values != `{"name":"Ada"}` || res.Source != hub.Terminal {
		t.Errorf("the agent got %s %s from %s", name, values, res.Source)
	}
	// The session prints what changed as it hears of it: quit once it
	// printed the press.
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(stdout.String(), "the person pressed greet") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	in.Write([]byte("quit\n"))
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("attach --plain: %v\nstderr: %s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"Who is there?", `  [1] text field "Your name": empty`, `* hello: [1] Your name is now "Ada"`, `* ← the person pressed greet on hello (terminal): name="Ada"`} {
		if !strings.Contains(out, want) {
			t.Errorf("attach --plain printed no %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("attach --plain printed an escape byte:\n%q", out)
	}
	if _, err := agent.Info(ctx); err != nil {
		t.Errorf("the hub is gone after a plain terminal detached: %v", err)
	}
}

// TestAttachPlainTalksToA2A attaches in plain mode to a2term connect:
// what the person writes there (say) reaches the A2A agent, whose answer
// the attached terminal prints, and its cancel reaches the agent too.
func TestAttachPlainTalksToA2A(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn := exec.Command(bin, "connect", a.URL, "--plain", "--no-web", "--no-state", "--socket", sock)
	conn.Env = append(withoutEnv("COLUMNS", "A2TERM_PLAIN"), "TERM=xterm-256color")
	connIn, err := conn.StdinPipe() // open until the end: the hub runs
	if err != nil {
		t.Fatal(err)
	}
	var connOut testutil.SyncBuffer
	conn.Stdout, conn.Stderr = &connOut, &connOut
	if err := conn.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { connIn.Close(); conn.Process.Kill(); conn.Wait() })
	waitOut := func(what string, out *testutil.SyncBuffer, want string) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for !strings.Contains(out.String(), want) {
			if time.Now().After(deadline) {
				t.Fatalf("%s never printed %q:\n%s", what, want, out.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitOut("connect", &connOut, "Connected to Scripted agent")

	cmd, in, stdout, stderr := startPlainAttach(t, ctx, bin, sock)
	if _, err := in.Write([]byte("help\nsay a table for two\n")); err != nil {
		t.Fatal(err)
	}
	waitOut("attach", stdout, "Here is the menu.")
	waitOut("attach", stdout, "Margherita")
	if _, err := in.Write([]byte("cancel\n")); err != nil {
		t.Fatal(err)
	}
	waitOut("attach", stdout, "The agent was asked to cancel its task.")
	in.Write([]byte("quit\n"))
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("attach --plain: %v\nstderr: %s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"- say TEXT: send TEXT to the agent", "← the person wrote: a table for two", "→ asked the agent to cancel its task"} {
		if !strings.Contains(out, want) {
			t.Errorf("attach --plain printed no %q:\n%s", want, out)
		}
	}
	got := a.Received()
	if len(got) != 1 {
		t.Fatalf("the agent got %d messages, want 1", len(got))
	}
	if p, ok := got[0].Message.Parts[0].(a2a.TextPart); !ok || p.Text != "a table for two" {
		t.Errorf("the agent got %#v", got[0].Message.Parts)
	}
}
