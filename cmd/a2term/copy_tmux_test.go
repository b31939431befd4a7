package main

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// privateTmux is a tmux server of the test's own (tmux -L), so that its
// options (set-clipboard) and its paste buffers are the test's alone.
type privateTmux struct {
	t    *testing.T
	name string
}

// tmuxServers numbers the test's tmux servers (tests of a package run
// one at a time unless they say otherwise, and these do not).
var tmuxServers int

func startPrivateTmux(t *testing.T, w, h int, command ...string) *privateTmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed; the terminal end-to-end tests need it (CI installs it)")
	}
	tmuxServers++
	x := &privateTmux{t: t, name: "a2term-test-" + strconv.Itoa(os.Getpid()) + "-" + strconv.Itoa(tmuxServers)}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", x.name, "kill-server").Run() })
	args := []string{"-L", x.name, "-f", os.DevNull, "new-session", "-d", "-s", "s", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "--"}
	cmd := exec.Command("tmux", append(args, paneCommand(command)...)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v: %s", err, out)
	}
	// Programs may set tmux's paste buffer with OSC 52.
	x.run("set", "-s", "set-clipboard", "on")
	return x
}

func (x *privateTmux) run(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", x.name}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %v: %v: %s", args, err, out)
	}
	return string(out)
}

func (x *privateTmux) keys(keys ...string) {
	x.t.Helper()
	x.run(append([]string{"send-keys", "-t", "s"}, keys...)...)
}

func (x *privateTmux) screen() string { x.t.Helper(); return x.run("capture-pane", "-p", "-t", "s") }

// waitFor polls the screen until ok says it is there, for at most screenWait.
func (x *privateTmux) waitFor(what string, ok func(rows []string) bool) []string {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		rows := strings.Split(x.screen(), "\n")
		if ok(rows) {
			return rows
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the screen never showed %s; it shows:\n%s", what, strings.Join(rows, "\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (x *privateTmux) waitText(want string) []string {
	x.t.Helper()
	return x.waitFor(strconv.Quote(want), func(rows []string) bool { return strings.Contains(strings.Join(rows, "\n"), want) })
}

// buffer returns tmux's newest paste buffer, and whether there is one.
func (x *privateTmux) buffer() (string, bool) {
	out, err := exec.Command("tmux", "-L", x.name, "show-buffer").CombinedOutput()
	if err != nil {
		return "", false
	}
	return string(out), true
}

var pairingLink = regexp.MustCompile(`^http://127\.0\.0\.1:\d+/pair/[0-9a-f]{32}$`)

// TestDemoScrollAndCopyInTmux plays the demo in a real terminal of 60×14:
// after a press that fills the transcript past a page, the transcript is
// scrolled back to its first line and the web mirror's link copied with
// ctrl+y. tmux's paste buffer (set-clipboard on) gets the link then, and
// not before; the link pairs a browser once; copied again, it is a new
// one.
func TestDemoScrollAndCopyInTmux(t *testing.T) {
	bin := buildBinary(t)
	x := startPrivateTmux(t, 60, 14, bin, "demo")
	x.waitText("Invoices still owed")
	x.keys("Tab", "Tab", "Tab", "Enter") // Pay both
	x.waitText("new surface: settings")
	x.keys("C-t") // the transcript, on a narrow terminal
	rows := x.waitText("opened your")
	if strings.HasPrefix(rows[1], " Transcript") {
		t.Fatalf("the transcript fits on one page; nothing to scroll:\n%s", strings.Join(rows, "\n"))
	}
	x.keys("Home")
	rows = x.waitFor("the transcript's first line", func(rows []string) bool { return strings.HasPrefix(rows[1], " Transcript") })
	if !strings.Contains(rows[2]+rows[3], "agent Here are the invoices") {
		t.Errorf("the first line is not the agent's first words:\n%s", strings.Join(rows, "\n"))
	}
	if b, ok := x.buffer(); ok {
		t.Fatalf("the clipboard was written before the person asked: %q", b)
	}
	x.keys("C-y")
	x.waitText("link copied")
	link, ok := x.buffer()
	if !ok || !pairingLink.MatchString(link) {
		t.Fatalf("the paste buffer holds %q (%v), want the pairing link", link, ok)
	}
	// The shortened link on the status line is that link.
	host := strings.TrimPrefix(link, "http://")
	if s := x.screen(); !strings.Contains(s, host[:strings.Index(host, "/")]) {
		t.Errorf("the status line does not show %s:\n%s", host, s)
	}
	// It is the live one-time link: it pairs a browser, once.
	c := &http.Client{Timeout: 10 * time.Second}
	res, err := c.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || len(res.Cookies()) == 0 {
		t.Fatalf("the copied link does not pair: %s, %d cookies", res.Status, len(res.Cookies()))
	}
	if res, err := c.Get(link); err != nil || res.StatusCode != http.StatusForbidden {
		t.Fatalf("the link paired twice: %v %v", res, err)
	}
	// Copied again once used: a new link.
	x.keys("C-y")
	deadline := time.Now().Add(screenWait)
	for {
		next, _ := x.buffer()
		if pairingLink.MatchString(next) && next != link {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the second copy put %q in the buffer, want a new link", next)
		}
		time.Sleep(50 * time.Millisecond)
	}
	x.keys("C-c")
}

// TestAttachCopiesTheLinkInTmux: a terminal attached to an a2term serve
// whose web mirror runs copies the mirror's one-time link with ctrl+y, as
// the hub's own terminal does, and only when asked.
func TestAttachCopiesTheLinkInTmux(t *testing.T) {
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	serve := exec.Command(bin, "serve", "--socket", sock)
	out, err := serve.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { serve.Process.Kill(); serve.Wait() })
	// Its first line: where agents connect and the mirror's link, once it
	// listens.
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("serve's first line: %v", err)
	}
	readyLine(t, line, sock, true)
	x := startPrivateTmux(t, 100, 24, "env", "XDG_STATE_HOME="+os.Getenv("XDG_STATE_HOME"), bin, "attach", "--socket", sock)
	x.waitText("web 127.0.0.1:")
	if b, ok := x.buffer(); ok {
		t.Fatalf("the clipboard was written before the person asked: %q", b)
	}
	x.keys("C-y")
	x.waitText("link copied")
	if link, ok := x.buffer(); !ok || !pairingLink.MatchString(link) {
		t.Fatalf("the paste buffer holds %q (%v), want the pairing link", link, ok)
	}
}
