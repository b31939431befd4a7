package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The real terminal test: xterm as a VT340 draws sixel pictures, under
// Xvfb, driven with xdotool and read with xwd. CI installs the four
// (.ci/run); where one is missing the test says which and does not run.

// xtermCols and xtermRows are the terminal's size in cells.
const xtermCols, xtermRows = 60, 16

// pictureColour is the picture's one colour, told apart from everything
// else a2term draws.
var pictureColour = color.RGBA{220, 20, 60, 255}

// xterm is an xterm on an X server of the test's own.
type xterm struct {
	t       *testing.T
	display string
	// cell is the size of a cell in pixels, border the xterm's inner
	// border.
	cell   image.Point
	border int
}

// startXvfb starts an X server of its own for the test, without a
// screen, and returns its display (":N").
func startXvfb(t *testing.T) string {
	t.Helper()
	// Xvfb picks a free display and writes its number on fd 3.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	xvfb := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "640x480x24", "-nolisten", "tcp")
	xvfb.ExtraFiles = []*os.File{w}
	if err := xvfb.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = xvfb.Process.Kill(); _ = xvfb.Wait() })
	w.Close()
	line, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	if err != nil {
		t.Fatalf("Xvfb gave no display: %v", err)
	}
	return ":" + strings.TrimSpace(line)
}

