package a2ui

import (
	"sort"
	"strings"
)

// The v0.9 decoder reads the four v0.9 messages into the same Message,
// Component and Props types as v0.8's, so that the canvas, the resolver
// and the views need to know nothing of the version.
//
// What it refuses follows the specification's schemas (server_to_client,
// common_types and the catalog: no property the catalog does not name,
// every enum, every required property) and its conformance cases; what it
// accepts is then evaluated as the official renderers do. In lenient mode
// unknown properties are warnings, an unknown catalog reads as the basic
// one, and literals of the wrong type are converted when evaluated.

// v09Kinds are the v0.9 message kinds.
var v09Kinds = []string{"createSurface", "updateComponents", "updateDataModel", "deleteSurface"}

// messageV09 decodes a message that named a v0.9 version.
func (d *decoder) messageV09(env jval, version string) Message {
	var found, other []string
	for x := env.first(); x.ok(); x = x.next() {
		switch k := x.key(); {
		case k == "version":
		case containsString(v09Kinds, k):
			found = append(found, k)
		default:
			other = append(other, SanitizeLine(k))
		}
	}
	sort.Strings(found)
	sort.Strings(other)
	switch {
	case len(found) == 0 && len(other) > 0:
		// The client error names the surface when the message does
		// (a v0.8 kind sent as v0.9 still says which surface it meant).
		for v := env.first(); v.ok(); v = v.next() {
			if !v.keyIs("version") && v.kind == jObject {
				if sid, ok := v.member("surfaceId"); ok && sid.kind == jString {
					d.surfaceID = SanitizeLine(clip(sid.str()))
					break
				}
			}
		}
		d.failf(CodeBadMessage, "", "unknown message kind %q: A2UI v0.9 has createSurface, updateComponents, updateDataModel and deleteSurface", strings.Join(other, ", "))
		return Message{}
	case len(found) == 0:
		d.failf(CodeBadMessage, "", "empty message: expected one of createSurface, updateComponents, updateDataModel, deleteSurface beside version")
		return Message{}
	case len(found) > 1:
		d.failf(CodeBadMessage, "", "a message holds exactly one kind, this one has %s", strings.Join(found, " and "))
		return Message{}
	case len(other) > 0:
		d.failf(CodeBadMessage, "/"+other[0], "unexpected key %q beside %s", other[0], found[0])
		return Message{}
	}
	kind := found[0]
	d.kind = kind
	bv, _ := env.member(kind)
	body := d.object(bv, "/"+kind, kind)
	if d.err != nil {
		return Message{}
	}
	p := "/" + kind
	d.surfaceID = d.surfaceIDOf(body, p)
	m := Message{Version: version}
	switch kind {
	case "createSurface":
		m.CreateSurface = d.createSurface(body, p)
	case "updateComponents":
		m.UpdateComponents = d.updateComponents(body, p)
	case "updateDataModel":
		m.UpdateDataModel = d.updateDataModel(body, p)
	case "deleteSurface":
		d.strictKeys(body, p, "surfaceId")
		m.DeleteSurface = &DeleteSurface{SurfaceID: d.surfaceID}
	}
	if d.err != nil {
		return Message{}
	}
	return m
}

// strictKeys refuses the keys of m that are not known (v0.9 schemas allow
// no others); in lenient mode they are warnings.
func (d *decoder) strictKeys(m jval, path string, known ...string) {
	if d.err != nil {
		return
	}
	var unknown []string
	for x := m.first(); x.ok(); x = x.next() {
		if !x.keyIn(known) {
			unknown = append(unknown, x.key())
		}
	}
	if len(unknown) == 0 {
		return
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		k = SanitizeLine(k)
		if !d.opts.Lenient {
			d.failf(CodeUnknownProperty, d.pk(path, k), "unknown property %q: v0.9 allows only %s", k, strings.Join(known, ", "))
			return
		}
		d.warnf(CodeUnknownProperty, d.pk(path, k), "unknown property %q ignored", k)
	}
}

