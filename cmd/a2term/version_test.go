package main

import (
	"debug/buildinfo"
	"os/exec"
	"strings"
	"testing"
)

// buildVersionOf is the version the binary at bin recorded.
func buildVersionOf(t *testing.T, bin string) version {
	t.Helper()
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	return versionOf(bi)
}

// TestVersion: a2term version and --version with any command print the
// module version, the commit and the Go version the binary was built
// with; a --version meant for run's CMD is left to CMD.
func TestVersion(t *testing.T) {
	bin := buildBinary(t)
	v := buildVersionOf(t, bin)
	if v.commit == "" {
		t.Log("the build recorded no commit (not built from a git work tree)")
	}
	want := v.String() + "\n"
	if !strings.Contains(want, "a2term "+v.module+"\n") || !strings.Contains(want, "\n"+v.goVer+" ") {
		t.Fatalf("version text %q", want)
	}
	if v.commit != "" && !strings.Contains(want, "commit "+v.commit) {
		t.Errorf("version text %q lacks the commit %s", want, v.commit)
	}
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}, {"mcp", "--version"}, {"serve", "--no-web", "--version"}, {"validate", "--version"}, {"run", "--version"}} {
		out, err := exec.Command(bin, args...).Output()
		if err != nil || string(out) != want {
			t.Errorf("a2term %s: %v\n%s\nwant\n%s", strings.Join(args, " "), err, out, want)
		}
	}
	if !wantsVersion([]string{"mcp", "--version"}) || wantsVersion([]string{"run", "--", "agent", "--version"}) ||
		wantsVersion([]string{"run", "agent", "--version"}) || !wantsVersion([]string{"run", "--no-web", "--version", "agent"}) {
		t.Error("wantsVersion reads run's CMD")
	}
	if s := (version{module: "(devel)", commit: "0123456789abcdef", modified: true}).short(); s != "devel+0123456789ab.modified" {
		t.Errorf("short %q", s)
	}
	if s := (version{module: "v1.2.3", commit: "0123456789abcdef"}).short(); s != "v1.2.3" {
		t.Errorf("short %q", s)
	}
}
