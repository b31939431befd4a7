//go:build unix

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
)

// TestMain lets the test binary play the agent of `a2term run` in the
// terminal tests: started with A2TERM_TEST_AGENT set, it is that agent.
func TestMain(m *testing.M) {
	if os.Getenv("A2TERM_TEST_AGENT") != "" {
		os.Exit(testAgent())
	}
	// Journals and logs of the a2terms the tests start go to a state
	// directory of the tests' own, never the user's.
	state, err := os.MkdirTemp("", "a2term-test-state-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_STATE_HOME", state)
	code := m.Run()
	os.RemoveAll(state)
	os.Exit(code)
}

// testAgent says hello on both outputs, reports what it can reach (its
// standard input, a terminal), shows the form, prints the person's answer
// and stays until it is ended.
func testAgent() int {
	fmt.Println("agent: hello from stdout")
	fmt.Fprintln(os.Stderr, "agent: a warning")
	if b, err := io.ReadAll(os.Stdin); err == nil && len(b) == 0 {
		fmt.Println("agent: stdin is empty")
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err != nil {
		fmt.Println("agent: no terminal")
	} else {
		fmt.Fprintln(tty, "LEAKED ONTO THE TERMINAL")
		tty.Close()
		fmt.Println("agent: has a terminal")
	}
	dir := os.Getenv("A2TERM_TEST_DIR")
	if err := os.WriteFile(filepath.Join(dir, "agent.pid"), []byte(strconv.Itoa(os.Getpid())), 0o600); err != nil {
		fmt.Println("agent:", err)
		return 1
	}
	// A closed connection does not end this agent, only a signal; it
	// writes down that it got SIGTERM.
	terminated := make(chan os.Signal, 1)
	signal.Notify(terminated, syscall.SIGTERM)
	go func() {
		<-terminated
		os.WriteFile(filepath.Join(dir, "agent.end"), []byte("SIGTERM"), 0o600)
		os.Exit(0)
	}()
	ctx := context.Background()
	c, err := client.Dial(ctx, os.Getenv("A2TERM_SOCKET"))
	if err != nil {
		fmt.Println("agent:", err)
		return 1
	}
	if _, err := c.Show(ctx, helloForm...); err != nil {
		fmt.Println("agent:", err)
		return 1
	}
	res, err := c.Wait(ctx, 60)
	if err != nil || res.TimedOut {
		fmt.Println("agent: no answer:", err)
		return 1
	}
	var msg struct {
		UserAction struct {
			Name    string         `json:"name"`
			Context map[string]any `json:"context"`
		} `json:"userAction"`
	}
	if err := json.Unmarshal(res.Action, &msg); err != nil {
		fmt.Println("agent:", err)
		return 1
	}
	fmt.Printf("agent: got %s name=%v\n", msg.UserAction.Name, msg.UserAction.Context["name"])
	// Stay, as a long-running agent does, until a2term ends us.
	time.Sleep(2 * time.Minute)
	return 0
}

// startTestChild starts argv as a2term run does, on a board of its own,
// and checks at the end that no goroutine of it is left.
func startTestChild(t *testing.T, argv ...string) (*child, *hub.Board) {
	t.Helper()
	leaks := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, leaks) })
	board := hub.NewBoard(a2ui.Options{}, nil)
	c, err := startChild(argv, os.Environ(), board)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.stop(time.Second) })
	return c, board
}

// boardHas is a condition: the transcript holds an entry with this text.
func boardHas(text string) func(hub.Snapshot) bool {
	return func(s hub.Snapshot) bool { return entryIndex(s, text) >= 0 }
}

func entryIndex(s hub.Snapshot, text string) int {
	for i, e := range s.Transcript {
		if e.Text == text {
			return i
		}
	}
	return -1
}

