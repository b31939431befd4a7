//go:build unix

package main

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/testutil"
)

// TestPlainReplayV10: a v1.0 stream replayed in plain mode lists its
// controls with the v1.0 properties read (a failing check's message, a
// slider's steps), and the person's commands fill the form, enable the
// button its checks held and press it. Each command is typed once plain
// mode has said what the one before it changed, as a person reads before
// typing: commands that arrive together may be said together.
func TestPlainReplayV10(t *testing.T) {
	bin := buildBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "replay", "--plain", repoFile("testdata/streams/signup-v10.jsonl"))
	cmd.Env = append(withoutEnv("COLUMNS", "A2TERM_PLAIN"), "TERM=xterm-256color")
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
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case lines <- sc.Text() + "\n":
			case <-ctx.Done():
				return
			}
		}
	}()
	var out strings.Builder
	last := 0
	// expect reads until the output holds want after what it held before.
	expect := func(want string) {
		t.Helper()
		for {
			if i := strings.Index(out.String()[last:], want); i >= 0 {
				last += i + len(want)
				return
			}
			line, ok := <-lines
			if !ok {
				t.Fatalf("the plain replay lacks, after what came before, %q:\n%s\nstderr:\n%s", want, out.String(), stderr.String())
			}
			out.WriteString(line)
		}
	}
	typ := func(command string) {
		t.Helper()
		if _, err := io.WriteString(stdin, command+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{
		"* → show signup: 11 components",
		"    Join the reading club\n",
		`[2] text field "Email": empty (Not an email address)`,
		`[3] choice "Plan" (one): Paper (chosen), Digital`,
		`[4] slider "Books a month" (1 to 5): 2`,
		`[6] button "Join", disabled: Give a name and an address first`,
	} {
		expect(want)
	}
	typ("set 2 grace@example.org")
	expect(`* signup: [6] Join is now enabled`)
	typ("slide 4 +")
	expect(`* signup: [4] Books a month is now 3`)
	typ("press 6")
	expect(`* ← the person pressed join on signup (terminal): name="Grace Hopper",`)
	if err := stdin.Close(); err != nil {
		t.Fatal(err)
	}
	for line := range lines {
		out.WriteString(line)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("a2term replay --plain: %v\nstdout:\n%s\nstderr:\n%s", err, out.String(), stderr.String())
	}
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("an escape byte in plain mode:\n%q", out.String())
	}
}
