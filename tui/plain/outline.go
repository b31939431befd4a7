package plain

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
)

// item is one thing a surface prints, in reading order: a text, a
// control, a picture, a rule. A control's first line starts with its
// number.
type item struct {
	// key is the id of the node the item was made from; frame lines of
	// boxes add a suffix (and are left out of change lines).
	key   string
	depth int
	// num is the control's number, 0 when the item is not a control.
	num int
	// kind is what the item is ("button", "check box", "text"…), frame
	// for the lines of a box.
	kind string
	// name is what a change line calls the control: its label, or its
	// kind when it has none.
	name string
	// state is the control's value as printed ("checked", "8"), "" when
	// it has none.
	state string
	// lines are what is printed, before wrapping, without the number.
	lines []string
	// dialog marks the items of the open dialog.
	dialog bool
	// live is the politeness of the live region the item is in (v1.0
	// accessibility live: "polite", "assertive"), "" outside one.
	live string
	// secret tells a hidden field's values apart, so that a new value
	// of the same length still prints a change line; it is a digest,
	// never printed.
	secret [sha256.Size]byte
}

const frameKind = "frame"

func (it item) same(o item) bool {
	if it.num != o.num || it.kind != o.kind || it.secret != o.secret || len(it.lines) != len(o.lines) {
		return false
	}
	for i := range it.lines {
		if it.lines[i] != o.lines[i] {
			return false
		}
	}
	return true
}

// outline is a surface as plain mode prints it.
type outline struct {
	surface string
	version uint64
	items   []item
	// modal is the id of the open dialog's Modal, "" when none is open.
	modal string
	// drawn are the nodes printed, by id: the controls a command may use.
	drawn map[string]*a2ui.Node
	// inDialog are the nodes printed inside the open dialog.
	inDialog map[string]bool
	// opens maps a button inside a Modal's entry point to that Modal.
	opens map[string]string
	// pictures says the surface has remote pictures, and fetched how
	// many fetches had ended when it was built (hub.Status.Pictures):
	// its lines say what each picture is doing, so it is built again when
	// a fetch ends, though the surface did not change.
	pictures bool
	fetched  uint64
}

// viewState is what the person chose on a surface that only this view
// knows: the tab shown in each Tabs, the open dialog.
type viewState struct {
	tabs  map[string]int
	modal string
}

// builder walks a resolved tree in the order the terminal draws it.
type builder struct {
	s      *Session
	sid    string
	vs     *viewState
	o      *outline
	dialog bool
	live   string // the live region being walked (item.live)
}

// build makes the outline of a shown surface, numbering the controls it
// meets for the first time.
func (s *Session) build(surf *a2ui.Surface) *outline {
	vs := s.viewState(surf.ID())
	o := &outline{
		surface: surf.ID(), version: surf.Version(), fetched: s.snap.Status.Pictures, drawn: map[string]*a2ui.Node{},
		inDialog: map[string]bool{}, opens: map[string]string{},
	}
	b := &builder{s: s, sid: surf.ID(), vs: vs, o: o}
	tree := surf.Tree()
	if tree == nil {
		return o
	}
	if vs.modal != "" {
		if m := tree.Find(vs.modal); m == nil || m.Type != "Modal" || len(m.Children) < 2 {
			vs.modal = ""
		}
	}
	o.modal = vs.modal
	b.node(tree, 0)
	if o.modal != "" {
		m := tree.Find(o.modal)
		b.dialog = true
		b.node(m.Children[1], 0)
	}
	return o
}

func (b *builder) add(n *a2ui.Node, depth int, kind, name, state string, control bool, lines ...string) {
	if a := n.Accessibility; a != nil && a.Description != "" {
		lines = append(lines, "("+a.Description+")")
	}
	it := item{key: n.ID, depth: depth, kind: kind, name: name, state: state, lines: lines, dialog: b.dialog, live: b.live}
	if control {
		it.num = b.s.number(b.sid, n.ID)
		b.o.drawn[n.ID] = n
		if b.dialog {
			b.o.inDialog[n.ID] = true
		}
	}
	b.o.items = append(b.o.items, it)
}

func (b *builder) children(n *a2ui.Node, depth int) {
	for _, c := range n.Children {
		b.node(c, depth)
	}
}

