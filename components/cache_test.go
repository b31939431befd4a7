package components

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// The tests below detect reuse by changing a node's text in place, which
// the canvas never does: a block drawn again shows the new text, a reused
// one the old.

func setText(n *a2ui.Node, s string) { n.Props.(*a2ui.TextProps).Text = s }

// cacheFrame draws root as the program does: a new frame, the focus path
// found, then the drawing.
func cacheFrame(c *Context, root *a2ui.Node, w int) Block {
	c.Cache.Frame()
	c.SetRoot(root)
	return Render(root, w, c)
}

func cacheCtx(focus string) *Context {
	c := layCtx(termenv.TrueColor, false, focus)
	c.Cache = NewCache()
	return c
}

func TestCacheReusesUnchangedSubtree(t *testing.T) {
	note := layText("note", "Before")
	root := layColumn("root", "stretch", layCard("card", note), layText("other", "Other"))
	c := cacheCtx("")
	first := cacheFrame(c, root, 40)
	setText(note, "After")
	second := cacheFrame(c, root, 40)
	if !reflect.DeepEqual(first, second) {
		t.Errorf("the same node at the same width was drawn again:\n%s\n---\n%s", plain(first), plain(second))
	}
	if !strings.Contains(plain(second), "Before") {
		t.Errorf("reuse expected:\n%s", plain(second))
	}
	// Another width is another drawing.
	if got := plain(cacheFrame(c, root, 41)); !strings.Contains(got, "After") {
		t.Errorf("a new width should draw afresh:\n%s", got)
	}
	// Clear forgets everything.
	c.Cache.Clear()
	if got := plain(cacheFrame(c, root, 40)); !strings.Contains(got, "After") {
		t.Errorf("after Clear:\n%s", got)
	}
}

func TestCacheRedrawsNewNodes(t *testing.T) {
	other := layText("other", "Other")
	root := layColumn("root", "stretch", layCard("card", layText("note", "Before")), other)
	c := cacheCtx("")
	cacheFrame(c, root, 40)
	// The canvas hands out new nodes from the change up to the root and
	// keeps the others.
	root2 := layColumn("root", "stretch", layCard("card", layText("note", "After")), other)
	setText(other, "Mutated")
	got := plain(cacheFrame(c, root2, 40))
	if !strings.Contains(got, "After") {
		t.Errorf("a new node was not drawn:\n%s", got)
	}
	if !strings.Contains(got, "Other") || strings.Contains(got, "Mutated") {
		t.Errorf("the unchanged sibling should be reused:\n%s", got)
	}
	// Without SetRoot nothing is cached.
	c2 := cacheCtx("")
	Render(root, 40, c2)
	setText(other, "Again")
	if got := plain(Render(root, 40, c2)); !strings.Contains(got, "Again") {
		t.Errorf("drawn from the cache without a root:\n%s", got)
	}
}

// TestCacheFocusPath: nodes on the way to the focus are drawn afresh, and
// what they showed while focused is not reused once the focus leaves.
func TestCacheFocusPath(t *testing.T) {
	build := func() *a2ui.Node {
		return layColumn("root", "stretch",
			layCard("card", layRow("row", "start", "center", layText("q", "Pay now?"), layButton("pay", "Pay"))),
			layTabs("tabs", []string{"One", "Two"}, layText("t1", "first"), layText("t2", "second")),
			layText("foot", "Footer"))
	}
	root := build()
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
		c := cacheCtx("")
		c.Theme = testTheme(p)
		fresh := func(focus string) string {
			return Render(build(), 40, &Context{Theme: c.Theme, State: NewState(), Focus: focus}).String()
		}
		for i, focus := range []string{"", "pay", "", "tabs", "pay", "tabs", "", "foot", "pay", ""} {
			c.Focus = focus
			got := cacheFrame(c, root, 40)
			checkBlock(t, got, 40)
			if want := fresh(focus); got.String() != want {
				t.Errorf("%v step %d focus %q: cached drawing differs:\n%s\nwant\n%s", p, i, focus, got.String(), want)
			}
		}
	}
	// Still reused off the path: the footer, drawn while the button had
	// the focus, is not drawn again.
	c := cacheCtx("pay")
	cacheFrame(c, root, 40)
	setText(root.Children[2], "Changed")
	setText(root.Children[0].Children[0].Children[0], "Changed?") // as wide as before
	got := plain(cacheFrame(c, root, 40))
	if strings.Contains(got, "Changed") {
		t.Errorf("subtrees off the focus path should be reused:\n%s", got)
	}
}

