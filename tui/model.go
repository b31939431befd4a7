package tui

import (
	"errors"
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
	"github.com/a2term/a2term/components"
)

// Options set up a program.
type Options struct {
	// Renderer draws the styles; it decides the colour profile and the
	// background. Required.
	Renderer *lipgloss.Renderer
	// Widgets are the components' drawing options (ASCII, no images).
	Widgets components.Options
	// Now is the clock controls use (a date input started from empty);
	// nil is time.Now.
	Now func() time.Time
	// OpenWeb, when set, is what ctrl+o does: open the web mirror in a
	// browser, or (over SSH) say how to reach it. Its lines are shown
	// until the next key. It runs in a command, off the update loop.
	OpenWeb func() []string
}

// Model is the Bubble Tea model of the program.
type Model struct {
	view   bridge.View
	snap   bridge.Snapshot
	keys   KeyMap
	ckeys  components.KeyMap
	theme  *components.Theme
	accent map[string]*components.Theme // themes by surface primaryColor
	now    func() time.Time
	width  int
	height int

	active         string                       // id of the shown surface
	states         map[string]*components.State // per surface
	caches         map[string]*components.Cache
	focus          map[string]string // focused node per surface
	scroll         map[string]int
	seen           map[string]uint64 // version of each surface last shown
	showTranscript bool              // narrow terminals: transcript instead of the surface
	help           bool
	notice         string   // the last refusal, shown in the status line
	message        []string // lines shown over the surface until a key (ctrl+o's answer)
	openWeb        func() []string

	changed <-chan struct{}
	cancel  func()

	// Layout, recomputed in Update whenever anything it depends on
	// changes, so that View only draws.
	lay layout
}

// changedMsg says the view's state changed.
type changedMsg struct{}

// webMsg carries what opening the web mirror said.
type webMsg struct{ lines []string }

// New returns the program for view. Call Close when it ends.
func New(view bridge.View, opts Options) *Model {
	m := &Model{
		view:    view,
		keys:    DefaultKeyMap(),
		ckeys:   components.DefaultKeyMap(),
		theme:   components.NewTheme(opts.Renderer, opts.Widgets),
		accent:  map[string]*components.Theme{},
		now:     opts.Now,
		openWeb: opts.OpenWeb,
		states:  map[string]*components.State{},
		caches:  map[string]*components.Cache{},
		focus:   map[string]string{},
		scroll:  map[string]int{},
		seen:    map[string]uint64{},
		width:   80,
		height:  24,
	}
	if m.now == nil {
		m.now = time.Now
	}
	m.changed, m.cancel = view.Subscribe()
	m.snap = view.Snapshot()
	m.pickActive()
	m.relayout()
	return m
}

// Close ends the model's subscription.
func (m *Model) Close() {
	if m.cancel != nil {
		m.cancel()
	}
}

// Init starts listening for changes.
func (m *Model) Init() tea.Cmd { return m.wait() }

func (m *Model) wait() tea.Cmd {
	ch := m.changed
	return func() tea.Msg {
		if _, ok := <-ch; !ok {
			return nil
		}
		return changedMsg{}
	}
}

// SetSize sets the terminal size, as a WindowSizeMsg would.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 1), max(h, 1)
	m.relayout()
}

// Show makes surface id the active one, if it exists.
func (m *Model) Show(id string) bool {
	if m.snap.Canvas.Surface(id) == nil {
		return false
	}
	m.active = id
	m.relayout()
	return true
}

// Focus moves the focus to node id of the active surface, if it is a
// control that is drawn.
func (m *Model) Focus(id string) bool {
	for _, f := range m.lay.focusables {
		if f.Node == id {
			m.setFocus(id)
			return true
		}
	}
	return false
}

// Update handles a message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case changedMsg:
		m.refresh()
		return m, m.wait()
	case webMsg:
		m.message = msg.lines
		return m, nil
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		return m, nil
	case tea.KeyMsg:
		return m, m.key(msg)
	case tea.MouseMsg:
		m.mouse(msg)
		return m, nil
	}
	return m, nil
}

// refresh reads the latest snapshot.
func (m *Model) refresh() {
	m.snap = m.view.Snapshot()
	m.pickActive()
	m.relayout()
}

// pickActive keeps the active surface, or picks the first shown one when
// it is gone or none was chosen.
func (m *Model) pickActive() {
	if s := m.snap.Canvas.Surface(m.active); s != nil {
		return
	}
	m.active = ""
	for _, s := range m.snap.Canvas.Surfaces() {
		if s.Shown() {
			m.active = s.ID()
			return
		}
	}
}

// shownSurfaces are the surfaces with tabs: the shown ones, in creation
// order.
func (m *Model) shownSurfaces() []*a2ui.Surface {
	var out []*a2ui.Surface
	for _, s := range m.snap.Canvas.Surfaces() {
		if s.Shown() {
			out = append(out, s)
		}
	}
	return out
}