// node adds n and what it holds. Rows, columns and lists add nothing of
// their own (their children follow one another); a card indents what it
// holds, or frames it with --plain=boxes.
func (b *builder) node(n *a2ui.Node, depth int) {
	if n == nil {
		return
	}
	if a := n.Accessibility; a != nil {
		// A node hidden from assistive technologies (v1.0) is not
		// printed; a live region marks what it holds.
		if a.Hidden {
			return
		}
		if a.Live != "" && b.live != "assertive" {
			defer func(was string) { b.live = was }(b.live)
			b.live = a.Live
		}
	}
	switch p := n.Props.(type) {
	case *a2ui.RowProps, *a2ui.ColumnProps, *a2ui.ListProps:
		b.children(n, depth)
	case *a2ui.CardProps:
		if b.s.opts.Boxes {
			b.o.items = append(b.o.items, item{key: n.ID + "/top", depth: depth, kind: frameKind, lines: []string{"╭─"}, dialog: b.dialog})
			b.children(n, depth+1)
			b.o.items = append(b.o.items, item{key: n.ID + "/bottom", depth: depth, kind: frameKind, lines: []string{"╰─"}, dialog: b.dialog})
			return
		}
		b.children(n, depth+1)
	case *a2ui.TextProps:
		lines := b.s.textLines(n)
		if len(lines) > 0 {
			b.add(n, depth, "text", "", "", false, lines...)
		}
	case *a2ui.ImageProps:
		line := "image"
		if alt := b.a11yLabel(n, p.AltText); alt != "" {
			line += ": " + alt
		} else {
			line += " (no description)"
		}
		switch {
		case p.Blocked != "" && p.Fetchable:
			line += " (from " + p.Blocked + ", not fetched: --fetch-images " + p.Blocked + ")"
		case p.Blocked != "":
			line += " (from " + p.Blocked + ", not loaded)"
		case p.Remote != "":
			h, _ := a2ui.FetchHost(p.Remote)
			if note := components.RemoteNote(p, b.s.snap.Pictures); note != "" {
				line += " (from " + h + ", " + note + ")"
			} else {
				line += " (from " + h + ")"
			}
			b.o.pictures = true
		}
		b.add(n, depth, "image", "", "", false, line)
	case *a2ui.IconProps:
		name := iconWords(p.Name)
		if p.Name == "" {
			name = "a drawing"
		}
		b.add(n, depth, "icon", "", "", false, "icon: "+b.a11yLabel(n, name))
	case *a2ui.VideoProps:
		b.add(n, depth, "video", "", "", false, "video: "+mediaNote(p.URL, p.Blocked))
	case *a2ui.AudioPlayerProps:
		line := "audio"
		if p.Description != "" {
			line += " " + strconv.Quote(p.Description)
		}
		b.add(n, depth, "audio", "", "", false, line+": "+mediaNote(p.URL, p.Blocked))
	case *a2ui.DividerProps:
		if p.Axis == "vertical" {
			return // between things that print one below the other anyway
		}
		rule := "---"
		if b.s.opts.Boxes {
			rule = "────────"
		}
		b.add(n, depth, "divider", "", "", false, rule)
	case *a2ui.TabsProps:
		sel := b.vs.tab(n)
		var titles []string
		for i, t := range p.Titles {
			if i == sel {
				t += " (shown)"
			}
			titles = append(titles, t)
		}
		b.add(n, depth, "tabs", "tabs", strings.Join(titles, ", "), true, "tabs: "+strings.Join(titles, ", "))
		if sel < len(n.Children) {
			b.node(n.Children[sel], depth+1)
		}
	case *a2ui.ModalProps:
		b.modal(n, depth)
	case *a2ui.ButtonProps:
		label := ""
		if len(n.Children) > 0 {
			label = flatten(b.s, n.Children[0])
		}
		label = b.a11yLabel(n, label)
		kind, state := "button", ""
		line := "button " + strconv.Quote(label)
		if p.Call == "openUrl" {
			kind = "link"
			line = "link " + strconv.Quote(label) + ": " + orKind(p.URL, "no address")
		}
		if _, ok := b.o.opens[n.ID]; ok {
			line += " (opens a dialog)"
		}
		if p.Disabled {
			state = "disabled"
			if len(p.Checks) > 0 {
				state += ": " + strings.Join(p.Checks, "; ")
			}
			if p.Waiting != "" {
				state += ", " + p.Waiting
			}
			line += ", " + state
		}
		b.add(n, depth, kind, label, state, true, line)
	case *a2ui.CheckBoxProps:
		state := "not checked"
		if p.Value {
			state = "checked"
		}
		state += checks(p.Checks)
		b.add(n, depth, "check box", orKind(p.Label, "check box"), state, true, "check box "+strconv.Quote(p.Label)+": "+state)
	case *a2ui.TextFieldProps:
		kind, state := fieldKind(p), fieldState(p)+checks(p.Checks)
		head := kind + " " + strconv.Quote(p.Label)
		if p.TextFieldType == "obscured" {
			head += ", hidden"
		}
		lines := strings.Split(head+": "+state, "\n")
		b.add(n, depth, kind, orKind(p.Label, kind), state, true, lines...)
		if p.TextFieldType == "obscured" {
			b.o.items[len(b.o.items)-1].secret = sha256.Sum256([]byte(p.Text))
		}
	case *a2ui.DateTimeInputProps:
		kind := dateKind(p)
		head := kind
		if !strings.EqualFold(p.Label, kind) && !(p.Label == "Date & time" && kind == "date and time") {
			head += " " + strconv.Quote(p.Label)
		}
		switch {
		case p.Min != "" && p.Max != "":
			head += " (" + dateState(p.Min) + " to " + dateState(p.Max) + ")"
		case p.Min != "":
			head += " (from " + dateState(p.Min) + ")"
		case p.Max != "":
			head += " (until " + dateState(p.Max) + ")"
		}
		state := dateState(p.Value) + checks(p.Checks)
		b.add(n, depth, kind, orKind(p.Label, kind), state, true, head+": "+state)
	case *a2ui.MultipleChoiceProps:
		head := "choice"
		if p.Label != "" {
			head += " " + strconv.Quote(p.Label)
		}
		state := choiceState(p) + checks(p.Checks)
		b.add(n, depth, "choice", orKind(p.Label, "choice"), state, true, head+" ("+choiceCount(p)+"): "+state)
	case *a2ui.SliderProps:
		head := "slider"
		if p.Label != "" {
			head += " " + strconv.Quote(p.Label)
		}
		state := formatNumber(p.Value, p.Step) + checks(p.Checks)
		head += fmt.Sprintf(" (%s to %s)", formatNumber(p.Min, p.Step), formatNumber(p.Max, p.Step))
		b.add(n, depth, "slider", orKind(p.Label, "slider"), state, true, head+": "+state)
	case *a2ui.GenericProps:
		b.generic(n, p, depth)
	case *a2ui.PlaceholderProps:
		switch {
		case p.Waiting:
			b.add(n, depth, "placeholder", "", "", false, "(waiting for its components)")
		case p.Type != "":
			b.add(n, depth, "placeholder", "", "", false, "("+p.Type+": not in the standard catalog)")
			b.children(n, depth+1)
		default:
			b.add(n, depth, "placeholder", "", "", false, "(not sent yet: "+p.Missing+")")
		}
	default:
		b.add(n, depth, "unknown", "", "", false, "("+n.Type+")")
		b.children(n, depth+1)
	}
}

