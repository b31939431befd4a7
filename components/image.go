package components

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math"
	"net/url"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"golang.org/x/image/webp"

	"github.com/a2term/a2term/a2ui"
)

// Image draws a picture carried in a data: URL (PNG, JPEG, GIF or WebP).
// With a terminal graphics protocol (Options.Graphics) it draws the
// picture's box as kitty's placeholder cells, from the Pictures store
// (graphics.go); else with half-block cells: each cell is one pixel wide
// and two tall, "▀"
// with the upper pixel as foreground and the lower as background, so
// pixels come out roughly square. Colours go through the theme's
// renderer, which brings them down to what the terminal can show.
//
// The usage hint sizes the picture against the text around it: an icon
// takes one line (two columns), an avatar two lines and round, a
// smallFeature up to 12 columns by 4 lines, a mediumFeature 32 by 8, a
// largeFeature 48 by 12, a header the whole width and 3 to 8 lines, and a
// picture without a hint up to 32 by 8 — never wider than the parent
// allows; fit places the picture in its box as CSS object-fit would. The
// web mirror sizes pictures by the same hints. Without a fit, avatars and
// headers cover their box and other pictures are contained in it (the web
// renderers default to fill, which distorts any picture whose shape
// differs from its box).
//
// A remote picture is drawn only from the bytes a2term fetched itself
// from a host the person named (Context.Pictures, --fetch-images); any
// other is never fetched, and its line says where it was from and which
// flag would show it.
//
// One line of alt text is drawn instead when pictures are turned off, when
// the terminal has no colour, when the URL is empty or was blocked, while
// a remote picture loads or when it failed (the line says why), or when
// the picture cannot be read.
//
// Drawing with half-blocks decodes the picture every time it is drawn:
// Render keeps no state, and the program's block cache (Context.Cache)
// spares the work while the node is unchanged. With a protocol, the
// store decodes and scales each picture once per size. Pictures larger than maxPictureSide on a
// side are refused from their header, before any pixel is decoded.
type Image struct{}

// maxPictureSide is the largest width or height a2term decodes.
const maxPictureSide = 4096

// maxAltBox is the widest the alt text box asks to be.
const maxAltBox = 60

// Render draws the picture or, failing that, its alt text.
func (Image) Render(n *a2ui.Node, w int, c *Context) Block {
	if w <= 0 {
		return Block{W: max(w, 0)}
	}
	p, _ := n.Props.(*a2ui.ImageProps)
	if p == nil {
		return Empty(w, 1)
	}
	t := c.Theme
	if why, ok := pictureShown(p, t); !ok {
		return altBox(p, why, w, t)
	}
	read := pictureRead{p: p, pics: c.Pictures}
	data, derr := read.bytes()
	round := p.UsageHint == "avatar"
	if ps := t.Options.Store; t.Options.Graphics.Pixels() && ps != nil && derr == nil {
		cfg, err := pictureConfig(data, nil)
		if err != nil {
			return altBox(p, err.Error(), w, t)
		}
		g := pictureGeometry(p.UsageHint, pictureFit(p), cfg.Width, cfg.Height, w)
		if g.dw <= placeholderSides && g.rows() <= placeholderSides {
			if id, ok := ps.id(pictureURL(p), g, round, read); ok {
				return Block{W: w, Lines: placeholderLines(id, g.dw, g.rows(), g.offX, w)}
			}
		}
	}
	img, err := decodePicture(data, derr)
	if err != nil {
		return altBox(p, err.Error(), w, t)
	}
	b := img.Bounds()
	g := pictureGeometry(p.UsageHint, pictureFit(p), b.Dx(), b.Dy(), w)
	return drawPicture(img, g, round, w, t)
}

// Natural is the picture's box, or the alt text box's width.
func (Image) Natural(n *a2ui.Node, c *Context) int {
	p, _ := n.Props.(*a2ui.ImageProps)
	if p == nil {
		return 0
	}
	if why, ok := pictureShown(p, c.Theme); !ok {
		return altBoxWidth(p, why, altCap(p.UsageHint), c.Theme)
	}
	cfg, err := pictureConfig(pictureData(p, c))
	if err != nil {
		return altBoxWidth(p, err.Error(), altCap(p.UsageHint), c.Theme)
	}
	return pictureGeometry(p.UsageHint, pictureFit(p), cfg.Width, cfg.Height, naturalWidth(p.UsageHint)).boxW
}

