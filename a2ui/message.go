package a2ui

import (
	"slices"
)

// Message is one A2UI server-to-client message, of v0.8 or v0.9. Exactly
// one of the message fields is set: one of v0.8's four kinds, or one of
// v0.9's (CreateSurface, UpdateComponents, UpdateDataModel and
// DeleteSurface, which both versions share).
type Message struct {
	// Version is the message's "version": "" for v0.8 (which names
	// none), else one of MessageVersions.
	Version string

	BeginRendering  *BeginRendering
	SurfaceUpdate   *SurfaceUpdate
	DataModelUpdate *DataModelUpdate
	DeleteSurface   *DeleteSurface

	CreateSurface    *CreateSurface
	UpdateComponents *UpdateComponents
	UpdateDataModel  *UpdateDataModel

	// v1.0's function calls, which are about no surface.
	CallRendererFunction  *CallRendererFunction
	AgentFunctionResponse *AgentFunctionResponse
}

// Protocol returns the protocol version the message speaks: ProtocolV08,
// ProtocolV09 or ProtocolV10.
func (m Message) Protocol() string {
	switch m.Version {
	case "":
		return ProtocolV08
	case ProtocolV10:
		return ProtocolV10
	}
	return ProtocolV09
}

// Kind returns the message's kind as spelled in the protocol.
func (m Message) Kind() string {
	switch {
	case m.BeginRendering != nil:
		return "beginRendering"
	case m.SurfaceUpdate != nil:
		return "surfaceUpdate"
	case m.DataModelUpdate != nil:
		return "dataModelUpdate"
	case m.DeleteSurface != nil:
		return "deleteSurface"
	case m.CreateSurface != nil:
		return "createSurface"
	case m.UpdateComponents != nil:
		return "updateComponents"
	case m.UpdateDataModel != nil:
		return "updateDataModel"
	case m.CallRendererFunction != nil:
		return "callRendererFunction"
	case m.AgentFunctionResponse != nil:
		return "agentFunctionResponse"
	}
	return ""
}

// SurfaceID returns the surface the message is about.
func (m Message) SurfaceID() string {
	switch {
	case m.BeginRendering != nil:
		return m.BeginRendering.SurfaceID
	case m.SurfaceUpdate != nil:
		return m.SurfaceUpdate.SurfaceID
	case m.DataModelUpdate != nil:
		return m.DataModelUpdate.SurfaceID
	case m.DeleteSurface != nil:
		return m.DeleteSurface.SurfaceID
	case m.CreateSurface != nil:
		return m.CreateSurface.SurfaceID
	case m.UpdateComponents != nil:
		return m.UpdateComponents.SurfaceID
	case m.UpdateDataModel != nil:
		return m.UpdateDataModel.SurfaceID
	}
	return ""
}

// StandardCatalogID is the catalog a surface uses when beginRendering names
// none.
const StandardCatalogID = "https://a2ui.org/specification/v0_8/standard_catalog_definition.json"

// MinimalCatalogID names the standard catalog's documented subset, which
// a2term draws with the standard catalog.
const MinimalCatalogID = "https://a2ui.org/specification/v0_8/catalogs/minimal/minimal_catalog.json"

// BeginRendering tells a2term it may show a surface, starting at Root.
type BeginRendering struct {
	SurfaceID string
	Root      string
	CatalogID string
	Styles    Styles
}

// Styles are the standard catalog's surface styles.
type Styles struct {
	Font         string `json:"font,omitempty"`
	PrimaryColor string `json:"primaryColor,omitempty"` // "#rrggbb" or empty
}

// SurfaceUpdate adds or replaces components of a surface.
type SurfaceUpdate struct {
	SurfaceID  string
	Components []*Component
}

// Component is one entry of a surface's adjacency list.
type Component struct {
	ID     string
	Weight float64 // 0 when absent
	Props  Props
	// raw is the component's JSON as received, used to tell a real
	// redefinition from a repeated one and to measure the canvas.
	raw []byte
	// paths holds every data path a v0.8 component names, as decoded;
	// empty for v0.9 components, whose values hold their own.
	paths []namedPath
	// inits is set when a value has both a path and a literal: the
	// literal is written at the path whenever the component arrives.
	inits bool
	// pos is a v0.9 component's index in its updateComponents, for the
	// client error message of a refusal found after decoding.
	pos int32
	// a11y is a v0.9 component's accessibility label and description.
	a11y *a11ySpec
	// catalog is the catalog a v1.0 component was resolved against,
	// whose rules (allowedParents, allowedChildren) it follows, and
	// extensions its metadata.extensions, kept and shown nowhere.
	catalog    *catalogV09
	extensions *Object
}

