package tui

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/iterm2"
	"github.com/charmbracelet/x/ansi/kitty"
	"github.com/charmbracelet/x/ansi/sixel"
	xdraw "golang.org/x/image/draw"

	"github.com/a2term/a2term/components"
)

// GraphicsEnv is the environment variable that chooses how pictures are
// drawn, as --graphics does: auto, kitty, iterm, sixel, blocks or off.
const GraphicsEnv = "A2TERM_GRAPHICS"

// GraphicsUsage says what --graphics takes.
const GraphicsUsage = "how pictures are drawn: auto (from the environment), kitty, iterm, sixel, blocks (half-block cells) or off (their alt text); default: A2TERM_GRAPHICS, else auto"

// ChooseGraphics decides how pictures are drawn: the flag's value unless
// it is auto or empty, else the environment variable's, else what the
// environment says of the terminal (DetectGraphics), with one check.
// kitty draws its Unicode placeholders, which a2term's kitty pictures are
// made of, only from 0.28 on; an older kitty (Debian 12 has 0.26.5)
// refuses the picture and shows each cell as an unknown glyph. So when
// the environment says kitty (and not Ghostty, which draws the
// placeholders in all its versions), a2term asks its version, but only
// where the answer is certain to come at once: KITTY_WINDOW_ID, which
// kitty sets for its children and SSH does not pass on, says the kitty
// is on this machine, and no SSH_CONNECTION, SSH_CLIENT or SSH_TTY says
// a2term does not run over SSH. ask (AskTerminalVersion; nil asks
// nothing) answers with the text of the terminal's XTVERSION answer, and
// a kitty of 0.28 or later draws with kitty. Everything else — no
// answer, an older kitty, a reply naming another terminal, a kitty a2term
// may not ask (over SSH, where an answer late on a slow link would
// arrive as keys, or without KITTY_WINDOW_ID) — draws with half-blocks:
// they show any kitty the picture, where a kitty too old for the
// placeholders would show garbage. --graphics kitty (or A2TERM_GRAPHICS)
// is the person saying their kitty is recent enough, and is taken as
// said, with no query.
func ChooseGraphics(flag string, getenv func(string) string, ask func() (string, error)) (components.Graphics, error) {
	for _, c := range []struct{ v, what string }{{flag, "--graphics"}, {getenv(GraphicsEnv), GraphicsEnv}} {
		if c.v == "" || c.v == "auto" {
			continue
		}
		g, ok := components.ParseGraphics(c.v)
		if !ok {
			return components.GraphicsBlocks, fmt.Errorf("%s %q: use auto, kitty, iterm, sixel, blocks or off", c.what, c.v)
		}
		return g, nil
	}
	g := DetectGraphics(getenv)
	if g != components.GraphicsKitty || getenv("TERM") == "xterm-ghostty" || getenv("TERM_PROGRAM") == "ghostty" {
		return g, nil
	}
	if getenv("KITTY_WINDOW_ID") == "" || getenv("SSH_CONNECTION") != "" || getenv("SSH_CLIENT") != "" ||
		getenv("SSH_TTY") != "" || ask == nil {
		return components.GraphicsBlocks, nil
	}
	if version, err := ask(); err == nil && kittyDrawsPlaceholders(version) {
		return components.GraphicsKitty, nil
	}
	return components.GraphicsBlocks, nil
}

// kittyDrawsPlaceholders reports whether an XTVERSION answer names a
// kitty that draws Unicode placeholders: "kitty(0.28.0)" or later.
func kittyDrawsPlaceholders(version string) bool {
	v, ok := strings.CutPrefix(version, "kitty(")
	if !ok {
		return false
	}
	v, ok = strings.CutSuffix(v, ")")
	if !ok {
		return false
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return false
	}
	return major > 0 || major == 0 && minor >= 28
}

