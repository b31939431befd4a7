package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
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
	// WebLink, when set, returns the web mirror's one-time pairing link
	// for the person: the unused one, or a new one once the last was
	// used. ctrl+y copies it. It runs in a command.
	WebLink func() string
	// Clipboard, when set, puts text on the terminal's clipboard (OSC 52,
	// through the program's Output, so that it never lands inside a
	// frame). It is called only when the person asks (ctrl+y), in a
	// command.
	Clipboard func(text string) error
	// Notice is shown on the status line until the first key: what the
	// person should know on arriving (what happened while no one
	// watched, a canvas restored).
	Notice string
}

// Model is the Bubble Tea model of the program.
type Model struct {
	view   hub.View
	snap   hub.Snapshot
	keys   KeyMap
	help   help.Model
	theme  *components.Theme
	accent map[string]*components.Theme // themes by surface primaryColor
	now    func() time.Time
	width  int
	height int

	// need is what the rows of tree ask for (see rowsNeed).
	need struct {
		tree *a2ui.Node
		w    int
	}

	active string                       // id of the shown surface
	states map[string]*components.State // per surface
	caches map[string]*components.Cache
	// focusSeen is the set drawSurface lists the controls with, kept
	// from one drawing to the next: each id seen maps to its entry in
	// focusStamp, which holds the drawing that last saw it (focusDrawing
	// counts them), so that a drawing neither clears the set nor adds
	// the ids it already holds.
	focusSeen    map[string]int
	focusStamp   []uint64
	focusDrawing uint64
	// focusFrom holds the hits the list was last made from, and
	// focusList that list.
	focusFrom, focusList []components.Hit
	focus                map[string]string // focused node per surface
	scroll               map[string]int
	seen                 map[string]uint64 // version of each surface last shown
	// started holds the surfaces whose focus the program no longer sets
	// itself: at first the first control of a surface gets the focus,
	// until the person (or that) moved it.
	started map[string]bool
	// known holds the surfaces that have tabs, to tell a new one.
	known map[string]bool

	narrowScript bool // narrow terminals: the transcript view instead of the surface
	hideScript   bool // wide terminals: the transcript pane hidden
	scriptFocus  bool // wide terminals: the transcript pane has the focus
	tr           *transcript
	searching    bool   // the search prompt is open
	query        string // what is typed into it
	saying       bool   // the line to the agent is open
	draft        string // what is written on it

	helpOpen bool
	helpTop  int    // first line of the help shown
	notice   string // the last refusal or answer, shown in the status line
	noticeOK bool   // the notice is news, not a refusal
	// noticeAsk numbers the agent's notice shown (hub.Ask.Seq), which
	// goes after AgentNoticeFor, and noticeTimer the one whose timer is
	// yet to start; revealing is the node drawn marked to be scrolled
	// into view (components.Context.Reveal).
	noticeAsk, noticeTimer uint64
	revealing              string
	// announce names a surface that appeared while another was shown,
	// until it is shown or the person dismisses it.
	announce, announced string
	message             []string // lines shown over the surface until a key (ctrl+o's answer)
	openWeb             func() []string
	webLink             func() string
	clipboard           func(string) error

	changed <-chan struct{}
	cancel  func()

	// The person's values and presses go to the view in commands, never
	// in Update: the hub of an attached terminal may be slow to answer,
	// or gone. Each command waits for the one before it (sent is closed
	// once the last one is through), so the view has them in the order
	// the person gave them. Until a value is through, the model draws it
	// over the view's canvas, so that it shows at once and what is typed
	// next builds on it: base is the view's canvas, pending the values on
	// their way, oldest first, and snap.Canvas is base with them set.
	// Intents are numbered from 1: lastSent is the last one sent,
	// through the last one known to be carried out (those before it are
	// too).
	sent     chan struct{}
	base     *a2ui.Canvas
	pending  []sentIntent
	lastSent uint64
	through  uint64

	// Layout, recomputed in Update whenever anything it depends on
	// changes, so that View only draws.
	lay layout
	// drawn is what the surface's layout was last worked out from: a
	// relayout whose inputs did not change keeps it.
	drawn surfaceKey
	// stateGen counts changes of the surfaces' view state (cursors, open
	// tabs), which the surface's layout depends on.
	stateGen uint64
}

// changedMsg says the view's state changed.
type changedMsg struct{}

