package tui

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/hub"
)

// TestIncrementalFrames plays random sequences of updates on a template
// list — items replaced, added, removed and reordered, values and inputs
// changed, components redefined — with frames between them that draw the
// same tree again (scrolls, transcript lines, focus moves), in both A2UI
// versions. After each step the surface the program draws from its block
// cache must be exactly what a new program draws from the same canvas.
// (a2ui's TestIncrementalEqualsFresh checks that the tree itself is what
// a fresh resolution gives.)
func TestIncrementalFrames(t *testing.T) {
	sequences := 12
	if testing.Short() {
		sequences = 4
	}
	for _, v09 := range []bool{false, true} {
		for seed := range sequences {
			rng := rand.New(rand.NewPCG(uint64(seed), 7))
			board, m := program(t, listBatch(8, v09))
			f := frameSteps{t: t, board: board, m: m, v09: v09, rng: rng, n: 8}
			for step := range 40 {
				what := f.step()
				if !f.check(fmt.Sprintf("v09=%v seed %d step %d (%s)", v09, seed, step, what)) {
					return
				}
			}
		}
	}
}

// FuzzIncrementalFrames plays the sequences the fuzzing input chooses:
// the first byte picks the version, each next one a choice of a step.
func FuzzIncrementalFrames(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 0, 8, 1, 3, 3, 5, 6, 4, 2, 7, 0, 9})
	f.Add([]byte("\x00replace items, reorder them, redefine one, scroll and resize"))
	f.Add([]byte("\x01replace items, tick boxes, move the focus, add transcript lines"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 2048 {
			return
		}
		v09 := data[0]%2 == 1
		c := &byteChooser{b: data[1:]}
		board, m := program(t, listBatch(8, v09))
		fs := frameSteps{t: t, board: board, m: m, v09: v09, rng: c, n: 8}
		for step := 0; !c.done() && step < 200; step++ {
			what := fs.step()
			if !fs.check(fmt.Sprintf("v09=%v step %d (%s)", v09, step, what)) {
				return
			}
		}
	})
}

// chooser is where a sequence's choices come from: a seeded generator in
// the test, the fuzzer's bytes in the fuzz target.
type chooser interface {
	IntN(n int) int
	Perm(n int) []int
}

// byteChooser takes each choice from the next byte; 0 once they run out.
type byteChooser struct{ b []byte }

func (c *byteChooser) IntN(n int) int {
	if len(c.b) == 0 {
		return 0
	}
	x := int(c.b[0])
	c.b = c.b[1:]
	return x % n
}

func (c *byteChooser) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := c.IntN(i + 1)
		p[i], p[j] = p[j], p[i]
	}
	return p
}

func (c *byteChooser) done() bool { return len(c.b) == 0 }

type frameSteps struct {
	t     *testing.T
	board *hub.Board
	m     *Model
	v09   bool
	rng   chooser
	n     int // items in the list
	log   []string
}

func (f *frameSteps) data(path, v08, v09 string) []json.RawMessage {
	if f.v09 {
		if v09 == "" {
			return raws(fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"list","path":%q}}`, path))
		}
		return raws(fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"list","path":%q,"value":%s}}`, path, v09))
	}
	return raws(fmt.Sprintf(`{"dataModelUpdate":{"surfaceId":"list","path":%q,"contents":[%s]}}`, path, v08))
}

func (f *frameSteps) key(i int) string {
	if f.v09 {
		return fmt.Sprint(i)
	}
	return fmt.Sprintf("i%d", i)
}

var frameWords = []string{"Tea", "A much longer name that wraps at narrow widths", "", "Milk", "ünï"}

func (f *frameSteps) show(what string, batch []json.RawMessage) string {
	if _, _, err := f.board.Show(batch); err != nil {
		return what + " refused: " + err.Error()
	}
	f.m.refresh()
	return what
}

