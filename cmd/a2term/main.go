// Command a2term gives an AI agent a canvas in the terminal: the agent sends
// A2UI messages (v1.0, v0.9.1 or v0.8), a2term draws them as terminal
// widgets beside the agent's transcript, and what the person presses or
// types goes back to the agent.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes shared by every subcommand.
const (
	exitOK      = 0
	exitRefused = 1 // something was refused (validate), or the command failed
	exitUsage   = 2 // bad flags or arguments, or a file could not be read
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"demo", "play a built-in agent: see what a2term is for", runDemo},
		{"run", "open the canvas and start an agent: a2term run -- CMD ARGS...", runRun},
		{"serve", "listen for agents without a terminal (headless use, tests)", runServe},
		{"connect", "talk to an A2A agent that speaks A2UI: a2term connect URL", runConnect},
		{"attach", "show the canvas of an a2term that runs already (another pane, SSH, --keep)", runAttach},
		{"replay", "play an A2UI stream in the interactive program", runReplay},
		{"render", "print the frame the program would draw for a stream", runRender},
		{"snapshot", "check or update a folder of golden frames (CI)", runSnapshot},
		{"validate", "check A2UI streams and report what would be refused", runValidate},
		{"mcp", "serve the canvas to an MCP client over stdio (agents, IDEs)", runMCP},
		{"copilot", "install the extension for GitHub Copilot: a2term copilot install [--user]", runCopilot},
		{"version", "print a2term's version, commit and Go version", runVersion},
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		usage(stdout)
		return exitOK
	}
	if wantsVersion(args) {
		fmt.Fprintln(stdout, buildVersion())
		return exitOK
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return runBare(args, stdin, stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "a2term: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "a2term gives an AI agent a canvas in the terminal: A2UI surfaces (v1.0, v0.9.1")
	fmt.Fprintln(w, "and v0.8) drawn as terminal widgets, with what the person does sent back to the")
	fmt.Fprintln(w, "agent.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w, "  a2term [--socket PATH] [--no-web] [--open] [--lenient] [--plain] [--locale TAG] [--time-zone ZONE]")
	fmt.Fprintln(w, "  a2term COMMAND [flags] [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "With no command, a2term opens the canvas and waits for an agent to connect")
	fmt.Fprintln(w, "to its socket; the status line shows where. Give that path to the agent in")
	fmt.Fprintln(w, "A2TERM_SOCKET, or let 'a2term run -- CMD' start the agent for you.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'a2term COMMAND -h' for the flags of a command; --version prints the")
	fmt.Fprintln(w, "version with any command.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Flags with no command:")
	fs := flag.NewFlagSet("a2term", flag.ContinueOnError)
	addKeepFlag(fs, addHubFlags(fs))
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// parseFlags parses flags that may come before, between or after the
// positional arguments, as people type them, and returns the positional
// ones. "--" ends the flags.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// newFlagSet returns a FlagSet whose -h output explains the command.
func newFlagSet(name, synopsis, about string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: a2term %s\n\n%s\n", synopsis, strings.TrimSpace(about))
		if hasFlags(fs) {
			fmt.Fprintln(out, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// flagExit turns a flag parsing error into the exit code: -h is a success.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}
