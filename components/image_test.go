package components

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/url"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// imgOf makes a w × h picture coloured by fn.
func imgOf(w, h int, fn func(x, y int) color.NRGBA) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.SetNRGBA(x, y, fn(x, y))
		}
	}
	return m
}

func imgSolid(c color.NRGBA) func(x, y int) color.NRGBA {
	return func(int, int) color.NRGBA { return c }
}

var (
	imgRed   = color.NRGBA{255, 0, 0, 255}
	imgBlue  = color.NRGBA{0, 0, 255, 255}
	imgGreen = color.NRGBA{0, 200, 0, 255}
	imgSand  = color.NRGBA{230, 200, 140, 255}
)

// imgPNG encodes m as a base64 data: URL.
func imgPNG(t *testing.T, m image.Image) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// imgScene is the golden-file picture: sky over sand, a sun, and a
// transparent top-left corner.
func imgScene() *image.NRGBA {
	return imgOf(24, 16, func(x, y int) color.NRGBA {
		switch {
		case x < 3 && y < 3:
			return color.NRGBA{}
		case (x-17)*(x-17)+(y-4)*(y-4) < 9:
			return color.NRGBA{255, 210, 40, 255}
		case y >= 11:
			return imgSand
		}
		return color.NRGBA{uint8(80 + 4*y), uint8(140 + 5*y), 235, 255}
	})
}

// imgTree builds an Image through a real stream. url "" binds the URL to
// a data path that holds nothing, the one way to get an empty URL.
func imgTree(t *testing.T, u, hint, fit, alt string) *a2ui.Node {
	t.Helper()
	_, n := surface(t, "s", one(imgComp(u, hint, fit, alt), nil, ""))
	return n
}

func imgComp(u, hint, fit, alt string) string {
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	props := `"url":{"literalString":` + q(u) + `}`
	if u == "" {
		props = `"url":{"path":"/nothing"}`
	}
	if hint != "" {
		props += `,"usageHint":` + q(hint)
	}
	if fit != "" {
		props += `,"fit":` + q(fit)
	}
	if alt != "" {
		props += `,"altText":{"literalString":` + q(alt) + `}`
	}
	return `{"id":"root","component":{"Image":{` + props + `}}}`
}

// imgLenientTree builds an Image in lenient mode, where a remote URL is
// kept as a placeholder (Blocked) instead of refused.
func imgLenientTree(t *testing.T, comp string) *a2ui.Node {
	t.Helper()
	var raws []json.RawMessage
	for _, l := range strings.Split(strings.TrimSpace(one(comp, nil, "")), "\n") {
		raws = append(raws, json.RawMessage(l))
	}
	c, _, err := a2ui.New(a2ui.Options{Lenient: true}).ApplyJSON(raws)
	if err != nil {
		t.Fatalf("stream refused: %v", err)
	}
	return c.Surface("s").Tree()
}

// imgRemoteTree builds an Image of a picture a2term fetches, from the
// one host it fetches from.
func imgRemoteTree(t *testing.T, alt string) *a2ui.Node {
	t.Helper()
	var raws []json.RawMessage
	for _, l := range strings.Split(strings.TrimSpace(one(imgComp("https://cdn.example.com/a.png", "", "", alt), nil, "")), "\n") {
		raws = append(raws, json.RawMessage(l))
	}
	c, _, err := a2ui.New(a2ui.Options{FetchImages: []string{"cdn.example.com"}}).ApplyJSON(raws)
	if err != nil {
		t.Fatalf("stream refused: %v", err)
	}
	return c.Surface("s").Tree()
}

// fixedPictures answers every picture with the same bytes or error, and
// records what was asked.
type fixedPictures struct {
	data  []byte
	err   error
	asked []string
}

func (f *fixedPictures) Picture(url string) ([]byte, error) {
	f.asked = append(f.asked, url)
	return f.data, f.err
}

// imgPicsCtx is a colour context whose remote pictures are data or err.
func imgPicsCtx(data []byte, err error) *Context {
	c := imgCtx(termenv.ANSI256, Options{})
	c.Pictures = &fixedPictures{data: data, err: err}
	return c
}

