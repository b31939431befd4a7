package tui

//go:generate go run gen_cells.go

import (
	"bytes"
	"fmt"
	"image"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/kitty"

	"github.com/a2term/a2term/components"
)

// Terminals do not agree on how many cells a grapheme cluster takes: an
// emoji with a skin tone is two cells in kitty, WezTerm and Windows
// Terminal and four in tmux 3.3 and xterm; a ZWJ family is two or six; a
// flag two, or two cells of one letter each; VS16 widens "❤" in some and
// not in others; East Asian Ambiguous characters (box drawing, "…", "é",
// Cyrillic) are one cell or two by a setting of VTE, iTerm2, xterm,
// WezTerm and PuTTY; an Indic conjunct or a Thai vowel sign is one cell in
// terminals that cluster and two in those that add up code points; and a
// character newer than a terminal's tables is drawn in zero or one cell
// whatever its width. The layout counts cells one way (charmbracelet/x/ansi's
// grapheme widths); if the terminal counts another, everything after the
// cluster on its row moves, and a line that comes out too long wraps and
// scrolls every row above it, so that a click lands on another control than
// the one the person sees under the pointer.
//
// Sanitizing keeps the layout's own sum right (no piece of text joins the
// clusters beside it); Output keeps the terminal's cursor on the layout's
// columns whatever the terminal thinks:
//
//   - While the program owns the screen, automatic wrapping is off
//     (DECAWM, CSI ?7l, set on entering the alternate screen and reset
//     before leaving it, so also around a suspend and after a panic): a
//     line that comes out too long is cut at the right edge and never
//     pushes the rows below it down or the screen up.
//   - Every cluster whose width terminals may disagree on is anchored: the
//     cells the layout gave it are erased first (ECH, so a terminal that
//     draws it narrower leaves no stale cells), then it is drawn, then the
//     cursor is put back on the column where the layout says the next cell
//     starts (CHA, so one that draws it wider is overwritten by what comes
//     next). Wide and multi-rune clusters (emoji, flags, keycaps,
//     conjuncts) are anchored one by one; a run of narrow ones (ambiguous
//     letters and box drawing) once at its end, which keeps their line
//     readable, if stretched, in an ambiguous-wide terminal. Blanks that
//     directly follow a cluster of letters in its style (not under
//     reverse video) are erased with it and not written over: a terminal
//     that draws it wider keeps it whole there. Text reserves such blanks
//     after Indic conjuncts and spacing vowel signs (components' spread).
//
// A cluster is stable, and drawn as it is, when it is printable ASCII, or
// one rune from cellNarrow or cellWide (assigned long ago, not ambiguous,
// not a pictograph) with only cellMark marks after it, and the layout gives
// it the width those tables say. Everything else is anchored: being wrong
// about a stable cluster costs a few bytes, never a moved control.
//
// The web view is not a grid of cells and needs none of this.

// Output is the terminal a program draws on: a file (usually os.Stdout)
// that Bubble Tea writes to through the guards above. It keeps the file's
// Fd, so Bubble Tea still sees a terminal.
type Output struct {
	*os.File
	w *cellWriter
}

// UseGraphics has the output draw pictures as w.Graphics says (see
// pictureOut), inside tmux or not, and returns the widgets' options for
// it: the mode it will use — sixel needs the size of a cell in pixels,
// which the terminal must give (TIOCGWINSZ), and falls back to
// half-blocks without it — and the store of pictures, made here unless w
// has one, with ids apart from other programs' that draw kitty pictures
// on the same screen (components.NewSharedPictureStore). Call it before
// the program starts.
func (o *Output) UseGraphics(w components.Options, tmux bool) components.Options {
	fd := o.Fd()
	size := func() (image.Point, image.Point) { return termSize(fd) }
	_, cell := size()
	if w.Graphics == components.GraphicsSixel && cell == (image.Point{}) {
		w.Graphics = components.GraphicsBlocks
	}
	if w.Store == nil {
		w.Store = components.NewSharedPictureStore(cell)
	}
	o.w.mu.Lock()
	defer o.w.mu.Unlock()
	o.w.g = nil
	if w.Graphics.Pixels() {
		o.w.g = newPictureOut(w.Graphics, w.Store, tmux, size)
	}
	return w
}

