package a2ui

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestHeapStaysAcrossUpdates redefines components of a 500-component
// surface and writes its values, one small message at a time, in both
// versions, and checks that the heap a canvas needs does not grow with the
// number of updates: nodes, values and paths come from blocks shared by
// neighbours, and a block kept for one live neighbour must not keep every
// earlier version alive through the dead ones it holds.
func TestHeapStaysAcrossUpdates(t *testing.T) {
	for _, v09 := range []bool{false, true} {
		batch := bench500()
		if v09 {
			batch = bench500V09()
		}
		c, _, err := New(Options{}).ApplyJSON(batch)
		if err != nil {
			t.Fatal(err)
		}
		update := func(i int) {
			var msg string
			switch {
			case v09 && i%2 == 0:
				msg = fmt.Sprintf(`{"version":"v0.9","updateComponents":{"surfaceId":"big","components":[{"id":"t%d","component":"Text","text":"changed %d"},{"id":"f%d","component":"TextField","label":"L%d","value":{"path":"/items/%d/value"},"checks":[{"call":"regex","args":{"value":{"path":"/items/%d/value"},"pattern":"^[a-z]*$"},"message":"m"}]}]}}`, i%124, i, (i*7)%124, i, (i*7)%124, (i*7)%124)
			case v09:
				msg = fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"big","path":"/items/%d/value","value":"v%d"}}`, i%250, i)
			case i%2 == 0:
				msg = fmt.Sprintf(`{"surfaceUpdate":{"surfaceId":"big","components":[{"id":"t%d","component":{"Text":{"text":{"literalString":"changed %d"}}}}]}}`, i%124, i)
			default:
				msg = fmt.Sprintf(`{"dataModelUpdate":{"surfaceId":"big","path":"/items/k%d/value","contents":[{"key":".","valueString":"v%d"}]}}`, i%250, i)
			}
			if c, _, err = c.ApplyJSON([]json.RawMessage{json.RawMessage(msg)}); err != nil {
				t.Fatal(err)
			}
		}
		if before, after := heapGrowth(300, update); after > before+before/4 {
			t.Errorf("v0.9 %v: the heap grew from %d KB after 300 updates to %d KB after 1500", v09, before>>10, after>>10)
		}
		runtime.KeepAlive(c)
	}
}

// TestHeapStaysAcrossItemReplacements replaces one item after another of a
// 300-item template list, which keeps the other items' nodes and makes
// new ones for the replaced item, and checks that the heap does not grow
// with the number of replacements.
func TestHeapStaysAcrossItemReplacements(t *testing.T) {
	var items []string
	for i := range 300 {
		items = append(items, fmt.Sprintf(`{"name":"Item %d","qty":%d}`, i, i))
	}
	c, _, err := New(Options{}).ApplyJSON([]json.RawMessage{
		json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"list","catalogId":"` + BasicCatalogV09ID + `"}}`),
		json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"list","components":[{"id":"root","component":"List","children":{"componentId":"item","path":"/items"}},` +
			`{"id":"item","component":"Row","children":["name","qty"]},{"id":"name","component":"Text","text":{"path":"name"}},{"id":"qty","component":"Text","text":{"path":"qty"}}]}}`),
		json.RawMessage(`{"version":"v0.9","updateDataModel":{"surfaceId":"list","value":{"items":[` + strings.Join(items, ",") + `]}}}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	update := func(i int) {
		msg := fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"list","path":"/items/%d","value":{"name":"New %d","qty":%d}}}`, (i*37)%300, i, i)
		if c, _, err = c.ApplyJSON([]json.RawMessage{json.RawMessage(msg)}); err != nil {
			t.Fatal(err)
		}
	}
	if before, after := heapGrowth(500, update); after > before+before/4 {
		t.Errorf("the heap grew from %d KB after 500 replacements to %d KB after 2500", before>>10, after>>10)
	}
	runtime.KeepAlive(c)
}

// heapGrowth runs update n times, then four times as often again, and
// returns the heap's size after each run: a heap that kept a little of
// every update would grow by far more than a quarter.
func heapGrowth(n int, update func(i int)) (before, after uint64) {
	i := 0
	for ; i < n; i++ {
		update(i)
	}
	before = heapInUse()
	for ; i < 5*n; i++ {
		update(i)
	}
	return before, heapInUse()
}

// heapInUse is the heap's size once collected.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestHeapOfComponentsSentOneByOne builds a surface of 500 components sent
// one message each, as a streaming agent sends them, and checks that it
// takes about the heap of the same surface sent in one message: the
// blocks a message's components and their stored JSON come from are no
// larger than what the message holds.
func TestHeapOfComponentsSentOneByOne(t *testing.T) {
	const n = 500
	for _, v09 := range []bool{false, true} {
		comp := func(i int) string {
			if v09 {
				return fmt.Sprintf(`{"id":"t%d","component":"Text","text":"item %d"}`, i, i)
			}
			return fmt.Sprintf(`{"id":"t%d","component":{"Text":{"text":{"literalString":"item %d"}}}}`, i, i)
		}
		update := func(comps []string) json.RawMessage {
			if v09 {
				return json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` + strings.Join(comps, ",") + `]}}`)
			}
			return json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[` + strings.Join(comps, ",") + `]}}`)
		}
		start := json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"t0"}}`)
		if v09 {
			start = json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV09ID + `"}}`)
		}
		var all []string
		for i := range n {
			all = append(all, comp(i))
		}
		// The surface in one message, then one message per component.
		build := func(perMessage int) *Canvas {
			c, _, err := New(Options{}).ApplyJSON([]json.RawMessage{start})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < n; i += perMessage {
				if c, _, err = c.ApplyJSON([]json.RawMessage{update(all[i : i+perMessage])}); err != nil {
					t.Fatal(err)
				}
			}
			return c
		}
		heapOf := func(perMessage int) uint64 {
			build(perMessage) // the parsers the pool keeps are made
			before := heapInUse()
			c := build(perMessage)
			after := heapInUse()
			runtime.KeepAlive(c)
			return after - min(before, after)
		}
		whole, oneByOne := heapOf(n), heapOf(1)
		if oneByOne > whole+whole/2 {
			t.Errorf("v0.9 %v: %d components take %d KB sent in one message, %d KB sent one by one", v09, n, whole>>10, oneByOne>>10)
		}
	}
}