func (d *decoder) createSurface(body jval, p string) *CreateSurface {
	d.strictKeys(body, p, "surfaceId", "catalogId", "theme", "sendDataModel")
	cs := &CreateSurface{SurfaceID: d.surfaceID}
	raw, ok := body.member("catalogId")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "catalogId"), "catalogId is required: a2term draws %s", strings.Join(d.opts.catalogIDs(false), " and "))
		return nil
	}
	cs.CatalogID = d.plainString(raw, d.p(p, "catalogId"), "catalogId", false)
	if d.err != nil {
		return nil
	}
	cs.catalog = d.opts.catalog(cs.CatalogID, false)
	if cs.catalog == nil {
		if !d.opts.Lenient {
			d.failf(CodeUnknownCatalog, d.p(p, "catalogId"), "%s", d.opts.noCatalog(cs.CatalogID, false))
			return nil
		}
		d.warnf(CodeUnknownCatalog, d.p(p, "catalogId"), "catalog %q is not known: drawing with the basic catalog", cs.CatalogID)
		cs.catalog = basicCatalogV09
	}
	if raw, ok := body.member("sendDataModel"); ok {
		cs.SendDataModel = d.boolean(raw, d.p(p, "sendDataModel"), "sendDataModel")
	}
	if raw, ok := body.member("theme"); ok {
		cs.Theme = d.theme(raw, d.p(p, "theme"), cs.catalog)
	}
	if d.err != nil {
		return nil
	}
	return cs
}

// theme reads a catalog's theme. The catalogs allow properties beyond
// their own, which are warnings.
func (d *decoder) theme(raw jval, p string, cat *catalogV09) Theme {
	var t Theme
	m := d.object(raw, p, "theme")
	if d.err != nil {
		return t
	}
	for x := m.first(); x.ok(); x = x.next() {
		k := x.key()
		kp := d.pk(p, k)
		if !containsString(cat.themeKeys, k) {
			d.warnf(CodeUnknownStyle, kp, "theme property %q is not in the catalog and is ignored", SanitizeLine(k))
			continue
		}
		v := d.plainString(x, kp, k, false)
		if d.err != nil {
			return t
		}
		switch k {
		case "primaryColor":
			if !isHexColor(v) {
				d.failf(CodeBadValue, kp, "primaryColor %q is not a #rrggbb colour", v)
				return t
			}
			t.PrimaryColor = strings.ToLower(v)
		case "iconUrl":
			if !isAbsoluteURI(v) {
				d.failf(CodeBadValue, kp, "iconUrl %q is not an absolute URI", clip(v))
				return t
			}
			t.IconURL = v
		case "agentDisplayName":
			t.AgentDisplayName = v
		}
	}
	return t
}

func (d *decoder) updateComponents(body jval, p string) *UpdateComponents {
	d.strictKeys(body, p, "surfaceId", "components")
	var cat *catalogV09
	if d.catalogOf != nil {
		cat = d.catalogOf(d.surfaceID)
	}
	if cat != nil && cat.v10 != d.v10 {
		cat = nil // a surface of the other version: Apply refuses the message
	}
	switch {
	case cat == nil && d.v10:
		cat = basicCatalogV10
	case cat == nil:
		cat = basicCatalogV09
	}
	return d.componentList(body, p, cat)
}