// startXterm starts Xvfb and, in it, xterm as a VT340 running command.
func startXterm(t *testing.T, command ...string) *xterm {
	t.Helper()
	for _, tool := range []string{"Xvfb", "xterm", "xwd", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no real terminal to test in: %s is not installed (CI installs Xvfb, xterm, xwd and xdotool)", tool)
		}
	}
	x := &xterm{t: t, display: startXvfb(t), border: 2}
	args := []string{
		"-ti", "vt340", "-hold", "-b", "2", "-bw", "0", "-geometry", fmt.Sprintf("%dx%d+0+0", xtermCols, xtermRows),
		"-fa", "Monospace", "-fs", "10", "-xrm", "XTerm*numColorRegisters: 256", "-e",
	}
	xt := exec.Command("xterm", append(args, paneCommand(command)...)...)
	xt.Env = append(os.Environ(), "DISPLAY="+x.display)
	if err := xt.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = xt.Process.Kill(); _ = xt.Wait() })
	deadline := time.Now().Add(screenWait)
	for {
		// xterm's window is the largest of those of its class.
		out, err := x.run("xdotool", "search", "--sync", "--class", "xterm", "getwindowgeometry", "%@")
		if err == nil {
			for _, geo := range strings.Split(out, "Geometry: ")[1:] {
				ws, hs, _ := strings.Cut(strings.Fields(geo)[0], "x")
				ww, _ := strconv.Atoi(ws)
				wh, _ := strconv.Atoi(hs)
				if c := image.Pt((ww-2*x.border)/xtermCols, (wh-2*x.border)/xtermRows); c.X > x.cell.X {
					x.cell = c
				}
			}
			if x.cell.X > 0 && x.cell.Y > 0 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no xterm window: %v %s", err, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Keys go to the window under the pointer: there is no window
	// manager to give the focus.
	if out, err := x.run("xdotool", "mousemove", "100", "100"); err != nil {
		t.Fatalf("xdotool: %v %s", err, out)
	}
	return x
}

func (x *xterm) run(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// keys types keys (xdotool's names) into the terminal.
func (x *xterm) keys(keys ...string) {
	x.t.Helper()
	if out, err := x.run("xdotool", append([]string{"key", "--delay", "50"}, keys...)...); err != nil {
		x.t.Fatalf("xdotool key: %v %s", err, out)
	}
}

// screenshot is the screen as it is now.
func (x *xterm) screenshot() *image.RGBA {
	x.t.Helper()
	cmd := exec.Command("xwd", "-root", "-silent")
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	out, err := cmd.Output()
	if err != nil {
		x.t.Fatalf("xwd: %v", err)
	}
	img, err := readXWD(bytes.NewReader(out))
	if err != nil {
		x.t.Fatal(err)
	}
	return img
}

// cellIsPicture reports whether most of cell (col, row) of the terminal
// is the picture's colour.
func (x *xterm) cellIsPicture(img *image.RGBA, col, row int) bool {
	n, in := 0, 0
	for y := range x.cell.Y {
		for xx := range x.cell.X {
			c := img.RGBAAt(x.border+col*x.cell.X+xx, x.border+row*x.cell.Y+y)
			n++
			if near(c, pictureColour) {
				in++
			}
		}
	}
	return in*10 >= n*9
}

// pictureCells is the set of cells mostly in the picture's colour, and
// whether any pixel of the screen has it.
func (x *xterm) pictureCells(img *image.RGBA) (map[image.Point]bool, bool) {
	cells := map[image.Point]bool{}
	for row := range xtermRows {
		for col := range xtermCols {
			if x.cellIsPicture(img, col, row) {
				cells[image.Pt(col, row)] = true
			}
		}
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for xx := b.Min.X; xx < b.Max.X; xx++ {
			if near(img.RGBAAt(xx, y), pictureColour) {
				return cells, true
			}
		}
	}
	return cells, false
}

func near(a, b color.RGBA) bool {
	d := func(p, q uint8) int { return max(int(p)-int(q), int(q)-int(p)) }
	return d(a.R, b.R) <= 8 && d(a.G, b.G) <= 8 && d(a.B, b.B) <= 8
}

// waitCells waits for the picture to cover exactly want (nil: for no
// pixel of its colour to be left on the screen).
func (x *xterm) waitCells(what string, want map[image.Point]bool) {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		shot := x.screenshot()
		got, any := x.pictureCells(shot)
		if want == nil && !any || want != nil && equalCells(got, want) {
			return
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("%s: the picture covers %v (any pixel of it: %v), want %v", what, sortedCells(got), any, sortedCells(want))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func equalCells(a, b map[image.Point]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for p := range a {
		if !b[p] {
			return false
		}
	}
	return true
}

func sortedCells(m map[image.Point]bool) string {
	var rows [xtermRows][]string
	for p := range m {
		if p.Y >= 0 && p.Y < xtermRows {
			rows[p.Y] = append(rows[p.Y], strconv.Itoa(p.X))
		}
	}
	var b strings.Builder
	for r, cs := range rows {
		if len(cs) > 0 {
			fmt.Fprintf(&b, " row %d: %d cells", r, len(cs))
		}
	}
	return "[" + b.String() + " ]"
}

// box is the cells from (col, row), w × h.
func box(col, row, w, h int) map[image.Point]bool {
	m := map[image.Point]bool{}
	for y := range h {
		for x := range w {
			m[image.Pt(col+x, row+y)] = true
		}
	}
	return m
}

// readXWD reads a screenshot in X Window Dump format, 32 bits a pixel,
// as xwd writes it of a 24-bit screen, or 24 (three bytes a pixel), as it
// writes it when a window of another visual is on the screen (kitty's
// OpenGL window).
func readXWD(r io.Reader) (*image.RGBA, error) {
	var h [25]uint32
	if err := binary.Read(r, binary.BigEndian, &h); err != nil {
		return nil, fmt.Errorf("xwd header: %w", err)
	}
	size, w, ht, order, bpp, bpl, ncolors := h[0], int(h[4]), int(h[5]), h[7], h[11], int(h[12]), h[19]
	rm, gm, bm := h[14], h[15], h[16]
	if bpp != 32 && bpp != 24 || size < 100 || rm == 0 || gm == 0 || bm == 0 || bpl < w*int(bpp/8) {
		return nil, fmt.Errorf("xwd: %d bits a pixel, not 32 or 24", bpp)
	}
	if _, err := io.CopyN(io.Discard, r, int64(size-100)+int64(ncolors)*12); err != nil {
		return nil, fmt.Errorf("xwd: %w", err)
	}
	data := make([]byte, bpl*ht)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, fmt.Errorf("xwd pixels: %w", err)
	}
	ch := func(v, m uint32) uint8 { return uint8((v & m) >> bits.TrailingZeros32(m)) } //nolint:gosec // a mask of 8 bits
	step := int(bpp / 8)
	img := image.NewRGBA(image.Rect(0, 0, w, ht))
	for y := range ht {
		for x := range w {
			var q [4]byte
			copy(q[:], data[y*bpl+step*x:y*bpl+step*x+step])
			v := binary.LittleEndian.Uint32(q[:])
			if order == 1 {
				v = binary.BigEndian.Uint32(q[:]) >> (32 - bpp)
			}
			img.SetRGBA(x, y, color.RGBA{ch(v, rm), ch(v, gm), ch(v, bm), 255})
		}
	}
	return img, nil
}

// twoSurfaces writes a stream of two surfaces: "pics", lines of text
// around a picture of 8 × 4 cells (smallFeature, a square of one colour)
// after the third, and "words", text only.
func twoSurfaces(t *testing.T) string {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			m.SetRGBA(x, y, pictureColour)
		}
	}
	var pic bytes.Buffer
	if err := png.Encode(&pic, m); err != nil {
		t.Fatal(err)
	}
	var comps []any
	var kids []string
	for i := range 14 {
		id := fmt.Sprintf("t%d", i)
		kids = append(kids, id)
		comps = append(comps, map[string]any{"id": id, "component": map[string]any{"Text": map[string]any{"text": map[string]any{"literalString": fmt.Sprintf("line %d", i)}}}})
		if i == 2 {
			kids = append(kids, "pic")
			u := "data:image/png;base64," + base64.StdEncoding.EncodeToString(pic.Bytes())
			comps = append(comps, map[string]any{"id": "pic", "component": map[string]any{"Image": map[string]any{"url": map[string]any{"literalString": u}, "usageHint": "smallFeature"}}})
		}
	}
	comps = append(comps, map[string]any{"id": "root", "component": map[string]any{"Column": map[string]any{"children": map[string]any{"explicitList": kids}}}})
	msgs := []any{
		map[string]any{"beginRendering": map[string]any{"surfaceId": "pics", "root": "root"}},
		map[string]any{"surfaceUpdate": map[string]any{"surfaceId": "pics", "components": comps}},
		map[string]any{"beginRendering": map[string]any{"surfaceId": "words", "root": "w"}},
		map[string]any{"surfaceUpdate": map[string]any{"surfaceId": "words", "components": []any{
			map[string]any{"id": "w", "component": map[string]any{"Text": map[string]any{"text": map[string]any{"literalString": "no pictures here"}}}},
		}}},
	}
	var b strings.Builder
	for _, m := range msgs {
		line, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	path := filepath.Join(t.TempDir(), "two.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSixelInXterm draws a picture with sixel in a real xterm and reads
// the screen: the picture covers its cells and no other; scrolled, it
// moves and is clipped at the pane's top edge; on the other tab, and
// after quitting, no pixel of it is left.
func TestSixelInXterm(t *testing.T) {
	x := startXterm(t, buildBinary(t), "replay", "--graphics", "sixel", twoSurfaces(t))
	t.Logf("xterm on display %s, cells of %v pixels", x.display, x.cell)
	x.walkPicture()
}

// walkPicture takes twoSurfaces' picture where a person would, and checks
// after each step that it covers exactly its cells: drawn, scrolled four
// lines (clipped at the pane's top edge), gone on the other tab, back,
// and gone after quitting.
func (x *xterm) walkPicture() {
	// The tab bar, then "line 0" to "line 2"; the picture is indented by
	// a column.
	x.waitCells("first frame", box(1, 4, 8, 4))
	x.keys("Down", "Down", "Down", "Down")
	x.waitCells("scrolled four lines", box(1, 1, 8, 3))
	x.keys("2")
	x.waitCells("the other tab", nil)
	x.keys("1")
	x.waitCells("back", box(1, 1, 8, 3))
	x.keys("ctrl+c")
	x.waitCells("after quitting", nil)
}