// DetectGraphics tells from the environment alone which protocol the
// terminal speaks. It sends no query: an answer that does not come (over
// SSH, through tmux, from a terminal that does not know the question)
// would hang the start or end up as keys. It picks a protocol only where
// the terminal names itself, in variables that SSH passes on (TERM,
// LC_TERMINAL) or that only that terminal sets; inside tmux or GNU screen,
// which would need their passthrough set up, it picks half-blocks. Any
// other terminal gets half-blocks, which every colour terminal draws.
func DetectGraphics(getenv func(string) string) components.Graphics {
	term, prog := getenv("TERM"), getenv("TERM_PROGRAM")
	switch {
	case getenv("TMUX") != "" || getenv("STY") != "" ||
		strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux"):
		return components.GraphicsBlocks
	case term == "xterm-kitty" || term == "xterm-ghostty" || prog == "ghostty":
		return components.GraphicsKitty
	case getenv("KITTY_WINDOW_ID") != "" && (prog == "" || prog == "kitty") &&
		getenv("XTERM_VERSION") == "" && getenv("VTE_VERSION") == "" && getenv("KONSOLE_VERSION") == "":
		// kitty with TERM set to another name; a terminal started from
		// kitty inherits the variable but names itself.
		return components.GraphicsKitty
	case prog == "iTerm.app" || getenv("LC_TERMINAL") == "iTerm2" ||
		prog == "WezTerm" || term == "wezterm" || getenv("WEZTERM_EXECUTABLE") != "":
		return components.GraphicsITerm
	case term == "foot" || term == "foot-extra" || term == "mlterm" || strings.HasPrefix(term, "mlterm-"):
		return components.GraphicsSixel
	}
	if v, err := strconv.Atoi(getenv("KONSOLE_VERSION")); err == nil && v >= konsoleClearsPictures {
		return components.GraphicsSixel
	}
	return components.GraphicsBlocks
}

// konsoleClearsPictures is the first Konsole (KONSOLE_VERSION, 26.08.0)
// that removes a picture when the cells under it are written over.
// Konsole draws sixel since 22.04, but until then a picture stays on the
// screen after a scroll or a tab switch that erased its cells (seen in
// Debian's 22.12), so an older Konsole gets half-blocks unless the
// person asks for sixel.
const konsoleClearsPictures = 260800

// pictureOut is what Output does for pictures drawn with a protocol (see
// components.Graphics). Widgets draw a picture as placeholder cells; with
// kitty they go to the terminal as they are, and the picture is sent the
// first time a frame draws one of its cells (and again after the
// alternate screen was left, when it was deleted). With sixel and iTerm2
// the cells go as blanks, and once the frame is written each picture one
// of whose rows the frame wrote is painted over the cells it has on the
// screen: a picture that moved, scrolled or was clipped is painted where
// its cells are now, as much of it as they show. A row the frame writes
// that held picture cells is erased first (EL 2), so that no pixels stay
// where the picture no longer is; the renderer writes a row whole.
type pictureOut struct {
	mode components.Graphics
	pics *components.PictureStore
	tmux bool
	// size reports the terminal's size in cells and a cell's in pixels.
	size func() (cells, cell image.Point)

	fg   int             // the foreground colour index (38;5;N), or -1
	sent map[uint32]bool // kitty: the pictures sent since the alternate screen was entered

	// screen holds, by row, the picture cells on the screen (sixel,
	// iTerm2); touched, the rows the write being rewritten drew on.
	screen  map[int][]picCell
	touched map[int]bool
	// painted keeps the sequences of the pictures painted last, by what
	// was painted; at most maxPaintKept.
	painted map[paintKey]string
}

// picCell is a picture's cell on the screen: at column col, the cell
// (prow, pcol) of picture id.
type picCell struct {
	col, prow, pcol int
	id              uint32
}

// paintKey names a painted piece of a picture: its cells and the pixels
// a cell had.
type paintKey struct {
	id               uint32
	prow, pcol, w, h int
	cell             image.Point
}

// maxPaintKept is how many painted pieces of pictures Output keeps the
// sequences of, to paint them again without encoding them again.
const maxPaintKept = 32

func newPictureOut(mode components.Graphics, pics *components.PictureStore, tmux bool, size func() (image.Point, image.Point)) *pictureOut {
	return &pictureOut{
		mode: mode, pics: pics, tmux: tmux, size: size, fg: -1,
		sent: map[uint32]bool{}, screen: map[int][]picCell{}, touched: map[int]bool{}, painted: map[paintKey]string{},
	}
}

// placeholder rewrites a placeholder cell g at (row, col) of the screen.
func (po *pictureOut) placeholder(out, g []byte, row, col int) []byte {
	prow, pcol, hi, ok := components.PlaceholderCell(g)
	if !ok || po.fg < 0 || row < 0 || col < 0 {
		return append(out, ' ')
	}
	id := uint32(hi)<<8 | uint32(po.fg&0xff) //nolint:gosec // hi is a diacritic's index, under 300
	if po.mode == components.GraphicsKitty {
		if !po.sent[id] {
			po.sent[id] = true
			out = append(out, po.transmit(id)...)
		}
		return append(out, g...)
	}
	po.screen[row] = append(po.screen[row], picCell{col: col, prow: prow, pcol: pcol, id: id})
	return append(out, ' ')
}

