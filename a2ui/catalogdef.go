package a2ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// A catalog definition (the specification's catalog_definition.json form:
// a catalogId, a map of components to their JSON schemas, a map of
// functions) names components a2term has no widget for. a2term draws
// them generically, from their schemas: every property is read as what
// its schema says it holds (catalogdef_component.go), and the views draw
// text-like properties as labelled text, child and child-list properties
// as the children inside, the action as a button and a bound input
// ("value") as a field.
//
// A definition comes from a file the person names (a2term --catalog
// FILE), read once at start; it is bounded as an agent's messages are.

// The bounds of a catalog definition.
const (
	// MaxCatalogBytes is the largest catalog definition file a2term
	// reads (the specification's basic catalog is about 40 KiB).
	MaxCatalogBytes = 1 << 20
	// MaxCatalogs is how many catalog definitions a2term takes.
	MaxCatalogs = 16
	// MaxCatalogComponents is how many components one definition may
	// name.
	MaxCatalogComponents = 128
	// MaxCatalogProperties is how many properties one component of a
	// definition may have.
	MaxCatalogProperties = 64
	// MaxCatalogFunctions is how many functions one definition may name.
	MaxCatalogFunctions = 128
	// MaxCatalogDepth bounds how deeply a definition's JSON nests (the
	// specification's catalogs nest about 12 levels).
	MaxCatalogDepth = 32
)

// CatalogDef is a catalog a2term draws from its definition.
type CatalogDef struct {
	// ID is the definition's catalogId, the id surfaces name it by.
	ID string
	// Source is where the definition was read from, for messages.
	Source string
	// comps are its components by name, names their names in order.
	comps map[string]*defComponent
	names []string
	// fns are its function names in order; cat is the v0.9 catalog it
	// is to the decoder.
	fns []string
	cat *catalogV09
}

// Components lists the names of the definition's components, sorted.
func (c *CatalogDef) Components() []string { return slices.Clone(c.names) }

// Functions lists the names of the definition's functions, sorted.
func (c *CatalogDef) Functions() []string { return slices.Clone(c.fns) }

// Unevaluated lists the definition's functions a2term cannot evaluate:
// a call to one is refused by name.
func (c *CatalogDef) Unevaluated() []string {
	var out []string
	for _, f := range c.fns {
		if c.cat.fns.get(f) == nil {
			out = append(out, f)
		}
	}
	return out
}

// CatalogError is a catalog definition a2term refuses: the file and why.
type CatalogError struct {
	Source string
	Reason string
}

func (e *CatalogError) Error() string { return "catalog " + e.Source + ": " + e.Reason }

// LoadCatalogDef reads the catalog definition in the file path.
func LoadCatalogDef(path string) (*CatalogDef, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &CatalogError{Source: path, Reason: errors.Unwrap(err).Error()}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxCatalogBytes+1))
	if err != nil {
		return nil, &CatalogError{Source: path, Reason: err.Error()}
	}
	return ParseCatalogDef(path, data)
}

// ParseCatalogDef reads a catalog definition; source names it in
// messages.
func ParseCatalogDef(source string, data []byte) (*CatalogDef, error) {
	def, why := parseCatalogDef(source, data)
	if why != "" {
		return nil, &CatalogError{Source: source, Reason: why}
	}
	return def, nil
}

// catalogTopKeys are the keys a catalog definition may hold (the
// specification's "Strict Top-Level Schema Keys").
var catalogTopKeys = []string{"$schema", "$id", "protocolVersion", "title", "description", "catalogId", "instructions", "components", "functions", "$defs"}

