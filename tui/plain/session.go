package plain

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
)

// DefaultWidth is the width lines wrap at when nothing says otherwise.
const DefaultWidth = 80

// The gutter: the first two columns of every line, written by this view
// and never by the text after them. a2term's own lines start with "* ",
// what the person typed with "> ", and everything else — the agent's
// lines, its program's output, a surface's content, and the lines a long
// line of a2term's wraps onto — with two spaces, so that nothing an agent
// writes can pass for a line of a2term's.
const (
	markA2term = "* "
	markPerson = "> "
	markOther  = "  "
)

// Options set up a session.
type Options struct {
	// Width returns the widest a line may be, in cells; nil, or a result
	// below 1, means DefaultWidth. It is asked before each print, so a
	// terminal that was resized is followed from then on.
	Width func() int
	// Boxes frames cards with box-drawing characters and draws dividers
	// as rules; without it only indentation shows structure.
	Boxes bool
	// Color marks a2term's lines and the control numbers with colour.
	Color bool
	// Interactive says a person types at a terminal: a prompt is printed,
	// and the terminal itself echoes what is typed. Otherwise (a pipe, a
	// file) each command is printed after the prompt mark as it is read,
	// and a command naming a control or a surface not shown yet waits for
	// it until the agent is done.
	Interactive bool
	// Echo, when set, turns the terminal's echo of typed characters off
	// (false) and back on (true), so that a hidden field's value can be
	// typed without showing. It reports whether it could.
	Echo func(on bool) bool
	// OpenWeb is what the web command does: open the web mirror, or say
	// how to reach it. nil: the mirror is off.
	OpenWeb func() []string
}

// Session is plain mode on one view: it prints what changes and carries
// out the person's commands. Its methods are for one goroutine (Run's).
type Session struct {
	view  hub.View
	out   io.Writer
	opts  Options
	theme *components.Theme

	snap    hub.Snapshot
	last    hub.Entry // the newest transcript entry printed
	viewers int
	lost    string              // what the view said last of its lost a2term
	task    string              // the agent's task state last printed
	printed map[string]*outline // per surface: what the person last read
	views   map[string]*viewState
	current string // the surface show prints

	nums  map[nodeKey]int
	byNum []nodeKey // by number - 1
	texts map[*a2ui.Node][]string
	// textsUsed are the cached texts met while building this refresh's
	// outlines; they become the cache of the next one.
	textsUsed map[*a2ui.Node][]string

	atPrompt bool
	await    *valueWait // set N without a value: the next line is the value
	pending  []string   // commands waiting for what they name (not interactive)
	agentOff bool       // the agent is done: nothing will appear any more

	changed <-chan struct{}
	cancel  func()
}

// nodeKey names a node of a surface.
type nodeKey struct{ surface, node string }

// valueWait is a value the next line gives.
type valueWait struct {
	key    nodeKey
	hidden bool
	echoed bool // the terminal's echo was turned off for it
}

// New returns a session on view printing to out. Call Close when done.
func New(view hub.View, out io.Writer, opts Options) *Session {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	s := &Session{
		view: view, out: out, opts: opts,
		theme:   components.NewTheme(r, components.Options{}),
		printed: map[string]*outline{},
		views:   map[string]*viewState{},
		nums:    map[nodeKey]int{},
		texts:   map[*a2ui.Node][]string{},
	}
	s.changed, s.cancel = view.Subscribe()
	return s
}

// Close ends the session's subscription.
func (s *Session) Close() { s.cancel() }

