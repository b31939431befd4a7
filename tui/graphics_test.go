package tui

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/kitty"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
)

// fakeRenderer writes frames as Bubble Tea v1.3.10's standard renderer
// does in the alternate screen (standard_renderer.go, flush): the cursor
// home, then each line that changed since the last frame, cut to the
// width and erased to its end when shorter, "\n" for each line that did
// not, the rest of the screen erased when the frame is shorter, and the
// cursor put on the last line. A whole frame is one write.
type fakeRenderer struct {
	w     *cellWriter
	width int
	last  []string
}

func (r *fakeRenderer) flush(t testing.TB, frame string) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	var b strings.Builder
	b.WriteString(ansi.CursorHomePosition)
	for i, l := range lines {
		if i < len(r.last) && r.last[i] == l {
			if i < len(lines)-1 {
				b.WriteByte('\n')
			}
			continue
		}
		l = ansi.Truncate(l, r.width, "")
		if ansi.StringWidth(l) < r.width {
			l += ansi.EraseLineRight
		}
		b.WriteString(l)
		if i < len(lines)-1 {
			b.WriteString("\r\n")
		}
	}
	if len(r.last) > len(lines) {
		b.WriteString(ansi.EraseScreenBelow)
	}
	b.WriteString(ansi.CursorPosition(0, len(lines)))
	r.last = lines
	if _, err := r.w.Write([]byte(b.String())); err != nil {
		t.Fatal(err)
	}
}

