package a2ui

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Dump writes a resolved tree as indented text, one node a line: its type,
// its id, its weight when it has one, its properties as JSON and what it
// tells assistive technologies, when anything. It is the
// form golden files and `a2term validate` use to show what a surface
// resolves to, and it is deterministic for the same state.
func Dump(n *Node) string {
	var b strings.Builder
	dump(&b, n, 0)
	return b.String()
}

func dump(b *strings.Builder, n *Node, depth int) {
	if n == nil {
		return
	}
	b.WriteString(strings.Repeat("  ", depth))
	b.WriteString(n.Type)
	b.WriteByte(' ')
	b.WriteString(n.ID)
	if n.Weight != 0 {
		b.WriteString(" weight=")
		b.WriteString(formatNumber(n.Weight))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(n.Props); err == nil {
		if p := strings.TrimSpace(buf.String()); p != "{}" && p != "null" {
			b.WriteByte(' ')
			b.WriteString(p)
		}
	}
	if n.Accessibility != nil {
		buf.Reset()
		if err := enc.Encode(n.Accessibility); err == nil {
			b.WriteString(" accessibility=")
			b.WriteString(strings.TrimSpace(buf.String()))
		}
	}
	b.WriteByte('\n')
	for _, c := range n.Children {
		dump(b, c, depth+1)
	}
}
