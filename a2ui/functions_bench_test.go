package a2ui

import "testing"

// BenchmarkFormatString evaluates a formatString whose expression nests
// calls three deep (pluralize → formatString → formatNumber) beside a
// currency, as a Text bound to a cart would show it on every redraw that
// touches the cart. The target is under 5 µs.
func BenchmarkFormatString(b *testing.B) {
	p := dynParser{fns: basicFunctions, paths: true}
	d, err := p.value(mustJSON(b, `{"call":"formatString","args":{"value":
		"${pluralize(value: ${/cart/count}, one: 'One item', other: ${formatString(value: ${formatNumber(value: ${/cart/count})})})} for ${formatCurrency(value: ${/cart/total}, currency: 'EUR')}"},
		"returnType":"string"}`), typeString, "/text")
	if err != nil {
		b.Fatal(err)
	}
	e := testEnv(b, `{"cart":{"count":1234,"total":5678.9}}`, "de-DE", nil)
	if got, _ := evalText(d, e); got != "1.234 for 5.678,90\u00a0€" {
		b.Fatalf("got %q", got)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.reads = e.reads[:0]
		if _, err := evalText(d, e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseFormatString parses and binds the same value, as a batch
// carrying it does once.
func BenchmarkParseFormatString(b *testing.B) {
	v := mustJSON(b, `{"call":"formatString","args":{"value":
		"${pluralize(value: ${/cart/count}, one: 'One item', other: ${formatString(value: ${formatNumber(value: ${/cart/count})})})} for ${formatCurrency(value: ${/cart/total}, currency: 'EUR')}"},
		"returnType":"string"}`)
	p := dynParser{fns: basicFunctions, paths: true}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := p.value(v, typeString, "/text"); err != nil {
			b.Fatal(err)
		}
	}
}
