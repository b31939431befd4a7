package components

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// videoURL is a data: URL of n bytes of type mt (the bytes need not be a
// real video: a2term never decodes them).
func videoURL(mt string, n int) string {
	return "data:" + mt + ";base64," + base64.StdEncoding.EncodeToString(make([]byte, n))
}

func videoTree(t *testing.T, u string) *a2ui.Node {
	t.Helper()
	props := `"url":{"literalString":"` + u + `"}`
	if u == "" {
		props = `"url":{"path":"/nothing"}`
	}
	_, n := surface(t, "s", one(`{"id":"root","component":{"Video":{`+props+`}}}`, nil, ""))
	return n
}

// mediaPlain is the text of a media box, one string per line, without
// the frame.
func mediaPlain(b Block) string {
	var out []string
	for _, l := range b.Lines {
		out = append(out, strings.Trim(ansi.Strip(l), " │|╭╮╰╯─+-"))
	}
	return strings.Join(out, "\n")
}

func TestVideoGolden(t *testing.T) {
	states := map[string]*Context{
		"color": textCtx(termenv.ANSI256, Options{}),
		"ascii": textCtx(termenv.ANSI256, Options{ASCII: true}),
	}
	goldenStates(t, "video_data", videoTree(t, videoURL("video/mp4", 1234)), states)
	goldenStates(t, "video_blocked", imgLenientTree(t, `{"id":"root","component":{"Video":{"url":{"literalString":"https://videos.example.com/intro.mp4"}}}}`), states)
	goldenStates(t, "video_empty", videoTree(t, ""), states)
}

func TestVideoPlaceholder(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	tests := []struct {
		name string
		n    *a2ui.Node
		want []string
		not  []string
	}{
		{"data", videoTree(t, videoURL("video/mp4", 1234)), []string{"▶ video", "video/mp4, 1.2 kB", "web mirror"}, []string{"not loaded"}},
		{"webm", videoTree(t, videoURL("video/webm", 300)), []string{"video/webm, 300 B"}, nil},
		{
			"blocked", imgLenientTree(t, `{"id":"root","component":{"Video":{"url":{"literalString":"https://videos.example.com/intro.mp4"}}}}`),
			[]string{"▶ video", "from videos.example.com — not loaded"},
			[]string{"web mirror"},
		},
		{"empty", videoTree(t, ""), []string{"▶ video", "nothing to play"}, []string{"web mirror"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := Render(tc.n, 60, c)
			checkBlock(t, b, 60)
			got := mediaPlain(b)
			for _, s := range tc.want {
				if !strings.Contains(got, s) {
					t.Errorf("lacks %q:\n%s", s, got)
				}
			}
			for _, s := range tc.not {
				if strings.Contains(got, s) {
					t.Errorf("holds %q:\n%s", s, got)
				}
			}
			if nat := Natural(tc.n, c); nat != ansi.StringWidth(strings.TrimRight(ansi.Strip(b.Lines[0]), " ")) {
				t.Errorf("Natural %d, drawn %q", nat, ansi.Strip(b.Lines[0]))
			}
			for w := 1; w <= 120; w++ {
				checkBlock(t, Render(tc.n, w, c), w)
			}
		})
	}
	// ASCII glyphs only.
	a := textCtx(termenv.ANSI256, Options{ASCII: true})
	for _, r := range ansi.Strip(Render(videoTree(t, videoURL("video/mp4", 10)), 40, a).String()) {
		if r > 0x7e {
			t.Errorf("ASCII mode drew %q", r)
		}
	}
}

func TestMediaSizes(t *testing.T) {
	for _, tc := range []struct {
		u    string
		want int
	}{
		{videoURL("video/mp4", 0), 0},
		{videoURL("video/mp4", 1), 1},
		{videoURL("video/mp4", 2), 2},
		{videoURL("video/mp4", 1234), 1234},
		{"data:video/mp4;base64,AAAA\nAAAA", 6},
		{"data:audio/wav,ab%20c", 4},
	} {
		d, err := parseDataURL(tc.u)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.size(); got != tc.want {
			t.Errorf("size of %.40q = %d, want %d", tc.u, got, tc.want)
		}
		if b, err := d.bytes(); err != nil || len(b) != tc.want {
			t.Errorf("bytes of %.40q: %d, %v; want %d", tc.u, len(b), err, tc.want)
		}
	}
	for n, want := range map[int]string{
		0: "0 B", 999: "999 B", 1000: "1.0 kB", 1234: "1.2 kB", 45600: "46 kB",
		1_200_000: "1.2 MB", 34_000_000: "34 MB",
	} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