func (m *Model) state() *components.State {
	st, ok := m.states[m.active]
	if !ok {
		st = components.NewState()
		m.states[m.active] = st
	}
	return st
}

func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	if m.help || m.message != nil {
		m.help, m.message = false, nil
		m.relayout()
		return nil
	}
	m.notice = ""
	switch {
	case key.Matches(k, m.keys.Quit):
		return tea.Quit
	case key.Matches(k, m.keys.NextSurface):
		m.switchSurface(+1)
		return nil
	case key.Matches(k, m.keys.PrevSurface):
		m.switchSurface(-1)
		return nil
	case key.Matches(k, m.keys.Surface):
		ss := m.shownSurfaces()
		if i := int(k.String()[len(k.String())-1] - '1'); i >= 0 && i < len(ss) {
			m.active = ss[i].ID()
			m.relayout()
		}
		return nil
	case key.Matches(k, m.keys.Transcript):
		m.showTranscript = !m.showTranscript
		m.relayout()
		return nil
	case key.Matches(k, m.keys.Help):
		m.help = true
		return nil
	case key.Matches(k, m.keys.OpenWeb):
		if m.openWeb == nil {
			m.notice = "the web mirror is off"
			return nil
		}
		open := m.openWeb
		return func() tea.Msg { return webMsg{lines: open()} }
	case key.Matches(k, m.keys.NextFocus):
		m.moveFocus(+1)
		return nil
	case key.Matches(k, m.keys.PrevFocus):
		m.moveFocus(-1)
		return nil
	case key.Matches(k, m.keys.Back):
		if m.state().Modal != "" {
			m.closeModal()
		} else {
			m.focus[m.active] = ""
			m.relayout()
		}
		return nil
	}
	if n := m.focusedNode(); n != nil {
		if ctl, ok := components.ControlFor(n); ok {
			it := ctl.Key(n, m.state().Node(n.ID), k, m.context())
			if it.Kind != components.Ignored {
				m.apply(it)
				return nil
			}
		}
	}
	switch {
	case key.Matches(k, m.keys.HelpQ):
		m.help = true
	case key.Matches(k, m.keys.QuitQ):
		return tea.Quit
	case key.Matches(k, m.keys.ScrollUp):
		m.scrollBy(-max(m.lay.bodyH-2, 1))
	case key.Matches(k, m.keys.ScrollDown):
		m.scrollBy(max(m.lay.bodyH-2, 1))
	case k.Type == tea.KeyUp && m.focus[m.active] == "":
		m.scrollBy(-1)
	case k.Type == tea.KeyDown && m.focus[m.active] == "":
		m.scrollBy(1)
	}
	return nil
}

func (m *Model) switchSurface(d int) {
	ss := m.shownSurfaces()
	if len(ss) == 0 {
		return
	}
	i := 0
	for j, s := range ss {
		if s.ID() == m.active {
			i = j
		}
	}
	m.active = ss[(i+d+len(ss))%len(ss)].ID()
	m.showTranscript = false
	m.relayout()
}

func (m *Model) moveFocus(d int) {
	fs := m.lay.focusables
	if len(fs) == 0 {
		return
	}
	cur := m.focus[m.active]
	i := -1
	for j, f := range fs {
		if f.Node == cur {
			i = j
		}
	}
	switch {
	case i < 0 && d > 0:
		i = 0
	case i < 0:
		i = len(fs) - 1
	default:
		i = (i + d + len(fs)) % len(fs)
	}
	m.setFocus(fs[i].Node)
}

// setFocus focuses node id; a text field gets its cursor at the end of
// its value, where typing usually continues.
func (m *Model) setFocus(id string) {
	m.focus[m.active] = id
	if n := m.focusedNode(); n != nil {
		if p, ok := n.Props.(*a2ui.TextFieldProps); ok {
			m.state().Node(id).Cursor = len([]rune(p.Text))
		}
	}
	m.relayout()
}

func (m *Model) scrollBy(d int) {
	m.scroll[m.active] += d
	// A manual scroll leaves the focus behind: drop it, or the next
	// layout would scroll straight back to it.
	m.focus[m.active] = ""
	m.relayout()
}

// focusedNode returns the focused node of the active surface.
func (m *Model) focusedNode() *a2ui.Node {
	id := m.focus[m.active]
	if id == "" {
		return nil
	}
	s := m.snap.Canvas.Surface(m.active)
	if s == nil || s.Tree() == nil {
		return nil
	}
	return s.Tree().Find(id)
}

func (m *Model) context() *components.Context {
	theme := m.theme
	if s := m.snap.Canvas.Surface(m.active); s != nil && s.Styles().PrimaryColor != "" {
		hex := s.Styles().PrimaryColor
		if m.accent[hex] == nil {
			m.accent[hex] = theme.WithAccent(hex)
		}
		theme = m.accent[hex]
	}
	return &components.Context{Theme: theme, State: m.state(), Focus: m.focus[m.active], Now: m.now}
}

