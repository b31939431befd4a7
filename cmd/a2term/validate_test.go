package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestValidateExitCodesAndLines(t *testing.T) {
	good := filepath.Join("..", "..", "testdata", "streams", "order-form.jsonl")
	bad := filepath.Join("..", "..", "testdata", "streams", "one-bad-line.jsonl")
	tests := []struct {
		name    string
		args    []string
		code    int
		want    []string // substrings of stdout, in order
		wantErr string
		notWant string
	}{
		{name: "accepted", args: []string{"validate", good}, code: 0,
			want: []string{good + ": ok: 3 messages, 1 surface shown, 0 warnings"}},
		{name: "batch refused at its first bad message", args: []string{"validate", bad}, code: 1,
			want:    []string{bad + ": message 1: bad_value: usageHint \"h7\"", bad + ": refused: the batch of 5 messages was not applied"},
			notWant: "message 3"},
		{name: "each reports every refusal and warning in order", args: []string{"validate", "--each", bad}, code: 1,
			want: []string{
				bad + ": message 1: bad_value",
				bad + ": message 3: bad_message: not JSON",
				bad + ": message 4: warning unknown_property: Text has no property \"color\"",
				bad + ": refused: 2 of 5 messages refused, 1 warning",
			},
			// beginRendering before its root is accepted: the surface waits.
			notWant: "message 0"},
		{name: "flags after the file", args: []string{"validate", bad, "--each"}, code: 1,
			want: []string{"2 of 5 messages refused"}},
		{name: "several files get a total", args: []string{"validate", good, bad}, code: 1,
			want: []string{"2 files: 1 accepted, 1 refused"}},
		{name: "no file is a usage error", args: []string{"validate"}, code: 2, wantErr: "no FILE given"},
		{name: "unreadable file", args: []string{"validate", "no-such-file.jsonl"}, code: 2, wantErr: "no-such-file.jsonl"},
		{name: "unknown flag", args: []string{"validate", "--nope", good}, code: 2, wantErr: "flag provided but not defined"},
		{name: "help explains and succeeds", args: []string{"validate", "-h"}, code: 0, wantErr: "Exit status: 0 when every file is accepted"},
		{name: "unknown command", args: []string{"frobnicate"}, code: 2, wantErr: `unknown command "frobnicate"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errOut)
			}
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("stdout lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			if tt.notWant != "" && strings.Contains(out, tt.notWant) {
				t.Errorf("stdout holds %q:\n%s", tt.notWant, out)
			}
			if tt.wantErr != "" && !strings.Contains(errOut, tt.wantErr) {
				t.Errorf("stderr lacks %q:\n%s", tt.wantErr, errOut)
			}
		})
	}
}

// TestValidateSamples runs the command over the official samples the way
// the README suggests: everything accepted with --lenient --each except
// the kitchen sink (more surfaces than one canvas holds, and a stray v0.9
// message).
func TestValidateSamples(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "a2ui-samples")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json*"))
	if len(files) == 0 {
		t.Skipf("no A2UI samples at %s; skipped", dir)
	}
	for _, f := range files {
		code, out, errOut := runCmd(t, "validate", "--lenient", "--each", f)
		base := filepath.Base(f)
		if base == "composer-theater-kitchen-sink.json" {
			if code != 1 || !strings.Contains(out, "message 49: bad_message") || !strings.Contains(out, "too_many_surfaces") {
				t.Errorf("%s: exit %d, want 1 with the stray action and the surface limit reported:\n%s", base, code, out)
			}
			continue
		}
		if code != 0 {
			t.Errorf("%s: exit %d:\n%s%s", base, code, out, errOut)
		}
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}

// TestReadmeValidateExample runs the validate example the README shows and
// checks that the README shows what it really prints.
func TestReadmeValidateExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	const prompt = "$ a2term validate --each testdata/streams/one-bad-line.jsonl\n"
	i := strings.Index(string(readme), prompt)
	if i < 0 {
		t.Fatal("the README lost its validate example")
	}
	rest := string(readme[i+len(prompt):])
	want := rest[:strings.Index(rest, "```")]
	wd, _ := os.Getwd()
	if err := os.Chdir(filepath.Join("..", "..")); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	code, got, errOut := runCmd(t, "validate", "--each", "testdata/streams/one-bad-line.jsonl")
	if code != 1 || got != want {
		t.Errorf("exit %d (want 1); the README shows:\n%s\nthe command prints:\n%s%s", code, want, got, errOut)
	}
}
