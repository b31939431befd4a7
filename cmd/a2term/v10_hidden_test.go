//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
)

// TestV10HiddenFromAssistiveTechOnly: accessibility.hidden keeps a
// component and its children from assistive technologies, not from the
// eye (the specification's common_types.json, AccessibilityAttributes):
// the full-screen view draws a hidden column, its text and its button,
// and plain mode, which is what a screen reader reads, says none of
// them, whether hidden is written as true or bound to the data model;
// the rest of the surface is said as usual.
func TestV10HiddenFromAssistiveTechOnly(t *testing.T) {
	stream := filepath.Join(t.TempDir(), "hidden-v10.jsonl")
	if err := os.WriteFile(stream, []byte(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"`+a2ui.BasicCatalogV10ID+`","components":[`+
		`{"id":"root","component":"Column","children":["said","deco","aside"]},`+
		`{"id":"said","component":"Text","text":"Your order is ready"},`+
		`{"id":"deco","component":"Text","text":"An ornament for the eye","accessibility":{"hidden":true}},`+
		`{"id":"aside","component":"Column","children":["note","more"],"accessibility":{"hidden":{"path":"/quiet"}}},`+
		`{"id":"note","component":"Text","text":"Printed on recycled pixels"},`+
		`{"id":"more","component":"Button","child":"more-label","action":{"event":{"name":"more"}}},{"id":"more-label","component":"Text","text":"Tell me more"}],`+
		`"dataModel":{"quiet":true}}}
`), 0o600); err != nil {
		t.Fatal(err)
	}
	hidden := []string{"An ornament for the eye", "Printed on recycled pixels", "Tell me more"}

	code, frame, errOut := runCmd(t, "render", "--width", "80", "--height", "24", stream)
	if code != 0 {
		t.Fatalf("render: exit %d: %s", code, errOut)
	}
	for _, want := range append([]string{"Your order is ready"}, hidden...) {
		if !strings.Contains(frame, want) {
			t.Errorf("the full-screen view does not draw %q:\n%s", want, frame)
		}
	}

	bin := buildBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "replay", "--plain", stream)
	cmd.Env = append(withoutEnv("COLUMNS", "A2TERM_PLAIN"), "TERM=xterm-256color")
	cmd.Stdin = strings.NewReader("")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("a2term replay --plain: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "Your order is ready") {
		t.Errorf("plain mode does not say the surface's text:\n%s", out)
	}
	for _, text := range hidden {
		if strings.Contains(out, text) {
			t.Errorf("plain mode says %q, which is hidden from assistive technologies:\n%s", text, out)
		}
	}
}
