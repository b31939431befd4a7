package components

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// lenientTree resolves a stream in lenient mode and returns its root.
func lenientTree(t *testing.T, stream string) *a2ui.Node {
	t.Helper()
	var raws []json.RawMessage
	for _, l := range strings.Split(strings.TrimSpace(stream), "\n") {
		raws = append(raws, json.RawMessage(l))
	}
	c, _, err := a2ui.New(a2ui.Options{Lenient: true}).ApplyJSON(raws)
	if err != nil {
		t.Fatalf("stream refused: %v", err)
	}
	return c.Surface("s").Tree()
}

func TestPlaceholderDrawsWhatCannotBeDrawn(t *testing.T) {
	ctx := &Context{Theme: testTheme(termenv.TrueColor), State: NewState()}
	cases := []struct {
		name, stream string
		w            int
		want         string
	}{
		{
			"a root not sent yet", `{"beginRendering":{"surfaceId":"s","root":"root"}}`, 40,
			"… waiting for its components",
		},
		{
			"a child not sent yet", one(`{"id":"root","component":{"Column":{"children":{"explicitList":["later"]}}}}`, nil, ""), 40,
			"… later",
		},
		{
			"a custom type alone", one(`{"id":"root","component":{"OrgChart":{"chain":{"path":"/h"}}}}`, nil, ""), 60,
			"▢ OrgChart — not in the standard catalog",
		},
		{
			"a custom type holding its children", one(`{"id":"root","component":{"WebFrame":{"children":{"explicitList":["a","b"]}}}}`,
				[]string{`{"id":"a","component":{"Text":{"text":{"literalString":"Alpha"}}}}`, `{"id":"b","component":{"Text":{"text":{"literalString":"Beta"}}}}`}, ""), 24,
			"╭╌ ▢ WebFrame ╌╌╌╌╌╌╌╌╌╮\n╎ Alpha                ╎\n╎ Beta                 ╎\n╰╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╯",
		},
		{
			"too narrow for the frame", one(`{"id":"root","component":{"WebFrame":{"child":"a"}}}`,
				[]string{`{"id":"a","component":{"Text":{"text":{"literalString":"Alpha"}}}}`}, ""), 7,
			"▢ WebFr\nAlpha",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := lenientTree(t, tc.stream)
			b := Render(n, tc.w, ctx)
			checkBlock(t, b, tc.w)
			if got := plain(b); got != tc.want {
				t.Errorf("drawn\n%s\nwant\n%s", got, tc.want)
			}
			if nw := Natural(n, ctx); nw > 60 || nw < 4 {
				t.Errorf("natural width %d", nw)
			}
		})
	}
}
