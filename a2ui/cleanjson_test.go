package a2ui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// cleanJSONByByte is cleanJSON as first written, one byte at a time: the
// reference the faster one is checked against.
func (d *decoder) cleanJSONByByte(v jval) []byte {
	raw := d.src[v.start:v.end]
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
		default:
			out = append(out, c)
			continue
		}
		j := i + 1
		plain := true
		for ; j < len(raw) && raw[j] != '"'; j++ {
			if raw[j] == '\\' {
				j++
				plain = false
			} else if raw[j] < 0x20 || raw[j] > 0x7e {
				plain = false
			}
		}
		tok := raw[i : j+1]
		if s, ok := d.cleaned[v.start+int32(i)]; ok {
			out = appendJSONString(out, s)
		} else if plain {
			out = append(out, tok...)
		} else if jv, err := parseJSON(tok); err == nil && jv.kind == jString {
			if s := SanitizeLine(jv.str()); s != jv.str() {
				out = appendJSONString(out, s)
			} else {
				out = append(out, tok...)
			}
		} else {
			out = append(out, tok...)
		}
		i = j
	}
	return out
}

// TestCleanJSONMatchesByteByByte decodes random components of both
// versions, spaced out and full of strings that need cleaning (escapes,
// line breaks, controls, bidi marks, wide and invalid text, in read and in
// ignored properties), and checks that each component's stored JSON is
// what the byte-by-byte reference makes of it.
func TestCleanJSONMatchesByteByByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	texts := []string{`plain`, `two\nlines`, `tab\there`, `esc \u001b[31m red`, `bidi \u202e!`, `quote \" and \\ slash`,
		`漢字 and 👍🏽`, `\ud83d\ude00 pair`, `\ud800 lone`, `emoji 🇫🇷`, ``, `a\u0000b`, `zero\u200bwidth`, "del\x7f", "\xffbad"}
	space := []string{"", " ", "\n  ", "\t", "\r\n"}
	compact := false // a third of the documents: no spaces, and printable ASCII but for a few strings
	sp := func() string {
		if compact {
			return ""
		}
		return space[rng.IntN(len(space))]
	}
	str := func() string {
		if plain := []string{`plain`, ``, `Save`, `a b ~{}[]:,`}; compact && rng.IntN(8) > 0 {
			return `"` + plain[rng.IntN(len(plain))] + `"`
		}
		return `"` + texts[rng.IntN(len(texts))] + `"`
	}
	for round := range 300 {
		compact = round%3 == 2
		var comps []string
		v09 := round%2 == 1
		for i := range 1 + rng.IntN(6) {
			var c string
			if v09 {
				c = fmt.Sprintf(`{%s"id"%s:%s"c%d",%s"component":"Text",%s"text":%s%s,"variant":%s"body"%s}`, sp(), sp(), sp(), i, sp(), sp(), sp(), str(), sp(), sp())
			} else {
				c = fmt.Sprintf(`{%s"id":"c%d",%s"component":{%s"Text":{"text":{%s"literalString":%s%s},%s"x-ignored%s":%s%s}}%s}`, sp(), i, sp(), sp(), sp(), sp(), str(), sp(), []string{"", "é", "\x7f"}[rng.IntN(3)], sp(), str(), sp())
			}
			comps = append(comps, c)
		}
		var raw string
		if v09 {
			raw = `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` + strings.Join(comps, ","+sp()) + `]}}`
		} else {
			raw = `{"surfaceUpdate":{"surfaceId":"s","components":[` + strings.Join(comps, ","+sp()) + `]}}`
		}
		d := &decoder{opts: Options{Lenient: true}}
		m := d.message([]byte(raw))
		if d.err != nil {
			t.Fatalf("%s: %v", raw, d.err)
		}
		var got [][]byte
		if v09 {
			for _, c := range m.UpdateComponents.Components {
				got = append(got, c.raw)
			}
		} else {
			for _, c := range m.SurfaceUpdate.Components {
				got = append(got, c.raw)
			}
		}
		doc, err := parseJSON(d.src)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := doc.member(map[bool]string{false: "surfaceUpdate", true: "updateComponents"}[v09])
		list, _ := body.member("components")
		if len(list.vals()) != len(got) {
			t.Fatalf("%d components decoded of %d", len(got), len(list.vals()))
		}
		for i, jv := range list.vals() {
			if want := d.cleanJSONByByte(jv); string(got[i]) != string(want) {
				t.Errorf("component %d of %s:\n got %s\nwant %s", i, raw, got[i], want)
			}
		}
		d.release()
	}
}
