package components

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// DateTimeInput shows a date, a time or both by their parts,
// "[ 2025-10-26 14:30 ]", and edits one part at a time: ←/→ choose the
// part (the node's Cursor), ↑/↓ step it, digits type it (kept in Pending
// until the part is whole). An empty input starts from the time now, to
// the minute: the first ↑/↓ shows it, the first digit types into it.
// Backspace clears the value. Values are read liberally — date or time
// alone, with or without seconds, with an offset whose wall time is kept —
// and written as ISO 8601 in the shape the agent sent: "2006-01-02",
// "15:04:05" or "2006-01-02T15:04:05" (without the seconds when the agent
// wrote its time without them, "14:30" → "15:30", as a browser's time input
// does), with the agent's offset when it sent one
// ("2026-03-29T23:30:00-05:00" stays at -05:00), and both halves when it
// sent both, whichever the input edits. The label above says what the input
// takes; an offset other than the local one is shown after the value.
type DateTimeInput struct{}

// dtPart is one editable part of a date and time.
type dtPart int

const (
	dtYear dtPart = iota
	dtMonth
	dtDay
	dtHour
	dtMinute
)

// placeholder is what a part shows while it has no value.
func (p dtPart) placeholder() string {
	return [...]string{"YYYY", "MM", "DD", "HH", "MM"}[p]
}

// digits is how many digits a part takes.
func (p dtPart) digits() int {
	if p == dtYear {
		return 4
	}
	return 2
}

// dtParts are the parts an input shows, in order.
func dtParts(p *a2ui.DateTimeInputProps) []dtPart {
	var out []dtPart
	if p.EnableDate {
		out = append(out, dtYear, dtMonth, dtDay)
	}
	if p.EnableTime || !p.EnableDate {
		out = append(out, dtHour, dtMinute)
	}
	return out
}

// dtValue is a value read from the agent's string: which halves it has,
// and its wall-clock fields (seconds kept so that an edit does not lose
// them).
type dtValue struct {
	hasDate, hasTime bool
	y, mo, d         int
	h, mi, s         int
	zone             string // the offset as the agent wrote it, "" for none
	noSeconds        bool   // the agent wrote its time without seconds ("14:30")
}

var (
	dtDateTimeLayouts = []string{
		"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04Z07:00",
		"2006-01-02T15:04:05.999999999Z0700", "2006-01-02T15:04Z0700",
		"2006-01-02T15:04:05", "2006-01-02T15:04",
		"2006-01-02 15:04:05Z07:00", "2006-01-02 15:04Z07:00",
		"2006-01-02 15:04:05", "2006-01-02 15:04",
	}
	dtTimeLayouts = []string{
		"15:04:05.999999999Z07:00", "15:04Z07:00", "15:04:05Z0700", "15:04Z0700",
		"15:04:05", "15:04",
	}
)

// parseDateTime reads s liberally; ok is false for an empty or unreadable
// string.
func parseDateTime(s string) (dtValue, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return dtValue{}, false
	}
	if strings.ContainsAny(s, "tz") {
		s = strings.ToUpper(s)
	}
	for _, l := range dtDateTimeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			v := fromTime(t, true, true)
			v.zone, v.noSeconds = a2ui.DateTimeZone(s), !strings.Contains(l, ":05")
			return v, true
		}
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return fromTime(t, true, false), true
	}
	for _, l := range dtTimeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			v := fromTime(t, false, true)
			v.zone, v.noSeconds = a2ui.DateTimeZone(s), !strings.Contains(l, ":05")
			return v, true
		}
	}
	return dtValue{}, false
}

// fromTime takes the wall-clock fields of t, in its own zone.
func fromTime(t time.Time, date, tm bool) dtValue {
	v := dtValue{hasDate: date, hasTime: tm}
	if date {
		v.y, v.mo, v.d = t.Year(), int(t.Month()), t.Day()
	}
	if tm {
		v.h, v.mi, v.s = t.Hour(), t.Minute(), t.Second()
	}
	return v
}

// fill completes the halves v lacks from now, truncated to the minute.
func (v dtValue) fill(now time.Time) dtValue {
	if !v.hasDate {
		v.y, v.mo, v.d, v.hasDate = now.Year(), int(now.Month()), now.Day(), true
	}
	if !v.hasTime {
		v.h, v.mi, v.s, v.hasTime = now.Hour(), now.Minute(), 0, true
	}
	return v
}

