package a2ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a2term/a2term/internal/arena"
)

// Canvas is the state of every surface an agent has sent: components, data
// models, roots, styles and the resolved tree of each shown surface.
//
// A Canvas is an immutable snapshot. Apply and SetValue return a new Canvas
// and leave the receiver exactly as it was, which is what makes a batch all
// or none and lets views read a snapshot without locks while the hub moves
// on. The zero value is not usable; call New.
type Canvas struct {
	opts     Options
	version  uint64
	order    []string // surface ids in creation order
	surfaces map[string]*Surface
	// v1.0: calls are the callAgentFunction waiting for the agent's
	// answer, by functionCallId; outbox and requests are what the batch
	// that made the canvas has for the agent and for the views.
	calls    map[string]*AgentCall
	outbox   []Outbound
	requests []Request
}

// New returns an empty canvas.
func New(opts Options) *Canvas {
	return &Canvas{opts: opts, surfaces: map[string]*Surface{}}
}

// NewAfter returns an empty canvas whose versions go on after version:
// its first change is version+1. A copy made again from a saved canvas
// (an attached terminal's copy of its hub's, after a full snapshot) keeps
// counting up from the copy it replaces, so that a version seen before it
// can never name a state after it.
func NewAfter(opts Options, version uint64) *Canvas {
	c := New(opts)
	c.version = version
	return c
}

// Options returns the options the canvas was made with.
func (c *Canvas) Options() Options { return c.opts }

// Version grows with every accepted change anywhere on the canvas.
func (c *Canvas) Version() uint64 { return c.version }

// Surfaces returns the surfaces in the order they were created.
func (c *Canvas) Surfaces() []*Surface {
	out := make([]*Surface, len(c.order))
	for i, id := range c.order {
		out[i] = c.surfaces[id]
	}
	return out
}

// Surface returns the surface with the given id, or nil.
func (c *Canvas) Surface(id string) *Surface { return c.surfaces[id] }

// Size is the canvas measured as MaxCanvasBytes counts it.
func (c *Canvas) Size() int {
	n := 0
	for _, s := range c.surfaces {
		n += s.size()
	}
	return n
}

// Surface is one surface of a canvas. Like the canvas, it never changes once
// returned.
type Surface struct {
	id        string
	root      string
	catalogID string
	styles    Styles
	shown     bool
	version   uint64
	comps     map[string]*compEntry
	compOrder []string
	compBytes int
	data      any
	dataBytes int // jsonSize(data), kept up to date by each batch
	// base and baseBytes are the data model and its size before the
	// batch that holds this copy: what the batch's size is worked out
	// from (sizeChange).
	base      any
	baseBytes int
	local     map[string]localValue
	tree      *Node
	// shared marks, by their pos, the components reached from more than
	// one place, which the resolver gives distinct node ids; nil when
	// there are none.
	shared []bool
	// colonIDs is set when a component id holds a colon, as template
	// node ids do.
	colonIDs bool
	// lits lists the components with path-plus-literal values that
	// arrived since the surface was last resolved, each with the length
	// of wlog when it arrived; wlog is the data paths written since the
	// first of them. Resolution writes their literals (unless a later
	// write covers the path) and empties both.
	lits []litArrival
	wlog [][]string
	// v0.9: a surface createSurface made speaks v0.9 (v09), draws with
	// catalog, and sends its data model with each action when sendData
	// is set.
	v09      bool
	catalog  *catalogV09
	theme    Theme
	sendData bool
	// v1.0: a surface a v1.0 createSurface made (v09 is also set: it
	// reads as v0.9 but for v1.0's differences); extensions are its
	// metadata.extensions, kept and shown nowhere; waiting holds, by
	// node id, what a button whose call waits for the agent shows.
	v10        bool
	extensions *Object
	waiting    map[string]string
	// loc and tz are the canvas's locale and time zone, which v0.9
	// functions format with.
	loc *Locale
	tz  *time.Location
	// pats are the regex patterns its checks read from its data model,
	// compiled once for the surface's life: its snapshots share them.
	pats *patternCache
}