// Run prints the canvas as it changes and reads commands from in, one a
// line, until the person quits or ctx is done. The end of in quits once
// agentDone is closed (the agent exited, the script or stream was played
// to its end), or at once when it already is; until then the canvas keeps
// printing what the agent does. A nil agentDone never closes: the session
// then lasts until the person quits or ctx is done.
func (s *Session) Run(ctx context.Context, in io.Reader, agentDone <-chan struct{}) error {
	lines := make(chan string)
	inEnd := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 0, 4096), a2ui.MaxStringBytes+1024)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-stop:
				return
			}
		}
		inEnd <- sc.Err()
	}()
	defer s.restoreEcho()

	s.say("a2term, plain mode: type help for the commands.")
	if s.view.Snapshot().Status.WebURL != "" && s.opts.OpenWeb != nil {
		// Its link is a secret, and this output may be a log: only the
		// web command gives it.
		s.say("The web mirror is on: type web to open it in a browser, or to see how to reach it.")
	}
	s.Refresh()
	inOpen := true
	// The prompt is shown once nothing has been printed for a moment, so
	// that a burst of the agent's lines is followed by one prompt, not
	// interrupted by one after each.
	quiet := time.NewTimer(promptDelay)
	defer quiet.Stop()
	for {
		select {
		case <-ctx.Done():
			s.Refresh()
			return nil
		case <-s.changed:
			s.Refresh()
			if s.runPending() {
				return nil
			}
		case <-quiet.C:
			s.prompt()
			continue
		case l := <-lines:
			quiet.Stop()
			s.atPrompt = false
			if len(s.pending) > 0 {
				s.pending = append(s.pending, l)
				break
			}
			switch s.exec(l, !s.agentOff) {
			case quit:
				return nil
			case wait:
				s.pending = append(s.pending, l)
			case done:
			}
		case err := <-inEnd:
			inEnd, inOpen = nil, false
			if err != nil {
				s.say("Reading commands stopped: " + err.Error())
			}
			if s.agentOff {
				s.finish()
				return nil
			}
		case <-agentDone:
			agentDone = nil
			s.agentOff = true
			s.Refresh()
			if s.runPending() || !inOpen {
				s.finish()
				return nil
			}
		}
		if s.opts.Interactive && !s.atPrompt {
			quiet.Reset(promptDelay)
		}
	}
}

// promptDelay is how long nothing must be printed before the prompt shows.
const promptDelay = 300 * time.Millisecond

// finish runs what still waits, now that nothing more will appear.
func (s *Session) finish() {
	s.Refresh()
	s.runPending()
	s.atPrompt = false
}

// runPending carries out the commands that waited, in order, until one
// must wait longer. It reports whether one was quit.
func (s *Session) runPending() bool {
	for len(s.pending) > 0 {
		l := s.pending[0]
		switch s.exec(l, !s.agentOff) {
		case quit:
			return true
		case wait:
			return false
		case done:
		}
		s.pending = s.pending[1:]
		s.Refresh()
	}
	return false
}

// prompt shows that a command may be typed (interactive sessions only).
func (s *Session) prompt() {
	if s.opts.Interactive && !s.atPrompt && len(s.pending) == 0 {
		if s.await != nil {
			s.write(markPerson + "value: ")
		} else {
			s.write(markPerson)
		}
		s.atPrompt = true
	}
}

func (s *Session) restoreEcho() {
	if s.await != nil && s.await.echoed && s.opts.Echo != nil {
		s.opts.Echo(true)
	}
}

// Refresh prints what changed since the last print: new transcript lines,
// surfaces shown for the first time (whole), surfaces that changed (one
// line per change, or whole when most of them changed), surfaces that are
// gone, how many web pages watch, and the state of the agent's task. The
// surfaces print right after the transcript's last line announcing a
// show, so that what the agent said before showing comes first and what
// it did after comes after.
func (s *Session) Refresh() {
	s.snap = s.view.Snapshot()
	if lost := s.snap.Status.Lost; lost != s.lost {
		s.lost = lost
		if lost != "" {
			s.say(lost)
		}
	}
	entries := s.newEntries()
	cut := 0
	for i, e := range entries {
		if e.From == hub.FromA2term && e.Role == hub.RoleEvent && strings.HasPrefix(e.Text, "→ show") {
			cut = i + 1
		}
	}
	for _, e := range entries[:cut] {
		s.entry(e)
	}
	s.printSurfaces()
	for _, e := range entries[cut:] {
		s.entry(e)
	}
	if task := s.snap.Status.Task; task != s.task {
		// What the full-screen program's status line shows: the state of
		// an A2A agent's task.
		s.task = task
		if task != "" {
			s.say("The agent's task: " + task + ".")
		}
	}
	if v := s.snap.Status.Viewers; v != s.viewers {
		s.viewers = v
		switch v {
		case 0:
			s.say("No web page watches any more.")
		case 1:
			s.say("A web page watches the canvas.")
		default:
			s.say(fmt.Sprintf("%d web pages watch the canvas.", v))
		}
	}
}

