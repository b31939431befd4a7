package components

import "github.com/charmbracelet/bubbles/key"

// KeyMap holds the keys controls answer to. The program shows it in its
// help, so a key does here exactly what the help says.
type KeyMap struct {
	Activate key.Binding // press a button, toggle a check box or option
	Left     key.Binding
	Right    key.Binding
	Up       key.Binding
	Down     key.Binding
	Home     key.Binding
	End      key.Binding
	BigLeft  key.Binding // a slider's large step
	BigRight key.Binding
	Delete   key.Binding
	Close    key.Binding // close a modal
	// DeleteForward deletes the character under a text cursor; it is
	// matched before Delete, which then acts as backspace.
	DeleteForward key.Binding
	Newline       key.Binding // a line break in a long text field
}

// DefaultKeyMap returns the keys a2term uses.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Activate: key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter/space", "press, toggle")),
		Left:     key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "previous tab, less, cursor left")),
		Right:    key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "next tab, more, cursor right")),
		Up:       key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous option, increase a date part")),
		Down:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next option, decrease a date part")),
		Home:     key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home", "start, minimum")),
		End:      key.NewBinding(key.WithKeys("end", "ctrl+e"), key.WithHelp("end", "end, maximum")),
		BigLeft:  key.NewBinding(key.WithKeys("shift+left", "pgdown"), key.WithHelp("shift+←", "slider: large step down")),
		BigRight: key.NewBinding(key.WithKeys("shift+right", "pgup"), key.WithHelp("shift+→", "slider: large step up")),
		Delete:   key.NewBinding(key.WithKeys("backspace", "delete", "ctrl+h"), key.WithHelp("backspace", "delete")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close the dialog")),

		DeleteForward: key.NewBinding(key.WithKeys("delete"), key.WithHelp("del", "delete forward")),
		Newline:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "new line in a long text")),
	}
}