// componentList reads the components of body, an updateComponents or a
// v1.0 createSurface, against cat.
func (d *decoder) componentList(body jval, p string, cat *catalogV09) *UpdateComponents {
	uc := &UpdateComponents{SurfaceID: d.surfaceID, catalog: cat, raw: d.src}
	raw, ok := body.member("components")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "components"), "components is required")
		return nil
	}
	items := d.array(raw, d.p(p, "components"), "components")
	if d.err != nil {
		return nil
	}
	if items.len() == 0 {
		d.failf(CodeBadValue, d.p(p, "components"), "components must not be empty")
		return nil
	}
	if items.len() > MaxComponents {
		d.failf(CodeTooManyComponents, d.p(p, "components"), "%d components in one message, the limit is %d per surface", items.len(), MaxComponents)
		return nil
	}
	uc.Components = make([]*Component, 0, items.len())
	seen := make(map[string]int, items.len()) // the place of each id in the list
	dp := &dynParser{opts: &d.opts, fns: cat.fns, v10: d.v10, lenient: d.opts.Lenient, paths: d.paths, cleaned: func(v jval, orig, s string) { d.cleanAt(v, orig, s) }, left: &d.left, bud: &d.bud, pats: d.patterns()}
	for i, item := 0, items.first(); item.ok(); i, item = i+1, item.next() {
		ip := d.pi(d.p(p, "components"), i)
		d.left = items.len() - i
		c := d.comps.Take(d.left)
		d.componentV09(c, item, ip, cat, dp)
		c.pos = int32(i)
		d.compID = ""
		if d.err != nil {
			return nil
		}
		if j, dup := seen[c.ID]; dup {
			d.warnf(CodeDuplicateID, d.p(ip, "id"), "component %q is defined twice in this message; the last definition wins", c.ID)
			uc.Components[j] = c
			continue
		}
		seen[c.ID] = len(uc.Components)
		uc.Components = append(uc.Components, c)
	}
	return uc
}

func (d *decoder) updateDataModel(body jval, p string) *UpdateDataModel {
	d.strictKeys(body, p, "surfaceId", "path", "value")
	u := &UpdateDataModel{SurfaceID: d.surfaceID, parsed: true}
	if raw, ok := body.member("path"); ok {
		u.Path = d.plainString(raw, d.p(p, "path"), "path", false)
		u.segs = parseDynPath(u.Path).segs
	}
	if raw, ok := body.member("value"); ok {
		u.Value, u.HasValue = d.cleanPlain(raw, d.p(p, "value")), true
	}
	if d.err != nil {
		return nil
	}
	return u
}

// componentV09 reads one flat v0.9 component into c, which is zero: id,
// component (the type), the common properties and the type's own. (Its
// fields are set in place: a component built aside and copied in would
// pass each of its fields through the collector's write barrier again.)
func (d *decoder) componentV09(c *Component, raw jval, p string, cat *catalogV09, dp *dynParser) {
	item := d.object(raw, p, "a component")
	if d.err != nil {
		return
	}
	pd := &propDecoder{d: d, props: item, base: p, dp: dp, cat: cat}
	idRaw, ok := pd.lookup("id")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "id"), "a component needs an id")
		return
	}
	c.ID = d.plainString(idRaw, d.p(p, "id"), "id", false)
	if d.err == nil && c.ID == "" {
		d.failf(CodeBadValue, d.p(p, "id"), "a component id must not be empty")
	}
	d.compID = c.ID
	typRaw, ok := pd.lookup("component")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "component"), "a component needs a component property naming its type")
		return
	}
	typ := d.plainString(typRaw, d.p(p, "component"), "component (a type name)", false)
	if d.err != nil {
		return
	}
	if w, ok := pd.get("weight", false); ok {
		f := d.num(w, d.p(p, "weight"), "weight")
		if d.err == nil && f < 0 {
			d.failf(CodeBadValue, d.p(p, "weight"), "weight must be at least 0")
		}
		c.Weight = f
	}
	if a, ok := pd.get("accessibility", false); ok {
		c.a11y = pd.accessibility(a)
	}
	if d.v10 {
		if cat = pd.componentV10(c, cat, p, typ); cat == nil || d.err != nil {
			return
		}
		pd.cat = cat
	}
	if dc := cat.defined(typ); dc != nil {
		c.Props = pd.generic(dc, cat.id)
	} else if !cat.has(typ) && typ != "" {
		if d.opts.Lenient {
			c.Props = pd.unknownType(typ)
		} else {
			d.failf(CodeUnknownComponent, d.p(p, "component"), "unknown component type %q: the catalog has %s", typ, strings.Join(cat.typeList(), ", "))
		}
	} else if dc := cat.redefined(typ); dc == nil || pd.hasRequired(dc, cat.id) {
		c.Props = pd.decodeV09(typ)
	}
	if d.err != nil {
		return
	}
	var unknown []string
	for i, x := 0, item.first(); x.ok(); i, x = i+1, x.next() {
		if !pd.wasUsed(i) {
			unknown = append(unknown, x.key())
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		k = SanitizeLine(k)
		if !d.opts.Lenient {
			d.failf(CodeUnknownProperty, d.pk(p, k), "%s has no property %q", typ, k)
			return
		}
		d.warnf(CodeUnknownProperty, d.pk(p, k), "%s has no property %q; it is ignored", typ, k)
	}
	c.raw = d.cleanJSON(raw)
}

