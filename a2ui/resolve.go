package a2ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/a2term/a2term/internal/arena"
)

// resolver builds the tree of one surface.
type resolver struct {
	s       *Surface
	lenient bool
	// init makes path-plus-literal values write their literal into the
	// data model (only while a batch holds its own copy of the surface):
	// always for a component that arrived since the surface was last
	// resolved, unless the agent wrote the path after it arrived (lits and
	// wlog), and otherwise when nothing is at the path yet.
	init  bool
	lits  map[string]int
	wlog  [][]string
	nodes int
	err   *Error
	// warns are the warnings of values the data model gave (media from
	// another site), one per component, at most maxResolveWarnings;
	// oldBlocked the placeholders the last tree drew, by node.
	warns      []Warning
	oldBlocked map[string]string
	// Incremental resolution (reresolveSurface): the data paths and nodes
	// that changed, and whether resolving had to write the model itself.
	dirty      [][]string
	dirtyNodes map[string]bool
	wrote      bool
	cur        *Node          // the node whose properties are being resolved
	item       []string       // the template item v0.9 values are evaluated in
	ids        map[string]int // times a shared component was drawn
	slab       []Node
	slabN      int
	// The properties of the most common types and the children lists
	// come from blocks too, taken as nodes are.
	made     int // nodes made by node
	texts    arena.Values[TextProps]
	rows     arena.Values[RowProps]
	columns  arena.Values[ColumnProps]
	buttons  arena.Values[ButtonProps]
	fields   arena.Values[TextFieldProps]
	kids     arena.Lists[*Node]
	fails    arena.Lists[string] // the messages of failed checks
	readRoom [][]string          // what is left of the block of first reads
	readN    int
	// noSkip walks every node; skipped says a subtree was kept without
	// a walk, and recount that a node drawn since needed the walk.
	noSkip, skipped, recount bool
	// bud is the budget of the batch or intent being resolved for, and
	// mark says a value stopped by a bound shows a marker (and is a
	// warning) instead of refusing the batch: with Lenient, and for the
	// person's intents, which are never refused for what the agent sent.
	bud  *evalBudget
	mark bool
	// fetch are the hosts a2term fetches pictures from
	// (Options.FetchImages); fetched those an earlier a2term of the canvas
	// fetched them from (Options.FetchedImages).
	fetch, fetched []string
}

// evalCtx is how a resolution evaluates: its budget, whether values
// stopped by a bound are marked (see resolver.mark), and the hosts
// pictures are fetched from, now and before (resolver.fetch, fetched).
type evalCtx struct {
	bud            *evalBudget
	mark           bool
	fetch, fetched []string
}

// scope is the data context of a node: the absolute path of the template
// item it is drawn for, and the keys that make its id unique. No scope
// changes once made: nodes share them.
type scope struct {
	item   []string
	suffix string
	inTpl  bool
	colon  bool // a template key on the way holds a colon
}

// rootScope is the scope outside every template.
var rootScope = &scope{}

// maxInitPasses bounds how often resolveSurfaceIn starts again because
// resolving wrote the data model (a literal written at a path that nodes
// drawn before it read).
const maxInitPasses = 4

// resolveSurfaceIn resolves a shown surface from its root, evaluating as
// ec says. With init set the surface must be a batch's private copy: the
// literals of components that arrived since the last resolution are
// written (in the first pass only), and resolution starts again while it
// wrote something, so every node shows the model as it ends up.
func resolveSurfaceIn(s *Surface, lenient, init bool, ec evalCtx) (*Node, []Warning, *Error) {
	r := &resolver{s: s, lenient: lenient, init: init, bud: ec.bud, mark: ec.mark, fetch: ec.fetch, fetched: ec.fetched}
	if init {
		r.lits, r.wlog = s.litIndex(), s.wlog
	}
	for pass := 1; ; pass++ {
		n := r.node(s.root, rootScope, 0)
		if r.err != nil {
			return nil, nil, r.err
		}
		if !r.wrote || pass == maxInitPasses {
			return n, r.warns, nil
		}
		r = &resolver{s: s, lenient: lenient, init: init, bud: ec.bud, mark: ec.mark, fetch: ec.fetch, fetched: ec.fetched}
	}
}

// reresolveSurface resolves a surface whose components and root did not
// change since its last tree, after the data paths in dirty were written
// and the nodes in dirtyNodes got new values of their own. Nodes that read
// none of that are taken over from the last tree as they are, so one
// keystroke costs a walk of the tree instead of a new one.
func reresolveSurface(s *Surface, lenient bool, dirty [][]string, dirtyNodes map[string]bool, ec evalCtx) (*Node, []Warning, *Error) {
	for _, noSkip := range []bool{false, true} {
		r := &resolver{s: s, lenient: lenient, init: true, dirty: dirty, dirtyNodes: dirtyNodes, noSkip: noSkip, bud: ec.bud, mark: ec.mark, fetch: ec.fetch, fetched: ec.fetched}
		n := r.reuse(s.tree, 0)
		if r.wrote && (r.err == nil || r.recount) {
			// A path-plus-literal value initialised the model: other
			// nodes may read what it wrote, so resolve everything.
			return resolveSurfaceIn(s, lenient, true, ec)
		}
		if r.recount {
			continue
		}
		if r.err != nil {
			return nil, nil, r.err
		}
		return n, r.warns, nil
	}
	return resolveSurfaceIn(s, lenient, true, ec) // not reached: a walk of every node never recounts
}