// MaxIntentsInFlight is how many of the person's intents (values set,
// presses) may be on their way to the view at once: sent, and not yet
// carried out. While the view does not answer (an attached terminal's
// hub stopped), keys are not queued without end: the next intent is not
// sent, and the status line says so.
const MaxIntentsInFlight = 64

// sentIntent is an intent of the person sent to the view: a value set or
// a press, of node on surface.
type sentIntent struct {
	id            uint64
	kind          components.IntentKind
	surface, node string
	value         any
	// version is the view's version of the surface the press was seen
	// at; opens says the button opens url (a2term shows it, opens
	// nothing).
	version uint64
	opens   bool
	url     string
}

// intentsMsg says how intents the model sent came out: errs[i] is what
// sent[i] met.
type intentsMsg struct {
	sent []sentIntent
	errs []error
}

// webMsg carries what opening the web mirror said.
type webMsg struct{ lines []string }

// saidMsg says how sending a message to the agent went (say is the
// text, to give it back to the line when it failed).
type saidMsg struct {
	say string
	err error
}

// canceledMsg says how asking the agent to cancel its task went.
type canceledMsg struct{ err error }

// copiedMsg says how copying the web link went.
type copiedMsg struct {
	err error
}

// New returns the program for view. Call Close when it ends.
func New(view hub.View, opts Options) *Model {
	m := &Model{
		view:      view,
		keys:      DefaultKeyMap(),
		theme:     components.NewTheme(opts.Renderer, opts.Widgets),
		accent:    map[string]*components.Theme{},
		now:       opts.Now,
		openWeb:   opts.OpenWeb,
		webLink:   opts.WebLink,
		clipboard: opts.Clipboard,
		states:    map[string]*components.State{},
		caches:    map[string]*components.Cache{},
		focus:     map[string]string{},
		scroll:    map[string]int{},
		seen:      map[string]uint64{},
		started:   map[string]bool{},
		known:     map[string]bool{},
		notice:    opts.Notice,
		noticeOK:  opts.Notice != "",
		width:     80,
		height:    24,
	}
	if m.now == nil {
		m.now = time.Now
	}
	m.tr = newTranscript(m.theme)
	m.help = newHelp(m.theme)
	m.changed, m.cancel = view.Subscribe()
	m.snap = view.Snapshot()
	m.talkKeys()
	m.base = m.snap.Canvas
	for _, s := range m.shownSurfaces() {
		m.known[s.ID()] = true
	}
	m.pickActive()
	m.relayout()
	return m
}

// newHelp returns the help drawer, styled by the program's theme.
func newHelp(t *components.Theme) help.Model {
	h := help.New()
	h.ShortSeparator = " · "
	h.Ellipsis = "…"
	h.Styles = help.Styles{
		ShortKey:       t.Text.Style,
		ShortDesc:      t.Dim.Style,
		ShortSeparator: t.Dim.Style,
		Ellipsis:       t.Dim.Style,
		FullKey:        t.Accent.Style,
		FullDesc:       t.Text.Style,
		FullSeparator:  t.Dim.Style,
	}
	return h
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
	m.showSurface(id)
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
		return m, tea.Batch(m.wait(), m.noticeTimerCmd())
	case noticeDoneMsg:
		m.noticeDone(msg.seq)
		return m, nil
	case webMsg:
		m.message = msg.lines
		return m, nil
	case intentsMsg:
		m.intentsDone(msg)
		return m, nil
	case saidMsg:
		if msg.err != nil {
			m.setNotice("not sent: "+talkRefusal(msg.err), false)
			if m.draft == "" {
				m.draft = msg.say
			}
		}
		return m, nil
	case canceledMsg:
		if msg.err != nil {
			m.setNotice(talkRefusal(msg.err), false)
		} else {
			m.setNotice("the agent was asked to cancel its task", true)
		}
		return m, nil
	case copiedMsg:
		if msg.err != nil {
			m.setNotice("could not copy the link: "+msg.err.Error(), false)
		} else {
			m.setNotice("link copied to the clipboard (it works once)", true)
		}
		return m, nil
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		return m, nil
	case tea.KeyMsg:
		return m, m.key(msg)
	case tea.MouseMsg:
		return m, m.mouse(msg)
	}
	return m, nil
}

// talkKeys offers the keys that write to the agent and cancel its task
// (ctrl+r, ctrl+x) only while the status says someone listens: the
// transport carries the person's words (a2term connect).
func (m *Model) talkKeys() {
	m.keys.Say.SetEnabled(m.snap.Status.Talk)
	m.keys.CancelTask.SetEnabled(m.snap.Status.Talk)
}