// A remote picture is drawn from the bytes a2term fetched, as a data:
// picture of the same bytes is.
func TestImageRemote(t *testing.T) {
	pic := imgPNG(t, imgScene())
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(pic, "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	c := imgPicsCtx(raw, nil)
	n := imgRemoteTree(t, "A beach")
	got := Render(n, 40, c)
	want := Render(imgTree(t, pic, "", "", "A beach"), 40, imgCtx(termenv.ANSI256, Options{}))
	if rows, _ := imgCells(got); rows == 0 || got.String() != want.String() {
		t.Errorf("remote picture drawn as\n%s\nwant\n%s", got.String(), want.String())
	}
	if Natural(n, c) != Natural(imgTree(t, pic, "", "", "A beach"), imgCtx(termenv.ANSI256, Options{})) {
		t.Error("remote picture asks for another width than the same data: picture")
	}
	if asked := c.Pictures.(*fixedPictures).asked; len(asked) == 0 || asked[0] != "https://cdn.example.com/a.png" {
		t.Errorf("asked for %q", asked)
	}
}

// imgCells measures what a block drew: rows holding half-block cells and
// the widest run of columns between the first and last such cell.
func imgCells(b Block) (rows, cols int) {
	for _, l := range b.Lines {
		p := ansi.Strip(l)
		if !strings.ContainsAny(p, "▀▄") {
			continue
		}
		rows++
		rs := []rune(p)
		first, last := -1, -1
		for i, r := range rs {
			if r == '▀' || r == '▄' {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		cols = max(cols, last-first+1)
	}
	return rows, cols
}

func imgCtx(p termenv.Profile, o Options) *Context { return textCtx(p, o) }

func TestImageGolden(t *testing.T) {
	scene := imgPNG(t, imgScene())
	color := map[string]*Context{"color": imgCtx(termenv.ANSI256, Options{})}
	for _, hint := range []string{"", "icon", "avatar", "smallFeature", "mediumFeature", "header"} {
		name := hint
		if name == "" {
			name = "none"
		}
		goldenStates(t, "image_"+name, imgTree(t, scene, hint, "", "A beach with a sun"), color)
	}
	goldenStates(t, "image_truecolor", imgTree(t, scene, "smallFeature", "", ""), map[string]*Context{
		"color": imgCtx(termenv.TrueColor, Options{}),
	})
	alt := imgTree(t, scene, "mediumFeature", "", "A beach with a sun")
	goldenStates(t, "image_alt", alt, map[string]*Context{
		"noimages": imgCtx(termenv.ANSI256, Options{NoImages: true}),
		"nocolor":  imgCtx(termenv.Ascii, Options{}),
		"ascii":    imgCtx(termenv.ANSI256, Options{ASCII: true, NoImages: true}),
	})
	blocked := imgLenientTree(t, imgComp("https://cdn.example.com/beach.png", "mediumFeature", "", "A beach with a sun"))
	goldenStates(t, "image_blocked", blocked, color)
	corrupt := imgTree(t, "data:image/png;base64,"+base64.StdEncoding.EncodeToString([]byte("\x89PNG\r\n\x1a\nthis is not a picture")), "", "", "Sales chart")
	goldenStates(t, "image_corrupt", corrupt, color)
	goldenStates(t, "image_empty", imgTree(t, "", "", "", ""), color)
}

// TestImageSizes checks the size of the drawn picture for each usage hint
// and fit: one column is one pixel, one row two.
func TestImageSizes(t *testing.T) {
	c := imgCtx(termenv.ANSI256, Options{})
	tests := []struct {
		name       string
		iw, ih     int
		hint, fit  string
		w          int
		rows, cols int
	}{
		// Sized against the text: an icon one line, an avatar two, a
		// smallFeature up to 4, a medium one 8, a large one 12.
		{"icon", 16, 16, "icon", "", 60, 1, 2},
		{"avatar", 16, 16, "avatar", "", 60, 2, 4},
		{"small", 16, 16, "smallFeature", "", 60, 4, 8},
		{"medium", 16, 16, "mediumFeature", "", 60, 8, 16},
		{"large", 16, 16, "largeFeature", "", 60, 12, 24},
		{"large in 30", 16, 16, "largeFeature", "", 30, 12, 24},
		{"large in 20", 16, 16, "largeFeature", "", 20, 10, 20},
		{"header", 16, 16, "header", "", 60, 6, 60},
		{"header w100", 40, 20, "header", "", 100, 8, 100},
		{"header w20", 40, 20, "header", "", 20, 3, 20},
		{"no hint", 40, 20, "", "", 100, 8, 32},
		{"no hint narrow", 40, 20, "", "", 20, 5, 20},
		{"contain wide", 40, 20, "mediumFeature", "contain", 60, 8, 32},
		{"contain tall", 20, 40, "mediumFeature", "contain", 60, 8, 8},
		{"contain wide icon", 40, 20, "icon", "contain", 60, 1, 2},
		{"cover tall", 20, 40, "mediumFeature", "cover", 60, 8, 32},
		{"fill tall", 20, 40, "mediumFeature", "fill", 60, 8, 32},
		{"fill wide icon", 40, 20, "icon", "fill", 60, 1, 2},
		{"scale-down small", 10, 6, "mediumFeature", "scale-down", 60, 3, 10},
		{"scale-down big", 100, 50, "smallFeature", "scale-down", 60, 3, 12},
		{"none small", 10, 6, "mediumFeature", "none", 60, 3, 10},
		{"none big", 100, 60, "smallFeature", "none", 60, 4, 12},
		{"one pixel", 1, 1, "icon", "scale-down", 60, 1, 1},
		{"odd width", 16, 16, "avatar", "contain", 3, 2, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := imgTree(t, imgPNG(t, imgOf(tc.iw, tc.ih, imgSolid(imgGreen))), tc.hint, tc.fit, "alt")
			b := Render(n, tc.w, c)
			checkBlock(t, b, tc.w)
			rows, cols := imgCells(b)
			if rows != tc.rows || cols != tc.cols || b.H() != tc.rows {
				t.Errorf("drew %d×%d cells in %d lines, want %d×%d:\n%s", cols, rows, b.H(), tc.cols, tc.rows, ansi.Strip(b.String()))
			}
			if strings.Contains(ansi.Strip(b.String()), "alt") {
				t.Error("drew the alt text besides the picture")
			}
		})
	}
}

// TestImageHalfBlocks checks the colours: foreground the upper pixel,
// background the lower.
func TestImageHalfBlocks(t *testing.T) {
	c := imgCtx(termenv.TrueColor, Options{})
	pic := imgOf(1, 2, func(x, y int) color.NRGBA {
		if y == 0 {
			return imgRed
		}
		return imgBlue
	})
	b := Render(imgTree(t, imgPNG(t, pic), "icon", "none", ""), 4, c)
	checkBlock(t, b, 4)
	if want := "\x1b[38;2;255;0;0;48;2;0;0;255m▀"; !strings.Contains(b.Lines[0], want) {
		t.Errorf("drew %q, want %q", b.Lines[0], want)
	}
	// A transparent upper pixel leaves the cell's top to the terminal.
	half := imgOf(1, 2, func(x, y int) color.NRGBA {
		if y == 0 {
			return color.NRGBA{}
		}
		return imgBlue
	})
	b = Render(imgTree(t, imgPNG(t, half), "icon", "none", ""), 4, c)
	if want := "\x1b[38;2;0;0;255m▄"; !strings.Contains(b.Lines[0], want) {
		t.Errorf("drew %q, want %q", b.Lines[0], want)
	}
	// In 256 colours the renderer brings the colours down.
	b = Render(imgTree(t, imgPNG(t, pic), "icon", "none", ""), 4, imgCtx(termenv.ANSI256, Options{}))
	if want := "\x1b[38;5;196;48;5;21m▀"; !strings.Contains(b.Lines[0], want) {
		t.Errorf("in 256 colours drew %q, want %q", b.Lines[0], want)
	}
}

// TestImageFitContent tells cover (crop the centre) from fill (stretch) by
// what they show of a tall picture whose top quarter is red.
func TestImageFitContent(t *testing.T) {
	c := imgCtx(termenv.TrueColor, Options{})
	pic := imgPNG(t, imgOf(20, 40, func(x, y int) color.NRGBA {
		if y < 10 {
			return imgRed
		}
		return imgBlue
	}))
	red := "255;0;0"
	cover := Render(imgTree(t, pic, "mediumFeature", "cover", ""), 60, c)
	if strings.Contains(cover.String(), red) {
		t.Error("cover shows the red top that lies outside the centre crop")
	}
	fill := Render(imgTree(t, pic, "mediumFeature", "fill", ""), 60, c)
	if !strings.Contains(fill.Lines[0], red) || strings.Contains(fill.Lines[len(fill.Lines)-1], red) {
		t.Error("fill does not show the whole picture stretched, red on top")
	}
	// An avatar (two lines, four pixels a side) is round: its corner
	// pixels are left out, so the corner cells are half blocks.
	av := Render(imgTree(t, imgPNG(t, imgOf(16, 16, imgSolid(imgGreen))), "avatar", "", ""), 20, c)
	if got := strings.TrimRight(ansi.Strip(av.Lines[0]), " "); got != "▄▀▀▄" || av.H() != 2 {
		t.Errorf("avatar is not round:\n%s", ansi.Strip(av.String()))
	}
	if first := av.Lines[1][:strings.Index(av.Lines[1], "▀")]; strings.Contains(first, "48;") {
		t.Errorf("avatar's lower corner drawn:\n%q", av.Lines[1])
	}
}

// TestImageEncodings checks that base64 (either alphabet, padded or not),
// percent-encoded URLs, and every format decode, whatever the URL claims.
func TestImageEncodings(t *testing.T) {
	c := imgCtx(termenv.ANSI256, Options{})
	pic := imgOf(8, 8, imgSolid(imgSand))
	var pngBuf, jpgBuf, gifBuf bytes.Buffer
	if err := png.Encode(&pngBuf, pic); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jpgBuf, pic, nil); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gifBuf, pic, nil); err != nil {
		t.Fatal(err)
	}
	p := pngBuf.Bytes()
	urls := map[string]string{
		"base64":         "data:image/png;base64," + base64.StdEncoding.EncodeToString(p),
		"base64 raw url": "data:image/png;base64," + base64.RawURLEncoding.EncodeToString(p),
		"base64 spaced":  "data:image/png;base64," + strings.Join(strings.SplitAfter(base64.StdEncoding.EncodeToString(p), "AA"), " "),
		"percent":        "data:image/png," + url.PathEscape(string(p)),
		"jpeg":           "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(jpgBuf.Bytes()),
		"gif":            "data:image/gif;base64," + base64.StdEncoding.EncodeToString(gifBuf.Bytes()),
		"mislabelled":    "data:image/webp;base64," + base64.StdEncoding.EncodeToString(p),
		"params":         "data:image/png;name=x.png;base64," + base64.StdEncoding.EncodeToString(p),
	}
	for name, u := range urls {
		b := Render(imgTree(t, u, "", "none", "alt"), 10, c)
		checkBlock(t, b, 10)
		if rows, cols := imgCells(b); rows != 4 || cols != 8 {
			t.Errorf("%s: drew %d×%d cells: %q", name, cols, rows, ansi.Strip(b.String()))
		}
	}
}