// reuse returns old when nothing it shows changed, a copy with new
// children when only something below it changed, and a freshly resolved
// node when its own properties changed. A template container whose
// collection changed keeps the children of the items it still has, each
// reused in turn, and resolves only the items that are new: replacing one
// item of a long list re-resolves that item, not the list.
func (r *resolver) reuse(old *Node, depth int) *Node {
	if r.err != nil {
		return nil
	}
	if !r.noSkip && !r.reaches(old) {
		// Nothing below reads what changed: keep the subtree as it is.
		r.nodes += int(old.count)
		if r.nodes > MaxNodes {
			r.failf(CodeTooManyNodes, old.Component, "surface %q would draw more than %d nodes (templates included)", r.s.id, MaxNodes)
			return nil
		}
		r.skipped = true
		return old
	}
	self, items := r.affected(old)
	var written []int
	fast := false
	if items && !self {
		written, fast = r.writtenItems(old)
	}
	if self || (items && !fast && !r.keyed(old)) {
		return r.node(old.Component, old.sc, depth)
	}
	r.nodes++
	if r.nodes > MaxNodes {
		r.failf(CodeTooManyNodes, old.Component, "surface %q would draw more than %d nodes (templates included)", r.s.id, MaxNodes)
		return nil
	}
	if r.tracked(old.entry, old.sc) {
		// Keep the count of drawings of a shared component in step with a
		// full resolution, which numbers them in this same order.
		if r.ids == nil {
			r.ids = map[string]int{}
		}
		r.ids[old.Component+old.sc.suffix]++
	}
	if fast {
		return r.reuseItems(old, written, depth)
	}
	if items {
		if kids, same := r.items(old, depth); !same {
			if r.err != nil {
				return nil
			}
			n := *old
			n.Children = kids
			n.sum()
			return &n
		}
	}
	var kids []*Node
	for i, c := range old.Children {
		n := r.reuse(c, depth+1)
		if r.err != nil {
			return nil
		}
		if n != c && kids == nil {
			kids = make([]*Node, len(old.Children))
			copy(kids, old.Children[:i])
		}
		if kids != nil {
			kids[i] = n
		}
	}
	if kids == nil {
		return old
	}
	n := *old
	n.Children = kids
	n.sum()
	return &n
}

// reaches reports whether a change may touch n or anything below it: a
// written path related to one of the paths the subtree reads (they all
// lie under n.span), or the person's value of an input in it.
func (r *resolver) reaches(n *Node) bool {
	if n.deps&depLocal != 0 && len(r.dirtyNodes) > 0 {
		return true
	}
	if n.deps&depPaths == 0 {
		return false
	}
	for _, d := range r.dirty {
		if isPrefix(d, n.span) || isPrefix(n.span, d) {
			return true
		}
	}
	return false
}

// sum works out what a node's subtree holds from its children: how many
// nodes, the longest path all its reads lie under, whether it reads any,
// whether it shows a person's value and the kinds of node searched for.
func (n *Node) sum() {
	n.count = 1
	n.deps = 0
	if n.local {
		n.deps |= depLocal
	}
	switch p := n.Props.(type) {
	case *ModalProps:
		n.deps |= depModal
	case *TextFieldProps:
		if p.secret() {
			n.deps |= depSecret
		}
		if p.Invalid {
			n.deps |= depInvalid
		}
	}
	var span []string
	merge := func(p []string) {
		if n.deps&depPaths == 0 {
			span = p
			n.deps |= depPaths
			return
		}
		k := 0
		for k < len(span) && k < len(p) && span[k] == p[k] {
			k++
		}
		span = span[:k:k]
	}
	for _, p := range n.reads {
		merge(p)
	}
	if tpl := n.tplPath(); tpl != nil {
		merge(tpl)
	}
	n.itemLocal, n.colonKeys = n.items, false
	for _, c := range n.Children {
		n.count += c.count
		n.deps |= c.deps & (depLocal | depHolds)
		if c.deps&depPaths != 0 {
			merge(c.span)
		}
		if n.items {
			n.itemLocal = n.itemLocal && readsInItem(c)
			n.colonKeys = n.colonKeys || c.sc.colon
		}
	}
	n.span = span
}

// readsInItem reports whether every path a template item's subtree reads
// lies under the item.
func readsInItem(c *Node) bool { return c.deps&depPaths == 0 || isPrefix(c.sc.item, c.span) }

// writtenItems returns the positions of the children of a template
// container that a change can reach, when the change wrote only inside
// items its collection already had, keeping their keys and order, and each
// child reads only under its own item: then every other child is as it
// was, and is kept without a walk. ok is false for any other change.
func (r *resolver) writtenItems(old *Node) (at []int, ok bool) {
	if r.noSkip || !old.items || !old.itemLocal || old.colonKeys || old.sc.colon || r.s.colonIDs ||
		old.deps&depLocal != 0 && len(r.dirtyNodes) > 0 {
		return nil, false
	}
	var index func(k string) int
	n := 0
	switch x := r.collection(old).(type) {
	case *Object:
		n, index = x.Len(), x.index
	case []any:
		n = len(x)
		index = func(k string) int {
			if i, ok := arrayIndex(k); ok && i < len(x) {
				return i
			}
			return -1
		}
	default:
		return nil, false
	}
	if n != len(old.Children) {
		return nil, false
	}
	tpl := old.tplPath()
	for _, d := range r.dirty {
		if !isPrefix(tpl, d) {
			if isPrefix(d, tpl) {
				return nil, false // the collection itself, or what holds it
			}
			continue // elsewhere: no child reads it
		}
		if len(d) == len(tpl) {
			return nil, false
		}
		k := d[len(tpl)]
		i := index(k)
		if i < 0 {
			return nil, false
		}
		if item := old.Children[i].sc.item; item[len(item)-1] != k {
			return nil, false // the items moved
		}
		if !slices.Contains(at, i) {
			at = append(at, i)
		}
	}
	return at, true
}