// cacheSize counts the blocks the cache holds.
func cacheSize(c *Cache) int { return c.size }

// TestCacheDropsFocusedNodes: what a node showed before it took the focus
// is forgotten, since its view state may change while it has the focus (a
// tab chosen with the arrows).
func TestCacheDropsFocusedNodes(t *testing.T) {
	root := layColumn("root", "stretch",
		layTabs("tabs", []string{"One", "Two"}, layText("t1", "first"), layText("t2", "second")))
	c := cacheCtx("")
	c.Cache.Frame()
	c.SetRoot(root)
	Render(root, 30, c)
	c.Focus = "tabs"
	c.SetRoot(root)
	if in := (Tabs{}).Key(root.Children[0], c.State.Node("tabs"), ctlKey("right"), c); in.Kind != Handled {
		t.Fatalf("right: %+v", in)
	}
	Render(root, 30, c)
	c.Focus = ""
	c.SetRoot(root)
	if got := plain(Render(root, 30, c)); !strings.Contains(got, "second") {
		t.Errorf("the tab chosen while focused is not shown:\n%s", got)
	}
}

// TestCacheFrameForgets: blocks that no frame draws any more are
// forgotten, and the cache stays within twice what it keeps plus its
// slack however many new nodes the frames draw.
func TestCacheFrameForgets(t *testing.T) {
	a, b := layText("a", "A1"), layText("b", "B1")
	c := cacheCtx("")
	c.SetRoot(a)
	c.Cache.Frame()
	Render(a, 20, c)
	Render(b, 20, c)
	setText(a, "A2")
	setText(b, "B2")
	// The next frames draw a and a new node each: b is drawn by none.
	for i := range 4 * sweepSlack {
		c.Cache.Frame()
		if got := plain(Render(a, 20, c)); got != "A1" {
			t.Fatalf("frame %d: a, drawn in every frame, should be kept: %q", i, got)
		}
		Render(layText("n", fmt.Sprint(i)), 20, c)
		if n := cacheSize(c.Cache); n > 2*2+sweepSlack+2 {
			t.Fatalf("frame %d: the cache holds %d blocks for frames of 2", i, n)
		}
	}
	if got := plain(Render(b, 20, c)); got != "B2" {
		t.Errorf("b, drawn by no frame for %d frames, should be forgotten: %q", 4*sweepSlack, got)
	}
	c.Cache.Clear()
	if n := cacheSize(c.Cache); n != 0 {
		t.Errorf("after Clear the cache holds %d blocks", n)
	}
}

// TestCacheKeepsPartsOfReusedBlocks: a frame that reuses the root's block
// whole keeps the blocks it was made of, so that the update after it
// draws only what changed, however many such frames come between.
func TestCacheKeepsPartsOfReusedBlocks(t *testing.T) {
	text1, text2 := layText("t1", "One"), layText("t2", "Two")
	card1 := layCard("c1", text1)
	root := layColumn("root", "stretch", card1, layCard("c2", text2))
	c := cacheCtx("")
	cacheFrame(c, root, 30)
	setText(text1, "Mutated") // a reused card1 still shows "One"
	for i := range 3 * sweepSlack {
		// A frame that draws the same tree again: only the root's block
		// is looked up.
		cacheFrame(c, root, 30)
		// Other blocks come and go meanwhile, enough for the cache to
		// forget some several times.
		for j := range 3 {
			Render(layText("n", fmt.Sprint(i, j)), 30, c)
		}
	}
	// An update: a new root and a new second card, the first card kept.
	root = layColumn("root", "stretch", card1, layCard("c2", layText("t2", "Changed")))
	got := plain(cacheFrame(c, root, 30))
	if !strings.Contains(got, "Changed") {
		t.Errorf("the new card is not drawn:\n%s", got)
	}
	if !strings.Contains(got, "One") || strings.Contains(got, "Mutated") {
		t.Errorf("the unchanged card should be reused after frames that reused the root:\n%s", got)
	}
}