// TestImageAltText checks every case that draws the alt text box instead
// of the picture.
func TestImageAltText(t *testing.T) {
	good := imgPNG(t, imgOf(8, 8, imgSolid(imgGreen)))
	var big bytes.Buffer
	if err := png.Encode(&big, image.NewGray(image.Rect(0, 0, 5000, 1))); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		n    *a2ui.Node
		c    *Context
		want []string
	}{
		{"no images", imgTree(t, good, "", "", "A green square"), imgCtx(termenv.ANSI256, Options{NoImages: true}), []string{"A green square"}},
		{"no colour", imgTree(t, good, "", "", "A green square"), imgCtx(termenv.Ascii, Options{}), []string{"A green square"}},
		{"corrupt", imgTree(t, "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAI", "", "", "A chart"), imgCtx(termenv.ANSI256, Options{}), []string{"A chart", "could not be read"}},
		{"not a picture", imgTree(t, "data:image/png;base64,"+base64.StdEncoding.EncodeToString([]byte("hello")), "", "", "A chart"), imgCtx(termenv.ANSI256, Options{}), []string{"A chart", "not supported"}},
		{"bad base64", imgTree(t, "data:image/png;base64,@@@@", "", "", "A chart"), imgCtx(termenv.ANSI256, Options{}), []string{"A chart", "malformed"}},
		{"too large", imgTree(t, "data:image/png;base64,"+base64.StdEncoding.EncodeToString(big.Bytes()), "", "", "A panorama"), imgCtx(termenv.ANSI256, Options{}), []string{"A panorama", "too large", "5000x1"}},
		{"empty url", imgTree(t, "", "", "", "Nothing yet"), imgCtx(termenv.ANSI256, Options{}), []string{"Nothing yet", "no picture"}},
		{"blocked", imgLenientTree(t, imgComp("https://cdn.example.com/a.png", "", "", "The logo")), imgCtx(termenv.ANSI256, Options{}), []string{"The logo", "(not fetched: --fetch-images cdn.example.com)"}},
		{"blocked no alt", imgLenientTree(t, imgComp("https://cdn.example.com/a.png", "icon", "", "")), imgCtx(termenv.ANSI256, Options{}), []string{"not fetched: --fetch-images cdn.example.com"}},
		{"blocked http", imgLenientTree(t, imgComp("http://cdn.example.com/a.png", "", "", "The logo")), imgCtx(termenv.ANSI256, Options{}), []string{"The logo", "image from cdn.example.com — not loaded"}},
		{"remote loading", imgRemoteTree(t, "The logo"), imgPicsCtx(nil, errors.New("loading")), []string{"The logo", "(loading)"}},
		{"remote failed", imgRemoteTree(t, "The logo"), imgPicsCtx(nil, errors.New("too big: over 2 MiB")), []string{"The logo", "(too big: over 2 MiB)"}},
		{"remote not an image", imgRemoteTree(t, "The logo"), imgPicsCtx([]byte("<html>"), nil), []string{"The logo", "not supported"}},
		{"remote not fetched here", imgRemoteTree(t, "The logo"), imgCtx(termenv.ANSI256, Options{}), []string{"The logo", "(not fetched here)"}},
		{"no alt", imgTree(t, good, "", "", ""), imgCtx(termenv.ANSI256, Options{NoImages: true}), []string{"▣ image"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, w := range []int{1, 3, 7, 8, 12, 30, 60, 100} {
				b := Render(tc.n, w, tc.c)
				checkBlock(t, b, w)
				if strings.ContainsAny(b.String(), "▀▄") {
					t.Fatalf("w=%d drew picture cells", w)
				}
			}
			b := Render(tc.n, 60, tc.c)
			// Join the wrapped lines to find each phrase.
			var plain []string
			for _, l := range b.Lines {
				plain = append(plain, strings.Trim(ansi.Strip(l), " │╎|:"))
			}
			text := strings.Join(plain, " ")
			for _, s := range tc.want {
				if !strings.Contains(text, s) {
					t.Errorf("alt box lacks %q:\n%s", s, ansi.Strip(b.String()))
				}
			}
			// It asks for its line, up to about the room the picture
			// would have taken.
			drawn := ansi.StringWidth(strings.TrimRight(ansi.Strip(b.Lines[0]), " "))
			if nat := Natural(tc.n, tc.c); nat != min(drawn, altCap(tc.n.Props.(*a2ui.ImageProps).UsageHint)) {
				t.Errorf("Natural %d, box drawn %q", nat, ansi.Strip(b.Lines[0]))
			}
		})
	}
}

