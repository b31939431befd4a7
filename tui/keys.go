package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/a2term/a2term/components"
)

// KeyMap holds every key of the program: its own, which work whatever has
// the focus (so none is a key a text field needs for typing), those that
// work only when no field has the focus (bare letters and digits), and the
// controls' keys. It implements bubbles' help.KeyMap: the help view and
// the status line draw from it, so they can never disagree with what the
// keys do.
type KeyMap struct {
	NextFocus   key.Binding
	PrevFocus   key.Binding
	NextSurface key.Binding
	PrevSurface key.Binding
	Surface     key.Binding // alt+1 … alt+8
	Transcript  key.Binding
	OpenWeb     key.Binding
	CopyLink    key.Binding
	// Say and CancelTask work only where the transport carries the
	// person's text to the agent (hub.Status.Talk).
	Say        key.Binding
	CancelTask key.Binding
	Help       key.Binding
	Back       key.Binding // close a dialog, leave a control, end a search
	ScrollUp   key.Binding
	ScrollDown key.Binding
	Quit       key.Binding

	// These work only when the focused control does not use the key:
	// never while a field has the focus (they type there), and q never
	// while a dialog is open.
	HelpQ        key.Binding
	QuitQ        key.Binding
	SurfaceDigit key.Binding // 1 … 8
	LineUp       key.Binding
	LineDown     key.Binding
	Top          key.Binding
	Bottom       key.Binding
	Search       key.Binding
	// The search's matches, while the transcript has the focus: n goes up
	// to older ones, N down to newer ones.
	NextMatch key.Binding
	PrevMatch key.Binding

	// Controls are the keys of the focused control.
	Controls components.KeyMap
}

var _ help.KeyMap = KeyMap{}

// DefaultKeyMap returns the program's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		NextFocus:   key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next control, then the transcript")),
		PrevFocus:   key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous control")),
		NextSurface: key.NewBinding(key.WithKeys("ctrl+n", "alt+right"), key.WithHelp("ctrl+n", "next surface")),
		PrevSurface: key.NewBinding(key.WithKeys("ctrl+p", "alt+left"), key.WithHelp("ctrl+p", "previous surface")),
		Surface:     key.NewBinding(key.WithKeys("alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7", "alt+8"), key.WithHelp("alt+1…8", "the surface of that tab")),
		Transcript:  key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "show or hide the transcript")),
		OpenWeb:     key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "open the web mirror (or show how)")),
		CopyLink:    key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "copy the web mirror's link")),
		Say:         key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "write to the agent")),
		CancelTask:  key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "cancel the agent's task")),
		Help:        key.NewBinding(key.WithKeys("f1"), key.WithHelp("? or f1", "all keys")),
		Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close dialog, leave control")),
		ScrollUp:    key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		ScrollDown:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Quit:        key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit, from anywhere")),

		HelpQ:        key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "all keys")),
		QuitQ:        key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit (not in a field or dialog)")),
		SurfaceDigit: key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8"), key.WithHelp("1…8", "the same, when not in a field")),
		LineUp:       key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "line up")),
		LineDown:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "line down")),
		Top:          key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first line")),
		Bottom:       key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "newest line")),
		Search:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search the transcript")),
		NextMatch:    key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next match up")),
		PrevMatch:    key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "next match down")),

		Controls: components.DefaultKeyMap(),
	}
}

// ShortHelp is what the status line offers when nothing has the focus.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.NextFocus, k.NextSurface, k.HelpQ, k.QuitQ}
}

// FullHelp is every key, in the help view's groups.
func (k KeyMap) FullHelp() [][]key.Binding {
	groups := k.groups()
	out := make([][]key.Binding, 0, len(groups))
	for _, g := range groups {
		out = append(out, g.keys)
	}
	return out
}

// helpGroup is a titled group of the help view.
type helpGroup struct {
	title string
	keys  []key.Binding
}

func (k KeyMap) groups() []helpGroup {
	all := k.allGroups()
	out := all[:0]
	for _, g := range all {
		// A group whose keys are all off here (the agent's, with no
		// transport that carries text) is not shown.
		for _, b := range g.keys {
			if b.Enabled() {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

func (k KeyMap) allGroups() []helpGroup {
	c := k.Controls
	return []helpGroup{
		{"Moving around", []key.Binding{
			k.NextFocus, k.PrevFocus, k.Back,
			k.NextSurface, k.PrevSurface, k.Surface, k.SurfaceDigit,
		}},
		{"Scrolling", []key.Binding{
			k.ScrollUp, k.ScrollDown, k.LineUp, k.LineDown, k.Top, k.Bottom,
			helpOnly("wheel", "scroll what is under it"),
		}},
		{"Transcript", []key.Binding{k.Transcript, k.Search, k.NextMatch, k.PrevMatch}},
		{"The agent", []key.Binding{k.Say, k.CancelTask}},
		{"Web mirror", []key.Binding{k.OpenWeb, k.CopyLink}},
		{"In a control", []key.Binding{
			c.Activate,
			helpOnly(c.Left.Help().Key+" "+c.Right.Help().Key, "tabs, sliders, date parts, cursor"),
			helpOnly(c.Up.Help().Key+" "+c.Down.Help().Key, "options, date parts, lines"),
			c.Home, c.End, c.BigLeft, c.Close,
			helpOnly("click", "buttons, boxes, tabs, options"),
		}},
		{"Typing in a field", []key.Binding{
			c.Delete, c.DeleteForward, c.WordLeft, c.WordRight,
			c.DeleteWord, c.KillStart, c.KillEnd, c.Newline,
		}},
		{"The program", []key.Binding{k.Help, k.QuitQ, k.Quit}},
	}
}

// helpOnly is a line of the help view that stands for several bindings
// (or for the mouse). It is drawn, never matched: its one key is a name
// no key press has.
func helpOnly(keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(""), key.WithHelp(keys, desc))
}

// full lists the program's own bindings, which key names (render --keys)
// are taken from.
func (k KeyMap) full() [][]key.Binding {
	return [][]key.Binding{
		{k.NextFocus, k.PrevFocus, k.Back, k.ScrollUp, k.ScrollDown, k.LineUp, k.LineDown, k.Top, k.Bottom},
		{
			k.NextSurface, k.PrevSurface, k.Surface, k.SurfaceDigit, k.Transcript, k.OpenWeb, k.CopyLink,
			k.Search, k.NextMatch, k.PrevMatch, k.Help, k.Quit, k.QuitQ, k.Say, k.CancelTask,
		},
	}
}
