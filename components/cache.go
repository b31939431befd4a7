package components

import (
	"math/bits"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/arena"
)

// Cache keeps drawn blocks from one frame to the next. The canvas hands out
// a new node only where something below it changed, so a node drawn again
// at the same width, with nothing focused inside it, draws the same: one
// keystroke then redraws the path from the root to the focused control
// and reuses every other subtree.
//
// A block reused whole keeps the blocks it was made of: a frame that draws
// the same tree again (a scroll, a line of the transcript) reuses only the
// root's block, and the update after it still finds every card it did not
// change. The cache holds what the last frame drew or reused and the
// blocks those were made of; what no longer is is forgotten once the cache
// has grown to twice what it kept the last time it forgot, so that
// forgetting costs no more than drawing did.
//
// A leaf that costs as little to draw as to keep (cheapDraw) has a block
// of its own only while what it is drawn in is drawn afresh each frame
// (on the focus path); else its lines are kept as part of that block, and
// a new version of it draws the leaf again. A Column or List's stack
// keeps such a child's lines as it keeps those of a child it looks up.
//
// A Cache belongs to one program and one surface (its theme is part of what
// was drawn). It is not safe for concurrent use.
type Cache struct {
	// blocks holds a node's block at one width, the first of those at
	// the others (see cached.next): most nodes are drawn at one width,
	// and a table keyed by pointer alone is the quickest to look up.
	blocks nodeTable
	// size counts the blocks held; all holds them (and those drop forgot
	// since the last sweep), for sweep to go through without the map.
	size int
	all  []*cached
	// marking is sweep's stack, kept from one sweep to the next.
	marking []*cached
	frame   uint32 // the frame being drawn, counted by Frame
	// open holds the blocks drawn or reused in this frame that no block
	// drawn since holds yet: the parts of the next block put.
	open []*cached
	// natural widths, by node, for the current frame only.
	natural map[*a2ui.Node]int
	// live is how many blocks the last sweep kept; sweeps counts them.
	live   int
	sweeps uint32
	// slab and partRoom hand out entries and their parts a chunk at a time.
	slab     []cached
	partRoom []*cached
	// gen counts the calls to Clear.
	gen uint64
	// scratch holds the blocks of the children being stacked, for every
	// level of the drawing at once (see Context.blocks).
	scratch []Block
	// stacks holds, by container and width, how the last stack of its
	// children was made, for the next version of the container to patch
	// (see stackNode); stacked is the one just made, which Render ties to
	// the container's block.
	stacks  map[stackKey]*stackMemo
	stacked *stackMemo
	// changes holds the children patchStack draws again, for every
	// stack being patched at once.
	changes []stackChange
	// patches counts the stacks patched.
	patches uint64
	// noLines are the lines of the blocks that stand for leaves a row
	// draws as pieces (see layoutRow), for their height.
	noLines [2]string
	// pieced counts the leaves drawn as pieces.
	pieced int
}

type stackKey struct {
	id string
	w  int
}

// stackMemo is a stack of children as drawn: the children (nil for one
// that has no block of its own in the cache, such as one on the focus
// path, which is drawn again each time), the blocks they were drawn as
// (parts; child i's from ps[i]), where each one's lines and hits start
// (ys, hs; the totals at the end), and the stacked block. It holds
// while the cache's generation is the one it was made in, and lasts
// while e, the block of the container it was made for, does, or while
// it was drawn in the last frame.
type stackMemo struct {
	n          *a2ui.Node
	children   []*a2ui.Node
	parts      []*cached
	ps, ys, hs []int
	block      Block
	gen        uint64
	frame      uint32
	e          *cached
}