// generic adds a component of a catalog definition as a2term draws it
// generically: its type, its labelled text, its field and its button,
// then what it holds, indented. It is one control when it has a field or
// a button: set types into the field, press presses the button.
func (b *builder) generic(n *a2ui.Node, p *a2ui.GenericProps, depth int) {
	lines := []string{p.Type}
	for _, f := range p.Fields {
		text := strings.Split(f.Text, "\n")
		text[0] = f.Label + ": " + text[0]
		lines = append(lines, text...)
	}
	state := ""
	if in := p.Input; in != nil {
		state = strconv.Quote(in.Text)
		switch {
		case in.Kind == a2ui.InputBoolean && in.Checked:
			state = "checked"
		case in.Kind == a2ui.InputBoolean:
			state = "not checked"
		case in.Text == "":
			state = "empty"
		}
		lines = append(lines, in.Kind+" field "+strconv.Quote(in.Label)+": "+state)
	}
	if p.Action != "" {
		line := "button " + strconv.Quote(p.Action)
		if len(p.Checks) > 0 {
			line += ", disabled: " + strings.Join(p.Checks, "; ")
		}
		lines = append(lines, line)
	}
	b.add(n, depth, p.Type, p.Type, state, p.Action != "" || p.Input != nil, lines...)
	b.children(n, depth+1)
}