// refresh reads the latest snapshot, and draws the values still on
// their way to the view over it.
func (m *Model) refresh() {
	was := m.snap.Status
	lost, prev, anew, pics := was.Lost, m.snap.Canvas, m.snap.Anew, was.Pictures
	m.snap = m.view.Snapshot()
	m.base = m.snap.Canvas
	m.talkKeys()
	if m.snap.Status.Pictures != pics {
		m.picturesArrived()
	}
	for _, si := range m.pending {
		m.predict(si)
	}
	if m.snap.Anew != anew {
		m.carrySeen(prev)
	}
	m.noticeLost(lost)
	m.noticeNewSurfaces()
	m.pickActive()
	m.relayout()
	m.takeAsks(was)
}

// picturesArrived draws every picture again once a remote picture
// arrived or failed: the nodes did not change, what they show did.
func (m *Model) picturesArrived() {
	for _, c := range m.caches {
		c.Clear()
	}
	m.need.tree = nil
}

// carrySeen keeps the tabs of surfaces the person saw unmarked when the
// view took the whole canvas anew (Snapshot.Anew), as an attached
// terminal does from its hub: every surface then has a new version, and
// those that hold what the person saw in prev are taken as seen. It costs
// a comparison of each surface's state, once per such canvas, never on
// an ordinary change.
func (m *Model) carrySeen(prev *a2ui.Canvas) {
	now := m.snap.Canvas
	if prev == nil || now == nil || now == prev {
		return
	}
	for _, s := range now.Surfaces() {
		v, seen := m.seen[s.ID()]
		if old := prev.Surface(s.ID()); seen && old != nil && old.Version() == v && s.SameState(old) {
			m.seen[s.ID()] = s.Version()
		}
	}
}

// noticeLost says on the status line that the view lost its a2term (an
// attached terminal's hub went away), and takes it back once the view has
// it again; was is what the view said before.
func (m *Model) noticeLost(was string) {
	switch lost := m.snap.Status.Lost; {
	case lost == was:
	case lost != "":
		m.setNotice(lost, false)
	case m.notice == was:
		m.setNotice("", false)
	}
}