// imgWebP builds a lossless WebP (VP8L) of w × h pixels by hand: no
// transforms, and "simple" prefix codes — green has two symbols, g0 for
// the upper half and g1 for the lower, red, blue and alpha one each — so
// every pixel costs one bit.
func imgWebP(w, h int, g0, g1 uint8) []byte {
	var bw imgBitWriter
	bw.write(0x2f, 8) // VP8L signature
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	bw.write(0, 1) // alpha hint
	bw.write(0, 3) // version
	bw.write(0, 1) // no transform
	bw.write(0, 1) // no colour cache
	bw.write(0, 1) // no meta prefix codes
	// Green: simple code, two 8-bit symbols (the smaller takes bit 0).
	bw.write(1, 1)
	bw.write(1, 1)
	bw.write(1, 1)
	bw.write(uint32(g0), 8)
	bw.write(uint32(g1), 8)
	for _, v := range []uint32{0x40, 0xc0, 0xff} { // red, blue, alpha
		bw.write(1, 1)
		bw.write(0, 1)
		bw.write(1, 1)
		bw.write(v, 8)
	}
	bw.write(1, 1) // distance: one 1-bit symbol, never used
	bw.write(0, 1)
	bw.write(0, 1)
	bw.write(0, 1)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			bit := uint32(0)
			if y >= h/2 {
				bit = 1
			}
			bw.write(bit, 1)
		}
	}
	var out bytes.Buffer
	n := len(bw.buf)
	out.WriteString("RIFF")
	_ = binary.Write(&out, binary.LittleEndian, uint32(4+8+n+n%2))
	out.WriteString("WEBPVP8L")
	_ = binary.Write(&out, binary.LittleEndian, uint32(n))
	out.Write(bw.buf)
	if n%2 == 1 {
		out.WriteByte(0)
	}
	return out.Bytes()
}