// failWith records a refusal the dynamic-value parser made.
func (d *decoder) failWith(e *Error) {
	if d.err != nil || e == nil {
		return
	}
	e.SurfaceID, e.ComponentID = d.surfaceID, d.compID
	d.err = e
}

// dynamic reads a v0.9 dynamic value of type want.
func (pd *propDecoder) dynamic(raw jval, at string, want dynType) *dynamic {
	if pd.d.err != nil {
		return nil
	}
	v, err := pd.dp.value(raw, want, at)
	if err != nil {
		pd.d.failWith(err)
		return nil
	}
	return v
}

// dynString reads a DynamicString property.
func (pd *propDecoder) dynString(name string, required, multiline bool) Bound[string] {
	var b Bound[string]
	pd.readDynString(&b, name, required, multiline)
	return b
}

// readDynString is dynString reading into b, which is zero: a property of
// a component in its block is set field by field, not copied in whole
// (see componentV09).
func (pd *propDecoder) readDynString(b *Bound[string], name string, required, multiline bool) {
	raw, ok := pd.get(name, required)
	if !ok || pd.d.err != nil {
		return
	}
	if raw.kind == jString {
		// A literal, the most common value, is read without being made a
		// dynamic value first. (Nothing else is read as a string literal:
		// a lenient canvas keeps a number or a boolean as a dynamic value,
		// converted when shown.)
		orig := raw.str()
		s, err := pd.dp.cleanStr(raw, orig, typeString, pd.dp.root(pd.d.pk(pd.base, name)))
		if err != nil {
			pd.d.failWith(err)
			return
		}
		if !multiline && !raw.printable() {
			s = pd.d.cleanAt(raw, orig, SanitizeLine(s))
		}
		b.Literal, b.HasLiteral = s, true
		return
	}
	b.dyn = pd.dynamic(raw, pd.d.pk(pd.base, name), typeString)
}

func (pd *propDecoder) dynNumber(name string, required bool) Bound[float64] {
	var b Bound[float64]
	raw, ok := pd.get(name, required)
	if !ok {
		return b
	}
	v := pd.dynamic(raw, pd.d.pk(pd.base, name), typeNumber)
	if v == nil {
		return b
	}
	if f, isNum := v.lit.(float64); v.kind == dynLiteral && isNum {
		b.Literal, b.HasLiteral = f, true
		return b
	}
	b.dyn = v
	return b
}

func (pd *propDecoder) dynBool(name string, required bool) Bound[bool] {
	var b Bound[bool]
	raw, ok := pd.get(name, required)
	if !ok {
		return b
	}
	v := pd.dynamic(raw, pd.d.pk(pd.base, name), typeBool)
	if v == nil {
		return b
	}
	if x, isBool := v.lit.(bool); v.kind == dynLiteral && isBool {
		b.Literal, b.HasLiteral = x, true
		return b
	}
	b.dyn = v
	return b
}

func (pd *propDecoder) dynStringList(name string, required bool) Bound[[]string] {
	var b Bound[[]string]
	raw, ok := pd.get(name, required)
	if !ok {
		return b
	}
	v := pd.dynamic(raw, pd.d.pk(pd.base, name), typeStringList)
	if v == nil {
		return b
	}
	if l, isList := v.lit.([]any); v.kind == dynLiteral && isList && isStringList(l) {
		b.Literal, b.HasLiteral = make([]string, len(l)), true
		for i, x := range l {
			b.Literal[i] = SanitizeLine(x.(string))
		}
		return b
	}
	b.dyn = v
	return b
}

// checks reads a Checkable component's checks.
func (pd *propDecoder) checks() []checkRule {
	raw, ok := pd.get("checks", false)
	if !ok || pd.d.err != nil {
		return nil
	}
	rules, err := pd.dp.checks(raw, pd.d.p(pd.base, "checks"))
	if err != nil {
		pd.d.failWith(err)
		return nil
	}
	return rules
}

