package components

import (
	"image"
	"image/color"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi/kitty"
)

// Graphics is how pictures reach the terminal (docs/components.md,
// "Pictures"). The zero value draws them with half-block cells, as a
// terminal without a graphics protocol needs.
type Graphics int

// The ways of drawing pictures.
const (
	// GraphicsBlocks draws a picture with half-block cells, two pixels a
	// cell, in colour.
	GraphicsBlocks Graphics = iota
	// GraphicsOff draws the picture's alt text only.
	GraphicsOff
	// GraphicsKitty sends each picture once with the kitty graphics
	// protocol and draws it with kitty's Unicode placeholder cells.
	GraphicsKitty
	// GraphicsSixel paints sixel pixels over cells reserved for them.
	GraphicsSixel
	// GraphicsITerm paints iTerm2 inline images over cells reserved for
	// them.
	GraphicsITerm
)

var graphicsNames = [...]string{"blocks", "off", "kitty", "sixel", "iterm"}

// String is the mode's name, as --graphics takes it.
func (g Graphics) String() string {
	if g < 0 || int(g) >= len(graphicsNames) {
		return "Graphics(" + strconv.Itoa(int(g)) + ")"
	}
	return graphicsNames[g]
}

// ParseGraphics reads a mode's name: blocks, off, kitty, sixel or iterm.
func ParseGraphics(s string) (Graphics, bool) {
	for i, n := range graphicsNames {
		if s == n {
			return Graphics(i), true
		}
	}
	return GraphicsBlocks, false
}

// Pixels reports whether the mode draws pictures with a terminal graphics
// protocol, from the Pictures store.
func (g Graphics) Pixels() bool {
	return g == GraphicsKitty || g == GraphicsSixel || g == GraphicsITerm
}

// Picture drawing with a protocol goes through cells every protocol
// shares: kitty's Unicode placeholders. A picture's cell is U+10EEEE with
// three diacritics — its row and column in the picture and the high byte
// of the picture's id — in the foreground colour 38;5;N, N the id's low
// byte. To Bubble Tea's renderer, the layout and tmux they are ordinary
// cells one column wide, so a picture moves, scrolls, clips and goes away
// with them. Kitty draws them itself, and reads the third diacritic as the
// most significant byte of the image's id (see KittyID); for sixel and
// iTerm2 the program's output turns them into blanks and paints the
// picture over them.

// maxPictureIDs is how many pictures at a size a Pictures store gives ids
// to: 16 bits of id, less those whose low byte is 0. A picture past it is
// drawn with half-blocks.
const maxPictureIDs = 255 * 256

// lastPictureID is the largest id a Pictures store gives; the next one
// after it is 1 again.
const lastPictureID = 0xffff

// KittyID is the image id kitty reads from the placeholder cells of
// picture id: the low byte from the foreground colour, and the high byte,
// from the third diacritic, as the most significant byte of a 32-bit id.
// A picture is sent to kitty, and deleted, with this id.
func KittyID(id uint32) uint32 {
	return id>>8<<24 | id&0xff
}

// maxScaledPixels is the most pixels a picture is scaled to for a
// protocol (4 MiB of RGBA); a larger box is scaled at fewer pixels a cell.
const maxScaledPixels = 1 << 20

// maxPictureBytes is the most scaled pixels, in bytes, a Pictures store
// holds; past it the pixels of the pictures drawn longest ago are let go,
// and made again if they are needed again.
const maxPictureBytes = 64 << 20

// placeholderSides is how many rows and columns a placeholder cell can
// number: the diacritics kitty defines (and x/ansi/kitty lists). A
// picture larger in cells is drawn with half-blocks.
const placeholderSides = 297

// DefaultCell is the size in pixels of a cell when the terminal does not
// say: the scale pictures are made at for kitty, which fits them to their
// cells whatever their pixels.
var DefaultCell = image.Point{X: 10, Y: 20}

