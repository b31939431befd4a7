package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/a2term/a2term/internal/copilot"
)

const copilotAbout = `
Copilot install writes a2term's extension for GitHub Copilot into the
project's .github/extensions/a2term/ (at the root of the git repository
you are in), or with --user into your own extensions folder
($COPILOT_HOME/extensions, by default ~/.copilot/extensions), and says
where. The extension is the one this a2term was built with; it runs this
binary. Install it again after updating a2term.

In the Copilot App the agent gets the "a2term" canvas: it opens in the
canvas panel (a2term serve's web mirror, or the a2term already running in
your terminal), and the agent shows surfaces and waits for you with its
show, wait and state actions. In the Copilot CLI, which has no canvas
panel, the tools a2term_show, a2term_wait and a2term_state use the a2term
you run in another terminal.`

func runCopilot(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("copilot", "copilot install [--user]", copilotAbout, stderr)
	user := fs.Bool("user", false, "install for every project, in your Copilot extensions folder")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 1 || rest[0] != "install" {
		fmt.Fprintln(stderr, "a2term copilot: the only subcommand is install")
		fs.Usage()
		return exitUsage
	}
	var dir string
	if *user {
		dir, err = copilot.UserDir()
	} else {
		dir, err = copilot.ProjectDir(".")
	}
	if err != nil {
		fmt.Fprintf(stderr, "a2term copilot: %v\n", err)
		return exitRefused
	}
	bin, note := installedBinary()
	v := buildVersion().short()
	file, err := copilot.Install(dir, bin, v)
	if err != nil {
		fmt.Fprintf(stderr, "a2term copilot: %v\n", err)
		return exitRefused
	}
	fmt.Fprintf(stdout, "Wrote the a2term extension (a2term %s) to %s\n", v, file)
	fmt.Fprintf(stdout, "It runs %s%s.\n", bin, note)
	fmt.Fprintln(stdout, "Copilot loads it when a session starts (in the Copilot CLI, /clear reloads it): the agent then has")
	fmt.Fprintln(stdout, "the a2term canvas and the tools a2term_show, a2term_wait and a2term_state.")
	return exitOK
}

// installedBinary is the path the extension runs: this binary, unless it
// is a temporary one (go run), which will be gone.
func installedBinary() (bin, note string) {
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil || strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return "a2term", " (found on PATH when it starts)"
	}
	return exe, ""
}