// modal adds a Modal's entry point. When the entry holds a control (a
// button, as usual), that control opens the dialog; otherwise the modal
// itself is the control, named by the entry's text.
func (b *builder) modal(n *a2ui.Node, depth int) {
	if len(n.Children) == 0 {
		return
	}
	entry := n.Children[0]
	hasControl := false
	entry.Walk(func(x *a2ui.Node) bool {
		if isControl(x) {
			hasControl = true
			if x.Type == "Button" {
				b.o.opens[x.ID] = n.ID
			}
		}
		return true
	})
	if hasControl {
		b.node(entry, depth)
		return
	}
	state := "closed"
	if b.o.modal == n.ID {
		state = "open"
	}
	label := flatten(b.s, entry)
	b.add(n, depth, "dialog", orKind(label, "dialog"), state, true, "dialog "+strconv.Quote(label)+": "+state)
}

// a11yLabel is what a node is called: the label it gives assistive
// technologies (v0.9) when it shows none of its own, else its own with
// that label beside it when they differ.
func (b *builder) a11yLabel(n *a2ui.Node, own string) string {
	a := n.Accessibility
	switch {
	case a == nil || a.Label == "" || a.Label == own:
		return own
	case own == "":
		return a.Label
	}
	return own + " (" + a.Label + ")"
}

// checks are the messages of an input's failing checks, as printed after
// its value.
func checks(msgs []string) string {
	if len(msgs) == 0 {
		return ""
	}
	return " (" + strings.Join(msgs, "; ") + ")"
}

// isControl reports whether the person can use n.
func isControl(n *a2ui.Node) bool {
	switch n.Type {
	case "Button", "CheckBox", "TextField", "DateTimeInput", "MultipleChoice", "Slider", "Tabs":
		return true
	case a2ui.GenericType:
		p, _ := n.Props.(*a2ui.GenericProps)
		return p != nil && (p.Action != "" || p.Input != nil)
	}
	return false
}

func (vs *viewState) tab(n *a2ui.Node) int {
	return max(0, min(vs.tabs[n.ID], len(n.Children)-1))
}

func orKind(label, kind string) string {
	if label == "" {
		return kind
	}
	return label
}

// flatten is the text of a subtree on one line: what a button or a
// dialog's entry point is called.
func flatten(s *Session, n *a2ui.Node) string {
	var parts []string
	n.Walk(func(x *a2ui.Node) bool {
		switch p := x.Props.(type) {
		case *a2ui.TextProps:
			parts = append(parts, s.textLines(x)...)
		case *a2ui.IconProps:
			parts = append(parts, iconWords(p.Name))
		case *a2ui.ImageProps:
			if p.AltText != "" {
				parts = append(parts, p.AltText)
			}
		}
		return true
	})
	return strings.Join(parts, " ")
}

// textMeasure is the width Text is laid out at before plain mode wraps it
// itself: wide enough that the Markdown's own lines come out whole.
const textMeasure = 4096

