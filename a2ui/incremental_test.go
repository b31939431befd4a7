package a2ui

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The canvas resolves a data-only batch incrementally: nodes that read
// nothing the batch wrote are taken over from the last tree, and a
// template's items are matched by key. These tests check that whatever
// the sequence of batches and inputs, the tree that leaves equals a fresh
// resolution of the state it ends in, in both versions of the protocol.

// chooser picks the next step of a sequence.
type chooser interface {
	intn(n int) int // in [0, n)
	done() bool
}

type randChooser struct{ r *rand.Rand }

func (c randChooser) intn(n int) int { return c.r.IntN(n) }
func (c randChooser) done() bool     { return false }

// byteChooser reads its choices from fuzzing input.
type byteChooser struct{ b []byte }

func (c *byteChooser) intn(n int) int {
	if len(c.b) == 0 {
		return 0
	}
	x := int(c.b[0])
	c.b = c.b[1:]
	return x % n
}
func (c *byteChooser) done() bool { return len(c.b) == 0 }

// incSurface is a surface the sequences change: a title, a template list
// of items (each with a nested template of tags), a total, a shared label
// drawn twice and an input of the person's own.
type incSurface struct {
	v09  bool
	keys []string // the item keys (v0.8) the model holds, in order
	n    int      // the items (v0.9) the array holds
}

func (s *incSurface) id() string {
	if s.v09 {
		return "s9"
	}
	return "s8"
}

// component variants: each id has several definitions a sequence switches
// between.
var incComponents08 = map[string][]string{
	"root":  {`{"id":"root","component":{"Column":{"children":{"explicitList":["lbl","title","list","total","tabs","mine"]}}}}`},
	"tabs":  {`{"id":"tabs","component":{"Tabs":{"tabItems":[{"title":{"path":"/title"},"child":"lbl"},{"title":{"literalString":"Two"},"child":"lbl"}]}}}`},
	"title": {`{"id":"title","component":{"Text":{"text":{"path":"/title"},"usageHint":"h1"}}}`, `{"id":"title","component":{"Text":{"text":{"path":"/title","literalString":"Untitled"}}}}`},
	"list": {`{"id":"list","component":{"List":{"children":{"template":{"componentId":"item","dataBinding":"/items"}}}}}`,
		`{"id":"list","component":{"Column":{"children":{"template":{"componentId":"item","dataBinding":"/items"}}}}}`,
		`{"id":"list","component":{"List":{"children":{"template":{"componentId":"card","dataBinding":"/items"}}}}}`},
	"item": {`{"id":"item","component":{"Row":{"children":{"explicitList":["name","qty","done","note","tags","lbl"]}}}}`,
		`{"id":"item","component":{"Column":{"children":{"explicitList":["qty","name","tags"]}}}}`},
	"card": {`{"id":"card","component":{"Card":{"child":"name"}}}`,
		`{"id":"card","component":{"Modal":{"entryPointChild":"name","contentChild":"note"}}}`},
	"name": {`{"id":"name","weight":1,"component":{"Text":{"text":{"path":"name"}}}}`, `{"id":"name","component":{"Text":{"text":{"path":"/item/name"},"usageHint":"h3"}}}`},
	"qty":  {`{"id":"qty","component":{"Text":{"text":{"path":"qty"}}}}`, `{"id":"qty","component":{"Text":{"text":{"path":"qty","literalString":"0"}}}}`},
	"done": {`{"id":"done","component":{"CheckBox":{"label":{"literalString":"Done"},"value":{"path":"done"}}}}`},
	"note": {`{"id":"note","component":{"TextField":{"label":{"path":"name"},"text":{"path":"note","literalString":"none"}}}}`,
		`{"id":"note","component":{"TextField":{"label":{"path":"name"},"text":{"path":"note"},"textFieldType":"obscured","validationRegexp":"^[a-z]*$"}}}`},
	"tags":  {`{"id":"tags","component":{"Row":{"children":{"template":{"componentId":"tag","dataBinding":"tags"}}}}}`},
	"tag":   {`{"id":"tag","component":{"Text":{"text":{"path":"."}}}}`, `{"id":"tag","component":{"Button":{"child":"lbl","action":{"name":"tag","context":[{"key":"t","value":{"path":"."}}]}}}}`},
	"total": {`{"id":"total","component":{"Text":{"text":{"path":"/count"}}}}`},
	"lbl":   {`{"id":"lbl","component":{"Text":{"text":{"literalString":"Label"}}}}`, `{"id":"lbl","component":{"Text":{"text":{"path":"/title"}}}}`},
	"mine": {`{"id":"mine","component":{"TextField":{"label":{"literalString":"Mine"},"text":{"literalString":""}}}}`,
		`{"id":"mine","component":{"TextField":{"label":{"literalString":"Mine"},"textFieldType":"obscured","validationRegexp":"^[a-z]+$"}}}`},
}