// solidPNG is a w × h picture of one colour, as a data: URL.
func solidPNG(t testing.TB, w, h int, c color.NRGBA) string {
	t.Helper()
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// pictureStream is two surfaces: "pics", lines of text around a picture
// 8 × 4 cells, long enough to scroll, and "words", text only.
func pictureStream(t testing.TB) []byte {
	t.Helper()
	var comps []string
	var kids []string
	for i := range 14 {
		id := fmt.Sprintf("t%d", i)
		kids = append(kids, fmt.Sprintf("%q", id))
		comps = append(comps, fmt.Sprintf(`{"id":%q,"component":{"Text":{"text":{"literalString":"line %d"}}}}`, id, i))
		if i == 2 {
			kids = append(kids, `"pic"`)
			comps = append(comps, fmt.Sprintf(`{"id":"pic","component":{"Image":{"url":{"literalString":%q},"usageHint":"smallFeature"}}}`, solidPNG(t, 8, 8, color.NRGBA{200, 30, 30, 255})))
		}
	}
	comps = append(comps, `{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(kids, ",")+`]}}}}`)
	return []byte(`{"beginRendering":{"surfaceId":"pics","root":"root"}}
{"surfaceUpdate":{"surfaceId":"pics","components":[` + strings.Join(comps, ",") + `]}}
{"beginRendering":{"surfaceId":"words","root":"w"}}
{"surfaceUpdate":{"surfaceId":"words","components":[{"id":"w","component":{"Text":{"text":{"literalString":"no pictures here"}}}}]}}
`)
}

// graphicsRun draws the picture stream with mode through a cellWriter
// fed as Bubble Tea feeds it: entering the alternate screen, a frame,
// a line scrolled, a page scrolled (the picture half off the pane's top
// edge, then gone), the other tab, back, and leaving. It returns each
// write's bytes.
func graphicsRun(t *testing.T, mode components.Graphics) []string {
	t.Helper()
	const w, h = 40, 14
	opts := testOptions(termenv.TrueColor)
	pics := components.NewPictureStore(image.Pt(4, 8))
	opts.Widgets = components.Options{Graphics: mode, Store: pics}
	sc := NewScreen(boardFrom(t, pictureStream(t), false), opts, w, h)
	defer sc.Close()
	if err := sc.Show("pics"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cw := newCellWriter(&out)
	cw.g = newPictureOut(mode, pics, false, func() (image.Point, image.Point) { return image.Pt(w, h), image.Pt(4, 8) })
	r := &fakeRenderer{w: cw, width: w}
	var writes []string
	take := func(name string) {
		writes = append(writes, "=== "+name+"\n"+strings.ReplaceAll(fmt.Sprintf("%q", out.String()), `\n`, "\\n\n"))
		out.Reset()
	}
	write := func(s string) {
		if _, err := cw.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	write(ansi.SetModeAltScreenSaveCursor)
	take("enter")
	frame := func(name string, keys ...string) {
		for _, k := range keys {
			steps, err := ParseSteps(k)
			if err != nil {
				t.Fatal(err)
			}
			if err := sc.Press(steps[0]); err != nil {
				t.Fatal(err)
			}
		}
		r.flush(t, sc.m.View())
		take(name)
	}
	frame("first")
	frame("same")
	frame("down", "down")
	frame("down again", "down", "down", "down")
	frame("picture off the top", "down", "down", "down")
	frame("back up", "up", "up", "up", "up", "up", "up", "up")
	frame("other tab", "2")
	frame("first tab", "1")
	write(ansi.ResetModeAltScreenSaveCursor)
	take("leave")
	return writes
}

// TestGraphicsSequences keeps, per protocol, the bytes a2term writes for
// a picture placed, moved by scrolling, clipped at the pane's top edge,
// gone with its tab and back, and on leaving.
func TestGraphicsSequences(t *testing.T) {
	for _, mode := range []components.Graphics{components.GraphicsKitty, components.GraphicsSixel, components.GraphicsITerm} {
		t.Run(mode.String(), func(t *testing.T) {
			golden.RequireEqual(t, []byte(strings.Join(graphicsRun(t, mode), "\n")+"\n"))
		})
	}
}

// TestDetectGraphics is the table of terminals and what a2term picks for
// them from the environment alone.
func TestDetectGraphics(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want components.Graphics
	}{
		{"nothing known", map[string]string{"TERM": "xterm-256color"}, components.GraphicsBlocks},
		{"kitty", map[string]string{"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}, components.GraphicsKitty},
		{"kitty over ssh", map[string]string{"TERM": "xterm-kitty", "SSH_CONNECTION": "a"}, components.GraphicsKitty},
		{"kitty with TERM changed", map[string]string{"TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"}, components.GraphicsKitty},
		{"xterm started from kitty", map[string]string{"TERM": "xterm", "KITTY_WINDOW_ID": "3", "XTERM_VERSION": "XTerm(379)"}, components.GraphicsBlocks},
		{"ghostty", map[string]string{"TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"}, components.GraphicsKitty},
		{"wezterm", map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}, components.GraphicsITerm},
		{"wezterm by its variables", map[string]string{"TERM": "xterm-256color", "WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"}, components.GraphicsITerm},
		{"iTerm2", map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"}, components.GraphicsITerm},
		{"iTerm2 over ssh", map[string]string{"TERM": "xterm-256color", "LC_TERMINAL": "iTerm2", "SSH_TTY": "/dev/pts/1"}, components.GraphicsITerm},
		{"foot", map[string]string{"TERM": "foot"}, components.GraphicsSixel},
		{"mlterm", map[string]string{"TERM": "mlterm"}, components.GraphicsSixel},
		{"konsole 26.08", map[string]string{"TERM": "xterm-256color", "KONSOLE_VERSION": "260800"}, components.GraphicsSixel},
		{"konsole 22.12", map[string]string{"TERM": "xterm-256color", "KONSOLE_VERSION": "221203"}, components.GraphicsBlocks},
		{"konsole 26.04", map[string]string{"TERM": "xterm-256color", "KONSOLE_VERSION": "260403"}, components.GraphicsBlocks},
		{"konsole 21.12", map[string]string{"TERM": "xterm-256color", "KONSOLE_VERSION": "211200"}, components.GraphicsBlocks},
		{"xterm (sixel only as a VT340, which it does not say)", map[string]string{"TERM": "xterm", "XTERM_VERSION": "XTerm(379)"}, components.GraphicsBlocks},
		{"vs code", map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "vscode"}, components.GraphicsBlocks},
		{"windows terminal", map[string]string{"TERM": "xterm-256color", "WT_SESSION": "x"}, components.GraphicsBlocks},
		{"apple terminal", map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"}, components.GraphicsBlocks},
		{"tmux in kitty", map[string]string{"TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1", "TERM_PROGRAM": "tmux"}, components.GraphicsBlocks},
		{"tmux with TERM of the outer terminal", map[string]string{"TERM": "xterm-kitty", "TMUX": "/tmp/t,1,0"}, components.GraphicsBlocks},
		{"screen", map[string]string{"TERM": "screen.xterm-256color", "STY": "1.pts"}, components.GraphicsBlocks},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := DetectGraphics(func(k string) string { return tc.env[k] }); got != tc.want {
				t.Errorf("DetectGraphics = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestChooseGraphics: the flag wins, then A2TERM_GRAPHICS, then what the
// environment says; auto defers; a value a2term does not know is an
// error that names where it came from.
func TestChooseGraphics(t *testing.T) {
	env := map[string]string{"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}
	get := func(k string) string { return env[k] }
	ask := func() (string, error) { return "kitty(0.35.2)", nil }
	for _, tc := range []struct {
		flag, envVar string
		want         components.Graphics
		err          string
	}{
		{"auto", "", components.GraphicsKitty, ""},
		{"", "", components.GraphicsKitty, ""},
		{"blocks", "", components.GraphicsBlocks, ""},
		{"off", "sixel", components.GraphicsOff, ""},
		{"auto", "sixel", components.GraphicsSixel, ""},
		{"auto", "auto", components.GraphicsKitty, ""},
		{"iterm", "", components.GraphicsITerm, ""},
		{"png", "", 0, "--graphics"},
		{"auto", "yes", 0, GraphicsEnv},
	} {
		env[GraphicsEnv] = tc.envVar
		got, err := ChooseGraphics(tc.flag, get, ask)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ChooseGraphics(%q) with %s=%q: error %v, want one naming %s", tc.flag, GraphicsEnv, tc.envVar, err, tc.err)
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("ChooseGraphics(%q) with %s=%q = %v, %v; want %v", tc.flag, GraphicsEnv, tc.envVar, got, err, tc.want)
		}
	}
}

// TestPlaceholderCellsAreStable: a placeholder cell is one column to the
// layout, and the output neither anchors nor erases it (kitty draws it as
// it is).
func TestPlaceholderCellsAreStable(t *testing.T) {
	pics := components.NewPictureStore(image.Pt(4, 8))
	var out bytes.Buffer
	cw := newCellWriter(&out)
	cw.g = newPictureOut(components.GraphicsKitty, pics, false, func() (image.Point, image.Point) { return image.Point{}, image.Point{} })
	cell := "\U0010EEEE\u0305\u030D\u0305"
	line := "\x1b[38;5;7m" + cell + cell + "\x1b[39mx"
	if w := ansi.StringWidth(line); w != 3 {
		t.Errorf("width %d, want 3", w)
	}
	if _, err := cw.Write([]byte(ansi.SetModeAltScreenSaveCursor + line)); err != nil {
		t.Fatal(err)
	}
	want := ansi.SetModeAltScreenSaveCursor + ansi.ResetModeAutoWrap + line
	if out.String() != want {
		t.Errorf("wrote %q, want %q (an id the store never gave sends nothing)", out.String(), want)
	}
}

// manyPictures is one surface of n pictures of different colours, one
// under the other (icons, 2 × 1 cells).
func manyPictures(t testing.TB, n int) []byte {
	t.Helper()
	comps := make([]string, 0, n+1)
	kids := make([]string, 0, n)
	for i := range n {
		id := fmt.Sprintf("p%d", i)
		kids = append(kids, fmt.Sprintf("%q", id))
		u := solidPNG(t, 2, 2, color.NRGBA{uint8(i), uint8(i >> 8), 99, 255}) //nolint:gosec // bytes of i
		comps = append(comps, fmt.Sprintf(`{"id":%q,"component":{"Image":{"url":{"literalString":%q},"usageHint":"icon"}}}`, id, u))
	}
	comps = append(comps, `{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(kids, ",")+`]}}}}`)
	return []byte(`{"beginRendering":{"surfaceId":"many","root":"root"}}
{"surfaceUpdate":{"surfaceId":"many","components":[` + strings.Join(comps, ",") + `]}}
`)
}