func (s *Session) printSurfaces() {
	s.textsUsed = map[*a2ui.Node][]string{}
	shown := map[string]bool{}
	for _, surf := range s.snap.Canvas.Surfaces() {
		if !surf.Shown() {
			continue
		}
		id := surf.ID()
		shown[id] = true
		old := s.printed[id]
		if old != nil && old.version == surf.Version() && (!old.pictures || old.fetched == s.snap.Status.Pictures) {
			s.keepTexts(surf)
			continue
		}
		o := s.build(surf)
		if old == nil {
			s.printSurface(o, "")
			s.current = id
		} else {
			s.printChanges(old, o)
		}
		s.printed[id] = o
	}
	for _, id := range s.sortedPrinted() {
		if !shown[id] {
			s.say("surface " + s.name(id) + " is gone.")
			delete(s.printed, id)
			delete(s.views, id)
			if s.current == id {
				s.current = ""
			}
		}
	}
	s.texts = s.textsUsed
}

// keepTexts keeps the cached texts of a surface that did not change.
func (s *Session) keepTexts(surf *a2ui.Surface) {
	if surf.Tree() == nil {
		return
	}
	surf.Tree().Walk(func(n *a2ui.Node) bool {
		if l, ok := s.texts[n]; ok {
			s.textsUsed[n] = l
		}
		return true
	})
}

// sortedPrinted are the printed surfaces in the canvas's order, then the
// ones it no longer has.
func (s *Session) sortedPrinted() []string {
	var out []string
	seen := map[string]bool{}
	for _, surf := range s.snap.Canvas.Surfaces() {
		if s.printed[surf.ID()] != nil {
			out = append(out, surf.ID())
			seen[surf.ID()] = true
		}
	}
	for id := range s.printed {
		if !seen[id] {
			out = append(out, id)
		}
	}
	return out
}

func controls(o *outline) string {
	n := 0
	for _, it := range o.items {
		if it.num > 0 {
			n++
		}
	}
	switch n {
	case 0:
		return "nothing to use"
	case 1:
		return "1 control"
	}
	return fmt.Sprintf("%d controls", n)
}

// plainID matches the surface ids printed as they are; others are quoted,
// so that no id reads as a2term's words.
var plainID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

func (s *Session) name(id string) string {
	if plainID.MatchString(id) {
		return id
	}
	return strconv.Quote(id)
}

// viewState returns the view state of a surface, creating it.
func (s *Session) viewState(id string) *viewState {
	vs := s.views[id]
	if vs == nil {
		vs = &viewState{tabs: map[string]int{}}
		s.views[id] = vs
	}
	return vs
}

// number returns the number of a control, giving it the next one the
// first time. A number always means the same node of the same surface.
func (s *Session) number(surface, node string) int {
	k := nodeKey{surface, node}
	if n, ok := s.nums[k]; ok {
		return n
	}
	s.byNum = append(s.byNum, k)
	s.nums[k] = len(s.byNum)
	return len(s.byNum)
}

// --- transcript ---------------------------------------------------------

// newEntries are the transcript entries not printed yet. When some went
// before they could be printed, a line says how many.
// Another transcript than the one printed (a hub started again without
// its journal, numbered from 1 again) is printed from its first entry,
// after a line saying so.
func (s *Session) newEntries() []hub.Entry {
	tr := s.snap.Transcript
	if len(tr) == 0 {
		return nil
	}
	if s.last.Seq > 0 && !hub.Continues(tr, s.last) {
		s.say("The transcript starts again: the a2term's is another one now.")
		s.last = hub.Entry{}
	}
	if tr[0].Seq > s.last.Seq+1 {
		s.say(fmt.Sprintf("%d older transcript lines are no longer kept.", tr[0].Seq-s.last.Seq-1))
	}
	i := len(tr)
	for i > 0 && tr[i-1].Seq > s.last.Seq {
		i--
	}
	if i < len(tr) {
		s.last = tr[len(tr)-1]
	}
	return tr[i:]
}