// cached is a block in the cache: when it was last drawn or reused, and
// the blocks it was made of, which stay as long as it does. It holds the
// block's lines, its hits and its parts as where they start and how many
// there are (the lists' capacities are their lengths): a frame of a new
// tree makes an entry for most of its nodes, and the smaller they are,
// the less the collector has to go through.
type cached struct {
	lines arena.Ref[string]
	hits  arena.Ref[Hit]
	n     *a2ui.Node // the node it was drawn for; nil once forgotten
	next  *cached    // n's block at another width
	parts arena.Ref[*cached]
	bw    int32 // the block's width
	w     int32 // the width it was drawn at
	nl    int32 // lines, hits and parts
	nh    int32
	np    int32
	used  uint32
	mark  uint32
}

// block returns the block e holds.
func (e *cached) block() Block {
	return Block{Lines: e.lines.Slice(int(e.nl)), W: int(e.bw), Hits: e.hits.Slice(int(e.nh))}
}

// partList returns the entries e's block was made of.
func (e *cached) partList() []*cached { return e.parts.Slice(int(e.np)) }

// gone reports whether e was forgotten (by drop, a sweep or Clear).
func (e *cached) gone() bool { return e.n == nil }

// forget marks e forgotten and lets go of what it holds. The entry lives
// on while anything holds another of its slab's chunk (or itself, as a
// part of a stack kept for patching); what it points at, its block and
// the entries it was made of, would live on with it, and with those the
// chunks they are in, back to the first frame.
func (e *cached) forget() { *e = cached{mark: e.mark} }

// Generation changes each time the cache is cleared: a drawing kept from
// an earlier generation was made of blocks the cache has forgotten since,
// so a program that keeps drawings keys them by it.
func (c *Cache) Generation() uint64 { return c.gen }

// slabBytes is the size of a chunk of the slab: 8 KiB, a size the
// allocator hands out without rounding up.
const slabBytes = 8192

// sweepSlack is how many blocks the cache may gain beyond twice what it
// kept before it looks for blocks to forget.
const sweepSlack = 256

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{natural: map[*a2ui.Node]int{}}
}

// Frame starts a new frame. Blocks that neither the last frame nor any
// block it used holds are forgotten, once there are enough of them.
func (c *Cache) Frame() {
	c.frame++
	c.open = c.open[:0]
	clear(c.natural)
	if c.size > 2*c.live+sweepSlack {
		c.sweep()
	}
}

// sweep forgets every block that the last frame did not draw or reuse and
// that no block it did holds.
func (c *Cache) sweep() {
	c.sweeps++
	m := c.sweeps
	stack := c.marking[:0]
	for _, e := range c.all {
		if !e.gone() && e.used == c.frame-1 && e.mark != m {
			e.mark = m
			stack = append(stack, e)
		}
	}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range e.partList() {
			if p.mark != m {
				p.mark = m
				stack = append(stack, p)
			}
		}
	}
	c.marking = stack[:0]
	kept := c.all[:0]
	for _, e := range c.all {
		switch {
		case e.gone():
		case e.mark != m:
			c.unlink(e)
			e.forget()
		default:
			kept = append(kept, e)
		}
	}
	clear(c.all[len(kept):])
	c.all = kept
	for k, s := range c.stacks {
		if (s.e == nil || s.e.mark != m) && s.frame != c.frame-1 {
			delete(c.stacks, k)
		}
	}
	c.live = c.size
}

// unlink takes e, which the cache holds, out of its node's list.
func (c *Cache) unlink(e *cached) {
	c.size--
	first := c.blocks.get(e.n)
	if first == e {
		if e.next == nil {
			c.blocks.remove(e.n)
		} else {
			c.blocks.set(e.n, e.next)
		}
		e.next = nil
		return
	}
	for p := first; p != nil; p = p.next {
		if p.next == e {
			p.next = e.next
			break
		}
	}
	e.next = nil
}