// altCap is the widest the line of a picture that is not shown asks to
// be: about the room the picture would have taken, so that a missing
// cover in a track list does not push the titles aside.
func altCap(hint string) int {
	return max(16, hintWidth(hint, maxAltBox))
}

// pictureFit is the fit asked for, or the default for the usage hint: an
// avatar fills its circle and a header bleeds across the width (cover);
// anything else is shown whole (contain).
func pictureFit(p *a2ui.ImageProps) string {
	if p.Fit != "" {
		return p.Fit
	}
	if p.UsageHint == "avatar" || p.UsageHint == "header" {
		return "cover"
	}
	return "contain"
}

// naturalWidth is the width a picture is laid out in when nothing
// constrains it: a header, which takes the whole width, asks for a
// reading measure.
func naturalWidth(hint string) int {
	if hint == "header" {
		return textNaturalCap
	}
	return math.MaxInt32
}

// pictureShown reports whether the picture may be drawn at all, and if
// not, what to say about it ("" when the person chose so).
func pictureShown(p *a2ui.ImageProps, t *Theme) (string, bool) {
	switch {
	case p.Blocked != "" && p.Fetchable:
		return "not fetched: --fetch-images " + p.Blocked, false
	case p.Blocked != "":
		return "image from " + p.Blocked + " " + t.Glyph("—", "-") + " not loaded", false
	case p.URL == "" && p.Remote == "":
		return "no picture given", false
	case t.Options.NoImages || t.Options.Graphics == GraphicsOff:
		return "", false
	case !t.Color() && !t.Options.Graphics.Pixels():
		return "", false
	}
	return "", true
}

// hintWidth is the box width, in columns, of a usage hint within w.
func hintWidth(hint string, w int) int {
	bw := 32
	switch hint {
	case "icon":
		bw = 2
	case "avatar":
		bw = 4
	case "smallFeature":
		bw = 12
	case "mediumFeature":
		bw = 32
	case "largeFeature":
		bw = 48
	case "header":
		bw = w
	}
	return max(1, min(bw, w))
}

// hintLines is the most lines a picture of a usage hint takes in a box bw
// columns wide.
func hintLines(hint string, bw int) int {
	switch hint {
	case "icon":
		return 1
	case "avatar":
		return 2
	case "smallFeature":
		return 4
	case "largeFeature":
		return 12
	case "header":
		return max(3, min(8, bw/10))
	}
	return 8
}

// picGeom says where a picture goes: a box boxW columns wide, the drawn
// picture dw × dh pixels starting offX columns into the box, showing the
// source region (sx, sy, sw, sh) in source pixels.
type picGeom struct {
	boxW, offX     int
	dw, dh         int
	sx, sy, sw, sh float64
}

// rows is the number of text lines the picture takes.
func (g picGeom) rows() int { return (g.dh + 1) / 2 }