// TestHeapOfLargeComponentsRedefinedSmall defines components with a large
// literal, then each again with a small one, in both versions, and checks
// that the large definitions are not kept: the strings of a component
// (its id in the surface's order, a literal written to the data model)
// must not keep the whole JSON of a large definition alive once it is
// replaced.
func TestHeapOfLargeComponentsRedefinedSmall(t *testing.T) {
	const n, large = 200, 60 << 10
	big := strings.Repeat("x", large-100)
	for _, v09 := range []bool{false, true} {
		start := []json.RawMessage{json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"root"}}`),
			json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Text":{"text":{"literalString":"r"}}}}]}}`)}
		def := func(i int, label, lit string) json.RawMessage {
			return json.RawMessage(fmt.Sprintf(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"c%d","component":{"TextField":{"label":{"literalString":%q},"text":{"path":"/v%d","literalString":%q}}}}]}}`, i, label, i, lit))
		}
		if v09 {
			start = []json.RawMessage{json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV09ID + `"}}`),
				json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"r"}]}}`)}
			def = func(i int, label, lit string) json.RawMessage {
				return json.RawMessage(fmt.Sprintf(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"c%d","component":"TextField","label":%q,"value":%q}]}}`, i, label, lit))
			}
		}
		c, _, err := New(Options{}).ApplyJSON(start)
		if err != nil {
			t.Fatal(err)
		}
		before := heapInUse()
		for i := range n {
			for _, m := range []json.RawMessage{def(i, big, "v"), def(i, "small", "w")} {
				if c, _, err = c.ApplyJSON([]json.RawMessage{m}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if after := heapInUse(); after > before+n*large/10 {
			t.Errorf("v0.9 %v: %d components defined large, then small, took %d KB", v09, n, (after-before)>>10)
		}
		runtime.KeepAlive(c)
	}
}
