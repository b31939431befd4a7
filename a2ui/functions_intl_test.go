package a2ui

import (
	"encoding/json"
	"os"
	"testing"
)

// intlFile holds JavaScript Intl's results for a grid of cases, as the
// official renderers call it (basic_functions.ts:289–345, :383), under
// the CLDR a2term's tables follow: written by .ci/node/intl-cases.mjs
// and checked against Intl by .ci/node/intl.test.mjs, so that go test
// runs no node.
const intlFile = "testdata/intl-cldr48.json"

// intlCLDR is the version of the Unicode CLDR a2term's tables follow.
const intlCLDR = "48.0"

// intlGrid is intlFile: the grid's axes and Intl's result for each case,
// in the order intlCases builds them.
type intlGrid struct {
	CLDR    string   `json:"cldr"`
	Locales []string `json:"locales"`
	// Values are JavaScript number strings ("-0", "Infinity", "1e+21").
	Values []string `json:"values"`
	// Numbers are the number formats' settings; Digits -1 is Intl's
	// default, 0 to 3 fraction digits.
	Numbers []struct {
		Digits   int  `json:"digits"`
		Grouping bool `json:"grouping"`
	} `json:"numbers"`
	Currencies []string `json:"currencies"`
	Results    []string `json:"results"`
}

type intlCase struct {
	Kind string
	L    string
	V    string
	D    int
	G    bool
	C    string
}

// intlCases builds g's grid in the file's order: for each locale, for
// each value, its plural category, then each number format, then each
// currency (with its own digits, grouped).
func intlCases(g *intlGrid) []intlCase {
	var cases []intlCase
	for _, l := range g.Locales {
		for _, v := range g.Values {
			cases = append(cases, intlCase{Kind: "plural", L: l, V: v})
			for _, n := range g.Numbers {
				cases = append(cases, intlCase{Kind: "number", L: l, V: v, D: n.Digits, G: n.Grouping})
			}
			for _, c := range g.Currencies {
				cases = append(cases, intlCase{Kind: "currency", L: l, V: v, D: -1, G: true, C: c})
			}
		}
	}
	return cases
}

// TestIntlAgreement compares number, currency and plural formatting with
// Intl's results on a few thousand values.
func TestIntlAgreement(t *testing.T) {
	data, err := os.ReadFile(intlFile)
	if err != nil {
		t.Fatal(err)
	}
	var g intlGrid
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatalf("%s: %v", intlFile, err)
	}
	if g.CLDR != intlCLDR {
		t.Fatalf("%s holds Intl's results under CLDR %q, not the CLDR %s a2term's tables follow", intlFile, g.CLDR, intlCLDR)
	}
	cases := intlCases(&g)
	if len(cases) == 0 || len(g.Results) != len(cases) {
		t.Fatalf("%s holds %d results for %d cases", intlFile, len(g.Results), len(cases))
	}
	want := g.Results
	bad := 0
	for i, c := range cases {
		v := jsStringToNumber(c.V)
		l := LookupLocale(c.L)
		var got string
		switch c.Kind {
		case "plural":
			got = l.pluralCategory(v)
		case "number":
			lo, hi := c.D, c.D
			if c.D < 0 {
				lo, hi = 0, 3
			}
			got = l.formatDecimal(v, lo, hi, c.G)
		case "currency":
			n := currencyFractionDigits(c.C)
			got = l.formatCurrency(v, c.C, n, n, c.G)
		}
		if got != want[i] {
			if bad++; bad <= 20 {
				t.Errorf("%s %s %s d=%d %s: got %q, Intl %q", c.Kind, c.L, c.V, c.D, c.C, got, want[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ from Intl", bad, len(cases))
	}
}