// a11ySpec is what a v0.9 component tells assistive technologies.
type a11ySpec struct {
	label, description Bound[string]
	// v1.0: live is "off", "polite" or "assertive" ("" when not
	// given), hidden whether assistive technologies skip it.
	live   string
	hidden Bound[bool]
}

// namedPath is a data path as written and as decoded.
type namedPath struct {
	raw string
	dataPath
}

// path returns one of the component's data paths as decoded (a component
// built by hand has it read here).
func (c *Component) path(p string) dataPath {
	for _, np := range c.paths {
		if np.raw == p {
			return np.dataPath
		}
	}
	return mustPath(p)
}

// Type returns the component's catalog type name.
func (c Component) Type() string { return c.Props.Type() }

// DataModelUpdate replaces the data model, or the subtree at Path.
type DataModelUpdate struct {
	SurfaceID string
	Path      string // "" or "/" for the whole model
	// Value is what is stored at Path: an *Object built from the entries,
	// or a bare value for the single-entry form with key ".".
	Value any
	// segs is Path as decoded; parsed tells it was (a DataModelUpdate
	// built by hand has its Path read when applied).
	segs   []string
	parsed bool
}

// pathSegs returns the segments of the path the update writes.
func (u *DataModelUpdate) pathSegs() []string {
	if u.parsed {
		return u.segs
	}
	return splitPath(u.Path)
}

// DeleteSurface removes a surface and everything it holds.
type DeleteSurface struct {
	SurfaceID string
}

// Bound is a property value that is a literal, a data-model path, or both
// (the literal is written at the path when the component arrives, then the
// value is bound to the path).
//
// A v0.9 dynamic value that is not a plain literal of the property's type
// (a data binding or a function call) is held unexported: Path and
// HasPath are v0.8's and stay empty for it.
type Bound[T any] struct {
	Path       string
	Literal    T
	dyn        *dynamic
	HasPath    bool // (the flags last: a Bound[string] takes 48 bytes, not 56)
	HasLiteral bool
}

// Props is the typed property set of one component; its dynamic type is one
// of the 18 standard component types below.
type Props interface {
	Type() string
	// refs appends to out the ids of the components this one contains.
	refs(out []ref) []ref
}

// childAt is where a component's one child sits below its props.
const childAt = "/child"

// ref is a reference from a component to another, with where it sits:
// the JSON Pointer below the component's props is at, or, for one of a
// list, at followed by the index (and "/child" for a tab), built only for
// a refusal.
type ref struct {
	id       string
	at       string
	template string // dataBinding when the reference is a template
	idx      int32
	indexed  bool
	tab      bool
}

// path is the JSON Pointer of the reference below the component's props.
func (r ref) path() string {
	switch {
	case r.tab:
		return r.at + itoa(int(r.idx)) + childAt
	case r.indexed:
		return r.at + itoa(int(r.idx))
	}
	return r.at
}

// Children is the children property of Row, Column and List: an explicit
// list of ids or a template repeated over a data-model collection.
type Children struct {
	ExplicitList []string
	Template     *Template
	v09          bool // written the v0.9 way: a list, or {componentId, path}
}

// Template renders ComponentID once per entry of the collection at
// DataBinding. A v0.9 template iterates arrays only, at a v0.9 path.
type Template struct {
	ComponentID string
	DataBinding string
	path        *dpath // v0.9
}

func (c Children) refs(out []ref) []ref {
	if c.Template != nil {
		if c.v09 {
			return append(out, ref{id: c.Template.ComponentID, at: "/children/componentId", template: c.Template.DataBinding})
		}
		return append(out, ref{id: c.Template.ComponentID, at: "/children/template/componentId", template: c.Template.DataBinding})
	}
	base := "/children/explicitList/"
	if c.v09 {
		base = "/children/"
	}
	out = slices.Grow(out, len(c.ExplicitList))
	for i, id := range c.ExplicitList {
		out = append(out, ref{id: id, at: base, idx: int32(i), indexed: true})
	}
	return out
}

// Text shows a string with simple Markdown.
type Text struct {
	Text      Bound[string]
	UsageHint string // h1…h5, caption, body or empty
}

// Image shows a picture from a data: URL.
type Image struct {
	URL       Bound[string]
	AltText   Bound[string]
	Fit       string
	UsageHint string
}

// Icon shows a named glyph, or (v0.9) an SVG path of a 24×24 box.
type Icon struct {
	Name    Bound[string]
	SVGPath string
}