// kittyIDs reads what kitty does with out: the ids of the images sent
// (a=T) and deleted (a=d), and the image ids it reads from the
// placeholder cells, as its graphics protocol says ("Unicode
// placeholders"): the foreground colour (38;5;N) is the id's low 24
// bits, and the third diacritic its most significant byte.
func kittyIDs(t *testing.T, out string) (sent, deleted, cells map[uint32]bool) {
	t.Helper()
	sent, deleted, cells = map[uint32]bool{}, map[uint32]bool{}, map[uint32]bool{}
	fg := -1
	for rest := out; rest != ""; {
		switch {
		case strings.HasPrefix(rest, "\x1b_G"):
			end := strings.Index(rest, "\x1b\\")
			if end < 0 {
				t.Fatalf("a graphics command without its end: %q", rest)
			}
			ctl, _, _ := strings.Cut(rest[3:end], ";")
			keys := map[string]string{}
			for _, kv := range strings.Split(ctl, ",") {
				k, v, _ := strings.Cut(kv, "=")
				keys[k] = v
			}
			if id, err := strconv.ParseUint(keys["i"], 10, 32); err == nil {
				switch keys["a"] {
				case "T":
					sent[uint32(id)] = true
				case "d":
					deleted[uint32(id)] = true
				}
			}
			rest = rest[end+2:]
		case strings.HasPrefix(rest, "\x1b["):
			end := strings.IndexAny(rest[2:], "@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~")
			if end < 0 {
				t.Fatalf("a control sequence without its end: %q", rest)
			}
			params, final := rest[2:2+end], rest[2+end]
			if final == 'm' {
				ps := strings.Split(params, ";")
				for i := 0; i < len(ps); i++ {
					switch {
					case ps[i] == "" || ps[i] == "0" || ps[i] == "39":
						fg = -1
					case ps[i] == "38" && i+2 < len(ps) && ps[i+1] == "5":
						fg, _ = strconv.Atoi(ps[i+2])
						i += 2
					}
				}
			}
			rest = rest[3+end:]
		default:
			r, n := utf8.DecodeRuneInString(rest)
			if r == kitty.Placeholder {
				g := rest[:n]
				for range 3 {
					_, m := utf8.DecodeRuneInString(rest[len(g):])
					g = rest[:len(g)+m]
				}
				_, _, hi, ok := components.PlaceholderCell([]byte(g))
				if !ok || fg < 0 {
					t.Fatalf("a placeholder cell kitty cannot read: %q (colour %d)", g, fg)
				}
				cells[uint32(fg)|uint32(hi)<<24] = true //nolint:gosec // a colour index and a diacritic's, under 300
				n = len(g)
			}
			rest = rest[n:]
		}
	}
	return sent, deleted, cells
}