func (f *frameSteps) step() string {
	r := f.rng
	word := frameWords[r.IntN(len(frameWords))]
	var what string
	switch r.IntN(10) {
	case 0, 1: // one item replaced with its few keys, or one added
		i := r.IntN(f.n + 1)
		if i == f.n {
			f.n++
		}
		what = f.show("replace item "+f.key(i), f.data("/items/"+f.key(i),
			fmt.Sprintf(`{"key":"name","valueString":%q},{"key":"qty","valueNumber":%d},{"key":"done","valueBoolean":%t}`, word, r.IntN(99), r.IntN(2) == 0),
			fmt.Sprintf(`{"name":%q,"qty":%d,"done":%t}`, word, r.IntN(99), r.IntN(2) == 0)))
	case 2: // one value
		if f.n == 0 {
			return "no item to change"
		}
		path := "/items/" + f.key(r.IntN(f.n)) + "/name"
		what = f.show("set "+path, f.data(path, fmt.Sprintf(`{"key":".","valueString":%q}`, word), fmt.Sprintf("%q", word)))
	case 3: // the collection whole, reordered and cut
		order := r.Perm(f.n)[:r.IntN(f.n+1)]
		var v08, v09 []string
		for j, i := range order {
			v08 = append(v08, fmt.Sprintf(`{"key":%q,"valueMap":[{"key":"name","valueString":"Item %d"},{"key":"qty","valueNumber":%d}]}`, f.key(j), i, j))
			v09 = append(v09, fmt.Sprintf(`{"name":"Item %d","qty":%d}`, i, j))
		}
		f.n = len(order)
		// v0.8: the whole model, which holds only the items.
		what = f.show(fmt.Sprintf("items %v", order), f.data("/", `{"key":"items","valueMap":[`+strings.Join(v08, ",")+`]}`, `{"items":[`+strings.Join(v09, ",")+"]}"))
	case 4: // a component redefined
		hint := []string{"body", "h2", "caption"}[r.IntN(3)]
		if f.v09 {
			what = f.show("redefine qty", raws(`{"version":"v0.9","updateComponents":{"surfaceId":"list","components":[{"id":"qty","component":"Text","text":{"path":"qty"},"variant":"`+hint+`"}]}}`))
		} else {
			what = f.show("redefine qty", raws(`{"surfaceUpdate":{"surfaceId":"list","components":[{"id":"qty","component":{"Text":{"text":{"path":"qty"},"usageHint":"`+hint+`"}}}]}}`))
		}
	case 5: // the person ticks a box, through the board as the web page would
		if f.n == 0 {
			return "nothing to tick"
		}
		id := "done:" + f.key(r.IntN(f.n))
		if err := f.board.SetValue(hub.Terminal, "list", id, r.IntN(2) == 0); err != nil {
			what = "tick " + id + " refused: " + err.Error()
		} else {
			f.m.refresh()
			what = "tick " + id
		}
	case 6: // a scroll
		k := tea.KeyMsg{Type: tea.KeyDown}
		if r.IntN(2) == 0 {
			k = tea.KeyMsg{Type: tea.KeyUp}
		}
		f.m.Update(k)
		what = "scroll"
	case 7: // a line of the transcript
		f.board.Append(hub.RoleNote, "a line")
		f.m.refresh()
		what = "transcript line"
	case 8: // the focus moves
		f.m.Update(tea.KeyMsg{Type: tea.KeyTab})
		what = "tab"
	default: // a resize
		f.m.SetSize(60+r.IntN(80), 20+r.IntN(30))
		what = fmt.Sprintf("size %dx%d", f.m.width, f.m.height)
	}
	_ = f.m.View()
	f.log = append(f.log, what)
	return what
}

// check compares the program's surface with a new program's drawing of
// the same canvas at the same size and focus.
func (f *frameSteps) check(where string) bool {
	fresh := New(f.board, testOptions(termenv.TrueColor))
	defer fresh.Close()
	fresh.SetSize(f.m.width, f.m.height)
	if id := f.m.focus[f.m.active]; id == "" {
		// The program lost its focus with the control that held it; a
		// new program would give the first control the focus.
		fresh.clearFocus()
		fresh.relayout()
	} else if !fresh.Focus(id) {
		f.t.Errorf("%s: the focused %q is not a control of a fresh drawing", where, id)
		return false
	}
	got, want := f.m.lay.frame, fresh.lay.frame
	if !reflect.DeepEqual(got.Lines, want.Lines) || !reflect.DeepEqual(got.Hits, want.Hits) {
		f.t.Errorf("%s: the drawing from the cache differs from a fresh one\nsteps: %s\ngot:\n%s\nwant:\n%s", where, strings.Join(f.log, "; "), got.String(), want.String())
		return false
	}
	return true
}
