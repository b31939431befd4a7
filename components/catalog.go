package components

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/a2term/a2term/a2ui"
)

// Context is what drawing and key handling need besides the node.
type Context struct {
	Theme *Theme
	// State is the surface's view state; widgets only read it in Render.
	State *State
	// Focus is the id of the focused node, or "".
	Focus string
	// Now is the time controls use when they need one (a date input set
	// from empty); nil means time.Now.
	Now func() time.Time
	// Cache, when set, reuses blocks of subtrees that did not change.
	Cache *Cache
	// Pictures, when set, gives the bytes of the remote pictures a2term
	// fetches (a2ui.ImageProps.Remote; hub.Snapshot.Pictures); a view
	// without it draws them as their alt text.
	Pictures Pictures
	// Reveal, when set, is the id of a node whose place the view needs
	// (to scroll it into view): Render marks its block with a hit that
	// takes no focus, whatever its type. Blocks drawn with it are not to
	// be kept for a drawing without it.
	Reveal string
	// focusPath holds the nodes on the way from the root to the focused
	// node, which must be drawn afresh.
	focusPath map[*a2ui.Node]bool
	path      []*a2ui.Node // the same nodes, in a list
	pathFor   *a2ui.Node
	// held says, while Render draws a node's children, that the node's
	// block is kept by the cache, as its own or as part of the block it
	// is drawn in: every node off the focus path.
	held bool
}

// Pictures gives the bytes of remote pictures, or why there are none in
// a few words ("loading"), without blocking.
type Pictures interface {
	Picture(url string) ([]byte, error)
}

// onPath reports whether n is on the focus path, without a map lookup
// when the path is a few nodes, as it mostly is.
func (c *Context) onPath(n *a2ui.Node) bool {
	if len(c.path) > shortPath {
		return c.focusPath[n]
	}
	for _, p := range c.path {
		if p == n {
			return true
		}
	}
	return false
}

// shortPath is the longest focus path onPath goes through without the
// map.
const shortPath = 8

