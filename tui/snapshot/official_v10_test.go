package snapshot

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// examplesV10Dir holds the specification's v1.0 examples, beside the
// repository; the project does not copy them.
const examplesV10Dir = "../../../shared/a2ui-v1_0/examples"

// TestOfficialExamplesV10OnScreen renders every official v1.0 example as
// the terminal draws it, strictly, and checks that each literal text of
// it (a Text's text, a label, an option's label) is on screen, Markdown
// markers aside: the a2ui package checks the resolved tree, this the
// frame a person sees. A text inside a Modal is looked for with the Modal
// open.
func TestOfficialExamplesV10OnScreen(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(examplesV10Dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("no official v1.0 examples in %s: the frames are not checked", examplesV10Dir)
	}
	checked := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			in := load(t, f, "")
			var doc any
			if err := json.Unmarshal(in.Stream, &doc); err != nil {
				t.Fatal(err)
			}
			texts := literalTexts(doc, nil)
			checked += len(texts)
			// As tall as every example needs, as wide as a terminal and
			// wider: a text wrapped at 80 columns is found all the same.
			for _, width := range []int{80, 160} {
				look := Look{Width: width, Height: 200}
				frame, err := Render(in, Options{Look: look})
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				screen := onScreen(string(frame))
				for _, id := range modals(doc) {
					opened, err := Render(in, Options{Look: look, Open: id})
					if err != nil {
						t.Fatalf("opening %s: %v", id, err)
					}
					screen += onScreen(string(opened))
				}
				for _, text := range texts {
					for _, line := range strings.Split(text, "\n") {
						if want := plainText(line); want != "" && !strings.Contains(screen, want) {
							t.Errorf("at %d columns, %q is not on screen:\n%s", width, want, frame)
						}
					}
				}
			}
		})
	}
	if checked < 50 {
		t.Errorf("only %d literal texts were looked for in %d examples: the test reads too little", checked, len(files))
	}
}

// literalTexts returns every text a component writes as a literal (not
// bound, not a call, no ${…}): a Text's text, a label, an option's label.
func literalTexts(v any, out []string) []string {
	switch x := v.(type) {
	case map[string]any:
		_, component := x["component"]
		_, option := x["value"]
		for _, key := range []string{"text", "label"} {
			if s, ok := x[key].(string); ok && (component || option && key == "label") && !strings.Contains(s, "${") {
				out = append(out, s)
			}
		}
		for _, y := range x {
			out = literalTexts(y, out)
		}
	case []any:
		for _, y := range x {
			out = literalTexts(y, out)
		}
	}
	return out
}

// modals returns the ids of the Modal components in the example.
func modals(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		if id, ok := x["id"].(string); ok && x["component"] == "Modal" {
			out = append(out, id)
		}
		for _, y := range x {
			out = append(out, modals(y)...)
		}
	case []any:
		for _, y := range x {
			out = append(out, modals(y)...)
		}
	}
	return out
}

var (
	markdownLink  = regexp.MustCompile(`\[([^\]]*)\]\(([^)]*)\)`)
	markdownMarks = regexp.MustCompile(`^\s*(#+\s*|[-*+]\s+|\d+\.\s+|>\s*)|\*\*|__|\*|~~|` + "`")
	spaces        = regexp.MustCompile(`\s+`)
	boxEdges      = regexp.MustCompile(`[│┃║|]`)
)

// plainText is a line of Markdown as drawn: its markers gone, its spaces
// one.
func plainText(line string) string {
	line = markdownLink.ReplaceAllString(line, "$1 ($2)")
	return strings.TrimSpace(spaces.ReplaceAllString(markdownMarks.ReplaceAllString(line, ""), " "))
}

// onScreen is a frame's text with the box edges gone and the spaces made
// one, so that a text is found whatever it is drawn inside.
func onScreen(frame string) string {
	return spaces.ReplaceAllString(boxEdges.ReplaceAllString(frame, " "), " ")
}
