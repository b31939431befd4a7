package a2ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Options change how messages are read.
type Options struct {
	// Lenient accepts the non-conformant shapes that third-party and older
	// streams carry: a missing surfaceId means surface "default", contents
	// given as an object, the legacy "literal" spelling, remote media shown
	// as a placeholder (never fetched), and a missing root or child of a
	// shown surface drawn as a placeholder. A message that is not one of
	// the four kinds is refused even then.
	Lenient bool
}

// DefaultSurfaceID is the surface a lenient message without surfaceId is
// about.
const DefaultSurfaceID = "default"

// SplitStream cuts the bytes of a stream file into its messages. It accepts
// a JSON array of messages, one message per line (JSONL), or a single
// object (pretty-printed objects one after another also work). A JSONL line
// that is not JSON is kept as it is, so that it is refused on its own as
// bad_message and the lines around it still count; only an array that is
// not JSON cannot be cut and is an error.
func SplitStream(data []byte) ([][]byte, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, nil
	}
	if trimmed[0] == '[' {
		var arr []json.RawMessage
		if err := json.Unmarshal(trimmed, &arr); err != nil {
			return nil, jsonError(data, err)
		}
		out := make([][]byte, len(arr))
		for i, m := range arr {
			out[i] = m
		}
		return out, nil
	}
	// A stream of values: JSONL, or objects spread over several lines.
	var out [][]byte
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	for {
		var m json.RawMessage
		err := dec.Decode(&m)
		if err == nil {
			out = append(out, m)
			continue
		}
		if err.Error() == "EOF" {
			return out, nil
		}
		break
	}
	// Not a clean stream of values: fall back to one message per line so
	// that one broken line costs only itself.
	out = out[:0]
	for _, line := range bytes.Split(trimmed, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) > 0 {
			out = append(out, line)
		}
	}
	return out, nil
}

func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if e, ok := err.(*json.SyntaxError); ok {
		se = e
	}
	if se == nil {
		return fmt.Errorf("not a JSON array of messages: %v", err)
	}
	line, col := 1, 1
	for _, c := range data[:min(int(se.Offset), len(data))] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return fmt.Errorf("invalid JSON at line %d, column %d: %v", line, col, se)
}

// DecodeMessage reads one server-to-client message, checks every property
// against the standard catalog, and sanitizes every string in it. It does
// not look at other messages or at the canvas: references, cycles and
// limits are Canvas.Apply's work. A refusal is returned as *Error with
// Index 0; callers that know the message's position set it.
func DecodeMessage(raw []byte, opts Options) (Message, []Warning, error) {
	d := &decoder{opts: opts}
	m := d.message(raw)
	if d.err != nil {
		return Message{}, nil, d.err
	}
	return m, d.warns, nil
}

// decoder carries the state of decoding one message: the first refusal
// (after which every step is a no-op) and the warnings so far.
type decoder struct {
	opts      Options
	err       *Error
	warns     []Warning
	surfaceID string
	compID    string
}

func (d *decoder) fail(code Code, path, format string, args ...any) {
	if d.err != nil {
		return
	}
	d.err = &Error{Code: code, Message: fmt.Sprintf(format, args...), SurfaceID: d.surfaceID, ComponentID: d.compID, Path: path}
}

func (d *decoder) warn(code Code, path, format string, args ...any) {
	d.warns = append(d.warns, Warning{Code: code, Message: fmt.Sprintf(format, args...), SurfaceID: d.surfaceID, ComponentID: d.compID, Path: path})
}

// object decodes raw as a JSON object of raw members.
func (d *decoder) object(raw []byte, path, what string) map[string]json.RawMessage {
	if d.err != nil {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		d.fail(CodeBadValue, path, "%s must be a JSON object", what)
		return nil
	}
	return m
}

