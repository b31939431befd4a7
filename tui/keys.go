package tui

import (
	"github.com/charmbracelet/bubbles/key"
)

// KeyMap holds the program's own keys. They work whatever has the focus,
// so none of them is a key a text field needs for typing.
type KeyMap struct {
	NextFocus   key.Binding
	PrevFocus   key.Binding
	NextSurface key.Binding
	PrevSurface key.Binding
	Surface     key.Binding // alt+1 … alt+8
	Transcript  key.Binding
	OpenWeb     key.Binding
	Help        key.Binding
	Back        key.Binding // close a dialog, leave a control
	ScrollUp    key.Binding
	ScrollDown  key.Binding
	Quit        key.Binding
	// These two only work when the focused control does not use the key.
	HelpQ key.Binding
	QuitQ key.Binding
}

// DefaultKeyMap returns the program's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		NextFocus:   key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next control")),
		PrevFocus:   key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous control")),
		NextSurface: key.NewBinding(key.WithKeys("ctrl+n", "alt+right"), key.WithHelp("ctrl+n", "next surface")),
		PrevSurface: key.NewBinding(key.WithKeys("ctrl+p", "alt+left"), key.WithHelp("ctrl+p", "previous surface")),
		Surface:     key.NewBinding(key.WithKeys("alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7", "alt+8"), key.WithHelp("alt+1…8", "surface by number")),
		Transcript:  key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "transcript (narrow terminals)")),
		OpenWeb:     key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "open the web mirror (or show how)")),
		Help:        key.NewBinding(key.WithKeys("f1"), key.WithHelp("? or f1", "all keys")),
		Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close dialog, leave control")),
		ScrollUp:    key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "scroll up")),
		ScrollDown:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "scroll down")),
		Quit:        key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		HelpQ:       key.NewBinding(key.WithKeys("?")),
		QuitQ:       key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit (when not typing)")),
	}
}

// short lists the keys the status line shows.
func (k KeyMap) short() []key.Binding {
	return []key.Binding{k.NextFocus, k.NextSurface, k.Help, k.Quit}
}

// full lists every key the help view shows, in groups.
func (k KeyMap) full() [][]key.Binding {
	return [][]key.Binding{
		{k.NextFocus, k.PrevFocus, k.Back, k.ScrollUp, k.ScrollDown},
		{k.NextSurface, k.PrevSurface, k.Surface, k.Transcript, k.OpenWeb, k.Help, k.Quit, k.QuitQ},
	}
}