// SetRoot tells the context which tree is about to be drawn, so that the
// cache knows which subtrees hold the focus.
func (c *Context) SetRoot(root *a2ui.Node) {
	c.pathFor = root
	c.focusPath, c.path = nil, nil
	if c.Focus == "" || root == nil {
		return
	}
	var path []*a2ui.Node
	var walk func(n *a2ui.Node) bool
	walk = func(n *a2ui.Node) bool {
		path = append(path, n)
		if n.ID == c.Focus {
			return true
		}
		for _, ch := range n.Children {
			if walk(ch) {
				return true
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if walk(root) {
		c.path = path
		c.focusPath = make(map[*a2ui.Node]bool, len(path))
		for _, n := range path {
			c.focusPath[n] = true
		}
	}
}

func (c *Context) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Focused reports whether node id has the focus.
func (c *Context) Focused(id string) bool { return c.Focus != "" && c.Focus == id }

// Widget draws one component type.
type Widget interface {
	// Render draws n in exactly w columns. It must be pure: no I/O, no
	// clock, no change to the context's state.
	Render(n *a2ui.Node, w int, c *Context) Block
	// Natural is the width n would like when nothing constrains it; Row
	// uses it to pack children that fit.
	Natural(n *a2ui.Node, c *Context) int
}

// Control is a widget the person can focus and use. Its Render marks the
// block with a focusable Hit for the node (Block.Mark).
type Control interface {
	Widget
	// Key handles a key while n has the focus, changing st as needed. It
	// reports what the program should do, Ignored when the key is not
	// for this control (the program then uses it, e.g. Tab).
	Key(n *a2ui.Node, st *NodeState, k tea.KeyMsg, c *Context) Intent
	// Click handles a mouse click on part of n (see Hit.Part).
	Click(n *a2ui.Node, st *NodeState, part int, c *Context) Intent
}

// IntentKind says what a control wants done.
type IntentKind int

// The things a control can ask for.
const (
	Ignored    IntentKind = iota // the key is not for this control
	Handled                      // the control changed only its view state
	Press                        // press the button Node
	SetValue                     // set input Node to Value
	OpenModal                    // open the Modal Node
	CloseModal                   // close the open modal
)

// Intent is what a control asks of the program after a key or a click.
type Intent struct {
	Kind  IntentKind
	Node  string
	Value any
	// Also is a second intent to carry out after this one: a button that
	// opens a modal is also pressed.
	Also *Intent
}

// Catalog maps component type names to widgets.
type Catalog map[string]Widget

// DefaultCatalog returns the widgets for the 18 standard components and
// the placeholder a2term draws for what cannot be resolved: those widget
// gives.
func DefaultCatalog() Catalog {
	types := append(a2ui.ComponentTypes(), a2ui.PlaceholderType, a2ui.GenericType)
	cat := make(Catalog, len(types))
	for _, typ := range types {
		if wd, ok := widget(typ); ok {
			cat[typ] = wd
		}
	}
	return cat
}

// widget returns the widget of the standard set (DefaultCatalog) for a
// type, the one the package draws children with; a program may draw the
// root with its own catalog, but children always come from the standard
// set. A switch finds it quicker than the catalog's map, once for every
// node drawn and measured.
func widget(typ string) (Widget, bool) {
	switch typ {
	case "Text":
		return Text{}, true
	case "Row":
		return Row{}, true
	case "Column":
		return Column{}, true
	case "Button":
		return Button{}, true
	case "TextField":
		return TextField{}, true
	case "CheckBox":
		return CheckBox{}, true
	case "List":
		return List{}, true
	case "Card":
		return Card{}, true
	case "Image":
		return Image{}, true
	case "Icon":
		return Icon{}, true
	case "Divider":
		return Divider{}, true
	case "Tabs":
		return Tabs{}, true
	case "Modal":
		return Modal{}, true
	case "DateTimeInput":
		return DateTimeInput{}, true
	case "MultipleChoice":
		return MultipleChoice{}, true
	case "Slider":
		return Slider{}, true
	case "Video":
		return Video{}, true
	case "AudioPlayer":
		return AudioPlayer{}, true
	case a2ui.PlaceholderType:
		return Placeholder{}, true
	case a2ui.GenericType:
		return Generic{}, true // a catalog definition's component
	}
	return nil, false
}

// Render draws any node with the widget of its type.
func Render(n *a2ui.Node, w int, c *Context) Block {
	if n == nil || w <= 0 {
		return Block{W: max(w, 0)}
	}
	wd, known := widget(n.Type)
	onPath := c.onPath(n)
	// A leaf that costs as little to draw again as to keep is not kept
	// on its own when what it is drawn in is (its lines are part of that
	// block, which the cache holds), only while that is drawn afresh each
	// frame, on the focus path.
	cacheable := c.Cache != nil && c.pathFor != nil && !onPath && !(c.held && cheapDraw(wd, n))
	if c.Cache != nil && onPath {
		c.Cache.drop(n, w)
	}
	at := 0
	var others *cached // n's blocks at other widths, for put
	if cacheable {
		var b Block
		var ok bool
		if b, others, ok = c.Cache.get(n, w); ok {
			return b
		}
		at = c.Cache.begin()
	}
	if !known {
		return TextBlock(w, c.Theme.Missing.Render("["+n.Type+"]"))
	}
	held := c.held
	c.held = c.Cache != nil && c.pathFor != nil && !onPath
	b := wd.Render(n, w, c)
	c.held = held
	if msgs, wait := CheckMessages(n), Waiting(n); len(msgs) > 0 || wait != "" {
		b = Stack(w, b, TextBlock(w, checkLines(c.Theme, msgs, wait, w)...))
	}
	if c.Reveal != "" && n.ID == c.Reveal {
		b = b.Mark(n.ID, false)
	}
	if cacheable {
		c.Cache.put(n, w, b, at, others)
	}
	return b
}

// A widget offers the fast paths of its own nodes in its own file; Render,
// Natural and Row ask for them with these interfaces.

// cheapLeaf is a widget some of whose nodes, leaves with short texts,
// cost about as little to draw or measure again as to keep.
type cheapLeaf interface {
	// cheapDraw reports whether n costs about as little to draw again
	// as to look up, keep and forget: a block drawn in one the cache
	// keeps keeps n's lines, not a block of n's own.
	cheapDraw(n *a2ui.Node) bool
	// cheapNatural reports whether n's natural width costs less to
	// measure again than to remember.
	cheapNatural(n *a2ui.Node) bool
}

// pieceDrawer is a widget that draws some of its nodes as pieces of one
// or two lines, which a Row copies into its own lines without the
// node's lines being made (see drawPieces).
type pieceDrawer interface {
	// drawPieces draws n, a cheap leaf (cheapDraw), exactly as Render(n, w,
	// c) draws it, lines and hits, and reports whether it did: a node off
	// the plain path is left to Render. The pieces are returned, not
	// written through a pointer, so that the row's on its stack do not
	// escape through the interface.
	drawPieces(n *a2ui.Node, w int, c *Context) (leafPieces, bool)
}

// cheapDraw reports whether n, whose widget is wd, costs about as little
// to draw again as to look up, keep and forget (see cheapLeaf).
func cheapDraw(wd Widget, n *a2ui.Node) bool {
	l, ok := wd.(cheapLeaf)
	return ok && l.cheapDraw(n)
}

// Natural is the width a node would like.
func Natural(n *a2ui.Node, c *Context) int {
	if n == nil {
		return 0
	}
	wd, known := widget(n.Type)
	memo := c.Cache != nil && c.Cache.natural != nil && !c.onPath(n)
	if l, ok := wd.(cheapLeaf); memo && ok && l.cheapNatural(n) {
		memo = false
	}
	if memo {
		if w, ok := c.Cache.natural[n]; ok {
			return w
		}
	}
	w := len(n.Type) + 2
	if known {
		w = wd.Natural(n, c)
	}
	if msgs, wait := CheckMessages(n), Waiting(n); len(msgs) > 0 || wait != "" {
		w = max(w, checksNatural(msgs, wait))
	}
	if memo {
		c.Cache.natural[n] = w
	}
	return w
}

// ControlFor returns the control that handles node n, if n is one.
func ControlFor(n *a2ui.Node) (Control, bool) {
	if n == nil {
		return nil, false
	}
	wd, _ := widget(n.Type)
	ctl, ok := wd.(Control)
	return ctl, ok
}