// DataURLs returns the payload of a data: URL.
func DataURLs(u string) ([]byte, error) {
	d, err := parseDataURL(u)
	if err != nil {
		return nil, err
	}
	b, err := d.bytes()
	if err != nil {
		return nil, errMalformed
	}
	return b, nil
}

// Picture is a picture at one size, scaled for a protocol: Img is Cols ×
// Rows cells of Cell pixels. It never changes once made.
type Picture struct {
	ID         uint32
	Cols, Rows int
	Cell       image.Point
	Img        *image.NRGBA
}

// PictureStore decodes and scales the pictures drawn with a protocol, once
// per picture and size, and gives each an id. Widgets ask it during
// layout; the program's output asks it for the pixels of an id when it
// sends or paints a picture. It is safe for concurrent use.
type PictureStore struct {
	mu     sync.Mutex
	cell   image.Point
	byKey  map[pictureKey]*pictureEntry
	byID   map[uint32]*pictureEntry
	lastID uint32
	bytes  int
	tick   uint64
	// budget is maxPictureBytes; tests lower it.
	budget int
}

type pictureKey struct {
	url   string
	g     picGeom
	round bool
}

type pictureEntry struct {
	key  pictureKey
	read pictureRead // the picture's bytes, read again to scale it anew
	pic  Picture     // Img nil once let go
	used uint64
}

// NewPictureStore returns a store that scales pictures for cells of cell
// pixels (zero: DefaultCell).
func NewPictureStore(cell image.Point) *PictureStore {
	if cell.X <= 0 || cell.Y <= 0 {
		cell = DefaultCell
	}
	return &PictureStore{cell: cell, byKey: map[pictureKey]*pictureEntry{}, byID: map[uint32]*pictureEntry{}, budget: maxPictureBytes}
}

// NewSharedPictureStore is NewPictureStore for a terminal that other
// programs may draw kitty pictures on at the same time: its ids start at
// a random one, not at 1. Kitty keeps one set of image ids for all that
// is drawn on a screen, and the panes and windows of a tmux inside one
// kitty window share it: two programs there giving the same ids would
// draw each other's pictures, and the one that ends would delete the
// other's.
func NewSharedPictureStore(cell image.Point) *PictureStore {
	ps := NewPictureStore(cell)
	ps.lastID = rand.Uint32N(lastPictureID) //nolint:gosec // an id apart from other programs', not a secret
	return ps
}

// id returns the id of url drawn with geometry g, making the picture the
// first time from the bytes read gives; ok is false when the store is
// full.
func (ps *PictureStore) id(url string, g picGeom, round bool, read pictureRead) (uint32, bool) {
	k := pictureKey{url, g, round}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.tick++
	if e := ps.byKey[k]; e != nil {
		e.used = ps.tick
		return e.pic.ID, true
	}
	if len(ps.byID) >= maxPictureIDs {
		return 0, false
	}
	ps.lastID++
	if ps.lastID > lastPictureID {
		ps.lastID = 1
	}
	if ps.lastID&0xff == 0 {
		ps.lastID++
	}
	e := &pictureEntry{key: k, read: read, used: ps.tick}
	e.pic = Picture{ID: ps.lastID, Cols: g.dw, Rows: g.rows(), Cell: ps.cell}
	ps.byKey[k], ps.byID[e.pic.ID] = e, e
	return e.pic.ID, true
}

// Picture returns the picture of id with its pixels, scaling it again if
// they were let go; ok is false for an id the store never gave or whose
// picture can no longer be read.
func (ps *PictureStore) Picture(id uint32) (Picture, bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	e := ps.byID[id]
	if e == nil {
		return Picture{}, false
	}
	if e.pic.Img == nil {
		img, err := decodePicture(e.read.bytes())
		if err != nil {
			return Picture{}, false
		}
		e.pic.Img = scalePicture(img, e.key.g, e.key.round, e.pic.Cell)
		ps.bytes += len(e.pic.Img.Pix)
		ps.trim(e)
	}
	ps.tick++
	e.used = ps.tick
	return e.pic, true
}