// countData measures the data model a batch leaves, from its size before
// the batch and what the batch changed.
func (s *Surface) countData() {
	s.dataBytes = s.baseBytes + sizeChange(s.base, s.data)
	s.base, s.baseBytes = s.data, s.dataBytes
}

// litArrival is a component whose literals are yet to be written.
type litArrival struct {
	id string
	at int
}

// maxWriteLog bounds wlog; past it, the pending literals are only written
// where nothing is at their path.
const maxWriteLog = 256

// litIndex maps each pending component to the log position of its latest
// arrival.
func (s *Surface) litIndex() map[string]int {
	if len(s.lits) == 0 {
		return nil
	}
	m := make(map[string]int, len(s.lits))
	for _, a := range s.lits {
		m[a.id] = a.at
	}
	return m
}

// logWrite records a data write for the pending literals.
func (s *Surface) logWrite(segs []string) {
	if len(s.lits) == 0 {
		return
	}
	if len(s.wlog) >= maxWriteLog {
		s.lits, s.wlog = nil, nil
		return
	}
	s.wlog = append(s.wlog, segs)
}

// compEntry is a component as the canvas holds it, with the version at
// which its definition last really changed (a re-sent identical definition
// keeps it), which is what makes a press stale or not.
type compEntry struct {
	*Component        // as decoded: nothing changes it
	changed    uint64 // the definition last changed
	actionAt   uint64 // a button appeared or its action last changed
	pos        int32  // the component's place in its surface's compOrder, which only grows
}

// localValue is the person's value for an input bound to a literal only.
type localValue struct {
	value any
	at    uint64
}

// ID returns the surface id.
func (s *Surface) ID() string { return s.id }

// Root returns the root component id given by beginRendering.
func (s *Surface) Root() string { return s.root }

// CatalogID returns the catalog beginRendering or createSurface named, or
// "".
func (s *Surface) CatalogID() string { return s.catalogID }

// Styles returns the styles given by beginRendering.
func (s *Surface) Styles() Styles { return s.styles }

// Shown reports whether beginRendering has arrived for the surface (a
// v0.9 surface is shown once created; it draws a waiting placeholder until
// its component "root" arrives).
func (s *Surface) Shown() bool { return s.shown }

// Protocol returns the protocol version of the messages that created the
// surface, ProtocolV08 or ProtocolV09: the only version its messages may
// speak, and the one its actions are sent in.
func (s *Surface) Protocol() string {
	switch {
	case s.v10:
		return ProtocolV10
	case s.v09:
		return ProtocolV09
	}
	return ProtocolV08
}

// Theme returns a v0.9 surface's theme (its primary colour is also in
// Styles).
func (s *Surface) Theme() Theme { return s.theme }

// AgentName returns the name a v0.9 surface's agent gives itself (its
// theme's agentDisplayName, without the white space around it) for the
// views to show beside the surface; "" when it gives none. A name longer
// than MaxAgentName bytes is cut there, on a character boundary, and ends
// with "…": a string may be 64 KB, and no view shows more than a line.
func (s *Surface) AgentName() string {
	name := strings.TrimSpace(s.theme.AgentDisplayName)
	if len(name) <= MaxAgentName {
		return name
	}
	cut := MaxAgentName
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + "…"
}

// MaxAgentName is the longest agent name, in bytes, AgentName gives whole.
const MaxAgentName = 200

// SendDataModel reports whether the v0.9 surface asked for its data model
// to go with every action.
func (s *Surface) SendDataModel() bool { return s.sendData }

// Version is the canvas version at which the surface last changed.
func (s *Surface) Version() uint64 { return s.version }

// Data returns the surface's data model.
func (s *Surface) Data() any { return s.data }

// Tree returns the resolved tree of a shown surface, or nil when the
// surface is not shown.
func (s *Surface) Tree() *Node { return s.tree }

// ComponentCount returns how many components the surface declares.
func (s *Surface) ComponentCount() int { return len(s.comps) }