func (d *decoder) message(raw []byte) Message {
	var env map[string]json.RawMessage
	if err := json.Unmarshal(raw, &env); err != nil {
		var probe any
		if json.Unmarshal(raw, &probe) != nil {
			d.fail(CodeBadMessage, "", "not JSON: %s", shortJSONError(err))
		} else {
			d.fail(CodeBadMessage, "", "a message must be a JSON object with one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface")
		}
		return Message{}
	}
	kinds := []string{"beginRendering", "surfaceUpdate", "dataModelUpdate", "deleteSurface"}
	var found []string
	var other []string
	for k := range env {
		if containsString(kinds, k) {
			found = append(found, k)
		} else {
			other = append(other, SanitizeLine(k))
		}
	}
	sort.Strings(found)
	sort.Strings(other)
	switch {
	case len(found) == 0 && len(other) > 0:
		d.fail(CodeBadMessage, "", "unknown message kind %q: A2UI v0.8 has beginRendering, surfaceUpdate, dataModelUpdate and deleteSurface", strings.Join(other, ", "))
		return Message{}
	case len(found) == 0:
		d.fail(CodeBadMessage, "", "empty message: expected one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface")
		return Message{}
	case len(found) > 1:
		d.fail(CodeBadMessage, "", "a message holds exactly one kind, this one has %s", strings.Join(found, " and "))
		return Message{}
	case len(other) > 0:
		d.fail(CodeBadMessage, "/"+other[0], "unexpected key %q beside %s", other[0], found[0])
		return Message{}
	}
	kind := found[0]
	body := d.object(env[kind], "/"+kind, kind)
	if d.err != nil {
		return Message{}
	}
	p := "/" + kind
	d.surfaceID = d.surfaceIDOf(body, p)
	var m Message
	switch kind {
	case "beginRendering":
		m.BeginRendering = d.beginRendering(body, p)
	case "surfaceUpdate":
		m.SurfaceUpdate = d.surfaceUpdate(body, p)
	case "dataModelUpdate":
		m.DataModelUpdate = d.dataModelUpdate(body, p)
	case "deleteSurface":
		d.unknownKeys(body, p, "surfaceId")
		m.DeleteSurface = &DeleteSurface{SurfaceID: d.surfaceID}
	}
	if d.err != nil {
		return Message{}
	}
	return m
}

func (d *decoder) surfaceIDOf(body map[string]json.RawMessage, p string) string {
	raw, ok := body["surfaceId"]
	if !ok {
		if d.opts.Lenient {
			d.warn(CodeLenient, p+"/surfaceId", "no surfaceId: using surface %q", DefaultSurfaceID)
			return DefaultSurfaceID
		}
		d.fail(CodeMissingProperty, p+"/surfaceId", "surfaceId is required")
		return ""
	}
	id := d.plainString(raw, p+"/surfaceId", "surfaceId", false)
	if d.err == nil && id == "" {
		d.fail(CodeBadValue, p+"/surfaceId", "surfaceId must not be empty")
	}
	return id
}