func (pd *propDecoder) accessibility(raw jval) *a11ySpec {
	p := pd.d.p(pd.base, "accessibility")
	m := pd.d.object(raw, p, "accessibility")
	if pd.d.err != nil {
		return nil
	}
	sub := &propDecoder{d: pd.d, props: m, base: p, dp: pd.dp}
	if pd.d.v10 {
		pd.d.strictKeys(m, p, "label", "description", "live", "hidden")
	} else {
		pd.d.strictKeys(m, p, "label", "description")
	}
	a := &a11ySpec{label: sub.dynString("label", false, false), description: sub.dynString("description", false, false)}
	if pd.d.v10 {
		a.live = sub.enum("live", "off", "polite", "assertive")
		a.hidden = sub.dynBool("hidden", false)
		if a.live == "off" {
			a.live = ""
		}
	}
	if !a.label.HasLiteral && a.label.dyn == nil && !a.description.HasLiteral && a.description.dyn == nil && a.live == "" && !a.hidden.HasLiteral && a.hidden.dyn == nil {
		return nil
	}
	return a
}

// decodeV09 reads a v0.9 component of type typ, one of its catalog's,
// through componentTable.
func (pd *propDecoder) decodeV09(typ string) Props {
	if s := specs09.find(typ); s != nil {
		return pd.readComponent(s)
	}
	pd.d.failf(CodeUnknownComponent, pd.d.p(pd.base, "component"), "unknown component type %q: the catalog has %s", SanitizeLine(typ), strings.Join(pd.cat.typeList(), ", "))
	return nil
}

// justifiesV09 are v0.9's justify values: v0.8's distributions and
// "stretch".
var justifiesV09 = []string{"center", "end", "spaceAround", "spaceBetween", "spaceEvenly", "start", "stretch"}

// dateBound reads a DateTimeInput's min or max: a DynamicString that, when
// written out, is an ISO 8601 date, time or date-time.
func (pd *propDecoder) dateBound(name string) Bound[string] {
	b := pd.str(name, false, false)
	if b.HasLiteral && pd.d.err == nil && !validDateTime(b.Literal, true, false) && !validDateTime(b.Literal, false, true) {
		pd.d.failf(CodeBadValue, pd.d.p(pd.base, name), "%s %q is not an ISO 8601 date, time or date-time", name, clip(b.Literal))
	}
	return b
}

// mediaV09 checks a written-out media URL. v0.9 images and videos are
// addressed by URL (the official examples name remote pictures), so one
// that is not a data: URL of an allowed type is accepted with a warning
// and drawn as a placeholder naming its host: it is never fetched.
func (pd *propDecoder) mediaV09(name string, b Bound[string], allowed []string) {
	if pd.d.err != nil || !b.HasLiteral || b.Literal == "" || pd.fetched(b.Literal, allowed) {
		return
	}
	if ok, why := checkMediaURL(b.Literal, allowed); !ok {
		pd.d.warnf(CodeRemoteMedia, pd.d.pk(pd.base, name), "%s; shown as a placeholder", why)
	}
}

// regexpV09 compiles a v0.9 validationRegexp as a whole-value match, with
// JavaScript's \uXXXX escapes; one RE2 cannot compile is refused (a
// warning in lenient mode), as regex patterns are.
func (pd *propDecoder) regexpV09(src, at string) *pattern {
	c := pd.d.validation(jsToRE2(src))
	if c.err == nil {
		return c.re
	}
	err := c.err
	if b := asBound(err); b == errWorkSpent {
		pd.d.failf(CodeEvalLimit, at, "compiling the message's patterns: %s", b)
		return nil
	} else if b != nil {
		if pd.d.opts.Lenient {
			pd.d.warnf(CodeRegexTooLarge, at, "validationRegexp %q is not checked: %s", clip(src), b)
			return nil
		}
		pd.d.failf(CodeRegexTooLarge, at, "validationRegexp %q refused: %s", clip(src), b)
		return nil
	}
	if pd.d.opts.Lenient {
		pd.d.warnf(CodeBadRegexp, at, "validationRegexp does not compile as RE2 and is not checked: %s", shortRegexpError(err))
		return nil
	}
	pd.d.failf(CodeBadValue, at, "validationRegexp does not compile as RE2: %s", shortRegexpError(err))
	return nil
}