// Component returns a declared component by id.
func (s *Surface) Component(id string) (Component, bool) {
	e, ok := s.comps[id]
	if !ok {
		return Component{}, false
	}
	return *e.Component, true
}

// LocalValues returns the person's values of inputs bound to no path, by
// node id (nil when there are none).
func (s *Surface) LocalValues() map[string]any {
	if len(s.local) == 0 {
		return nil
	}
	out := make(map[string]any, len(s.local))
	for id, v := range s.local {
		if sel, ok := v.value.([]string); ok {
			out[id] = append([]string(nil), sel...)
			continue
		}
		out[id] = v.value
	}
	return out
}

// Components returns the declared components in the order they were first
// declared.
func (s *Surface) Components() []Component {
	out := make([]Component, len(s.compOrder))
	for i, id := range s.compOrder {
		out[i] = *s.comps[id].Component
	}
	return out
}

// ComponentJSON returns a component's definition as the agent sent it,
// compacted and with every string cleaned as the views draw it, for
// canvas.state.
func (s *Surface) ComponentJSON(id string) json.RawMessage {
	if e, ok := s.comps[id]; ok {
		return e.raw
	}
	return nil
}

func (s *Surface) size() int { return s.compBytes + s.dataBytes }

// clone copies the surface so a batch can change it. Component entries and
// data values are shared, as they are never modified in place; the
// component map itself is copied only when the batch changes components
// (see batch.ownComps).
func (s *Surface) clone() *Surface {
	n := *s
	// The pending literals grow in place: the copy must own them.
	n.lits = append([]litArrival(nil), s.lits...)
	n.wlog = append([][]string(nil), s.wlog...)
	if s.local != nil {
		n.local = make(map[string]localValue, len(s.local))
		for k, v := range s.local {
			n.local[k] = v
		}
	}
	return &n
}

// batch is a canvas being changed by one Apply or SetValue.
type batch struct {
	next    *Canvas
	version uint64
	touched map[string]int // surface id -> index of the last message about it
	cloned  map[string]bool
	// structural marks surfaces whose components or root changed, whose
	// references must be checked again.
	structural map[string]bool
	ownComps   map[string]bool
	entries    arena.Values[compEntry] // where the batch's new component entries come from
	// dirty lists, per surface, the data paths written by this batch, and
	// dirtyNodes the nodes whose own state was set: all a data-only batch
	// needs to re-resolve just what it changed.
	dirty      map[string][][]string
	dirtyNodes map[string]bool
	// updates holds, per surface, the surfaceUpdates of this batch, and
	// began the surfaces it sent beginRendering for: what the warning
	// about unreachable components looks at.
	updates map[string][]*SurfaceUpdate
	began   map[string]bool
	// eval is how the batch's resolutions evaluate: one budget for all
	// of them; an intent of the person marks what passes a bound.
	eval evalCtx
	// pats holds the compiled patterns of surfaces the batch creates,
	// which decoding its messages began (see batchPatterns).
	pats map[string]*patternCache
}

func (c *Canvas) begin() *batch {
	next := &Canvas{
		opts:     c.opts,
		version:  c.version + 1,
		order:    append([]string(nil), c.order...),
		surfaces: make(map[string]*Surface, len(c.surfaces)+1),
		calls:    make(map[string]*AgentCall, len(c.calls)),
	}
	for k, v := range c.surfaces {
		next.surfaces[k] = v
	}
	for k, v := range c.calls {
		next.calls[k] = v
	}
	return &batch{
		next: next, version: next.version, touched: map[string]int{}, cloned: map[string]bool{},
		structural: map[string]bool{}, ownComps: map[string]bool{}, dirty: map[string][][]string{}, dirtyNodes: map[string]bool{},
		updates: map[string][]*SurfaceUpdate{}, began: map[string]bool{},
		eval: evalCtx{bud: newBudget(), mark: c.opts.Lenient, fetch: c.opts.FetchImages, fetched: c.opts.FetchedImages},
	}
}

