package a2ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/a2term/a2term/internal/arena"
)

// Options change how messages are read.
type Options struct {
	// Lenient accepts the non-conformant shapes that third-party and older
	// streams carry: a missing surfaceId means surface "default", contents
	// given as an object, the legacy "literal" spelling, remote media shown
	// as a placeholder (never fetched), a missing child of a shown surface
	// drawn as a placeholder (a missing root is waited for in every mode),
	// a component type outside the standard catalog drawn as a placeholder
	// holding its children, Material snake_case icon names read as the
	// catalog's camelCase ones, and an unknown usageHint read as none. A
	// message that is not one of the four kinds is refused even then.
	Lenient bool
	// Locale and Location are what v0.9 functions format numbers,
	// currencies and dates with; nil means en-US and UTC, so that the same
	// stream shows the same everywhere.
	Locale   *Locale
	Location *time.Location
	// Catalogs are the catalog definitions a2term draws besides its own
	// (see CatalogDef): a surface of a definition's protocol version may
	// name them (see catalogs.go).
	Catalogs []*CatalogDef
	// FetchImages are the hosts the person lets a2term fetch pictures
	// from (--fetch-images), each a host name or address, with ":port"
	// when it is not 443 (see FetchHost). An Image whose URL is https on
	// one of them (or plain http, when the host is this machine) is accepted in every mode and resolved with the URL in
	// ImageProps.Remote; a2term, not the views, fetches it. Nil: remote
	// pictures are never fetched.
	FetchImages []string
	// FetchedImages are hosts an earlier a2term of the same canvas fetched
	// pictures from and this one does not (its journal names them): an
	// Image whose URL is https on one of them was accepted then, so it is
	// accepted in every mode as it was, and drawn as a picture not
	// fetched (ImageProps.Blocked and Fetchable: its line names the flag
	// that would show it). Nothing is fetched from them.
	FetchedImages []string
}

// DefaultSurfaceID is the surface a lenient message without surfaceId is
// about.
const DefaultSurfaceID = "default"

// SplitStream cuts the bytes of a stream file into its messages. It accepts
// a JSON array of messages, one message per line (JSONL), a single object
// (pretty-printed objects one after another also work), or one object
// wrapping the list as "messages" (the specification's message-list
// wrapper; the official examples add "name" and "description" beside it).
// A JSONL line that is not JSON is kept as it is, so that it is refused on
// its own as bad_message and the lines around it still count; only an
// array that is not JSON cannot be cut and is an error.
func SplitStream(data []byte) ([][]byte, error) {
	msgs, _, err := SplitStreamLines(data)
	return msgs, err
}

// SplitStreamLines is SplitStream that also tells the line of the file
// each message starts on, counted from 1, for people to find it.
func SplitStreamLines(data []byte) (msgs [][]byte, lines []int, err error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, nil, nil
	}
	lead := len(data) - len(bytes.TrimLeftFunc(data, unicode.IsSpace)) // as TrimSpace trims
	var offsets []int                                                  // of each message in data
	switch trimmed[0] {
	case '{':
		if list, ok := wrappedMessages(trimmed); ok {
			msgs = make([][]byte, 0, list.len())
			for m := list.first(); m.ok(); m = m.next() {
				msgs = append(msgs, trimmed[m.start:m.end])
				offsets = append(offsets, lead+int(m.start))
			}
			return msgs, lineNumbers(data, offsets), nil
		}
	case '[':
		if !json.Valid(trimmed) {
			var arr []json.RawMessage
			return nil, nil, jsonError(data, json.Unmarshal(data, &arr))
		}
		// Valid: each element is read as it is, its start noted (past
		// the white space and comma before it), without a parse tree.
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		if _, err := dec.Token(); err != nil {
			return nil, nil, jsonError(data, err)
		}
		msgs = [][]byte{}
		for dec.More() {
			at := int(dec.InputOffset())
			var m json.RawMessage
			if err := dec.Decode(&m); err != nil {
				return nil, nil, jsonError(data, err)
			}
			for at < len(trimmed) && (isJSONSpace(trimmed[at]) || trimmed[at] == ',') {
				at++
			}
			msgs = append(msgs, m)
			offsets = append(offsets, lead+at)
		}
		return msgs, lineNumbers(data, offsets), nil
	}
	// A stream of values: JSONL, or objects spread over several lines.
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	for {
		at := int(dec.InputOffset())
		var m json.RawMessage
		err := dec.Decode(&m)
		if err == nil {
			for at < len(trimmed) && isJSONSpace(trimmed[at]) {
				at++
			}
			msgs = append(msgs, m)
			offsets = append(offsets, lead+at)
			continue
		}
		if err.Error() == "EOF" {
			return msgs, lineNumbers(data, offsets), nil
		}
		break
	}
	// Not a clean stream of values: fall back to one message per line so
	// that one broken line costs only itself.
	msgs, lines = msgs[:0], nil
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) > 0 {
			msgs = append(msgs, line)
			lines = append(lines, i+1)
		}
	}
	return msgs, lines, nil
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// lineNumbers returns the line of data each of the increasing offsets is
// on, counted from 1.
func lineNumbers(data []byte, offsets []int) []int {
	lines := make([]int, len(offsets))
	line, from := 1, 0
	for i, off := range offsets {
		line += bytes.Count(data[from:off], []byte("\n"))
		lines[i], from = line, off
	}
	return lines
}

// wrappedMessages returns the messages of a document that is one object
// holding a "messages" array and no message kind of its own, as parsed
// values (their spans are where they are in doc).
func wrappedMessages(doc []byte) (jval, bool) {
	v, err := parseJSON(doc)
	if err != nil || v.kind != jObject {
		return jval{}, false
	}
	list, ok := v.member("messages")
	if !ok || list.kind != jArray {
		return jval{}, false
	}
	for x := v.first(); x.ok(); x = x.next() {
		if k := x.key(); containsString(v08Kinds, k) || containsString(v09Kinds, k) || k == "version" {
			return jval{}, false
		}
	}
	return list, true
}

// v08Kinds are the v0.8 message kinds.
var v08Kinds = []string{"beginRendering", "surfaceUpdate", "dataModelUpdate", "deleteSurface"}

func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return fmt.Errorf("not a JSON array of messages: %w", err)
	}
	// Offset counts the byte that was wrong; the position is that byte's.
	line, col := 1, 1
	for _, c := range data[:max(0, min(int(se.Offset)-1, len(data)))] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return fmt.Errorf("invalid JSON at line %d, column %d: %w", line, col, se)
}

// DecodeMessage reads one server-to-client message, checks every property
// against the standard catalog, and sanitizes every string in it. It does
// not look at other messages or at the canvas: references, cycles and
// limits are Canvas.Apply's work. A refusal is returned as *Error with
// Index 0; callers that know the message's position set it.
//
// A v0.9 message is read by its "version"; a v0.9 updateComponents is
// checked against the basic catalog here (Canvas.ApplyJSON checks it
// against the catalog of its surface).
func DecodeMessage(raw []byte, opts Options) (Message, []Warning, error) {
	m, w, err := decodeMessage(raw, opts, nil, nil)
	if err != nil {
		return m, w, err
	}
	return m, w, nil
}

