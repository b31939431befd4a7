package tui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// hardCases are texts whose width terminals disagree on.
var hardCases = []struct{ name, text string }{
	{"skin tones", strings.Repeat("👍🏽", 12)},
	{"ZWJ families", "👨\u200d👩\u200d👧 👩\u200d💻 🧑🏻\u200d🤝\u200d🧑🏿"},
	{"flags", "🇫🇷🇯🇵🇺🇦 🇫"},
	{"keycaps", "1️⃣ #️⃣ *⃣"},
	{"VS16 and VS15", "❤️ ☺️ ⚠️ ⌚︎ ⭐︎ ©️"},
	{"Hangul fillers", strings.Repeat("\u115f", 20) + "x\u3164\u1160\uffa0"},
	{"Hangul jamo", "\u1100\u1161\u11a8 \u1100 \u1161 가\u11a8 \ua960"},
	{"East Asian Ambiguous", "±±±±±±±± ÀÉÎÕÜ Жук Ωμέγα …•“”’ ─│┼"},
	{"combining marks", "e\u0301 a\u0308\u0323 \u0301\u0302lone"},
	{"Indic and Thai", "क्षत्रिय किताब กำลัง"},
	{"new code points", "\U0001FAE8\U0001FAE8 \U00031350"},
	{"wide CJK", strings.Repeat("漢字", 60)},
}

// hardStream is a surface holding text in every place a control or a
// line can be pushed from: above the controls, beside them in a row, in
// their labels and values.
func hardStream(text string) []byte {
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	lit := func(s string) string { return `{"literalString":` + q(s) + `}` }
	comps := []string{
		`{"id":"root","component":{"Column":{"children":{"explicitList":["title","above","row","agree","pick","name"]}}}}`,
		`{"id":"title","component":{"Text":{"text":` + lit("Pay the invoice") + `,"usageHint":"h2"}}}`,
		`{"id":"above","component":{"Text":{"text":` + lit(text) + `}}}`,
		`{"id":"row","component":{"Row":{"children":{"explicitList":["left","cancel","mid","pay"]}}}}`,
		`{"id":"left","component":{"Text":{"text":` + lit(text) + `}}}`,
		`{"id":"cancel","component":{"Button":{"child":"cancel-label","action":{"name":"cancel"}}}}`,
		`{"id":"cancel-label","component":{"Text":{"text":` + lit("Cancel") + `}}}`,
		`{"id":"mid","component":{"Text":{"text":` + lit(text) + `}}}`,
		`{"id":"pay","component":{"Button":{"child":"pay-label","primary":true,"action":{"name":"pay"}}}}`,
		`{"id":"pay-label","component":{"Text":{"text":` + lit("Pay "+text) + `}}}`,
		`{"id":"agree","component":{"CheckBox":{"label":` + lit("Agree "+text) + `,"value":{"literalBoolean":false}}}}`,
		`{"id":"pick","component":{"MultipleChoice":{"selections":{"literalArray":[]},"options":[{"label":` + lit(text) + `,"value":"a"},{"label":` + lit("plain") + `,"value":"b"}]}}}`,
		`{"id":"name","component":{"TextField":{"label":` + lit("Name "+text) + `,"text":` + lit(text) + `}}}`,
	}
	return []byte(`{"beginRendering":{"surfaceId":"pay","root":"root"}}` + "\n" +
		`{"surfaceUpdate":{"surfaceId":"pay","components":[` + strings.Join(comps, ",") + `]}}` + "\n")
}

// layoutCells yields each cluster of a frame line with the column the
// layout gives it and whether every terminal agrees on its width.
func layoutCells(line string, f func(col int, cluster string, stable bool)) {
	col := 0
	var state byte
	for line != "" {
		if b := line[0]; state != 0 || b == 0x1b || b < 0x20 {
			_, _, n, st := ansi.DecodeSequence(line, state, nil)
			state, line = st, line[n:]
			continue
		}
		c, w := ansi.FirstGraphemeCluster(line, ansi.GraphemeWidth)
		f(col, c, stableCluster([]byte(c), w))
		col += w
		line = line[len(c):]
	}
}