func parseCatalogDef(source string, data []byte) (*CatalogDef, string) {
	if len(data) > MaxCatalogBytes {
		return nil, fmt.Sprintf("the file is over the limit of %d bytes", MaxCatalogBytes)
	}
	doc, err := parseJSON(data)
	if err != nil {
		return nil, "not JSON: " + shortJSONError(err)
	}
	if d := jsonDepth(doc, 0); d > MaxCatalogDepth {
		return nil, fmt.Sprintf("nested more than %d levels deep", MaxCatalogDepth)
	}
	if doc.kind != jObject {
		return nil, "a catalog definition is a JSON object, not " + doc.kind.String()
	}
	for x := doc.first(); x.ok(); x = x.next() {
		if !x.keyIn(catalogTopKeys) {
			return nil, fmt.Sprintf("%q is not a key of a catalog definition (it has %s)", SanitizeLine(clip(x.key())), strings.Join(catalogTopKeys, ", "))
		}
	}
	def := &CatalogDef{Source: source, comps: map[string]*defComponent{}}
	idv, ok := doc.member("catalogId")
	if !ok || idv.kind != jString || idv.str() == "" {
		return nil, "catalogId is required, a non-empty string"
	}
	def.ID = idv.str()
	if def.ID != SanitizeLine(def.ID) || len(def.ID) > maxCatalogIDBytes {
		return nil, "catalogId must be one line of printable text, at most 512 bytes"
	}
	if catalogV09For(def.ID) != nil || def.ID == StandardCatalogID || def.ID == MinimalCatalogID {
		return nil, fmt.Sprintf("catalogId %q is one of a2term's own catalogs", def.ID)
	}
	defs, _ := doc.member("$defs")
	if comps, ok := doc.member("components"); ok {
		if why := def.readComponents(comps, defs, data); why != "" {
			return nil, why
		}
	}
	var specs []*funcSpec
	if fns, ok := doc.member("functions"); ok {
		var why string
		if specs, why = def.readFunctions(fns); why != "" {
			return nil, why
		}
	}
	sort.Strings(def.names)
	sort.Strings(def.fns)
	types := make(map[string]bool, len(def.names))
	for _, n := range def.names {
		types[n] = true
	}
	set := newFunctionSet(specs...)
	set.cannot = map[string]bool{}
	for _, f := range def.fns {
		if set.get(f) == nil {
			set.cannot[f] = true
		}
	}
	def.cat = &catalogV09{
		id: def.ID, fns: set, types: types, def: def,
		buttonVariants: basicCatalogV09.buttonVariants, themeKeys: basicCatalogV09.themeKeys,
	}
	return def, ""
}

// readComponents reads the definition's components.
func (c *CatalogDef) readComponents(comps, defs jval, data []byte) string {
	if comps.kind != jObject {
		return "components must be an object of component schemas"
	}
	if comps.len() > MaxCatalogComponents {
		return fmt.Sprintf("%d components, over the limit of %d", comps.len(), MaxCatalogComponents)
	}
	for x := comps.first(); x.ok(); x = x.next() {
		name := x.key()
		if why := catalogName(name, "component"); why != "" {
			return why
		}
		if name == "Surface" {
			return `"Surface" is the protocol's own component (the surface itself): a catalog may not define it`
		}
		if _, dup := c.comps[name]; dup {
			return fmt.Sprintf("component %q is defined twice", name)
		}
		comp, why := parseDefComponent(name, x, defs, data)
		if why != "" {
			return fmt.Sprintf("component %s: %s", name, why)
		}
		c.comps[name] = comp
		c.names = append(c.names, name)
	}
	return ""
}

// readFunctions reads the names of the definition's functions, and
// returns those a2term evaluates.
func (c *CatalogDef) readFunctions(fns jval) ([]*funcSpec, string) {
	if fns.kind != jObject {
		return nil, "functions must be an object of function definitions"
	}
	if fns.len() > MaxCatalogFunctions {
		return nil, fmt.Sprintf("%d functions, over the limit of %d", fns.len(), MaxCatalogFunctions)
	}
	var specs []*funcSpec
	for x := fns.first(); x.ok(); x = x.next() {
		name := x.key()
		if why := catalogName(name, "function"); why != "" {
			return nil, why
		}
		if x.kind != jObject {
			return nil, fmt.Sprintf("function %s: its definition must be an object", name)
		}
		if slices.Contains(c.fns, name) {
			return nil, fmt.Sprintf("function %q is defined twice", name)
		}
		c.fns = append(c.fns, name)
		if f := knownFunction(name); f != nil {
			specs = append(specs, f)
		}
	}
	return specs, ""
}

// maxCatalogIDBytes bounds a catalogId, which names the catalog in every
// message about it.
const maxCatalogIDBytes = 512

// knownFunction returns the function a2term evaluates by the name.
func knownFunction(name string) *funcSpec {
	if f := basicFunctions.get(name); f != nil {
		return f
	}
	return minimalFunctions.get(name)
}

// jsonDepth returns how deeply v nests below depth, stopping once past
// MaxCatalogDepth.
func jsonDepth(v jval, depth int) int {
	if v.kind != jObject && v.kind != jArray {
		return depth
	}
	depth++
	deepest := depth
	for x := v.first(); x.ok() && deepest <= MaxCatalogDepth; x = x.next() {
		deepest = max(deepest, jsonDepth(x, depth))
	}
	return deepest
}