// decodeMessage is DecodeMessage checking v0.9 components against the
// catalog catalogOf gives for their surface (the basic one when it is nil
// or gives nil).
//
// patternsOf, when not nil, gives the surface's compiled regex patterns, so
// that a pattern a surface's messages repeat is compiled once. Its error
// is the typed one, which callers complete with the message's index.
func decodeMessage(raw []byte, opts Options, catalogOf func(surfaceID string) *catalogV09, patternsOf func(surfaceID string) *patternCache) (Message, []Warning, *Error) {
	// Decoders are reused, emptied: one holds the blocks of a message
	// being decoded, which nothing of it keeps once it is done.
	d := decoders.Get().(*decoder)
	defer func() {
		*d = decoder{}
		decoders.Put(d)
	}()
	*d = decoder{opts: opts, catalogOf: catalogOf, patternsOf: patternsOf, bud: evalBudget{left: MaxEvalWork}}
	m := d.message(raw)
	d.release()
	if d.err != nil || len(d.warns) > 0 {
		// Decoding does not build JSON Pointers on the way; when there
		// is something to report, decode again with them.
		*d = decoder{opts: opts, paths: true, catalogOf: catalogOf, patternsOf: patternsOf, bud: evalBudget{left: MaxEvalWork}}
		m = d.message(raw)
		d.release()
	}
	if d.err != nil {
		if d.v09 {
			d.err.ClientMessage = newClientError(d.err, strings.TrimPrefix(d.err.Path, "/"+d.kind), strings.HasPrefix(d.err.Path, "/"+d.kind+"/") || d.err.Path == "/"+d.kind)
			if d.v10 {
				d.err.ClientMessage.asV10(d.err).Error.FunctionCallID = d.callID
			}
		}
		return Message{}, nil, d.err
	}
	return m, d.warns, nil
}

var decoders = sync.Pool{New: func() any { return new(decoder) }}

// release hands the decoder's parsers back: nothing decoded holds the
// parsed values.
func (d *decoder) release() {
	for _, p := range d.parsers {
		p.release()
	}
	d.parsers = nil
}

// decoder carries the state of decoding one message: the first refusal
// (after which every step is a no-op) and the warnings so far.
type decoder struct {
	parsers   []*jparser // pooled parsers whose values this decoding uses
	opts      Options
	catalogOf func(surfaceID string) *catalogV09 // what v0.9 components are checked against
	// patternsOf gives the regex patterns a surface has compiled.
	patternsOf func(surfaceID string) *patternCache
	v09        bool   // the message names a v0.9 version (or v1.0, read as v0.9 with its differences)
	v10        bool   // the message names v1.0
	kind       string // the kind of a v0.9 message, once known
	callID     string // the functionCallId of a v1.0 callRendererFunction, once known
	paths      bool   // build JSON Pointers for refusals and warnings
	src        []byte // the message being decoded
	res        map[string]compiled
	// bud is what compiling the message's regex patterns may cost.
	bud       evalBudget
	err       *Error
	warns     []Warning
	surfaceID string
	compID    string
	inits     bool // a bound value of the component has a path and a literal
	// paths gathers the data paths of the message's components, and
	// segs their segments, so that each message allocates them in bulk;
	// compPaths is where the current component's start.
	dpaths    []namedPath
	segs      []string
	compPaths int
	// cleaned holds the strings of src that cleaning changed, by the
	// offset of their opening quote, so that a component's stored JSON
	// carries the strings the views draw.
	cleaned map[int32]string
	// lastKeys are the keys of the last object cleanPlain made, when they
	// were clean and not repeated, for the next one to share.
	lastKeys []string
	// plainSrc: src has no white space between its tokens and only
	// strings of printable ASCII written out, which no cleaning changes.
	plainSrc bool
	// bindings is about how many data paths src names (see jparser).
	bindings int
	// comps and raws are what is left of the blocks that components and
	// their stored JSON are taken from (see arena.Values and keep).
	comps arena.Values[Component]
	raws  arena.Bytes
	// The properties of the most common types come from blocks too;
	// left is how many components of the message are left to decode,
	// the current one included, for the blocks' sizes.
	texts   arena.Values[Text]
	rows    arena.Values[Row]
	columns arena.Values[Column]
	buttons arena.Values[Button]
	fields  arena.Values[TextField]
	left    int
	// objs and vals are what is left of the blocks the data model's
	// objects and their lists of values come from.
	objs arena.Values[Object]
	vals arena.Lists[any]
	// ids, actions and ctxs are the blocks of children lists and of v0.9
	// actions and their event contexts.
	ids     arena.Lists[string]
	actions arena.Values[actionV09]
	ctxs    arena.Lists[dynEntry]
}

// newObject returns an empty object for the value v of the document,
// from the current block of them; a block holds no more objects than the
// rest of the document could (one takes at least 7 bytes).
func (d *decoder) newObject(v jval) *Object {
	return d.objs.Take((len(d.src) - int(v.start)) / 7)
}

// valueList returns a list of n values for an object of the value v of
// the document; a block holds no more values than the rest of the
// document could.
func (d *decoder) valueList(v jval, n int) []any {
	return d.vals.Take(n, (len(d.src)-int(v.start))/4)
}

// keepBlockBytes is the size of the blocks that keep shares between short
// copies, and maxSharedKeep the longest copy that shares one.
const keepBlockBytes, maxSharedKeep = 4 << 10, 1 << 10

// keep returns a copy of b, for a component to keep: short copies share
// blocks of a few KB, capped so that nothing appends into a neighbour.
// rest is how many bytes of the document are left from b's start: what
// the components still to come can keep at most, so that a block is no
// larger than that (a message of one small component keeps no more).
func (d *decoder) keep(b []byte, rest int) []byte {
	if len(b) > maxSharedKeep {
		return append([]byte(nil), b...)
	}
	return d.raws.Copy(b, keepBlockBytes, rest)
}

// p, pk and pi build a JSON Pointer one segment further: a literal
// segment, a key to escape, an array index. They build nothing on the
// first, optimistic pass of DecodeMessage.
func (d *decoder) p(base, seg string) string {
	if !d.paths {
		return ""
	}
	return base + "/" + seg
}

func (d *decoder) pk(base, key string) string {
	if !d.paths {
		return ""
	}
	return base + "/" + escapePointer(key)
}

func (d *decoder) pi(base string, i int) string {
	if !d.paths {
		return ""
	}
	return base + "/" + strconv.Itoa(i)
}

func (d *decoder) failf(code Code, path, format string, args ...any) {
	if d.err != nil {
		return
	}
	d.err = &Error{Code: code, Message: fmt.Sprintf(format, args...), SurfaceID: d.surfaceID, ComponentID: d.compID, Path: path}
}

func (d *decoder) warnf(code Code, path, format string, args ...any) {
	d.warns = append(d.warns, Warning{Code: code, Message: fmt.Sprintf(format, args...), SurfaceID: d.surfaceID, ComponentID: d.compID, Path: path})
}

// object checks that v is a JSON object.
func (d *decoder) object(v jval, path, what string) jval {
	if d.err != nil {
		return jval{}
	}
	if !v.ok() || v.kind != jObject {
		d.failf(CodeBadValue, path, "%s must be a JSON object", what)
		return jval{}
	}
	return v
}

// array checks that v is a JSON array, and returns it (no value when it
// is not).
func (d *decoder) array(v jval, path, what string) jval {
	if d.err != nil {
		return jval{}
	}
	if !v.ok() || v.kind != jArray {
		d.failf(CodeBadValue, path, "%s must be an array", what)
		return jval{}
	}
	return v
}

