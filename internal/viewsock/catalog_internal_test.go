package viewsock

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

// TestSentCatalogsBounded checks that the catalog definitions a view is
// sent are read with the bounds of a definition a2term reads from a file:
// too many, one too big or one a2term refuses is an error naming why,
// never a catalog the view's copy draws with.
func TestSentCatalogsBounded(t *testing.T) {
	def := func(i int) sentCatalog {
		return sentCatalog{Source: fmt.Sprintf("c%d.json", i), Definition: json.RawMessage(fmt.Sprintf(`{"catalogId":"https://example.com/c%d"}`, i))}
	}
	var many canvasOptions
	for i := range a2ui.MaxCatalogs + 1 {
		many.Catalogs = append(many.Catalogs, def(i))
	}
	big := `{"catalogId":"https://example.com/big","description":"` + strings.Repeat("x", a2ui.MaxCatalogBytes) + `"}`
	deep := `{"catalogId":"https://example.com/deep","$defs":` + strings.Repeat(`{"a":`, a2ui.MaxCatalogDepth+1) + `1` + strings.Repeat(`}`, a2ui.MaxCatalogDepth+1) + `}`
	for _, tc := range []struct {
		name string
		o    canvasOptions
		want string
	}{
		{"too many", many, "over the limit of 16"},
		{"too big", canvasOptions{Catalogs: []sentCatalog{{Source: "big.json", Definition: json.RawMessage(big)}}}, "big.json: the file is over the limit"},
		{"too deep", canvasOptions{Catalogs: []sentCatalog{{Source: "deep.json", Definition: json.RawMessage(deep)}}}, "deep.json: nested more than"},
		{"a basic name", canvasOptions{Catalogs: []sentCatalog{{Source: "own.json", Definition: json.RawMessage(`{"catalogId":"` + a2ui.BasicCatalogV10ID + `"}`)}}}, "one of a2term's own catalogs"},
	} {
		opts, err := tc.o.options()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
		if len(opts.Catalogs) == len(tc.o.Catalogs) {
			t.Errorf("%s: every definition was taken", tc.name)
		}
	}
	one := canvasOptions{Catalogs: []sentCatalog{def(1)}}
	if opts, err := one.options(); err != nil || len(opts.Catalogs) != 1 || opts.Catalogs[0].ID != "https://example.com/c1" || opts.Catalogs[0].Source != "c1.json" {
		t.Errorf("one definition: %v %v", opts.Catalogs, err)
	}
}