// catalogName says why name cannot name a catalog's component or
// function, "" when it can.
func catalogName(name, what string) string {
	if !isCatalogName(name) {
		return fmt.Sprintf("%s name %q is not an identifier (a letter or _, then letters, digits, _; UAX #31)", what, SanitizeLine(clip(name)))
	}
	return ""
}

// schemaLoader gives the schemas a definition's properties refer to in
// the specification's common types, for the properties a2term checks
// with a JSON Schema validator: those it reads itself are never checked
// there, so each is taken as any value. No other document is loaded.
func schemaLoader(u *url.URL) (*jsonschema.Schema, error) {
	if !strings.HasSuffix(u.Path, "common_types.json") {
		return nil, fmt.Errorf("a2term loads no schema from %s", u.Redacted())
	}
	defs := map[string]*jsonschema.Schema{}
	for _, n := range commonTypeNames {
		defs[n] = &jsonschema.Schema{}
	}
	defs["DataBinding"] = &jsonschema.Schema{Type: "object", Required: []string{"path"}, Properties: map[string]*jsonschema.Schema{"path": {Type: "string"}}}
	defs["ComponentId"] = &jsonschema.Schema{Type: "string"}
	return &jsonschema.Schema{Defs: defs}, nil
}

// commonTypeNames are the common types a catalog may refer to (the
// specification's "Restricted $ref Targets", with v0.9's DataBinding,
// ComponentCommon and FunctionCall).
var commonTypeNames = []string{
	"ComponentId", "ChildList", "DynamicString", "DynamicNumber", "DynamicBoolean", "DynamicStringList",
	"DynamicValue", "AccessibilityAttributes", "CheckRule", "Checkable", "Action", "DataBinding",
	"ComponentCommon", "FunctionCall",
}

// compileSchema compiles the JSON schema raw (the bytes of a property's
// schema) for checking values.
func compileSchema(raw []byte) (*jsonschema.Resolved, error) {
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("reading it: %w", err)
	}
	rs, err := s.Resolve(&jsonschema.ResolveOptions{BaseURI: "https://a2ui.org/specification/v1_0/catalog.json", Loader: schemaLoader})
	if err != nil {
		return nil, fmt.Errorf("resolving it: %w", err)
	}
	return rs, nil
}

// catalogFor returns the v0.9 catalog id names: one of a2term's own, or
// of the definitions it was given; nil when there is none.
func (o *Options) catalogFor(id string) *catalogV09 {
	if c := catalogV09For(id); c != nil {
		return c
	}
	for _, d := range o.Catalogs {
		if d.ID == id {
			return d.cat
		}
	}
	return nil
}

// catalogIDs lists the v0.9 catalogs a2term draws: its own, then the
// definitions it was given.
func (o *Options) catalogIDs() []string {
	ids := CatalogIDsV09()
	for _, d := range o.Catalogs {
		ids = append(ids, d.ID)
	}
	return ids
}

// defined returns the component typ of the catalog's definition that
// a2term draws generically: nil for a catalog of its own, and for a
// type of its basic catalog, which it draws as its own.
func (c *catalogV09) defined(typ string) *defComponent {
	if c.def == nil || basicTypesV09[typ] {
		return nil
	}
	return c.def.comps[typ]
}

// CapabilitiesFor is Capabilities with the catalogs of opts' definitions
// among the supported ones.
func CapabilitiesFor(opts Options) ClientCapabilities {
	caps := Capabilities()
	if len(opts.Catalogs) == 0 {
		return caps
	}
	ids := opts.catalogIDs()
	for v := range caps {
		caps[v] = CatalogSupport{SupportedCatalogIDs: ids}
	}
	return caps
}

// LoadCatalogDefs reads the catalog definitions in the files paths, at
// most MaxCatalogs, each with a catalogId of its own.
func LoadCatalogDefs(paths []string) ([]*CatalogDef, error) {
	if len(paths) > MaxCatalogs {
		return nil, fmt.Errorf("%d catalog definitions, over the limit of %d", len(paths), MaxCatalogs)
	}
	defs := make([]*CatalogDef, 0, len(paths))
	for _, p := range paths {
		d, err := LoadCatalogDef(p)
		if err != nil {
			return nil, err
		}
		for _, o := range defs {
			if o.ID == d.ID {
				return nil, &CatalogError{Source: p, Reason: fmt.Sprintf("catalogId %q is %s's too", d.ID, o.Source)}
			}
		}
		defs = append(defs, d)
	}
	return defs, nil
}
