package tui

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// fixedClock keeps transcript times and date inputs stable in frames.
func fixedClock() time.Time { return time.Date(2026, 1, 2, 9, 30, 0, 0, time.UTC) }

func testOptions(profile termenv.Profile) Options {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(profile)
	r.SetHasDarkBackground(true)
	return Options{Renderer: r, Now: fixedClock}
}

// boardFrom shows a stream on a new board, message by message and
// leniently (as the samples need), failing on refusals unless allowed.
func boardFrom(t testing.TB, data []byte, lenient bool) *hub.Board {
	t.Helper()
	raws, err := a2ui.SplitStream(data)
	if err != nil {
		t.Fatal(err)
	}
	b := hub.NewBoard(a2ui.Options{Lenient: lenient}, fixedClock)
	if !lenient {
		msgs := make([]json.RawMessage, len(raws))
		for i, r := range raws {
			msgs[i] = r
		}
		if _, _, err := b.Show(msgs); err != nil {
			t.Fatalf("refused: %v", err)
		}
		return b
	}
	for _, r := range raws {
		b.Show([]json.RawMessage{r}) // a refused message changes nothing
	}
	return b
}

// fixtures returns the streams frames are checked on: the project's own,
// and the official samples when the shared folder is there.
func fixtures(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, pattern := range []string{"../testdata/streams/*.json*", "../../shared/a2ui-samples/*.json*"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[filepath.Base(f)] = data
		}
	}
	if len(out) == 0 {
		t.Fatal("no fixtures found")
	}
	return out
}

// badEscape returns the first byte sequence in s that is not plain text or
// SGR styling: any other escape, a C0 control but newline, DEL, a C1
// control, or a bidi override.
func badEscape(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0x1b:
			if i+1 < len(s) && s[i+1] == '[' {
				j := i + 2
				for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
					j++
				}
				if j < len(s) && s[j] == 'm' {
					i = j
					continue
				}
			}
			return s[i:min(len(s), i+10)]
		case c < 0x20 && c != '\n', c == 0x7f:
			return s[i:min(len(s), i+4)]
		}
	}
	for _, r := range s {
		if (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200b || r == 0xfeff {
			return string(r)
		}
	}
	return ""
}

func lines(frame string) []string { return strings.Split(frame, "\n") }

// showRaws cuts a stream into the messages of one batch.
func showRaws(t testing.TB, data []byte) []json.RawMessage {
	t.Helper()
	raws, err := a2ui.SplitStream(data)
	if err != nil {
		t.Fatal(err)
	}
	msgs := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		msgs[i] = r
	}
	return msgs
}
