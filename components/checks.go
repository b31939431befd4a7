package components

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// A v0.9 input or button may carry checks; the canvas resolves the
// messages of the failing ones into the node's props, and every widget
// shows them under itself, one "✗ message" each, in the Error style, as
// the web mirror does. Render adds them, so that no widget can forget to.

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

// checkLines draws failing checks' messages in w columns.
func checkLines(t *Theme, msgs []string, w int) []string {
	out := make([]string, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, errorLines(t, t.Glyph("✗", "x")+" "+m, w)...)
	}
	return out
}

// checksNatural is how wide the messages would like to be.
func checksNatural(msgs []string) int {
	w := 0
	for _, m := range msgs {
		w = max(w, min(ansi.StringWidth(m)+2, maxCheckWidth))
	}
	return w
}
