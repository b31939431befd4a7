package tui

import (
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// Screen is the program without a terminal: the same Model, sized once,
// driven by key presses given as Steps, drawing frames on demand. It is
// what render and snapshot tests draw with, so a frame is exactly what a
// person would see after doing the same.
//
// A Screen is not safe for concurrent use. The view it draws may change
// under it (an agent answering): each step and each frame reads the
// latest state first, as the program does when it hears of a change.
type Screen struct {
	m    *Model
	quit bool
}

// ErrQuit is returned for a step after the one that quit the program.
var ErrQuit = errors.New("the program has quit")

// NewScreen returns a screen of w×h cells on view. Call Close when done.
func NewScreen(view hub.View, opts Options, w, h int) *Screen {
	m := New(view, opts)
	m.SetSize(w, h)
	return &Screen{m: m}
}

// Close ends the screen's subscription to its view.
func (s *Screen) Close() { s.m.Close() }

// Show makes surface id the active one.
func (s *Screen) Show(id string) error {
	s.sync()
	if !s.m.Show(id) {
		return fmt.Errorf("no surface %q is shown", id)
	}
	return nil
}

// Focus focuses node id of the active surface, which must be a control
// that is drawn (in the open dialog, when there is one).
func (s *Screen) Focus(id string) error {
	s.sync()
	if !s.m.Focus(id) {
		return fmt.Errorf("%q is not a control drawn on surface %q", id, s.m.active)
	}
	return nil
}

// Open opens Modal node id of the active surface, as activating its entry
// point would.
func (s *Screen) Open(id string) error {
	s.sync()
	if !s.m.OpenModal(id) {
		return fmt.Errorf("%q is not a Modal on surface %q", id, s.m.active)
	}
	return nil
}

// Press carries out st's key presses, as the program does when the
// terminal sends them. A Wait step does nothing here: the caller lets the
// agent answer first. A key that quits the program ends the screen: every
// later step is ErrQuit.
func (s *Screen) Press(st Step) error {
	for _, k := range st.Keys {
		if s.quit {
			return fmt.Errorf("%s: %w", st.Name, ErrQuit)
		}
		s.sync()
		if s.run(k) {
			s.quit = true
		}
	}
	return nil
}

// sync reads the view's latest state when it changed since the model
// last read it, as the program does when it hears of a change: the
// agent's answers, what a press put in the transcript and the queue.
func (s *Screen) sync() {
	select {
	case <-s.m.changed:
	default:
		return
	}
	now, had := s.m.view.Snapshot(), s.m.snap
	if now.Canvas == had.Canvas && now.Status == had.Status && now.Dropped == had.Dropped &&
		len(now.Transcript) == len(had.Transcript) {
		return // what the model drew from already: its own changes
	}
	s.m.refresh()
}

// run updates the model with msg and runs what it asks for, until it asks
// for nothing; it reports whether the program quit.
func (s *Screen) run(msg tea.Msg) bool {
	for i := 0; msg != nil && i < 16; i++ {
		_, cmd := s.m.Update(msg)
		if cmd == nil {
			return false
		}
		msg = cmd()
		if _, ok := msg.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

// FrameOptions say how a frame is written.
type FrameOptions struct {
	// Pad keeps every line as wide as the screen, spaces included, as the
	// terminal has it. Without it, spaces at the end of a line that show
	// nothing are left out.
	Pad bool
}

// Frame draws the screen as it is now. Runs of one style share one SGR
// sequence, so the same screen is the same bytes however widgets drew it.
func (s *Screen) Frame(opts FrameOptions) string {
	s.sync()
	return tidyFrame(s.m.View(), opts.Pad)
}

// Active is the id of the surface shown, or "".
func (s *Screen) Active() string { return s.m.active }

// ViewState is the part of the person's view state that the web mirror
// also has (package tui/snapshot draws the page in that state).
type ViewState struct {
	// Active is the surface shown, as Active reports it.
	Active string
	// Modals maps a surface to its open Modal's node id.
	Modals map[string]string
	// Tabs maps a surface to the selected index of each of its Tabs nodes
	// that is not on its first tab.
	Tabs map[string]map[string]int
}

// ViewState is the person's view state the web mirror also has: the
// surface shown, the open dialog, the selected tab of each Tabs.
func (s *Screen) ViewState() ViewState {
	s.sync()
	v := ViewState{Active: s.m.active, Tabs: map[string]map[string]int{}, Modals: map[string]string{}}
	for _, sf := range s.m.shownSurfaces() {
		st := s.m.states[sf.ID()]
		if st == nil || sf.Tree() == nil {
			continue
		}
		if st.Modal != "" {
			v.Modals[sf.ID()] = st.Modal
		}
		sf.Tree().Walk(func(n *a2ui.Node) bool {
			if sel := st.Peek(n.ID).Tab; n.Type == "Tabs" && sel > 0 && sel < len(n.Children) {
				if v.Tabs[sf.ID()] == nil {
					v.Tabs[sf.ID()] = map[string]int{}
				}
				v.Tabs[sf.ID()][n.ID] = sel
			}
			return true
		})
	}
	return v
}