func (d *decoder) unknownKeys(m map[string]json.RawMessage, path string, known ...string) {
	var unknown []string
	for k := range m {
		if !containsString(known, k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		k = SanitizeLine(k)
		d.warn(CodeUnknownProperty, path+"/"+escapePointer(k), "unknown property %q ignored", k)
	}
}

// plainString decodes a JSON string, refusing over-long ones, and returns it
// sanitized.
func (d *decoder) plainString(raw []byte, path, what string, multiline bool) string {
	if d.err != nil {
		return ""
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		d.fail(CodeBadValue, path, "%s must be a string", what)
		return ""
	}
	return d.clean(s, path, multiline)
}

func (d *decoder) clean(s, path string, multiline bool) string {
	if len(s) > MaxStringBytes {
		d.fail(CodeStringTooLong, path, "string of %d bytes is over the limit of %d", len(s), MaxStringBytes)
		return ""
	}
	if multiline {
		return SanitizeText(s)
	}
	return SanitizeLine(s)
}

func (d *decoder) beginRendering(body map[string]json.RawMessage, p string) *BeginRendering {
	d.unknownKeys(body, p, "surfaceId", "root", "catalogId", "styles")
	br := &BeginRendering{SurfaceID: d.surfaceID}
	if raw, ok := body["root"]; ok {
		br.Root = d.plainString(raw, p+"/root", "root", false)
	} else if d.opts.Lenient {
		br.Root = "root"
		d.warn(CodeLenient, p+"/root", "no root: using component %q", br.Root)
	} else {
		d.fail(CodeMissingProperty, p+"/root", "root is required")
	}
	if raw, ok := body["catalogId"]; ok {
		br.CatalogID = d.plainString(raw, p+"/catalogId", "catalogId", false)
		if d.err == nil && br.CatalogID != StandardCatalogID && br.CatalogID != MinimalCatalogID {
			d.warn(CodeUnknownCatalog, p+"/catalogId", "catalog %q is not known: drawing with the standard catalog", br.CatalogID)
		}
	}
	if raw, ok := body["styles"]; ok {
		st := d.object(raw, p+"/styles", "styles")
		for _, k := range sortedKeys(st) {
			sp := p + "/styles/" + escapePointer(k)
			switch k {
			case "font":
				br.Styles.Font = d.plainString(st[k], sp, "font", false)
			case "primaryColor":
				c := d.plainString(st[k], sp, "primaryColor", false)
				if d.err == nil && !isHexColor(c) {
					d.fail(CodeBadValue, sp, "primaryColor %q is not a #rrggbb colour", c)
				}
				br.Styles.PrimaryColor = strings.ToLower(c)
			default:
				d.warn(CodeUnknownStyle, sp, "style %q is not in the standard catalog and is ignored", SanitizeLine(k))
			}
		}
	}
	return br
}

func isHexColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for i := 1; i < 7; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func (d *decoder) surfaceUpdate(body map[string]json.RawMessage, p string) *SurfaceUpdate {
	d.unknownKeys(body, p, "surfaceId", "components")
	su := &SurfaceUpdate{SurfaceID: d.surfaceID}
	raw, ok := body["components"]
	if !ok {
		d.fail(CodeMissingProperty, p+"/components", "components is required")
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || items == nil {
		d.fail(CodeBadValue, p+"/components", "components must be an array")
		return nil
	}
	if len(items) == 0 {
		d.fail(CodeBadValue, p+"/components", "components must not be empty")
		return nil
	}
	if len(items) > MaxComponents {
		d.fail(CodeTooManyComponents, p+"/components", "%d components in one message, the limit is %d per surface", len(items), MaxComponents)
		return nil
	}
	su.Components = make([]Component, 0, len(items))
	seen := make(map[string]int, len(items))
	for i, item := range items {
		ip := p + "/components/" + strconv.Itoa(i)
		c := d.component(item, ip)
		d.compID = ""
		if d.err != nil {
			return nil
		}
		if j, dup := seen[c.ID]; dup {
			d.warn(CodeDuplicateID, ip+"/id", "component %q is defined twice in this message; the last definition wins", c.ID)
			su.Components[j] = c
			continue
		}
		seen[c.ID] = len(su.Components)
		su.Components = append(su.Components, c)
	}
	return su
}

func (d *decoder) component(raw []byte, p string) Component {
	item := d.object(raw, p, "a component")
	if d.err != nil {
		return Component{}
	}
	var c Component
	idRaw, ok := item["id"]
	if !ok {
		d.fail(CodeMissingProperty, p+"/id", "a component needs an id")
		return c
	}
	c.ID = d.plainString(idRaw, p+"/id", "id", false)
	if d.err == nil && c.ID == "" {
		d.fail(CodeBadValue, p+"/id", "a component id must not be empty")
	}
	d.compID = c.ID
	d.unknownKeys(item, p, "id", "weight", "component")
	if w, ok := item["weight"]; ok {
		var f float64
		if err := json.Unmarshal(w, &f); err != nil || f < 0 || math.IsInf(f, 0) {
			d.fail(CodeBadValue, p+"/weight", "weight must be a number of at least 0")
		}
		c.Weight = f
	}
	wrapRaw, ok := item["component"]
	if !ok {
		d.fail(CodeMissingProperty, p+"/component", "a component needs a component property naming its type")
		return c
	}
	wrap := d.object(wrapRaw, p+"/component", "component")
	if d.err != nil {
		return c
	}
	if len(wrap) != 1 {
		d.fail(CodeBadValue, p+"/component", "component must hold exactly one type name, it holds %d", len(wrap))
		return c
	}
	var typ string
	for k := range wrap {
		typ = k
	}
	tp := p + "/component/" + escapePointer(typ)
	props := d.object(wrap[typ], tp, typ)
	if d.err != nil {
		return c
	}
	pd := &propDecoder{d: d, props: props, base: tp, used: map[string]bool{}}
	c.Props = pd.decode(typ)
	if d.err != nil {
		return c
	}
	var unknown []string
	for k := range props {
		if !pd.used[k] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		k = SanitizeLine(k)
		d.warn(CodeUnknownProperty, tp+"/"+escapePointer(k), "%s has no property %q; it is ignored", typ, k)
	}
	c.raw = compactJSON(raw)
	return c
}

func compactJSON(raw []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return append([]byte(nil), raw...)
	}
	return b.Bytes()
}

// propDecoder reads the properties of one component.
type propDecoder struct {
	d     *decoder
	props map[string]json.RawMessage
	base  string
	used  map[string]bool
}

func (pd *propDecoder) get(name string, required bool) ([]byte, bool) {
	pd.used[name] = true
	raw, ok := pd.props[name]
	if !ok || pd.d.err != nil {
		if !ok && required {
			pd.d.fail(CodeMissingProperty, pd.base+"/"+name, "%s is required", name)
		}
		return nil, false
	}
	if string(raw) == "null" {
		if required {
			pd.d.fail(CodeMissingProperty, pd.base+"/"+name, "%s is required", name)
		}
		return nil, false
	}
	return raw, true
}

func (pd *propDecoder) decode(typ string) Props {
	switch typ {
	case "Text":
		return &Text{Text: pd.boundString("text", true, true), UsageHint: pd.enum("usageHint", "h1", "h2", "h3", "h4", "h5", "caption", "body")}
	case "Image":
		p := &Image{URL: pd.boundString("url", true, false), AltText: pd.boundString("altText", false, false),
			Fit: pd.enum("fit", "contain", "cover", "fill", "none", "scale-down"), UsageHint: pd.enum("usageHint", "icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header")}
		pd.media("url", p.URL, imageTypes)
		return p
	case "Icon":
		p := &Icon{Name: pd.boundString("name", true, false)}
		if p.Name.HasLiteral && !p.Name.HasPath && !IsIconName(p.Name.Literal) && pd.d.err == nil {
			pd.d.fail(CodeBadValue, pd.base+"/name", "icon %q is not one of the 48 standard icon names", p.Name.Literal)
		}
		return p
	case "Video":
		p := &Video{URL: pd.boundString("url", true, false)}
		pd.media("url", p.URL, videoTypes)
		return p
	case "AudioPlayer":
		p := &AudioPlayer{URL: pd.boundString("url", true, false), Description: pd.boundString("description", false, true)}
		pd.media("url", p.URL, audioTypes)
		return p
	case "Row":
		return &Row{Children: pd.children(), Distribution: pd.enum("distribution", distributions...), Alignment: pd.enum("alignment", alignments...)}
	case "Column":
		return &Column{Children: pd.children(), Distribution: pd.enum("distribution", distributions...), Alignment: pd.enum("alignment", alignments...)}
	case "List":
		return &List{Children: pd.children(), Direction: pd.enum("direction", "vertical", "horizontal"), Alignment: pd.enum("alignment", alignments...)}
	case "Card":
		return &Card{Child: pd.id("child")}
	case "Tabs":
		return &Tabs{TabItems: pd.tabItems()}
	case "Divider":
		return &Divider{Axis: pd.enum("axis", "horizontal", "vertical")}
	case "Modal":
		return &Modal{EntryPointChild: pd.id("entryPointChild"), ContentChild: pd.id("contentChild")}
	case "Button":
		return &Button{Child: pd.id("child"), Action: pd.action(), Primary: pd.boolean("primary")}
	case "CheckBox":
		return &CheckBox{Label: pd.boundString("label", true, false), Value: pd.boundBool("value", true)}
	case "TextField":
		p := &TextField{Label: pd.boundString("label", true, false), Text: pd.boundString("text", false, true),
			TextFieldType: pd.enum("textFieldType", "date", "longText", "number", "shortText", "obscured")}
		if raw, ok := pd.get("validationRegexp", false); ok {
			p.ValidationRegexp = pd.d.plainString(raw, pd.base+"/validationRegexp", "validationRegexp", false)
			if pd.d.err == nil && p.ValidationRegexp != "" {
				re, err := regexp.Compile(`^(?:` + p.ValidationRegexp + `)$`)
				if err != nil {
					pd.d.warn(CodeBadRegexp, pd.base+"/validationRegexp", "validationRegexp does not compile as RE2 and is not checked: %s", shortRegexpError(err))
				}
				p.pattern = re
			}
		}
		return p
	case "DateTimeInput":
		return &DateTimeInput{Value: pd.boundString("value", true, false), EnableDate: pd.optBool("enableDate"), EnableTime: pd.optBool("enableTime")}
	case "MultipleChoice":
		p := &MultipleChoice{Selections: pd.boundArray("selections", true), Options: pd.options(),
			Variant: pd.enum("variant", "checkbox", "chips"), Filterable: pd.boolean("filterable")}
		if raw, ok := pd.get("maxAllowedSelections", false); ok {
			var f float64
			if err := json.Unmarshal(raw, &f); err != nil || f != math.Trunc(f) || f < 1 || f > 1e6 {
				pd.d.fail(CodeBadValue, pd.base+"/maxAllowedSelections", "maxAllowedSelections must be a whole number of at least 1")
			}
			p.MaxAllowedSelections = int(f)
		}
		return p
	case "Slider":
		p := &Slider{Value: pd.boundNumber("value", true), MinValue: pd.number("minValue"), MaxValue: pd.number("maxValue"), Label: pd.boundString("label", false, false)}
		if p.MinValue != nil && p.MaxValue != nil && *p.MinValue > *p.MaxValue && pd.d.err == nil {
			pd.d.fail(CodeBadValue, pd.base+"/minValue", "minValue %s is above maxValue %s", formatNumber(*p.MinValue), formatNumber(*p.MaxValue))
		}
		return p
	}
	pd.d.fail(CodeUnknownComponent, strings.TrimSuffix(pd.base, "/"+escapePointer(typ)), "unknown component type %q: the standard catalog has %s", SanitizeLine(typ), strings.Join(ComponentTypes(), ", "))
	return nil
}

var (
	distributions = []string{"center", "end", "spaceAround", "spaceBetween", "spaceEvenly", "start"}
	alignments    = []string{"start", "center", "end", "stretch"}
	imageTypes    = []string{"image/png", "image/jpeg", "image/gif", "image/webp"}
	videoTypes    = []string{"video/mp4", "video/webm", "video/ogg"}
	audioTypes    = []string{"audio/mpeg", "audio/mp3", "audio/ogg", "audio/wav", "audio/x-wav", "audio/webm", "audio/mp4", "audio/aac", "audio/flac"}
)

func (pd *propDecoder) enum(name string, allowed ...string) string {
	raw, ok := pd.get(name, false)
	if !ok {
		return ""
	}
	s := pd.d.plainString(raw, pd.base+"/"+name, name, false)
	if pd.d.err == nil && !containsString(allowed, s) {
		pd.d.fail(CodeBadValue, pd.base+"/"+name, "%s %q is not one of %s", name, s, strings.Join(allowed, ", "))
	}
	return s
}

func (pd *propDecoder) id(name string) string {
	raw, ok := pd.get(name, true)
	if !ok {
		return ""
	}
	s := pd.d.plainString(raw, pd.base+"/"+name, name+" (a component id)", false)
	if pd.d.err == nil && s == "" {
		pd.d.fail(CodeBadValue, pd.base+"/"+name, "%s must name a component", name)
	}
	return s
}

func (pd *propDecoder) boolean(name string) bool {
	b := pd.optBool(name)
	return b != nil && *b
}

func (pd *propDecoder) optBool(name string) *bool {
	raw, ok := pd.get(name, false)
	if !ok {
		return nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		pd.d.fail(CodeBadValue, pd.base+"/"+name, "%s must be true or false", name)
		return nil
	}
	return &b
}

func (pd *propDecoder) number(name string) *float64 {
	raw, ok := pd.get(name, false)
	if !ok {
		return nil
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil {
		pd.d.fail(CodeBadValue, pd.base+"/"+name, "%s must be a number", name)
		return nil
	}
	return &f
}

// bound reads a bound value: an object with a path, a literal of the given
// key, or both. The legacy "literal" key is accepted in lenient mode.
func (pd *propDecoder) bound(name string, required bool, literalKey string, lit func(raw []byte, path string) bool) (path string, hasPath, hasLit bool) {
	raw, ok := pd.get(name, required)
	if !ok {
		return "", false, false
	}
	return pd.d.boundAt(raw, pd.base+"/"+name, name, literalKey, lit)
}

func (d *decoder) boundAt(raw []byte, p, name, literalKey string, lit func(raw []byte, path string) bool) (path string, hasPath, hasLit bool) {
	m := d.object(raw, p, name+" (a bound value)")
	if d.err != nil {
		return "", false, false
	}
	for _, k := range sortedKeys(m) {
		kp := p + "/" + escapePointer(k)
		switch {
		case k == "path":
			path = d.plainString(m[k], kp, "path", false)
			hasPath = d.err == nil
		case k == literalKey || (literalKey == "" && containsString(contextLiterals, k)):
			if hasLit {
				d.fail(CodeBadValue, kp, "%s has more than one literal", name)
				return
			}
			hasLit = lit(m[k], kp)
		case k == "literal":
			if !d.opts.Lenient {
				d.fail(CodeBadValue, kp, "the legacy \"literal\" key is not v0.8; use %s (or --lenient)", orDefault(literalKey, "literalString, literalNumber or literalBoolean"))
				return
			}
			d.warn(CodeLenient, kp, "legacy \"literal\" read as %s", orDefault(literalKey, "a typed literal"))
			if hasLit {
				d.fail(CodeBadValue, kp, "%s has more than one literal", name)
				return
			}
			hasLit = lit(m[k], kp)
		case strings.HasPrefix(k, "literal"):
			d.fail(CodeBadValue, kp, "%s takes %s, not %s", name, literalKey, SanitizeLine(k))
			return
		default:
			d.warn(CodeUnknownProperty, kp, "unknown key %q in bound value ignored", SanitizeLine(k))
		}
	}
	if d.err == nil && !hasPath && !hasLit {
		d.fail(CodeBadValue, p, "%s needs a path or a literal", name)
	}
	return
}

func (pd *propDecoder) boundString(name string, required, multiline bool) Bound[string] {
	var b Bound[string]
	b.Path, b.HasPath, b.HasLiteral = pd.bound(name, required, "literalString", func(raw []byte, p string) bool {
		b.Literal = pd.d.plainString(raw, p, name, multiline)
		return pd.d.err == nil
	})
	return b
}

func (pd *propDecoder) boundNumber(name string, required bool) Bound[float64] {
	var b Bound[float64]
	b.Path, b.HasPath, b.HasLiteral = pd.bound(name, required, "literalNumber", func(raw []byte, p string) bool {
		if err := json.Unmarshal(raw, &b.Literal); err != nil {
			pd.d.fail(CodeBadValue, p, "%s must be a number", name)
			return false
		}
		return true
	})
	return b
}

func (pd *propDecoder) boundBool(name string, required bool) Bound[bool] {
	var b Bound[bool]
	b.Path, b.HasPath, b.HasLiteral = pd.bound(name, required, "literalBoolean", func(raw []byte, p string) bool {
		if err := json.Unmarshal(raw, &b.Literal); err != nil {
			pd.d.fail(CodeBadValue, p, "%s must be true or false", name)
			return false
		}
		return true
	})
	return b
}

func (pd *propDecoder) boundArray(name string, required bool) Bound[[]string] {
	var b Bound[[]string]
	b.Path, b.HasPath, b.HasLiteral = pd.bound(name, required, "literalArray", func(raw []byte, p string) bool {
		var arr []string
		if err := json.Unmarshal(raw, &arr); err != nil {
			pd.d.fail(CodeBadValue, p, "%s must be an array of strings", name)
			return false
		}
		for i, s := range arr {
			arr[i] = pd.d.clean(s, p+"/"+strconv.Itoa(i), false)
		}
		if arr == nil {
			arr = []string{}
		}
		b.Literal = arr
		return pd.d.err == nil
	})
	return b
}

// media refuses a literal URL that is not a data: URL of an allowed type;
// in lenient mode the URL is kept and drawn as a placeholder, never fetched.
func (pd *propDecoder) media(name string, b Bound[string], allowed []string) {
	if pd.d.err != nil || !b.HasLiteral {
		return
	}
	if ok, why := checkMediaURL(b.Literal, allowed); !ok {
		if pd.d.opts.Lenient {
			pd.d.warn(CodeLenient, pd.base+"/"+name, "%s; shown as a placeholder", why)
			return
		}
		pd.d.fail(CodeRemoteMedia, pd.base+"/"+name, "%s", why)
	}
}

// checkMediaURL reports whether u is a data: URL of one of the allowed media
// types, and if not, why.
func checkMediaURL(u string, allowed []string) (bool, string) {
	if !strings.HasPrefix(strings.ToLower(u), "data:") {
		return false, fmt.Sprintf("media must be a data: URL (%s); a2term never loads %q", strings.Join(allowed, ", "), MediaHost(u))
	}
	meta, _, ok := strings.Cut(u[5:], ",")
	if !ok {
		return false, "malformed data: URL (no comma)"
	}
	mt, _, _ := strings.Cut(meta, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	if !containsString(allowed, mt) {
		return false, fmt.Sprintf("data: URL of type %q is not allowed here (%s)", mt, strings.Join(allowed, ", "))
	}
	return true, ""
}

// MediaHost returns the host part of a URL that a2term refused to load, to
// show the person where the agent wanted it from.
func MediaHost(u string) string {
	rest := u
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndex(rest, "@"); i >= 0 {
		rest = rest[i+1:]
	}
	if len(rest) > 80 {
		rest = rest[:80]
	}
	return rest
}

func (pd *propDecoder) children() Children {
	var c Children
	raw, ok := pd.get("children", true)
	if !ok {
		return c
	}
	p := pd.base + "/children"
	m := pd.d.object(raw, p, "children")
	if pd.d.err != nil {
		return c
	}
	_, hasList := m["explicitList"]
	_, hasTpl := m["template"]
	if hasList == hasTpl {
		pd.d.fail(CodeBadValue, p, "children holds exactly one of explicitList and template")
		return c
	}
	for k := range m {
		if k != "explicitList" && k != "template" {
			pd.d.warn(CodeUnknownProperty, p+"/"+escapePointer(k), "unknown key %q in children ignored", SanitizeLine(k))
		}
	}
	if hasList {
		var ids []string
		if err := json.Unmarshal(m["explicitList"], &ids); err != nil {
			pd.d.fail(CodeBadValue, p+"/explicitList", "explicitList must be an array of component ids")
			return c
		}
		for i, id := range ids {
			ids[i] = pd.d.clean(id, p+"/explicitList/"+strconv.Itoa(i), false)
		}
		if ids == nil {
			ids = []string{}
		}
		c.ExplicitList = ids
		return c
	}
	tp := p + "/template"
	t := pd.d.object(m["template"], tp, "template")
	if pd.d.err != nil {
		return c
	}
	pd.d.unknownKeys(t, tp, "componentId", "dataBinding")
	var tpl Template
	for _, k := range []string{"componentId", "dataBinding"} {
		raw, ok := t[k]
		if !ok {
			pd.d.fail(CodeMissingProperty, tp+"/"+k, "template needs %s", k)
			return c
		}
		s := pd.d.plainString(raw, tp+"/"+k, k, false)
		if k == "componentId" {
			tpl.ComponentID = s
		} else {
			tpl.DataBinding = s
		}
	}
	c.Template = &tpl
	return c
}

func (pd *propDecoder) tabItems() []TabItem {
	raw, ok := pd.get("tabItems", true)
	if !ok {
		return nil
	}
	p := pd.base + "/tabItems"
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		pd.d.fail(CodeBadValue, p, "tabItems must be an array")
		return nil
	}
	out := make([]TabItem, 0, len(items))
	for i, it := range items {
		ip := p + "/" + strconv.Itoa(i)
		m := pd.d.object(it, ip, "a tab item")
		if pd.d.err != nil {
			return nil
		}
		pd.d.unknownKeys(m, ip, "title", "child")
		sub := &propDecoder{d: pd.d, props: m, base: ip, used: map[string]bool{}}
		out = append(out, TabItem{Title: sub.boundString("title", true, false), Child: sub.id("child")})
	}
	return out
}

func (pd *propDecoder) options() []Option {
	raw, ok := pd.get("options", true)
	if !ok {
		return nil
	}
	p := pd.base + "/options"
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		pd.d.fail(CodeBadValue, p, "options must be an array")
		return nil
	}
	out := make([]Option, 0, len(items))
	for i, it := range items {
		ip := p + "/" + strconv.Itoa(i)
		m := pd.d.object(it, ip, "an option")
		if pd.d.err != nil {
			return nil
		}
		pd.d.unknownKeys(m, ip, "label", "value")
		sub := &propDecoder{d: pd.d, props: m, base: ip, used: map[string]bool{}}
		o := Option{Label: sub.boundString("label", true, false)}
		if v, ok := sub.get("value", true); ok {
			o.Value = pd.d.plainString(v, ip+"/value", "value", false)
		}
		out = append(out, o)
	}
	return out
}

func (pd *propDecoder) action() Action {
	var a Action
	raw, ok := pd.get("action", true)
	if !ok {
		return a
	}
	p := pd.base + "/action"
	m := pd.d.object(raw, p, "action")
	if pd.d.err != nil {
		return a
	}
	pd.d.unknownKeys(m, p, "name", "context")
	n, ok := m["name"]
	if !ok {
		pd.d.fail(CodeMissingProperty, p+"/name", "action needs a name")
		return a
	}
	a.Name = pd.d.plainString(n, p+"/name", "action name", false)
	if pd.d.err == nil && a.Name == "" {
		pd.d.fail(CodeBadValue, p+"/name", "action name must not be empty")
	}
	ctxRaw, ok := m["context"]
	if !ok || string(ctxRaw) == "null" {
		return a
	}
	var items []json.RawMessage
	if err := json.Unmarshal(ctxRaw, &items); err != nil {
		pd.d.fail(CodeBadValue, p+"/context", "action context must be an array of {key, value}")
		return a
	}
	for i, it := range items {
		ip := p + "/context/" + strconv.Itoa(i)
		e := pd.d.object(it, ip, "a context entry")
		if pd.d.err != nil {
			return a
		}
		pd.d.unknownKeys(e, ip, "key", "value")
		kr, ok := e["key"]
		if !ok {
			pd.d.fail(CodeMissingProperty, ip+"/key", "a context entry needs a key")
			return a
		}
		vr, ok := e["value"]
		if !ok {
			pd.d.fail(CodeMissingProperty, ip+"/value", "a context entry needs a value")
			return a
		}
		var ce ContextEntry
		ce.Key = pd.d.plainString(kr, ip+"/key", "key", false)
		ce.Value.Path, ce.Value.HasPath, ce.Value.HasLiteral = pd.d.boundAt(vr, ip+"/value", "value", "", func(raw []byte, lp string) bool {
			v, ok := pd.d.scalar(raw, lp, lp[strings.LastIndex(lp, "/")+1:])
			ce.Value.Literal = v
			return ok
		})
		a.Context = append(a.Context, ce)
	}
	return a
}

var contextLiterals = []string{"literalString", "literalNumber", "literalBoolean"}

// scalar decodes a literal context value: a string, number or boolean, of
// the type its key names (any of them for the legacy "literal").
func (d *decoder) scalar(raw []byte, p, key string) (any, bool) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		d.fail(CodeBadValue, p, "not a JSON value")
		return nil, false
	}
	switch x := v.(type) {
	case string:
		if key == "literalString" || key == "literal" {
			return d.clean(x, p, true), d.err == nil
		}
	case float64:
		if key == "literalNumber" || key == "literal" {
			return x, true
		}
	case bool:
		if key == "literalBoolean" || key == "literal" {
			return x, true
		}
	}
	d.fail(CodeBadValue, p, "%s must hold a %s", key, map[string]string{"literalString": "string", "literalNumber": "number", "literalBoolean": "boolean", "literal": "string, number or boolean"}[key])
	return nil, false
}

