package a2ui

import "testing"

func BenchmarkTmpResolve500V09(b *testing.B) {
	c, _, err := New(Options{}).ApplyJSON(bench500V09())
	if err != nil {
		b.Fatal(err)
	}
	s := c.Surface("big")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := resolveSurface(s, false, false); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTmpDecode500V09(b *testing.B) {
	batch := bench500V09()
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range batch[1:] {
			if _, _, err := decodeMessage(m, Options{}, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}
