//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// withoutEnv returns the environment without the variables named.
func withoutEnv(names ...string) []string {
	var out []string
	for _, kv := range os.Environ() {
		keep := true
		for _, n := range names {
			keep = keep && !strings.HasPrefix(kv, n+"=")
		}
		if keep {
			out = append(out, kv)
		}
	}
	return out
}

// TestPlainRunFromAPipe: commands piped into a2term run --plain reach the
// agent — it prints the name typed — and the end of the input ends a2term
// once the agent has exited, with no escape byte anywhere in the output.
func TestPlainRunFromAPipe(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the example agent cannot run")
	}
	bin := buildBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	cmd := exec.CommandContext(ctx, bin, "run", "--plain", "--no-web", "--socket", sock, "--", py, repoFile("testdata/agents/form.py"))
	cmd.Env = append(withoutEnv("COLUMNS", "A2TERM_PLAIN"), "TERM=xterm-256color")
	cmd.Stdin = strings.NewReader("set 1 Ada\npress 2\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("a2term run: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		`  [1] text field "Your name": empty`,
		`  [2] button "Send", disabled: Type your name first`,
		"> set 1 Ada",
		`  [1] text field "Your name": "Ada"`,
		`  [2] button "Send"`,
		`* ← the person pressed greet on hello (terminal): name="Ada"`,
		`  out: greet from the terminal: {"name": "Ada"}`,
		"  agent: Nice to meet you, Ada!",
		"* python3 exited with status 0",
	} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("no line %q in:\n%s", want, out)
		}
	}
	if strings.ContainsRune(out, '\x1b') {
		t.Errorf("an escape byte in the output:\n%q", out)
	}
}

// startRecordedTmux runs command in a tmux pane of w columns whose every
// byte of output is also copied to the file it returns: the program
// starts only once the copy is in place.
func startRecordedTmux(t *testing.T, w, h int, command string) (*tmux, string) {
	t.Helper()
	dir := t.TempDir()
	gate, rec := filepath.Join(dir, "go"), filepath.Join(dir, "output")
	x := startTmux(t, w, h, "sh", "-c", "while [ ! -e "+gate+" ]; do sleep 0.05; done; "+command+"; echo; echo '[ended]'; sleep 60")
	x.srv.Run("pipe-pane", "-o", "-t", x.session, "cat > "+rec)
	if err := os.WriteFile(gate, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return x, rec
}

// recording waits until the recording at rec holds want, which the screen
// shows already (the pane's output reaches the file through a pipe, a
// moment later), and returns it.
func (x *tmux) recording(rec, want string) []byte {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		data, err := os.ReadFile(rec)
		if err != nil && !os.IsNotExist(err) {
			x.t.Fatal(err)
		}
		if bytes.Contains(data, []byte(want)) {
			return data
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the recording never held %q; it holds:\n%q", want, data)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestPlainDumbTerminal: with TERM=dumb in a real terminal the demo is in
// plain mode by itself and writes not one escape byte while the person
// uses it.
func TestPlainDumbTerminal(t *testing.T) {
	bin := buildBinary(t)
	x, rec := startRecordedTmux(t, 80, 40, "env -u COLUMNS -u A2TERM_PLAIN TERM=dumb "+bin+" demo --no-web --script invoices")
	x.waitFor("[4] button \"Pay both\"")
	x.keys("set 3 thanks", "Enter")
	x.waitFor(`is now "thanks"`)
	x.keys("press 4", "Enter")
	x.waitFor("Paid INV-1042 and INV-1057.")
	x.keys("quit", "Enter")
	x.waitFor("[ended]")
	data := x.recording(rec, "[ended]")
	if !bytes.Contains(data, []byte("plain mode")) {
		t.Fatalf("the recording holds no plain mode:\n%q", data)
	}
	if i := bytes.IndexByte(data, 0x1b); i >= 0 {
		t.Errorf("an escape byte at %d: %q", i, data[max(0, i-40):min(len(data), i+40)])
	}
}

// TestPlainAt60Columns: the whole demo, in a terminal 60 columns wide
// with no COLUMNS set, prints no line wider than 60 — lines the terminal
// wrapped itself are joined before they are measured.
func TestPlainAt60Columns(t *testing.T) {
	bin := buildBinary(t)
	x := startTmux(t, 60, 50, "env", "-u", "COLUMNS", "-u", "A2TERM_PLAIN", "TERM=dumb", bin, "demo", "--no-web")
	x.waitFor(`[4] button "Pay both"`)
	x.keys("press 4", "Enter")
	x.waitFor(`[12] button "Save settings"`)
	x.keys("set 11 1234", "Enter")
	x.waitFor("is now 4 characters")
	x.keys("press 12", "Enter")
	x.waitFor("[13] tabs:")
	x.keys("choose 13 Input", "Enter")
	x.waitFor("Send these values")
	x.keys("help", "Enter")
	x.waitFor("- quit:")
	out := x.srv.Run("capture-pane", "-p", "-J", "-S", "-", "-t", x.session)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) < 100 {
		t.Fatalf("only %d lines were printed:\n%s", len(lines), out)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(strings.TrimRight(l, " ")); w > 60 {
			t.Errorf("line %d is %d wide: %q", i+1, w, l)
		}
	}
	x.keys("quit", "Enter")
	x.gone()
}

// TestPlainReplayOpenOfAStream: --open on a replayed stream, which has no
// web mirror, says so in the transcript rather than doing nothing.
func TestPlainReplayOpenOfAStream(t *testing.T) {
	bin := buildBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "replay", "--plain", "--open", repoFile("testdata/streams/order-form.jsonl"))
	cmd.Env = append(withoutEnv("COLUMNS", "A2TERM_PLAIN"), "TERM=xterm-256color")
	cmd.Stdin = strings.NewReader("")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("a2term replay: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "* A stream replays without the web mirror: --open is for a script agent") {
		t.Errorf("replay --open of a stream:\n%s", stdout.String())
	}
}
