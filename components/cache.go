package components

import "github.com/a2term/a2term/a2ui"

// Cache keeps drawn blocks from one frame to the next. The canvas hands out
// a new node only where something below it changed, so a node drawn again
// at the same width, with nothing focused inside it, draws the same: one
// keystroke then redraws the path from the root to the focused control
// and reuses every other subtree.
//
// A Cache belongs to one program and one surface (its theme is part of what
// was drawn). It is not safe for concurrent use.
type Cache struct {
	cur, prev map[cacheKey]Block
	// natural widths, by node, for the current frame only.
	natural map[*a2ui.Node]int
	// blocks and naturals are how many entries the frame before Clear
	// held: the next frame starts with room for as many, instead of
	// growing its maps again entry by entry.
	blocks, naturals int
}

type cacheKey struct {
	n *a2ui.Node
	w int
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{cur: map[cacheKey]Block{}, prev: map[cacheKey]Block{}}
}

// Frame starts a new frame: blocks not used in it are forgotten at the
// start of the next, so the cache holds only what is on screen.
func (c *Cache) Frame() {
	n, nn := max(len(c.cur), c.blocks), max(len(c.natural), c.naturals)
	c.blocks, c.naturals = 0, 0
	c.prev, c.cur = c.cur, make(map[cacheKey]Block, n)
	c.natural = make(map[*a2ui.Node]int, nn)
}

// Clear forgets everything (after a change of theme or view state that
// nodes do not show, such as a selected tab).
func (c *Cache) Clear() {
	c.blocks, c.naturals = max(c.blocks, len(c.cur)), max(c.naturals, len(c.natural))
	clear(c.cur)
	clear(c.prev)
	clear(c.natural)
}

func (c *Cache) get(n *a2ui.Node, w int) (Block, bool) {
	k := cacheKey{n, w}
	if b, ok := c.cur[k]; ok {
		return b, true
	}
	if b, ok := c.prev[k]; ok {
		c.cur[k] = b
		return b, true
	}
	return Block{}, false
}

// drop forgets a node drawn while it held the focus: what it shows then
// (a cursor, a selection) is not what it shows once the focus leaves.
func (c *Cache) drop(n *a2ui.Node, w int) {
	k := cacheKey{n, w}
	delete(c.cur, k)
	delete(c.prev, k)
}

func (c *Cache) put(n *a2ui.Node, w int, b Block) {
	// Capacity capped so that a caller appending to the lines or hits of
	// a cached block can never write into it.
	b.Lines = b.Lines[:len(b.Lines):len(b.Lines)]
	b.Hits = b.Hits[:len(b.Hits):len(b.Hits)]
	c.cur[cacheKey{n, w}] = b
}