// noticeNewSurfaces announces a surface that got a tab while another was
// shown: "new surface: settings — alt+2".
func (m *Model) noticeNewSurfaces() {
	for i, s := range m.shownSurfaces() {
		if m.known[s.ID()] {
			continue
		}
		m.known[s.ID()] = true
		if m.active == "" || m.active == s.ID() {
			continue
		}
		m.announce, m.announced = "new surface: "+s.ID(), s.ID()
		if i < 8 {
			m.announce += " — alt+" + strconv.Itoa(i+1)
		}
	}
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

// setNotice shows s in the status line until the next key: a refusal,
// or (ok) news.
func (m *Model) setNotice(s string, ok bool) {
	m.notice, m.noticeOK, m.noticeAsk = s, ok, 0
	m.fitStatus()
}

// fitStatus lays the screen out again when the status line needs another
// number of rows than it has (a long notice comes or goes).
func (m *Model) fitStatus() {
	if m.statusRows() != m.lay.statusH {
		m.relayout()
	}
}

// scriptActive reports whether the transcript has the focus: its view on
// a narrow terminal, its pane when focused on a wide one.
func (m *Model) scriptActive() bool {
	if m.lay.wide {
		return m.scriptFocus && !m.hideScript
	}
	return m.narrowScript
}

// dialogOpen reports whether a dialog is open on the surface shown.
func (m *Model) dialogOpen() bool { return m.lay.dialogOn }

func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	// ctrl+c quits from anywhere: the help, a dialog, a field, a search.
	if key.Matches(k, m.keys.Quit) {
		return tea.Quit
	}
	if m.searching {
		m.searchKey(k)
		return nil
	}
	if m.saying {
		return m.sayKey(k)
	}
	if m.helpOpen {
		m.helpKey(k)
		return nil
	}
	if m.message != nil {
		m.message = nil
		m.relayout()
		return nil
	}
	if m.notice != "" {
		// A notice lasts until the next key; that the a2term went away
		// lasts as long as it is away.
		m.notice, m.noticeOK = m.snap.Status.Lost, false
		m.fitStatus()
	}
	switch {
	case key.Matches(k, m.keys.NextSurface):
		m.switchSurface(+1)
		return nil
	case key.Matches(k, m.keys.PrevSurface):
		m.switchSurface(-1)
		return nil
	case key.Matches(k, m.keys.Surface):
		m.showTab(k.String()[len(k.String())-1])
		return nil
	case key.Matches(k, m.keys.Transcript):
		m.toggleTranscript()
		return nil
	case key.Matches(k, m.keys.Help):
		m.openHelp()
		return nil
	case key.Matches(k, m.keys.OpenWeb):
		if m.openWeb == nil {
			m.setNotice("the web mirror is off", false)
			return nil
		}
		open := m.openWeb
		return func() tea.Msg { return webMsg{lines: open()} }
	case key.Matches(k, m.keys.CopyLink):
		return m.copyLink()
	case key.Matches(k, m.keys.Say):
		m.saying = true
		m.relayout()
		return nil
	case key.Matches(k, m.keys.CancelTask):
		view := m.view
		return func() tea.Msg { return canceledMsg{err: view.CancelTask()} }
	case key.Matches(k, m.keys.NextFocus):
		m.moveFocus(+1)
		return nil
	case key.Matches(k, m.keys.PrevFocus):
		m.moveFocus(-1)
		return nil
	case key.Matches(k, m.keys.Back):
		m.back()
		return nil
	}
	n := m.focusedNode()
	if m.scriptActive() {
		if m.transcriptKey(k) {
			return nil
		}
		n = nil // the surface is not what the keys are for now
	}
	if n != nil {
		if cmd, taken := m.controlKey(n, k); taken {
			return cmd
		}
	}
	switch {
	case key.Matches(k, m.keys.HelpQ):
		m.openHelp()
	case key.Matches(k, m.keys.QuitQ):
		if m.dialogOpen() {
			m.setNotice("q does not quit from a dialog: esc closes it, ctrl+c quits", false)
			return nil
		}
		return tea.Quit
	case key.Matches(k, m.keys.SurfaceDigit):
		m.showTab(k.String()[0])
	case key.Matches(k, m.keys.Search):
		m.startSearch()
	case key.Matches(k, m.keys.ScrollUp):
		m.scrollBy(-max(m.lay.surfH-2, 1))
	case key.Matches(k, m.keys.ScrollDown):
		m.scrollBy(max(m.lay.surfH-2, 1))
	case key.Matches(k, m.keys.Top):
		m.scrollBy(-m.lay.frame.H())
	case key.Matches(k, m.keys.Bottom):
		m.scrollBy(m.lay.frame.H())
	case key.Matches(k, m.keys.LineUp) && m.focus[m.active] == "":
		m.scrollBy(-1)
	case key.Matches(k, m.keys.LineDown) && m.focus[m.active] == "":
		m.scrollBy(1)
	}
	return nil
}

// controlKey gives k to the focused control n. It reports whether the key
// was the control's: one it acted on, or one typed into a field, which
// types or does nothing but is never a program key (q, ?, digits).
func (m *Model) controlKey(n *a2ui.Node, k tea.KeyMsg) (tea.Cmd, bool) {
	if ctl, ok := components.ControlFor(n); ok {
		st := m.state().Node(n.ID)
		before := *st
		it := ctl.Key(n, st, k, m.context())
		if *st != before {
			m.stateGen++
		}
		if it.Kind != components.Ignored {
			return m.apply(it), true
		}
	}
	return nil, components.TakesText(n) && k.Type == tea.KeyRunes && !k.Alt
}

// transcriptKey scrolls and searches the transcript, which has the focus;
// it reports whether the key was for it.
func (m *Model) transcriptKey(k tea.KeyMsg) bool {
	h := m.lay.bodyH
	switch {
	case key.Matches(k, m.keys.ScrollUp):
		m.tr.scrollBy(-max(h-2, 1), h)
	case key.Matches(k, m.keys.ScrollDown):
		m.tr.scrollBy(max(h-2, 1), h)
	case key.Matches(k, m.keys.LineUp):
		m.tr.scrollBy(-1, h)
	case key.Matches(k, m.keys.LineDown):
		m.tr.scrollBy(1, h)
	case key.Matches(k, m.keys.Top):
		m.tr.scrollTo(0, h)
	case key.Matches(k, m.keys.Bottom):
		m.tr.scrollTo(m.tr.total, h)
	case key.Matches(k, m.keys.Search):
		m.startSearch()
	case key.Matches(k, m.keys.NextMatch) && m.tr.query != "":
		if !m.tr.step(-1, h) {
			m.setNotice("no match above", true)
		}
	case key.Matches(k, m.keys.PrevMatch) && m.tr.query != "":
		if !m.tr.step(+1, h) {
			m.setNotice("no match below", true)
		}
	default:
		return false
	}
	return true
}