// touch notes that the write draws on row; a row with picture cells that
// the write draws on for the first time is erased first.
func (po *pictureOut) touch(out []byte, row int) []byte {
	if po.mode == components.GraphicsKitty || row < 0 || po.touched[row] {
		return out
	}
	po.touched[row] = true
	if len(po.screen[row]) > 0 {
		po.screen[row] = po.screen[row][:0]
		out = append(out, ansi.EraseEntireLine...)
	}
	return out
}

// erased forgets the picture cells of the rows an erase cleared: from row
// on (ED 0) or all of them (ED 2, leaving or entering the alternate
// screen).
func (po *pictureOut) erased(from int) {
	for r := range po.screen {
		if r >= from {
			delete(po.screen, r)
		}
	}
}

// left says the alternate screen was left: kitty's pictures are deleted
// (and sent again if the program draws them again) and the cells
// forgotten.
func (po *pictureOut) left(out []byte) []byte {
	po.erased(0)
	if po.mode != components.GraphicsKitty {
		return out
	}
	ids := make([]uint32, 0, len(po.sent))
	for id := range po.sent {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		o := kitty.Options{Action: kitty.Delete, Delete: kitty.DeleteID, DeleteResources: true, ID: int(components.KittyID(id)), Quiet: 2}
		out = append(out, po.wrap(ansi.KittyGraphics(nil, o.Options()...))...)
	}
	clear(po.sent)
	return out
}

// wrap passes a sequence through tmux when inside it.
func (po *pictureOut) wrap(seq string) string {
	if po.tmux {
		return ansi.TmuxPassthrough(seq)
	}
	return seq
}

// transmit is the kitty sequence that sends picture id and places it for
// its placeholder cells (a virtual placement, its size in cells).
func (po *pictureOut) transmit(id uint32) string {
	p, ok := po.pics.Picture(id)
	if !ok {
		return ""
	}
	var b strings.Builder
	o := &kitty.Options{
		Action: kitty.TransmitAndPut, Transmission: kitty.Direct, ID: int(components.KittyID(id)), Format: kitty.PNG, Quiet: 2,
		VirtualPlacement: true, Columns: p.Cols, Rows: p.Rows, Chunk: true,
	}
	if po.tmux {
		o.ChunkFormatter = ansi.TmuxPassthrough
	}
	if err := kitty.EncodeGraphics(&b, p.Img, o); err != nil {
		return ""
	}
	return b.String()
}

// paint appends, after a frame, the pictures with a cell on a row the
// frame drew on, painted over their cells.
func (po *pictureOut) paint(out []byte) []byte {
	if len(po.touched) == 0 {
		return out
	}
	var ids []uint32
	for r := range po.touched {
		for _, c := range po.screen[r] {
			if !slices.Contains(ids, c.id) {
				ids = append(ids, c.id)
			}
		}
	}
	clear(po.touched)
	if len(ids) == 0 {
		return out
	}
	slices.Sort(ids)
	cells, cell := po.size()
	for _, id := range ids {
		for _, r := range po.rects(id) {
			if cells.Y > 0 && r.row+r.h >= cells.Y {
				// Never the bottom row: a sixel that reaches it scrolls
				// the screen.
				r.h = cells.Y - 1 - r.row
			}
			if r.h > 0 {
				out = append(out, po.piece(r, cell)...)
			}
		}
	}
	return out
}

// picRect is a rectangle of a picture's cells on the screen: at (row,
// col), w × h cells, showing the picture's cells from (prow, pcol).
type picRect struct {
	id                      uint32
	row, col, prow, pcol, w int
	h                       int
}

// rects returns the rectangles picture id shows on the screen: its runs
// of cells on each row, joined down while they line up.
func (po *pictureOut) rects(id uint32) []picRect {
	rows := make([]int, 0, len(po.screen))
	for r, cs := range po.screen {
		if len(cs) > 0 {
			rows = append(rows, r)
		}
	}
	slices.Sort(rows)
	var done, open []picRect
	for _, r := range rows {
		var runs []picRect
		for _, c := range po.screen[r] {
			if c.id != id {
				continue
			}
			if n := len(runs); n > 0 {
				l := &runs[n-1]
				if l.col+l.w == c.col && l.pcol+l.w == c.pcol && l.prow == c.prow {
					l.w++
					continue
				}
			}
			runs = append(runs, picRect{id: id, row: r, col: c.col, prow: c.prow, pcol: c.pcol, w: 1, h: 1})
		}
		var next []picRect
		for _, run := range runs {
			joined := false
			for i, o := range open {
				if o.row+o.h == r && o.col == run.col && o.w == run.w && o.pcol == run.pcol && o.prow+o.h == run.prow {
					open[i].h++
					next = append(next, open[i])
					open[i].w = 0 // taken
					joined = true
					break
				}
			}
			if !joined {
				next = append(next, run)
			}
		}
		for _, o := range open {
			if o.w > 0 {
				done = append(done, o)
			}
		}
		open = next
	}
	return append(done, open...)
}