// drawn plays a frame through Bubble Tea's renderer's output, with or
// without Output, on a simulated terminal of the model.
func drawn(frame string, m widthModel, w, h int, guarded bool) *simTerm {
	t := newSimTerm(m, w, h)
	var out io.Writer = writerFunc(func(p []byte) (int, error) { t.feed(string(p)); return len(p), nil })
	if guarded {
		out = newCellWriter(out)
	}
	io.WriteString(out, ansi.SetModeAltScreenSaveCursor)
	io.WriteString(out, bubbleTeaFrame(frame, w))
	return t
}

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// misplaced returns the first stable cluster of the frame that the
// terminal does not show where the layout put it, or "".
func misplaced(frame string, t *simTerm) string {
	if t.scrolled > 0 {
		return fmt.Sprintf("the screen scrolled by %d lines", t.scrolled)
	}
	for y, line := range lines(frame) {
		bad := ""
		layoutCells(line, func(col int, cluster string, stable bool) {
			if bad == "" && stable && cluster != " " && col < t.w && t.at(col, y) != cluster {
				bad = fmt.Sprintf("row %d column %d: the layout has %q, the terminal shows %q (row: %q)", y, col, cluster, t.at(col, y), t.row(y))
			}
		})
		if bad != "" {
			return bad
		}
	}
	return ""
}

// TestOutputKeepsEveryCellInPlace draws surfaces full of text terminals
// disagree on, at several widths, on terminals that count cells in each
// way they do: every cluster whose width they agree on, the controls'
// labels among them, is in the row and column where the layout put it,
// and nothing scrolls. Without Output, the same frames are misdrawn.
func TestOutputKeepsEveryCellInPlace(t *testing.T) {
	for _, hc := range hardCases {
		b := boardFrom(t, hardStream(hc.text), false)
		for _, size := range [][2]int{{80, 24}, {81, 24}, {120, 40}, {61, 30}} {
			frame, err := Frame(b, testOptions(termenv.ANSI256), size[0], size[1], "pay", "name")
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range widthModels {
				if bad := misplaced(frame, drawn(frame, m, size[0], size[1], true)); bad != "" {
					t.Errorf("%s, %dx%d, %s terminal: %s", hc.name, size[0], size[1], m.name, bad)
				}
			}
		}
	}
	// The check sees what goes wrong without Output.
	b := boardFrom(t, hardStream(hardCases[0].text), false)
	frame, err := Frame(b, testOptions(termenv.ANSI256), 80, 24, "pay", "")
	if err != nil {
		t.Fatal(err)
	}
	if misplaced(frame, drawn(frame, widthModels[1], 80, 24, false)) == "" {
		t.Error("without Output, skin tones on a wcwidth terminal misplace nothing: the check cannot see the problem")
	}
}