// NewOutput wraps f, the terminal the program will draw on.
func NewOutput(f *os.File) *Output { return &Output{File: f, w: newCellWriter(f)} }

// Write passes p to the terminal with wrapping turned off while the
// alternate screen is on and every unstable cluster anchored.
func (o *Output) Write(p []byte) (int, error) { return o.w.Write(p) }

// WriteString is Write for a string; without it io.WriteString, which
// Bubble Tea writes its sequences with, would reach the file directly.
func (o *Output) WriteString(s string) (int, error) { return o.w.Write([]byte(s)) }

// ReadFrom copies r through Write, for the same reason.
func (o *Output) ReadFrom(r io.Reader) (int64, error) {
	return io.Copy(writerOnly{o}, r) //nolint:wrapcheck // a writer passes its file's errors on as they are
}

type writerOnly struct{ io.Writer }

// ProgramOptions are the Bubble Tea options a2term's terminal program runs
// with: the alternate screen, mouse clicks, output through Output, a lower
// frame rate over SSH, and no signal handler of Bubble Tea's: the caller
// handles SIGINT and SIGTERM (and quits the program on them).
func ProgramOptions(out *os.File, ssh bool) []tea.ProgramOption {
	return NewOutput(out).ProgramOptions(ssh)
}

// ProgramOptions are the program's Bubble Tea options with o as its
// output (see the function ProgramOptions).
func (o *Output) ProgramOptions(ssh bool) []tea.ProgramOption {
	// Signals are the command's to handle (it quits the program, and
	// may keep the canvas): Bubble Tea's own handler, racing it, can be
	// left sending its quit to a program already ending, which then
	// waits for it for ever.
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithOutput(o), tea.WithoutSignalHandler()}
	if ssh {
		opts = append(opts, tea.WithFPS(20))
	}
	return opts
}

// Copy puts text on the terminal's clipboard with OSC 52. tmux takes the
// sequence itself (into its paste buffer, and on to the terminal it runs
// in, with set-clipboard on); GNU screen needs it wrapped to pass it on;
// over SSH it reaches the person's own terminal, which sets the clipboard
// if it allows programs to. It is written between two of Bubble Tea's
// writes, never inside a frame, and moves no cursor. Only the person's
// key asks for it: the program never writes the clipboard on its own, and
// agent text, which is sanitized, can never carry the sequence.
func (o *Output) Copy(text string) error {
	seq := clipboardSequence(text, os.Getenv("TERM"), os.Getenv("TMUX") != "")
	o.w.mu.Lock()
	defer o.w.mu.Unlock()
	if _, err := io.WriteString(o.w.out, seq); err != nil {
		return fmt.Errorf("clipboard: %w", err)
	}
	return nil
}

// clipboardSequence is the OSC 52 sequence that sets the system clipboard
// to text, for a terminal named term, inside tmux or not.
func clipboardSequence(text, term string, tmux bool) string {
	seq := ansi.SetSystemClipboard(text)
	if !tmux && strings.HasPrefix(term, "screen") {
		seq = ansi.ScreenPassthrough(seq, 0)
	}
	return seq
}

// cellWriter follows the cursor's column in what Bubble Tea writes (it
// writes whole frames and whole sequences at a time) and rewrites the
// frames as described above.
type cellWriter struct {
	mu  sync.Mutex
	out io.Writer
	col int // the layout's column of the cursor; -1 when it is not known
	// reverse is whether reverse video is on, under which erasing a cell
	// does not look like writing a space.
	reverse bool
	state   byte
	p       *ansi.Parser
	buf     []byte
	// row is the cursor's row, -1 when it is not known; g draws
	// pictures with a protocol, when one is used.
	row int
	g   *pictureOut
}