// textLines are the lines of a Text node as the terminal reads its
// Markdown (emphasis gone, list items with their bullets, links with their
// address), one per paragraph or list item. Nodes are immutable and kept
// across versions when unchanged, so the lines are cached by node.
func (s *Session) textLines(n *a2ui.Node) []string {
	if l, ok := s.texts[n]; ok {
		s.textsUsed[n] = l
		return l
	}
	b := components.Render(n, textMeasure, &components.Context{Theme: s.theme, State: components.NewState()})
	var out []string
	for _, l := range b.Lines {
		if l = strings.TrimRight(l, " "); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	s.texts[n] = out
	s.textsUsed[n] = out
	return out
}

func fieldKind(p *a2ui.TextFieldProps) string {
	switch p.TextFieldType {
	case "longText":
		return "text area"
	case "number":
		return "number field"
	case "date":
		return "date field"
	}
	return "text field"
}

// fieldState is a field's value as printed: an obscured one says only
// how long it is.
func fieldState(p *a2ui.TextFieldProps) string {
	var st string
	switch {
	case p.Text == "":
		st = "empty"
	case p.TextFieldType == "obscured":
		n := len([]rune(p.Text))
		st = fmt.Sprintf("%d characters", n)
		if n == 1 {
			st = "1 character"
		}
	default:
		st = strconv.Quote(p.Text)
		if strings.Contains(p.Text, "\n") {
			// Lines of a long text stay lines, not \n.
			st = `"` + p.Text + `"`
		}
	}
	if p.Invalid && p.Problem != "" {
		st += " (" + p.Problem + ")"
	}
	return st
}

func dateKind(p *a2ui.DateTimeInputProps) string {
	switch {
	case p.EnableDate && p.EnableTime:
		return "date and time"
	case p.EnableDate:
		return "date"
	}
	return "time"
}

// dateState reads an ISO 8601 value the way people write it: the date, a
// space, the time without zero seconds, the offset the agent anchored it
// to, and the day of the week.
func dateState(v string) string {
	if v == "" {
		return "empty"
	}
	out := zeroSeconds.ReplaceAllString(strings.Replace(v, "T", " ", 1), "$1$2")
	if len(v) >= 10 {
		if t, err := time.Parse("2006-01-02", v[:10]); err == nil {
			out += ", " + t.Weekday().String()
		}
	}
	return out
}

// zeroSeconds matches a time's ":00" seconds, which people leave out.
var zeroSeconds = regexp.MustCompile(`(\d{2}:\d{2}):00([^\d.]|$)`)

func choiceCount(p *a2ui.MultipleChoiceProps) string {
	switch {
	case p.MaxAllowedSelections == 1 || p.Exclusive:
		return "one"
	case p.MaxAllowedSelections > 1:
		return fmt.Sprintf("up to %d", p.MaxAllowedSelections)
	}
	return "any number"
}

func choiceState(p *a2ui.MultipleChoiceProps) string {
	chosen := map[string]bool{}
	for _, v := range p.Selections {
		chosen[v] = true
	}
	parts := make([]string, 0, len(p.Options))
	for _, o := range p.Options {
		l := orKind(o.Label, o.Value)
		if chosen[o.Value] {
			l += " (chosen)"
		}
		parts = append(parts, l)
	}
	if len(parts) == 0 {
		return "no options"
	}
	return strings.Join(parts, ", ")
}

// formatNumber writes v with no more decimals than step has.
func formatNumber(v, step float64) string {
	dec := 0
	if s := strconv.FormatFloat(step, 'f', -1, 64); strings.Contains(s, ".") {
		dec = min(len(s)-strings.Index(s, ".")-1, 6)
	}
	if dec == 0 && v != math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// iconWords turns an icon name into words: "accountCircle" and
// "account_circle" both read "account circle".
func iconWords(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case r == '_' || r == '-':
			b.WriteByte(' ')
		case unicode.IsUpper(r) && i > 0:
			b.WriteByte(' ')
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mediaNote describes a video or audio address: its type and size and
// where it plays, or why nothing plays.
func mediaNote(u, blocked string) string {
	switch {
	case blocked != "":
		return "from " + blocked + ", not loaded"
	case u == "":
		return "nothing to play"
	}
	rest, ok := strings.CutPrefix(u, "data:")
	comma := strings.IndexByte(rest, ',')
	if !ok || comma < 0 {
		return "not a data: URL"
	}
	meta, payload := rest[:comma], rest[comma+1:]
	kind, _, _ := strings.Cut(meta, ";")
	if kind == "" {
		kind = "unknown type"
	}
	size := len(payload)
	if strings.HasSuffix(meta, ";base64") {
		size = base64.StdEncoding.DecodedLen(len(payload)) - strings.Count(payload[max(0, len(payload)-2):], "=")
	}
	return kind + ", " + components.FormatBytes(size) + ", plays in the web mirror"
}