func (d *decoder) dataModelUpdate(body map[string]json.RawMessage, p string) *DataModelUpdate {
	d.unknownKeys(body, p, "surfaceId", "path", "contents")
	u := &DataModelUpdate{SurfaceID: d.surfaceID}
	if raw, ok := body["path"]; ok {
		u.Path = d.plainString(raw, p+"/path", "path", false)
	}
	raw, ok := body["contents"]
	if !ok {
		d.fail(CodeMissingProperty, p+"/contents", "contents is required")
		return nil
	}
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) > 0 && trimmed[0] == '{' {
		if !d.opts.Lenient {
			d.fail(CodeBadValue, p+"/contents", "contents must be an array of {key, value…} entries (an object is accepted with --lenient)")
			return nil
		}
		v, err := parseOrdered(trimmed)
		if err != nil {
			d.fail(CodeBadValue, p+"/contents", "contents is not valid JSON")
			return nil
		}
		d.warn(CodeLenient, p+"/contents", "contents given as an object, read as key → value")
		obj := NewObject()
		var root any = obj
		for _, k := range v.(*Object).Keys() {
			val, _ := v.(*Object).Get(k)
			root = put(root, splitPath(d.clean(k, p+"/contents", false)), d.cleanValue(val, p+"/contents/"+escapePointer(k)))
		}
		u.Value = root
		return u
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		d.fail(CodeBadValue, p+"/contents", "contents must be an array of {key, value…} entries")
		return nil
	}
	u.Value = d.entries(entries, p+"/contents")
	return u
}

