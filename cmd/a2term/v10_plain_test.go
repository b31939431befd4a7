//go:build unix

package main

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestPlainReplayV10: a v1.0 stream replayed in plain mode lists its
// controls with the v1.0 properties read (a failing check's message, a
// slider's steps), and the person's commands fill the form, enable the
// button its checks held and press it.
func TestPlainReplayV10(t *testing.T) {
	bin := buildBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "replay", "--plain", repoFile("testdata/streams/signup-v10.jsonl"))
	cmd.Env = append(withoutEnv("COLUMNS", "A2TERM_PLAIN"), "TERM=xterm-256color")
	cmd.Stdin = strings.NewReader("set 2 grace@example.org\nslide 4 +\npress 6\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("a2term replay --plain: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	last := 0
	for _, want := range []string{
		"* → show signup: 11 components",
		"    Join the reading club\n",
		`[2] text field "Email": empty (Not an email address)`,
		`[3] choice "Plan" (one): Paper (chosen), Digital`,
		`[4] slider "Books a month" (1 to 5): 2`,
		`[6] button "Join", disabled: Give a name and an address first`,
		`* signup: [6] Join is now enabled`,
		`* signup: [4] Books a month is now 3`,
		`* ← the person pressed join on signup (terminal): name="Grace Hopper",`,
	} {
		i := strings.Index(out[last:], want)
		if i < 0 {
			t.Fatalf("the plain replay lacks, after what came before, %q:\n%s", want, out)
		}
		last += i + len(want)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("an escape byte in plain mode:\n%q", out)
	}
}