// pictureGeometry sizes a picture of iw × ih pixels for a usage hint and
// a fit in w columns. One column is one pixel and one row two pixels, so
// aspect ratios hold. Icon and avatar boxes are square, a header box a
// quarter as tall as wide, and the others as tall as the picture needs up
// to a square.
func pictureGeometry(hint, fit string, iw, ih, w int) picGeom {
	iw, ih = max(iw, 1), max(ih, 1)
	bw := hintWidth(hint, w)
	maxH := 2 * hintLines(hint, bw)
	var bh int
	switch hint {
	case "icon", "avatar":
		bh = min(bw, maxH)
		bw = bh
	case "header":
		bh = maxH
	default:
		bh = max(1, int(math.Round(float64(ih)*float64(bw)/float64(iw))))
		if bh > maxH {
			// The height limits the picture: the box narrows to it,
			// unless the picture is to fill or cover the box.
			bh = maxH
			if fit != "cover" && fit != "fill" {
				bw = max(1, min(bw, int(math.Round(float64(iw)*float64(bh)/float64(ih)))))
			}
		}
	}
	fw, fh := float64(iw), float64(ih)
	g := picGeom{boxW: bw, sw: fw, sh: fh}
	switch fit {
	case "fill":
		g.dw, g.dh = bw, bh
	case "cover":
		g.dw, g.dh = bw, bh
		s := math.Max(float64(bw)/fw, float64(bh)/fh)
		g.sw, g.sh = math.Min(fw, float64(bw)/s), math.Min(fh, float64(bh)/s)
		g.sx, g.sy = (fw-g.sw)/2, (fh-g.sh)/2
	case "none":
		g.dw, g.dh = min(iw, bw), min(ih, bh)
		g.sw, g.sh = float64(g.dw), float64(g.dh)
		g.sx, g.sy = float64((iw-g.dw)/2), float64((ih-g.dh)/2)
		g.boxW = g.dw
	default: // contain, scale-down
		s := math.Min(float64(bw)/fw, float64(bh)/fh)
		if fit == "scale-down" {
			s = math.Min(s, 1)
		}
		g.dw = max(1, min(bw, int(math.Round(fw*s))))
		g.dh = max(1, min(bh, int(math.Round(fh*s))))
		if fit == "scale-down" {
			g.boxW = g.dw
		}
		g.offX = (g.boxW - g.dw) / 2
	}
	return g
}

// picPixel is a sampled colour; a pixel that is mostly transparent is not
// drawn, so the terminal's own background shows through.
type picPixel struct {
	r, g, b uint8
	opaque  bool
}

func (p picPixel) hex() string { return fmt.Sprintf("#%02x%02x%02x", p.r, p.g, p.b) }

// maxSamples is the most source pixels averaged, per side, into one drawn
// pixel: a box filter that costs the same whatever the source size.
const maxSamples = 4

// samplePicture scales the source region to dw × dh pixels, averaging
// up to maxSamples² source pixels under each drawn one; for an avatar
// (round), pixels outside the inscribed circle are left out.
func samplePicture(img image.Image, g picGeom, round bool) [][]picPixel {
	b := img.Bounds()
	out := make([][]picPixel, g.dh)
	cx, cy := float64(g.dw)/2, float64(g.dh)/2
	rad := math.Min(cx, cy)
	for y := range out {
		out[y] = make([]picPixel, g.dw)
		y0 := g.sy + float64(y)*g.sh/float64(g.dh)
		y1 := g.sy + float64(y+1)*g.sh/float64(g.dh)
		ny := min(maxSamples, max(1, int(math.Ceil(y1-y0))))
		for x := range out[y] {
			if round {
				dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
				if dx*dx+dy*dy > rad*rad {
					continue // outside an avatar's circle
				}
			}
			x0 := g.sx + float64(x)*g.sw/float64(g.dw)
			x1 := g.sx + float64(x+1)*g.sw/float64(g.dw)
			nx := min(maxSamples, max(1, int(math.Ceil(x1-x0))))
			var sr, sg, sb, sa uint64
			for j := range ny {
				py := b.Min.Y + clampPix(int(y0+(float64(j)+0.5)*(y1-y0)/float64(ny)), 0, b.Dy()-1)
				for i := range nx {
					px := b.Min.X + clampPix(int(x0+(float64(i)+0.5)*(x1-x0)/float64(nx)), 0, b.Dx()-1)
					r, gg, bb, a := img.At(px, py).RGBA()
					sr, sg, sb, sa = sr+uint64(r), sg+uint64(gg), sb+uint64(bb), sa+uint64(a)
				}
			}
			n := uint64(nx * ny)
			if sa < n*0x8000 {
				continue // mostly transparent
			}
			// Undo the premultiplication: colour over average alpha.
			out[y][x] = picPixel{uint8(sr * 255 / sa), uint8(sg * 255 / sa), uint8(sb * 255 / sa), true} //nolint:gosec // premultiplied: a colour's sum is at most alpha's, so each is at most 255
		}
	}
	return out
}

func clampPix(v, lo, hi int) int { return max(lo, min(v, hi)) }