// TestChildOutput: CMD's lines reach the transcript as the tool's,
// cleaned of escape sequences, marked as its stdout or stderr, and then
// how it ended, as a2term's own line.
func TestChildOutput(t *testing.T) {
	_, board := startTestChild(t, "sh", "-c",
		`printf 'one\n\033]52;c;aGk=\007two\r\n\n'; echo oops >&2; printf 'no newline'; exit 3`)
	s := waitView(t, board, "the exit line", boardHas("sh exited with status 3"))
	exit := entryIndex(s, "sh exited with status 3")
	for _, want := range []string{"one", "two", "oops", "no newline"} {
		i := entryIndex(s, want)
		if i < 0 || i > exit {
			t.Errorf("%q is not in the transcript before the exit line:\n%s", want, transcriptText(s))
		}
		from := hub.FromStdout
		if want == "oops" {
			from = hub.FromStderr
		}
		if i >= 0 && (s.Transcript[i].Role != hub.RoleTool || s.Transcript[i].From != from) {
			t.Errorf("%q has role %s, from %s; want the child's %s", want, s.Transcript[i].Role, s.Transcript[i].From, from)
		}
	}
	if i := entryIndex(s, "sh exited with status 3"); s.Transcript[i].From != hub.FromA2term {
		t.Errorf("the exit line is from %s, not a2term's", s.Transcript[i].From)
	}
	if n := len(s.Transcript); n != 6 { // started, four lines, exited
		t.Errorf("%d entries (blank lines are left out):\n%s", n, transcriptText(s))
	}
	if strings.ContainsAny(transcriptText(s), "\x1b\x07\r") {
		t.Errorf("control characters reached the transcript: %q", transcriptText(s))
	}
}

// TestChildIsolated: CMD reads an empty standard input and has no
// terminal to write to.
func TestChildIsolated(t *testing.T) {
	_, board := startTestChild(t, "sh", "-c",
		`n=$(cat | wc -c | tr -d ' '); echo "stdin $n bytes"; if (echo leak >/dev/tty) 2>/dev/null; then echo has a terminal; else echo no terminal; fi`)
	s := waitView(t, board, "the exit line", boardHas("sh exited with status 0"))
	for _, want := range []string{"stdin 0 bytes", "no terminal"} {
		if entryIndex(s, want) < 0 {
			t.Errorf("the transcript lacks %q:\n%s", want, transcriptText(s))
		}
	}
}

// alive reports whether process pid exists and is not a zombie.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc to tell a zombie by: ask again
	}
	// pid (comm) STATE ...; comm may hold spaces and parentheses.
	rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
	return !strings.HasPrefix(strings.TrimSpace(rest), "Z")
}

// waitGone waits until process pid has ended, for at most screenWait.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(screenWait)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d is still running", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestChildStop: quitting sends SIGTERM to CMD's whole process group — a
// process it started in the background as well — and the transcript says
// how CMD ended.
func TestChildStop(t *testing.T) {
	c, board := startTestChild(t, "sh", "-c", `sleep 60 & echo "background $!"; wait`)
	s := waitView(t, board, "the background pid", func(s hub.Snapshot) bool {
		return strings.Contains(transcriptText(s), "tool: background ")
	})
	var bg int
	for _, e := range s.Transcript {
		if n, ok := strings.CutPrefix(e.Text, "background "); ok {
			bg, _ = strconv.Atoi(n)
		}
	}
	if c.stop(killGrace) {
		t.Error("SIGTERM was not enough")
	}
	waitView(t, board, "the exit line", boardHas("sh ended by signal SIGTERM"))
	waitGone(t, bg)
	if c.stop(killGrace) {
		t.Error("stopping twice killed something")
	}
}

// TestChildKilledAfterGrace: a CMD that ignores SIGTERM gets SIGKILL once
// the grace period is over.
func TestChildKilledAfterGrace(t *testing.T) {
	c, board := startTestChild(t, "sh", "-c", `trap "" TERM; echo ready; sleep 60`)
	waitView(t, board, "the trap", boardHas("ready"))
	if !c.stop(100 * time.Millisecond) {
		t.Error("a CMD that ignores SIGTERM was not killed")
	}
	waitView(t, board, "the exit line", boardHas("sh ended by signal SIGKILL"))
}

func TestRunUsageAndErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		out    []string // substrings of stdout
		errOut []string // substrings of stderr
	}{
		{
			args: nil, code: exitUsage, out: []string{"a2term [--socket PATH]", "  run ", "  serve ", "With no command"},
			errOut: []string{"needs a terminal"},
		},
		{args: []string{"-h"}, code: exitOK, out: []string{"Commands:", "  run ", "  serve ", "With no command", "-socket PATH"}},
		{args: []string{"help"}, code: exitOK, out: []string{"Commands:"}},
		{args: []string{"--bogus"}, code: exitUsage, errOut: []string{"flag provided but not defined: -bogus"}},
		{args: []string{"--lenient", "nope"}, code: exitUsage, errOut: []string{`unknown command "nope"`}},
		{args: []string{"run"}, code: exitUsage, errOut: []string{"give the command to run after --"}},
		{args: []string{"run", "-h"}, code: exitOK, errOut: []string{"A2TERM_SOCKET", "SIGKILL"}},
		{
			args: []string{"run", "--socket", filepath.Join(t.TempDir(), "s", "a2term.sock"), "--", "/nonexistent/agent"},
			code: exitRefused, errOut: []string{"a2term run: ", "/nonexistent/agent"},
		},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, tt.args...)
		if code != tt.code {
			t.Errorf("a2term %q: exit %d, want %d\n%s%s", tt.args, code, tt.code, out, errOut)
		}
		for _, w := range tt.out {
			if !strings.Contains(out, w) {
				t.Errorf("a2term %q: stdout lacks %q:\n%s", tt.args, w, out)
			}
		}
		for _, w := range tt.errOut {
			if !strings.Contains(errOut, w) {
				t.Errorf("a2term %q: stderr lacks %q:\n%s", tt.args, w, errOut)
			}
		}
	}
}