// reuseItems reuses the children of old at the positions at and keeps the
// rest, working out the new node's sums from the children that changed
// when they allow it.
func (r *resolver) reuseItems(old *Node, at []int, depth int) *Node {
	kept := int(old.count) - 1
	for _, i := range at {
		kept -= int(old.Children[i].count)
	}
	r.nodes += kept
	if r.nodes > MaxNodes {
		r.failf(CodeTooManyNodes, old.Component, "surface %q would draw more than %d nodes (templates included)", r.s.id, MaxNodes)
		return nil
	}
	if len(at) < len(old.Children) {
		r.skipped = true
	}
	n := *old
	n.Children = slices.Clone(old.Children)
	same := true // the subtree's sums move only by the changed children's counts
	for _, i := range at {
		was := old.Children[i]
		c := r.reuse(was, depth+1)
		if r.err != nil {
			return nil
		}
		n.Children[i] = c
		n.count += c.count - was.count
		same = same && c.deps == was.deps && readsInItem(c)
	}
	if !same {
		n.sum()
	}
	return &n
}

// keyed reports whether the children of a template container can be
// matched to the items of its collection by key alone: its children are
// the template's, and no id on the surface nor key of the collection holds
// a colon (template ids could then collide, and a full resolution numbers
// collisions in tree order, which a change of order would change).
func (r *resolver) keyed(n *Node) bool {
	if !n.items || r.s.colonIDs || n.sc.colon {
		return false
	}
	if o, ok := r.collection(n).(*Object); ok {
		for _, k := range o.Keys() {
			if strings.IndexByte(k, ':') >= 0 {
				return false
			}
		}
	}
	return true
}

// collection is the value the template of container n repeats over,
// looked up as expanding it does (children, templateV09).
func (r *resolver) collection(n *Node) any {
	t := templateOf(n.entry)
	if t == nil {
		return nil
	}
	if t.path != nil {
		v, _ := lookupPointer(r.s.data, n.tplPath())
		if _, ok := v.([]any); !ok {
			return nil // v0.9 templates repeat over arrays only
		}
		return v
	}
	v, _ := lookup(r.s.data, n.tplPath())
	return v
}

// items expands the template of a reused container over its collection as
// it is now. same reports that the collection holds the very keys of the
// old children in the same order, which leaves the children to the usual
// walk; otherwise kids are the new children, those of kept keys reused.
func (r *resolver) items(old *Node, depth int) (kids []*Node, same bool) {
	var keys []string
	n := 0
	switch x := r.collection(old).(type) {
	case *Object:
		keys = x.Keys()
		n = len(keys)
	case []any:
		n = len(x)
	}
	var buf [20]byte
	key := func(i int) string {
		if keys != nil {
			return keys[i]
		}
		return string(strconv.AppendInt(buf[:0], int64(i), 10))
	}
	if n == len(old.Children) {
		same = true
		for i, c := range old.Children {
			k := c.sc.item[len(c.sc.item)-1]
			if keys != nil && k != keys[i] || keys == nil && k != string(strconv.AppendInt(buf[:0], int64(i), 10)) {
				same = false
				break
			}
		}
		if same {
			return nil, true
		}
	}
	byKey := make(map[string]*Node, len(old.Children))
	for _, c := range old.Children {
		byKey[c.sc.item[len(c.sc.item)-1]] = c
	}
	tmpl := templateOf(old.entry).ComponentID
	kids = make([]*Node, 0, n)
	for i := range n {
		k := key(i)
		var c *Node
		if was, ok := byKey[k]; ok {
			c = r.reuse(was, depth+1)
		} else {
			tpl := old.tplPath()
			item := make([]string, len(tpl)+1)
			copy(item, tpl)
			item[len(tpl)] = k
			c = r.node(tmpl, &scope{item: item, suffix: old.sc.suffix + ":" + k, inTpl: true}, depth+1)
		}
		if r.err != nil {
			return nil, false
		}
		kids = append(kids, c)
	}
	return kids, false
}

// templateOf returns the template of a container, nil if it has none.
func templateOf(e *compEntry) *Template {
	switch p := e.Props.(type) {
	case *Row:
		return p.Children.Template
	case *Column:
		return p.Children.Template
	case *List:
		return p.Children.Template
	}
	return nil
}

// affected reports whether a change touches what n itself shows (self): a
// path it reads that was written (or lies under or above a written path),
// or its own state; and whether it touches the collection a template
// container expands (items): written whole or anywhere below, which may
// add, remove or replace items.
func (r *resolver) affected(n *Node) (self, items bool) {
	if n.local && r.dirtyNodes[n.ID] {
		return true, false
	}
	for _, d := range r.dirty {
		for _, p := range n.reads {
			if isPrefix(d, p) || isPrefix(p, d) {
				return true, false
			}
		}
		// A write anywhere below the collection may have created an item
		// (writes create the containers on their way).
		if tpl := n.tplPath(); tpl != nil && (isPrefix(d, tpl) || isPrefix(tpl, d)) {
			items = true
		}
	}
	return false, items
}

