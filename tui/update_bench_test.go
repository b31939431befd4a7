package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
)

// What an update costs from the agent's batch to the terminal's next
// frame: the canvas applies it, the program reads the new snapshot, lays
// it out and draws. Each benchmark checks once that the frame shows what
// was sent.

// listItems is how many items of four nodes (a row of a name, a quantity
// and a check box) make a template list of about nodes nodes.
func listItems(nodes int) int { return (nodes - 1) / 4 }

// listBatch declares surface "list": a List whose template draws one row
// per item of /items, in v0.8 (items keyed i0, i1, …) or v0.9 (an array).
func listBatch(items int, v09 bool) []json.RawMessage {
	if v09 {
		var entries []string
		for i := range items {
			entries = append(entries, fmt.Sprintf(`{"name":"Item number %d","qty":%d,"done":false}`, i, i))
		}
		return raws(
			`{"version":"v0.9","createSurface":{"surfaceId":"list","catalogId":"`+a2ui.BasicCatalogV09ID+`"}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"list","components":[`+
				`{"id":"root","component":"List","children":{"componentId":"item","path":"/items"}},`+
				`{"id":"item","component":"Row","children":["name","qty","done"],"align":"center"},`+
				`{"id":"name","component":"Text","weight":1,"text":{"path":"name"}},`+
				`{"id":"qty","component":"Text","text":{"path":"qty"}},`+
				`{"id":"done","component":"CheckBox","label":"Done","value":{"path":"done"}}]}}`,
			`{"version":"v0.9","updateDataModel":{"surfaceId":"list","value":{"items":[`+strings.Join(entries, ",")+`]}}}`,
		)
	}
	var entries []string
	for i := range items {
		entries = append(entries, fmt.Sprintf(`{"key":"i%d","valueMap":[{"key":"name","valueString":"Item number %d"},{"key":"qty","valueNumber":%d},{"key":"done","valueBoolean":false}]}`, i, i, i))
	}
	return raws(
		`{"beginRendering":{"surfaceId":"list","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"list","components":[`+
			`{"id":"root","component":{"List":{"children":{"template":{"componentId":"item","dataBinding":"/items"}}}}},`+
			`{"id":"item","component":{"Row":{"children":{"explicitList":["name","qty","done"]},"alignment":"center"}}},`+
			`{"id":"name","weight":1,"component":{"Text":{"text":{"path":"name"}}}},`+
			`{"id":"qty","component":{"Text":{"text":{"path":"qty"}}}},`+
			`{"id":"done","component":{"CheckBox":{"label":{"literalString":"Done"},"value":{"path":"done"}}}}]}}`,
		`{"dataModelUpdate":{"surfaceId":"list","contents":[{"key":"items","valueMap":[`+strings.Join(entries, ",")+`]}]}}`,
	)
}

