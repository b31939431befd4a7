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

// startClipboardTmux is startTmux on a server that takes what programs
// write to the clipboard (OSC 52) into its paste buffer.
func startClipboardTmux(t *testing.T, w, h int, command ...string) *tmux {
	t.Helper()
	return startTmuxWith(t, []string{"set -s set-clipboard on"}, w, h, command...)
}

// waitRows polls the screen until ok says it is there, for at most
// screenWait.
func (x *tmux) waitRows(what string, ok func(rows []string) bool) []string {
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

func (x *tmux) waitText(want string) []string {
	x.t.Helper()
	return x.waitRows(strconv.Quote(want), func(rows []string) bool { return strings.Contains(strings.Join(rows, "\n"), want) })
}

// buffer returns tmux's newest paste buffer, and whether there is one.
func (x *tmux) buffer() (string, bool) {
	out, err := x.srv.Command("show-buffer").CombinedOutput()
	if err != nil {
		return "", false
	}
	return string(out), true
}

var pairingLink = regexp.MustCompile(`^http://127\.0\.0\.1:\d+/pair/[1-9A-HJ-NP-Za-km-z]{22}$`)

// TestDemoScrollAndCopyInTmux plays the demo in a real terminal of 60×14:
// after a press that fills the transcript past a page, the transcript is
// scrolled back to its first line and the web mirror's link copied with
// ctrl+y. tmux's paste buffer (set-clipboard on) gets the link then, and
// not before; the link pairs a browser once; copied again, it is a new
// one.
func TestDemoScrollAndCopyInTmux(t *testing.T) {
	bin := buildBinary(t)
	x := startClipboardTmux(t, 60, 14, bin, "demo")
	x.waitText("Invoices still owed")
	x.keys("Tab", "Tab", "Tab", "Enter") // Pay both
	x.waitText("new surface: settings")
	x.keys("C-t") // the transcript, on a narrow terminal
	rows := x.waitText("opened your")
	if strings.HasPrefix(rows[1], " Transcript") {
		t.Fatalf("the transcript fits on one page; nothing to scroll:\n%s", strings.Join(rows, "\n"))
	}
	x.keys("Home")
	rows = x.waitRows("the transcript's first line", func(rows []string) bool { return strings.HasPrefix(rows[1], " Transcript") })
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
	x := startClipboardTmux(t, 100, 24, "env", "XDG_STATE_HOME="+os.Getenv("XDG_STATE_HOME"), bin, "attach", "--socket", sock)
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