var incComponents09 = map[string][]string{
	"root":  {`{"id":"root","component":"Column","children":["lbl","title","list","total","tabs","mine"]}`},
	"tabs":  {`{"id":"tabs","component":"Tabs","tabs":[{"title":{"path":"/title"},"child":"lbl"},{"title":"Two","child":"lbl"}]}`},
	"title": {`{"id":"title","component":"Text","text":{"path":"/title"},"variant":"h1"}`, `{"id":"title","component":"Text","text":{"call":"formatString","args":{"value":"${/title} (${/count})"},"returnType":"string"}}`},
	"list": {`{"id":"list","component":"List","children":{"componentId":"item","path":"/items"}}`,
		`{"id":"list","component":"Column","children":{"componentId":"item","path":"/items"}}`,
		`{"id":"list","component":"List","children":{"componentId":"card","path":"/items"}}`},
	"item": {`{"id":"item","component":"Row","children":["name","qty","done","note","tags","lbl"]}`,
		`{"id":"item","component":"Column","children":["qty","name","tags"]}`},
	"card": {`{"id":"card","component":"Card","child":"name"}`,
		`{"id":"card","component":"Modal","trigger":"name","content":"note"}`},
	"name":  {`{"id":"name","weight":1,"component":"Text","text":{"path":"name"}}`, `{"id":"name","component":"Text","text":{"call":"formatString","args":{"value":"${name}: ${qty}"},"returnType":"string"},"variant":"h3"}`},
	"qty":   {`{"id":"qty","component":"Text","text":{"path":"qty"}}`, `{"id":"qty","component":"Text","text":{"path":"/count"}}`}, // the second reads outside its item
	"done":  {`{"id":"done","component":"CheckBox","label":"Done","value":{"path":"done"}}`},
	"note":  {`{"id":"note","component":"TextField","label":{"path":"name"},"value":{"path":"note"},"checks":[{"call":"required","args":{"value":{"path":"note"}},"message":"Say something"}]}`},
	"tags":  {`{"id":"tags","component":"Row","children":{"componentId":"tag","path":"tags"}}`},
	"tag":   {`{"id":"tag","component":"Text","text":{"path":"t"}}`, `{"id":"tag","component":"Button","child":"lbl","action":{"event":{"name":"tag","context":{"t":{"path":"t"}}}}}`},
	"total": {`{"id":"total","component":"Text","text":{"call":"formatString","args":{"value":"${/count} items"},"returnType":"string"}}`},
	"lbl":   {`{"id":"lbl","component":"Text","text":"Label"}`, `{"id":"lbl","component":"Text","text":{"path":"/title"}}`},
	"mine":  {`{"id":"mine","component":"TextField","label":"Mine"}`, `{"id":"mine","component":"TextField","label":"Mine","variant":"obscured"}`},
}

var incKeys = []string{"a", "b", "c", "d", "e", "f", "g", "h", "0", "1", "x:y"}

func (s *incSurface) components() map[string][]string {
	if s.v09 {
		return incComponents09
	}
	return incComponents08
}