// imgBitWriter writes bits least significant first, as VP8L reads them.
type imgBitWriter struct {
	buf []byte
	n   uint
}

func (b *imgBitWriter) write(v uint32, bits int) {
	for i := 0; i < bits; i++ {
		if b.n%8 == 0 {
			b.buf = append(b.buf, 0)
		}
		if v>>i&1 == 1 {
			b.buf[len(b.buf)-1] |= 1 << (b.n % 8)
		}
		b.n++
	}
}

func TestImageWebP(t *testing.T) {
	c := imgCtx(termenv.TrueColor, Options{})
	data := imgWebP(4, 4, 0x20, 0xe0)
	u := "data:image/webp;base64," + base64.StdEncoding.EncodeToString(data)
	b := Render(imgTree(t, u, "", "none", "tiles"), 10, c)
	checkBlock(t, b, 10)
	if rows, cols := imgCells(b); rows != 2 || cols != 4 {
		t.Fatalf("drew %d×%d cells: %q", cols, rows, ansi.Strip(b.String()))
	}
	// Upper half green 0x20, lower 0xe0: the top row is all the first
	// colour, the bottom row all the second.
	if !strings.Contains(b.Lines[0], "38;2;64;32;192;48;2;64;32;192m▀▀▀▀") ||
		!strings.Contains(b.Lines[1], "38;2;64;224;192;48;2;64;224;192m▀▀▀▀") {
		t.Errorf("WebP colours wrong:\n%q", b.Lines)
	}
	// A broken WebP falls back to the alt text.
	bad := append(append([]byte(nil), data[:20]...), bytes.Repeat([]byte{0xff}, 16)...)
	b = Render(imgTree(t, "data:image/webp;base64,"+base64.StdEncoding.EncodeToString(bad), "icon", "", "tiles"), 30, c)
	if strings.ContainsAny(b.String(), "▀▄") || !strings.Contains(ansi.Strip(b.String()), "tiles") {
		t.Errorf("a broken WebP drew:\n%s", ansi.Strip(b.String()))
	}
}