// get and set read and write one part; set clamps to the part's range and
// keeps the day within the month.
func (v dtValue) get(p dtPart) int {
	return [...]int{v.y, v.mo, v.d, v.h, v.mi}[p]
}

func (v dtValue) set(p dtPart, x int) dtValue {
	switch p {
	case dtYear:
		v.y = clampIn(x, 1, 9999)
	case dtMonth:
		v.mo = clampIn(x, 1, 12)
	case dtDay:
		v.d = x
	case dtHour:
		v.h = clampIn(x, 0, 23)
	case dtMinute:
		v.mi = clampIn(x, 0, 59)
	}
	v.d = clampIn(v.d, 1, daysIn(v.y, v.mo))
	return v
}

// step moves a part up (+1) or down (-1). Months, days, hours and minutes
// wrap around within their range without carrying into the next part;
// years stop at 1 and 9999.
func (v dtValue) step(p dtPart, by int) dtValue {
	wrap := func(x, lo, hi int) int { return lo + ((x-lo)%(hi-lo+1)+(hi-lo+1))%(hi-lo+1) }
	switch p {
	case dtYear:
		return v.set(dtYear, v.y+by)
	case dtMonth:
		return v.set(dtMonth, wrap(v.mo+by, 1, 12))
	case dtDay:
		return v.set(dtDay, wrap(v.d+by, 1, daysIn(v.y, v.mo)))
	case dtHour:
		return v.set(dtHour, wrap(v.h+by, 0, 23))
	default: // dtMinute
		return v.set(dtMinute, wrap(v.mi+by, 0, 59))
	}
}

// daysIn is the number of days of a month.
func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// iso writes v as the input writes values: the halves the input edits and
// those the agent's value (orig) had, and its offset after a time.
func (v dtValue) iso(p *a2ui.DateTimeInputProps, orig dtValue) string {
	date := pad(v.y, 4) + "-" + pad(v.mo, 2) + "-" + pad(v.d, 2)
	tm := pad(v.h, 2) + ":" + pad(v.mi, 2)
	if !orig.noSeconds || v.s != 0 {
		tm += ":" + pad(v.s, 2)
	}
	tm += orig.zone
	withDate := p.EnableDate || orig.hasDate
	withTime := p.EnableTime || !p.EnableDate || orig.hasTime
	switch {
	case withDate && withTime:
		return date + "T" + tm
	case withDate:
		return date
	}
	return tm
}

// offsetNote is the offset v is anchored to, for showing beside it, or ""
// when it has none or it is the local one (loc's at that moment).
func (v dtValue) offsetNote(loc *time.Location) string {
	if v.zone == "" {
		return ""
	}
	t, err := time.Parse("Z07:00", strings.ToUpper(normalZone(v.zone)))
	if err != nil {
		return ""
	}
	_, off := t.Zone()
	y, mo, d := v.y, v.mo, v.d
	if !v.hasDate {
		y, mo, d = 2000, 1, 1
	}
	if _, local := time.Date(y, time.Month(mo), d, v.h, v.mi, v.s, 0, loc).Zone(); local == off {
		return ""
	}
	if off == 0 {
		return "UTC"
	}
	return "UTC" + normalZone(v.zone)
}

// normalZone writes an offset as "Z" or "±hh:mm".
func normalZone(z string) string {
	switch {
	case z == "z" || z == "Z":
		return "Z"
	case len(z) == 3:
		return z + ":00"
	case len(z) == 5:
		return z[:3] + ":" + z[3:]
	}
	return z
}

func pad(x, n int) string {
	s := strconv.Itoa(x)
	if len(s) < n {
		s = strings.Repeat("0", n-len(s)) + s
	}
	return s
}

