package components

import (
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Slider draws one line: the label, the minimum, a bar "━━━━━━●──────"
// filling the width left, the maximum and the value, each number with the
// precision the range implies (the decimals of the step), as the web
// mirror shows them. ←/→ move it by the step a2term picked for
// its range, shift+←/→ by ten steps, Home/End to the ends; a click on the
// bar moves it there. Values stay within the range and on the step's
// decimals (no 0.30000000000000004).
type Slider struct{}

// sliderMinBar is the narrowest bar drawn beside the label; narrower, the
// label goes on a line of its own.
const sliderMinBar = 10

// decimals is how many decimals x has when written in full (at most 10).
func decimals(x float64) int {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return min(len(s)-i-1, 10)
	}
	return 0
}

// roundTo rounds x to dec decimals, through its decimal form so that the
// result is the float64 nearest to what is shown.
func roundTo(x float64, dec int) float64 {
	f, err := strconv.ParseFloat(strconv.FormatFloat(x, 'f', dec, 64), 64)
	if err != nil {
		return x
	}
	return f
}

// sliderText writes a number of the slider with the precision its range
// implies: the step's decimals ("0.50" for a step of 0.01, "30" for a
// step of 1), as the web mirror does.
func sliderText(v, step float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return a2ui.FormatNumber(v)
	}
	return strconv.FormatFloat(v, 'f', decimals(step), 64)
}

// sliderValue puts x on the slider: on the step grid from the minimum, at
// the step's precision, within the range.
func sliderValue(p *a2ui.SliderProps, x float64) float64 {
	if p.Step > 0 && x > p.Min && x < p.Max {
		x = p.Min + math.Round((x-p.Min)/p.Step)*p.Step
	}
	x = roundTo(x, max(decimals(p.Step), decimals(p.Min)))
	return math.Max(p.Min, math.Min(p.Max, x))
}

// sliderSteps is how many steps the range holds (the last may be short).
func sliderSteps(p *a2ui.SliderProps) int {
	if p.Step <= 0 || p.Max <= p.Min {
		return 0
	}
	return int(math.Ceil((p.Max-p.Min)/p.Step - 1e-9))
}

// Render draws the label, the bar and the value. Each column of the bar
// is a Hit whose Part is the number of steps from the minimum it stands
// for, so that Click needs no width to know the value.
func (Slider) Render(n *a2ui.Node, w int, c *Context) Block {
	p, _ := n.Props.(*a2ui.SliderProps)
	if p == nil || w <= 0 {
		return Block{W: max(w, 0)}
	}
	t := c.Theme
	focused := c.Focused(n.ID)
	val := sliderText(p.Value, p.Step)
	vw := max(ansi.StringWidth(val), ansi.StringWidth(sliderText(p.Min, p.Step)), ansi.StringWidth(sliderText(p.Max, p.Step)))
	l, r := focusMarks(t, focused, " ", " ")
	valText := l + val + r
	if focused {
		valText = t.Focus.Render(valText)
	}
	valText = strings.Repeat(" ", vw-ansi.StringWidth(val)) + valText
	// The label goes before the bar when it leaves the bar room enough,
	// else on lines of its own.
	label := p.Label
	lw := ansi.StringWidth(label)
	var head []string
	barX := 0
	if label != "" {
		if lw <= w/2 && w-lw-1-(vw+2) >= sliderMinBar {
			barX = lw + 1
		} else {
			for _, l := range Wrap(label, w) {
				head = append(head, strings.TrimRight(l, " "))
			}
		}
	}
	bw := max(w-barX-(vw+2), 1)
	// The ends of the range at the ends of the bar, when it stays wide
	// enough with them.
	lo, hi := sliderText(p.Min, p.Step), sliderText(p.Max, p.Step)
	ends := bw-ansi.StringWidth(lo)-ansi.StringWidth(hi)-3 >= sliderMinBar
	if ends {
		bw -= ansi.StringWidth(lo) + ansi.StringWidth(hi) + 3
	}

	frac := 0.0
	if p.Max > p.Min {
		frac = math.Max(0, math.Min(1, (p.Value-p.Min)/(p.Max-p.Min)))
	}
	pos := int(math.Round(frac * float64(bw-1)))
	fill, thumb, track := t.Glyph("━", "="), t.Glyph("●", "O"), t.Glyph("─", "-")
	thumbStyle := t.Accent
	if focused {
		thumbStyle = t.Focus
	}
	bar := thumbStyle.Render(thumb)
	if pos > 0 {
		bar = t.Accent.Render(strings.Repeat(fill, pos)) + bar
	}
	if rest := bw - 1 - pos; rest > 0 {
		bar += t.Track.Render(strings.Repeat(track, rest))
	}

	if ends {
		bar = t.Dim.Render(lo) + " " + bar + " " + t.Dim.Render(hi) + " "
		barX += ansi.StringWidth(lo) + 1
	}
	line := bar + valText
	if barX > 0 && label != "" && len(head) == 0 {
		line = label + " " + line
	}
	out := TextBlock(w, append(head, line)...)
	y := len(head)
	steps := sliderSteps(p)
	for i := 0; i < bw && barX+i < w; i++ {
		part := 0
		if bw > 1 {
			part = int(math.Round(float64(i) / float64(bw-1) * float64(steps)))
		}
		out.Hits = append(out.Hits, Hit{X: barX + i, Y: y, W: 1, H: 1, Node: n.ID, Part: part})
	}
	return out.Mark(n.ID, true)
}