func (d *decoder) message(raw []byte) Message {
	jp := pooledParser(raw)
	d.parsers = append(d.parsers, jp)
	env, err := jp.parse()
	if err != nil {
		d.failf(CodeBadMessage, "", "not JSON: %s", shortJSONError(err))
		return Message{}
	}
	if env.kind != jObject {
		d.failf(CodeBadMessage, "", "a message must be a JSON object with one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface, not %s", env.kind)
		return Message{}
	}
	d.src, d.plainSrc, d.bindings = raw, !jp.loose, jp.bindings
	if vv, ok := env.member("version"); ok {
		if vv.kind != jString {
			d.failf(CodeUnsupportedVersion, "/version", "version must be a string, %q or %s, not %s (v0.8 messages name no version)", ProtocolV10, quotedList(MessageVersions), vv.kind)
			return Message{}
		}
		version := vv.str()
		if version == ProtocolV10 {
			d.v09, d.v10 = true, true
			return d.messageV10(env)
		}
		if !containsString(MessageVersions, version) {
			d.failf(CodeUnsupportedVersion, "/version", "version %q is not one a2term speaks: it reads %s, %s, and v0.8 messages, which name no version", SanitizeLine(clip(version)), ProtocolV10, strings.Join(MessageVersions, " and "))
			return Message{}
		}
		d.v09 = true
		return d.messageV09(env, version)
	}
	kinds := v08Kinds
	var found []string
	var other []string
	for x := env.first(); x.ok(); x = x.next() {
		if k := x.key(); containsString(kinds, k) {
			found = append(found, k)
		} else {
			other = append(other, SanitizeLine(k))
		}
	}
	sort.Strings(found)
	sort.Strings(other)
	switch {
	case len(found) == 0 && len(other) == 1 && containsString(v09Kinds, other[0]):
		d.failf(CodeBadMessage, "", "%s is a v0.9 message: it needs \"version\": \"v0.9\" (a message without version is read as v0.8)", other[0])
		return Message{}
	case len(found) == 0 && len(other) > 0:
		d.failf(CodeBadMessage, "", "unknown message kind %q: A2UI v0.8 has beginRendering, surfaceUpdate, dataModelUpdate and deleteSurface", strings.Join(other, ", "))
		return Message{}
	case len(found) == 0:
		d.failf(CodeBadMessage, "", "empty message: expected one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface")
		return Message{}
	case len(found) > 1:
		d.failf(CodeBadMessage, "", "a message holds exactly one kind, this one has %s", strings.Join(found, " and "))
		return Message{}
	case len(other) > 0:
		d.failf(CodeBadMessage, "/"+other[0], "unexpected key %q beside %s", other[0], found[0])
		return Message{}
	}
	kind := found[0]
	bv, _ := env.member(kind)
	body := d.object(bv, "/"+kind, kind)
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

func (d *decoder) surfaceIDOf(body jval, p string) string {
	raw, ok := body.member("surfaceId")
	if !ok {
		if d.opts.Lenient {
			d.warnf(CodeLenient, d.p(p, "surfaceId"), "no surfaceId: using surface %q", DefaultSurfaceID)
			return DefaultSurfaceID
		}
		d.failf(CodeMissingProperty, d.p(p, "surfaceId"), "surfaceId is required")
		return ""
	}
	id := d.plainString(raw, d.p(p, "surfaceId"), "surfaceId", false)
	if d.err == nil && id == "" {
		d.failf(CodeBadValue, d.p(p, "surfaceId"), "surfaceId must not be empty")
	}
	return id
}

func (d *decoder) unknownKeys(m jval, path string, known ...string) {
	var unknown []string
	for x := m.first(); x.ok(); x = x.next() {
		if !x.keyIn(known) {
			unknown = append(unknown, x.key())
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		k = SanitizeLine(k)
		d.warnf(CodeUnknownProperty, d.pk(path, k), "unknown property %q ignored", k)
	}
}

// plainString decodes a JSON string, refusing over-long ones, and returns it
// sanitized.
func (d *decoder) plainString(v jval, path, what string, multiline bool) string {
	if d.err != nil {
		return ""
	}
	if v.kind != jString {
		d.failf(CodeBadValue, path, "%s must be a string, not %s", what, v.kind)
		return ""
	}
	s := v.str()
	if cleanAsIs(v, s) {
		return s
	}
	return d.cleanAt(v, s, d.clean(s, path, multiline))
}

// cleanAt records that the string v of the document, orig, was cleaned
// to s, and returns s.
//
// A string kept as it was is recorded too when it holds a line break or
// a tab: cleanJSON would clean it as one line otherwise, and the
// component's JSON would lose the breaks the views draw.
func (d *decoder) cleanAt(v jval, orig, s string) string {
	if s != orig || hasBreakOrTab(s) {
		if d.cleaned == nil {
			d.cleaned = map[int32]string{}
		}
		d.cleaned[v.start] = s
	}
	return s
}

// hasBreakOrTab reports whether s holds a line break or a tab: one pass,
// for the short strings of components.
func hasBreakOrTab(s string) bool {
	for i := range len(s) {
		if c := s[i]; c == '\n' || c == '\t' {
			return true
		}
	}
	return false
}

// num checks that v is a number.
func (d *decoder) num(v jval, path, what string) float64 {
	if d.err != nil {
		return 0
	}
	if v.kind != jNumber {
		d.failf(CodeBadValue, path, "%s must be a number, not %s", what, v.kind)
		return 0
	}
	return v.number()
}

// boolean checks that v is true or false.
func (d *decoder) boolean(v jval, path, what string) bool {
	if d.err != nil {
		return false
	}
	if v.kind != jBool {
		d.failf(CodeBadValue, path, "%s must be true or false, not %s", what, v.kind)
		return false
	}
	return v.number() != 0
}

// cleanAsIs reports whether s, the string value v, is clean as it is:
// printable ASCII written out with no escape, within the length limit,
// which cleaning would keep as it is and has nothing to warn of.
func cleanAsIs(v jval, s string) bool {
	return v.printable() && len(s) <= MaxStringBytes
}

func (d *decoder) clean(s, path string, multiline bool) string {
	if len(s) > MaxStringBytes {
		d.failf(CodeStringTooLong, path, "string of %d bytes is over the limit of %d", len(s), MaxStringBytes)
		return ""
	}
	if multiline {
		return SanitizeText(s)
	}
	return SanitizeLine(s)
}

func (d *decoder) beginRendering(body jval, p string) *BeginRendering {
	d.unknownKeys(body, p, "surfaceId", "root", "catalogId", "styles")
	br := &BeginRendering{SurfaceID: d.surfaceID}
	if raw, ok := body.member("root"); ok {
		br.Root = d.plainString(raw, d.p(p, "root"), "root", false)
	} else if d.opts.Lenient {
		br.Root = "root"
		d.warnf(CodeLenient, d.p(p, "root"), "no root: using component %q", br.Root)
	} else {
		d.failf(CodeMissingProperty, d.p(p, "root"), "root is required")
	}
	if raw, ok := body.member("catalogId"); ok {
		br.CatalogID = d.plainString(raw, d.p(p, "catalogId"), "catalogId", false)
		if d.err == nil && br.CatalogID != StandardCatalogID && br.CatalogID != MinimalCatalogID {
			d.warnf(CodeUnknownCatalog, d.p(p, "catalogId"), "catalog %q is not known: drawing with the standard catalog", br.CatalogID)
		}
	}
	if raw, ok := body.member("styles"); ok {
		st := d.object(raw, d.p(p, "styles"), "styles")
		if !st.ok() {
			return br
		}
		for x := st.first(); x.ok(); x = x.next() {
			k := x.key()
			sp := d.p(p, "styles/") + escapePointer(k)
			switch k {
			case "font":
				br.Styles.Font = d.plainString(x, sp, "font", false)
			case "primaryColor":
				c := d.plainString(x, sp, "primaryColor", false)
				if d.err == nil && !isHexColor(c) {
					d.failf(CodeBadValue, sp, "primaryColor %q is not a #rrggbb colour", c)
				}
				br.Styles.PrimaryColor = strings.ToLower(c)
			default:
				d.warnf(CodeUnknownStyle, sp, "style %q is not in the standard catalog and is ignored", SanitizeLine(k))
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

func (d *decoder) surfaceUpdate(body jval, p string) *SurfaceUpdate {
	d.unknownKeys(body, p, "surfaceId", "components")
	su := &SurfaceUpdate{SurfaceID: d.surfaceID}
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
	su.Components = make([]*Component, 0, items.len())
	seen := make(map[string]int, items.len()) // the place of each id in the list
	for i, item := 0, items.first(); item.ok(); i, item = i+1, item.next() {
		ip := d.pi(d.p(p, "components"), i)
		d.left = items.len() - i
		c := d.comps.Take(d.left)
		d.component(c, item, ip)
		d.compID = ""
		if d.err != nil {
			return nil
		}
		if j, dup := seen[c.ID]; dup {
			d.warnf(CodeDuplicateID, d.p(ip, "id"), "component %q is defined twice in this message; the last definition wins", c.ID)
			su.Components[j] = c
			continue
		}
		seen[c.ID] = len(su.Components)
		su.Components = append(su.Components, c)
	}
	return su
}

// component reads one v0.8 component into c, which is zero.
func (d *decoder) component(c *Component, raw jval, p string) {
	item := d.object(raw, p, "a component")
	if d.err != nil {
		return
	}
	idRaw, ok := item.member("id")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "id"), "a component needs an id")
		return
	}
	c.ID = d.plainString(idRaw, d.p(p, "id"), "id", false)
	if d.err == nil && c.ID == "" {
		d.failf(CodeBadValue, d.p(p, "id"), "a component id must not be empty")
	}
	d.compID = c.ID
	d.unknownKeys(item, p, "id", "weight", "component")
	if w, ok := item.member("weight"); ok {
		f := d.num(w, d.p(p, "weight"), "weight")
		if d.err == nil && f < 0 {
			d.failf(CodeBadValue, d.p(p, "weight"), "weight must be at least 0")
		}
		c.Weight = f
	}
	wrapRaw, ok := item.member("component")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "component"), "a component needs a component property naming its type")
		return
	}
	wrap := d.object(wrapRaw, d.p(p, "component"), "component")
	if d.err != nil {
		return
	}
	if wrap.len() != 1 {
		d.failf(CodeBadValue, d.p(p, "component"), "component must hold exactly one type name, it holds %d", wrap.len())
		return
	}
	inner := wrap.first()
	typ := inner.key()
	tp := ""
	if d.paths {
		tp = d.p(p, "component/") + escapePointer(typ)
	}
	props := d.object(inner, tp, typ)
	if d.err != nil {
		return
	}
	pd := &propDecoder{d: d, props: props, base: tp}
	d.inits, d.compPaths = false, len(d.dpaths)
	c.Props = pd.decode(typ)
	c.inits = d.inits
	if len(d.dpaths) > d.compPaths {
		c.paths = d.dpaths[d.compPaths:len(d.dpaths):len(d.dpaths)]
	}
	if d.err != nil {
		return
	}
	var unknown []string
	for i, x := 0, props.first(); x.ok(); i, x = i+1, x.next() {
		if !pd.wasUsed(i) {
			unknown = append(unknown, x.key())
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		k = SanitizeLine(k)
		d.warnf(CodeUnknownProperty, d.pk(tp, k), "%s has no property %q; it is ignored", typ, k)
	}
	c.raw = d.cleanJSON(raw)
}

// cleanJSON returns the part v of the document without its insignificant
// whitespace (so that a re-sent definition that differs only in layout
// counts as the same) and with every string clean: as the decoder cleaned
// it for the views, or cleaned as one line when the decoder did not read
// it (an ignored property, a key). canvas.state returns this form, so an
// agent reads back the strings the person sees, never hidden ones.
func (d *decoder) cleanJSON(v jval) []byte {
	raw := d.src[v.start:v.end]
	if d.asIs(v) {
		return d.keep(raw, len(d.src)-int(v.start))
	}
	out := make([]byte, 0, len(raw))
	from := 0 // raw[from:i] is still to be copied as it is
	for i := 0; i < len(raw); i++ {
		for i < len(raw) && !stopByte[raw[i]] {
			i++
		}
		if i == len(raw) {
			break
		}
		if raw[i] != '"' {
			out = append(out, raw[from:i]...) // white space
			from = i + 1
			continue
		}
		j := i + 1
		for j < len(raw) && plainStringByte[raw[j]] {
			j++
		}
		plain := j < len(raw) && raw[j] == '"' // printable ASCII only: clean as it is
		for ; j < len(raw) && raw[j] != '"'; j++ {
			if raw[j] == '\\' {
				j++
			}
		}
		clean, replace := "", false
		if len(d.cleaned) > 0 {
			clean, replace = d.cleaned[v.start+int32(i)]
		}
		if !replace && !plain {
			if jv, err := parseJSON(raw[i : j+1]); err == nil && jv.kind == jString {
				// (It cannot fail: the document parsed.)
				s := jv.str()
				clean = SanitizeLine(s)
				replace = clean != s
			}
		}
		if replace {
			out = appendJSONString(append(out, raw[from:i]...), clean)
			from = j + 1
		}
		i = j
	}
	return append(out, raw[from:]...)
}

// cleanJSONString is cleanJSON as a string.
func (d *decoder) cleanJSONString(v jval) string {
	if d.asIs(v) {
		return string(d.src[v.start:v.end])
	}
	return string(d.cleanJSON(v))
}

// asIs reports whether the part v of the document is clean as it stands:
// the document is compact printable ASCII and no string of v is one that
// cleaning changed (assumed of all when many were).
func (d *decoder) asIs(v jval) bool {
	if !d.plainSrc || len(d.cleaned) > 8 {
		return false
	}
	for at := range d.cleaned {
		if at >= v.start && at < v.end {
			return false
		}
	}
	return true
}

// stopByte holds the bytes cleanJSON stops at outside strings: white
// space and the quote.
var stopByte = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '"': true}

