package components

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// A v0.9 input or button may carry checks; the canvas resolves the
// messages of the failing ones into the node's props, and every widget
// shows them under itself, one "✗ message" each, in the Error style, as
// the web mirror does. Render adds them, so that no widget can forget to.
// A v1.0 button whose call waits for the agent's answer shows that under
// itself the same way, as "⋯ waiting for …" in the Disabled style: it is
// not an error.

// maxCheckWidth bounds how wide a control asks to be to show its check
// messages on one line each.
const maxCheckWidth = 40

// CheckMessages returns the messages of n's failing checks, in order;
// nil when n has none or they all pass.
func CheckMessages(n *a2ui.Node) []string {
	switch p := n.Props.(type) {
	case *a2ui.ButtonProps:
		return p.Checks
	case *a2ui.TextFieldProps:
		return p.Checks
	case *a2ui.CheckBoxProps:
		return p.Checks
	case *a2ui.MultipleChoiceProps:
		return p.Checks
	case *a2ui.SliderProps:
		return p.Checks
	case *a2ui.DateTimeInputProps:
		return p.Checks
	case *a2ui.GenericProps:
		return p.Checks
	}
	return nil
}

// Waiting returns what a button whose call waits for the agent shows
// under itself (a2ui.ButtonProps.Waiting), or "".
func Waiting(n *a2ui.Node) string {
	if p, ok := n.Props.(*a2ui.ButtonProps); ok {
		return p.Waiting
	}
	return ""
}

// checkLines draws failing checks' messages, then what waits, in w
// columns.
func checkLines(t *Theme, msgs []string, waiting string, w int) []string {
	out := make([]string, 0, len(msgs)+1)
	for _, m := range msgs {
		out = append(out, errorLines(t, t.Glyph("✗", "x")+" "+m, w)...)
	}
	if waiting != "" {
		for _, l := range Wrap(t.Glyph("⋯", "...")+" "+waiting, w) {
			out = append(out, t.Disabled.Render(strings.TrimRight(l, " ")))
		}
	}
	return out
}

// checksNatural is how wide the messages would like to be.
func checksNatural(msgs []string, waiting string) int {
	w := 0
	for _, m := range msgs {
		w = max(w, min(ansi.StringWidth(m)+2, maxCheckWidth))
	}
	if waiting != "" {
		w = max(w, min(ansi.StringWidth(waiting)+2, maxCheckWidth))
	}
	return w
}
