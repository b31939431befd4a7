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
	// name, and one of its allowedParents or allowedChildren lists.
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
	// Protocol is the protocol version of the surfaces that may use it
	// (ProtocolV09 or ProtocolV10), from its protocolVersion ("0.9" when
	// absent).
	Protocol string
	// Source is where the definition was read from, for messages.
	Source string
	// comps are its components by name, names their names in order.
	comps map[string]*defComponent
	names []string
	// fns are its function names in order; cat is the v0.9 catalog it
	// is to the decoder.
	fns []string
	cat *catalogV09
	// data is the definition as it was read, for a terminal attached in
	// another process to read it too (Definition).
	data []byte
}

// Definition returns the definition as it was read, which
// ParseCatalogDef reads back into the same catalog: what a hub sends a
// terminal attached in another process, whose decoder must know the same
// catalogs. The bytes must not be changed.
func (c *CatalogDef) Definition() []byte { return c.data }

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
	def := &CatalogDef{Source: source, comps: map[string]*defComponent{}, data: data}
	idv, ok := doc.member("catalogId")
	if !ok || idv.kind != jString || idv.str() == "" {
		return nil, "catalogId is required, a non-empty string"
	}
	def.ID = idv.str()
	if def.ID != SanitizeLine(def.ID) || len(def.ID) > maxCatalogIDBytes {
		return nil, "catalogId must be one line of printable text, at most 512 bytes"
	}
	if (*Options)(nil).catalog(def.ID, false) != nil || (*Options)(nil).catalog(def.ID, true) != nil || def.ID == StandardCatalogID || def.ID == MinimalCatalogID {
		return nil, fmt.Sprintf("catalogId %q is one of a2term's own catalogs", def.ID)
	}
	def.Protocol = ProtocolV09
	if pv, ok := doc.member("protocolVersion"); ok {
		var why string
		if def.Protocol, why = catalogProtocol(pv, data); why != "" {
			return nil, why
		}
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
		id: def.ID, fns: set, types: types, def: def, v10: def.Protocol == ProtocolV10,
		buttonVariants: basicCatalogV09.buttonVariants, themeKeys: basicCatalogV09.themeKeys,
	}
	for _, n := range def.names {
		if dc := def.comps[n]; dc.parents != nil {
			def.cat.parents = mapSet(def.cat.parents, n, dc.parents)
		}
		if dc := def.comps[n]; dc.children != nil {
			def.cat.children = mapSet(def.cat.children, n, dc.children)
		}
	}
	return def, ""
}

// mapSet sets m[k] to v, making m when it is nil.
func mapSet(m map[string][]string, k string, v []string) map[string][]string {
	if m == nil {
		m = map[string][]string{}
	}
	m[k] = v
	return m
}

// catalogProtocol reads a definition's protocolVersion: 0.9 (and its
// patch versions) for v0.9 surfaces, 1.0 for v1.0 ones.
func catalogProtocol(pv jval, data []byte) (string, string) {
	if pv.kind == jString {
		v := pv.str()
		for _, p := range []struct{ prefix, protocol string }{{"0.9", ProtocolV09}, {"1.0", ProtocolV10}} {
			rest, ok := strings.CutPrefix(v, p.prefix)
			if ok && (rest == "" || strings.ContainsAny(rest[:1], ".-+")) {
				return p.protocol, ""
			}
		}
	}
	return "", fmt.Sprintf("protocolVersion %s is not one a2term reads: it reads catalogs of \"0.9\" (the default) and \"1.0\"", SanitizeLine(clip(string(data[pv.start:pv.end]))))
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
		if why == "" {
			why = c.readComposition(comp, x)
		}
		if why == "" && basicTypesV09[name] {
			why = comp.asBasic(c.Protocol == ProtocolV10)
		}
		if why != "" {
			return fmt.Sprintf("component %s: %s", name, why)
		}
		c.comps[name] = comp
		c.names = append(c.names, name)
	}
	return ""
}