// drawPicture draws the sampled picture in half-block cells.
func drawPicture(img image.Image, g picGeom, round bool, w int, t *Theme) Block {
	px := samplePicture(img, g, round)
	lines := make([]string, g.rows())
	pad := strings.Repeat(" ", g.offX)
	for r := range lines {
		top := px[2*r]
		var bot []picPixel
		if 2*r+1 < len(px) {
			bot = px[2*r+1]
		}
		var line strings.Builder
		line.WriteString(pad)
		// One styled run per change of colours.
		var run strings.Builder
		var runKey [3]string
		flush := func() {
			if run.Len() == 0 {
				return
			}
			st := t.R.NewStyle()
			if runKey[1] != "" {
				st = st.Foreground(lipgloss.Color(runKey[1]))
			}
			if runKey[2] != "" {
				st = st.Background(lipgloss.Color(runKey[2]))
			}
			line.WriteString(st.Render(run.String()))
			run.Reset()
		}
		for x := range top {
			var lo picPixel
			if bot != nil {
				lo = bot[x]
			}
			hi := top[x]
			var key [3]string
			switch {
			case hi.opaque && lo.opaque:
				key = [3]string{"▀", hi.hex(), lo.hex()}
			case hi.opaque:
				key = [3]string{"▀", hi.hex(), ""}
			case lo.opaque:
				key = [3]string{"▄", lo.hex(), ""}
			default:
				key = [3]string{" ", "", ""}
			}
			if key != runKey {
				flush()
				runKey = key
			}
			run.WriteString(key[0])
		}
		flush()
		lines[r] = line.String()
	}
	return TextBlock(w, lines...)
}

// altBox draws a picture that is not shown as one line: a mark, the alt
// text, and why the picture is not shown (when there is something to
// say), cut to the width.
func altBox(p *a2ui.ImageProps, why string, w int, t *Theme) Block {
	mark, alt, note := altParts(p, why, t)
	line := t.Accent.Render(mark)
	if alt != "" {
		line += " " + t.Text.Render(alt)
	}
	if note != "" {
		line += " " + t.Dim.Render(note)
	}
	if ansi.StringWidth(line) > w {
		line = ansi.Truncate(line, w, t.Glyph("…", "~"))
	}
	return TextBlock(w, line)
}

// altBoxWidth is the width altBox asks for.
func altBoxWidth(p *a2ui.ImageProps, why string, w int, t *Theme) int {
	mark, alt, note := altParts(p, why, t)
	n := ansi.StringWidth(mark)
	if alt != "" {
		n += 1 + ansi.StringWidth(alt)
	}
	if note != "" {
		n += 1 + ansi.StringWidth(note)
	}
	return min(n, w)
}

// altParts are the pieces of the line: the mark, the alt text (or "image"
// when there is none) and the reason in parentheses.
func altParts(p *a2ui.ImageProps, why string, t *Theme) (mark, alt, note string) {
	mark = t.Glyph("▣", "#")
	alt = strings.Join(strings.Fields(p.AltText), " ")
	switch {
	case alt == "" && why == "":
		alt = "image"
	case alt == "":
		alt = why
	case why != "":
		note = "(" + why + ")"
	}
	return mark, alt, note
}

// boxLine is a line of text in a media box, wrapped to the box.
type boxLine struct {
	text  string
	style Style
}

// mediaBox draws a frame with a title in its top edge and lines of text
// inside, as wide as the text needs up to w. It stands for media a2term
// does not draw (video, audio) or cannot draw (a picture); dashed when
// it stands in for a picture. Narrower than the frame needs, it draws
// the title and the text without one.
func mediaBox(t *Theme, w int, dashed bool, title string, lines []boxLine) Block {
	bw := mediaBoxWidth(w, title, lines)
	if bw < 8 {
		out := wrapStyled(title, t.Accent, w)
		for _, l := range lines {
			out = append(out, wrapStyled(l.text, l.style, w)...)
		}
		return TextBlock(w, out...)
	}
	h, v := t.Glyph("─", "-"), t.Glyph("│", "|")
	if dashed {
		h, v = t.Glyph("╌", "-"), t.Glyph("╎", ":")
	}
	inner := bw - 4
	title = ansi.Truncate(title, bw-6, t.Glyph("…", "~"))
	tw := ansi.StringWidth(title)
	var out []string
	out = append(out, t.Border.Render(t.Glyph("╭", "+")+h+" ")+t.Accent.Render(title)+
		t.Border.Render(" "+strings.Repeat(h, max(bw-tw-5, 0))+t.Glyph("╮", "+")))
	for _, l := range lines {
		for _, s := range wrapStyled(l.text, l.style, inner) {
			out = append(out, t.Border.Render(v)+" "+Fit(s, inner)+" "+t.Border.Render(v))
		}
	}
	out = append(out, t.Border.Render(t.Glyph("╰", "+")+strings.Repeat(h, bw-2)+t.Glyph("╯", "+")))
	return TextBlock(w, out...)
}