// TestKittyCellsNameTheImagesSent draws 300 pictures at once, more than
// the 255 ids whose high byte is 0: kitty must have been sent an image
// under every id it reads from the cells, and deletes on leaving what
// was sent.
func TestKittyCellsNameTheImagesSent(t *testing.T) {
	const n = 300
	const w, h = 40, n + 4
	opts := testOptions(termenv.TrueColor)
	pics := components.NewPictureStore(image.Pt(4, 8))
	opts.Widgets = components.Options{Graphics: components.GraphicsKitty, Store: pics}
	sc := NewScreen(boardFrom(t, manyPictures(t, n), false), opts, w, h)
	defer sc.Close()
	if err := sc.Show("many"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cw := newCellWriter(&out)
	cw.g = newPictureOut(components.GraphicsKitty, pics, false, func() (image.Point, image.Point) { return image.Pt(w, h), image.Pt(4, 8) })
	if _, err := cw.Write([]byte(ansi.SetModeAltScreenSaveCursor)); err != nil {
		t.Fatal(err)
	}
	(&fakeRenderer{w: cw, width: w}).flush(t, sc.m.View())
	if _, err := cw.Write([]byte(ansi.ResetModeAltScreenSaveCursor)); err != nil {
		t.Fatal(err)
	}
	sent, deleted, cells := kittyIDs(t, out.String())
	if len(cells) != n {
		t.Fatalf("the cells name %d images, want %d", len(cells), n)
	}
	for id := range cells {
		if !sent[id] {
			t.Errorf("the cells name image %d (%#x), which kitty was not sent", id, id)
		}
	}
	for id := range sent {
		if !deleted[id] {
			t.Errorf("image %d (%#x) was sent and not deleted on leaving", id, id)
		}
	}
}

// TestKittyIDsApartFromOtherPrograms: the programs drawing on one kitty
// screen (in the panes of a tmux inside one kitty window) share kitty's
// image ids. Each program's output gives its pictures ids from a random
// one on, so that eight programs showing the same surface send it under
// ids of their own: one would draw another's picture, and delete it on
// leaving. Among 65,280 ids two of the eight meet by chance about once
// in 2,300 runs, two pairs about once in ten million: the test asks for
// seven ids at least.
func TestKittyIDsApartFromOtherPrograms(t *testing.T) {
	const programs = 8
	const w, h = 40, 14
	ids := map[uint32]bool{}
	for i := range programs {
		f, err := os.Create(filepath.Join(t.TempDir(), "terminal"))
		if err != nil {
			t.Fatal(err)
		}
		o := NewOutput(f)
		opts := testOptions(termenv.TrueColor)
		opts.Widgets = o.UseGraphics(components.Options{Graphics: components.GraphicsKitty}, false)
		sc := NewScreen(boardFrom(t, pictureStream(t), false), opts, w, h)
		if err := sc.Show("pics"); err != nil {
			t.Fatal(err)
		}
		if _, err := o.Write([]byte(ansi.SetModeAltScreenSaveCursor)); err != nil {
			t.Fatal(err)
		}
		(&fakeRenderer{w: o.w, width: w}).flush(t, sc.m.View())
		sc.Close()
		f.Close()
		written, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		sent, _, cells := kittyIDs(t, string(written))
		if len(cells) != 1 || len(sent) != 1 {
			t.Fatalf("program %d: cells name %d images, %d sent; want the one picture", i, len(cells), len(sent))
		}
		for id := range cells {
			if !sent[id] {
				t.Fatalf("program %d: the cells name image %#x, sent %v", i, id, sent)
			}
			ids[id] = true
		}
	}
	if len(ids) < programs-1 {
		t.Errorf("%d programs sent their picture under %d image ids: %v", programs, len(ids), ids)
	}
}

// pictureForm is a surface of a text field above two rows of four
// pictures of different colours (mediumFeature, 32 × 8 cells), or,
// without pictures, of texts of eight lines in their place.
func pictureForm(b testing.TB, pictures bool) *hub.Board {
	b.Helper()
	comps := []string{
		`{"id":"f","component":{"TextField":{"label":{"literalString":"Name"},"text":{"path":"/name"}}}}`,
		`{"id":"r0","component":{"Row":{"children":{"explicitList":["p0","p1","p2","p3"]}}}}`,
		`{"id":"r1","component":{"Row":{"children":{"explicitList":["p4","p5","p6","p7"]}}}}`,
	}
	for i := range 8 {
		id := fmt.Sprintf("p%d", i)
		if pictures {
			u := solidPNG(b, 64, 32, color.NRGBA{uint8(30 * i), 90, 200, 255}) //nolint:gosec // under 256
			comps = append(comps, fmt.Sprintf(`{"id":%q,"component":{"Image":{"url":{"literalString":%q},"usageHint":"mediumFeature"}}}`, id, u))
		} else {
			comps = append(comps, fmt.Sprintf(`{"id":%q,"component":{"Text":{"text":{"literalString":%q}}}}`, id, strings.Repeat("words in place of a picture\n\n", 4)))
		}
	}
	comps = append(comps, `{"id":"root","component":{"Column":{"children":{"explicitList":["f","r0","r1"]}}}}`)
	board := hub.NewBoard(a2ui.Options{}, fixedClock)
	msgs := []json.RawMessage{
		json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"root"}}`),
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[` + strings.Join(comps, ",") + `]}}`),
	}
	if _, _, err := board.Show(msgs); err != nil {
		b.Fatal(err)
	}
	return board
}