// TestCacheBlocksAreNotShared: callers appending to blocks they got from
// the cache cannot write into each other's.
func TestCacheBlocksAreNotShared(t *testing.T) {
	// A card builds its lines and hits by appending: room to spare
	// behind them.
	root := layCard("root", layColumn("col", "stretch", layButton("b1", "One"), layButton("b2", "Two"), layButton("b3", "Three")))
	c := cacheCtx("")
	want := cacheFrame(c, root, 20).String()
	a := cacheFrame(c, root, 20)
	a.Lines = append(a.Lines, "from a")
	a.Hits = append(a.Hits, Hit{Node: "a"})
	b := cacheFrame(c, root, 20)
	b.Lines = append(b.Lines, "from b")
	b.Hits = append(b.Hits, Hit{Node: "b"})
	if a.Lines[len(a.Lines)-1] != "from a" || a.Hits[len(a.Hits)-1].Node != "a" {
		t.Errorf("one caller's append overwrote another's: %q %+v", a.Lines, a.Hits)
	}
	if got := cacheFrame(c, root, 20); got.String() != want || len(got.Hits) != 3 {
		t.Errorf("appending changed the cached block: %q %+v", got.Lines, got.Hits)
	}
}

// TestCacheStackPatchIsFresh: a Column or List drawn by patching the
// stack of its last version draws what a drawing without the cache does,
// through random updates of its children: replaced by nodes as tall or
// taller, added, removed, moved, shared, nested, and the focus moving in
// and out.
func TestCacheStackPatchIsFresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	texts := []string{"short", "a longer line of text that wraps at narrow widths", "two\nlines", "*styled* text", ""}
	next := 0
	item := func() *a2ui.Node {
		next++
		id := fmt.Sprint("i", next)
		switch rng.IntN(5) {
		case 0:
			return linkButton(id, texts[rng.IntN(len(texts))])
		case 1:
			return layCard(id, layText(id+"t", texts[rng.IntN(len(texts))]))
		case 2:
			return layColumn(id, "stretch", layText(id+"a", texts[rng.IntN(len(texts))]), layButton(id+"b", "Go"))
		default:
			return layText(id, texts[rng.IntN(len(texts))])
		}
	}
	for _, kind := range []string{"Column", "List"} {
		// One width a run: a note set while a node is drawn at another
		// width is not seen by the cache at this one, with or without
		// patching.
		w := 30
		if kind == "List" {
			w = 24
		}
		c := cacheCtx("")
		items := make([]*a2ui.Node, 12)
		for i := range items {
			items[i] = item()
		}
		shared := linkButton("shared", "Shared")
		// A column kept from one version to the next, which holds the
		// shared node too.
		nestText := layText("nest-t", "Nested")
		patches := uint64(0)
		for step := range 400 {
			switch op := rng.IntN(10); {
			case op < 5: // one item replaced
				items[rng.IntN(len(items))] = item()
			case op == 5 && len(items) < 20:
				i := rng.IntN(len(items) + 1)
				items = append(items[:i], append([]*a2ui.Node{item()}, items[i:]...)...)
			case op == 6 && len(items) > 2:
				i := rng.IntN(len(items))
				items = append(items[:i], items[i+1:]...)
			case op == 7:
				i, j := rng.IntN(len(items)), rng.IntN(len(items))
				items[i], items[j] = items[j], items[i]
			case op == 8: // the focus moves: onto a button, or away
				// A button pressed there shows a note from then on.
				c.Focus = ""
				if f := items[rng.IntN(len(items))]; f.Type == "Button" && rng.IntN(2) == 0 {
					c.Focus = f.ID
				} else if rng.IntN(3) == 0 {
					c.Focus = "shared"
				}
				if c.Focus != "" && rng.IntN(2) == 0 {
					c.State.Node(c.Focus).Notice = fmt.Sprint("pressed at ", step)
				}
			case op == 9 && rng.IntN(2) == 0:
				nestText = layText("nest-t", texts[rng.IntN(len(texts))])
			case op == 9: // a node shown in two places
				items[rng.IntN(len(items))] = shared
			}
			nest := layColumn("nest", "stretch", nestText, shared)
			var root *a2ui.Node
			if kind == "Column" {
				root = layColumn("root", "stretch", append(append([]*a2ui.Node(nil), items...), nest)...)
			} else {
				root = layList("root", "vertical", "stretch", append(append([]*a2ui.Node(nil), items...), nest)...)
			}
			got := cacheFrame(c, root, w)
			fresh := &Context{Theme: c.Theme, State: c.State, Focus: c.Focus}
			fresh.SetRoot(root)
			want := Render(root, w, fresh)
			if !reflect.DeepEqual(got.Lines, want.Lines) || !reflect.DeepEqual(got.Hits, want.Hits) {
				t.Fatalf("%s step %d: with the cache\n%s\n%+v\nwithout\n%s\n%+v", kind, step, got, got.Hits, want, want.Hits)
			}
			patches = c.Cache.patches
		}
		if patches < 40 {
			t.Errorf("%s: only %d stacks were patched", kind, patches)
		}
	}
}