func newCellWriter(out io.Writer) *cellWriter {
	return &cellWriter{out: out, p: ansi.NewParser(), row: -1}
}

// Write rewrites p and writes it in one piece. It reports len(p) when the
// rewritten bytes were all written.
func (c *cellWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf = c.rewrite(c.buf[:0], p)
	if c.g != nil {
		c.buf = c.g.paint(c.buf)
	}
	if _, err := c.out.Write(c.buf); err != nil {
		return 0, err //nolint:wrapcheck // a writer passes its file's errors on as they are
	}
	return len(p), nil
}

var (
	enterAltScreen = []byte(ansi.SetModeAltScreenSaveCursor)
	leaveAltScreen = []byte(ansi.ResetModeAltScreenSaveCursor)
)

// rewrite appends p, rewritten, to out.
func (c *cellWriter) rewrite(out, p []byte) []byte {
	runEnd := -1    // while anchoring a run of clusters: the column it ends at
	loose := false  // a cluster of the run was drawn and not anchored yet
	absorb := false // the last thing drawn was an unstable cluster
	for len(p) > 0 {
		if absorb && runEnd >= 0 && p[0] == ' ' {
			// Blanks right after an unstable cluster, in its style, were
			// erased with it: a terminal that draws it wider may use them.
			k := 0
			for k < len(p) && p[k] == ' ' && c.col+k < runEnd {
				k++
			}
			c.col += k
			p = p[k:]
			loose, absorb = true, false
			out = c.closeRun(out, &runEnd, &loose)
			continue
		}
		absorb = false
		// Printable ASCII, the bulk of a frame, is stable; the last
		// character before other text may start a longer cluster.
		k := 0
		for k < len(p) && p[k] >= 0x20 && p[k] < 0x7f {
			k++
		}
		if k < len(p) && p[k] >= utf8.RuneSelf {
			k--
		}
		if k > 0 {
			out = c.closeRun(out, &runEnd, &loose)
			if c.g != nil {
				out = c.g.touch(out, c.row)
			}
			out = append(out, p[:k]...)
			if c.col >= 0 {
				c.col += k
			}
			p = p[k:]
			continue
		}
		if b := p[0]; c.state != 0 || b == 0x1b || b < 0x20 || b == 0x7f || b >= 0x80 && b < 0xc0 {
			seq, _, n, state := ansi.DecodeSequence(p, c.state, c.p)
			c.state = state
			if n == 0 {
				out = append(out, p...)
				break
			}
			p = p[n:]
			if !isSGR(seq) {
				out = c.closeRun(out, &runEnd, &loose)
			}
			out = c.control(out, seq)
			continue
		}
		// A grapheme cluster, measured as the layout measures it.
		seq, w := ansi.FirstGraphemeCluster(p, ansi.GraphemeWidth)
		if len(seq) == 0 {
			seq = p[:1]
		}
		p = p[len(seq):]
		if c.g != nil {
			out = c.g.touch(out, c.row)
			if r, _ := utf8.DecodeRune(seq); r == kitty.Placeholder {
				out = c.closeRun(out, &runEnd, &loose)
				out = c.g.placeholder(out, seq, c.row, c.col)
				if c.col >= 0 {
					c.col++
				}
				continue
			}
		}
		if c.col < 0 || stableCluster(seq, w) {
			out = c.closeRun(out, &runEnd, &loose)
			out = append(out, seq...)
			if c.col >= 0 {
				c.col += w
			}
			continue
		}
		if w == 0 {
			continue // drawn in no cell by the layout, so not drawn at all
		}
		if runEnd < 0 {
			// Erase the cells of the whole run before drawing any of it.
			runEnd = c.col + unstableRun(seq, w, p, c.state, c.reverse)
			out = append(out, ansi.ECH(runEnd-c.col)...)
		}
		out = append(out, seq...)
		c.col += w
		loose, absorb = true, !c.reverse && !components.Pictorial(string(seq))
		if (w != 1 || utf8.RuneCount(seq) > 1) && !(absorb && len(p) > 0 && p[0] == ' ') {
			out = c.anchor(out)
			loose = false
		}
	}
	return c.closeRun(out, &runEnd, &loose)
}