// TestOutputAnchorsOnlyWhatItMust: ASCII and stable text pass through
// unchanged; an unstable cluster is erased, drawn and followed by the
// column where the next cell starts.
func TestOutputAnchorsOnlyWhatItMust(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\x1b[Hplain \x1b[1mtext\x1b[0m\r\n", "\x1b[Hplain \x1b[1mtext\x1b[0m\r\n"},
		{"\x1b[Hcafe\u0301 日本 한국 Ђ\r\n", "\x1b[Hcafe\u0301 日本 한국 Ђ\r\n"},
		{"\x1b[Hab👍🏽cd", "\x1b[Hab\x1b[2X👍🏽\x1b[5Gcd"},
		{"\x1b[H👍🏽👍🏽x", "\x1b[H\x1b[4X👍🏽\x1b[3G👍🏽\x1b[5Gx"},
		{"\x1b[Ha±±\x1b[1m±\x1b[0mb", "\x1b[Ha\x1b[3X±±\x1b[1m±\x1b[0m\x1b[5Gb"},
		{"\x1b[3;10Hé|", "\x1b[3;10H\x1b[Xé\x1b[11G|"},
		{"\x1b[Hx\r\n─y", "\x1b[Hx\r\n\x1b[X─\x1b[2Gy"},
		// Blanks right after an unstable cluster, in its style, are kept
		// for a terminal that draws it wider; not under reverse video.
		{"\x1b[Hक्ष  किताब|", "\x1b[H\x1b[3Xक्ष\x1b[4G\x1b[2Xकि\x1b[5Gता\x1b[6Gब|"},
		{"\x1b[H\x1b[7mक्ष \x1b[0m|", "\x1b[H\x1b[7m\x1b[Xक्ष\x1b[2G \x1b[0m|"},
		{"\x1b[H👍🏽\x1b[1m  x", "\x1b[H\x1b[2X👍🏽\x1b[3G\x1b[1m  x"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		newCellWriter(&buf).Write([]byte(tt.in))
		if got := buf.String(); got != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestOutputWrapsOnlyOutsideTheProgram runs a program on Output: wrapping
// is off once it has the alternate screen, back on before it gives the
// screen back (also when it lets go of the terminal, as for a suspend),
// and off again when it takes the terminal back.
func TestOutputWrapsOnlyOutsideTheProgram(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got bytes.Buffer
	read := make(chan struct{})
	go func() { io.Copy(&got, r); close(read) }()

	in, _, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	p := tea.NewProgram(quitModel{}, tea.WithInput(in), tea.WithOutput(NewOutput(w)), tea.WithAltScreen())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	p.Send(releaseMsg{p})
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the program did not end")
	}
	w.Close()
	<-read
	s := got.String()
	var modes []string
	for i := 0; i < len(s); i++ {
		for name, m := range map[string]string{"alt on": ansi.SetModeAltScreenSaveCursor, "alt off": ansi.ResetModeAltScreenSaveCursor, "wrap on": ansi.SetModeAutoWrap, "wrap off": ansi.ResetModeAutoWrap} {
			if strings.HasPrefix(s[i:], m) {
				modes = append(modes, name)
			}
		}
	}
	want := []string{"alt on", "wrap off", "wrap on", "alt off", "alt on", "wrap off", "wrap on", "alt off"}
	if strings.Join(modes, ", ") != strings.Join(want, ", ") {
		t.Errorf("modes in order: %v, want %v", modes, want)
	}
}

// quitModel lets go of the terminal and takes it back, then quits.
type quitModel struct{}

type releaseMsg struct{ p *tea.Program }

func (quitModel) Init() tea.Cmd { return nil }

func (q quitModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, ok := msg.(releaseMsg); ok {
		return q, func() tea.Msg {
			m.p.ReleaseTerminal()
			m.p.RestoreTerminal()
			return tea.QuitMsg{}
		}
	}
	return q, nil
}

func (quitModel) View() string { return "x" }

// checkFrameFits fails t unless every line of the frame is exactly w
// cells wide and there are exactly h of them: a line any shorter or longer
// means the pieces of the layout did not add up.
func checkFrameFits(t *testing.T, frame string, w, h int, what string) {
	t.Helper()
	ls := lines(frame)
	if len(ls) != h {
		t.Fatalf("%s: %d lines, want %d", what, len(ls), h)
	}
	for i, l := range ls {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("%s: line %d is %d cells wide, want %d: %q", what, i, got, w, ansi.Strip(l))
		}
	}
}

// TestHardTextFitsEveryLine: text terminals disagree on never makes a
// line of the frame wider or narrower than the terminal, in any control,
// focused or not.
func TestHardTextFitsEveryLine(t *testing.T) {
	for _, hc := range hardCases {
		b := boardFrom(t, hardStream(hc.text), false)
		for _, focus := range []string{"", "name", "pay", "agree", "pick"} {
			for _, w := range []int{20, 41, 80, 81, 120} {
				frame, err := Frame(b, testOptions(termenv.ANSI256), w, 24, "pay", focus)
				if err != nil {
					t.Fatal(err)
				}
				checkFrameFits(t, frame, w, 24, fmt.Sprintf("%s, %d wide, focus %q", hc.name, w, focus))
			}
		}
	}
}

// TestMarkdownSplitsFitEveryLine: Markdown that splits a cluster between
// two styles (a skin tone in bold, a vowel sign in italics) is drawn as
// wide as it is measured, with colours and without.
func TestMarkdownSplitsFitEveryLine(t *testing.T) {
	text := "👍**🏽** क*ि* ൎ**क** - 🏽x [ൎ](http://e.x) `👨`\u200d👩 e*\u0301*"
	for _, profile := range []termenv.Profile{termenv.ANSI256, termenv.Ascii} {
		b := boardFrom(t, hardStream(text), false)
		for _, w := range []int{30, 80, 120} {
			frame, err := Frame(b, testOptions(profile), w, 24, "pay", "")
			if err != nil {
				t.Fatal(err)
			}
			checkFrameFits(t, frame, w, 24, fmt.Sprintf("%v at %d", profile, w))
		}
	}
}

// FuzzFrameFitsTheTerminal puts arbitrary text, sanitized as the hub
// would, everywhere in a surface of controls, and draws it at an
// arbitrary width: every line of the frame is exactly as wide as the
// terminal, and on every kind of terminal every cluster whose width they
// agree on (the controls' labels among them) is where the layout put it.
func FuzzFrameFitsTheTerminal(f *testing.F) {
	for _, hc := range hardCases {
		f.Add(hc.text, uint8(80))
	}
	f.Add("👍**🏽** क*ि* ൎ**क**", uint8(33))
	f.Fuzz(func(t *testing.T, text string, width uint8) {
		w := 20 + int(width)%140
		if len(text) > 4096 {
			text = text[:4096] // the canvas refuses longer strings in so many places
		}
		b := hub.NewBoard(a2ui.Options{}, fixedClock)
		raws, err := a2ui.SplitStream(hardStream(text))
		if err != nil {
			t.Fatal(err)
		}
		msgs := make([]json.RawMessage, len(raws))
		for i, r := range raws {
			msgs[i] = r
		}
		if _, _, err := b.Show(msgs); err != nil {
			t.Fatalf("refused: %v", err)
		}
		for _, focus := range []string{"", "name"} {
			frame, err := Frame(b, testOptions(termenv.ANSI256), w, 24, "pay", focus)
			if err != nil {
				t.Fatal(err)
			}
			checkFrameFits(t, frame, w, 24, fmt.Sprintf("%d wide, focus %q", w, focus))
			for _, m := range widthModels {
				if bad := misplaced(frame, drawn(frame, m, w, 24, true)); bad != "" {
					t.Fatalf("%d wide, %s terminal: %s", w, m.name, bad)
				}
			}
		}
	})
}

// BenchmarkOutputFrame is the cost of Output on a whole frame of a form
// at 120×40, the most it does for one flush: bytes per frame are reported
// with the frame's own size (SetBytes) and what it adds.
func BenchmarkOutputFrame(b *testing.B) {
	for _, bc := range []struct{ name, text string }{{"plain", "Pay the invoice before Friday"}, {"hard", hardCases[0].text + hardCases[7].text}} {
		b.Run(bc.name, func(b *testing.B) {
			board := boardFrom(b, hardStream(bc.text), false)
			frame, err := Frame(board, testOptions(termenv.ANSI256), 120, 40, "pay", "")
			if err != nil {
				b.Fatal(err)
			}
			in := []byte(bubbleTeaFrame(frame, 120))
			var out bytes.Buffer
			w := newCellWriter(&out)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				out.Reset()
				w.Write(in)
			}
			b.ReportMetric(float64(out.Len()-len(in)), "added-B/frame")
		})
	}
}

// TestIndicTextReadsWhole: conjuncts and spacing vowel signs, which
// terminals that add up code points draw wider than the layout counts,
// still read whole there (Text reserves the cells and Output leaves them),
// as in terminals that cluster; and nothing moves in either.
func TestIndicTextReadsWhole(t *testing.T) {
	words := []string{"क्षत्रिय", "किताब", "नमस्ते", "กำลัง"}
	b := boardFrom(t, hardStream(strings.Join(words, " ")), false)
	frame, err := Frame(b, testOptions(termenv.ANSI256), 100, 30, "pay", "")
	if err != nil {
		t.Fatal(err)
	}
	checkFrameFits(t, frame, 100, 30, "Indic text")
	for _, m := range widthModels[:2] {
		term := drawn(frame, m, 100, 30, true)
		if bad := misplaced(frame, term); bad != "" {
			t.Errorf("%s terminal: %s", m.name, bad)
		}
		row := strings.ReplaceAll(term.row(2), " ", "")
		for _, w := range words {
			if !strings.Contains(row, w) {
				t.Errorf("%s terminal: %q is cut: %q", m.name, w, term.row(2))
			}
		}
	}
}