// linkButton is a button that opens an address, which shows a note once
// pressed.
func linkButton(id, label string) *a2ui.Node {
	b := layButton(id, label)
	b.Props = &a2ui.ButtonProps{Action: "open", Call: "openUrl", URL: "https://example.com/" + id}
	return b
}

// TestCacheNaturalIsFresh: the natural widths measured with the cache,
// which remembers some for the frame and measures the cheap ones again
// (cheapNatural), are those measured without it, for every node of
// generated rows and columns of fields, check boxes and buttons whose
// labels are short or long, plain or styled, each measured twice and the
// nodes shared between places.
func TestCacheNaturalIsFresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	words := []string{
		"", "Go", "Save", " padded ", "**bold** label", "é漢字", "two\nlines",
		strings.Repeat("x", textNaturalCap-3), strings.Repeat("y", textNaturalCap), strings.Repeat("long ", 20),
	}
	word := func() string { return words[rng.IntN(len(words))] }
	next := 0
	leaf := func() *a2ui.Node {
		next++
		id := fmt.Sprint("n", next)
		switch rng.IntN(6) {
		case 0:
			return &a2ui.Node{ID: id, Type: "TextField", Props: &a2ui.TextFieldProps{Label: word(), Text: word()}}
		case 1:
			return &a2ui.Node{ID: id, Type: "CheckBox", Props: &a2ui.CheckBoxProps{Label: word()}}
		case 2:
			b := layButton(id, word())
			b.Props.(*a2ui.ButtonProps).Borderless = rng.IntN(2) == 0
			if rng.IntN(4) == 0 {
				b.Children = append(b.Children, layText(id+"-2", word())) // not a button's shape, measured all the same
			} else if rng.IntN(4) == 0 {
				b.Children = nil
			}
			return b
		case 3:
			b := layButton(id, "")
			b.Children[0] = layRow(id+"-r", "start", "center", layText(id+"-a", word()), layText(id+"-b", word()))
			return b
		case 4:
			return &a2ui.Node{ID: id, Type: "TextField", Props: &a2ui.TextFieldProps{
				Label: word(), Text: word(),
				Checks: []string{word()},
			}}
		}
		return layText(id, word())
	}
	var tree func(depth int) *a2ui.Node
	tree = func(depth int) *a2ui.Node {
		if depth == 0 || rng.IntN(3) == 0 {
			return leaf()
		}
		ch := make([]*a2ui.Node, 1+rng.IntN(4))
		for i := range ch {
			ch[i] = tree(depth - 1)
		}
		if i := rng.IntN(len(ch)); i > 0 && rng.IntN(3) == 0 {
			ch[i] = ch[0] // shared
		}
		next++
		if rng.IntN(2) == 0 {
			return layRow(fmt.Sprint("r", next), "start", "center", ch...)
		}
		return layColumn(fmt.Sprint("c", next), "stretch", ch...)
	}
	cheap := 0
	for range 300 {
		root := tree(4)
		c := cacheCtx("")
		c.Cache.Frame()
		c.SetRoot(root)
		fresh := &Context{Theme: c.Theme, State: c.State}
		var walk func(n *a2ui.Node)
		walk = func(n *a2ui.Node) {
			want := Natural(n, fresh)
			for k := range 2 {
				if got := Natural(n, c); got != want {
					t.Fatalf("%s (%s), measure %d: natural width %d with the cache, %d without", n.ID, n.Type, k, got, want)
				}
			}
			if cheapNatural(n) {
				cheap++
			}
			for _, ch := range n.Children {
				walk(ch)
			}
		}
		walk(root)
	}
	if cheap < 100 {
		t.Errorf("only %d nodes were measured without the memo", cheap)
	}
}