// closeRun ends a run of unstable clusters: the cursor goes back to the
// column after it, unless it was put there after the last one.
func (c *cellWriter) closeRun(out []byte, runEnd *int, loose *bool) []byte {
	if *runEnd < 0 {
		return out
	}
	*runEnd = -1
	if !*loose {
		return out
	}
	*loose = false
	return c.anchor(out)
}

// anchor puts the cursor on the layout's column (CHA).
func (c *cellWriter) anchor(out []byte) []byte {
	out = append(out, "\x1b["...)
	out = strconv.AppendInt(out, int64(c.col+1), 10)
	return append(out, 'G')
}

// unstableRun returns the width of the run of unstable clusters that
// starts with seq (w cells) and goes on in p: up to the first stable
// cluster, control, or sequence other than SGR styling, with the blanks
// that directly follow its last cluster unless reverse video is on.
func unstableRun(seq []byte, w int, p []byte, state byte, reverse bool) int {
	total := w
	afterCluster := !components.Pictorial(string(seq))
	for len(p) > 0 {
		if b := p[0]; state != 0 || b == 0x1b || b < 0x20 || b == 0x7f || b >= 0x80 && b < 0xc0 {
			s, _, n, st := ansi.DecodeSequence(p, state, nil)
			if n == 0 || !isSGR(s) {
				break
			}
			state, p = st, p[n:]
			afterCluster = false
			continue
		}
		if p[0] == ' ' {
			for afterCluster && !reverse && len(p) > 0 && p[0] == ' ' {
				total++
				p = p[1:]
			}
			break
		}
		s, sw := ansi.FirstGraphemeCluster(p, ansi.GraphemeWidth)
		if len(s) == 0 || stableCluster(s, sw) {
			break
		}
		total += sw
		p = p[len(s):]
		afterCluster = !components.Pictorial(string(s))
	}
	return total
}

// isSGR reports whether seq is a CSI ... m styling sequence.
func isSGR(seq []byte) bool {
	return len(seq) >= 3 && seq[0] == 0x1b && seq[1] == '[' && seq[len(seq)-1] == 'm'
}

// control copies a control character or an escape sequence, following
// what it does to the cursor's column, and turns wrapping off and on with
// the alternate screen.
func (c *cellWriter) control(out, seq []byte) []byte {
	switch {
	case bytes.Equal(seq, enterAltScreen):
		c.col, c.row = 0, 0
		if c.g != nil {
			c.g.erased(0)
		}
		return append(append(out, seq...), ansi.ResetModeAutoWrap...)
	case bytes.Equal(seq, leaveAltScreen):
		c.col, c.row = -1, -1
		if c.g != nil {
			out = c.g.left(out)
		}
		return append(append(out, ansi.SetModeAutoWrap...), seq...)
	}
	if c.g != nil && len(seq) >= 3 && seq[1] == '[' {
		switch seq[len(seq)-1] {
		case 'K', 'X':
			out = c.g.touch(out, c.row)
		case 'J':
			c.erase()
		}
	}
	out = append(out, seq...)
	if isSGR(seq) {
		c.sgr()
		return out
	}
	switch b := seq[0]; {
	case b == '\r':
		c.col = 0
	case b == '\n':
		if c.row >= 0 {
			c.row++
		}
	case b == '\b':
		if c.col > 0 {
			c.col--
		}
	case b == 0x07:
	case b < 0x20 && b != 0x1b, b == 0x7f:
		c.col = -1 // a tab, or a control Bubble Tea never writes
	case len(seq) >= 3 && seq[1] == '[':
		c.csi(seq)
	case len(seq) == 2 && (seq[1] == '8' || seq[1] == 'c'):
		c.col, c.row = -1, -1 // DECRC, RIS
	}
	return out
}