// surface returns a copy of the surface that this batch may change,
// creating the surface if it does not exist.
func (b *batch) surface(id string, index int) (*Surface, *Error) {
	b.touched[id] = index
	s, ok := b.next.surfaces[id]
	if !ok {
		if len(b.next.order) >= MaxSurfaces {
			return nil, &Error{
				Code: CodeTooManySurfaces, Index: index, SurfaceID: id,
				Message: fmt.Sprintf("surface %q would be surface %d; the limit is %d (delete one with deleteSurface first)", id, len(b.next.order)+1, MaxSurfaces),
			}
		}
		pats := b.pats[id]
		if pats == nil {
			pats = &patternCache{}
		}
		s = &Surface{
			id: id, comps: map[string]*compEntry{}, dataBytes: jsonSize(nil), baseBytes: jsonSize(nil), loc: b.next.opts.Locale, tz: b.next.opts.Location,
			pats: pats,
		}
		b.next.order = append(b.next.order, id)
		b.next.surfaces[id] = s
		b.cloned[id] = true
		b.ownComps[id] = true
		b.structural[id] = true
		return s, nil
	}
	if !b.cloned[id] {
		s = s.clone()
		s.base, s.baseBytes = s.data, s.dataBytes
		b.next.surfaces[id] = s
		b.cloned[id] = true
	}
	return s, nil
}

// Apply applies a batch of messages all or none. On success it returns the
// new canvas and the warnings; on refusal it returns the receiver, unchanged,
// and an *Error naming the first message refused. A refusal that concerns
// v0.9 carries the specification's client error message.
//
// Messages of v0.8 and v0.9 may share a batch; each surface keeps the
// version that created it. A v0.9 updateComponents decoded against another
// catalog than its surface's (DecodeMessage uses the basic one) is read
// again against the surface's. The canvas keeps the components of msgs as
// they are: they must not be changed afterwards.
func (c *Canvas) Apply(msgs []Message) (*Canvas, []Warning, error) {
	return c.apply(msgs, nil)
}

// apply is Apply, creating surfaces with the compiled patterns in pats.
func (c *Canvas) apply(msgs []Message, pats map[string]*patternCache) (*Canvas, []Warning, error) {
	b := c.begin()
	b.pats = pats
	for i, m := range msgs {
		if err := b.apply(i, m); err != nil {
			return c, nil, b.clientError(err, msgs)
		}
	}
	w, err := b.finish()
	if err != nil {
		return c, nil, b.clientError(err, msgs)
	}
	return b.next, w, nil
}

// ApplyJSON decodes raw messages with the canvas's options and applies them
// as one batch, all or none. Refusals and warnings carry the message index.
// A v0.9 updateComponents is checked against the catalog of its surface
// (see Apply).
func (c *Canvas) ApplyJSON(raws []json.RawMessage) (*Canvas, []Warning, error) {
	msgs := make([]Message, len(raws))
	var warns []Warning
	// The catalog of each surface, as the messages before decide it; only
	// needed once a surface draws with another catalog than the basic one
	// (the decoder's default).
	var cats *batchCatalogs
	var catalogOf func(id string) *catalogV09
	for _, s := range c.surfaces {
		if s.catalog != nil && s.catalog != basicCatalogV09 && cats == nil {
			cats = &batchCatalogs{c: c}
			catalogOf = cats.of
		}
	}
	// The regex patterns each surface has compiled, so that a pattern
	// the agent sends again is not compiled again.
	pats := batchPatterns{c: c}
	for i, raw := range raws {
		m, w, err := decodeMessage(raw, c.opts, catalogOf, pats.of)
		if err != nil {
			err.Index = i
			return c, nil, err
		}
		if m.CreateSurface != nil || m.DeleteSurface != nil {
			if cats == nil {
				cats = &batchCatalogs{c: c}
			}
			cats.made(m)
			if m.CreateSurface != nil && m.CreateSurface.catalog != basicCatalogV09 && catalogOf == nil {
				catalogOf = cats.of
			}
		}
		for _, x := range w {
			x.Index = i
			warns = append(warns, x)
		}
		msgs[i] = m
	}
	next, w, err := c.apply(msgs, pats.made)
	if err != nil {
		return c, nil, err
	}
	return next, append(warns, w...), nil
}