// Video shows a video from a data: URL.
type Video struct {
	URL       Bound[string]
	PosterURL Bound[string] // v1.0: a picture shown before the video plays
}

// AudioPlayer plays audio from a data: URL.
type AudioPlayer struct {
	URL         Bound[string]
	Description Bound[string]
}

// Row lays its children out horizontally.
type Row struct {
	Children     Children
	Distribution string
	Alignment    string
}

// Column lays its children out vertically.
type Column struct {
	Children     Children
	Distribution string
	Alignment    string
}

// List shows a scrolling list of children.
type List struct {
	Children  Children
	Direction string
	Alignment string
}

// Card frames one child.
type Card struct {
	Child string
}

// Tabs shows one of several children, chosen by a tab strip.
type Tabs struct {
	TabItems []TabItem
	v09      bool // the v0.9 "tabs" property
}

// TabItem is one tab: a title and the component it shows.
type TabItem struct {
	Title Bound[string]
	Child string
}

// Divider is a horizontal or vertical rule.
type Divider struct {
	Axis string
}

// Modal shows EntryPointChild inline; activating it opens ContentChild in a
// dialog.
type Modal struct {
	EntryPointChild string
	ContentChild    string
	v09             bool // v0.9's trigger and content
}

// Button fires Action when pressed.
type Button struct {
	Child   string
	Action  Action
	Primary bool
	// borderless is v0.9's variant of that name.
	borderless bool
	checks     []checkRule
}

// Action names what a button does and which values go with it.
//
// A v0.9 action is an event (Name and a context of dynamic values, held
// unexported) or a function call run where the person is (openUrl shows
// an address), which is never sent to the agent.
type Action struct {
	Name    string
	Context []ContextEntry
	v9      *actionV09
}

// actionV09 is what a v0.9 action holds beyond a name: the event's
// context, or the function call, and the action as sent (compacted), which
// tells a redefinition from a repeat.
type actionV09 struct {
	ctx  []dynEntry
	call *dynamic
	raw  string
	// userMessage is a v1.0 event's message for the person's history.
	userMessage *dynamic
}

// dynEntry is one key of a v0.9 event context.
type dynEntry struct {
	key string
	val *dynamic
}

// ContextEntry is one key of an action's context. The literal keeps its JSON
// type: string, float64 or bool.
type ContextEntry struct {
	Key   string
	Value Bound[any]
}

// CheckBox is a labelled boolean.
type CheckBox struct {
	Label  Bound[string]
	Value  Bound[bool]
	checks []checkRule
}

// TextField is a labelled text input.
type TextField struct {
	Label            Bound[string]
	Text             Bound[string]
	TextFieldType    string // shortText (default), longText, number, obscured, date
	ValidationRegexp string
	Placeholder      Bound[string] // v1.0: shown while the field is empty
	pattern          *pattern      // nil when absent, not valid RE2 or over the bounds (lenient)
	checks           []checkRule
}

// DateTimeInput edits a date, a time, or both, as ISO 8601.
//
// v0.9 adds a label and bounds, and both parts default to off (an input
// enabling neither takes a time, as the official renderers draw it).
type DateTimeInput struct {
	Value      Bound[string]
	EnableDate *bool
	EnableTime *bool
	Label      Bound[string]
	Min, Max   Bound[string]
	v09        bool
	checks     []checkRule
}

// MultipleChoice picks values among options.
//
// v0.9 calls it ChoicePicker, with a label, and a variant saying whether
// one choice excludes the others (Exclusive) or not.
type MultipleChoice struct {
	Selections           Bound[[]string]
	Options              []Option
	MaxAllowedSelections int // 0 when unlimited
	Variant              string
	Filterable           bool
	Label                Bound[string]
	Exclusive            bool
	checks               []checkRule
}

// Option is one choice of a MultipleChoice.
type Option struct {
	Label Bound[string]
	Value string
}

// Slider picks a number in a range.
type Slider struct {
	Value    Bound[float64]
	MinValue *float64
	MaxValue *float64
	Label    Bound[string]
	// Steps (v1.0) is how many divisions the range has, which the
	// value snaps to; nil when the slider moves freely.
	Steps  *float64
	checks []checkRule
}

// Custom is a component of a type outside the standard catalog, kept in
// lenient mode (a custom catalog's OrgChart, WebFrame…) so that the
// standard components beside it still show. It is drawn as a placeholder
// naming its type, with the child or children it names drawn inside.
type Custom struct {
	TypeName string
	Child    string   // "" when it names none
	Children Children // empty when it names none
	// slots are the child and child-list properties of a v0.9 one, in
	// the order it gives them (Child and Children are v0.8's).
	slots []childSlot
}

