package a2ui

import "regexp"

// Message is one A2UI v0.8 server-to-client message. Exactly one field is
// set.
type Message struct {
	BeginRendering  *BeginRendering
	SurfaceUpdate   *SurfaceUpdate
	DataModelUpdate *DataModelUpdate
	DeleteSurface   *DeleteSurface
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
	Components []Component
}

// Component is one entry of a surface's adjacency list.
type Component struct {
	ID     string
	Weight float64 // 0 when absent
	Props  Props
	// raw is the component's JSON as received, used to tell a real
	// redefinition from a repeated one and to measure the canvas.
	raw []byte
	// inits is set when a value has both a path and a literal: the
	// literal is written at the path whenever the component arrives.
	inits bool
	// paths holds every data path the component names, as decoded.
	paths []namedPath
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
type Bound[T any] struct {
	Path       string
	HasPath    bool
	Literal    T
	HasLiteral bool
}

// Props is the typed property set of one component; its dynamic type is one
// of the 18 standard component types below.
type Props interface {
	Type() string
	// refs lists the ids of the components this one contains.
	refs() []ref
}

// ref is a reference from a component to another, with where it sits.
type ref struct {
	id       string
	path     string // JSON Pointer below the component's props
	template string // dataBinding when the reference is a template
}

// Children is the children property of Row, Column and List: an explicit
// list of ids or a template repeated over a data-model collection.
type Children struct {
	ExplicitList []string
	Template     *Template
}

// Template renders ComponentID once per entry of the collection at
// DataBinding.
type Template struct {
	ComponentID string
	DataBinding string
}

func (c Children) refs() []ref {
	if c.Template != nil {
		return []ref{{id: c.Template.ComponentID, path: "/children/template/componentId", template: c.Template.DataBinding}}
	}
	out := make([]ref, len(c.ExplicitList))
	for i, id := range c.ExplicitList {
		out[i] = ref{id: id, path: "/children/explicitList/" + itoa(i)}
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

// Icon shows a named glyph.
type Icon struct {
	Name Bound[string]
}

// Video shows a video from a data: URL.
type Video struct {
	URL Bound[string]
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
}

// Button fires Action when pressed.
type Button struct {
	Child   string
	Action  Action
	Primary bool
}

// Action names what a button does and which values go with it.
type Action struct {
	Name    string
	Context []ContextEntry
}

// ContextEntry is one key of an action's context. The literal keeps its JSON
// type: string, float64 or bool.
type ContextEntry struct {
	Key   string
	Value Bound[any]
}

// CheckBox is a labelled boolean.
type CheckBox struct {
	Label Bound[string]
	Value Bound[bool]
}

// TextField is a labelled text input.
type TextField struct {
	Label            Bound[string]
	Text             Bound[string]
	TextFieldType    string // shortText (default), longText, number, obscured, date
	ValidationRegexp string
	pattern          *regexp.Regexp // nil when absent or not valid RE2
}

// DateTimeInput edits a date, a time, or both, as ISO 8601.
type DateTimeInput struct {
	Value      Bound[string]
	EnableDate *bool
	EnableTime *bool
}

// MultipleChoice picks values among options.
type MultipleChoice struct {
	Selections           Bound[[]string]
	Options              []Option
	MaxAllowedSelections int // 0 when unlimited
	Variant              string
	Filterable           bool
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
}

// Custom is a component of a type outside the standard catalog, kept in
// lenient mode (a custom catalog's OrgChart, WebFrame…) so that the
// standard components beside it still show. It is drawn as a placeholder
// naming its type, with the child or children it names drawn inside.
type Custom struct {
	TypeName string
	Child    string   // "" when it names none
	Children Children // empty when it names none
}

func (p *Custom) Type() string { return p.TypeName }

func (p *Custom) refs() []ref {
	var out []ref
	if p.Child != "" {
		out = append(out, ref{id: p.Child, path: "/child"})
	}
	if p.Children.Template != nil || len(p.Children.ExplicitList) > 0 {
		out = append(out, p.Children.refs()...)
	}
	return out
}

func (*Text) Type() string           { return "Text" }
func (*Image) Type() string          { return "Image" }
func (*Icon) Type() string           { return "Icon" }
func (*Video) Type() string          { return "Video" }
func (*AudioPlayer) Type() string    { return "AudioPlayer" }
func (*Row) Type() string            { return "Row" }
func (*Column) Type() string         { return "Column" }
func (*List) Type() string           { return "List" }
func (*Card) Type() string           { return "Card" }
func (*Tabs) Type() string           { return "Tabs" }
func (*Divider) Type() string        { return "Divider" }
func (*Modal) Type() string          { return "Modal" }
func (*Button) Type() string         { return "Button" }
func (*CheckBox) Type() string       { return "CheckBox" }
func (*TextField) Type() string      { return "TextField" }
func (*DateTimeInput) Type() string  { return "DateTimeInput" }
func (*MultipleChoice) Type() string { return "MultipleChoice" }
func (*Slider) Type() string         { return "Slider" }

func (*Text) refs() []ref           { return nil }
func (*Image) refs() []ref          { return nil }
func (*Icon) refs() []ref           { return nil }
func (*Video) refs() []ref          { return nil }
func (*AudioPlayer) refs() []ref    { return nil }
func (p *Row) refs() []ref          { return p.Children.refs() }
func (p *Column) refs() []ref       { return p.Children.refs() }
func (p *List) refs() []ref         { return p.Children.refs() }
func (p *Card) refs() []ref         { return []ref{{id: p.Child, path: "/child"}} }
func (*Divider) refs() []ref        { return nil }
func (p *Button) refs() []ref       { return []ref{{id: p.Child, path: "/child"}} }
func (*CheckBox) refs() []ref       { return nil }
func (*TextField) refs() []ref      { return nil }
func (*DateTimeInput) refs() []ref  { return nil }
func (*MultipleChoice) refs() []ref { return nil }
func (*Slider) refs() []ref         { return nil }

func (p *Tabs) refs() []ref {
	out := make([]ref, len(p.TabItems))
	for i, t := range p.TabItems {
		out[i] = ref{id: t.Child, path: "/tabItems/" + itoa(i) + "/child"}
	}
	return out
}

func (p *Modal) refs() []ref {
	return []ref{
		{id: p.EntryPointChild, path: "/entryPointChild"},
		{id: p.ContentChild, path: "/contentChild"},
	}
}

// ComponentTypes returns the 18 standard component types in catalog order.
func ComponentTypes() []string {
	return []string{
		"Text", "Image", "Icon", "Video", "AudioPlayer", "Row", "Column", "List",
		"Card", "Tabs", "Divider", "Modal", "Button", "CheckBox", "TextField",
		"DateTimeInput", "MultipleChoice", "Slider",
	}
}