// entries builds the value a list of data entries describes. Each key is a
// path relative to the value being built ("." is the value itself), so
// "a/b" nests and [{"key":".","valueNumber":3}] is the bare number 3.
func (d *decoder) entries(entries []json.RawMessage, p string) any {
	var root any = NewObject()
	for i, raw := range entries {
		ep := p + "/" + strconv.Itoa(i)
		e := d.object(raw, ep, "a data entry")
		if d.err != nil {
			return nil
		}
		kr, ok := e["key"]
		if !ok {
			d.fail(CodeMissingProperty, ep+"/key", "a data entry needs a key")
			return nil
		}
		key := d.plainString(kr, ep+"/key", "key", false)
		var val any
		n := 0
		for _, k := range sortedKeys(e) {
			vp := ep + "/" + escapePointer(k)
			switch k {
			case "key":
				continue
			case "valueString":
				n++
				val = d.plainString(e[k], vp, "valueString", true)
			case "valueNumber":
				n++
				var f float64
				if err := json.Unmarshal(e[k], &f); err != nil {
					d.fail(CodeBadValue, vp, "valueNumber must be a number")
				}
				val = f
			case "valueBoolean":
				n++
				var b bool
				if err := json.Unmarshal(e[k], &b); err != nil {
					d.fail(CodeBadValue, vp, "valueBoolean must be true or false")
				}
				val = b
			case "valueMap":
				n++
				var sub []json.RawMessage
				if err := json.Unmarshal(e[k], &sub); err != nil {
					d.fail(CodeBadValue, vp, "valueMap must be an array of entries")
					return nil
				}
				val = d.entries(sub, vp)
			default:
				d.warn(CodeUnknownProperty, vp, "unknown key %q in data entry ignored", SanitizeLine(k))
			}
		}
		if d.err != nil {
			return nil
		}
		if n != 1 {
			d.fail(CodeEntryWithoutValue, ep, "entry %q needs exactly one of valueString, valueNumber, valueBoolean, valueMap; it has %d", key, n)
			return nil
		}
		root = put(root, splitPath(key), val)
	}
	return root
}

