package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

// version is what the build recorded of a2term.
type version struct {
	module   string // v1.2.3, or (devel) for a build from a work tree
	commit   string // vcs.revision, or ""
	modified bool   // vcs.modified: the work tree had changes
	goVer    string
}

func buildVersion() version {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(bi)
}

// versionOf reads what a build recorded; bi may be nil.
func versionOf(bi *debug.BuildInfo) version {
	v := version{module: "(devel)", goVer: runtime.Version()}
	if bi == nil {
		return v
	}
	if bi.Main.Version != "" {
		v.module = bi.Main.Version
	}
	if bi.GoVersion != "" {
		v.goVer = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.commit = s.Value
		case "vcs.modified":
			v.modified = s.Value == "true"
		}
	}
	return v
}

// short is the version in one word, as MCP clients and the Copilot
// extension show it: v1.2.3, or devel+COMMIT12 (with .modified) for a
// build from a work tree.
func (v version) short() string {
	if v.module != "(devel)" {
		return v.module
	}
	s := "devel"
	if v.commit != "" {
		s += "+" + v.commit[:min(12, len(v.commit))]
		if v.modified {
			s += ".modified"
		}
	}
	return s
}

// String is what a2term version prints.
func (v version) String() string {
	commit := v.commit
	if commit == "" {
		commit = "unknown"
	}
	if v.modified {
		commit += " (modified)"
	}
	return fmt.Sprintf("a2term %s\ncommit %s\n%s %s/%s", v.module, commit, v.goVer, runtime.GOOS, runtime.GOARCH)
}

func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "version", "Version prints a2term's module version, the commit it was built from\nand the Go version.", stderr)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "a2term version: unexpected argument %q\n", rest[0])
		return exitUsage
	}
	fmt.Fprintln(stdout, buildVersion())
	return exitOK
}

// wantsVersion reports whether the command line asks for the version:
// --version (or -version) before a "--", whatever the command. For run,
// whose CMD may follow without a "--", only before the first argument
// that is not a flag.
func wantsVersion(args []string) bool {
	untilCmd := len(args) > 0 && args[0] == "run"
	for i, a := range args {
		switch {
		case a == "--":
			return false
		case a == "--version" || a == "-version":
			return true
		case untilCmd && i > 0 && !strings.HasPrefix(a, "-"):
			return false
		}
	}
	return false
}
