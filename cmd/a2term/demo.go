package main

import (
	"embed"
	"fmt"
	"io"

	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/internal/script"
)

//go:embed demo/*.jsonl
var demoFiles embed.FS

// demoParts are the demo's surfaces, in the order the demo agent opens
// them, with what each shows.
var demoParts = []struct{ name, about string }{
	{"invoices", "invoices still owed: cards, a note field and three buttons"},
	{"settings", "a settings form in A2UI v0.9.1: check box, slider, choices, date and time, an obscured PIN; checks keep Save disabled until they pass"},
	{"gallery", "a gallery of all 18 components: a picture, tabs, a dialog, every input"},
}

const demoAbout = `
Demo plays a built-in agent, so you can see what a2term is for with nothing
else installed. The agent is a set of scripts (see docs/scripts.md) that
talk to the canvas over its socket, as any agent does. It
shows the invoices you still owe and waits for you; what you choose opens
the next surface: a settings form in A2UI v0.9.1 (its checks keep Save
disabled until the PIN is four digits), then a gallery of every component.
Switch between surfaces with ctrl+n / ctrl+p, move between controls with
tab, and read the conversation in the transcript (beside the surface at
100 columns or more, ctrl+t otherwise).

The same canvas is in the web mirror (a tokenized page on 127.0.0.1): press
ctrl+o to open it in a browser, or, over SSH, to see the ssh -L command
that reaches it. What you do there reaches the agent the same way.

--script NAME shows one part only; --list lists the parts.

With --plain (chosen by itself when TERM=dumb or standard output is not a
terminal) the canvas is printed as plain lines and you type commands:
"help" lists them.`

func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("demo", "demo [--list] [--script NAME] [--no-web] [--open] [--plain]", demoAbout, stderr)
	list := fs.Bool("list", false, "list the parts of the demo and exit")
	part := fs.String("script", "", "play only this part (see --list)")
	ascii := fs.Bool("ascii", false, "draw with ASCII glyphs only")
	images := fs.String("images", "on", "draw pictures (on) or their alt text (off)")
	var graphics string
	addGraphicsFlag(fs, &graphics)
	noWeb := fs.Bool("no-web", false, "do not start the web mirror on 127.0.0.1")
	openFlag := fs.Bool("open", false, "open the web mirror in a browser (over SSH: show how to reach it)")
	var plainF plainFlag
	fs.Var(&plainF, "plain", plainUsage)
	var locF localeFlags
	addLocaleFlags(fs, &locF)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "a2term demo: unexpected argument %q\n", rest[0])
		return exitUsage
	}
	if *images != "on" && *images != "off" {
		fmt.Fprintf(stderr, "a2term demo: --images %q: use on or off\n", *images)
		return exitUsage
	}
	mode, err := plainF.decide(true)
	if err != nil {
		fmt.Fprintf(stderr, "a2term demo: %v\n", err)
		return exitUsage
	}
	if _, _, err := locF.parse(); err != nil {
		fmt.Fprintf(stderr, "a2term demo: %v\n", err)
		return exitUsage
	}
	if err := checkGraphics(graphics); err != nil {
		fmt.Fprintf(stderr, "a2term demo: %v\n", err)
		return exitUsage
	}
	if *list {
		for _, p := range demoParts {
			fmt.Fprintf(stdout, "%-10s %s\n", p.name, p.about)
		}
		return exitOK
	}
	parts := []string{"invoices", "settings", "gallery"}
	if *part != "" {
		if _, err := demoFiles.ReadFile("demo/" + *part + ".script.jsonl"); err != nil {
			fmt.Fprintf(stderr, "a2term demo: no part %q (see a2term demo --list)\n", *part)
			return exitUsage
		}
		parts = []string{*part}
	}
	scripts := make([]*script.Script, len(parts))
	for i, p := range parts {
		s, err := demoScript(p)
		if err != nil {
			fmt.Fprintf(stderr, "a2term demo: %v\n", err)
			return exitRefused
		}
		scripts[i] = s
	}
	return scriptCanvas{
		name: "demo", scripts: scripts, locale: locF, noWeb: *noWeb, open: *openFlag, plain: mode,
		widgets: components.Options{ASCII: *ascii, NoImages: *images == "off"}, graphics: graphics,
	}.run(stderr)
}
