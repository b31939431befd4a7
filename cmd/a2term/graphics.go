package main

import (
	"flag"
	"os"

	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/tui"
)

// addGraphicsFlag adds --graphics, for the commands that draw in the
// terminal.
func addGraphicsFlag(fs *flag.FlagSet, v *string) {
	fs.StringVar(v, "graphics", "auto", tui.GraphicsUsage)
}

// checkGraphics reports a --graphics or A2TERM_GRAPHICS value a2term does
// not know, before anything starts. It asks the terminal nothing.
func checkGraphics(v string) error {
	_, err := tui.ChooseGraphics(v, os.Getenv, nil)
	return err
}

// terminalWidgets are the widgets' options for drawing on out, pictures
// drawn as --graphics (v) says; --images off wins. It runs before the
// program takes the terminal, so that the terminal's answer to a version
// query (a local kitty's) is read before the program reads keys.
func terminalWidgets(out *tui.Output, w components.Options, v string) components.Options {
	w.Graphics = components.GraphicsOff
	if !w.NoImages {
		if g, err := tui.ChooseGraphics(v, os.Getenv, tui.AskTerminalVersion); err == nil {
			w.Graphics = g
		}
	}
	return out.UseGraphics(w, os.Getenv("TMUX") != "")
}
