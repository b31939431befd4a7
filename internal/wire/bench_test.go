package wire

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchDoc is a canvas.show's params of about 500 components.
func benchDoc() []byte {
	var comps []string
	for i := 0; i < 125; i++ {
		comps = append(comps, fmt.Sprintf(`{"id":"row%d","component":{"Row":{"children":{"explicitList":["t%d","f%d","b%d"]},"alignment":"center"}}},{"id":"t%d","weight":1,"component":{"Text":{"text":{"path":"/items/k%d/label"}}}},{"id":"f%d","weight":2,"component":{"TextField":{"label":{"literalString":"Value %d"},"text":{"path":"/items/k%d/value"}}}},{"id":"b%d","component":{"Button":{"child":"bl","action":{"name":"save","context":[{"key":"v","value":{"path":"/items/k%d/value"}}]}}}}`, i, i, i, i, i, i, i, i, i, i, i))
	}
	return []byte(`{"messages":[{"surfaceUpdate":{"surfaceId":"big","components":[` + strings.Join(comps, ",") + `]}}]}`)
}

// BenchmarkValid checks a canvas.show's params; BenchmarkValidStd is
// encoding/json doing the same, for comparison.
func BenchmarkValid(b *testing.B) {
	d := benchDoc()
	b.SetBytes(int64(len(d)))
	for b.Loop() {
		if !Valid(d) {
			b.Fatal("not valid")
		}
	}
}

func BenchmarkValidStd(b *testing.B) {
	d := benchDoc()
	b.SetBytes(int64(len(d)))
	for b.Loop() {
		if !json.Valid(d) {
			b.Fatal("not valid")
		}
	}
}

// BenchmarkSplit finds the messages of those params, already checked,
// as the server does; BenchmarkSplitChecking does it with Members and
// Elements, which check them again.
func BenchmarkSplit(b *testing.B) {
	d := benchDoc()
	b.SetBytes(int64(len(d)))
	for b.Loop() {
		n := 0
		err := SplitMembers(d, func(_, v []byte) error {
			return SplitElements(v, func([]byte) error { n++; return nil })
		})
		if err != nil || n != 1 {
			b.Fatal(err, n)
		}
	}
}

func BenchmarkSplitChecking(b *testing.B) {
	d := benchDoc()
	b.SetBytes(int64(len(d)))
	for b.Loop() {
		n := 0
		err := Members(d, func(_, v []byte) error {
			return Elements(v, func([]byte) error { n++; return nil })
		})
		if err != nil || n != 1 {
			b.Fatal(err, n)
		}
	}
}