// plainStringByte holds the bytes a JSON string may hold as they are and
// that need no cleaning: printable ASCII but the quote and the backslash.
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c <= 0x7e; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func appendJSONString(out []byte, s string) []byte {
	enc, _ := json.Marshal(s) // strings cannot fail to encode
	return append(out, enc...)
}

// propDecoder reads the properties of one component.
type propDecoder struct {
	d     *decoder
	dp    *dynParser  // v0.9 components: the surface's functions
	cat   *catalogV09 // v0.9 components: the surface's catalog
	props jval
	base  string
	used  uint64 // bit i: member i of props was read
	more  []bool // the same for objects of more than 64 keys
	// keyLen and keyAt index the members of props, when there are at
	// most as many as they hold and their keys are written out: each
	// one's key length and node, for get to look at few bytes. nkeys is
	// how many, 0 before get first indexes them, -1 when they are not
	// indexed.
	nkeys  int
	keyLen [12]int32
	keyAt  [12]int32
}

// index fills keyLen and keyAt.
func (pd *propDecoder) index() {
	pd.nkeys = -1
	v := pd.props
	if v.n > int32(len(pd.keyAt)) {
		return
	}
	nodes, n := v.p.nodes, 0
	for j := v.jnode.first; j != 0; j = nodes[j].next {
		x := &nodes[j]
		if x.text>>keyShift != plainText {
			return
		}
		pd.keyLen[n], pd.keyAt[n] = x.kend-x.kstart, j
		n++
	}
	pd.nkeys = n
}

func (pd *propDecoder) markUsed(i int) {
	if i < 64 {
		pd.used |= 1 << i
		return
	}
	if pd.more == nil {
		pd.more = make([]bool, pd.props.len())
	}
	pd.more[i] = true
}

func (pd *propDecoder) wasUsed(i int) bool {
	if i < 64 {
		return pd.used&(1<<i) != 0
	}
	return pd.more != nil && pd.more[i]
}

// lookup returns the property name, as it is, and marks it read.
func (pd *propDecoder) lookup(name string) (jval, bool) {
	if pd.nkeys == 0 {
		pd.index()
	}
	var at int32
	if pd.nkeys > 0 {
		nodes, data := pd.props.p.nodes, pd.props.p.data
		for i, l := range pd.keyLen[:pd.nkeys] {
			if int(l) == len(name) {
				if n := &nodes[pd.keyAt[i]]; string(data[n.kstart:n.kend]) == name {
					pd.markUsed(i)
					at = pd.keyAt[i] // the last one wins
				}
			}
		}
	} else {
		at = pd.props.find(name, pd.markUsed)
	}
	if at == 0 {
		return jval{}, false
	}
	return pd.props.at(at), true
}