// tracked reports whether a node id could be taken twice in one tree, and
// so must be counted: a component reached from several places, or ids with
// a colon, which a template id ("<componentId>:<key>") could collide with.
// e is the node's component, nil for one not defined (which nothing
// reaches twice).
func (r *resolver) tracked(e *compEntry, sc *scope) bool {
	return e != nil && int(e.pos) < len(r.s.shared) && r.s.shared[e.pos] || r.s.colonIDs || sc.colon
}

// addRead records that the node being resolved reads the path segs,
// once: a value and the check on it read the same path. A node's first
// read takes its place in a block of them, as nodes do (see node).
func (r *resolver) addRead(segs []string) {
	n := r.cur
	for _, p := range n.reads {
		if slices.Equal(p, segs) {
			return
		}
	}
	if n.reads == nil {
		if len(r.readRoom) == 0 {
			r.readN = min(max(2*r.readN, 4), 64) // as node slabs grow
			r.readRoom = arena.Full[[]string](r.readN)
		}
		n.reads, r.readRoom = r.readRoom[:0:1], r.readRoom[1:]
	}
	n.reads = append(n.reads, segs)
}

func isPrefix(a, b []string) bool {
	if len(a) > len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (r *resolver) failf(code Code, compID, format string, args ...any) {
	if r.err == nil {
		r.err = &Error{Code: code, SurfaceID: r.s.id, ComponentID: compID, Message: fmt.Sprintf(format, args...)}
	}
}

// maxResolveWarnings bounds the warnings of one resolution: a template
// of a thousand remote pictures is one warning, not a thousand.
const maxResolveWarnings = 8

// warn records a warning about component compID, once per component.
func (r *resolver) warn(code Code, compID, msg string) {
	if len(r.warns) >= maxResolveWarnings {
		return
	}
	for _, w := range r.warns {
		if w.ComponentID == compID && w.Code == code {
			return
		}
	}
	r.warns = append(r.warns, Warning{Code: code, SurfaceID: r.s.id, ComponentID: compID, Message: msg})
}

func (r *resolver) node(id string, sc *scope, depth int) *Node {
	if r.err != nil {
		return nil
	}
	r.nodes++
	if r.nodes > MaxNodes {
		r.failf(CodeTooManyNodes, id, "surface %q would draw more than %d nodes (templates included)", r.s.id, MaxNodes)
		return nil
	}
	if depth > MaxDepth {
		r.failf(CodeTooDeep, id, "surface %q is nested more than %d levels below its root at %q", r.s.id, MaxDepth, id)
		return nil
	}
	nid := id
	if sc.suffix != "" {
		nid = id + sc.suffix
	}
	e, ok := r.s.comps[id]
	tracked := r.tracked(e, sc)
	if tracked && r.skipped {
		// Its number among the drawings of its id depends on the
		// subtrees skipped before it: the caller starts again without
		// skipping.
		r.recount = true
		r.err = &Error{Code: CodeTooManyNodes}
		return nil
	}
	if tracked {
		// A component reached from two places is drawn twice; the second
		// drawing gets its own id so that focus and presses stay precise.
		if r.ids == nil {
			r.ids = map[string]int{}
		}
		if k := r.ids[nid]; k > 0 {
			r.ids[nid] = k + 1
			nid = nid + "~" + strconv.Itoa(k+1)
		} else {
			r.ids[nid] = 1
		}
	}
	if !ok {
		// A root the surface waits for, or (lenient canvases only:
		// checkGraph refuses the rest) a child not sent yet.
		p := &PlaceholderProps{Missing: id, Reason: fmt.Sprintf("%q is not defined (yet)", id)}
		if depth == 0 {
			p.Waiting, p.Reason = true, fmt.Sprintf("waiting for its components (root %q)", id)
		}
		return &Node{ID: nid, Component: id, Type: PlaceholderType, Props: p, sc: sc, count: 1}
	}
	if len(r.slab) == 0 {
		// Slabs double from a few nodes, as an update resolves only the
		// few it changed, up to 64.
		r.slabN = min(max(2*r.slabN, 4), 64, len(r.s.comps)+1)
		r.slab = arena.Full[Node](r.slabN)
	}
	// A node of the slab is zero: its fields are set one by one, as
	// copying a whole node in would pass every field of it through the
	// collector's write barrier while it marks.
	n := &r.slab[0]
	r.slab = r.slab[1:]
	n.ID, n.Component, n.Type, n.Weight, n.entry, n.sc = nid, id, e.Type(), e.Weight, e, sc
	// A property block holds at most as many as the nodes made so far:
	// blocks grow with a full resolution, and an update that resolves a
	// node or two takes little.
	r.made++
	left := r.made
	r.cur = n
	child := func(cid string) *Node { return r.node(cid, sc, depth+1) }
	if e.a11y != nil {
		n.Accessibility = &Accessibility{
			Label: r.str(e.a11y.label, sc, false), Description: r.str(e.a11y.description, sc, false),
			Live: e.a11y.live, Hidden: r.boolean(e.a11y.hidden, sc),
		}
	}
	// Every node's own properties are resolved before its children, which
	// move r.cur on.
	switch p := e.Props.(type) {
	case *Text:
		tp := r.texts.Take(left)
		tp.Text, tp.UsageHint = r.str(p.Text, sc, true), p.UsageHint
		n.Props = tp
	case *Image:
		ip := &ImageProps{Fit: p.Fit, UsageHint: p.UsageHint}
		switch u := r.str(p.URL, sc, false); {
		case Fetchable(u, r.fetch):
			ip.Remote = u
		case Fetchable(u, r.fetched):
			// Accepted when an earlier a2term of the canvas fetched it:
			// drawn as a picture this one does not fetch, never refused.
			ip.Blocked, ip.Fetchable = mediaPlace(u), true
		default:
			ip.URL, ip.Blocked = r.mediaOf(id, u, p.URL, imageTypes)
			if ip.Blocked != "" {
				_, ip.Fetchable = FetchHost(u)
			}
		}
		ip.AltText = r.str(p.AltText, sc, false)
		n.Props = ip
	case *Icon:
		if p.Name.dyn != nil {
			n.Props = r.iconV09(p, sc)
			break
		}
		name := r.str(p.Name, sc, false)
		if r.lenient && !IsIconName(name) {
			if std, ok := StandardIconName(name); ok {
				name = std
			}
		}
		n.Props = &IconProps{Name: name, SVGPath: p.SVGPath}
	case *Video:
		url, blocked := r.media(id, p.URL, sc, videoTypes)
		vp := &VideoProps{URL: url, Blocked: blocked}
		if p.PosterURL.HasLiteral || p.PosterURL.dyn != nil {
			vp.Poster, vp.PosterBlocked = r.media(id, p.PosterURL, sc, imageTypes)
		}
		n.Props = vp
	case *AudioPlayer:
		url, blocked := r.media(id, p.URL, sc, audioTypes)
		n.Props = &AudioPlayerProps{URL: url, Blocked: blocked, Description: r.str(p.Description, sc, true)}
	case *Row:
		rp := r.rows.Take(left)
		rp.Distribution, rp.Alignment = orDefault(p.Distribution, "start"), orDefault(p.Alignment, "stretch")
		n.Props = rp
		n.Children = r.children(p.Children, sc, depth)
		n.items = p.Children.Template != nil
	case *Column:
		cp := r.columns.Take(left)
		cp.Distribution, cp.Alignment = orDefault(p.Distribution, "start"), orDefault(p.Alignment, "stretch")
		n.Props = cp
		n.Children = r.children(p.Children, sc, depth)
		n.items = p.Children.Template != nil
	case *List:
		n.Props = &ListProps{Direction: orDefault(p.Direction, "vertical"), Alignment: orDefault(p.Alignment, "stretch")}
		n.Children = r.children(p.Children, sc, depth)
		n.items = p.Children.Template != nil
	case *Card:
		n.Props = &CardProps{}
		n.Children = r.kidList(1)
		n.Children[0] = child(p.Child)
	case *Tabs:
		tp := &TabsProps{Titles: make([]string, len(p.TabItems))}
		for i, t := range p.TabItems {
			tp.Titles[i] = r.str(t.Title, sc, false)
		}
		n.Props = tp
		n.Children = make([]*Node, len(p.TabItems))
		for i, t := range p.TabItems {
			n.Children[i] = child(t.Child)
		}
	case *Divider:
		n.Props = &DividerProps{Axis: orDefault(p.Axis, "horizontal")}
	case *Modal:
		n.Props = &ModalProps{}
		n.Children = []*Node{child(p.EntryPointChild), child(p.ContentChild)}
	case *Button:
		bp := r.buttons.Take(left)
		bp.Action, bp.Primary, bp.Borderless = p.Action.Name, p.Primary, p.borderless
		if p.Action.v9 != nil && p.Action.v9.call != nil {
			bp.Call = p.Action.v9.call.call.name
			bp.URL = r.openURL(p.Action.v9.call, sc)
		}
		bp.Checks = r.checks(p.checks, sc)
		bp.Waiting = r.s.waiting[nid] // a call it sent waits for the agent (v1.0)
		bp.Disabled = len(bp.Checks) > 0 || bp.Waiting != ""
		n.Props = bp
		n.Children = r.kidList(1)
		n.Children[0] = child(p.Child)
	case *CheckBox:
		v, _ := r.local(nid, e)
		b, isBool := v.(bool)
		if !isBool {
			b = r.boolean(p.Value, sc)
		}
		n.Props = &CheckBoxProps{Label: r.str(p.Label, sc, false), Value: b, Checks: r.checks(p.checks, sc)}
	case *TextField:
		text := r.inputString(nid, e, p.Text, sc)
		tf := r.fields.Take(left)
		tf.Label, tf.Text, tf.TextFieldType, tf.ValidationRegexp = r.str(p.Label, sc, false), text, orDefault(p.TextFieldType, "shortText"), p.ValidationRegexp
		if p.Placeholder.HasLiteral || p.Placeholder.dyn != nil {
			tf.Placeholder = r.str(p.Placeholder, sc, false)
		}
		var bound *BoundError
		tf.Invalid, bound = p.invalid(text, r.budget())
		if bound != nil {
			r.bounded(bound)
			tf.Problem = bound.Marker()
		} else if tf.Invalid {
			tf.Problem = p.problem(text)
		}
		tf.Checks = r.checks(p.checks, sc)
		n.Props = tf
	case *DateTimeInput:
		d := &DateTimeInputProps{Value: r.inputString(nid, e, p.Value, sc), EnableDate: p.EnableDate == nil || *p.EnableDate, EnableTime: p.EnableTime == nil || *p.EnableTime}
		if p.v09 {
			// v0.9 enables neither part unless told, and an input that
			// enables neither takes a time, as the official renderers draw
			// it.
			d.EnableDate = p.EnableDate != nil && *p.EnableDate
			d.EnableTime = p.EnableTime != nil && *p.EnableTime || !d.EnableDate
			d.Min, d.Max = r.str(p.Min, sc, false), r.str(p.Max, sc, false)
			d.Checks = r.checks(p.checks, sc)
		}
		if !d.EnableDate && !d.EnableTime {
			d.EnableDate, d.EnableTime = true, true
		}
		// lit 0.8/ui/datetime-input.ts labels the input by what it takes.
		switch {
		case d.EnableDate && d.EnableTime:
			d.Label = "Date & time"
		case d.EnableDate:
			d.Label = "Date"
		default:
			d.Label = "Time"
		}
		if label := r.str(p.Label, sc, false); label != "" {
			d.Label = label
		}
		n.Props = d
	case *MultipleChoice:
		mc := &MultipleChoiceProps{
			MaxAllowedSelections: p.MaxAllowedSelections, Variant: orDefault(p.Variant, "checkbox"), Filterable: p.Filterable,
			Label: r.str(p.Label, sc, false), Exclusive: p.Exclusive,
		}
		if v, ok := r.local(nid, e); ok {
			mc.Selections, _ = v.([]string)
			if mc.Selections == nil {
				mc.Selections = []string{}
			}
		} else {
			mc.Selections = r.selections(p.Selections, sc)
		}
		mc.Options = make([]ChoiceOption, len(p.Options))
		for i, o := range p.Options {
			mc.Options[i] = ChoiceOption{Label: r.str(o.Label, sc, false), Value: o.Value}
		}
		mc.Checks = r.checks(p.checks, sc)
		n.Props = mc
	case *Custom:
		n.Type = PlaceholderType
		n.Props = &PlaceholderProps{Type: p.TypeName, Reason: p.TypeName + " is not in the standard catalog"}
		if p.Child != "" {
			n.Children = []*Node{child(p.Child)}
		}
		if p.Children.Template != nil || len(p.Children.ExplicitList) > 0 {
			r.cur = n
			n.Children = append(n.Children, r.children(p.Children, sc, depth)...)
		}
		r.resolveSlots(n, p.slots, sc, depth)
	case *Generic:
		r.generic(n, p, nid, e, sc, depth)
	case *Slider:
		sp := &SliderProps{Label: r.str(p.Label, sc, false), Min: 0, Max: 100}
		if p.MinValue != nil {
			sp.Min = *p.MinValue
		}
		if p.MaxValue != nil {
			sp.Max = *p.MaxValue
		}
		if sp.Max < sp.Min {
			sp.Max = sp.Min
		}
		if v, ok := r.local(nid, e); ok {
			sp.Value, _ = v.(float64)
		} else {
			sp.Value = r.number(p.Value, sc)
		}
		sp.Step = SliderStep(sp.Min, sp.Max)
		if p.Steps != nil && sp.Max > sp.Min {
			sp.Step = (sp.Max - sp.Min) / *p.Steps // v1.0: the value snaps to the divisions
		}
		sp.Checks = r.checks(p.checks, sc)
		n.Props = sp
	}
	if r.err != nil {
		return nil
	}
	n.sum()
	return n
}

// kidList returns a children list of n nodes to fill in, from the current
// block of them: each list is capped, so that nothing appends into the
// next one.
func (r *resolver) kidList(n int) []*Node {
	return r.kids.Take(n, 64)
}

// children expands a children property: explicit ids, or the template once
// per entry of its collection in the collection's order.
func (r *resolver) children(c Children, sc *scope, depth int) []*Node {
	if c.Template == nil {
		out := r.kidList(len(c.ExplicitList))
		for i, id := range c.ExplicitList {
			if out[i] = r.node(id, sc, depth+1); out[i] == nil {
				return nil // r.err is set
			}
		}
		return out
	}
	if c.Template.path != nil {
		return r.templateV09(c.Template, sc, depth)
	}
	segs := r.abs(r.cur.entry.path(c.Template.DataBinding), sc)
	r.cur.tpl = &segs
	coll, _ := lookup(r.s.data, segs)
	var keys []string
	switch x := coll.(type) {
	case *Object:
		keys = x.Keys()
	case []any:
		keys = make([]string, len(x))
		for i := range x {
			keys[i] = strconv.Itoa(i)
		}
	}
	out := make([]*Node, 0, len(keys))
	for _, k := range keys {
		item := make([]string, len(segs)+1)
		copy(item, segs)
		item[len(segs)] = k
		n := r.node(c.Template.ComponentID, &scope{item: item, suffix: sc.suffix + ":" + k, inTpl: true, colon: sc.colon || strings.Contains(k, ":")}, depth+1)
		if n == nil {
			break
		}
		out = append(out, n)
	}
	return out
}

// abs turns a binding path into absolute segments. Inside a template every
// path is relative to the item ("/name", "name" and "./name" alike, "." the
// item itself), and a leading "/item/" or "./item/" is dropped, as the
// official renderers read them (web_core model-processor.ts trims these
// prefixes in a data context); elsewhere paths are relative to the root.
func (r *resolver) abs(dp dataPath, sc *scope) []string {
	if !sc.inTpl || len(sc.item) == 0 {
		return dp.segs
	}
	segs := dp.segs
	if dp.item {
		segs = segs[1:]
	}
	out := make([]string, 0, len(sc.item)+len(segs))
	return append(append(out, sc.item...), segs...)
}

// read resolves a bound value's path. A value with both a path and a
// literal writes the literal at the path when its component arrived since
// the last resolution (unless the agent wrote that path after it arrived),
// as the spec's initialization shorthand says, and otherwise when nothing
// is there.
func read[T any](r *resolver, b Bound[T], sc *scope, wrap func(T) any) (any, bool) {
	if !b.HasPath {
		return nil, false
	}
	segs := r.abs(r.cur.entry.path(b.Path), sc)
	r.addRead(segs)
	v, ok := lookup(r.s.data, segs)
	if !b.HasLiteral || !r.init {
		return v, ok
	}
	at, arrived := r.lits[r.cur.Component]
	if ok && (!arrived || writtenSince(r.wlog[at:], segs)) {
		return v, true
	}
	lit := wrap(b.Literal)
	if !ok || !equalValue(v, lit) {
		r.s.data = store(r.s.data, segs, lit)
		r.wrote = true
	}
	return lit, true
}

// writtenSince reports whether one of the data writes in log touched the
// path segs: wrote it, something above it or something below it.
func writtenSince(log [][]string, segs []string) bool {
	for _, w := range log {
		if isPrefix(w, segs) || isPrefix(segs, w) {
			return true
		}
	}
	return false
}

func (r *resolver) str(b Bound[string], sc *scope, multiline bool) string {
	if b.dyn != nil {
		return r.dynText(b.dyn, sc, multiline)
	}
	s := b.Literal
	if v, ok := read(r, b, sc, func(s string) any { return s }); ok {
		s = r.valueText(v)
	}
	if !multiline && strings.ContainsRune(s, '\n') {
		s = strings.ReplaceAll(s, "\n", " ")
	}
	return s
}

// valueText is ValueString of a value a v0.8 text reads, within
// MaxStringBytes and the budget: an object or an array is written out
// anew for each node that shows it.
func (r *resolver) valueText(v any) string {
	switch v.(type) {
	case []any, *Object:
		n, over := textSize(v, MaxStringBytes)
		if over {
			b := boundf("a value written out as text would be over %d bytes", MaxStringBytes)
			r.bounded(b)
			return b.Marker()
		}
		if err := r.budget().spend(writeCost * n); err != nil {
			r.bounded(err)
			return asBound(err).Marker()
		}
		return ValueString(v)
	}
	return ValueString(v)
}

func (r *resolver) number(b Bound[float64], sc *scope) float64 {
	if b.dyn != nil {
		return r.dynNumber(b.dyn, sc)
	}
	if v, ok := read(r, b, sc, func(f float64) any { return f }); ok {
		return valueNumber(v)
	}
	return b.Literal
}

func (r *resolver) boolean(b Bound[bool], sc *scope) bool {
	if b.dyn != nil {
		return r.dynBool(b.dyn, sc)
	}
	if v, ok := read(r, b, sc, func(x bool) any { return x }); ok {
		x, _ := v.(bool)
		if s, isStr := v.(string); isStr {
			x = s == "true"
		}
		return x
	}
	return b.Literal
}

func (r *resolver) array(b Bound[[]string], sc *scope) []string {
	if b.dyn != nil {
		return r.dynStrings(b.dyn, sc)
	}
	v, ok := read(r, b, sc, stringsToValues)
	if !ok {
		if b.Literal == nil {
			return []string{}
		}
		return b.Literal
	}
	return valueStrings(v)
}

// selections resolves a MultipleChoice's value. Bound to a path, the value
// there is always a list of strings: whatever else the agent put there (an
// object keyed "0", "1" from a valueMap, a single string, nothing) is
// written back as the list it means, so that the data model, canvas.state
// and action contexts all see the same list the views show.
func (r *resolver) selections(b Bound[[]string], sc *scope) []string {
	sel := r.array(b, sc)
	if !b.HasPath || !r.init {
		return sel
	}
	segs := r.abs(r.cur.entry.path(b.Path), sc)
	v, _ := lookup(r.s.data, segs)
	if !isStringList(v) {
		r.s.data = store(r.s.data, segs, stringsToValues(sel))
		r.wrote = true
	}
	return sel
}

func isStringList(v any) bool {
	l, ok := v.([]any)
	if !ok {
		return false
	}
	for _, x := range l {
		if _, ok := x.(string); !ok {
			return false
		}
	}
	return true
}

// inputString resolves the value of a text-like input: the person's own
// value when the input has no path, else the bound value.
func (r *resolver) inputString(nid string, e *compEntry, b Bound[string], sc *scope) string {
	if v, ok := r.local(nid, e); ok {
		s, _ := v.(string)
		return s
	}
	return r.str(b, sc, true)
}

// local returns the person's value for an input without a path, unless the
// agent redefined the input since.
func (r *resolver) local(nid string, e *compEntry) (any, bool) {
	r.cur.local = true
	lv, ok := r.s.local[nid]
	if !ok || e.changed > lv.at {
		return nil, false
	}
	return lv.value, true
}

// media returns the URL of b that may be drawn, or the host of one that
// may not. One that is not drawn is refused (v0.8), or drawn as a
// placeholder with a warning: decoding warned of a literal already, so
// here of one the data model gave.
func (r *resolver) media(id string, b Bound[string], sc *scope, allowed []string) (string, string) {
	return r.mediaOf(id, r.str(b, sc, false), b, allowed)
}

// mediaOf is media of url, which b resolved to.
func (r *resolver) mediaOf(id, url string, b Bound[string], allowed []string) (string, string) {
	if url == "" {
		return "", ""
	}
	if ok, why := checkMediaURL(url, allowed); !ok {
		where := mediaPlace(url)
		switch {
		case !r.lenient && !r.s.v09:
			r.failf(CodeRemoteMedia, id, "%s", why)
		case (b.dyn != nil || b.HasPath) && !(b.HasLiteral && url == b.Literal) && !r.blockedBefore(r.cur.ID, where):
			// A URL the data model gave, new to this node (a literal
			// was warned of when it was decoded).
			code := CodeRemoteMedia
			if !r.s.v09 {
				code = CodeLenient // refused without lenient
			}
			r.warn(code, id, why+"; shown as a placeholder")
		}
		return "", where
	}
	return url, ""
}

// mediaPlace names where a media URL that is not drawn points: its host,
// or, for a relative URL, which has none, the URL itself, clipped.
func mediaPlace(url string) string {
	where := MediaHost(url)
	if where == "" || strings.HasPrefix(url, "/") {
		where = url
		if len(where) > 48 {
			where = where[:48] + "…"
		}
		where = strings.ToValidUTF8(where, "")
	}
	return where
}

// blockedBefore reports whether the surface's last tree drew node nid as
// the placeholder of the same place: it was warned of then.
func (r *resolver) blockedBefore(nid, where string) bool {
	if r.s.tree == nil {
		return false
	}
	if r.oldBlocked == nil {
		r.oldBlocked = map[string]string{}
		r.s.tree.Walk(func(n *Node) bool {
			if w := blockedOf(n.Props); w != "" {
				r.oldBlocked[n.ID] = w
			}
			return true
		})
	}
	return r.oldBlocked[nid] == where
}

// blockedOf is the place a media node's placeholder names, "" for one
// that is drawn or is not media.
func blockedOf(p any) string {
	switch p := p.(type) {
	case *ImageProps:
		return p.Blocked
	case *VideoProps:
		return p.Blocked
	case *AudioPlayerProps:
		return p.Blocked
	}
	return ""
}

// The words both views show under an invalid TextField.
const (
	ProblemNotANumber = "This is not a number."
	ProblemFormat     = "This is not in the expected format."
)

// problem says in words why an invalid value is refused.
func (p *TextField) problem(text string) string {
	if p.TextFieldType == "number" {
		if _, err := strconv.ParseFloat(strings.TrimSpace(text), 64); err != nil {
			return ProblemNotANumber
		}
	}
	return ProblemFormat
}

// invalid reports whether text is not a valid value of the field; a
// validationRegexp that would read more than the regex bounds allow makes
// it invalid, and returns the bound.
func (p *TextField) invalid(text string, b *evalBudget) (bool, *BoundError) {
	if text == "" {
		return false, nil
	}
	if p.TextFieldType == "number" {
		if _, err := strconv.ParseFloat(strings.TrimSpace(text), 64); err != nil {
			return true, nil //nolint:nilerr // text that is not a number is invalid, not an error
		}
	}
	if p.pattern == nil {
		return false, nil
	}
	ok, err := p.pattern.match(text, b)
	if bound := asBound(err); bound != nil {
		return true, bound
	}
	return !ok, nil
}

// ValueString shows a data-model value as text: numbers without needless
// fractions, objects and arrays as JSON, null as nothing.
func ValueString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	case float64:
		return formatNumber(x)
	case bool:
		return strconv.FormatBool(x)
	}
	return string(MarshalValue(v))
}

