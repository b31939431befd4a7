package plain

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/term"
)

// Mode is how a2term draws: full-screen, or in plain mode with its
// options.
type Mode struct {
	// On chooses plain mode.
	On bool
	// Boxes and Color are Options.Boxes and Options.Color.
	Boxes bool
	Color bool
}

// ParseMode reads the value of --plain or A2TERM_PLAIN: "" or "1", "true",
// "on", "yes" (plain mode), "0", "false", "off", "no" (full screen), or a
// list of options separated by commas, each of which also means plain
// mode: "boxes" (box-drawing characters for cards and dividers), "color"
// (colour for a2term's marks and the control numbers).
func ParseMode(v string) (Mode, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "1", "true", "on", "yes":
		return Mode{On: true}, nil
	case "0", "false", "off", "no":
		return Mode{}, nil
	}
	m := Mode{On: true}
	for _, o := range strings.Split(v, ",") {
		switch strings.ToLower(strings.TrimSpace(o)) {
		case "boxes":
			m.Boxes = true
		case "color", "colour":
			m.Color = true
		case "", "on", "true":
		default:
			return Mode{}, fmt.Errorf("%q: plain mode takes boxes and color (separated by commas), or on or off", o)
		}
	}
	return m, nil
}

// Choice is what decides between plain mode and the full screen, first
// match first: the flag when given; A2TERM_PLAIN when set; plain mode when
// TERM is dumb; plain mode when standard output is not a terminal and
// Auto (run, replay and demo: their output may go to a log or a pipe).
type Choice struct {
	Flag     *Mode  // --plain, nil when not given
	Env      string // A2TERM_PLAIN
	Term     string // TERM
	Terminal bool   // standard output is a terminal
	Auto     bool
}

// Decide applies the rules of Choice. A2TERM_PLAIN that cannot be read is
// an error.
func (c Choice) Decide() (Mode, error) {
	if c.Flag != nil {
		return *c.Flag, nil
	}
	if c.Env != "" {
		m, err := ParseMode(c.Env)
		if err != nil {
			return Mode{}, fmt.Errorf("A2TERM_PLAIN=%s: %w", c.Env, err)
		}
		return m, nil
	}
	if c.Term == "dumb" || (c.Auto && !c.Terminal) {
		return Mode{On: true}, nil
	}
	return Mode{}, nil
}

// Width returns the width lines should wrap at: $COLUMNS when it holds a
// number, else the width of the terminal out is (asked of the system,
// never of the terminal with an escape sequence), else DefaultWidth. It
// is asked again each time, so a resize is followed.
func Width(getenv func(string) string, out *os.File) func() int {
	return func() int {
		if n, err := strconv.Atoi(strings.TrimSpace(getenv("COLUMNS"))); err == nil && n > 0 {
			return n
		}
		if out != nil && term.IsTerminal(out.Fd()) {
			if w, _, err := term.GetSize(out.Fd()); err == nil && w > 0 {
				return w
			}
		}
		return DefaultWidth
	}
}