// itemReplace replaces item 7 of that list whole, with its few keys: the
// way a v0.8 agent changes one row.
func itemReplace(name string, qty int, v09 bool) []json.RawMessage {
	if v09 {
		return raws(fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"list","path":"/items/7","value":{"name":%q,"qty":%d,"done":true}}}`, name, qty))
	}
	return raws(fmt.Sprintf(`{"dataModelUpdate":{"surfaceId":"list","path":"/items/i7","contents":[{"key":"name","valueString":%q},{"key":"qty","valueNumber":%d},{"key":"done","valueBoolean":true}]}}`, name, qty))
}

func raws(ss ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(ss))
	for i, s := range ss {
		out[i] = json.RawMessage(s)
	}
	return out
}

// program shows batch on a new board and returns it with a program of
// 120×50 that has drawn its first frame.
func program(b testing.TB, batch []json.RawMessage) (*hub.Board, *Model) {
	b.Helper()
	board := hub.NewBoard(a2ui.Options{}, fixedClock)
	if _, _, err := board.Show(batch); err != nil {
		b.Fatal(err)
	}
	m := New(board, testOptions(termenv.TrueColor))
	b.Cleanup(m.Close)
	m.SetSize(120, 50)
	_ = m.View()
	return board, m
}

// show applies a batch and draws the program's next frame, as Bubble Tea
// does once the board says it changed.
func show(b testing.TB, board *hub.Board, m *Model, batch []json.RawMessage) string {
	if _, _, err := board.Show(batch); err != nil {
		b.Fatal(err)
	}
	m.refresh()
	return m.View()
}

func benchItemReplace(b *testing.B, nodes int, v09 bool) {
	board, m := program(b, listBatch(listItems(nodes), v09))
	if n := countNodes(m.snap.Canvas.Surface("list").Tree()); n < nodes-4 || n > nodes {
		b.Fatalf("the list has %d nodes, want about %d", n, nodes)
	}
	updates := [][]json.RawMessage{itemReplace("Replaced one", 1000, v09), itemReplace("Replaced two", 2000, v09)}
	for i, want := range []string{"Replaced one", "Replaced two"} {
		if view := show(b, board, m, updates[i]); !strings.Contains(view, want) {
			b.Fatalf("the frame does not show %q", want)
		}
	}
	b.ReportAllocs()
	var cpu testutil.CPUMeter
	cpu.Start()
	i := 0
	for b.Loop() {
		show(b, board, m, updates[i%2])
		i++
	}
	cpu.Stop()
	cpu.Report(b, i)
}

func countNodes(n *a2ui.Node) int {
	k := 0
	n.Walk(func(*a2ui.Node) bool { k++; return true })
	return k
}

// BenchmarkItemReplace2000 replaces one item of a template list of 2,000
// nodes (v0.8) and draws the new frame. Target: under 0.5 ms, and within
// twice BenchmarkItemReplace200.
func BenchmarkItemReplace2000(b *testing.B) { benchItemReplace(b, 2000, false) }

// BenchmarkItemReplace200 is BenchmarkItemReplace2000 on a list of 200
// nodes.
func BenchmarkItemReplace200(b *testing.B) { benchItemReplace(b, 200, false) }

// BenchmarkItemReplace2000V09 is BenchmarkItemReplace2000 in v0.9: an
// updateDataModel of one item of the list's array.
func BenchmarkItemReplace2000V09(b *testing.B) { benchItemReplace(b, 2000, true) }

// BenchmarkItemReplace200V09 is BenchmarkItemReplace200 in v0.9.
func BenchmarkItemReplace200V09(b *testing.B) { benchItemReplace(b, 200, true) }

// BenchmarkUpdateAfterScroll500 changes one value of the 500-component
// surface right after a frame that drew the same tree again (a scroll of
// one line, or a line added to the transcript) and draws the new frame;
// only the update is timed. Target: under 0.5 ms.
func BenchmarkUpdateAfterScroll500(b *testing.B) {
	for _, between := range []string{"scroll", "transcript"} {
		b.Run(between, func(b *testing.B) {
			board := big500(b)
			m := New(board, testOptions(termenv.TrueColor))
			defer m.Close()
			m.SetSize(120, 50)
			_ = m.View()
			keys := []tea.KeyMsg{{Type: tea.KeyDown}, {Type: tea.KeyUp}}
			redraw := func(i int) {
				if between == "scroll" {
					m.Update(keys[i%2])
				} else {
					board.Append(hub.RoleNote, "a line of the transcript")
					m.refresh()
				}
				_ = m.View()
			}
			values := []string{"first value", "second value"}
			updates := [][]json.RawMessage{
				raws(`{"dataModelUpdate":{"surfaceId":"big","path":"/items/k5/value","contents":[{"key":".","valueString":"first value"}]}}`),
				raws(`{"dataModelUpdate":{"surfaceId":"big","path":"/items/k5/value","contents":[{"key":".","valueString":"second value"}]}}`),
			}
			for i := range 2 {
				redraw(i)
				if view := show(b, board, m, updates[i]); !strings.Contains(view, values[i]) {
					b.Fatalf("the frame does not show %q", values[i])
				}
			}
			b.ReportAllocs()
			var cpu testutil.CPUMeter
			i := 0
			for b.Loop() {
				b.StopTimer()
				redraw(i)
				b.StartTimer()
				cpu.Start()
				show(b, board, m, updates[i%2])
				cpu.Stop()
				i++
			}
			cpu.Report(b, i)
		})
	}
}

// benchFirstFrame shows batch, a new surface, on a running program and
// draws its first frame: decoding, validation, apply, resolution and
// drawing, from the batch's bytes. Each show deletes the surface first,
// so that every one draws it anew.
func benchFirstFrame(b *testing.B, id string, batch []json.RawMessage, want string) {
	fresh := append(raws(`{"deleteSurface":{"surfaceId":"`+id+`"}}`), batch...)
	board, m := program(b, batch)
	if view := show(b, board, m, fresh); !strings.Contains(view, want) {
		b.Fatalf("the first frame does not show %q", want)
	}
	b.ReportAllocs()
	var cpu testutil.CPUMeter
	cpu.Start()
	i := 0
	for b.Loop() {
		show(b, board, m, fresh)
		i++
	}
	cpu.Stop()
	cpu.Report(b, i)
}

// BenchmarkFirstFrame500 draws the first frame of a 500-component surface
// from its batch. Target: under 3 ms.
func BenchmarkFirstFrame500(b *testing.B) {
	benchFirstFrame(b, "big", testutil.LongForm(a2ui.MaxComponents, "Save"), "Label number 3")
}

// BenchmarkFirstFrame2000 draws the first frame of a template list of
// 2,000 nodes from its batch. Target: under 12 ms, linear in the nodes.
func BenchmarkFirstFrame2000(b *testing.B) {
	benchFirstFrame(b, "list", listBatch(listItems(2000), false), "Item number 3")
}