// TestCacheLetsGoOfForgottenBlocks: a block the cache forgot (swept, or
// cleared) is left to the collector, even though its entry shares a chunk
// of memory with entries still held: frames that each draw new nodes, as
// when surfaces come and go, keep no more than the last of them.
func TestCacheLetsGoOfForgottenBlocks(t *testing.T) {
	tree := func(frame int) *a2ui.Node {
		rows := make([]*a2ui.Node, 40)
		for i := range rows {
			id := fmt.Sprint("r", i)
			rows[i] = layRow(id, "start", "center", layText(id+"t", fmt.Sprint("frame ", frame)), layButton(id+"b", "Go"))
		}
		return layColumn("root", "stretch", rows...)
	}
	c := cacheCtx("")
	first := cacheFrame(c, tree(0), 30)
	drawn := weak.Make(&first.Lines[0])
	first = Block{}
	for frame := 1; frame < 40; frame++ {
		cacheFrame(c, tree(frame), 30)
	}
	runtime.GC()
	if drawn.Value() != nil {
		t.Errorf("the first frame's lines are still held after %d sweeps", c.Cache.sweeps)
	}
	if c.Cache.sweeps == 0 {
		t.Fatal("no sweep happened")
	}
	last := cacheFrame(c, tree(40), 30)
	drawn = weak.Make(&last.Lines[0])
	last = Block{}
	c.Cache.Clear()
	cacheFrame(c, tree(41), 30)
	runtime.GC()
	if drawn.Value() != nil {
		t.Error("the lines drawn before Clear are still held")
	}
}

// TestNodeTable: the cache's table of nodes finds what a map does through
// random sets, removals and clears, growing from empty.
func TestNodeTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	nodes := make([]*a2ui.Node, 3000)
	for i := range nodes {
		nodes[i] = &a2ui.Node{ID: fmt.Sprint(i)}
	}
	entries := make([]cached, 100)
	var tab nodeTable
	want := map[*a2ui.Node]*cached{}
	for step := range 200000 {
		n := nodes[rng.IntN(len(nodes))]
		switch op := rng.IntN(100); {
		case op < 45:
			e := &entries[rng.IntN(len(entries))]
			tab.set(n, e)
			want[n] = e
		case op < 90:
			tab.remove(n)
			delete(want, n)
		case op == 99 && rng.IntN(50) == 0:
			tab.clear()
			clear(want)
		}
		if got := tab.get(n); got != want[n] {
			t.Fatalf("step %d: %p for node %s, want %p", step, got, n.ID, want[n])
		}
		if tab.count != len(want) || 2*tab.count > len(tab.slots) {
			t.Fatalf("step %d: %d entries in %d slots, want %d", step, tab.count, len(tab.slots), len(want))
		}
		if step%5000 == 0 {
			for _, m := range nodes {
				if got := tab.get(m); got != want[m] {
					t.Fatalf("step %d: %p for node %s, want %p", step, got, m.ID, want[m])
				}
			}
		}
	}
}