// apply carries out what a control asked for.
func (m *Model) apply(it components.Intent) {
	for it.Kind != components.Ignored {
		var err error
		switch it.Kind {
		case components.Press:
			err = m.press(it.Node)
		case components.SetValue:
			err = m.view.SetValue(bridge.Terminal, m.active, it.Node, it.Value)
		case components.OpenModal:
			m.state().Modal = it.Node
			m.focus[m.active] = ""
		case components.CloseModal:
			m.closeModal()
		}
		if err != nil {
			m.notice = refusalNotice(err)
		}
		if it.Also == nil {
			break
		}
		it = *it.Also
	}
	m.snap = m.view.Snapshot()
	m.pickActive()
	m.relayout()
}

// refusalNotice words a refused intent for the status line: a press
// blocked by a field that is not valid says so as the web mirror does,
// anything else as the canvas put it.
func refusalNotice(err error) string {
	var e *a2ui.Error
	if errors.As(err, &e) && e.Code == a2ui.CodeChecksFailed {
		return "Not sent: " + e.Message
	}
	return err.Error()
}

// press presses a button; a button that is a Modal's entry point opens
// the dialog too.
func (m *Model) press(id string) error {
	s := m.snap.Canvas.Surface(m.active)
	if s == nil {
		return nil
	}
	if mod := components.ModalOf(s.Tree(), id); mod != nil && m.state().Modal == "" {
		m.state().Modal = mod.ID
		m.focus[m.active] = ""
	}
	if err := m.view.Press(bridge.Terminal, m.active, id, s.Version()); err != nil {
		return err
	}
	// A button that opens an address: a2term opens nothing, the person
	// is shown the address, by the button and on the status line.
	if n := s.Tree().Find(id); n != nil {
		if p, ok := n.Props.(*a2ui.ButtonProps); ok && p.Call == "openUrl" {
			m.state().Node(id).Notice = components.OpenNotice(p.URL)
			m.notice = components.OpenNotice(p.URL)
		}
	}
	return nil
}

func (m *Model) closeModal() {
	st := m.state()
	id := st.Modal
	st.Modal = ""
	// Give the focus back to what opened the dialog.
	if s := m.snap.Canvas.Surface(m.active); s != nil && s.Tree() != nil {
		if mod := s.Tree().Find(id); mod != nil && len(mod.Children) > 0 {
			m.focus[m.active] = id
			mod.Children[0].Walk(func(n *a2ui.Node) bool {
				if _, ok := components.ControlFor(n); ok {
					m.focus[m.active] = n.ID
					return false
				}
				return true
			})
		}
	}
	m.relayout()
}

func (m *Model) mouse(ev tea.MouseMsg) {
	switch {
	case ev.Action == tea.MouseActionPress && ev.Button == tea.MouseButtonWheelUp:
		m.scrollBy(-3)
		return
	case ev.Action == tea.MouseActionPress && ev.Button == tea.MouseButtonWheelDown:
		m.scrollBy(3)
		return
	case ev.Action != tea.MouseActionPress || ev.Button != tea.MouseButtonLeft:
		return
	}
	if ev.Y == 0 {
		for _, t := range m.lay.tabs {
			if ev.X >= t.x && ev.X < t.x+t.w {
				m.active = t.id
				m.showTranscript = false
				m.relayout()
			}
		}
		return
	}
	h, ok := m.lay.hitAt(ev.X, ev.Y)
	if !ok {
		return
	}
	s := m.snap.Canvas.Surface(m.active)
	if s == nil || s.Tree() == nil {
		return
	}
	n := s.Tree().Find(h.Node)
	ctl, isCtl := components.ControlFor(n)
	if !isCtl {
		return
	}
	m.focus[m.active] = n.ID
	m.apply(ctl.Click(n, m.state().Node(n.ID), h.Part, m.context()))
}

// Frame draws one frame of view at w×h without a terminal: the surface
// given (or the first shown one), with node focus focused when it names a
// control. It is exactly what the program would draw in that state.
func Frame(view bridge.View, opts Options, w, h int, surface, focus string) (string, error) {
	m := New(view, opts)
	defer m.Close()
	m.SetSize(w, h)
	if surface != "" && !m.Show(surface) {
		return "", fmt.Errorf("no surface %q is shown", surface)
	}
	if focus != "" && !m.Focus(focus) {
		return "", fmt.Errorf("%q is not a control drawn on surface %q", focus, m.active)
	}
	return m.View(), nil
}

// OpenModal opens Modal node id of the active surface, as activating its
// entry point does.
func (m *Model) OpenModal(id string) bool {
	s := m.snap.Canvas.Surface(m.active)
	if s == nil || s.Tree() == nil {
		return false
	}
	if n := s.Tree().Find(id); n == nil || n.Type != "Modal" {
		return false
	}
	m.apply(components.Intent{Kind: components.OpenModal, Node: id})
	return true
}
