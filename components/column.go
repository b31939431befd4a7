package components

import "github.com/a2term/a2term/a2ui"

// Column stacks its children. Alignment places children narrower than the
// column; distribution has nothing to share out, since a column is as tall
// as its children, except when a Row stretches it to its own height: then
// children with a weight grow in proportion to it (the lines they gain
// below them), as flex-grow does.
type Column struct{}

// Render draws the children one under another.
func (Column) Render(n *a2ui.Node, w int, c *Context) Block {
	align := "stretch"
	if p, ok := n.Props.(*a2ui.ColumnProps); ok {
		align = p.Alignment
	}
	return stackNode(n, w, align, c)
}

// Natural is the widest child.
func (Column) Natural(n *a2ui.Node, c *Context) int { return widest(n.Children, c) }

func widest(children []*a2ui.Node, c *Context) int {
	w := 0
	for _, ch := range children {
		w = max(w, Natural(ch, c))
	}
	return w
}

// stackChildren draws children at full width (stretch) or at their natural
// width placed by align; a horizontal rule always spans the width.
func stackChildren(children []*a2ui.Node, w int, align string, c *Context) Block {
	g := c.gather(len(children))
	for _, ch := range children {
		if align == "stretch" || align == "" || isHorizontalRule(ch) {
			g.add(Render(ch, w, c))
			continue
		}
		cw := min(w, max(Natural(ch, c), 1))
		g.add(Align(Render(ch, cw, c), w, align))
	}
	out := Stack(w, g.blocks()...)
	g.done()
	return out
}

// stackNode stacks the children of n, a Column or a List. Drawn with the
// cache, a stack of children at full width is remembered, and the next
// version of n (the canvas makes one when a child changed; the focus
// moving inside n draws it again too) patches it: a child that is the
// same node, off the focus path, whose block the cache still holds keeps
// its lines and hits in place without being looked up, and only the
// others are drawn, as long as each is as tall as the one it replaces.
// Otherwise the stack is made again.
func stackNode(n *a2ui.Node, w int, align string, c *Context) Block {
	k := c.Cache
	if k == nil || c.pathFor == nil || !(align == "stretch" || align == "") || w <= 0 {
		return stackChildren(n.Children, w, align, c)
	}
	key := stackKey{n.ID, w}
	at := len(k.open)
	cacheable := !c.onPath(n)
	if m := k.stacks[key]; m != nil && m.gen == k.gen && len(m.children) == len(n.Children) {
		if b, ok := patchStack(m, n, w, at, c); ok {
			m.frame = k.frame
			if cacheable {
				k.stacked = m
			}
			k.patches++
			return b
		}
		k.open = k.open[:at]
	}
	// Stacked as stackChildren does, noting where each child's blocks
	// start in the cache's open list.
	g := c.gather(len(n.Children))
	m := &stackMemo{
		n: n, children: make([]*a2ui.Node, len(n.Children)), gen: k.gen, frame: k.frame,
		ps: make([]int, len(n.Children)+1), ys: make([]int, len(n.Children)+1), hs: make([]int, len(n.Children)+1),
	}
	for i, ch := range n.Children {
		from := len(k.open)
		b := Render(ch, w, c)
		g.add(b)
		if reusable(ch, from, c) {
			m.children[i] = ch // else drawn again each time
		}
		m.ps[i+1] = len(k.open) - at
		m.ys[i+1] = m.ys[i] + b.H()
		m.hs[i+1] = m.hs[i] + len(b.Hits)
	}
	m.block = Stack(w, g.blocks()...)
	g.done()
	m.parts = append([]*cached(nil), k.open[at:]...)
	if k.stacks == nil {
		k.stacks = map[stackKey]*stackMemo{}
	}
	k.stacks[key] = m
	if cacheable {
		k.stacked = m
	}
	return m.block
}