// piece is the sequence that paints rectangle r of a picture, with the
// cursor saved and restored around it.
func (po *pictureOut) piece(r picRect, cell image.Point) string {
	k := paintKey{id: r.id, prow: r.prow, pcol: r.pcol, w: r.w, h: r.h, cell: cell}
	seq, ok := po.painted[k]
	if !ok {
		seq = po.encode(r, cell)
		if len(po.painted) >= maxPaintKept {
			clear(po.painted)
		}
		po.painted[k] = seq
	}
	if seq == "" {
		return ""
	}
	return ansi.SaveCursor + ansi.CursorPosition(r.col+1, r.row+1) + seq + ansi.RestoreCursor
}

// encode is the sixel or iTerm2 sequence of rectangle r of a picture, for
// cells of cell pixels.
func (po *pictureOut) encode(r picRect, cell image.Point) string {
	p, ok := po.pics.Picture(r.id)
	if !ok {
		return ""
	}
	src := image.Rect(r.pcol*p.Cell.X, r.prow*p.Cell.Y, (r.pcol+r.w)*p.Cell.X, (r.prow+r.h)*p.Cell.Y).Intersect(p.Img.Bounds())
	if src.Empty() {
		return ""
	}
	img := p.Img.SubImage(src)
	var b bytes.Buffer
	if po.mode == components.GraphicsITerm {
		if err := png.Encode(&b, img); err != nil {
			return ""
		}
		n := b.Len()
		return ansi.ITerm2(iterm2.File{
			Size: int64(n), Width: iterm2.Cells(r.w), Height: iterm2.Cells(r.h),
			IgnoreAspectRatio: true, Inline: true, DoNotMoveCursor: true,
			Content: []byte(base64.StdEncoding.EncodeToString(b.Bytes())),
		})
	}
	if cell.X <= 0 || cell.Y <= 0 {
		cell = p.Cell
	}
	if want := image.Rect(0, 0, r.w*cell.X, r.h*cell.Y); want.Size() != src.Size() {
		dst := image.NewNRGBA(want)
		xdraw.ApproxBiLinear.Scale(dst, want, img, src, xdraw.Src, nil)
		img = dst
	} else {
		// The encoder reads pixels from (0, 0).
		dst := image.NewNRGBA(want)
		xdraw.Copy(dst, image.Point{}, img, src, xdraw.Src, nil)
		img = dst
	}
	if err := (&sixel.Encoder{}).Encode(&b, img); err != nil {
		return ""
	}
	return ansi.SixelGraphics(0, 1, 0, b.Bytes())
}

// KittyFrames writes frames for keeping (render --graphics kitty, a
// snapshot) with the pictures they show: each picture is sent just before
// the first of its cells the frames draw, as the terminal program sends
// it. It is not safe for concurrent use.
type KittyFrames struct {
	po *pictureOut
	p  *ansi.Parser
}

// NewKittyFrames returns a writer of frames whose pictures are in pics.
func NewKittyFrames(pics *components.PictureStore) *KittyFrames {
	return &KittyFrames{
		po: newPictureOut(components.GraphicsKitty, pics, false, func() (image.Point, image.Point) { return image.Point{}, image.Point{} }),
		p:  ansi.NewParser(),
	}
}

// Frame returns frame with the pictures it shows for the first time sent
// before their first cell.
func (k *KittyFrames) Frame(frame string) string {
	var out []byte
	var state byte
	p := []byte(frame)
	for len(p) > 0 {
		if b := p[0]; state != 0 || b == 0x1b || b < 0x20 || b == 0x7f || b >= 0x80 && b < 0xc0 {
			seq, _, n, st := ansi.DecodeSequence(p, state, k.p)
			state = st
			if n == 0 {
				break
			}
			if isSGR(seq) {
				k.po.fg = followFg(k.p.Params(), k.po.fg)
			}
			out = append(out, seq...)
			p = p[n:]
			continue
		}
		g, _ := ansi.FirstGraphemeCluster(p, ansi.GraphemeWidth)
		if len(g) == 0 {
			g = p[:1]
		}
		if r, _ := utf8.DecodeRune(g); r == kitty.Placeholder {
			out = k.po.placeholder(out, g, 0, 0)
		} else {
			out = append(out, g...)
		}
		p = p[len(g):]
	}
	return string(out)
}