// iconV09 reads an Icon's name into p: one of the catalog's 59 names, a
// data binding, or {"svgPath": …}.
func (pd *propDecoder) iconV09(p *Icon, name string) {
	raw, ok := pd.get(name, true)
	if !ok {
		return
	}
	at := pd.d.p(pd.base, name)
	if raw.kind == jObject {
		if sv, ok := raw.member("svgPath"); ok {
			pd.d.strictKeys(raw, at, "svgPath")
			s := pd.d.plainString(sv, pd.d.p(at, "svgPath"), "svgPath", false)
			if pd.d.err == nil && !isSVGPathData(s) {
				pd.d.failf(CodeBadValue, pd.d.p(at, "svgPath"), "svgPath must be SVG path data (commands and numbers only)")
			}
			p.SVGPath = s
			return
		}
		if _, ok := raw.member("path"); !ok {
			pd.d.failf(CodeBadValue, at, "an icon name is one of the catalog's names, a data binding {\"path\"} or {\"svgPath\"}")
			return
		}
		v := pd.dynamic(raw, at, typeString)
		p.Name.dyn = v
		return
	}
	lit := pd.d.plainString(raw, at, name, false)
	if pd.d.err != nil || IsIconNameV09(lit) {
		p.Name.Literal, p.Name.HasLiteral = lit, true
		return
	}
	std, ok := StandardIconName(lit)
	if !ok {
		std, ok = iconNameV09(lit)
	}
	switch {
	case ok && pd.d.opts.Lenient:
		pd.d.warnf(CodeLenient, at, "icon %q read as %q", lit, std)
		lit = std
	case ok:
		pd.d.failf(CodeBadValue, at, "icon %q is not one of the catalog's %d icon names: the catalog spells it %q (read so with --lenient)", lit, len(iconNamesV09), std)
	case pd.d.opts.Lenient:
		pd.d.warnf(CodeLenient, at, "icon %q is not one of the catalog's icon names; drawn as a placeholder glyph", lit)
	default:
		pd.d.failf(CodeBadValue, at, "icon %q is not one of the catalog's %d icon names", lit, len(iconNamesV09))
	}
	p.Name.Literal, p.Name.HasLiteral = lit, true
}