// patchStack draws n from m, the stack of an earlier version of it, and
// makes m n's; ok is false (and m unchanged) when the stack must be made
// again.
func patchStack(m *stackMemo, n *a2ui.Node, w, at int, c *Context) (Block, bool) {
	k := c.Cache
	// The changes go on the cache's scratch list, above those of the
	// stacks being patched around this one (a child drawn meanwhile takes
	// its own off before this one adds to it).
	base := len(k.changes)
	release := func() {
		clear(k.changes[base:])
		k.changes = k.changes[:base]
	}
	for i, ch := range n.Children {
		if ch == m.children[i] && ch != nil && !c.onPath(ch) && (m.ps[i+1] == m.ps[i] || !m.parts[m.ps[i]].gone()) {
			continue
		}
		from := len(k.open)
		b := Render(ch, w, c)
		if b.H() != m.ys[i+1]-m.ys[i] {
			release()
			return Block{}, false
		}
		var keep *a2ui.Node
		if reusable(ch, from, c) {
			keep = ch
		}
		k.changes = append(k.changes, stackChange{i, b, k.open[from:len(k.open):len(k.open)], keep})
	}
	defer release()
	changes := k.changes[base:]
	// Lines and hits are copied only if some differ: blocks are never
	// written to, and one the cache holds may share them with another.
	// A child with more or fewer hits than before (a focused field whose
	// text grew past its width) moves the hits after its own: they are
	// gathered again.
	out := m.block
	sameLines, sameHits, hitsMoved := true, true, false
	for _, ch := range changes {
		y := m.ys[ch.i]
		for j, l := range ch.b.Lines {
			sameLines = sameLines && ch.b.W == w && l == out.Lines[y+j]
		}
		if len(ch.b.Hits) != m.hs[ch.i+1]-m.hs[ch.i] {
			hitsMoved = true
			continue
		}
		for j, h := range ch.b.Hits {
			h.Y += y
			sameHits = sameHits && h == out.Hits[m.hs[ch.i]+j]
		}
	}
	if !sameLines {
		out.Lines = append([]string(nil), m.block.Lines...)
	}
	hs := m.hs
	switch {
	case hitsMoved:
		sameHits = true // gathered here, not written below
		total := m.hs[len(n.Children)]
		for _, ch := range changes {
			total += len(ch.b.Hits) - (m.hs[ch.i+1] - m.hs[ch.i])
		}
		hs = make([]int, len(m.hs))
		out.Hits = make([]Hit, 0, total)
		ci := 0
		for i := range n.Children {
			hs[i] = len(out.Hits)
			if ci < len(changes) && changes[ci].i == i {
				for _, h := range changes[ci].b.Hits {
					h.Y += m.ys[i]
					out.Hits = append(out.Hits, h)
				}
				ci++
				continue
			}
			out.Hits = append(out.Hits, m.block.Hits[m.hs[i]:m.hs[i+1]]...)
		}
		hs[len(n.Children)] = len(out.Hits)
	case !sameHits:
		out.Hits = append([]Hit(nil), m.block.Hits...)
	}
	// The blocks the children were drawn as, in order: those kept, and
	// those just drawn in place of the others'. Only m holds its parts
	// (the cache copies a block's parts), so they are replaced in place
	// when each child has as many blocks as before.
	sameCounts := true
	for _, ch := range changes {
		sameCounts = sameCounts && len(ch.parts) == m.ps[ch.i+1]-m.ps[ch.i]
	}
	parts := m.parts
	if !sameCounts {
		parts = make([]*cached, 0, len(m.parts)+4)
	}
	ps := m.ps
	done := 0 // children whose parts are in
	for _, ch := range changes {
		y := m.ys[ch.i]
		if !sameLines {
			for j, l := range ch.b.Lines {
				out.Lines[y+j] = resize(l, ch.b.W, w)
			}
		}
		if !sameHits {
			for j, h := range ch.b.Hits {
				h.Y += y
				out.Hits[m.hs[ch.i]+j] = h
			}
		}
		if sameCounts {
			copy(parts[m.ps[ch.i]:], ch.parts)
			continue
		}
		parts = append(parts, m.parts[m.ps[done]:m.ps[ch.i]]...)
		parts = append(parts, ch.parts...)
		done = ch.i + 1
		if len(ch.parts) != m.ps[ch.i+1]-m.ps[ch.i] && &ps[0] == &m.ps[0] {
			ps = append([]int(nil), m.ps...)
		}
	}
	if !sameCounts {
		parts = append(parts, m.parts[m.ps[done]:]...)
	}
	if &ps[0] != &m.ps[0] {
		// Some child has more or fewer blocks than before: count again.
		ci := 0
		for i := range n.Children {
			size := m.ps[i+1] - m.ps[i]
			if ci < len(changes) && changes[ci].i == i {
				size = len(changes[ci].parts)
				ci++
			}
			ps[i+1] = ps[i] + size
		}
	}
	for _, ch := range changes {
		m.children[ch.i] = ch.keepAs
	}
	// As when looked up: drawn in this frame, and the parts of the
	// block n is drawn as.
	for _, p := range parts {
		p.used = k.frame
	}
	k.open = append(k.open[:at], parts...)
	m.n, m.parts, m.ps, m.hs, m.block, m.e = n, parts, ps, hs, out, nil
	return out, true
}

// reusable reports whether child ch of a stack, just drawn with the
// cache's open list at from before, draws the same as long as it is the
// same node off the focus path: its block is its own, which the cache
// keeps, or it has none (a leaf held in the stack's block, see Render).
func reusable(ch *a2ui.Node, from int, c *Context) bool {
	k := c.Cache
	if len(k.open) == from {
		return ch != nil && !c.onPath(ch)
	}
	return len(k.open) == from+1 && k.open[from].n == ch
}

// stackChange is a child of a stack drawn again by patchStack.
type stackChange struct {
	i      int
	b      Block
	parts  []*cached
	keepAs *a2ui.Node // what the stack notes as the child: nil to draw it again next time
}

// stackChildrenTo stacks children at least h lines tall: the lines over
// what they need go below the weighted children, in proportion to their
// weights.
func stackChildrenTo(children []*a2ui.Node, w int, align string, h int, c *Context) Block {
	blocks := make([]Block, 0, len(children))
	used := 0
	for _, ch := range children {
		var b Block
		if align == "stretch" || align == "" || isHorizontalRule(ch) {
			b = Render(ch, w, c)
		} else {
			cw := min(w, max(Natural(ch, c), 1))
			b = Align(Render(ch, cw, c), w, align)
		}
		used += b.H()
		blocks = append(blocks, b)
	}
	extra := make([]int, len(children))
	share(extra, max(h-used, 0), children)
	parts := make([]Block, 0, 2*len(blocks))
	for i, b := range blocks {
		parts = append(parts, b)
		if extra[i] > 0 {
			parts = append(parts, Empty(w, extra[i]))
		}
	}
	return Stack(w, parts...)
}

// isHorizontalRule reports whether n is a Divider across the width, which
// has no natural width of its own.
func isHorizontalRule(n *a2ui.Node) bool {
	if n == nil || n.Type != "Divider" {
		return false
	}
	p, ok := n.Props.(*a2ui.DividerProps)
	return !ok || p.Axis != "vertical"
}