// entry prints a transcript entry. Who wrote it is said by the view: a2term's
// own lines carry its mark, everyone else's a label before the text.
func (s *Session) entry(e hub.Entry) {
	switch e.From {
	case hub.FromA2term:
		s.put(markA2term, "", e.Text)
	case hub.FromStdout:
		s.put(markOther, "out: ", e.Text)
	case hub.FromStderr:
		s.put(markOther, "err: ", e.Text)
	default: // the agent's, and anything unknown
		switch e.Role {
		case hub.RoleTool:
			s.put(markOther, "tool: ", e.Text)
		case hub.RoleNote:
			s.put(markOther, "note: ", e.Text)
		default:
			s.put(markOther, "agent: ", e.Text)
		}
	}
}

// --- surfaces -------------------------------------------------------------

// printSurface prints a surface's outline under its head, a line of
// a2term's: "surface NAME" (with the name its agent gave itself, a v0.9
// theme's agentDisplayName, in quotes: the agent's words inside a2term's
// line, as tab titles are), then what (" changed", or nothing), then its
// controls.
func (s *Session) printSurface(o *outline, what string) {
	head := "surface " + s.name(o.surface)
	if surf := s.snap.Canvas.Surface(o.surface); surf != nil && surf.AgentName() != "" {
		head += " (agent: " + strconv.Quote(surf.AgentName()) + ")"
	}
	s.say(head + what + ", " + controls(o) + ":")
	inDialog := false
	for _, it := range o.items {
		if it.dialog && !inDialog {
			inDialog = true
			s.say("Dialog open (close it with: close):")
		}
		s.printItem(it)
	}
}

func (s *Session) printItem(it item) {
	lead := strings.Repeat(" ", min(2*it.depth, (s.width()-2)/3))
	if it.num > 0 {
		lead += s.num(it.num) + " "
	}
	s.putLines(markOther, lead, it.lines)
}

func (s *Session) num(n int) string {
	t := "[" + strconv.Itoa(n) + "]"
	if s.opts.Color {
		return "\x1b[1m" + t + "\x1b[22m"
	}
	return t
}

// printChanges prints how a surface changed since o: one line per control
// or text that changed, appeared or went, in reading order. When more than
// half of what the surface prints changed (counting changed, new and gone
// lines against the longer of the two prints), the surface is printed
// whole instead.
// change is one change of a surface's items: was became now (changed),
// now is new (added), or was is gone (removed).
type change struct {
	was, now item
	what     int
}

// What a change is.
const (
	changed = iota
	added
	removed
)

func (s *Session) printChanges(old, o *outline) {
	before := map[string]item{}
	for _, it := range old.items {
		if it.kind != frameKind {
			before[it.key] = it
		}
	}
	var cs []change
	after := map[string]bool{}
	size := 0
	for _, it := range o.items {
		if it.kind == frameKind {
			continue
		}
		size++
		after[it.key] = true
		was, ok := before[it.key]
		switch {
		case !ok:
			cs = append(cs, change{now: it, what: added})
		case !was.same(it):
			cs = append(cs, change{was: was, now: it, what: changed})
		}
	}
	for _, it := range old.items {
		if it.kind != frameKind && !after[it.key] {
			cs = append(cs, change{was: it, what: removed})
		}
	}
	if len(cs) == 0 {
		if old.modal != o.modal && o.modal == "" {
			s.say(s.name(o.surface) + ": the dialog is gone.")
		}
		return
	}
	// A live region's changes are said first, the assertive ones before
	// the polite ones, and on lines of their own even when the surface is
	// printed again whole.
	rank := func(c change) int {
		it := c.now
		if c.what == removed {
			it = c.was
		}
		switch it.live {
		case "assertive":
			return 0
		case "polite":
			return 1
		}
		return 2
	}
	slices.SortStableFunc(cs, func(a, b change) int { return rank(a) - rank(b) })
	head := s.name(o.surface) + ": "
	if 2*len(cs) > max(size, len(before)) {
		for _, c := range cs {
			if rank(c) < 2 {
				s.putChange(head, c)
			}
		}
		s.printSurface(o, " changed")
		return
	}
	for _, c := range cs {
		s.putChange(head, c)
	}
}