// batchPatterns gives the decoder of a batch's messages the compiled
// patterns of each surface: the surface's own, or for one the batch is to
// create, the cache the surface is then created with.
type batchPatterns struct {
	c    *Canvas
	made map[string]*patternCache
}

func (b *batchPatterns) of(id string) *patternCache {
	if s := b.c.surfaces[id]; s != nil {
		return s.pats
	}
	p := b.made[id]
	if p == nil {
		if b.made == nil {
			b.made = map[string]*patternCache{}
		}
		p = &patternCache{}
		b.made[id] = p
	}
	return p
}

func (b *batch) apply(i int, m Message) *Error {
	if m.Version == ProtocolV10 {
		return b.applyV10(i, m)
	}
	if m.Version != "" {
		return b.applyV09(i, m)
	}
	if s := b.next.surfaces[m.SurfaceID()]; s != nil && s.v09 {
		return mismatch(i, s, m)
	}
	switch {
	case m.BeginRendering != nil:
		br := m.BeginRendering
		s, err := b.surface(br.SurfaceID, i)
		if err != nil {
			return err
		}
		s.root, s.styles, s.catalogID, s.shown = br.Root, br.Styles, br.CatalogID, true
		b.structural[s.id] = true
		b.began[s.id] = true
	case m.SurfaceUpdate != nil:
		su := m.SurfaceUpdate
		s, err := b.surface(su.SurfaceID, i)
		if err != nil {
			return err
		}
		if err := b.putComponents(i, s, su); err != nil {
			return err
		}
	case m.DataModelUpdate != nil:
		u := m.DataModelUpdate
		s, err := b.surface(u.SurfaceID, i)
		if err != nil {
			return err
		}
		segs := u.pathSegs()
		s.data = store(s.data, segs, u.Value)
		s.logWrite(segs)
		b.dirty[s.id] = append(b.dirty[s.id], segs)
	case m.DeleteSurface != nil:
		b.deleteSurface(m.DeleteSurface.SurfaceID)
	default:
		return &Error{Code: CodeBadMessage, Index: i, Message: "empty message"}
	}
	return nil
}

// deleteSurface removes a surface, if there is one.
func (b *batch) deleteSurface(id string) {
	if _, ok := b.next.surfaces[id]; !ok {
		return
	}
	delete(b.next.surfaces, id)
	delete(b.touched, id)
	for j, x := range b.next.order {
		if x == id {
			b.next.order = append(b.next.order[:j:j], b.next.order[j+1:]...)
			break
		}
	}
}

// putComponents adds or replaces the components of an update (of either
// version) on s.
func (b *batch) putComponents(i int, s *Surface, su *SurfaceUpdate) *Error {
	b.structural[s.id] = true
	b.updates[s.id] = append(b.updates[s.id], su)
	// A surface made in this batch owns its map already, empty: it is
	// made again at the size of the update, which would otherwise grow
	// it step by step.
	if !b.ownComps[s.id] || len(s.comps) == 0 && len(su.Components) > 8 {
		comps := make(map[string]*compEntry, len(s.comps)+len(su.Components))
		for k, v := range s.comps {
			comps[k] = v
		}
		s.comps = comps
		if len(s.compOrder) == 0 {
			s.compOrder = make([]string, 0, len(su.Components)) // every one is new
		} else {
			s.compOrder = append([]string(nil), s.compOrder...)
		}
		b.ownComps[s.id] = true
	}
	for k, comp := range su.Components {
		if comp == nil {
			return &Error{Code: CodeBadMessage, Index: i, SurfaceID: s.id, Message: fmt.Sprintf("component %d of the update is missing (nil)", k)}
		}
		if comp.inits {
			// Its literals are written whenever it arrives, even
			// when it is sent again unchanged.
			s.lits = append(s.lits, litArrival{id: comp.ID, at: len(s.wlog)})
		}
		old, ok := s.comps[comp.ID]
		if ok && bytes.Equal(old.raw, comp.raw) {
			continue
		}
		e := b.entries.Take(len(su.Components) - k)
		*e = compEntry{Component: comp, changed: b.version, actionAt: b.version}
		if ok && sameAction(old.Props, comp.Props) {
			e.actionAt = old.actionAt
		}
		if ok {
			s.compBytes -= len(old.raw)
			e.pos = old.pos
		} else {
			e.pos = int32(len(s.compOrder)) //nolint:gosec // under MaxComponents
			s.compOrder = append(s.compOrder, comp.ID)
		}
		s.compBytes += len(comp.raw)
		s.comps[comp.ID] = e
		if strings.Contains(comp.ID, ":") {
			s.colonIDs = true
		}
	}
	if len(s.comps) > MaxComponents {
		return &Error{
			Code: CodeTooManyComponents, Index: i, SurfaceID: s.id,
			Message: fmt.Sprintf("surface %q would declare %d components; the limit is %d", s.id, len(s.comps), MaxComponents),
		}
	}
	return nil
}

