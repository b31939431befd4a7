package a2ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConformanceSamplesV09 applies every official v0.9.1 example, read
// from its {"name", "description", "messages"} file by SplitStream, in
// strict mode: as one batch, and message by message as a progressive
// stream arrives. Both must be accepted and end with the same trees; the
// resolved tree of every surface, with the warnings, is a golden file.
func TestConformanceSamplesV09(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(samplesV09Dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("no A2UI v0.9 samples at %s (the shared folder beside the repository); v0.9 conformance not checked", samplesV09Dir)
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
			if len(raws) < 2 {
				t.Fatalf("read %d messages from the sample's wrapper", len(raws))
			}
			batch, warns, err := New(Options{}).ApplyJSON(toRaw(raws))
			if err != nil {
				t.Fatalf("refused as one batch: %v", err)
			}
			each := New(Options{})
			for i, raw := range raws {
				next, _, err := each.ApplyJSON([]json.RawMessage{raw})
				if err != nil {
					t.Fatalf("message %d refused on its own: %v", i, err)
				}
				each = next
			}
			var out strings.Builder
			for _, w := range warns {
				fmt.Fprintf(&out, "%s\n", w)
			}
			for _, s := range batch.Surfaces() {
				if s.Protocol() != ProtocolV09 || !s.Shown() {
					t.Errorf("surface %s: protocol %s, shown %v", s.ID(), s.Protocol(), s.Shown())
				}
				fmt.Fprintf(&out, "== surface %s (%s)\n%s", s.ID(), s.CatalogID(), Dump(s.Tree()))
				if got := Dump(each.Surface(s.ID()).Tree()); got != Dump(s.Tree()) {
					t.Errorf("surface %s: message by message it resolves to\n%s\nas one batch to\n%s", s.ID(), got, Dump(s.Tree()))
				}
				again, _, err := resolveSurface(s, false, false)
				if err != nil || Dump(again) != Dump(s.Tree()) {
					t.Errorf("surface %s does not resolve to the same tree twice (%v)", s.ID(), err)
				}
			}
			golden(t, filepath.Join("testdata", "conformance-v09", strings.TrimSuffix(name, filepath.Ext(name))+".golden"), out.String())
		})
	}
}