// Render draws the parts between brackets, the focused part reversed (or
// between "[" "]" without colour) and the weekday after a date.
func (DateTimeInput) Render(n *a2ui.Node, w int, c *Context) Block {
	p, _ := n.Props.(*a2ui.DateTimeInputProps)
	if p == nil || w <= 0 {
		return Block{W: max(w, 0)}
	}
	t := c.Theme
	st := c.State.Peek(n.ID)
	focused := c.Focused(n.ID)
	parts := dtParts(p)
	cur := clampIn(st.Cursor, 0, len(parts)-1)
	v, ok := parseDateTime(p.Value)
	nocolor := !t.Color()

	l, r := focusMarks(t, focused, "[", "]")
	edge := t.Border
	if focused {
		edge = t.Accent
	}
	var b strings.Builder
	var hits []Hit
	b.WriteString(edge.Render(l) + " ")
	x := 2
	if !ok && strings.TrimSpace(p.Value) != "" && !(focused && st.Pending != "") {
		// Something no reading of ISO 8601 makes sense of: show it as is.
		raw := t.Error.Render(ansi.Truncate(a2ui.SanitizeLine(p.Value), max(w-6, 1), "…"))
		b.WriteString(raw)
		x += ansi.StringWidth(raw)
		parts = nil
	}
	for i, part := range parts {
		if i > 0 {
			var sep string
			switch part {
			case dtHour:
				sep = " "
			case dtMinute:
				sep = ":"
			default:
				sep = "-"
			}
			b.WriteString(t.Dim.Render(sep))
			x++
		}
		text, style := part.placeholder(), t.Dim
		has := ok && ((part <= dtDay && v.hasDate) || (part >= dtHour && v.hasTime))
		if has {
			text, style = pad(v.get(part), part.digits()), t.Text
		}
		if focused && i == cur && st.Pending != "" {
			text, style = st.Pending+part.placeholder()[min(len(st.Pending), part.digits()):], t.Text
		}
		if focused && i == cur {
			if nocolor {
				text = "[" + text + "]"
			} else {
				style = t.Focus
			}
		}
		hits = append(hits, Hit{X: x, Y: 0, W: ansi.StringWidth(text), H: 1, Node: n.ID, Part: i})
		b.WriteString(style.Render(text))
		x += ansi.StringWidth(text)
	}
	b.WriteString(" " + edge.Render(r))
	if ok && v.hasDate && p.EnableDate {
		wd := time.Date(v.y, time.Month(v.mo), v.d, 0, 0, 0, 0, time.UTC).Weekday().String()[:3]
		b.WriteString(" " + t.Dim.Render(wd))
	}
	if ok && v.hasTime && (p.EnableTime || !p.EnableDate) {
		if note := v.offsetNote(c.now().Location()); note != "" {
			b.WriteString(" " + t.Dim.Render(note))
		}
	}
	label := p.Label
	if focused {
		label = t.Focus.Render(label)
	}
	head := TextBlock(w)
	if p.Label != "" {
		head = TextBlock(w, label)
	}
	out := TextBlock(w, b.String())
	for _, h := range hits {
		if h.X+h.W <= w {
			out.Hits = append(out.Hits, h)
		}
	}
	if bounds := dtBounds(p); bounds != "" {
		out = Stack(w, out, TextBlock(w, dimLines(t, bounds, w)...))
	}
	if focused && st.Notice != "" {
		out = Stack(w, out, TextBlock(w, errorLines(t, st.Notice, w)...))
	}
	return Stack(w, head, out).Mark(n.ID, true)
}

// dtBounds words the earliest and latest values a v0.9 input takes, as
// the agent wrote them; "" when it names neither.
func dtBounds(p *a2ui.DateTimeInputProps) string {
	switch {
	case p.Min != "" && p.Max != "":
		return "from " + p.Min + " to " + p.Max
	case p.Min != "":
		return "from " + p.Min
	case p.Max != "":
		return "until " + p.Max
	}
	return ""
}

// Natural fits the brackets, the parts and a weekday.
func (DateTimeInput) Natural(n *a2ui.Node, _ *Context) int {
	p, ok := n.Props.(*a2ui.DateTimeInputProps)
	if !ok {
		return 22
	}
	w := 4
	if p.EnableDate {
		w += len("2006-01-02") + 4
	}
	if p.EnableTime || !p.EnableDate {
		w += len("15:04")
		if p.EnableDate {
			w++
		}
	}
	w += 2 // room for the focus brackets of a part
	if v, ok := parseDateTime(p.Value); ok && v.zone != "" {
		w += len(" UTC+00:00")
	}
	return max(w, len(p.Label))
}