// get returns the property name, marked as read, refusing a required one
// that is missing and a null where v0.9 allows none.
func (pd *propDecoder) get(name string, required bool) (jval, bool) {
	raw, ok := pd.lookup(name)
	if !ok || pd.d.err != nil {
		if !ok && required {
			pd.d.failf(CodeMissingProperty, pd.d.pk(pd.base, name), "%s is required", name)
		}
		return jval{}, false
	}
	if raw.kind == jNull {
		switch {
		case pd.dp != nil && !pd.d.opts.Lenient:
			// v0.9 schemas allow no null where a property is given.
			pd.d.failf(CodeBadValue, pd.d.pk(pd.base, name), "%s must not be null (leave it out instead)", name)
		case required:
			pd.d.failf(CodeMissingProperty, pd.d.pk(pd.base, name), "%s is required", name)
		}
		return jval{}, false
	}
	return raw, true
}

// decode reads a v0.8 component of type typ through componentTable.
func (pd *propDecoder) decode(typ string) Props {
	if s := specs08.find(typ); s != nil {
		return pd.readComponent(s)
	}
	if pd.d.opts.Lenient && typ != "" {
		return pd.custom(typ)
	}
	pd.d.failf(CodeUnknownComponent, strings.TrimSuffix(pd.base, "/"+escapePointer(typ)), "unknown component type %q: the standard catalog has %s", SanitizeLine(typ), strings.Join(ComponentTypes(), ", "))
	return nil
}

// hint reads a v0.8 usageHint (a v0.9 variant is an enum); in lenient
// mode one outside the catalog is a warning and reads as no hint.
func (pd *propDecoder) hint(name string, allowed ...string) string {
	if pd.d.v09 || !pd.d.opts.Lenient {
		return pd.enum(name, allowed...)
	}
	raw, ok := pd.get(name, false)
	if !ok {
		return ""
	}
	p := pd.d.p(pd.base, name)
	s := pd.d.plainString(raw, p, name, false)
	if pd.d.err == nil && !containsString(allowed, s) {
		pd.d.warnf(CodeLenient, p, "%s %q is not one of %s; drawn without one", name, s, strings.Join(allowed, ", "))
		return ""
	}
	return s
}

// custom keeps a component of a type outside the standard catalog (lenient
// mode): every property is its own, and a2term only reads the child or
// children it names, when they have the standard shapes, to draw them
// inside its placeholder.
func (pd *propDecoder) custom(typ string) Props {
	d := pd.d
	typ = SanitizeLine(typ)
	d.warnf(CodeLenient, strings.TrimSuffix(pd.base, "/"+escapePointer(typ)), "component type %q is not in the standard catalog: drawn as a placeholder", typ)
	p := &Custom{TypeName: typ}
	for i := range pd.props.len() {
		pd.markUsed(i)
	}
	if raw, ok := pd.props.member("child"); ok && raw.kind == jString && !raw.strIs("") {
		p.Child = d.plainString(raw, d.p(pd.base, "child"), "child", false)
	}
	raw, ok := pd.props.member("children")
	if !ok {
		return p
	}
	cp := d.p(pd.base, "children")
	switch raw.kind {
	case jArray:
		if idList(raw) {
			p.Children.ExplicitList = d.stringList(raw, cp, "children")
			return p
		}
	case jObject:
		if l, ok := raw.member("explicitList"); ok && raw.len() == 1 {
			if idList(l) {
				p.Children.ExplicitList = d.stringList(l, d.p(cp, "explicitList"), "explicitList")
				return p
			}
		}
		if t, ok := raw.member("template"); ok && raw.len() == 1 && t.kind == jObject {
			id, ok1 := t.member("componentId")
			b, ok2 := t.member("dataBinding")
			if ok1 && ok2 && id.kind == jString && b.kind == jString {
				tp := d.p(cp, "template")
				p.Children.Template = &Template{
					ComponentID: d.plainString(id, d.p(tp, "componentId"), "componentId", false),
					DataBinding: d.plainString(b, d.p(tp, "dataBinding"), "dataBinding", false),
				}
				d.compPath(p.Children.Template.DataBinding, d.p(tp, "dataBinding"))
				return p
			}
		}
	default:
		// Neither shape: warned below.
	}
	d.warnf(CodeLenient, cp, "children of %s are not an explicitList or a template of the standard shape; not drawn", typ)
	return p
}

// idList reports whether v is an array of strings.
func idList(v jval) bool {
	if v.kind != jArray {
		return false
	}
	for x := v.first(); x.ok(); x = x.next() {
		if x.kind != jString {
			return false
		}
	}
	return true
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
	s := pd.d.plainString(raw, pd.d.pk(pd.base, name), name, false)
	if pd.d.err == nil && !containsString(allowed, s) {
		pd.d.failf(CodeBadValue, pd.d.pk(pd.base, name), "%s %q is not one of %s", name, s, strings.Join(allowed, ", "))
	}
	return s
}

