package components

import (
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/kitty"
	"github.com/muesli/termenv"
)

// pictureCells reads the placeholder cells of a block: for each line, the
// (row, column) of each cell and the high byte of its id.
func pictureCells(t *testing.T, b Block) [][][3]int {
	t.Helper()
	var out [][][3]int
	for _, l := range b.Lines {
		var cells [][3]int
		for rest := []byte(l); len(rest) > 0; {
			g, _ := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
			if len(g) == 0 {
				g = rest[:1]
			}
			if r, c, hi, ok := PlaceholderCell(g); ok {
				cells = append(cells, [3]int{r, c, hi})
			}
			rest = rest[len(g):]
		}
		out = append(out, cells)
	}
	return out
}

func kittyCtx(ps *PictureStore) *Context {
	return imgCtx(termenv.Ascii, Options{Graphics: GraphicsKitty, Store: ps})
}

// TestImagePlaceholders: with kitty a picture is its box of placeholder
// cells, each one column, numbered by row and column, in lines exactly
// as wide as asked; the colour profile does not matter (the colour is
// the picture's id).
func TestImagePlaceholders(t *testing.T) {
	ps := NewPictureStore(image.Pt(4, 8))
	n := imgTree(t, imgPNG(t, imgScene()), "smallFeature", "", "a beach")
	for _, w := range []int{6, 10, 30} {
		b := Image{}.Render(n, w, kittyCtx(ps))
		g := pictureGeometry("smallFeature", "contain", 24, 16, w)
		if b.H() != g.rows() {
			t.Fatalf("width %d: %d lines, want %d", w, b.H(), g.rows())
		}
		for r, cells := range pictureCells(t, b) {
			if ansi.StringWidth(b.Lines[r]) != w {
				t.Errorf("width %d: line %d is %d wide", w, r, ansi.StringWidth(b.Lines[r]))
			}
			if len(cells) != g.dw {
				t.Fatalf("width %d: line %d has %d cells, want %d", w, r, len(cells), g.dw)
			}
			for c, cell := range cells {
				if cell != [3]int{r, c, 0} {
					t.Errorf("width %d: cell %d of line %d is %v", w, c, r, cell)
				}
			}
		}
	}
	if got := len(ps.IDs()); got != 3 {
		t.Errorf("%d pictures for three sizes, want 3", got)
	}
}

// TestPicturesOncePerSize: drawing a picture again at the same size gives
// the same id, and its pixels are scaled once.
func TestPicturesOncePerSize(t *testing.T) {
	ps := NewPictureStore(image.Pt(4, 8))
	n := imgTree(t, imgPNG(t, imgSolidPic()), "", "", "")
	a := Image{}.Render(n, 20, kittyCtx(ps))
	ids := ps.IDs()
	if len(ids) != 1 {
		t.Fatalf("%d ids", len(ids))
	}
	p1, ok := ps.Picture(ids[0])
	if !ok {
		t.Fatal("no picture for the id given")
	}
	b := Image{}.Render(n, 20, kittyCtx(ps))
	p2, _ := ps.Picture(ids[0])
	if a.String() != b.String() || len(ps.IDs()) != 1 || p1.Img != p2.Img {
		t.Error("the same picture at the same size was made again")
	}
	if sz := p1.Img.Bounds().Size(); sz != image.Pt(p1.Cols*4, p1.Rows*8) {
		t.Errorf("pixels %v for %d × %d cells of 4 × 8", sz, p1.Cols, p1.Rows)
	}
	if c := p1.Img.NRGBAAt(1, 1); c != imgRed {
		t.Errorf("pixel %v, want %v", c, imgRed)
	}
	// The bytes are read to scale the picture, once.
	url := "https://cdn.example.com/a.png"
	data, _ := DataURLs(imgPNG(t, imgSolidPic()))
	pics := &fixedPictures{data: data}
	fresh := NewPictureStore(image.Pt(4, 8))
	id, _ := fresh.id(url, pictureGeometry("", "", 16, 16, 8), false, pictureRead{p: &a2ui.ImageProps{Remote: url}, pics: pics})
	for range 2 {
		if _, ok := fresh.Picture(id); !ok {
			t.Fatal("no picture for the id given")
		}
	}
	reads := len(pics.asked)
	if reads != 1 {
		t.Errorf("the pixels were asked for twice and the picture read %d times", reads)
	}
}

func imgSolidPic() *image.NRGBA { return imgOf(16, 16, imgSolid(imgRed)) }

// TestPictureScaledPixelsBounded: a large box in large cells is scaled
// at fewer pixels a cell, never past maxScaledPixels.
func TestPictureScaledPixelsBounded(t *testing.T) {
	ps := NewPictureStore(image.Pt(200, 400))
	n := imgTree(t, imgPNG(t, imgSolidPic()), "largeFeature", "", "")
	Image{}.Render(n, 48, kittyCtx(ps))
	ids := ps.IDs()
	if len(ids) != 1 {
		t.Fatalf("%d ids", len(ids))
	}
	p, _ := ps.Picture(ids[0])
	if sz := p.Img.Bounds().Size(); sz.X*sz.Y > maxScaledPixels {
		t.Errorf("scaled to %v, more than %d pixels", sz, maxScaledPixels)
	}
}