// Key moves between parts, steps them and types them.
func (DateTimeInput) Key(n *a2ui.Node, st *NodeState, k tea.KeyMsg, c *Context) Intent {
	p, ok := n.Props.(*a2ui.DateTimeInputProps)
	if !ok {
		return Intent{}
	}
	parts := dtParts(p)
	cur := clampIn(st.Cursor, 0, len(parts)-1)
	st.Cursor = cur
	notice := st.Notice
	st.Notice = ""
	in := dtKey(p, parts, st, k, c)
	if in.Kind == SetValue {
		in.Node = n.ID
	}
	if in.Kind == Ignored {
		st.Notice = notice
	}
	return in
}

// dtKey does the work of DateTimeInput.Key; the intent's node is filled
// in by the caller.
func dtKey(p *a2ui.DateTimeInputProps, parts []dtPart, st *NodeState, k tea.KeyMsg, c *Context) Intent {
	km := DefaultKeyMap()
	cur := st.Cursor
	// base is the value edits start from: the input's own, completed from
	// the clock when it has none (or lacks a half).
	base := func() dtValue {
		v, _ := parseDateTime(p.Value)
		return v.fill(c.now().Truncate(time.Minute))
	}
	orig, _ := parseDateTime(p.Value)
	set := func(v dtValue) Intent {
		return Intent{Kind: SetValue, Value: v.iso(p, orig)}
	}
	// commit writes the digits typed into the current part, if any.
	commit := func() (Intent, bool) {
		if st.Pending == "" {
			return Intent{Kind: Handled}, false
		}
		x, _ := strconv.Atoi(st.Pending)
		st.Pending = ""
		return set(base().set(parts[cur], x)), true
	}
	moveTo := func(to int) Intent {
		in, _ := commit()
		st.Cursor = clampIn(to, 0, len(parts)-1)
		return in
	}
	switch {
	case k.Type == tea.KeyRunes && !k.Alt && !k.Paste && len(k.Runes) == 1 && k.Runes[0] >= '0' && k.Runes[0] <= '9':
		part := parts[cur]
		digits := st.Pending + string(k.Runes)
		x, _ := strconv.Atoi(digits)
		hi := [...]int{9999, 12, 31, 23, 59}[part]
		if len(digits) < part.digits() && x*10 <= hi {
			st.Pending = digits
			return Intent{Kind: Handled}
		}
		st.Pending = ""
		if part == dtMonth || part == dtDay {
			x = max(x, 1)
		}
		in := set(base().set(part, x))
		st.Cursor = min(cur+1, len(parts)-1)
		return in
	case key.Matches(k, km.Left):
		return moveTo(cur - 1)
	case key.Matches(k, km.Right):
		return moveTo(cur + 1)
	case key.Matches(k, km.Home):
		return moveTo(0)
	case key.Matches(k, km.End):
		return moveTo(len(parts) - 1)
	case key.Matches(k, km.Up), key.Matches(k, km.Down):
		by := 1
		if key.Matches(k, km.Down) {
			by = -1
		}
		if _, ok := parseDateTime(p.Value); !ok && st.Pending == "" {
			// The first step of an empty input shows the time now.
			return set(base())
		}
		v := base()
		if st.Pending != "" {
			x, _ := strconv.Atoi(st.Pending)
			st.Pending = ""
			v = v.set(parts[cur], x)
		}
		return set(v.step(parts[cur], by))
	case key.Matches(k, km.Delete):
		if st.Pending != "" {
			st.Pending = st.Pending[:len(st.Pending)-1]
			return Intent{Kind: Handled}
		}
		if p.Value == "" {
			return Intent{Kind: Handled}
		}
		return Intent{Kind: SetValue, Value: ""}
	case k.Type == tea.KeyRunes && !k.Alt:
		arrows := "↑/↓"
		if c.Theme != nil {
			arrows = c.Theme.Glyph(arrows, "up/down")
		}
		st.Notice = "type digits, or " + arrows + " to change"
		return Intent{Kind: Handled}
	}
	return Intent{}
}

// Click selects the clicked part.
func (DateTimeInput) Click(_ *a2ui.Node, st *NodeState, part int, _ *Context) Intent {
	if part >= 0 && part != st.Cursor {
		st.Pending = ""
		st.Cursor = part
	}
	return Intent{Kind: Handled}
}
