package components

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/a2term/a2term/a2ui"
)

// TakesText reports whether control n, while it has the focus, takes what
// is typed as text: a text field, a date input, a filterable choice. The
// program's bare letter and digit keys (q, ?, 1…8) never act then: they
// type.
func TakesText(n *a2ui.Node) bool {
	if n == nil {
		return false
	}
	switch p := n.Props.(type) {
	case *a2ui.TextFieldProps, *a2ui.DateTimeInputProps:
		return true
	case *a2ui.MultipleChoiceProps:
		return p.Filterable
	}
	return false
}

// Hints are the keys that matter on control n right now, worded for it,
// for the status line: "enter press" on a button, "↑↓ choose · space
// pick" in a list of options, "typing" in a field. Each is a binding of
// km, so the hints name the keys that do it.
func Hints(n *a2ui.Node, km KeyMap) []key.Binding {
	if n == nil {
		return nil
	}
	h := func(b key.Binding, name, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(name, desc))
	}
	arrows := func(a, b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(append(a.Keys(), b.Keys()...)...), key.WithHelp(a.Help().Key+b.Help().Key, desc))
	}
	switch p := n.Props.(type) {
	case *a2ui.ButtonProps:
		if p.Disabled {
			return []key.Binding{h(km.Activate, "enter", "press (disabled now)")}
		}
		return []key.Binding{h(km.Activate, "enter", "press")}
	case *a2ui.CheckBoxProps:
		return []key.Binding{h(km.Activate, "space", "toggle")}
	case *a2ui.TextFieldProps:
		out := []key.Binding{h(km.Delete, "typing", "into the field")}
		if p.TextFieldType == "longText" {
			out = append(out, h(km.Newline, "enter", "new line"))
		}
		return out
	case *a2ui.DateTimeInputProps:
		return []key.Binding{
			arrows(km.Left, km.Right, "part"), arrows(km.Up, km.Down, "change"),
			key.NewBinding(key.WithKeys("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("digits", "type")),
		}
	case *a2ui.MultipleChoiceProps:
		var out []key.Binding
		if p.Filterable {
			out = append(out, h(km.Delete, "typing", "filters"))
		}
		if p.Variant == "chips" {
			out = append(out, arrows(km.Left, km.Right, "choose"))
		} else {
			out = append(out, arrows(km.Up, km.Down, "choose"))
		}
		if p.Filterable {
			return append(out, h(km.Activate, "enter", "pick"))
		}
		return append(out, h(km.Activate, "space", "pick"))
	case *a2ui.SliderProps:
		return []key.Binding{arrows(km.Left, km.Right, "adjust"), h(km.BigRight, "shift+"+km.Right.Help().Key, "big step")}
	case *a2ui.TabsProps:
		return []key.Binding{arrows(km.Left, km.Right, "switch tab")}
	case *a2ui.ListProps:
		return []key.Binding{arrows(km.Left, km.Right, "scroll"), h(km.End, "end", "last")}
	}
	return nil
}