// Clear forgets everything (after a change of theme or view state that
// nodes do not show, such as a selected tab).
func (c *Cache) Clear() {
	c.gen++
	c.blocks.clear()
	for _, e := range c.all {
		e.forget()
	}
	clear(c.all)
	c.all = c.all[:0]
	c.size = 0
	clear(c.natural)
	clear(c.stacks)
	c.stacked = nil
	c.open = c.open[:0]
	c.live = 0
}

// get returns n's block at width w if the cache holds it; if not, first
// is the first of those it holds at other widths, which put takes: nothing
// drawn meanwhile (n's subtree, which n is not part of) changes them.
func (c *Cache) get(n *a2ui.Node, w int) (b Block, first *cached, ok bool) {
	first = c.blocks.get(n)
	e := first
	for e != nil && int(e.w) != w {
		e = e.next
	}
	if e == nil {
		return Block{}, first, false
	}
	e.used = c.frame
	c.open = append(c.open, e)
	return e.block(), nil, true
}

// begin marks where the parts of a block about to be drawn start; put
// takes them.
func (c *Cache) begin() int { return len(c.open) }

// drop forgets a node drawn while it held the focus: what it shows then
// (a cursor, a selection) is not what it shows once the focus leaves.
func (c *Cache) drop(n *a2ui.Node, w int) {
	if e := c.find(n, w); e != nil {
		c.unlink(e)
		e.forget()
	}
}

// find returns the block the cache holds for n at width w, or nil.
func (c *Cache) find(n *a2ui.Node, w int) *cached {
	e := c.blocks.get(n)
	for e != nil && int(e.w) != w {
		e = e.next
	}
	return e
}

// put keeps the block b drawn for n at width w, made of the blocks drawn
// or reused since begin returned at, in front of first, what get found
// of n at other widths.
func (c *Cache) put(n *a2ui.Node, w int, b Block, at int, first *cached) {
	e := c.fill(n, w, b, at)
	e.next = first
	c.blocks.set(n, e)
	if s := c.stacked; s != nil {
		// The stack just made is n's block: it lasts as long as n's.
		if s.n == n && s.block.W == w {
			s.e = e
		}
		c.stacked = nil
	}
}

// fill makes the entry of a block about to be held: the block, and its
// parts, the blocks drawn or reused since begin returned at, which it
// takes the place of in the open list.
func (c *Cache) fill(n *a2ui.Node, w int, b Block, at int) *cached {
	if len(c.slab) == 0 {
		c.slab = arena.Chunk[cached](slabBytes)
	}
	e := &c.slab[0]
	c.slab = c.slab[1:]
	// The lists are given back with their lengths as capacities, so
	// that a caller appending to the lines or hits of a cached block can
	// never write into it.
	e.lines, e.hits, e.n = arena.RefTo(b.Lines), arena.RefTo(b.Hits), n
	e.bw, e.w, e.nl, e.nh, e.used = int32(b.W), int32(w), int32(len(b.Lines)), int32(len(b.Hits)), c.frame //nolint:gosec // a block's width and lines are far below 2^31: the canvas is bounded (a2ui.MaxCanvasBytes)
	if parts := c.open[at:]; len(parts) > 0 {
		if cap(c.partRoom)-len(c.partRoom) < len(parts) {
			c.partRoom = make([]*cached, 0, max(512, 2*len(parts)))
		}
		from := len(c.partRoom)
		c.partRoom = append(c.partRoom, parts...)
		e.parts, e.np = arena.RefTo(c.partRoom[from:]), int32(len(parts)) //nolint:gosec // as many parts as nodes: far below 2^31
	}
	c.open = append(c.open[:at], e)
	c.size++
	c.all = append(c.all, e)
	return e
}

// gathering collects the blocks of a container's children. With a cache
// they go on its scratch, a stack shared by every level of the drawing: a
// child drawn meanwhile gathers its own children above the blocks added so
// far and takes them off before its block is added, so drawing a long
// list does not allocate a slice as long as the list every time.
type gathering struct {
	k    *Cache
	base int
	own  []Block // without a cache
}