// TestPictureTooWideForPlaceholders: a box wider than kitty can number in
// cells is drawn with half-blocks.
func TestPictureTooWideForPlaceholders(t *testing.T) {
	ps := NewPictureStore(image.Pt(1, 2))
	n := imgTree(t, imgPNG(t, imgSolidPic()), "header", "", "")
	w := placeholderSides + 20
	b := Image{}.Render(n, w, imgCtx(termenv.TrueColor, Options{Graphics: GraphicsKitty, Store: ps}))
	if strings.ContainsRune(b.String(), '\U0010EEEE') || len(ps.IDs()) != 0 {
		t.Fatalf("a header %d columns wide was drawn with placeholders", w)
	}
	if rows, _ := imgCells(b); rows == 0 {
		t.Error("nor with half-blocks")
	}
}

// TestPictureStoreFull: past maxPictureIDs pictures the store gives no
// more ids, and pictures are drawn with half-blocks.
func TestPictureStoreFull(t *testing.T) {
	ps := NewPictureStore(image.Pt(4, 8))
	for i := range maxPictureIDs {
		ps.byID[uint32(i+1)] = &pictureEntry{} //nolint:gosec // i is under maxPictureIDs
	}
	n := imgTree(t, imgPNG(t, imgSolidPic()), "", "", "")
	ctx := imgCtx(termenv.TrueColor, Options{Graphics: GraphicsKitty, Store: ps})
	b := Image{}.Render(n, 20, ctx)
	if strings.ContainsRune(b.String(), '\U0010EEEE') {
		t.Fatal("a full store gave an id")
	}
	if rows, _ := imgCells(b); rows == 0 {
		t.Error("the picture was not drawn with half-blocks")
	}
}

// TestPictureIDsWrap: after lastPictureID the ids start again at 1, and
// none has a low byte of 0 (a colour kitty does not read as an id).
func TestPictureIDsWrap(t *testing.T) {
	for _, tc := range []struct {
		last uint32
		want []uint32
	}{
		{lastPictureID - 1, []uint32{lastPictureID, 1, 2, 3}},
		{0xfefe, []uint32{0xfeff, 0xff01, 0xff02, 0xff03}},
	} {
		ps := NewSharedPictureStore(image.Pt(4, 8))
		ps.lastID = tc.last
		ctx := kittyCtx(ps)
		n := imgTree(t, imgPNG(t, imgSolidPic()), "", "fill", "")
		for w := 8; w < 12; w++ {
			Image{}.Render(n, w, ctx)
		}
		ids := ps.IDs()
		slices.Sort(ids)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(ids, want) {
			t.Errorf("after id %#x: ids %#x, want %#x", tc.last, ids, want)
		}
	}
}

// TestPictureBytesBounded: the store lets go of the pixels drawn longest
// ago past its budget (maxPictureBytes, lowered here to 1 MiB so that the
// test scales little), and makes them again when asked.
func TestPictureBytesBounded(t *testing.T) {
	if NewPictureStore(image.Point{}).budget != maxPictureBytes {
		t.Fatal("a store's budget is not maxPictureBytes")
	}
	ps := NewPictureStore(image.Pt(10, 20))
	ps.budget = 1 << 20
	ctx := kittyCtx(ps)
	// 24 pictures of 160 KiB or more: boxes 8 to 31 columns wide.
	n := imgTree(t, imgPNG(t, imgSolidPic()), "", "fill", "")
	for w := 8; w < 32; w++ {
		Image{}.Render(n, w, ctx)
	}
	ids := ps.IDs()
	if len(ids) != 24 {
		t.Fatalf("%d pictures, want 24", len(ids))
	}
	total := 0
	for _, id := range ids {
		if _, ok := ps.Picture(id); !ok {
			t.Fatalf("picture %d could not be made", id)
		}
		total = 0
		for _, e := range ps.byID {
			if e.pic.Img != nil {
				total += len(e.pic.Img.Pix)
			}
		}
		if total > ps.budget {
			t.Fatalf("the store holds %d bytes of pixels, more than %d", total, ps.budget)
		}
	}
	if ps.bytes != total {
		t.Errorf("the store counts %d bytes, holds %d", ps.bytes, total)
	}
}

// TestPlaceholderSides: the bound is the number of kitty's diacritics
// that x/ansi knows, each read back as its number.
func TestPlaceholderSides(t *testing.T) {
	if kitty.Diacritic(placeholderSides-1) == kitty.Diacritic(0) || kitty.Diacritic(placeholderSides) != kitty.Diacritic(0) {
		t.Fatalf("x/ansi/kitty does not have %d diacritics", placeholderSides)
	}
	for i := range placeholderSides {
		if got := diacriticIndex(kitty.Diacritic(i)); got != i {
			t.Fatalf("diacritic %d reads back as %d", i, got)
		}
	}
}

func TestParseGraphics(t *testing.T) {
	for _, g := range []Graphics{GraphicsBlocks, GraphicsOff, GraphicsKitty, GraphicsSixel, GraphicsITerm} {
		if got, ok := ParseGraphics(g.String()); !ok || got != g {
			t.Errorf("ParseGraphics(%q) = %v, %v", g.String(), got, ok)
		}
	}
	if _, ok := ParseGraphics("auto"); ok {
		t.Error("auto is the program's to decide, not a mode")
	}
}