// startSearch opens the search prompt, with the transcript on the screen.
func (m *Model) startSearch() {
	m.searching, m.query = true, ""
	m.tr.clearSearch()
	if m.lay.wide {
		m.hideScript, m.scriptFocus = false, true
		m.focus[m.active] = ""
	} else {
		m.narrowScript = true
	}
	m.relayout()
}

// searchKey edits the search prompt: what is typed is searched for as it
// is typed, enter keeps the search (n and N go on from it), esc drops it.
func (m *Model) searchKey(k tea.KeyMsg) {
	ck := m.keys.Controls
	switch {
	case key.Matches(k, m.keys.Back):
		m.searching = false
		m.tr.clearSearch()
	case k.Type == tea.KeyEnter:
		m.searching = false
		switch {
		case m.query == "":
			m.tr.clearSearch()
		case len(m.tr.matches) == 0:
			m.setNotice("no match for "+strconv.Quote(m.query), false)
			m.tr.clearSearch()
		}
	case key.Matches(k, ck.Delete):
		if r := []rune(m.query); len(r) > 0 {
			m.query = string(r[:len(r)-1])
			m.tr.search(m.query, m.lay.bodyH)
		}
	case key.Matches(k, ck.KillStart):
		m.query = ""
		m.tr.clearSearch()
	case k.Type == tea.KeyRunes || k.Type == tea.KeySpace:
		m.query += a2ui.SanitizeLine(string(k.Runes))
		m.tr.search(m.query, m.lay.bodyH)
	}
	m.relayout()
}

// sayKey edits the line to the agent: enter sends what is written, esc
// closes the line and keeps it for the next ctrl+r.
func (m *Model) sayKey(k tea.KeyMsg) tea.Cmd {
	ck := m.keys.Controls
	defer m.relayout()
	switch {
	case key.Matches(k, m.keys.Back):
		m.saying = false
	case k.Type == tea.KeyEnter:
		text := strings.TrimSpace(m.draft)
		m.saying = false
		if text == "" {
			return nil
		}
		m.draft = ""
		view := m.view
		return func() tea.Msg { return saidMsg{say: text, err: view.Say(text)} }
	case key.Matches(k, ck.Delete):
		if r := []rune(m.draft); len(r) > 0 {
			m.draft = string(r[:len(r)-1])
		}
	case key.Matches(k, ck.KillStart):
		m.draft = ""
	case k.Type == tea.KeyRunes || k.Type == tea.KeySpace:
		if add := a2ui.SanitizeLine(string(k.Runes)); len(m.draft)+len(add) <= a2ui.MaxStringBytes {
			m.draft += add
		}
	}
	return nil
}

// back is esc: close the dialog, end the search, leave the transcript or
// the control, or dismiss the announcement of a new surface.
func (m *Model) back() {
	switch {
	case m.lay.dialogOn:
		m.closeModal()
		return
	case m.scriptActive() && m.tr.query != "":
		m.tr.clearSearch()
	case m.scriptActive():
		m.scriptFocus = false
		m.narrowScript = false
	case m.focus[m.active] != "":
		m.clearFocus()
	default:
		m.announce = ""
	}
	m.relayout()
}

// openHelp shows every key.
func (m *Model) openHelp() {
	m.helpOpen, m.helpTop = true, 0
}

// helpKey scrolls the help; any other key closes it.
func (m *Model) helpKey(k tea.KeyMsg) {
	// A page keeps one line of the last one, to read on from.
	_, rows := m.helpRows()
	page := max(rows-1, 1)
	switch {
	case key.Matches(k, m.keys.LineUp):
		m.helpTop--
	case key.Matches(k, m.keys.LineDown):
		m.helpTop++
	case key.Matches(k, m.keys.ScrollUp):
		m.helpTop -= page
	case key.Matches(k, m.keys.ScrollDown):
		m.helpTop += page
	case key.Matches(k, m.keys.Top):
		m.helpTop = 0
	case key.Matches(k, m.keys.Bottom):
		m.helpTop = len(m.helpLines())
	default:
		m.helpOpen = false
	}
	m.clampHelp()
}