// gone waits until the tmux session has ended, for at most screenWait.
func (x *tmux) gone() {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	for x.srv.Command("has-session", "-t", x.session).Run() == nil {
		if time.Now().After(deadline) {
			x.t.Fatalf("the program did not end; the screen shows:\n%s", x.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// runAgentInTmux starts `a2term run` in tmux with the test binary as its
// agent, and returns the socket's path and a function that waits until
// the agent was ended by SIGTERM.
func runAgentInTmux(t *testing.T) (x *tmux, sock string, terminated func()) {
	t.Helper()
	bin := buildBinary(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sock = filepath.Join(dir, "s", "a2term.sock")
	x = startTmux(t, 120, 40, "env", "A2TERM_TEST_AGENT=form", "A2TERM_TEST_DIR="+dir,
		bin, "run", "--no-web", "--socket", sock, "--", self)
	return x, sock, func() {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, "agent.pid"))
		if err != nil {
			t.Fatal(err)
		}
		pid, err := strconv.Atoi(string(b))
		if err != nil {
			t.Fatal(err)
		}
		waitGone(t, pid)
		if end, err := os.ReadFile(filepath.Join(dir, "agent.end")); string(end) != "SIGTERM" {
			t.Errorf("the agent was not ended by SIGTERM (%q, %v)", end, err)
		}
	}
}

// TestRunInTmux runs an agent under `a2term run` in a real terminal: its
// output lines show in the transcript, never on the screen; the person
// answers its form with the keyboard and the agent gets the answer; ctrl+c
// quits and ends the agent.
func TestRunInTmux(t *testing.T) {
	x, sock, terminated := runAgentInTmux(t)
	x.waitFor("Who is there?")
	x.waitFor("agents: " + sock)
	for _, line := range []string{"agent: hello from stdout", "err agent: a warning", "agent: stdin is empty", "agent: no terminal"} {
		x.waitFor(line)
	}
	// The name field, the first control, has the focus from the start.
	x.keys("A", "d", "a")
	x.waitFor("Ada")
	x.keys("Tab")
	x.keys("Enter")
	s := x.waitFor("agent: got greet name=Ada")
	if strings.Contains(s, "LEAKED") {
		t.Errorf("the agent wrote onto the terminal:\n%s", s)
	}
	x.keys("C-c")
	x.gone()
	terminated()
	if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the socket is still there: %v", err)
	}
}

// TestRunHangupInTmux: when the terminal goes away (tmux kills the
// session: SIGHUP), a2term still ends its agent and removes the socket.
func TestRunHangupInTmux(t *testing.T) {
	x, sock, terminated := runAgentInTmux(t)
	x.waitFor("Who is there?")
	x.waitFor("agent: no terminal") // its pid is written
	x.srv.Run("kill-session", "-t", x.session)
	terminated()
	deadline := time.Now().Add(screenWait)
	for {
		if _, err := os.Lstat(sock); errors.Is(err, os.ErrNotExist) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the socket is still there after the hangup")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestRunChildExitInTmux: when CMD exits the transcript says so and the
// program stays until the person quits.
func TestRunChildExitInTmux(t *testing.T) {
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	x := startTmux(t, 120, 30, bin, "run", "--socket", sock, "--", "sh", "-c", "echo bye; exit 3")
	x.waitFor("bye")
	s := x.waitFor("sh exited with status 3")
	if !strings.Contains(s, "Waiting for an agent to show something") {
		t.Errorf("the program did not stay:\n%s", s)
	}
	x.keys("C-c")
	x.gone()
}

// TestPlainInTmux: a2term with no command waits for an agent at its
// socket, says where, and shows what an agent connecting there shows.
func TestPlainInTmux(t *testing.T) {
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	x := startTmux(t, 120, 30, bin, "--no-web", "--socket", sock)
	x.waitFor("agents: " + sock)
	x.waitFor("Waiting for an agent: start it with")
	ctx := context.Background()
	showHello(t, ctx, sock)
	x.waitFor("Who is there?")
	x.keys("C-c")
	x.gone()
	if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the socket is still there: %v", err)
	}
}

// TestRunSocketsArePrivate starts two a2term runs at once without
// --socket: each CMD gets a socket of its own, neither the shared
// default, and both run. A plain a2term whose default socket is taken
// says which flag gives it another.
func TestRunSocketsArePrivate(t *testing.T) {
	bin := buildBinary(t)
	runtime, dir := t.TempDir(), t.TempDir()
	shared := filepath.Join(runtime, "a2term", "a2term.sock")
	var socks []string
	for i := 0; i < 2; i++ {
		file := filepath.Join(dir, strconv.Itoa(i))
		x := startTmux(t, 120, 30, "env", "XDG_RUNTIME_DIR="+runtime, bin, "run", "--no-web", "--",
			"sh", "-c", `echo "$A2TERM_SOCKET" > `+file+`; sleep 60`)
		x.waitText("Waiting for an agent to show something")
		deadline := time.Now().Add(screenWait)
		var sock string
		for {
			data, _ := os.ReadFile(file)
			if sock = strings.TrimSpace(string(data)); sock != "" || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if !strings.HasPrefix(sock, runtime+string(filepath.Separator)) || sock == shared {
			t.Errorf("run %d's socket is %q", i, sock)
		}
		if fi, err := os.Lstat(sock); err != nil || fi.Mode().Type() != os.ModeSocket {
			t.Errorf("run %d's socket %s: %v", i, sock, err)
		}
		socks = append(socks, sock)
	}
	if socks[0] == socks[1] {
		t.Errorf("two runs share %s", socks[0])
	}
	// A plain a2term takes the shared default, and a second one says
	// what to do instead.
	p := startTmux(t, 120, 30, "env", "XDG_RUNTIME_DIR="+runtime, bin, "--no-web")
	p.waitText("agents: " + shared)
	q := startTmux(t, 160, 30, "sh", "-c", "XDG_RUNTIME_DIR="+runtime+" "+bin+" --no-web; echo exit=$?; sleep 60")
	out := strings.Join(q.waitText("exit="), "\n")
	for _, want := range []string{"already running", "--socket PATH", "a2term run -- CMD", "exit=1"} {
		if !strings.Contains(out, want) {
			t.Errorf("the second plain a2term does not say %q:\n%s", want, out)
		}
	}
}