// finish checks what can only be checked once the whole batch is in —
// references, cycles, limits of shown trees, the canvas size — and resolves
// the trees of the surfaces the batch touched.
func (b *batch) finish() ([]Warning, *Error) {
	var warns []Warning
	for _, id := range b.next.order {
		idx, ok := b.touched[id]
		if !ok {
			continue
		}
		s := b.next.surfaces[id]
		s.version = b.version
		if !s.shown {
			s.countData()
			s.tree = nil
			continue
		}
		if b.structural[id] {
			// A v0.9 child not sent yet is drawn as a placeholder, as
			// the specification asks of progressive rendering.
			g, err := checkGraph(s, b.next.opts.Lenient || s.v09)
			if err != nil {
				err.Index = idx
				return nil, err
			}
			s.shared = g.shared
			if err := checkComposition(s); err != nil {
				err.Index = idx
				return nil, err
			}
			if w := b.unreachable(s, g); w != nil {
				w.Index = idx
				warns = append(warns, *w)
			}
		}
		var tree *Node
		var rw []Warning
		var err *Error
		if b.structural[id] || s.tree == nil {
			tree, rw, err = resolveSurfaceIn(s, b.next.opts.Lenient, true, b.eval)
		} else {
			tree, rw, err = reresolveSurface(s, b.next.opts.Lenient, b.dirty[id], b.dirtyNodes, b.eval)
		}
		if err != nil {
			err.Index = idx
			return nil, err
		}
		for _, w := range rw {
			w.Index = idx
			warns = append(warns, w)
		}
		s.tree = tree
		s.lits, s.wlog = nil, nil
		// Counted once resolving is done: it may have written literals.
		s.countData()
	}
	if n := b.next.Size(); n > MaxCanvasBytes {
		last, lastID := -1, ""
		for id, idx := range b.touched {
			if idx > last {
				last, lastID = idx, id
			}
		}
		return nil, &Error{
			Code: CodeCanvasTooLarge, Index: last, SurfaceID: lastID,
			Message: fmt.Sprintf("the canvas would hold %d bytes of components and data; the limit is %d", n, MaxCanvasBytes),
		}
	}
	return warns, nil
}

// graph is what checkGraph found: the components reached from more than
// one place, whether the root exists yet, and which components were
// reached at all.
type graph struct {
	shared []bool // by component pos; nil when none is shared
	rooted bool
	color  []uint8 // by component pos: not 0 once reached
	comps  map[string]*compEntry
}

