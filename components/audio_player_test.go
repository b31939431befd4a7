package components

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

func audioTree(t *testing.T, u, desc string) *a2ui.Node {
	t.Helper()
	props := `"url":{"literalString":"` + u + `"}`
	if u == "" {
		props = `"url":{"path":"/nothing"}`
	}
	if desc != "" {
		d, _ := json.Marshal(desc)
		props += `,"description":{"literalString":` + string(d) + `}`
	}
	_, n := surface(t, "s", one(`{"id":"root","component":{"AudioPlayer":{`+props+`}}}`, nil, ""))
	return n
}

func TestAudioPlayerGolden(t *testing.T) {
	states := map[string]*Context{
		"color": textCtx(termenv.ANSI256, Options{}),
		"ascii": textCtx(termenv.ANSI256, Options{ASCII: true}),
	}
	goldenStates(t, "audio_data", audioTree(t, videoURL("audio/mpeg", 34_567), "Morning briefing: weather, traffic and the three meetings you have today"), states)
	goldenStates(t, "audio_nodesc", audioTree(t, videoURL("audio/ogg", 800), ""), states)
	goldenStates(t, "audio_blocked", imgLenientTree(t, `{"id":"root","component":{"AudioPlayer":{"url":{"literalString":"https://pods.example.org/ep12.mp3"},"description":{"literalString":"Episode 12"}}}}`), states)
}

func TestAudioPlayerPlaceholder(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	tests := []struct {
		name string
		n    *a2ui.Node
		want []string
		not  []string
	}{
		{
			"data", audioTree(t, videoURL("audio/mpeg", 34_567), "Morning briefing"),
			[]string{"♪ audio", "Morning briefing", "audio/mpeg, 35 kB", "web mirror"},
			[]string{"not loaded"},
		},
		{
			"multi-line description", audioTree(t, videoURL("audio/wav", 10), "Line one\nLine two"),
			[]string{"Line one\nLine two", "audio/wav, 10 B"},
			nil,
		},
		{
			"blocked", imgLenientTree(t, `{"id":"root","component":{"AudioPlayer":{"url":{"literalString":"https://pods.example.org/ep12.mp3"},"description":{"literalString":"Episode 12"}}}}`),
			[]string{"Episode 12", "from pods.example.org — not loaded"},
			[]string{"web mirror"},
		},
		{"empty", audioTree(t, "", "Soon"), []string{"Soon", "nothing to play"}, []string{"web mirror"}},
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
	// The description is the person's first clue: bold, on top.
	b := Render(audioTree(t, videoURL("audio/mpeg", 10), "Episode 12"), 40, c)
	if !strings.Contains(b.Lines[1], c.Theme.Bold.Render("Episode 12")) {
		t.Errorf("description not drawn bold: %q", b.Lines[1])
	}
}