// erase notes an erase of the display (ED): the picture cells it clears.
func (c *cellWriter) erase() {
	switch ps := c.p.Params(); {
	case len(ps) > 0 && ps[0].Param(0) == 2, c.row < 0:
		c.g.erased(0)
	case len(ps) == 0 || ps[0].Param(0) == 0:
		c.g.erased(c.row + 1)
	}
}

// sgr follows reverse video through the styling sequence just parsed.
func (c *cellWriter) sgr() {
	ps := c.p.Params()
	if len(ps) == 0 {
		c.reverse = false
	}
	for _, p := range ps {
		switch p.Param(0) {
		case 0:
			c.reverse = false
		case 7:
			c.reverse = true
		case 27:
			c.reverse = false
		}
	}
	if c.g != nil {
		c.g.fg = followFg(ps, c.g.fg)
	}
}

// followFg returns the foreground colour index (38;5;N), which holds the
// low byte of a picture's id, after an SGR sequence with parameters ps;
// fg is the one before, -1 for any other colour.
func followFg(ps ansi.Params, fg int) int {
	if len(ps) == 0 {
		return -1
	}
	for i := 0; i < len(ps); i++ {
		switch v := ps[i].Param(0); {
		case v == 38 && i+2 < len(ps) && ps[i+1].Param(0) == 5:
			fg = ps[i+2].Param(0)
			i += 2
		case v == 38 && i+4 < len(ps) && ps[i+1].Param(0) == 2:
			fg = -1
			i += 4
		case v == 0, v == 39, v >= 30 && v <= 37, v >= 90 && v <= 97:
			fg = -1
		}
	}
	return fg
}

// csi follows a control sequence's effect on the column.
func (c *cellWriter) csi(seq []byte) {
	final := seq[len(seq)-1]
	if seq[2] >= 0x3c && seq[2] <= 0x3f {
		return // private modes and queries (CSI ? ... h) leave the cursor alone
	}
	// param is parameter i; those the cursor moves read default to 1.
	param := func(i int) int {
		if i < len(c.p.Params()) {
			return c.p.Params()[i].Param(1)
		}
		return 1
	}
	if c.row >= 0 {
		switch final {
		case 'A', 'F':
			c.row = max(c.row-param(0), 0)
		case 'B', 'E':
			c.row += param(0)
		}
	}
	switch final {
	case 'H', 'f', 'd':
		c.row = param(0) - 1
	case 'r':
		c.row = 0
	}
	switch final {
	case 'm', 'K', 'J', 'X', 'A', 'B', 'S', 'T', '@', 'P', 'h', 'l', 'n', 'q', 't', 'c', 'd':
	case 'H', 'f':
		c.col = param(1) - 1
	case 'G', '`':
		c.col = param(0) - 1
	case 'C':
		if c.col >= 0 {
			c.col += param(0)
		}
	case 'D':
		if c.col >= 0 {
			c.col = max(c.col-param(0), 0)
		}
	case 'E', 'F', 'r':
		c.col = 0
	default:
		c.col, c.row = -1, -1
	}
}

// stableCluster reports whether every terminal draws the cluster g in the
// w cells the layout gives it.
func stableCluster(g []byte, w int) bool {
	r, n := utf8.DecodeRune(g)
	switch {
	case r < utf8.RuneSelf:
		if w != 1 || r < 0x20 || r == 0x7f {
			return false
		}
	case w == 1:
		if !unicode.Is(cellNarrow, r) {
			return false
		}
	case w == 2:
		if !unicode.Is(cellWide, r) {
			return false
		}
	default:
		return false
	}
	for _, m := range string(g[n:]) {
		if !unicode.Is(cellMark, m) {
			return false
		}
	}
	return true
}
