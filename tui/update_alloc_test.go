package tui

import (
	"encoding/json"
	"testing"
)

// TestItemReplaceAllocatesAlike: replacing one item of a template list and
// drawing the new frame allocates as many objects at 2,000 nodes as at
// 200, give or take a few, in both versions: nothing on the update path
// allocates in proportion to the list. (Counts of allocations do not
// depend on the machine's speed, as times do.)
func TestItemReplaceAllocatesAlike(t *testing.T) {
	for _, v09 := range []bool{false, true} {
		allocs := func(nodes int) float64 {
			board, m := program(t, listBatch(listItems(nodes), v09))
			updates := [][]json.RawMessage{itemReplace("Replaced one", 1000, v09), itemReplace("Replaced two", 2000, v09)}
			// and one value of an item alone, between them
			if v09 {
				updates = append(updates, raws(`{"version":"v0.9","updateDataModel":{"surfaceId":"list","path":"/items/9/name","value":"Named"}}`))
			} else {
				updates = append(updates, raws(`{"dataModelUpdate":{"surfaceId":"list","path":"/items/i9/name","contents":[{"key":".","valueString":"Named"}]}}`))
			}
			for _, u := range updates {
				show(t, board, m, u)
			}
			i := 0
			return testing.AllocsPerRun(20, func() {
				show(t, board, m, updates[i%len(updates)])
				i++
			})
		}
		small, large := allocs(200), allocs(2000)
		if large > small+16 {
			t.Errorf("v09=%v: one item replaced allocates %.0f objects at 2,000 nodes, %.0f at 200", v09, large, small)
		}
	}
}