// Natural fits the label, a bar of twenty columns and the value.
func (Slider) Natural(n *a2ui.Node, _ *Context) int {
	p, ok := n.Props.(*a2ui.SliderProps)
	if !ok {
		return 24
	}
	lo, hi := ansi.StringWidth(sliderText(p.Min, p.Step)), ansi.StringWidth(sliderText(p.Max, p.Step))
	vw := max(lo, hi)
	w := 20 + vw + 2 + lo + hi + 3
	if p.Label != "" {
		w += ansi.StringWidth(p.Label) + 1
	}
	return w
}

// Key moves the value.
func (Slider) Key(n *a2ui.Node, _ *NodeState, k tea.KeyMsg, _ *Context) Intent {
	p, ok := n.Props.(*a2ui.SliderProps)
	if !ok {
		return Intent{}
	}
	km := DefaultKeyMap()
	var to float64
	switch {
	case key.Matches(k, km.BigLeft):
		to = p.Value - 10*p.Step
	case key.Matches(k, km.BigRight):
		to = p.Value + 10*p.Step
	case key.Matches(k, km.Left):
		to = p.Value - p.Step
	case key.Matches(k, km.Right):
		to = p.Value + p.Step
	case key.Matches(k, km.Home):
		to = p.Min
	case key.Matches(k, km.End):
		to = p.Max
	default:
		return Intent{}
	}
	return sliderSet(n, p, to)
}

// Click moves the value to the clicked column (Part: steps from the
// minimum).
func (Slider) Click(n *a2ui.Node, _ *NodeState, part int, _ *Context) Intent {
	p, ok := n.Props.(*a2ui.SliderProps)
	if !ok || part < 0 {
		return Intent{Kind: Handled}
	}
	if part >= sliderSteps(p) {
		return sliderSet(n, p, p.Max)
	}
	return sliderSet(n, p, p.Min+float64(part)*p.Step)
}

// sliderSet asks for value x, put on the slider; nothing when that is
// the value already.
func sliderSet(n *a2ui.Node, p *a2ui.SliderProps, x float64) Intent {
	v := sliderValue(p, x)
	if v == p.Value {
		return Intent{Kind: Handled}
	}
	return Intent{Kind: SetValue, Node: n.ID, Value: v}
}