// Type is the type name the agent gave, which the standard catalog lacks.
func (p *Custom) Type() string { return p.TypeName }

func (p *Custom) refs(out []ref) []ref {
	if p.Child != "" {
		out = append(out, ref{id: p.Child, at: childAt})
	}
	if p.Children.Template != nil || len(p.Children.ExplicitList) > 0 {
		out = p.Children.refs(out)
	}
	return slotRefs(p.slots, out)
}

// Type is "Text", the name the protocol gives the component.
func (*Text) Type() string { return "Text" }

// Type is "Image", the name the protocol gives the component.
func (*Image) Type() string { return "Image" }

// Type is "Icon", the name the protocol gives the component.
func (*Icon) Type() string { return "Icon" }

// Type is "Video", the name the protocol gives the component.
func (*Video) Type() string { return "Video" }

// Type is "AudioPlayer", the name the protocol gives the component.
func (*AudioPlayer) Type() string { return "AudioPlayer" }

// Type is "Row", the name the protocol gives the component.
func (*Row) Type() string { return "Row" }

// Type is "Column", the name the protocol gives the component.
func (*Column) Type() string { return "Column" }

// Type is "List", the name the protocol gives the component.
func (*List) Type() string { return "List" }

// Type is "Card", the name the protocol gives the component.
func (*Card) Type() string { return "Card" }

// Type is "Tabs", the name the protocol gives the component.
func (*Tabs) Type() string { return "Tabs" }

// Type is "Divider", the name the protocol gives the component.
func (*Divider) Type() string { return "Divider" }

// Type is "Modal", the name the protocol gives the component.
func (*Modal) Type() string { return "Modal" }

// Type is "Button", the name the protocol gives the component.
func (*Button) Type() string { return "Button" }

// Type is "CheckBox", the name the protocol gives the component.
func (*CheckBox) Type() string { return "CheckBox" }

// Type is "TextField", the name the protocol gives the component.
func (*TextField) Type() string { return "TextField" }

// Type is "DateTimeInput", the name the protocol gives the component.
func (*DateTimeInput) Type() string { return "DateTimeInput" }

// Type is "MultipleChoice", the name the protocol gives the component.
func (*MultipleChoice) Type() string { return "MultipleChoice" }

// Type is "Slider", the name the protocol gives the component.
func (*Slider) Type() string { return "Slider" }

func (*Text) refs(out []ref) []ref           { return out }
func (*Image) refs(out []ref) []ref          { return out }
func (*Icon) refs(out []ref) []ref           { return out }
func (*Video) refs(out []ref) []ref          { return out }
func (*AudioPlayer) refs(out []ref) []ref    { return out }
func (p *Row) refs(out []ref) []ref          { return p.Children.refs(out) }
func (p *Column) refs(out []ref) []ref       { return p.Children.refs(out) }
func (p *List) refs(out []ref) []ref         { return p.Children.refs(out) }
func (p *Card) refs(out []ref) []ref         { return append(out, ref{id: p.Child, at: childAt}) }
func (*Divider) refs(out []ref) []ref        { return out }
func (p *Button) refs(out []ref) []ref       { return append(out, ref{id: p.Child, at: childAt}) }
func (*CheckBox) refs(out []ref) []ref       { return out }
func (*TextField) refs(out []ref) []ref      { return out }
func (*DateTimeInput) refs(out []ref) []ref  { return out }
func (*MultipleChoice) refs(out []ref) []ref { return out }
func (*Slider) refs(out []ref) []ref         { return out }

func (p *Tabs) refs(out []ref) []ref {
	base := "/tabItems/"
	if p.v09 {
		base = "/tabs/"
	}
	for i, t := range p.TabItems {
		out = append(out, ref{id: t.Child, at: base, idx: int32(i), tab: true})
	}
	return out
}

func (p *Modal) refs(out []ref) []ref {
	if p.v09 {
		return append(out, ref{id: p.EntryPointChild, at: "/trigger"}, ref{id: p.ContentChild, at: "/content"})
	}
	return append(out, ref{id: p.EntryPointChild, at: "/entryPointChild"}, ref{id: p.ContentChild, at: "/contentChild"})
}

// ComponentTypes returns the 18 standard component types in catalog order.
func ComponentTypes() []string {
	return []string{
		"Text", "Image", "Icon", "Video", "AudioPlayer", "Row", "Column", "List",
		"Card", "Tabs", "Divider", "Modal", "Button", "CheckBox", "TextField",
		"DateTimeInput", "MultipleChoice", "Slider",
	}
}