// trim lets go of the pixels of the pictures used longest ago, keeping
// keep's, until the store is within maxPictureBytes.
func (ps *PictureStore) trim(keep *pictureEntry) {
	for ps.bytes > ps.budget {
		var old *pictureEntry
		for _, e := range ps.byID {
			if e != keep && e.pic.Img != nil && (old == nil || e.used < old.used) {
				old = e
			}
		}
		if old == nil {
			return
		}
		ps.bytes -= len(old.pic.Img.Pix)
		old.pic.Img = nil
	}
}

// IDs returns the ids the store gave, for a program that deletes them from
// the terminal when it ends.
func (ps *PictureStore) IDs() []uint32 {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ids := make([]uint32, 0, len(ps.byID))
	for id := range ps.byID {
		ids = append(ids, id)
	}
	return ids
}

// scalePicture scales the source region of g to Cols × Rows cells of cell
// pixels (fewer, if that is more than maxScaledPixels): the picture's
// dh half-rows take dh/2 rows, and what is left of its last row stays
// transparent.
func scalePicture(img image.Image, g picGeom, round bool, cell image.Point) *image.NRGBA {
	cols, rows := g.dw, g.rows()
	cx, cy := cell.X, cell.Y
	for cols*cx*rows*cy > maxScaledPixels && cx > 1 && cy > 1 {
		cx, cy = max(1, cx*3/4), max(1, cy*3/4)
	}
	pg := g
	pg.dw, pg.dh = cols*cx, max(1, g.dh*cy/2)
	px := samplePicture(img, pg, round)
	out := image.NewNRGBA(image.Rect(0, 0, cols*cx, rows*cy))
	for y, row := range px {
		for x, p := range row {
			if p.opaque {
				out.SetNRGBA(x, y, color.NRGBA{p.r, p.g, p.b, 0xff})
			}
		}
	}
	return out
}

// placeholderLines draws picture id, cols × rows cells, as placeholder
// cells offX columns into lines w wide.
func placeholderLines(id uint32, cols, rows, offX, w int) []string {
	lo, hi := id&0xff, int(id>>8)
	open := "\x1b[38;5;" + strconv.Itoa(int(lo)) + "m"
	lines := make([]string, rows)
	var b strings.Builder
	for r := range lines {
		b.Reset()
		b.WriteString(blanks(offX))
		b.WriteString(open)
		for c := range cols {
			b.WriteRune(kitty.Placeholder)
			b.WriteRune(kitty.Diacritic(r))
			b.WriteRune(kitty.Diacritic(c))
			b.WriteRune(kitty.Diacritic(hi))
		}
		b.WriteString("\x1b[39m")
		b.WriteString(blanks(w - offX - cols))
		lines[r] = b.String()
	}
	return lines
}

// PlaceholderCell reads a placeholder cell: the picture's row and column
// of it and the high byte of its id (the low byte is the cell's
// foreground colour). ok is false when g is not a placeholder cell.
func PlaceholderCell(g []byte) (row, col, hi int, ok bool) {
	r, n := utf8.DecodeRune(g)
	if r != kitty.Placeholder {
		return 0, 0, 0, false
	}
	var d [3]int
	i := 0
	for _, m := range string(g[n:]) {
		if i == len(d) {
			return 0, 0, 0, false
		}
		d[i] = diacriticIndex(m)
		if d[i] < 0 {
			return 0, 0, 0, false
		}
		i++
	}
	return d[0], d[1], d[2], true
}

// diacriticIndex is the number kitty's diacritic m stands for, or -1.
var diacriticIndex = func() func(rune) int {
	idx := make(map[rune]int, placeholderSides)
	for i := range placeholderSides {
		idx[kitty.Diacritic(i)] = i
	}
	return func(m rune) int {
		if i, ok := idx[m]; ok {
			return i
		}
		return -1
	}
}()