func valueNumber(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	case bool:
		if x {
			return 1
		}
	}
	return 0
}

// valueStrings reads a list of strings from the data model: an array, an
// object used as a list (its values in order), or a single string.
func valueStrings(v any) []string {
	out := []string{}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			out = append(out, ValueString(e))
		}
	case *Object:
		for _, k := range x.Keys() {
			out = append(out, ValueString(x.at(k)))
		}
	case string:
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}

func stringsToValues(a []string) any {
	out := make([]any, len(a))
	for i, s := range a {
		out[i] = s
	}
	return out
}

// SliderStep picks the amount one key press moves a slider, since v0.8 has
// no step: a hundredth of the range rounded to 1, 2 or 5 times a power of
// ten, and at least 1 when both ends are whole numbers five or more apart
// (a count of cups moves by one, a 0–1 volume by hundredths).
func SliderStep(lo, hi float64) float64 {
	r := hi - lo
	if r <= 0 || math.IsInf(r, 0) || math.IsNaN(r) {
		return 1
	}
	raw := r / 100
	exp := math.Pow(10, math.Floor(math.Log10(raw)))
	step := exp
	for _, m := range []float64{1, 2, 5, 10} {
		if m*exp >= raw*0.999 {
			step = m * exp
			break
		}
	}
	if lo == math.Trunc(lo) && hi == math.Trunc(hi) && r >= 5 && step < 1 {
		step = 1
	}
	return step
}