// start is the batch that creates the surface.
func (s *incSurface) start(ch chooser) []json.RawMessage {
	var comps []string
	for _, id := range []string{"root", "title", "list", "item", "card", "name", "qty", "done", "note", "tags", "tag", "total", "lbl", "mine", "tabs"} {
		comps = append(comps, s.components()[id][0])
	}
	if s.v09 {
		s.n = 3
		return incRaws(
			`{"version":"v0.9","createSurface":{"surfaceId":"s9","catalogId":"`+BasicCatalogV09ID+`"}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"s9","components":[`+strings.Join(comps, ",")+`]}}`,
			`{"version":"v0.9","updateDataModel":{"surfaceId":"s9","value":{"title":"Shop","count":3,"items":[`+s.item(ch)+`,`+s.item(ch)+`,`+s.item(ch)+`]}}}`,
		)
	}
	s.keys = []string{"a", "b", "c"}
	return incRaws(
		`{"beginRendering":{"surfaceId":"s8","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"s8","components":[`+strings.Join(comps, ",")+`]}}`,
		`{"dataModelUpdate":{"surfaceId":"s8","contents":[{"key":"title","valueString":"Shop"},{"key":"count","valueNumber":3},{"key":"items","valueMap":[`+
			s.entry(ch, "a")+`,`+s.entry(ch, "b")+`,`+s.entry(ch, "c")+`]}]}}`,
	)
}

var incWords = []string{"tea", "milk", "bread", "", "two words", "line\nbreak", "ünïcödé", "x"}

// item is a v0.9 item; entry a v0.8 one.
func (s *incSurface) item(ch chooser) string {
	var parts []string
	if ch.intn(4) > 0 {
		parts = append(parts, fmt.Sprintf(`"name":%q`, incWords[ch.intn(len(incWords))]))
	}
	if ch.intn(4) > 0 {
		parts = append(parts, fmt.Sprintf(`"qty":%d`, ch.intn(100)))
	}
	if ch.intn(2) > 0 {
		parts = append(parts, fmt.Sprintf(`"done":%t`, ch.intn(2) == 1))
	}
	if ch.intn(3) == 0 {
		parts = append(parts, fmt.Sprintf(`"note":%q`, incWords[ch.intn(len(incWords))]))
	}
	if ch.intn(2) == 0 {
		var tags []string
		for range ch.intn(4) {
			tags = append(tags, fmt.Sprintf(`{"t":%q}`, incWords[ch.intn(len(incWords))]))
		}
		parts = append(parts, `"tags":[`+strings.Join(tags, ",")+`]`)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func (s *incSurface) fields(ch chooser) []string {
	var parts []string
	if ch.intn(4) > 0 {
		parts = append(parts, fmt.Sprintf(`{"key":"name","valueString":%q}`, incWords[ch.intn(len(incWords))]))
	}
	if ch.intn(4) > 0 {
		parts = append(parts, fmt.Sprintf(`{"key":"qty","valueNumber":%d}`, ch.intn(100)))
	}
	if ch.intn(2) > 0 {
		parts = append(parts, fmt.Sprintf(`{"key":"done","valueBoolean":%t}`, ch.intn(2) == 1))
	}
	if ch.intn(3) == 0 {
		parts = append(parts, fmt.Sprintf(`{"key":"note","valueString":%q}`, incWords[ch.intn(len(incWords))]))
	}
	if ch.intn(2) == 0 {
		var tags []string
		for range ch.intn(4) {
			tags = append(tags, fmt.Sprintf(`{"key":%q,"valueString":%q}`, incKeys[ch.intn(len(incKeys))], incWords[ch.intn(len(incWords))]))
		}
		parts = append(parts, `{"key":"tags","valueMap":[`+strings.Join(tags, ",")+`]}`)
	}
	return parts
}

func (s *incSurface) entry(ch chooser, key string) string {
	return fmt.Sprintf(`{"key":%q,"valueMap":[%s]}`, key, strings.Join(s.fields(ch), ","))
}

// step is one random batch: an item replaced, added, removed or reordered,
// a value changed, a component redefined; several in one batch at times.
func (s *incSurface) step(ch chooser) (what string, batch []json.RawMessage) {
	k := 1
	if ch.intn(5) == 0 {
		k = 2 + ch.intn(3)
	}
	var msgs []string
	var whats []string
	for range k {
		w, m := s.one(ch)
		whats, msgs = append(whats, w), append(msgs, m)
	}
	return strings.Join(whats, "; "), incRaws(msgs...)
}

func (s *incSurface) data(path, value string) string {
	if s.v09 {
		if value == "" {
			return fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"s9","path":%q}}`, path)
		}
		return fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"s9","path":%q,"value":%s}}`, path, value)
	}
	return fmt.Sprintf(`{"dataModelUpdate":{"surfaceId":"s8","path":%q,"contents":[%s]}}`, path, value)
}

