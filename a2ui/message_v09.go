package a2ui

// A2UI v0.9 (and v0.9.1, the same protocol) beside v0.8: a message that
// names "version": "v0.9" or "v0.9.1" is read by the v0.9 decoder, one that
// names no version by the v0.8 decoder. Both decoders produce the same
// components, data model and render tree; only the canvas (which version
// made a surface) and the client messages an action or a refusal becomes
// remember the version.

// The protocol versions a surface can speak, as Surface.Protocol reports
// them.
const (
	ProtocolV08 = "v0.8"
	ProtocolV09 = "v0.9"
)

// messageV091 is the newest v0.9 message version, which v0.9 surfaces
// read as they read "v0.9".
const messageV091 = "v0.9.1"

// MessageVersions are the values of a message's "version" a2term reads as
// v0.9. A message without "version" is v0.8; any other version is refused
// with CodeUnsupportedVersion.
var MessageVersions = []string{ProtocolV09, messageV091}

// Versions lists the protocol versions a2term speaks, for canvas.info.
func Versions() []string { return []string{ProtocolV08, ProtocolV09, messageV091, ProtocolV10} }

// CreateSurface creates a v0.9 surface. It is shown at once: its tree is
// drawn from the component whose id is "root" as soon as that exists.
//
// A v1.0 createSurface has no theme; it may carry the surface's first
// components and data model, and metadata extensions (kept, shown
// nowhere). Its CatalogID is the surface's default catalog, "" for none.
type CreateSurface struct {
	SurfaceID     string
	CatalogID     string
	Theme         Theme
	SendDataModel bool
	catalog       *catalogV09 // the catalog CatalogID names (basic for an unknown one, lenient)

	Components   []*Component
	DataModel    any
	HasDataModel bool
	Extensions   *Object
}

// Theme is the basic catalog's theme of a v0.9 surface. IconURL is an
// address the agent names for itself; a2term never loads it.
type Theme struct {
	PrimaryColor     string `json:"primaryColor,omitempty"`
	IconURL          string `json:"iconUrl,omitempty"`
	AgentDisplayName string `json:"agentDisplayName,omitempty"`
}

// UpdateComponents adds or replaces components of a v0.9 surface; each
// component is replaced whole.
type UpdateComponents struct {
	SurfaceID  string
	Components []*Component
	// catalog is the catalog the components were checked against, and
	// raw the message, read again by Apply when the surface turns out to
	// use another catalog.
	catalog *catalogV09
	raw     []byte
}

// UpdateDataModel writes Value at Path of a v0.9 surface's data model
// (creating the containers on the way), or removes what is at Path when
// HasValue is false. An empty Path, or "/", is the whole model.
type UpdateDataModel struct {
	SurfaceID string
	Path      string
	Value     any
	HasValue  bool
	segs      []string
	parsed    bool
}

func (u *UpdateDataModel) pathSegs() []string {
	if u.parsed {
		return u.segs
	}
	return parseDynPath(u.Path).segs
}

// catalogV09 is what a2term knows of a v0.9 catalog: its functions, the
// component types it has (all 18 when types is nil), and the few enums
// that differ between the basic and the minimal catalog.
type catalogV09 struct {
	id             string
	fns            *functionSet
	types          map[string]bool
	buttonVariants []string
	themeKeys      []string
	// v10 marks a v1.0 catalog; parents and children are its
	// components' allowedParents and allowedChildren, by type (a type
	// not there allows any).
	v10      bool
	parents  map[string][]string
	children map[string][]string
	// def is the definition of a catalog a2term was given (see
	// catalogdef.go), nil for its own.
	def *CatalogDef
}

var (
	basicCatalogV09 = &catalogV09{
		id: BasicCatalogV09ID, fns: basicFunctions,
		buttonVariants: []string{"default", "primary", "borderless"},
		themeKeys:      []string{"primaryColor", "iconUrl", "agentDisplayName"},
	}
	minimalCatalogV09 = &catalogV09{
		id: MinimalCatalogV09ID, fns: minimalFunctions,
		types:          map[string]bool{"Text": true, "Row": true, "Column": true, "Button": true, "TextField": true},
		buttonVariants: []string{"primary", "borderless"},
		themeKeys:      []string{"primaryColor"},
	}
)

// has reports whether the catalog has a component type.
func (c *catalogV09) has(typ string) bool {
	if c.types == nil {
		return basicTypesV09[typ]
	}
	return c.types[typ]
}

// basicTypesV09 holds the basic catalog's types, for has.
var basicTypesV09 = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range componentTypesV09() {
		m[t] = true
	}
	return m
}()

// typeList names the catalog's component types, for refusals.
func (c *catalogV09) typeList() []string {
	var out []string
	for _, t := range componentTypesV09() {
		if c.has(t) {
			out = append(out, t)
		}
	}
	return out
}

// componentTypesV09 are the basic catalog's 18 types, in its order; v0.9
// calls v0.8's MultipleChoice ChoicePicker.
func componentTypesV09() []string {
	return []string{
		"Text", "Image", "Icon", "Video", "AudioPlayer", "Row", "Column", "List",
		"Card", "Tabs", "Modal", "Divider", "Button", "TextField", "CheckBox",
		"ChoicePicker", "Slider", "DateTimeInput",
	}
}

// ClientCapabilities is the specification's client capabilities object
// (a2uiClientCapabilities), keyed by protocol version.
type ClientCapabilities map[string]CatalogSupport

// CatalogSupport lists the catalogs a2term draws for one version.
type CatalogSupport struct {
	SupportedCatalogIDs []string `json:"supportedCatalogIds"`
}