// BenchmarkPictureFrame types a key into a text field beside eight
// pictures that do not change and writes the frame to the terminal as
// Bubble Tea does, through the program's output: the pictures are drawn
// once, sent or painted once, and a frame costs what one without them
// costs ("text": the same surface with texts in their place).
func BenchmarkPictureFrame(b *testing.B) {
	for _, tc := range []struct {
		name     string
		pictures bool
		mode     components.Graphics
	}{
		{"text", false, components.GraphicsBlocks},
		{"blocks", true, components.GraphicsBlocks},
		{"kitty", true, components.GraphicsKitty},
		{"sixel", true, components.GraphicsSixel},
		{"iterm", true, components.GraphicsITerm},
	} {
		b.Run(tc.name, func(b *testing.B) {
			const w, h = 160, 48
			opts := testOptions(termenv.TrueColor)
			pics := components.NewPictureStore(image.Pt(8, 16))
			opts.Widgets = components.Options{Graphics: tc.mode, Store: pics}
			m := New(pictureForm(b, tc.pictures), opts)
			defer m.Close()
			m.SetSize(w, h)
			if !m.Focus("f") {
				b.Fatal("f is not focusable")
			}
			cw := newCellWriter(io.Discard)
			if tc.mode.Pixels() {
				cw.g = newPictureOut(tc.mode, pics, false, func() (image.Point, image.Point) { return image.Pt(w, h), image.Pt(8, 16) })
			}
			r := &fakeRenderer{w: cw, width: w}
			if _, err := cw.Write([]byte(ansi.SetModeAltScreenSaveCursor)); err != nil {
				b.Fatal(err)
			}
			r.flush(b, m.View())
			keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'x'}}, {Type: tea.KeyBackspace}}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				_, cmd := m.Update(keys[i%2])
				r.flush(b, m.View())
				m.Update(cmd())
				r.flush(b, m.View())
				i++
			}
		})
	}
}