// mediaBoxWidth is the width of a media box in at most w columns.
func mediaBoxWidth(w int, title string, lines []boxLine) int {
	need := ansi.StringWidth(title) + 2
	for _, l := range lines {
		for _, s := range strings.Split(l.text, "\n") {
			need = max(need, ansi.StringWidth(s))
		}
	}
	return min(w, min(need, maxAltBox-4)+4)
}

// wrapStyled wraps plain text (which may hold line breaks) to w and
// styles each line on its own.
func wrapStyled(s string, st Style, w int) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		for _, cells := range wrapCells([]mdSpan{{para, 0}}, w, false) {
			var b strings.Builder
			for _, c := range cells {
				b.WriteString(c.g)
			}
			out = append(out, st.Render(b.String()))
		}
	}
	return out
}

// --- data: URLs and decoding -------------------------------------------

var (
	errNotData   = errors.New("not a data: URL")
	errFormat    = errors.New("picture format not supported")
	errCorrupt   = errors.New("picture could not be read")
	errTooLarge  = errors.New("picture too large to show")
	errMalformed = errors.New("malformed data: URL")
)

// dataURL is the media type and the payload of a data: URL, still
// encoded.
type dataURL struct {
	mediaType string // lower case; "" when the URL names none
	payload   string
	base64    bool
}

// parseDataURL splits "data:[type][;param…][;base64],payload".
func parseDataURL(u string) (dataURL, error) {
	if len(u) < 5 || !strings.EqualFold(u[:5], "data:") {
		return dataURL{}, errNotData
	}
	meta, payload, ok := strings.Cut(u[5:], ",")
	if !ok {
		return dataURL{}, errMalformed
	}
	params := strings.Split(meta, ";")
	d := dataURL{mediaType: strings.ToLower(strings.TrimSpace(params[0])), payload: payload}
	for _, p := range params[1:] {
		if strings.EqualFold(strings.TrimSpace(p), "base64") {
			d.base64 = true
		}
	}
	return d, nil
}

// bytes decodes the payload: base64 (standard or URL alphabet, padded or
// not, with white space) or percent-encoding.
func (d dataURL) bytes() ([]byte, error) {
	if !d.base64 {
		b, err := url.PathUnescape(d.payload)
		if err != nil {
			return nil, errMalformed
		}
		return []byte(b), nil
	}
	s := d.payload
	if strings.ContainsRune(s, '%') {
		if u, err := url.PathUnescape(s); err == nil {
			s = u
		}
	}
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, s)
	s = strings.TrimRight(s, "=")
	enc := base64.RawStdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.RawURLEncoding
	}
	b, err := enc.DecodeString(s)
	if err != nil {
		return nil, errMalformed
	}
	return b, nil
}

// size is the number of bytes the payload decodes to, worked out without
// decoding it.
func (d dataURL) size() int {
	if d.base64 {
		n := 0
		for i := range len(d.payload) {
			switch d.payload[i] {
			case ' ', '\t', '\r', '\n', '=':
			default:
				n++
			}
		}
		return n * 3 / 4
	}
	return len(d.payload) - 2*strings.Count(d.payload, "%")
}

// pictureFormat tells the format from the first bytes, whatever the URL
// claims.
func pictureFormat(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return "jpeg"
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return "gif"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "webp"
	}
	return ""
}

// errNotFetched is a remote picture in a view that fetches none.
var errNotFetched = errors.New("not fetched here")

