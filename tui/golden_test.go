package tui

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
)

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// TestGoldenFrames keeps the frame of every shown surface of every fixture
// and official sample at 80×24 and 120×40, drawn with a pinned 256-colour
// profile on a dark background (go test ./tui -run TestGoldenFrames
// -update rewrites them; review the diff).
func TestGoldenFrames(t *testing.T) {
	fx := fixtures(t)
	names := make([]string, 0, len(fx))
	for name := range fx {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b := boardFrom(t, fx[name], true)
		m := New(b, testOptions(termenv.ANSI256))
		for _, s := range m.shownSurfaces() {
			for _, size := range [][2]int{{80, 24}, {120, 40}} {
				file := fmt.Sprintf("%s_%s_%dx%d", strings.TrimSuffix(name, filepath.Ext(name)), s.ID(), size[0], size[1])
				file = unsafeName.ReplaceAllString(file, "_")
				t.Run(file, func(t *testing.T) {
					f, err := Frame(b, testOptions(termenv.ANSI256), size[0], size[1], s.ID(), "")
					if err != nil {
						t.Fatal(err)
					}
					golden.RequireEqual(t, []byte(f+"\n"))
				})
			}
		}
		m.Close()
	}
}
