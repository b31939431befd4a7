package a2ui

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files with the current output")

// samplesDir holds the official A2UI v0.8 streams shared beside the
// repository.
const samplesDir = "../../shared/a2ui-samples"

// golden compares got with the golden file at path, or rewrites it with
// -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the output (run go test -update and review the diff):\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// sampleSurface peeks at the surface a raw message is about, as lenient
// decoding reads it; "" when it does not decode.
func sampleSurface(raw []byte) string {
	m, _, err := DecodeMessage(raw, Options{Lenient: true})
	if err != nil {
		return ""
	}
	return m.SurfaceID()
}

// chunkBySurfaces splits a stream into consecutive groups naming at most
// MaxSurfaces surfaces each, keeping every surface's messages together and
// in order. Surfaces are independent in A2UI, so a sample that shows more
// surfaces than one canvas holds (the kitchen sink shows 20) is checked as
// several canvases instead of loosening the limit.
func chunkBySurfaces(raws [][]byte) [][][]byte {
	var chunks [][][]byte
	var names []map[string]bool
	home := map[string]int{}
	for _, raw := range raws {
		id := sampleSurface(raw)
		c, ok := home[id]
		if !ok {
			if len(chunks) == 0 || (id != "" && len(names[len(names)-1]) >= MaxSurfaces) {
				chunks = append(chunks, nil)
				names = append(names, map[string]bool{})
			}
			c = len(chunks) - 1
			if id != "" {
				home[id] = c
				names[c][id] = true
			}
		}
		chunks[c] = append(chunks[c], raw)
	}
	return chunks
}

// TestConformanceSamples applies every official sample with --lenient
// --each semantics: every message must be accepted except the stray v0.9
// "action" entry of the kitchen sink, refused as bad_message. The resolved
// tree of every shown surface is kept as a golden file.
func TestConformanceSamples(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(samplesDir, "*.json*"))
	if len(files) == 0 {
		t.Skipf("no A2UI samples at %s (the shared folder beside the repository); conformance not checked", samplesDir)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			raws, err := SplitStream(data)
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			index := 0
			refusals := 0
			for _, chunk := range chunkBySurfaces(raws) {
				c := New(Options{Lenient: true})
				for _, raw := range chunk {
					next, _, err := c.ApplyJSON([]json.RawMessage{raw})
					if err != nil {
						var e *Error
						if !errors.As(err, &e) {
							t.Fatalf("message %d: %v is not an *Error", index, err)
						}
						refusals++
						stray := name == "composer-theater-kitchen-sink.json" && e.Code == CodeBadMessage && strings.Contains(string(raw), `"action"`)
						if !stray {
							t.Errorf("message %d refused: %v", index, err)
						}
						fmt.Fprintf(&out, "refused message %d: %s\n", index, e.Code)
					} else {
						c = next
					}
					index++
				}
				for _, s := range c.Surfaces() {
					if !s.Shown() {
						fmt.Fprintf(&out, "== surface %s (not shown)\n", s.ID())
						continue
					}
					fmt.Fprintf(&out, "== surface %s\n%s", s.ID(), Dump(s.Tree()))
					again, _, err := resolveSurface(s, true, false)
					if err != nil || Dump(again) != Dump(s.Tree()) {
						t.Errorf("surface %s does not resolve to the same tree twice (%v)", s.ID(), err)
					}
				}
			}
			if index != len(raws) {
				t.Fatalf("applied %d of %d messages", index, len(raws))
			}
			wantRefusals := 0
			if name == "composer-theater-kitchen-sink.json" {
				wantRefusals = 1
			}
			if refusals != wantRefusals {
				t.Errorf("%d messages refused, want %d", refusals, wantRefusals)
			}
			golden(t, filepath.Join("testdata", "conformance", strings.TrimSuffix(name, filepath.Ext(name))+".golden"), out.String())
		})
	}
}