// pictureURL is the URL the picture's bytes are known by: the remote one
// a2term fetched, else its data: URL.
func pictureURL(p *a2ui.ImageProps) string {
	if p.Remote != "" {
		return p.Remote
	}
	return p.URL
}

// pictureRead reads a picture's bytes: its data: URL's, or for a remote
// picture the ones a2term fetched (Context.Pictures). The picture store
// keeps one to read the picture again when it scales it anew; a value, so
// that drawing a picture the store has allocates nothing for it.
type pictureRead struct {
	p    *a2ui.ImageProps
	pics Pictures
}

// bytes returns the picture's bytes, or why there are none.
func (r pictureRead) bytes() ([]byte, error) {
	if r.p.Remote != "" {
		if r.pics == nil {
			return nil, errNotFetched
		}
		return r.pics.Picture(r.p.Remote)
	}
	return DataURLs(r.p.URL)
}

// RemoteNote says what a remote picture (a2ui.ImageProps.Remote) is
// doing, in the words its line of alt text says it in the terminal:
// "loading" while a2term fetches it, why it cannot be shown when the
// fetch failed or the picture cannot be read ("timed out", "not an
// image"…), "" once it can be drawn, and for a picture that is not
// remote. pics gives the fetched bytes (Context.Pictures). Plain mode
// says the same, so the two views never word it apart.
func RemoteNote(p *a2ui.ImageProps, pics Pictures) string {
	if p == nil || p.Remote == "" {
		return ""
	}
	if _, err := pictureConfig(pictureRead{p: p, pics: pics}.bytes()); err != nil {
		return err.Error()
	}
	return ""
}

// pictureData returns the bytes of the picture drawn in c.
func pictureData(p *a2ui.ImageProps, c *Context) ([]byte, error) {
	return pictureRead{p: p, pics: c.Pictures}.bytes()
}

// pictureConfig reads the picture's size from its header and refuses
// what a2term will not decode.
func pictureConfig(data []byte, err error) (image.Config, error) {
	if err != nil {
		return image.Config{}, err
	}
	cfg, _, err := checkPicture(data)
	return cfg, err
}

// checkPicture reads the header of data and refuses a picture of an
// unknown format, a corrupt header, or more than maxPictureSide pixels on
// a side.
func checkPicture(data []byte) (cfg image.Config, format string, err error) {
	defer func() {
		if recover() != nil {
			err = errCorrupt
		}
	}()
	format = pictureFormat(data)
	r := bytes.NewReader(data)
	switch format {
	case "png":
		cfg, err = png.DecodeConfig(r)
	case "jpeg":
		cfg, err = jpeg.DecodeConfig(r)
	case "gif":
		cfg, err = gif.DecodeConfig(r)
	case "webp":
		cfg, err = webp.DecodeConfig(r)
	default:
		return cfg, "", errFormat
	}
	switch {
	case err != nil:
		return cfg, format, errCorrupt
	case cfg.Width <= 0 || cfg.Height <= 0:
		return cfg, format, errCorrupt
	case cfg.Width > maxPictureSide || cfg.Height > maxPictureSide:
		return cfg, format, fmt.Errorf("%w (%dx%d)", errTooLarge, cfg.Width, cfg.Height)
	}
	return cfg, format, nil
}

// decodePicture decodes the picture's bytes (pictureData) after checking
// its header. A decoder that panics on hostile input is a corrupt picture,
// never a crash.
func decodePicture(data []byte, dataErr error) (img image.Image, err error) {
	if dataErr != nil {
		return nil, dataErr
	}
	_, format, err := checkPicture(data)
	if err != nil {
		return nil, err
	}
	defer func() {
		if recover() != nil {
			img, err = nil, errCorrupt
		}
	}()
	r := bytes.NewReader(data)
	switch format {
	case "png":
		img, err = png.Decode(r)
	case "jpeg":
		img, err = jpeg.Decode(r)
	case "gif":
		img, err = gif.Decode(r)
	case "webp":
		img, err = webp.Decode(r)
	}
	if err != nil || img == nil || img.Bounds().Empty() {
		return nil, errCorrupt
	}
	return img, nil
}