func TestImageNatural(t *testing.T) {
	c := imgCtx(termenv.ANSI256, Options{})
	sq := imgPNG(t, imgOf(16, 16, imgSolid(imgGreen)))
	for hint, want := range map[string]int{
		"icon": 2, "avatar": 4, "smallFeature": 8, "mediumFeature": 16,
		"largeFeature": 24, "header": textNaturalCap, "": 16,
	} {
		if got := Natural(imgTree(t, sq, hint, "", ""), c); got != want {
			t.Errorf("Natural for %q = %d, want %d", hint, got, want)
		}
	}
	if got := Natural(imgTree(t, sq, "largeFeature", "scale-down", ""), c); got != 16 {
		t.Errorf("Natural of a 16-pixel picture never enlarged = %d, want 16", got)
	}
}

// TestImageWidthSweep draws pictures of each hint at every width up to
// 120: never wider than the width.
func TestImageWidthSweep(t *testing.T) {
	c := imgCtx(termenv.ANSI256, Options{})
	scene := imgPNG(t, imgScene())
	var nodes []*a2ui.Node
	for _, hint := range []string{"", "icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"} {
		for _, fit := range []string{"", "contain", "cover", "fill", "none", "scale-down"} {
			nodes = append(nodes, imgTree(t, scene, hint, fit, "A beach"))
		}
	}
	for w := 1; w <= 120; w++ {
		for _, n := range nodes {
			checkBlock(t, Render(n, w, c), w)
		}
	}
}

func TestImageRenderIsPure(t *testing.T) {
	c := imgCtx(termenv.ANSI256, Options{})
	n := imgTree(t, imgPNG(t, imgScene()), "smallFeature", "", "")
	first := Render(n, 40, c)
	second := Render(n, 40, c)
	if first.String() != second.String() {
		t.Error("two renders of the same node differ")
	}
}

// FuzzDecodePicture feeds arbitrary bytes to the decoders through a data:
// URL: no panic, and either a picture within the size cap or an error.
func FuzzDecodePicture(f *testing.F) {
	var p bytes.Buffer
	_ = png.Encode(&p, imgOf(3, 2, imgSolid(imgRed)))
	f.Add(p.Bytes())
	f.Add(imgWebP(4, 4, 1, 2))
	f.Add([]byte("GIF89a\x01\x00\x01\x00"))
	f.Add([]byte("\xff\xd8\xff\xe0"))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8 "))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := decodePicture(pictureData(&a2ui.ImageProps{URL: "data:image/png;base64," + base64.StdEncoding.EncodeToString(data)}, &Context{}))
		if err != nil {
			return
		}
		b := img.Bounds()
		if b.Dx() > maxPictureSide || b.Dy() > maxPictureSide {
			t.Errorf("decoded a %dx%d picture", b.Dx(), b.Dy())
		}
	})
}