// copyLink puts the web mirror's link for the person on the clipboard.
// The link is one-time: the first browser that opens it is paired, and
// every later use is announced in the transcript, so a copy that someone
// else reads first costs the person a new link, not their session.
func (m *Model) copyLink() tea.Cmd {
	switch {
	case m.webLink == nil:
		m.setNotice("the web mirror is off", false)
		return nil
	case m.clipboard == nil:
		m.setNotice("no clipboard here", false)
		return nil
	}
	link, clip := m.webLink, m.clipboard
	return func() tea.Msg {
		l := link()
		if l == "" {
			// The hub of an attached terminal may run no mirror.
			return copiedMsg{err: errors.New("the web mirror is off")}
		}
		return copiedMsg{err: clip(l)}
	}
}

// toggleTranscript is ctrl+t: the transcript pane hidden or shown on a
// wide terminal, the transcript view or the surface on a narrow one.
func (m *Model) toggleTranscript() {
	if m.lay.wide {
		m.hideScript = !m.hideScript
		m.scriptFocus = false
	} else {
		m.narrowScript = !m.narrowScript
	}
	m.relayout()
}

// showTab shows the surface of tab c ('1'…'8').
func (m *Model) showTab(c byte) {
	ss := m.shownSurfaces()
	if i := int(c - '1'); i >= 0 && i < len(ss) {
		m.showSurface(ss[i].ID())
	}
}

// showSurface makes id the active surface and puts it on the screen.
func (m *Model) showSurface(id string) {
	m.active = id
	m.narrowScript, m.scriptFocus = false, false
	if m.announced == id {
		m.announce = ""
	}
	m.relayout()
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
	m.showSurface(ss[(i+d+len(ss))%len(ss)].ID())
}

