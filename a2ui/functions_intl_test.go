package a2ui

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// intlScript runs the cases on stdin through JavaScript's Intl, as the
// official renderers call it (basic_functions.ts:289–345, :383), and
// prints the results as a JSON array.
const intlScript = `
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
if (process.versions.cldr !== '48.0') { console.log('"cldr ' + process.versions.cldr + '"'); process.exit(0); }
console.log(JSON.stringify(cases.map(c => {
  const v = c.v === '-0' ? -0 : Number(c.v);
  if (c.kind === 'plural') return new Intl.PluralRules(c.l).select(v);
  const o = {minimumFractionDigits: c.d < 0 ? undefined : c.d, maximumFractionDigits: c.d < 0 ? undefined : c.d, useGrouping: c.g};
  if (c.kind === 'currency') { o.style = 'currency'; o.currency = c.c; }
  return new Intl.NumberFormat(c.l, o).format(v);
})));
`

type intlCase struct {
	Kind string `json:"kind"`
	L    string `json:"l"`
	V    string `json:"v"`
	D    int    `json:"d"`
	G    bool   `json:"g"`
	C    string `json:"c,omitempty"`
}

// TestIntlAgreement compares number, currency and plural formatting with
// Intl on a few thousand values, when node is at hand with the CLDR
// version a2term's tables follow.
func TestIntlAgreement(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed; the agreement with Intl is not checked")
	}
	rng := rand.New(rand.NewSource(1))
	values := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.005, 2.675, 0.125, 999.9995, 1e21, 1e-7, 1e6, 2e6, 1.0004, 1.0005, math.Inf(1)}
	for i := 0; i < 120; i++ {
		switch i % 4 {
		case 0:
			values = append(values, math.Round(rng.Float64()*1e6)/100) // cents
		case 1:
			values = append(values, (rng.Float64()-0.5)*math.Pow(10, float64(rng.Intn(16))))
		case 2:
			values = append(values, float64(rng.Intn(5000))/8) // exact ties
		default:
			values = append(values, float64(rng.Intn(3_000_000)))
		}
	}
	var cases []intlCase
	for _, l := range []string{"en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "ja-JP"} {
		for _, v := range values {
			s := strconv.FormatFloat(v, 'g', -1, 64)
			if v == 0 && math.Signbit(v) {
				s = "-0"
			} else if math.IsInf(v, 1) {
				s = "Infinity"
			}
			cases = append(cases, intlCase{Kind: "plural", L: l, V: s})
			for _, d := range []int{-1, 0, 2, 3, 20} {
				cases = append(cases, intlCase{Kind: "number", L: l, V: s, D: d, G: d != 3})
			}
			for _, c := range []string{"USD", "EUR", "JPY", "GBP", "CHF", "KWD", "CNY", "THB", "XOF", "QQQ"} {
				cases = append(cases, intlCase{Kind: "currency", L: l, V: s, D: -1, G: true, C: c})
			}
		}
	}
	in, _ := json.Marshal(cases)
	cmd := exec.Command(node, "-e", intlScript)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	if s := strings.TrimSpace(string(out)); strings.HasPrefix(s, `"cldr`) {
		t.Skipf("node's Intl has %s, not the CLDR 48 a2term's tables follow; the agreement is not checked", strings.Trim(s, `"`))
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(cases) {
		t.Fatalf("node printed %d results (%v) for %d cases", len(want), err, len(cases))
	}
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
