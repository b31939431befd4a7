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
	// Editing a text field as readline does (the start and end of the
	// line are Home and End: ctrl+a, ctrl+e).
	WordLeft   key.Binding
	WordRight  key.Binding
	DeleteWord key.Binding // the word before the cursor
	KillStart  key.Binding // from the start of the line to the cursor
	KillEnd    key.Binding // from the cursor to the end of the line
}

// DefaultKeyMap returns the keys a2term uses.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Activate: key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter/space", "press, toggle")),
		Left:     key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "previous tab, less, cursor left")),
		Right:    key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "next tab, more, cursor right")),
		Up:       key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous option, increase a date part")),
		Down:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next option, decrease a date part")),
		Home:     key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home ctrl+a", "start, minimum")),
		End:      key.NewBinding(key.WithKeys("end", "ctrl+e"), key.WithHelp("end ctrl+e", "end, maximum")),
		BigLeft:  key.NewBinding(key.WithKeys("shift+left", "pgdown"), key.WithHelp("shift+←", "slider: large step down")),
		BigRight: key.NewBinding(key.WithKeys("shift+right", "pgup"), key.WithHelp("shift+→", "slider: large step up")),
		Delete:   key.NewBinding(key.WithKeys("backspace", "delete", "ctrl+h"), key.WithHelp("backspace", "delete")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close the dialog")),

		DeleteForward: key.NewBinding(key.WithKeys("delete"), key.WithHelp("del", "delete forward")),
		Newline:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "new line in a long text")),

		WordLeft:   key.NewBinding(key.WithKeys("alt+b", "ctrl+left"), key.WithHelp("alt+b", "a word left")),
		WordRight:  key.NewBinding(key.WithKeys("alt+f", "ctrl+right"), key.WithHelp("alt+f", "a word right")),
		DeleteWord: key.NewBinding(key.WithKeys("ctrl+w", "alt+backspace"), key.WithHelp("ctrl+w", "delete the word before")),
		KillStart:  key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "delete to the start")),
		KillEnd:    key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", "delete to the end")),
	}
}

// Bindings lists every binding, for what names keys (key names for
// scripted steps) and what draws them.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{
		k.Activate, k.Left, k.Right, k.Up, k.Down, k.Home, k.End, k.BigLeft, k.BigRight,
		k.Delete, k.Close, k.DeleteForward, k.Newline, k.WordLeft, k.WordRight, k.DeleteWord, k.KillStart, k.KillEnd,
	}
}