func (s *incSurface) one(ch chooser) (string, string) {
	switch ch.intn(9) {
	case 0, 1: // replace an item (or add one) with its few keys
		if s.v09 {
			i := ch.intn(s.n + 1)
			if i == s.n {
				s.n++
			}
			return fmt.Sprintf("replace item %d", i), s.data(fmt.Sprintf("/items/%d", i), s.item(ch))
		}
		key := incKeys[ch.intn(len(incKeys))]
		if !incHas(s.keys, key) {
			s.keys = append(s.keys, key)
		}
		return "replace item " + key, s.data("/items/"+key, strings.Join(s.fields(ch), ","))
	case 2: // one value of an item
		field := []string{"name", "qty", "done", "note", "tags"}[ch.intn(5)]
		var path string
		if s.v09 {
			path = fmt.Sprintf("/items/%d/%s", ch.intn(s.n+1), field)
		} else {
			path = "/items/" + incKeys[ch.intn(len(incKeys))] + "/" + field
		}
		v := incWords[ch.intn(len(incWords))]
		if s.v09 {
			return "set " + path, s.data(path, fmt.Sprintf("%q", v))
		}
		return "set " + path, s.data(path, fmt.Sprintf(`{"key":".","valueString":%q}`, v))
	case 3: // the collection whole: items removed, reordered, added
		if s.v09 {
			n := ch.intn(6)
			var items []string
			for range n {
				items = append(items, s.item(ch))
			}
			s.n = n
			return fmt.Sprintf("items replaced by %d", n), s.data("/items", "["+strings.Join(items, ",")+"]")
		}
		keys := append([]string(nil), s.keys...)
		rand.New(rand.NewPCG(uint64(ch.intn(1000)), 1)).Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		keys = keys[:ch.intn(len(keys)+1)]
		if ch.intn(2) == 0 {
			if k := incKeys[ch.intn(len(incKeys))]; !incHas(keys, k) {
				keys = append(keys, k)
			}
		}
		var entries []string
		for _, k := range keys {
			entries = append(entries, s.entry(ch, k))
		}
		s.keys = keys
		return "items " + strings.Join(keys, ","), s.data("/", `{"key":"items","valueMap":[`+strings.Join(entries, ",")+`]}`)
	case 4: // remove an item (v0.9 leaves null in its place)
		if s.v09 {
			i := ch.intn(s.n + 1)
			return fmt.Sprintf("remove item %d", i), s.data(fmt.Sprintf("/items/%d", i), "")
		}
		key := incKeys[ch.intn(len(incKeys))]
		return "item " + key + " to a string", s.data("/items", fmt.Sprintf(`{"key":%q,"valueString":"gone"}`, key))
	case 5: // the title or the count
		if ch.intn(2) == 0 {
			v := incWords[ch.intn(len(incWords))]
			if s.v09 {
				return "title", s.data("/title", fmt.Sprintf("%q", v))
			}
			return "title", s.data("/", fmt.Sprintf(`{"key":"title","valueString":%q}`, v))
		}
		n := ch.intn(50)
		if s.v09 {
			return "count", s.data("/count", fmt.Sprint(n))
		}
		return "count", s.data("/count", fmt.Sprintf(`{"key":".","valueNumber":%d}`, n))
	case 6: // a tag of an item
		if s.v09 {
			path := fmt.Sprintf("/items/%d/tags/%d", ch.intn(s.n+1), ch.intn(3))
			return "tag " + path, s.data(path, fmt.Sprintf(`{"t":%q}`, incWords[ch.intn(len(incWords))]))
		}
		path := "/items/" + incKeys[ch.intn(len(incKeys))] + "/tags"
		return "tag " + path, s.data(path, fmt.Sprintf(`{"key":%q,"valueString":%q}`, incKeys[ch.intn(len(incKeys))], incWords[ch.intn(len(incWords))]))
	case 7: // a component redefined
		ids := []string{"title", "list", "item", "card", "name", "qty", "note", "tag", "lbl", "mine"}
		id := ids[ch.intn(len(ids))]
		vs := s.components()[id]
		def := vs[ch.intn(len(vs))]
		if s.v09 {
			return "redefine " + id, `{"version":"v0.9","updateComponents":{"surfaceId":"s9","components":[` + def + `]}}`
		}
		return "redefine " + id, `{"surfaceUpdate":{"surfaceId":"s8","components":[` + def + `]}}`
	default: // the whole model
		if s.v09 {
			s.n = 2
			return "model", s.data("/", `{"title":"New","count":2,"items":[`+s.item(ch)+`,`+s.item(ch)+`]}`)
		}
		s.keys = []string{"b", "a"}
		return "model", `{"dataModelUpdate":{"surfaceId":"s8","contents":[{"key":"items","valueMap":[` + s.entry(ch, "b") + `,` + s.entry(ch, "a") + `]}]}}`
	}
}