// TestCacheRowLeavesAreFresh: rows drawn with the cache, whose cheap
// leaves a held row draws as pieces (drawPieces) and which new versions
// of rows and columns draw again or patch, draw what a drawing without
// the cache does, lines and hits: rows of texts, fields and buttons of
// every kind the plain paths take or refuse, nested in columns and rows,
// in colour and without, through random updates and moves of the focus.
func TestCacheRowLeavesAreFresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 29))
	texts := []string{
		"Save", "Label number 12", "", " padded ", "**bold**", "é漢字", "two\nlines",
		strings.Repeat("x", 30), strings.Repeat("long words ", 9), "- item", "# Head", "1. one", "~~~", "a ~ b",
	}
	text := func() string { return texts[rng.IntN(len(texts))] }
	next := 0
	leaf := func() *a2ui.Node {
		next++
		id := fmt.Sprint("l", next)
		switch rng.IntN(5) {
		case 0:
			p := &a2ui.TextFieldProps{Label: text(), Text: text()}
			switch rng.IntN(8) {
			case 0:
				p.TextFieldType = []string{"date", "obscured", "longText", "number"}[rng.IntN(4)]
			case 1:
				p.Invalid = true
			case 2:
				p.Checks = []string{"must be filled"}
			}
			return &a2ui.Node{ID: id, Type: "TextField", Props: p}
		case 1:
			b := layButton(id, text())
			p := b.Props.(*a2ui.ButtonProps)
			switch rng.IntN(7) {
			case 0:
				p.Primary = true
			case 1:
				p.Disabled = true
			case 2:
				p.Borderless = true
			case 3:
				p.Call, p.URL = "openUrl", "https://example.com/"+id
			case 4:
				p.Checks = []string{"not yet"}
			}
			return b
		case 2:
			return &a2ui.Node{ID: id, Type: "CheckBox", Props: &a2ui.CheckBoxProps{Label: text()}}
		}
		n := layText(id, text())
		if rng.IntN(4) == 0 {
			n.Props.(*a2ui.TextProps).UsageHint = []string{"h1", "h3", "caption", "body"}[rng.IntN(4)]
		}
		if rng.IntN(3) == 0 {
			n.Weight = float64(1 + rng.IntN(3))
		}
		return n
	}
	row := func() *a2ui.Node {
		next++
		ch := make([]*a2ui.Node, 1+rng.IntN(4))
		for i := range ch {
			ch[i] = leaf()
			if rng.IntN(8) == 0 {
				ch[i] = layColumn(fmt.Sprint("c", next, i), "stretch", leaf(), leaf())
			}
		}
		return layRow(fmt.Sprint("r", next), []string{"start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"}[rng.IntN(6)],
			[]string{"start", "center", "end", "stretch"}[rng.IntN(4)], ch...)
	}
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
		c := cacheCtx("")
		c.Theme = testTheme(p)
		rows := make([]*a2ui.Node, 10)
		for i := range rows {
			rows[i] = row()
		}
		for step := range 300 {
			switch op := rng.IntN(6); {
			case op < 3: // a row replaced, or one of its leaves
				i := rng.IntN(len(rows))
				if r := rows[i]; rng.IntN(2) == 0 {
					ch := append([]*a2ui.Node(nil), r.Children...)
					ch[rng.IntN(len(ch))] = leaf()
					rows[i] = layRow(r.ID, r.Props.(*a2ui.RowProps).Distribution, r.Props.(*a2ui.RowProps).Alignment, ch...)
				} else {
					rows[i] = row()
				}
			case op == 3: // the focus moves to a leaf, or away
				c.Focus = ""
				if r := rows[rng.IntN(len(rows))]; rng.IntN(3) > 0 {
					c.Focus = r.Children[rng.IntN(len(r.Children))].ID
				}
			}
			root := layColumn("root", "stretch", append([]*a2ui.Node(nil), rows...)...)
			w := 40 + rng.IntN(60)
			if step%3 == 0 {
				root = layColumn("root", "stretch", layRow("outer", "start", "stretch", root, leaf()))
			}
			got := cacheFrame(c, root, w)
			fresh := &Context{Theme: c.Theme, State: c.State, Focus: c.Focus}
			fresh.SetRoot(root)
			want := Render(root, w, fresh)
			if !reflect.DeepEqual(got.Lines, want.Lines) || !reflect.DeepEqual(got.Hits, want.Hits) {
				t.Fatalf("%v step %d: with the cache\n%s\n%+v\nwithout\n%s\n%+v", p, step, got, got.Hits, want, want.Hits)
			}
			checkBlock(t, got, w)
		}
		if n := c.Cache.pieced; n < 1000 {
			t.Errorf("%v: only %d leaves were drawn as pieces", p, n)
		}
	}
}

// cheapNatural reports whether n's natural width costs less to measure
// again than to remember (see cheapLeaf).
func cheapNatural(n *a2ui.Node) bool {
	wd, _ := widget(n.Type)
	l, ok := wd.(cheapLeaf)
	return ok && l.cheapNatural(n)
}