func (pd *propDecoder) id(name string) string {
	raw, ok := pd.get(name, true)
	if !ok {
		return ""
	}
	what := name // named in a refusal only
	if raw.kind != jString {
		what += " (a component id)"
	}
	s := pd.d.plainString(raw, pd.d.pk(pd.base, name), what, false)
	if pd.d.err == nil && s == "" {
		pd.d.failf(CodeBadValue, pd.d.pk(pd.base, name), "%s must name a component", name)
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
	b := pd.d.boolean(raw, pd.d.pk(pd.base, name), name)
	return &b
}

func (pd *propDecoder) number(name string, required bool) *float64 {
	raw, ok := pd.get(name, required)
	if !ok {
		return nil
	}
	f := pd.d.num(raw, pd.d.pk(pd.base, name), name)
	return &f
}

// bound reads a bound value: an object with a path, a literal of the given
// key, or both. The legacy "literal" key is accepted in lenient mode.
func (pd *propDecoder) bound(name string, required bool, literalKey string, lit func(raw jval, path string) bool) (path string, hasPath, hasLit bool) {
	raw, ok := pd.get(name, required)
	if !ok {
		return "", false, false
	}
	return pd.d.boundAt(raw, pd.d.pk(pd.base, name), name, literalKey, lit)
}

// path reads a data-model path, refusing one with a malformed escape.
func (d *decoder) path(s, p string) dataPath {
	if d.err != nil {
		return dataPath{}
	}
	dp, err := parsePath(s)
	if err != nil {
		d.failf(CodeBadValue, p, "path %q: %v", s, err)
	}
	return dp
}

// compPath reads a path a component names and keeps it with the
// component.
func (d *decoder) compPath(s, p string) {
	if d.err != nil {
		return
	}
	for _, np := range d.dpaths[d.compPaths:] {
		if np.raw == s {
			return
		}
	}
	if d.dpaths == nil {
		// Sized once for the message: one entry per path it names, a few
		// segments each.
		n := d.bindings + 1
		d.dpaths = make([]namedPath, 0, n)
		d.segs = make([]string, 0, 4*n)
	}
	dp, segs, err := parsePathInto(s, d.segs)
	if err != nil {
		d.failf(CodeBadValue, p, "path %q: %v", s, err)
		return
	}
	d.segs = segs
	d.dpaths = append(d.dpaths, namedPath{raw: s, dataPath: dp})
}

func (d *decoder) boundAt(raw jval, p, name, literalKey string, lit func(raw jval, path string) bool) (path string, hasPath, hasLit bool) {
	what := name // named in a refusal only
	if !raw.ok() || raw.kind != jObject {
		what += " (a bound value)"
	}
	m := d.object(raw, p, what)
	if d.err != nil {
		return "", false, false
	}
	defer func() {
		if hasPath && hasLit {
			d.inits = true
		}
	}()
	for x := m.first(); x.ok(); x = x.next() {
		k := x.key()
		kp := d.pk(p, k)
		switch {
		case k == "path":
			path = d.plainString(x, kp, "path", false)
			d.compPath(path, kp)
			hasPath = d.err == nil
		case k == literalKey || (literalKey == "" && containsString(contextLiterals, k)):
			if hasLit {
				d.failf(CodeBadValue, kp, "%s has more than one literal", name)
				return path, hasPath, hasLit
			}
			hasLit = lit(x, kp)
		case k == "literal":
			if !d.opts.Lenient {
				d.failf(CodeBadValue, kp, "the legacy \"literal\" key is not v0.8; use %s (or --lenient)", orDefault(literalKey, "literalString, literalNumber or literalBoolean"))
				return path, hasPath, hasLit
			}
			d.warnf(CodeLenient, kp, "legacy \"literal\" read as %s", orDefault(literalKey, "a typed literal"))
			if hasLit {
				d.failf(CodeBadValue, kp, "%s has more than one literal", name)
				return path, hasPath, hasLit
			}
			hasLit = lit(x, kp)
		case strings.HasPrefix(k, "literal"):
			d.failf(CodeBadValue, kp, "%s takes %s, not %s", name, literalKey, SanitizeLine(k))
			return path, hasPath, hasLit
		default:
			d.warnf(CodeUnknownProperty, kp, "unknown key %q in bound value ignored", SanitizeLine(k))
		}
	}
	if d.err == nil && !hasPath && !hasLit {
		d.failf(CodeBadValue, p, "%s needs a path or a literal", name)
	}
	return path, hasPath, hasLit
}

// readBoundString reads a v0.8 string property, a bound value {path,
// literalString}, into b, which is zero: a property of a component in its
// block is set field by field, not copied in whole.
func (pd *propDecoder) readBoundString(b *Bound[string], name string, required, multiline bool) {
	b.Path, b.HasPath, b.HasLiteral = pd.bound(name, required, "literalString", func(raw jval, p string) bool {
		b.Literal = pd.d.plainString(raw, p, name, multiline)
		return pd.d.err == nil
	})
}

func (pd *propDecoder) boundNumber(name string, required bool) Bound[float64] {
	var b Bound[float64]
	b.Path, b.HasPath, b.HasLiteral = pd.bound(name, required, "literalNumber", func(raw jval, p string) bool {
		b.Literal = pd.d.num(raw, p, name)
		return pd.d.err == nil
	})
	return b
}

func (pd *propDecoder) boundBool(name string, required bool) Bound[bool] {
	var b Bound[bool]
	b.Path, b.HasPath, b.HasLiteral = pd.bound(name, required, "literalBoolean", func(raw jval, p string) bool {
		b.Literal = pd.d.boolean(raw, p, name)
		return pd.d.err == nil
	})
	return b
}

func (pd *propDecoder) boundArray(name string, required bool) Bound[[]string] {
	var b Bound[[]string]
	b.Path, b.HasPath, b.HasLiteral = pd.bound(name, required, "literalArray", func(raw jval, p string) bool {
		b.Literal = pd.d.stringList(raw, p, name+" (an array of strings)")
		return pd.d.err == nil
	})
	return b
}

// media refuses a literal v0.8 URL that is not a data: URL of an allowed
// type; in lenient mode the URL is kept and drawn as a placeholder, never
// fetched. (v0.9's are accepted with a warning: see mediaV09.)
func (pd *propDecoder) media(name string, b Bound[string], allowed []string) {
	if pd.d.v09 {
		pd.mediaV09(name, b, allowed)
		return
	}
	if pd.d.err != nil || !b.HasLiteral {
		return
	}
	if pd.fetched(b.Literal, allowed) {
		return
	}
	if ok, why := checkMediaURL(b.Literal, allowed); !ok {
		if pd.d.opts.Lenient {
			pd.d.warnf(CodeLenient, pd.d.pk(pd.base, name), "%s; shown as a placeholder", why)
			return
		}
		pd.d.failf(CodeRemoteMedia, pd.d.pk(pd.base, name), "%s", why)
	}
}

// fetched reports whether u is a picture a2term fetches itself, or an
// earlier a2term of the canvas fetched: an image from a host the person
// named (Options.FetchImages, Options.FetchedImages).
func (pd *propDecoder) fetched(u string, allowed []string) bool {
	return isImageTypes(allowed) && (Fetchable(u, pd.d.opts.FetchImages) || Fetchable(u, pd.d.opts.FetchedImages))
}

// isImageTypes reports whether allowed are an Image's media types: only
// pictures are fetched.
func isImageTypes(allowed []string) bool {
	return len(allowed) > 0 && &allowed[0] == &imageTypes[0]
}

// FetchHost returns the host of u as the person names it to let a2term
// fetch pictures from it (--fetch-images), and whether u is a URL a2term
// would fetch at all: https, with a host and no user or password (a
// picture never carries credentials), or plain http to this machine
// (localhost or a loopback address: nothing crosses a network, and
// agents run on it, such as the A2A samples, serve their pictures so).
// The host is in lower case, with its port only when it is not 443; a
// plain http URL's host always has its port (":80" when it names none),
// so that a host named without one means HTTPS.
func FetchHost(u string) (string, bool) {
	plain := len(u) >= 7 && strings.EqualFold(u[:7], "http://")
	if !plain && (len(u) < 8 || !strings.EqualFold(u[:8], "https://")) {
		return "", false
	}
	pu, err := url.Parse(u)
	if err != nil || pu.User != nil || pu.Hostname() == "" || pu.Opaque != "" {
		return "", false
	}
	host := strings.ToLower(pu.Host)
	if plain {
		if !IsLoopback(pu.Hostname()) {
			return "", false
		}
		if pu.Port() == "" {
			host += ":80"
		}
		return host, true
	}
	return strings.TrimSuffix(host, ":443"), true
}

// IsLoopback reports whether host (a name or an address, without a port)
// is this machine: localhost or a loopback address.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Fetchable reports whether a2term fetches the picture at u: FetchHost
// names one of hosts exactly (no subdomain, no other port).
func Fetchable(u string, hosts []string) bool {
	if len(hosts) == 0 {
		return false
	}
	h, ok := FetchHost(u)
	return ok && containsString(hosts, h)
}

// checkMediaURL reports whether u is a data: URL of one of the allowed media
// types, and if not, why.
func checkMediaURL(u string, allowed []string) (bool, string) {
	if !strings.HasPrefix(strings.ToLower(u), "data:") {
		return false, fmt.Sprintf("media must be a data: URL (%s); a2term never loads %q", strings.Join(allowed, ", "), mediaPlace(u))
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

// children08 reads a v0.8 children: {explicitList} or {template}.
func (pd *propDecoder) children08(name string) Children {
	var c Children
	raw, ok := pd.get(name, true)
	if !ok {
		return c
	}
	p := pd.d.p(pd.base, name)
	m := pd.d.object(raw, p, name)
	if pd.d.err != nil {
		return c
	}
	listRaw, hasList := m.member("explicitList")
	tplRaw, hasTpl := m.member("template")
	if hasList == hasTpl {
		pd.d.failf(CodeBadValue, p, "children holds exactly one of explicitList and template")
		return c
	}
	for x := m.first(); x.ok(); x = x.next() {
		if k := x.key(); k != "explicitList" && k != "template" {
			pd.d.warnf(CodeUnknownProperty, pd.d.pk(p, k), "unknown key %q in children ignored", SanitizeLine(k))
		}
	}
	if hasList {
		c.ExplicitList = pd.d.stringList(listRaw, pd.d.p(p, "explicitList"), "explicitList (an array of component ids)")
		return c
	}
	tp := pd.d.p(p, "template")
	t := pd.d.object(tplRaw, tp, "template")
	if pd.d.err != nil {
		return c
	}
	pd.d.unknownKeys(t, tp, "componentId", "dataBinding")
	var tpl Template
	for _, k := range []string{"componentId", "dataBinding"} {
		raw, ok := t.member(k)
		if !ok {
			pd.d.failf(CodeMissingProperty, pd.d.pk(tp, k), "template needs %s", k)
			return c
		}
		s := pd.d.plainString(raw, pd.d.pk(tp, k), k, false)
		if k == "componentId" {
			tpl.ComponentID = s
		} else {
			tpl.DataBinding = s
			pd.d.compPath(s, pd.d.pk(tp, k))
		}
	}
	c.Template = &tpl
	return c
}

// option is an option with label, and the value its member "value" gives.
func (pd *propDecoder) option(label Bound[string]) Option {
	o := Option{Label: label}
	if v, ok := pd.get("value", true); ok {
		o.Value = pd.d.plainString(v, pd.d.p(pd.base, "value"), "value", false)
	}
	return o
}

// objects reads the required array property name whose members are
// objects (what names one in refusals) of the keys given: a v0.9 message
// is refused for any other key, a v0.8 one warned of it. each reads one
// member through a decoder of its own. Once decoding failed it returns nil.
func objects[T any](pd *propDecoder, name, what string, keys []string, each func(sub *propDecoder) T) []T {
	raw, ok := pd.get(name, true)
	if !ok {
		return nil
	}
	p := pd.d.p(pd.base, name)
	items := pd.d.array(raw, p, name)
	if !items.ok() {
		return nil
	}
	out := make([]T, 0, items.len())
	for i, it := 0, items.first(); it.ok(); i, it = i+1, it.next() {
		ip := pd.d.pi(p, i)
		m := pd.d.object(it, ip, what)
		if pd.d.err != nil {
			return nil
		}
		if pd.d.v09 {
			pd.d.strictKeys(m, ip, keys...)
		} else {
			pd.d.unknownKeys(m, ip, keys...)
		}
		out = append(out, each(&propDecoder{d: pd.d, props: m, base: ip, dp: pd.dp}))
	}
	return out
}

// action08 reads a v0.8 action: {name, context}.
func (pd *propDecoder) action08(name string) Action {
	var a Action
	raw, ok := pd.get(name, true)
	if !ok {
		return a
	}
	p := pd.d.p(pd.base, name)
	m := pd.d.object(raw, p, name)
	if pd.d.err != nil {
		return a
	}
	pd.d.unknownKeys(m, p, "name", "context")
	n, ok := m.member("name")
	if !ok {
		pd.d.failf(CodeMissingProperty, pd.d.p(p, "name"), "action needs a name")
		return a
	}
	a.Name = pd.d.plainString(n, pd.d.p(p, "name"), "action name", false)
	if pd.d.err == nil && a.Name == "" {
		pd.d.failf(CodeBadValue, pd.d.p(p, "name"), "action name must not be empty")
	}
	ctxRaw, ok := m.member("context")
	if !ok || ctxRaw.kind == jNull {
		return a
	}
	items := pd.d.array(ctxRaw, pd.d.p(p, "context"), "action context (an array of {key, value})")
	if !items.ok() {
		return a
	}
	for i, it := 0, items.first(); it.ok(); i, it = i+1, it.next() {
		ip := pd.d.pi(pd.d.p(p, "context"), i)
		e := pd.d.object(it, ip, "a context entry")
		if pd.d.err != nil {
			return a
		}
		pd.d.unknownKeys(e, ip, "key", "value")
		kr, ok := e.member("key")
		if !ok {
			pd.d.failf(CodeMissingProperty, pd.d.p(ip, "key"), "a context entry needs a key")
			return a
		}
		vr, ok := e.member("value")
		if !ok {
			pd.d.failf(CodeMissingProperty, pd.d.p(ip, "value"), "a context entry needs a value")
			return a
		}
		var ce ContextEntry
		ce.Key = pd.d.plainString(kr, pd.d.p(ip, "key"), "key", false)
		ce.Value.Path, ce.Value.HasPath, ce.Value.HasLiteral = pd.d.boundAt(vr, pd.d.p(ip, "value"), "value", "", func(raw jval, lp string) bool {
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
func (d *decoder) scalar(raw jval, p, key string) (any, bool) {
	switch x := raw.plain().(type) {
	case string:
		if key == "literalString" || key == "literal" {
			return d.cleanAt(raw, x, d.clean(x, p, true)), d.err == nil
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
	d.failf(CodeBadValue, p, "%s must hold a %s", key, map[string]string{"literalString": "string", "literalNumber": "number", "literalBoolean": "boolean", "literal": "string, number or boolean"}[key])
	return nil, false
}

func (d *decoder) dataModelUpdate(body jval, p string) *DataModelUpdate {
	d.unknownKeys(body, p, "surfaceId", "path", "contents")
	u := &DataModelUpdate{SurfaceID: d.surfaceID}
	if raw, ok := body.member("path"); ok {
		u.Path = d.plainString(raw, d.p(p, "path"), "path", false)
	}
	u.segs, u.parsed = d.path(u.Path, d.p(p, "path")).segs, true
	raw, ok := body.member("contents")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "contents"), "contents is required")
		return nil
	}
	if raw.kind == jObject {
		if !d.opts.Lenient {
			d.failf(CodeBadValue, d.p(p, "contents"), "contents must be an array of {key, value…} entries (an object is accepted with --lenient)")
			return nil
		}
		d.warnf(CodeLenient, d.p(p, "contents"), "contents given as an object, read as key → value")
		var root any = NewObject()
		for x := raw.first(); x.ok(); x = x.next() {
			k := x.key()
			kp := d.p(p, "contents/") + escapePointer(k)
			root = put(root, d.path(d.clean(k, kp, false), kp).segs, d.cleanPlain(x, kp))
		}
		u.Value = root
		return u
	}
	entries := d.array(raw, d.p(p, "contents"), "contents (an array of {key, value…} entries)")
	if !entries.ok() {
		return nil
	}
	u.Value = d.entries(entries, d.p(p, "contents"))
	return u
}

// entries builds the value a list of data entries describes. Each key is a
// path relative to the value being built ("." is the value itself), so
// "a/b" nests and [{"key":".","valueNumber":3}] is the bare number 3.
func (d *decoder) entries(entries jval, p string) any {
	// Sized for the usual case, one member per entry; with the keys of the
	// object before when its entries name them in the same order (the
	// items of a list), which it then shares (see cleanPlain).
	count := entries.len()
	share := count > 0 && count == len(d.lastKeys)
	for i, raw := 0, entries.first(); share && raw.ok(); i, raw = i+1, raw.next() {
		kr, ok := raw.member("key")
		share = raw.kind == jObject && ok && kr.kind == jString && kr.strIs(d.lastKeys[i]) && plainKey(d.lastKeys[i])
	}
	o := d.newObject(entries)
	if share {
		o.keys, o.vals, o.shared = d.lastKeys, d.valueList(entries, count), true
	} else {
		o.keys, o.vals = make([]string, 0, count), d.valueList(entries, count)[:0]
	}
	var root any = o
	for i, raw := 0, entries.first(); raw.ok(); i, raw = i+1, raw.next() {
		ep := d.pi(p, i)
		e := d.object(raw, ep, "a data entry")
		if d.err != nil {
			return nil
		}
		kr, ok := e.member("key")
		if !ok {
			d.failf(CodeMissingProperty, d.p(ep, "key"), "a data entry needs a key")
			return nil
		}
		key := d.plainString(kr, d.p(ep, "key"), "key", false)
		var val any
		n := 0
		for x := e.first(); x.ok(); x = x.next() {
			k := x.key()
			vp := d.pk(ep, k)
			switch k {
			case "key":
				continue
			case "valueString":
				n++
				val = d.stringValue(x, vp)
			case "valueNumber":
				n++
				val = d.num(x, vp, "valueNumber")
			case "valueBoolean":
				n++
				val = d.boolean(x, vp, "valueBoolean")
			case "valueMap":
				n++
				sub := d.array(x, vp, "valueMap (an array of entries)")
				if d.err != nil {
					return nil
				}
				val = d.entries(sub, vp)
			default:
				d.warnf(CodeUnknownProperty, vp, "unknown key %q in data entry ignored", SanitizeLine(k))
			}
		}
		if d.err != nil {
			return nil
		}
		if n != 1 {
			d.failf(CodeEntryWithoutValue, ep, "entry %q needs exactly one of valueString, valueNumber, valueBoolean, valueMap; it has %d", key, n)
			return nil
		}
		if share {
			o.vals[i] = val // the key is the one at i
			continue
		}
		if o, ok := root.(*Object); ok && plainKey(key) {
			o.set(key, val) // what put does with a one-segment path
			continue
		}
		root = put(root, d.path(key, d.p(ep, "key")).segs, val)
	}
	d.lastKeys = nil
	if share {
		d.lastKeys = o.keys
	} else if r, ok := root.(*Object); ok && r == o && len(o.keys) == count && len(o.keys) <= unindexed {
		d.lastKeys = o.keys[:len(o.keys):len(o.keys)] // each entry's key, plain and not repeated
	}
	return root
}

// plainKey reports whether key, read as a path, is the one segment key:
// it has no separator, index or escape.
func plainKey(key string) bool {
	for i := range len(key) {
		switch key[i] {
		case '/', '.', '[', '~':
			return false
		}
	}
	return key != ""
}

// stringValue reads a valueString. Text that is a JSON object or array
// becomes that object or array, as web_core's parseIfJsonString does
// (official examples bind lists to such strings); anything else, JSON-like
// or not, stays text.
func (d *decoder) stringValue(v jval, p string) any {
	if d.err != nil {
		return nil
	}
	if v.kind != jString {
		return d.plainString(v, p, "valueString", true)
	}
	s := v.str()
	if len(s) <= MaxStringBytes {
		t := strings.TrimSpace(s)
		if len(t) >= 2 && (t[0] == '{' && t[len(t)-1] == '}' || t[0] == '[' && t[len(t)-1] == ']') {
			if jv, err := parseJSON([]byte(t)); err == nil {
				return d.cleanPlain(jv, p)
			}
		}
	}
	if cleanAsIs(v, s) {
		return s
	}
	return d.cleanAt(v, s, d.clean(s, p, true))
}

// cleanPlain converts a parsed value to plain values (as plain does) and
// sanitizes every string on the way, keys as lines, refusing over-long
// ones: one pass, the value built once. Of a key given more than once the
// last value counts, at the place of the first, as plain reads it.
func (d *decoder) cleanPlain(v jval, p string) any {
	switch v.kind {
	case jString:
		s := v.str()
		if cleanAsIs(v, s) {
			return s
		}
		return d.clean(s, p, true)
	case jArray:
		out := make([]any, 0, v.len())
		for i, x := 0, v.first(); x.ok(); i, x = i+1, x.next() {
			out = append(out, d.cleanPlain(x, d.pi(p, i)))
		}
		return out
	case jObject:
		o := d.newObject(v)
		if keys := d.lastKeys; len(keys) > 0 && len(keys) <= unindexed && v.keysAre(keys) {
			// The keys of the object before, as items of a list have:
			// one list for them all, which set copies before it changes
			// it. (Those keys were clean and not repeated.)
			o.keys, o.vals, o.shared = keys, d.valueList(v, len(keys)), true
			for i, x := 0, v.first(); x.ok(); i, x = i+1, x.next() {
				o.vals[i] = d.cleanPlain(x, d.pk(p, keys[i]))
			}
			d.lastKeys = keys // (a value may have been an object of its own)
			return o
		}
		keys := v.keys()
		if len(keys) > 0 {
			o.keys, o.vals = make([]string, 0, len(keys)), d.valueList(v, len(keys))[:0]
		}
		repeated := repeatedKeys(keys)
		for i, x := 0, v.first(); x.ok(); i, x = i+1, x.next() {
			k := keys[i]
			ck := d.clean(k, p, false)
			if repeated != nil && repeated[k] != i {
				o.set(ck, nil) // its place; the last value comes later
				continue
			}
			o.set(ck, d.cleanPlain(x, d.pk(p, k)))
		}
		if repeated == nil && slices.Equal(o.keys, keys) {
			d.lastKeys = o.keys[:len(o.keys):len(o.keys)]
		} else {
			d.lastKeys = nil
		}
		return o
	default:
		// null, a boolean or a number: no text to clean.
	}
	return v.plain()
}

// repeatedKeys returns, when some key of keys is given more than once,
// the index of the last of each key; nil when none repeats.
func repeatedKeys(keys []string) map[string]int {
	dup := false
	if len(keys) <= 16 {
		for i := 1; i < len(keys) && !dup; i++ {
			for j := range i {
				if keys[j] == keys[i] {
					dup = true
					break
				}
			}
		}
		if !dup {
			return nil
		}
	}
	last := make(map[string]int, len(keys))
	for i, k := range keys {
		if _, ok := last[k]; ok {
			dup = true
		}
		last[k] = i
	}
	if !dup {
		return nil
	}
	return last
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

// quotedList is the strings of list quoted, joined with "or".
func quotedList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, " or ")
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
	if strings.IndexByte(s, '~') < 0 && strings.IndexByte(s, '/') < 0 {
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

// stringList reads an array of strings, each sanitized as one line.
func (d *decoder) stringList(v jval, p, what string) []string {
	items := d.array(v, p, what)
	if !items.ok() {
		return nil
	}
	out := d.ids.Take(items.len(), d.left*8)[:0]
	for i, it := 0, items.first(); it.ok(); i, it = i+1, it.next() {
		out = append(out, d.plainString(it, d.pi(p, i), what, false))
	}
	return out
}

// regexp compiles a validationRegexp as a whole-value match, once per
// pattern and surface (see compile); one that is not valid RE2 is not
// checked, with a warning for each component that has it.
//
// A pattern over the regex bounds is refused (with Lenient, a warning, and
// not checked).
func (d *decoder) regexp(src, p string) *pattern {
	c := d.validation(src)
	if b := asBound(c.err); b == errWorkSpent {
		d.failf(CodeEvalLimit, p, "compiling the message's patterns: %s", b)
		return nil
	} else if b != nil {
		if !d.opts.Lenient {
			d.failf(CodeRegexTooLarge, p, "validationRegexp %q refused: %s", clip(src), b)
		} else {
			d.warnf(CodeRegexTooLarge, p, "validationRegexp %q is not checked: %s", clip(src), b)
		}
		return nil
	}
	if c.err != nil {
		d.warnf(CodeBadRegexp, p, "validationRegexp does not compile as RE2 and is not checked: %s", shortRegexpError(c.err))
	}
	return c.re
}

type compiled struct {
	re  *pattern
	err error
}

// validation compiles the RE2 source of a validationRegexp as a
// whole-value match (after checking that it compiles alone), once per
// message and, once the message's surface is known, once for the
// surface's life: a message that repeats a pattern, or an agent that
// sends the same message again, compiles it once. Compiling spends from
// the message's budget.
func (d *decoder) validation(src string) compiled {
	c, ok := d.res[src]
	if !ok {
		pats := d.patterns()
		if _, c.err = pats.compile(src, &d.bud); c.err == nil {
			c.re, c.err = pats.compile(`^(?:`+src+`)$`, &d.bud)
		}
		if d.res == nil {
			d.res = map[string]compiled{}
		}
		d.res[src] = c
	}
	return c
}

// patterns returns the compiled patterns of the message's surface, or nil.
func (d *decoder) patterns() *patternCache {
	if d.patternsOf == nil || d.surfaceID == "" {
		return nil
	}
	return d.patternsOf(d.surfaceID)
}