// putChange says one change of a surface.
func (s *Session) putChange(head string, c change) {
	switch c.what {
	case changed:
		switch {
		case c.now.num > 0 && c.now.kind == c.was.kind && c.now.name == c.was.name && (c.now.state != "" || strings.HasPrefix(c.was.state, "disabled")):
			state := c.now.state
			if state == "" {
				state = "enabled"
			}
			s.put(markA2term, "", head+s.num(c.now.num)+" "+c.now.name+" is now "+state)
		case c.now.num > 0:
			s.put(markA2term, "", head+s.num(c.now.num)+" is now "+strings.Join(c.now.lines, "\n"))
		case c.now.kind == "text":
			s.put(markA2term, "", head+"text now reads: "+strings.Join(c.now.lines, "\n"))
		default:
			s.put(markA2term, "", head+"now "+strings.Join(c.now.lines, "\n"))
		}
	case added:
		s.put(markA2term, "", head+"new: "+s.itemText(c.now))
	case removed:
		s.put(markA2term, "", head+"gone: "+s.itemText(c.was))
	}
}

// itemText is an item on one line, for a change line.
func (s *Session) itemText(it item) string {
	t := strings.Join(it.lines, "\n")
	if it.num > 0 {
		return s.num(it.num) + " " + t
	}
	if it.kind == "text" {
		return "text " + t
	}
	return t
}

// --- printing -------------------------------------------------------------

func (s *Session) width() int {
	w := DefaultWidth
	if s.opts.Width != nil {
		if x := s.opts.Width(); x > 0 {
			w = x
		}
	}
	return w
}

// say prints a line of a2term's own.
func (s *Session) say(text string) { s.put(markA2term, "", text) }

// refuse prints why a command was not carried out.
func (s *Session) refuse(err error) {
	var e *a2ui.Error
	if errors.As(err, &e) {
		if e.Code == a2ui.CodeChecksFailed {
			s.say("Not sent: " + e.Message)
			return
		}
		s.say("Not done: " + e.Message)
		return
	}
	s.say("Not done: " + err.Error())
}

// put prints text (which may hold several lines) wrapped to the width:
// its first line after mark and lead, every other line after two spaces
// and as many columns as lead takes.
func (s *Session) put(mark, lead, text string) {
	s.putLines(mark, lead, strings.Split(text, "\n"))
}

// bullet matches what starts a list item, whose wrapped lines hang under
// its text.
var bullet = regexp.MustCompile(`^\s*(?:[•*+>-]|\d+[.)])\s+`)

func (s *Session) putLines(mark, lead string, lines []string) {
	w := s.width()
	leadW := ansi.StringWidth(lead)
	if s.opts.Color && mark == markA2term {
		mark = "\x1b[36m*\x1b[39m "
	}
	if w-2-leadW < 8 && lead != "" {
		// Too narrow to indent: the lead takes a line of its own and the
		// text starts under the mark.
		s.line(mark + lead)
		mark, lead, leadW = markOther, "", 0
	}
	for i, l := range lines {
		first := markOther + strings.Repeat(" ", leadW)
		if i == 0 {
			first = mark + lead
		}
		hang := 0
		if m := bullet.FindString(l); m != "" {
			hang = min(ansi.StringWidth(m), (w-2-leadW)/2)
		}
		indent := leadW + hang
		if fitsOnlyWhole(l, w-2-indent, w-2) {
			// A word (a URL, say) that the indented lines cannot hold
			// but a whole line can: the lines it wraps onto are not
			// indented, so that it stays in one piece.
			indent = 0
		}
		for j, p := range wrap(l, w-2-leadW, w-2-indent) {
			if j == 0 {
				s.line(first + p)
				continue
			}
			s.line(markOther + strings.Repeat(" ", indent) + p)
		}
	}
}

// fitsOnlyWhole reports whether text holds a word wider than narrow cells
// but no wider than whole.
func fitsOnlyWhole(text string, narrow, whole int) bool {
	if narrow >= whole {
		return false
	}
	for _, wd := range words(text) {
		if ww := ansi.StringWidth(wd); ww > narrow && ww <= whole {
			return true
		}
	}
	return false
}

// line writes one line, ending a prompt that was waiting first.
func (s *Session) line(l string) {
	if s.atPrompt {
		s.write("\n")
		s.atPrompt = false
	}
	s.write(strings.TrimRight(l, " ") + "\n")
}

// write writes t to the output. An error has no one else to go to, and
// the session keeps reading commands (a pipe on stdout whose reader went
// away ends the process with SIGPIPE).
func (s *Session) write(t string) { _, _ = io.WriteString(s.out, t) }