// moveFocus goes to the next or previous control, and on a wide terminal
// to the transcript pane after the last control (outside dialogs).
func (m *Model) moveFocus(d int) {
	fs := m.lay.focusables
	if !m.lay.wide && m.narrowScript {
		// Back from the transcript to the surface, at its first control.
		m.narrowScript = false
		m.relayout()
		if len(m.lay.focusables) > 0 && m.focus[m.active] == "" {
			m.setFocus(m.lay.focusables[0].Node)
		}
		return
	}
	pane := m.lay.wide && !m.hideScript && !m.lay.dialogOn
	cur := m.focus[m.active]
	i := -1
	for j, f := range fs {
		if f.Node == cur {
			i = j
		}
	}
	switch {
	case m.scriptActive():
		i = -1 // from the pane: the first or the last control
	case pane && (i == len(fs)-1 && d > 0 || i == 0 && d < 0 || len(fs) == 0):
		m.clearFocus()
		m.scriptFocus = true
		m.relayout()
		return
	}
	m.scriptFocus = false
	if len(fs) == 0 {
		m.relayout()
		return
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
	m.started[m.active] = true
	m.scriptFocus = false
	if n := m.focusedNode(); n != nil {
		if p, ok := n.Props.(*a2ui.TextFieldProps); ok {
			m.state().Node(id).Cursor = len([]rune(p.Text))
			m.stateGen++
		}
	}
	m.relayout()
}

// clearFocus leaves the focused control, for good: the program does not
// give the surface's first control the focus again.
func (m *Model) clearFocus() {
	m.focus[m.active] = ""
	m.started[m.active] = true
}

// scrollBy scrolls the surface by d rows and keeps the focus on the
// screen: the focused control keeps it while it is still in view, else
// the first control in view takes it. With no control in view the focus
// is dropped (or the next layout would scroll straight back to it), and
// the status line says so.
func (m *Model) scrollBy(d int) {
	l := &m.lay
	sc := max(0, min(m.scroll[m.active]+d, l.frame.H()-l.surfH))
	m.scroll[m.active] = sc
	if cur := m.focus[m.active]; cur != "" && !l.dialogOn {
		inView := func(h components.Hit) bool {
			return h.Y >= sc && h.Y+min(h.H, l.surfH) <= sc+l.surfH
		}
		next := ""
		for _, h := range l.focusables {
			if h.Node == cur && inView(h) {
				next = cur
				break
			}
			if next == "" && inView(h) {
				next = h.Node
			}
		}
		switch {
		case next == cur:
		case next != "":
			m.setFocus(next)
			return
		default:
			m.clearFocus()
			m.setNotice("no control in view: the focus is off; tab focuses the first control", false)
		}
	} else {
		m.clearFocus()
	}
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

func (m *Model) surfaceTheme() *components.Theme {
	theme := m.theme
	if s := m.snap.Canvas.Surface(m.active); s != nil && s.Styles().PrimaryColor != "" {
		hex := s.Styles().PrimaryColor
		if m.accent[hex] == nil {
			m.accent[hex] = theme.WithAccent(hex)
		}
		theme = m.accent[hex]
	}
	return theme
}

func (m *Model) context() *components.Context {
	c := &components.Context{Theme: m.surfaceTheme(), State: m.state(), Focus: m.focus[m.active], Now: m.now, Reveal: m.revealing}
	if m.snap.Pictures != nil {
		c.Pictures = m.snap.Pictures
	}
	return c
}

// apply carries out what a control asked for: at once what is the
// model's own (a dialog opened or closed), in a command what is the
// view's (values, presses).
func (m *Model) apply(it components.Intent) tea.Cmd {
	var out []sentIntent
	for it.Kind != components.Ignored {
		switch it.Kind {
		case components.Press:
			if si, ok := m.pressIntent(it.Node); ok {
				out = append(out, si)
			}
		case components.SetValue:
			out = append(out, sentIntent{kind: components.SetValue, surface: m.active, node: it.Node, value: it.Value})
		case components.OpenModal:
			m.state().Modal = it.Node
			m.focus[m.active] = ""
		case components.CloseModal:
			m.closeModal()
		case components.Ignored, components.Handled:
		}
		if it.Also == nil {
			break
		}
		it = *it.Also
	}
	cmd := m.send(out)
	m.pickActive()
	m.relayout()
	return cmd
}

// send returns the command that gives the view its, in order, after the
// intents sent before; the values are drawn at once. Beyond
// MaxIntentsInFlight on their way, its are not sent.
func (m *Model) send(its []sentIntent) tea.Cmd {
	if len(its) == 0 {
		return nil
	}
	if waiting := m.lastSent - m.through; waiting+uint64(len(its)) > MaxIntentsInFlight {
		m.setNotice(fmt.Sprintf("Not sent: the a2term has not yet taken the %d changes before it", waiting), false)
		return nil
	}
	for i := range its {
		m.lastSent++
		its[i].id = m.lastSent
		if its[i].kind == components.SetValue {
			m.pending = append(m.pending, its[i])
			m.predict(its[i])
		}
	}
	view, prev, done := m.view, m.sent, make(chan struct{})
	m.sent = done
	return func() tea.Msg {
		if prev != nil {
			<-prev
		}
		defer close(done)
		errs := make([]error, len(its))
		for i, si := range its {
			if si.kind == components.Press {
				errs[i] = view.Press(hub.Terminal, si.surface, si.node, si.version)
			} else {
				errs[i] = view.SetValue(hub.Terminal, si.surface, si.node, si.value)
			}
		}
		return intentsMsg{sent: its, errs: errs}
	}
}

// predict draws a value on its way to the view: the canvas drawn gets it
// as the view will. A value the canvas refuses is not drawn; the view's
// refusal comes back with the answer.
func (m *Model) predict(si sentIntent) {
	if next, err := m.snap.Canvas.SetValue(si.surface, si.node, si.value); err == nil {
		m.snap.Canvas = next
	}
}

// intentsDone takes the view's answer to intents it was sent: the values
// through are now the view's own, a refusal is shown on the status line
// (over what the view's new state says there), and a press says what came
// of it. Answers may come out of order; an intent through means every one
// before it is.
func (m *Model) intentsDone(msg intentsMsg) {
	for _, si := range msg.sent {
		m.through = max(m.through, si.id)
	}
	keep := m.pending[:0]
	for _, si := range m.pending {
		if si.id > m.through {
			keep = append(keep, si)
		}
	}
	clear(m.pending[len(keep):])
	m.pending = keep
	m.refresh()
	for i, si := range msg.sent {
		if err := msg.errs[i]; err != nil {
			m.setNotice(refusalNotice(err), false)
		} else if si.kind == components.Press {
			m.pressed(si)
		}
	}
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

// talkRefusal words a refused message to the agent, or cancel, for the
// status line: the hub's reason, without its code.
func talkRefusal(err error) string {
	if e, ok := errors.AsType[*a2ui.Error](err); ok {
		return e.Message
	}
	return err.Error()
}

// pressIntent is the press of button id of the active surface, as the
// person sees it; a button that is a Modal's entry point opens the dialog
// too.
func (m *Model) pressIntent(id string) (sentIntent, bool) {
	s := m.snap.Canvas.Surface(m.active)
	if s == nil {
		return sentIntent{}, false
	}
	if mod := components.ModalOf(s.Tree(), id); mod != nil && m.state().Modal == "" {
		m.state().Modal = mod.ID
		m.focus[m.active] = ""
	}
	si := sentIntent{kind: components.Press, surface: m.active, node: id, version: s.Version()}
	if b := m.base.Surface(m.active); b != nil {
		// The values drawn over the view's canvas change no button: the
		// person saw the view's version of the surface.
		si.version = b.Version()
	}
	if t := s.Tree(); t != nil {
		if n := t.Find(id); n != nil {
			if p, ok := n.Props.(*a2ui.ButtonProps); ok && p.Call == "openUrl" {
				si.opens, si.url = true, p.URL
			}
		}
	}
	return si, true
}

// pressed says what came of a press the view took: a button that opens
// an address shows it, by the button and on the status line (a2term opens
// nothing); a press no agent is there to read says it waits.
func (m *Model) pressed(si sentIntent) {
	if si.opens {
		st, ok := m.states[si.surface]
		if !ok {
			st = components.NewState()
			m.states[si.surface] = st
		}
		st.Node(si.node).Notice = components.OpenNotice(si.url)
		m.stateGen++
		m.setNotice(components.OpenNotice(si.url), true)
		m.relayout()
		return
	}
	if m.notice == "" && m.snap.Status.Agent == hub.AgentNone {
		m.setNotice("no agent is connected; the action waits in the queue", true)
	}
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

// clickTab is a click at column x of the tab row: a surface's tab shows
// it, the transcript's tab opens the transcript.
func (m *Model) clickTab(x int) {
	for _, t := range m.lay.tabs {
		if x >= t.x && x < t.x+t.w {
			m.showSurface(t.id)
			return
		}
	}
	if t := m.lay.scriptTab; t.w > 0 && x >= t.x && x < t.x+t.w {
		if m.lay.wide {
			m.hideScript = false
		} else {
			m.narrowScript = true
		}
		m.relayout()
	}
}

func (m *Model) mouse(ev tea.MouseMsg) tea.Cmd {
	if ev.Action != tea.MouseActionPress {
		return nil
	}
	overScript := m.lay.showScript && (!m.lay.showSurface || ev.X >= m.lay.scriptX) && ev.Y > 0 && ev.Y <= m.lay.bodyH
	switch {
	case ev.Button == tea.MouseButtonWheelUp || ev.Button == tea.MouseButtonWheelDown:
		d := 3
		if ev.Button == tea.MouseButtonWheelUp {
			d = -3
		}
		switch {
		case m.helpOpen:
			m.helpTop += d
			m.clampHelp()
		case overScript:
			m.tr.scrollBy(d, m.lay.bodyH)
		default:
			m.scrollBy(d)
		}
		return nil
	case ev.Button != tea.MouseButtonLeft:
		return nil
	}
	if m.helpOpen || m.message != nil {
		m.helpOpen, m.message = false, nil
		m.relayout()
		return nil
	}
	if ev.Y == 0 {
		m.clickTab(ev.X)
		return nil
	}
	if overScript && m.lay.wide {
		m.clearFocus()
		m.scriptFocus = true
		m.relayout()
		return nil
	}
	h, ok := m.lay.hitAt(ev.X, ev.Y)
	if !ok {
		return nil
	}
	s := m.snap.Canvas.Surface(m.active)
	if s == nil || s.Tree() == nil {
		return nil
	}
	n := s.Tree().Find(h.Node)
	ctl, isCtl := components.ControlFor(n)
	if !isCtl {
		return nil
	}
	m.focus[m.active] = n.ID
	m.started[m.active] = true
	m.scriptFocus = false
	st := m.state().Node(n.ID)
	before := *st
	it := ctl.Click(n, st, h.Part, m.context())
	if *st != before {
		m.stateGen++
	}
	return m.apply(it)
}

// Frame draws one frame of view at w×h without a terminal: the surface
// given (or the first shown one), with node focus focused when it names a
// control, else with the focus where the program puts it at start (the
// surface's first control). It is exactly what the program would draw in
// that state.
func Frame(view hub.View, opts Options, w, h int, surface, focus string) (string, error) {
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