// readComposition reads the allowedParents and allowedChildren of the
// component comp, whose schema is x: v1.0's rules, which a v0.9
// definition may not have.
func (c *CatalogDef) readComposition(comp *defComponent, x jval) string {
	for _, k := range []string{"allowedParents", "allowedChildren"} {
		v, ok := x.member(k)
		if !ok {
			continue
		}
		if c.Protocol != ProtocolV10 {
			return k + ` is a rule of v1.0 catalogs, and the definition's protocolVersion is 0.9 (the default): give it "protocolVersion": "1.0"`
		}
		if !idList(v) {
			return k + " must be a list of component names"
		}
		if v.len() > MaxCatalogComponents {
			return fmt.Sprintf("%s names %d components, over the limit of %d", k, v.len(), MaxCatalogComponents)
		}
		names := []string{}
		for n := v.first(); n.ok(); n = n.next() {
			name := n.str()
			if why := catalogName(name, "component"); why != "" {
				return k + ": " + why
			}
			if slices.Contains(names, name) {
				return fmt.Sprintf("%s names %q twice", k, name)
			}
			names = append(names, name)
		}
		if k == "allowedParents" {
			comp.parents = names
		} else {
			comp.children = names
		}
	}
	return ""
}

// asBasic says why the component, named like one of the basic catalog's,
// cannot be drawn as that one ("" when it can): a2term draws it with the
// basic component's widget and reads it by the basic component's rules,
// so the definition may name only properties the basic component has.
// Anything else would be a different component under a known name, which
// a2term would draw wrongly: such a component must have a name of its
// own to be drawn generically.
func (comp *defComponent) asBasic(v10 bool) string {
	spec := specs09.find(comp.name)
	rows := spec.rows09
	if v10 {
		rows = spec.rows10
	}
	for _, p := range comp.props {
		if p.kind == propChecks && spec.checks != nil {
			continue
		}
		if !slices.ContainsFunc(rows, func(r versionRow) bool { return r.name == p.name }) {
			return fmt.Sprintf("named like the basic catalog's %s, which a2term draws as its own, but the basic %s has no property %q: give the component a name of its own to have it drawn generically", comp.name, comp.name, p.name)
		}
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
		f := knownFunction(name, c.Protocol == ProtocolV10)
		if c.Protocol == ProtocolV10 {
			callers, why := functionCallers(x)
			if why != "" {
				return nil, fmt.Sprintf("function %s: %s", name, why)
			}
			if f != nil {
				g := *f // the definition says who may call it
				g.allowed = callers
				f = &g
			}
		}
		if f != nil {
			specs = append(specs, f)
		}
	}
	return specs, ""
}

// functionCallers reads who may call a v1.0 definition's function, x:
// its allowedCallers, rendererOnly by default, and only that for a
// function that needs the person's own press (requiresUserActivation).
func functionCallers(x jval) (string, string) {
	callers := CallersRendererOnly
	if v, ok := x.member("allowedCallers"); ok {
		callers = v.str()
		if v.kind != jString || !slices.Contains([]string{CallersRendererOnly, CallersAgentOnly, CallersRendererOrAgent}, callers) {
			return "", "allowedCallers must be rendererOnly, agentOnly or rendererOrAgent"
		}
	}
	if v, ok := x.member("requiresUserActivation"); ok {
		if v.kind != jBool {
			return "", "requiresUserActivation must be true or false"
		}
		if v.number() != 0 && callers != CallersRendererOnly {
			return "", "a function that requiresUserActivation is rendererOnly: an agent cannot press for the person"
		}
	}
	if v, ok := x.member("returnType"); ok && (v.kind != jString || !slices.Contains(returnTypesV10, v.str())) {
		return "", "returnType must be one of " + strings.Join(returnTypesV10, ", ")
	}
	return callers, ""
}

// returnTypesV10 are the return types a v1.0 function may declare.
var returnTypesV10 = []string{"string", "number", "boolean", "array", "object", "validationResult", "any", "void"}

// maxCatalogIDBytes bounds a catalogId, which names the catalog in every
// message about it.
const maxCatalogIDBytes = 512

// knownFunction returns the function a2term evaluates by the name, as
// v1.0 (v10) or v0.9 declares it.
func knownFunction(name string, v10 bool) *funcSpec {
	if v10 {
		return basicFunctionsV10.get(name)
	}
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

// redefined returns the component typ of the catalog's definition that
// a2term draws as the basic catalog's (see asBasic), nil when there is
// none: its definition may require more than the basic one.
func (c *catalogV09) redefined(typ string) *defComponent {
	if c.def == nil || !basicTypesV09[typ] {
		return nil
	}
	return c.def.comps[typ]
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