func incHas(l []string, k string) bool {
	for _, x := range l {
		if x == k {
			return true
		}
	}
	return false
}

func incRaws(ss ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(ss))
	for i, s := range ss {
		out[i] = json.RawMessage(s)
	}
	return out
}

// incInput types into, or ticks, an input of the tree the person sees.
func incInput(t testing.TB, c *Canvas, id string, ch chooser) (string, *Canvas) {
	var inputs []*Node
	c.Surface(id).Tree().Walk(func(n *Node) bool {
		if n.IsInput() {
			inputs = append(inputs, n)
		}
		return true
	})
	if len(inputs) == 0 {
		return "", c
	}
	n := inputs[ch.intn(len(inputs))]
	var v any = incWords[ch.intn(len(incWords))]
	if n.Type == "CheckBox" {
		v = ch.intn(2) == 0
	}
	next, err := c.SetValue(id, n.ID, v)
	if err != nil {
		return fmt.Sprintf("input %s refused: %v", n.ID, err), c
	}
	return fmt.Sprintf("input %s = %v", n.ID, v), next
}

// checkFresh fails when the surface's tree is not what a fresh resolution
// of its state gives, or its measured size is not its data's.
func checkFresh(t testing.TB, c *Canvas, id string, log []string) bool {
	t.Helper()
	s := c.Surface(id)
	fresh, _, err := resolveSurface(s.clone(), false, false)
	if err != nil {
		t.Errorf("%s: a fresh resolution fails: %v\nsteps:\n%s", id, err, strings.Join(log, "\n"))
		return false
	}
	if !reflect.DeepEqual(s.Tree(), fresh) {
		t.Errorf("%s: the incremental tree differs from a fresh resolution\nsteps:\n%s\ngot:\n%s\nwant:\n%s", id, strings.Join(log, "\n"), Dump(s.Tree()), Dump(fresh))
		return false
	}
	if got, want := s.dataBytes, jsonSize(s.data); got != want {
		t.Errorf("%s: the data model is counted as %d bytes, it has %d\nsteps:\n%s", id, got, want, strings.Join(log, "\n"))
		return false
	}
	if bad := checkHolding(s.Tree()); bad != "" {
		t.Errorf("%s: %s\nsteps:\n%s", id, bad, strings.Join(log, "\n"))
		return false
	}
	return true
}

// checkHolding says how the searches that skip subtrees (modals, secrets,
// fields not valid) differ from a walk of the whole tree, "" when they
// find the same nodes in the same order.
func checkHolding(tree *Node) string {
	kinds := []struct {
		name string
		is   func(*Node) bool
		walk func(func(*Node) bool) bool
	}{
		{"modals", func(n *Node) bool { return n.Type == "Modal" }, tree.WalkModals},
		{"secrets", func(n *Node) bool {
			p, ok := n.Props.(*TextFieldProps)
			return ok && p.TextFieldType == "obscured" && p.Text != ""
		}, tree.WalkSecrets},
		{"fields not valid", func(n *Node) bool {
			p, ok := n.Props.(*TextFieldProps)
			return ok && p.Invalid
		}, func(fn func(*Node) bool) bool {
			return tree.walkHolding(depInvalid, func(n *Node) bool {
				if p, ok := n.Props.(*TextFieldProps); ok && p.Invalid {
					return fn(n)
				}
				return true
			})
		}},
	}
	for _, k := range kinds {
		var want, got []string
		tree.Walk(func(n *Node) bool {
			if k.is(n) {
				want = append(want, n.ID)
			}
			return true
		})
		k.walk(func(n *Node) bool {
			got = append(got, n.ID)
			return true
		})
		if !slices.Equal(got, want) {
			return fmt.Sprintf("the search for %s finds %q, the tree holds %q", k.name, got, want)
		}
	}
	return ""
}

