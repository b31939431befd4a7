package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/tui"
)

const renderAbout = `
Render applies the A2UI stream in FILE and prints, without a terminal,
exactly the frame the interactive program would draw at the given size:
the tab bar, the surface, the transcript (at 100 columns or more) and the
status line. Refusals go to stderr, as the transcript would record them.

Agent authors use it to snapshot their screens: keep the output as a golden
file and compare it in CI. The default colour is none, so that the output
is plain text; --color ansi256 or truecolor adds the styling the program
emits. Times in the transcript are fixed at 00:00 so frames are stable.

Exit status: 0 when the frame was drawn, 1 when the stream was refused or
the surface or focus named does not exist, 2 on usage or I/O errors.`

func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("render", "render [flags] FILE", renderAbout, stderr)
	width := fs.Int("width", 80, "terminal width in columns")
	height := fs.Int("height", 24, "terminal height in lines")
	surface := fs.String("surface", "", "surface to show (default: the first shown)")
	focus := fs.String("focus", "", "node id of the control to draw focused")
	color := fs.String("color", "none", "colour profile: none, ansi256 or truecolor")
	background := fs.String("background", "dark", "terminal background the colours suit: dark or light")
	images := fs.String("images", "on", "draw pictures (on) or their alt text (off)")
	ascii := fs.Bool("ascii", false, "draw with ASCII glyphs only")
	lenient := fs.Bool("lenient", false, "accept the non-conformant shapes of third-party streams (see 'a2term validate -h')")
	each := fs.Bool("each", false, "apply message by message instead of as one batch")
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "a2term render: give exactly one FILE")
		fs.Usage()
		return exitUsage
	}
	profile, ok := map[string]termenv.Profile{"none": termenv.Ascii, "ansi256": termenv.ANSI256, "truecolor": termenv.TrueColor}[*color]
	if !ok {
		fmt.Fprintf(stderr, "a2term render: --color %q: use none, ansi256 or truecolor\n", *color)
		return exitUsage
	}
	if *width < 1 || *height < 3 {
		fmt.Fprintln(stderr, "a2term render: --width must be at least 1 and --height at least 3")
		return exitUsage
	}
	if *background != "dark" && *background != "light" {
		fmt.Fprintf(stderr, "a2term render: --background %q: use dark or light\n", *background)
		return exitUsage
	}
	if *images != "on" && *images != "off" {
		fmt.Fprintf(stderr, "a2term render: --images %q: use on or off\n", *images)
		return exitUsage
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "a2term render: %v\n", err)
		return exitUsage
	}
	clock := func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	board := bridge.NewBoard(a2ui.Options{Lenient: *lenient}, clock)
	refused := loadBoard(board, files[0], data, *each, stderr)

	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(profile)
	r.SetHasDarkBackground(*background == "dark")
	frame, err := tui.Frame(board, tui.Options{Renderer: r, Now: clock,
		Widgets: components.Options{NoImages: *images == "off", ASCII: *ascii}}, *width, *height, *surface, *focus)
	if err != nil {
		fmt.Fprintf(stderr, "a2term render: %s: %v\n", files[0], err)
		return exitRefused
	}
	fmt.Fprintln(stdout, frame)
	if refused {
		return exitRefused
	}
	return exitOK
}

// loadBoard shows a stream file on a board, as one batch or message by
// message, reporting refusals on w. It reports whether anything was
// refused.
func loadBoard(board *bridge.Board, name string, data []byte, each bool, w io.Writer) bool {
	raws, err := a2ui.SplitStream(data)
	if err != nil {
		fmt.Fprintf(w, "%s: refused: %v\n", name, err)
		return true
	}
	msgs := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		msgs[i] = r
	}
	if !each {
		if _, _, err := board.Show(msgs); err != nil {
			fmt.Fprintf(w, "%s: %v\n", name, err)
			return true
		}
		return false
	}
	refused := false
	for i, m := range msgs {
		if _, _, err := board.Show([]json.RawMessage{m}); err != nil {
			e := *err.(*a2ui.Error)
			e.Index = i
			fmt.Fprintf(w, "%s: %v\n", name, &e)
			refused = true
		}
	}
	return refused
}