// isSVGPathData reports whether s holds only what SVG path data is made
// of: command letters, numbers, signs, separators.
func isSVGPathData(s string) bool {
	for i := range len(s) {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c == '.', c == '-', c == '+', c == ',', c == ' ', c == '\t', c == '\n', c == '\r':
		case strings.IndexByte("MmLlHhVvCcSsQqTtAaZzEe", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// childList reads a v0.9 ChildList: an array of ids, or a template
// {componentId, path}.
func (pd *propDecoder) childList(name string) Children {
	c := Children{v09: true}
	raw, ok := pd.get(name, true)
	if !ok {
		return c
	}
	p := pd.d.p(pd.base, name)
	switch raw.kind {
	case jArray:
		c.ExplicitList = pd.d.stringList(raw, p, "children (an array of component ids)")
		return c
	case jObject:
		pd.d.strictKeys(raw, p, "componentId", "path")
		var tpl Template
		for _, k := range []string{"componentId", "path"} {
			v, ok := raw.member(k)
			if !ok {
				pd.d.failf(CodeMissingProperty, pd.d.pk(p, k), "a children template needs %s", k)
				return c
			}
			s := pd.d.plainString(v, pd.d.pk(p, k), k, false)
			if k == "componentId" {
				tpl.ComponentID = s
			} else {
				tpl.DataBinding = s
				dp := parseDynPath(s)
				tpl.path = &dp
			}
		}
		if pd.d.err == nil && tpl.ComponentID == "" {
			pd.d.failf(CodeBadValue, pd.d.p(p, "componentId"), "componentId must name a component")
		}
		c.Template = &tpl
		return c
	default:
		// Neither an array nor a template: refused below.
	}
	pd.d.failf(CodeBadValue, p, "children must be an array of component ids or a template {componentId, path}, not %s", raw.kind)
	return c
}

// actionV09 reads a Button's action: {"event": {name, context}} or
// {"functionCall": FunctionCall}.
func (pd *propDecoder) actionV09(name string) Action {
	a := Action{v9: pd.d.actions.Take(pd.d.left)}
	raw, ok := pd.get(name, true)
	if !ok {
		return a
	}
	d := pd.d
	p := d.p(pd.base, name)
	m := d.object(raw, p, name)
	if d.err != nil {
		return a
	}
	ev, isEvent := m.member("event")
	fc, isCall := m.member("functionCall")
	if isEvent == isCall {
		d.failf(CodeBadValue, p, "an action holds exactly one of event and functionCall")
		return a
	}
	a.v9.raw = d.cleanJSONString(raw)
	if isCall {
		d.strictKeys(m, p, "functionCall")
		at := d.p(p, "functionCall")
		if _, ok := fc.member("call"); fc.kind != jObject || !ok {
			d.failf(CodeBadValue, at, "functionCall must be a function call {\"call\", \"args\"}")
			return a
		}
		// A v1.0 button may call a function of the agent's (one no
		// catalog of the surface has): its press sends callAgentFunction.
		pd.dp.agentOK = d.v10
		a.v9.call = pd.dynamic(fc, at, typeAny)
		pd.dp.agentOK = false
		return a
	}
	d.strictKeys(m, p, "event")
	at := d.p(p, "event")
	e := d.object(ev, at, "event")
	if d.err != nil {
		return a
	}
	if d.v10 {
		d.strictKeys(e, at, "name", "context", "userMessage")
		if um, ok := e.member("userMessage"); ok {
			a.v9.userMessage = pd.dynamic(um, d.p(at, "userMessage"), typeString)
		}
	} else {
		d.strictKeys(e, at, "name", "context")
	}
	n, ok := e.member("name")
	if !ok {
		d.failf(CodeMissingProperty, d.p(at, "name"), "an event needs a name")
		return a
	}
	a.Name = d.plainString(n, d.p(at, "name"), "event name", false)
	if d.err == nil && a.Name == "" {
		d.failf(CodeBadValue, d.p(at, "name"), "an event name must not be empty")
	}
	ctxRaw, ok := e.member("context")
	if !ok || d.err != nil {
		return a
	}
	cp := d.p(at, "context")
	ctx := d.object(ctxRaw, cp, "an event context (an object of values)")
	if d.err != nil {
		return a
	}
	want := typeValue
	if d.opts.Lenient {
		want = typeAny
	}
	a.v9.ctx = d.ctxs.Take(ctx.len(), d.left*2)[:0]
	for x := ctx.first(); x.ok(); x = x.next() {
		k := x.key()
		v := pd.dynamic(x, d.pk(cp, k), want)
		if v == nil {
			return a
		}
		key := SanitizeLine(k)
		replaced := false
		for j := range a.v9.ctx {
			if a.v9.ctx[j].key == key { // a repeated key: the last one wins
				a.v9.ctx[j].val, replaced = v, true
			}
		}
		if !replaced {
			a.v9.ctx = append(a.v9.ctx, dynEntry{key: key, val: v})
		}
	}
	return a
}

// unknownType keeps a v0.9 or v1.0 component of a type outside the catalog
// it is looked up in (lenient mode), drawn as a placeholder holding the
// children its slots name (found by name, see catalogdef_slots.go).
func (pd *propDecoder) unknownType(typ string) Props {
	d := pd.d
	typ = SanitizeLine(typ)
	d.warnf(CodeLenient, d.p(pd.base, "component"), "component type %q is not in the catalog: drawn as a placeholder", typ)
	p := &Custom{TypeName: typ, slots: pd.slotsByName(typ)}
	for i := range pd.props.len() {
		pd.markUsed(i)
	}
	return p
}