// runIncremental plays one sequence on a surface of either version.
func runIncremental(t testing.TB, v09 bool, ch chooser, steps int) {
	s := &incSurface{v09: v09}
	c, _, err := New(Options{}).ApplyJSON(s.start(ch))
	if err != nil {
		t.Fatalf("the start is refused: %v", err)
	}
	log := []string{"start"}
	for i := 0; i < steps && !ch.done(); i++ {
		if ch.intn(4) == 0 {
			var what string
			what, c = incInput(t, c, s.id(), ch)
			log = append(log, what)
		} else {
			what, batch := s.step(ch)
			next, _, err := c.ApplyJSON(batch)
			if err != nil {
				log = append(log, what+" refused: "+err.Error())
			} else {
				log = append(log, what)
				c = next
			}
		}
		if !checkFresh(t, c, s.id(), log) {
			return
		}
	}
}

// TestIncrementalEqualsFresh plays random sequences with fixed seeds.
func TestIncrementalEqualsFresh(t *testing.T) {
	sequences := 100
	if testing.Short() {
		sequences = 30
	}
	for _, v09 := range []bool{false, true} {
		for seed := range sequences {
			runIncremental(t, v09, randChooser{rand.New(rand.NewPCG(uint64(seed), 2026))}, 40)
			if t.Failed() {
				t.Fatalf("v09=%v seed %d", v09, seed)
			}
		}
	}
}

// FuzzIncremental plays the sequences fuzzing input chooses: the first
// byte picks the version.
func FuzzIncremental(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{1, 0, 0, 3, 7, 1, 2, 9, 4, 4, 4})
	f.Add([]byte("\x00replace items, reorder them, redefine the template"))
	f.Add([]byte("\x01replace items, remove one, redefine the template"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 4096 {
			return
		}
		runIncremental(t, data[0]%2 == 1, &byteChooser{b: data[1:]}, 200)
	})
}

// TestItemWriteBesideAnOutsideRead: a batch writes inside one item of a
// v0.9 template list and, beside it, a value every item reads from outside
// itself; each item shows the new value, not only the one written in. (In
// v0.8 every path inside a template is the item's.)
func TestItemWriteBesideAnOutsideRead(t *testing.T) {
	start := incRaws(
		`{"version":"v0.9","createSurface":{"surfaceId":"s9","catalogId":"`+BasicCatalogV09ID+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s9","components":[`+
			`{"id":"root","component":"List","children":{"componentId":"item","path":"/items"}},`+
			`{"id":"item","component":"Row","children":["name","count"]},`+
			`{"id":"name","component":"Text","text":{"path":"name"}},`+
			`{"id":"count","component":"Text","text":{"path":"/count"}}]}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s9","value":{"count":1,"items":[{"name":"A"},{"name":"B"},{"name":"C"}]}}}`)
	change := incRaws(
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s9","path":"/count","value":2}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s9","path":"/items/1/name","value":"BB"}}`)
	c, _, err := New(Options{}).ApplyJSON(start)
	if err != nil {
		t.Fatal(err)
	}
	if c, _, err = c.ApplyJSON(change); err != nil {
		t.Fatal(err)
	}
	checkFresh(t, c, "s9", []string{"count and one item's name in one batch"})
	var shown []string
	c.Surface("s9").Tree().Walk(func(n *Node) bool {
		if n.Type == "Text" {
			shown = append(shown, n.Props.(*TextProps).Text)
		}
		return true
	})
	if got := strings.Join(shown, " "); got != "A 2 BB 2 C 2" {
		t.Errorf("the items show %q, want %q", got, "A 2 BB 2 C 2")
	}
}
