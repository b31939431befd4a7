package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCopilotInstall runs a2term copilot install as a person would: in a
// git repository (from a folder inside it), with --user, and outside any
// repository.
func TestCopilotInstall(t *testing.T) {
	bin := buildBinary(t)
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(repo, "src")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	install := func(dir string, args ...string) (string, string, error) {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"copilot"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "COPILOT_HOME="+home)
		var out, errOut strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		return out.String(), errOut.String(), err
	}
	v := buildVersionOf(t, bin).short()
	for _, tc := range []struct {
		name string
		args []string
		file string
	}{
		{"project", []string{"install"}, filepath.Join(repo, ".github", "extensions", "a2term", "extension.mjs")},
		{"user", []string{"install", "--user"}, filepath.Join(home, "extensions", "a2term", "extension.mjs")},
	} {
		out, errOut, err := install(sub, tc.args...)
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, err, errOut)
		}
		if !strings.HasPrefix(out, "Wrote the a2term extension (a2term "+v+") to "+tc.file+"\n") || !strings.Contains(out, "It runs "+bin+".") {
			t.Errorf("%s: it says\n%s", tc.name, out)
		}
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `const A2TERM_BIN = "`+bin+`";`) || !strings.Contains(string(data), `const A2TERM_VERSION = "`+v+`";`) {
			t.Errorf("%s: the extension does not name this a2term and its version", tc.name)
		}
	}
	if _, errOut, err := install(t.TempDir(), "install"); err == nil || !strings.Contains(errOut, "not in a git repository") {
		t.Errorf("outside a repository: %v %s", err, errOut)
	}
	if _, errOut, err := install(sub, "uninstall"); err == nil || !strings.Contains(errOut, "the only subcommand is install") {
		t.Errorf("an unknown subcommand: %v %s", err, errOut)
	}
}