// cleanValue sanitizes every string of a plain JSON value and refuses
// over-long ones.
func (d *decoder) cleanValue(v any, p string) any {
	switch x := v.(type) {
	case string:
		return d.clean(x, p, true)
	case []any:
		for i := range x {
			x[i] = d.cleanValue(x[i], p+"/"+strconv.Itoa(i))
		}
		return x
	case *Object:
		o := NewObject()
		for _, k := range x.keys {
			o.set(d.clean(k, p, false), d.cleanValue(x.vals[k], p+"/"+escapePointer(k)))
		}
		return o
	}
	return v
}

// put stores value at segs inside root, mutating objects in place; it is
// only used on values being built, which nothing else holds yet.
func put(root any, segs []string, value any) any {
	if len(segs) == 0 {
		return value
	}
	o, ok := root.(*Object)
	if !ok {
		o = NewObject()
	}
	child, _ := o.Get(segs[0])
	o.set(segs[0], put(child, segs[1:], value))
	return o
}

// parseOrdered decodes JSON keeping object keys in order.
func parseOrdered(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := parseOrderedValue(dec)
	if err != nil {
		return nil, err
	}
	return v, nil
}

func parseOrderedValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := NewObject()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := parseOrderedValue(dec)
				if err != nil {
					return nil, err
				}
				o.set(k, v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := parseOrderedValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
	case json.Number:
		return t.Float64()
	case string, bool, nil:
		return t, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// escapePointer escapes one JSON Pointer segment.
func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func itoa(i int) string { return strconv.Itoa(i) }

func shortJSONError(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "json: ")
	if len(s) > 120 {
		s = s[:120]
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "?")
	}
	return SanitizeLine(s)
}

func shortRegexpError(err error) string {
	s := err.Error()
	if len(s) > 160 {
		s = s[:160]
	}
	return SanitizeLine(strings.ToValidUTF8(s, "?"))
}