func (c *Context) gather(n int) gathering {
	if c.Cache == nil {
		return gathering{own: make([]Block, 0, n)}
	}
	return gathering{k: c.Cache, base: len(c.Cache.scratch)}
}

func (g *gathering) add(b Block) {
	if g.k == nil {
		g.own = append(g.own, b)
		return
	}
	g.k.scratch = append(g.k.scratch, b)
}

// blocks returns what was added, valid until done.
func (g *gathering) blocks() []Block {
	if g.k == nil {
		return g.own
	}
	return g.k.scratch[g.base:]
}

// done takes the blocks off the scratch.
func (g *gathering) done() {
	if g.k != nil {
		clear(g.k.scratch[g.base:])
		g.k.scratch = g.k.scratch[:g.base]
	}
}

// nodeTable maps nodes to entries: a table of open addressing (linear
// probing), at most half full, keyed by the node's address, which it
// hashes with one multiplication. A map of pointer keys costs about
// twice as much to look up, fill and empty, and a frame of a new tree
// does each for most of its nodes.
//
// The address is taken for the hash only: the collector does not move
// objects, and the slot holds the node itself.
type nodeTable struct {
	slots []nodeSlot
	count int
	shift uint8 // 64 less the bits of an index
}

type nodeSlot struct {
	n *a2ui.Node
	e *cached
}

// minTable is the fewest slots a table has.
const minTable = 64

// home is the slot where a probe for n starts.
func (t *nodeTable) home(n *a2ui.Node) int {
	return int(uint64(arena.Addr(n)) * 0x9e3779b97f4a7c15 >> t.shift) //nolint:gosec // shifted to below the table's size
}

// get returns n's entry, or nil.
func (t *nodeTable) get(n *a2ui.Node) *cached {
	if t.count == 0 {
		return nil
	}
	mask := len(t.slots) - 1
	for i := t.home(n); ; i = (i + 1) & mask {
		switch s := &t.slots[i]; s.n {
		case n:
			return s.e
		case nil:
			return nil
		}
	}
}

// set makes e n's entry.
func (t *nodeTable) set(n *a2ui.Node, e *cached) {
	if 2*(t.count+1) > len(t.slots) {
		t.grow()
	}
	mask := len(t.slots) - 1
	for i := t.home(n); ; i = (i + 1) & mask {
		switch s := &t.slots[i]; s.n {
		case n:
			s.e = e
			return
		case nil:
			s.n, s.e = n, e
			t.count++
			return
		}
	}
}

// remove takes n out of the table, moving back the entries after it
// that would no longer be found past the hole.
func (t *nodeTable) remove(n *a2ui.Node) {
	if t.count == 0 {
		return
	}
	mask := len(t.slots) - 1
	i := t.home(n)
	for t.slots[i].n != n {
		if t.slots[i].n == nil {
			return
		}
		i = (i + 1) & mask
	}
	for j := (i + 1) & mask; t.slots[j].n != nil; j = (j + 1) & mask {
		// The entry at j may fill the hole at i if its probe passes
		// through i: i lies between its home and j.
		if k := t.home(t.slots[j].n); (j-k)&mask >= (j-i)&mask {
			t.slots[i] = t.slots[j]
			i = j
		}
	}
	t.slots[i] = nodeSlot{}
	t.count--
}

// grow doubles the table (or makes its first slots) and places every
// entry again.
func (t *nodeTable) grow() {
	old := t.slots
	size := max(2*len(old), minTable)
	t.slots = make([]nodeSlot, size)
	t.shift = uint8(64 - bits.TrailingZeros(uint(size))) //nolint:gosec // from 0 to 64
	t.count = 0
	for _, s := range old {
		if s.n != nil {
			t.set(s.n, s.e)
		}
	}
}

// clear empties the table, keeping its slots.
func (t *nodeTable) clear() {
	clear(t.slots)
	t.count = 0
}