// unreachable warns about components that no reference from the root
// reaches, which are not drawn: those this batch declared, or all of them
// when the batch began rendering the surface. A surface still waiting for
// its root has nothing to warn about yet.
func (b *batch) unreachable(s *Surface, g graph) *Warning {
	if !g.rooted {
		return nil
	}
	var ids []string
	if b.began[s.id] {
		// Each component once, at its pos: no lookup by id.
		for pos, id := range s.compOrder {
			if g.color[pos] == 0 {
				ids = append(ids, id)
			}
		}
	} else {
		seen := map[string]bool{}
		for _, su := range b.updates[s.id] {
			for _, c := range su.Components {
				if !seen[c.ID] && !g.reached(c.ID) {
					seen[c.ID] = true
					ids = append(ids, c.ID)
				}
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	list := ids
	more := ""
	if len(list) > 5 {
		list, more = list[:5], fmt.Sprintf(" and %d more", len(ids)-5)
	}
	quoted := make([]string, len(list))
	for i, id := range list {
		quoted[i] = fmt.Sprintf("%q", id)
	}
	what := "component is"
	if len(ids) > 1 {
		what = "components are"
	}
	return &Warning{
		Code: CodeUnreachable, SurfaceID: s.id, ComponentID: ids[0],
		Message: fmt.Sprintf("%d %s not reachable from root %q and not drawn: %s%s", len(ids), what, s.root, strings.Join(quoted, ", "), more),
	}
}

// checkGraph follows every reference reachable from the root, explicit and
// template, and refuses a cycle or (unless lenient) a reference from a
// component to nothing. A root that does not exist yet is no refusal: the
// surface waits for it, as the official renderers do.
func checkGraph(s *Surface, lenient bool) (graph, *Error) {
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, len(s.compOrder)) // by each component's pos
	var shared []bool
	stack := make([]ref, 0, 64) // the references of the components being visited
	var visit func(id, from string, at ref) *Error
	visit = func(id, from string, at ref) *Error {
		e, ok := s.comps[id]
		if !ok {
			if lenient || from == "" {
				return nil
			}
			return &Error{
				Code: CodeMissingChild, SurfaceID: s.id, ComponentID: from, Path: at.path(),
				Message: fmt.Sprintf("%q refers to %q, which is not a component of surface %q", from, id, s.id),
			}
		}
		switch color[e.pos] {
		case grey:
			return &Error{
				Code: CodeCycle, SurfaceID: s.id, ComponentID: from, Path: at.path(),
				Message: fmt.Sprintf("%q refers back to %q, which contains it: a cycle", from, id),
			}
		case black:
			if shared == nil {
				shared = make([]bool, len(s.compOrder))
			}
			shared[e.pos] = true
			return nil
		}
		color[e.pos] = grey
		base := len(stack)
		stack = e.Props.refs(stack)
		end := len(stack) // each visit below leaves the stack as long as it found it
		for i := base; i < end; i++ {
			if err := visit(stack[i].id, id, stack[i]); err != nil {
				return err
			}
		}
		stack = stack[:base]
		color[e.pos] = black
		return nil
	}
	err := visit(s.root, "", ref{})
	_, rooted := s.comps[s.root]
	return graph{shared: shared, rooted: rooted, color: color, comps: s.comps}, err
}

// reached reports whether checkGraph reached the component id.
func (g graph) reached(id string) bool {
	e, ok := g.comps[id]
	return ok && g.color[e.pos] != 0
}

// sameAction reports whether two definitions are buttons with the same
// action, so that a redefinition that keeps the action (a new label, say)
// does not make a press stale.
func sameAction(a, b Props) bool {
	x, ok1 := a.(*Button)
	y, ok2 := b.(*Button)
	if ok1 && ok2 && (x.Action.v9 != nil || y.Action.v9 != nil) {
		return x.Action.v9 != nil && y.Action.v9 != nil && x.Action.v9.raw == y.Action.v9.raw // v0.9: the action as sent
	}
	if !ok1 || !ok2 || x.Action.Name != y.Action.Name || len(x.Action.Context) != len(y.Action.Context) {
		return false
	}
	for i, c := range x.Action.Context {
		d := y.Action.Context[i]
		if c.Key != d.Key || c.Value.Path != d.Value.Path || c.Value.HasPath != d.Value.HasPath ||
			c.Value.HasLiteral != d.Value.HasLiteral || c.Value.Literal != d.Value.Literal {
			return false
		}
	}
	return true
}
