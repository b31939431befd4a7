package a2ui

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/a2term/a2term/internal/arena"
)

// jval is one value of a parsed JSON document. DecodeMessage parses a
// message once and reads every property from the parsed values, instead of
// unmarshalling each level again, which would scan a message once per level
// of nesting.
//
// The parsed tree holds no pointer: its nodes are spans of the document
// linked by index, and a string is made from its bytes only when it is
// read. So building the tree writes no pointer the garbage collector has
// to follow, and a pooled parser's nodes are neither scanned nor cleared.
// A jval is a node and its parser, passed by value; the zero jval is no
// value.
type jval struct {
	*jnode
	p *jparser
}

// jnode is one node of a parsed document.
type jnode struct {
	// bits is a number's value (its float64 bits; 1 or 0 for a boolean),
	// and an object's key lengths, as a filter: keyBit(n) is set for every
	// key of n bytes written out as it is (all bits, once a key is written
	// otherwise), so that a lookup of a key of another length looks at
	// no member. (One field for both keeps a node at 40 bytes: parsing a
	// message writes a node for each of its values.)
	bits  uint64
	start int32 // the value's byte span in the document
	end   int32 //
	// A member of an object: its key's characters, inside the quotes.
	kstart, kend int32
	first        int32 // a container's first member or element; 0 when it has none
	next         int32 // the next member or element of the same container; 0 after the last
	n            int32 // a container's count of members or elements
	kind         jkind
	text         uint8 // how a string's (or a key's) characters are written: plainText, rawText or escapedText
}

// How the characters of a string are written in the document: printable
// ASCII as they are; as they are with other bytes (which may not be valid
// UTF-8); with escapes. A key's form is in its high four bits.
const (
	plainText   = 0
	rawText     = 1
	escapedText = 2
	keyShift    = 4
)

type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

func (k jkind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// number returns a number's value, 1 or 0 for a boolean.
func (v jval) number() float64 { return math.Float64frombits(v.bits) }

// ok reports whether v is a value.
func (v jval) ok() bool { return v.jnode != nil }

// at returns node i of v's document.
func (v jval) at(i int32) jval { return jval{&v.p.nodes[i], v.p} }

// first returns a container's first member or element, next the member or
// element after v in its container; each is no value (!ok) past the end.
func (v jval) first() jval {
	if v.jnode.first == 0 {
		return jval{}
	}
	return v.at(v.jnode.first)
}

func (v jval) next() jval {
	if v.jnode.next == 0 {
		return jval{}
	}
	return v.at(v.jnode.next)
}

// len returns a container's count of members or elements.
func (v jval) len() int { return int(v.n) }

// str returns a string's value, "" for a value of another kind.
func (v jval) str() string {
	if v.kind != jString {
		return ""
	}
	b := v.p.data[v.start+1 : v.end-1]
	switch v.jnode.text & (1<<keyShift - 1) {
	case plainText:
		return v.p.text(b, v.start)
	case rawText:
		return validUTF8(b)
	}
	return unescape(b)
}

// printable reports whether v is a string written out as printable ASCII,
// with no escape: one that sanitizing keeps as it is, as a line or as
// text, and that holds no line break nor tab.
func (v jval) printable() bool {
	return v.kind == jString && v.jnode.text&(1<<keyShift-1) == plainText
}

// strIs reports whether v is the string t.
func (v jval) strIs(t string) bool {
	if v.kind != jString {
		return false
	}
	if v.jnode.text&(1<<keyShift-1) == plainText {
		return string(v.p.data[v.start+1:v.end-1]) == t
	}
	return v.str() == t
}

// key returns the key of a member of an object.
func (v jval) key() string {
	b := v.p.data[v.kstart:v.kend]
	switch v.jnode.text >> keyShift {
	case plainText:
		if t := v.p.keys; t != nil && len(b) <= maxInternedKey {
			k, slot, ok := t.get(b)
			if !ok {
				// Its own string, not one of the document's blocks (see
				// text): the table keeps it for the messages after.
				k = string(b)
				t.slots[slot] = k
			}
			return k
		}
		return string(b)
	case rawText:
		return validUTF8(b)
	}
	return unescape(b)
}

// keyIs reports whether the key of a member of an object is k.
func (v jval) keyIs(k string) bool {
	if v.jnode.text>>keyShift != plainText {
		return v.key() == k
	}
	return int(v.kend-v.kstart) == len(k) && string(v.p.data[v.kstart:v.kend]) == k
}

// keyIn reports whether the key of a member of an object is one of keys.
func (v jval) keyIn(keys []string) bool {
	for _, k := range keys {
		if v.keyIs(k) {
			return true
		}
	}
	return false
}

// member returns the value of key in an object; the last one when a key is
// repeated, as encoding/json does.
func (v jval) member(key string) (jval, bool) {
	i := v.find(key, nil)
	if i == 0 {
		return jval{}, false
	}
	return v.at(i), true
}

// find returns the index of the node of the last member of the object v
// whose key is key, 0 when there is none; each, when not nil, is told the
// place in the object of every member whose key is key.
func (v jval) find(key string, each func(place int)) int32 {
	if v.bits&keyBit(len(key)) == 0 {
		return 0
	}
	nodes, data := v.p.nodes, v.p.data
	var found int32
	place := 0
	for j := v.jnode.first; j != 0; place++ {
		n := &nodes[j]
		var hit bool
		if n.text>>keyShift != plainText {
			hit = (jval{n, v.p}).key() == key
		} else {
			hit = int(n.kend-n.kstart) == len(key) && string(data[n.kstart:n.kend]) == key
		}
		if hit {
			found = j
			if each != nil {
				each(place)
			}
		}
		j = n.next
	}
	return found
}

// keyBit is the bit of an object's filter (bits) for a key of n bytes.
func keyBit(n int) uint64 { return 1 << (n & 63) }

// keysAre reports whether the keys of an object are keys, in that order.
func (v jval) keysAre(keys []string) bool {
	if int(v.n) != len(keys) {
		return false
	}
	i := 0
	for x := v.first(); x.ok(); x = x.next() {
		if !x.keyIs(keys[i]) {
			return false
		}
		i++
	}
	return true
}

// keys returns the keys of an object in document order.
func (v jval) keys() []string {
	out := make([]string, 0, v.n)
	for x := v.first(); x.ok(); x = x.next() {
		out = append(out, x.key())
	}
	return out
}

// maxJSONDepth bounds nesting so that a hostile document cannot exhaust the
// stack; no A2UI message comes near it.
const maxJSONDepth = 512

// maxJSONBytes bounds one message, far above what the agent API accepts,
// so that byte offsets fit in an int32.
const maxJSONBytes = 1 << 30

// jparser is a strict RFC 8259 parser.
type jparser struct {
	data  []byte
	pos   int
	depth int
	nodes []jnode // nodes[0] is the document's value
	// keys repeat a lot (id, component, literalString…): one string
	// each. A parser from the pool has the table; parseJSON's has none.
	// (String values are not shared so: they take a few bytes of a
	// block each, which costs less than looking them up.)
	keys *internTable
	// loose is set once the document has white space between tokens or
	// a string that is not printable ASCII written out: what a
	// component's stored JSON must change (see decoder.cleanJSON).
	loose bool
	// bindings counts the keys "path" and "dataBinding" written out, for
	// the decoder to size its list of a message's data paths.
	bindings int
	// room is what is left of the block the document's string values are
	// copied to (see text).
	room arena.Bytes
}

// text returns the characters b of a string value that starts at byte at
// of the document, as a string. Short strings are copied to blocks of a
// few KB that they share, instead of one allocation each: a message's
// ids, paths and data values are many small strings. A block is never
// larger than what is left of the document from b on, so that a message
// of a few strings keeps no more than it holds, and a string keeps at
// most its block alive. The bytes of a block are written once, before
// the strings that share them are made, and never again.
func (p *jparser) text(b []byte, at int32) string {
	const blockBytes, maxShared = 512, 64
	if len(b) == 0 {
		return ""
	}
	if len(b) > maxShared {
		return string(b)
	}
	return p.room.String(b, blockBytes, len(p.data)-int(at))
}

// internTable shares one string for each distinct short byte string: a
// direct-mapped cache of the strings last made, so that looking one up
// costs a hash of its bytes and one comparison, and a collision only
// costs making the string again.
type internTable struct{ slots [256]string }

// internHash folds b to a slot: a multiplicative hash of its length and
// of words read from both ends (the middle too, for up to 32 bytes), which
// tells short keys apart at the cost of a few loads.
func internHash(b []byte) uint8 {
	n := len(b)
	var x, y uint64
	switch {
	case n >= 16:
		x = binary.LittleEndian.Uint64(b) ^ binary.LittleEndian.Uint64(b[n-16:])*0x9e3779b97f4a7c15
		y = binary.LittleEndian.Uint64(b[n-8:]) ^ binary.LittleEndian.Uint64(b[8:])*0xc2b2ae3d27d4eb4f
	case n >= 8:
		x, y = binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4:
		x, y = uint64(binary.LittleEndian.Uint32(b)), uint64(binary.LittleEndian.Uint32(b[n-4:]))
	case n > 0:
		x, y = uint64(b[0])<<16|uint64(b[n>>1])<<8|uint64(b[n-1]), 0
	}
	h := (x^uint64(n)<<56)*0x9e3779b97f4a7c15 ^ y*0xff51afd7ed558ccd
	return uint8((h ^ h>>29) * 0xc4ceb9fe1a85ec53 >> 56)
}

// get returns the shared string for b, if the table holds it, and the
// slot b belongs in.
func (t *internTable) get(b []byte) (string, uint8, bool) {
	slot := internHash(b)
	s := t.slots[slot]
	return s, slot, s == string(b)
}

type jsonSyntaxError struct {
	msg    string
	offset int
}

func (e *jsonSyntaxError) Error() string { return fmt.Sprintf("%s at byte %d", e.msg, e.offset) }

// parseJSON parses one JSON document.
func parseJSON(data []byte) (jval, error) {
	p := &jparser{data: data}
	return p.parse()
}

// parsers keeps parsers from one message to the next: a message's values
// are garbage once the message is decoded, and their nodes serve the next
// one, so that decoding a large batch does not allocate its parse trees
// again and again.
var parsers = sync.Pool{New: func() any { return new(jparser) }}

// kept holds a few parsers of moderate size outside the pool, which the
// garbage collector empties at every cycle: a program decoding one large
// message after another (a long surface shown again and again) would
// otherwise make its nodes anew after each collection. It keeps at most
// maxKept parsers of at most maxKeptValues values each.
var kept struct {
	sync.Mutex
	free []*jparser
}

const (
	maxKept       = 2
	maxKeptValues = 1 << 14
)

// pooledParser returns a parser for data whose values live until release.
func pooledParser(data []byte) *jparser {
	var p *jparser
	kept.Lock()
	if n := len(kept.free); n > 0 {
		p = kept.free[n-1]
		kept.free[n-1] = nil
		kept.free = kept.free[:n-1]
	}
	kept.Unlock()
	if p == nil {
		p = parsers.Get().(*jparser)
	}
	p.data, p.pos, p.depth, p.loose, p.bindings = data, 0, 0, false, 0
	p.room.Reset()
	if p.keys == nil {
		p.keys = new(internTable)
	}
	return p
}

// maxPooledValues bounds the values a pooled parser keeps nodes for.
const maxPooledValues = 1 << 17

// release returns the parser to the pool: nothing may read its values any
// more. Its nodes hold no pointer, so they are left as they are for the
// next document to overwrite.
func (p *jparser) release() {
	values := cap(p.nodes)
	p.nodes = p.nodes[:0]
	p.data = nil
	p.room.Reset() // the keys stay: they are the same from one message to the next
	if values <= maxKeptValues {
		kept.Lock()
		if len(kept.free) < maxKept {
			kept.free = append(kept.free, p)
			kept.Unlock()
			return
		}
		kept.Unlock()
	}
	if values > maxPooledValues {
		return // too big to keep
	}
	parsers.Put(p)
}

func (p *jparser) parse() (jval, error) {
	if len(p.data) > maxJSONBytes {
		return jval{}, &jsonSyntaxError{msg: fmt.Sprintf("message of %d bytes is over %d", len(p.data), maxJSONBytes)}
	}
	if p.nodes == nil || cap(p.nodes) < len(p.data)/12 {
		// About one value per 12 bytes of JSON.
		p.nodes = make([]jnode, 0, max(16, len(p.data)/12))
	}
	p.nodes = p.nodes[:0]
	i, err := p.value()
	if err != nil {
		return jval{}, err
	}
	p.space()
	if p.pos != len(p.data) {
		return jval{}, p.errorf("unexpected %s after the value", p.what())
	}
	return jval{&p.nodes[i], p}, nil
}

// node adds a node of kind and returns its index.
func (p *jparser) node(kind jkind) int32 {
	p.nodes = append(p.nodes, jnode{kind: kind})
	return int32(len(p.nodes) - 1) //nolint:gosec // a node per byte at most, and parse refuses over maxJSONBytes
}

func (p *jparser) errorf(format string, args ...any) error {
	return &jsonSyntaxError{msg: fmt.Sprintf(format, args...), offset: p.pos}
}

func (p *jparser) what() string {
	if p.pos >= len(p.data) {
		return "end of input"
	}
	c := p.data[p.pos]
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func (p *jparser) space() {
	data, i := p.data, p.pos
	if i >= len(data) || data[i] > ' ' {
		return // a compact document has no space between tokens
	}
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	if i != p.pos {
		p.pos, p.loose = i, true
	}
}

// value parses one value and returns its node's index.
func (p *jparser) value() (int32, error) {
	p.space()
	if p.pos >= len(p.data) {
		return 0, p.errorf("unexpected end of input")
	}
	start := p.pos
	var i int32
	var err error
	switch c := p.data[p.pos]; {
	case c == '{':
		i, err = p.object()
	case c == '[':
		i, err = p.array()
	case c == '"':
		var form uint8
		form, err = p.string()
		i = p.node(jString)
		p.nodes[i].text = form
	case c == 't':
		i, err = p.literal("true", jBool, true)
	case c == 'f':
		i, err = p.literal("false", jBool, false)
	case c == 'n':
		i, err = p.literal("null", jNull, false)
	case c == '-' || c >= '0' && c <= '9':
		i, err = p.number()
	default:
		return 0, p.errorf("invalid character %s looking for a value", p.what())
	}
	if err != nil {
		return 0, err
	}
	n := &p.nodes[i]
	n.start, n.end = int32(start), int32(p.pos) //nolint:gosec // parse refuses over maxJSONBytes
	return i, nil
}

func (p *jparser) literal(word string, kind jkind, b bool) (int32, error) {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return 0, p.errorf("invalid literal, expected %s", word)
	}
	p.pos += len(word)
	i := p.node(kind)
	if b {
		p.nodes[i].bits = math.Float64bits(1)
	}
	return i, nil
}

func (p *jparser) number() (int32, error) {
	start := p.pos
	if p.data[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.pos < len(p.data) && p.data[p.pos] == '0' {
		p.pos++
	} else if digits() == 0 {
		return 0, p.errorf("invalid number")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return 0, p.errorf("invalid number: no digits after the point")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return 0, p.errorf("invalid number: no digits in the exponent")
		}
	}
	f, err := strconv.ParseFloat(string(p.data[start:p.pos]), 64)
	if err != nil {
		return 0, &jsonSyntaxError{msg: "number out of range", offset: start}
	}
	i := p.node(jNumber)
	p.nodes[i].bits = math.Float64bits(f)
	return i, nil
}

// string checks the string at p.pos and moves past it; it tells how its
// characters are written (plainText, rawText or escapedText), for jval.str
// to make the string when it is read.
func (p *jparser) string() (uint8, error) {
	p.pos++ // opening quote
	form := uint8(plainText)
	for p.pos < len(p.data) {
		data, i := p.data, p.pos
		for i < len(data) && plainStringByte[data[i]] {
			i++
		}
		p.pos = i
		if p.pos == len(p.data) {
			break
		}
		switch c := p.data[p.pos]; {
		case c == '"':
			p.pos++
			return form, nil
		case c == '\\':
			p.loose, form = true, escapedText
			if err := p.escape(); err != nil {
				return 0, err
			}
		case c < 0x20:
			return 0, p.errorf("control character in string")
		default:
			// DEL or a byte of a longer character: not printable
			// ASCII, and the rest of the run need not be told apart.
			p.loose = true
			form = max(form, rawText)
			p.pos++
			for p.pos < len(p.data) && unescapedByte[p.data[p.pos]] {
				p.pos++
			}
		}
	}
	return 0, p.errorf("unterminated string")
}

// escape checks the escape at p.pos and moves past it.
func (p *jparser) escape() error {
	p.pos++ // the backslash
	if p.pos >= len(p.data) {
		return p.errorf("unterminated string")
	}
	e := p.data[p.pos]
	p.pos++
	switch e {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return nil
	case 'u':
		if _, ok := hex4(p.data[p.pos:]); !ok {
			return p.errorf("invalid \\u escape")
		}
		p.pos += 4
		return nil
	}
	return p.errorf("invalid escape \\%c", e)
}

// unescape returns the characters b of a string the parser checked, with
// its escapes read: a lone surrogate and every byte that is not part of
// valid UTF-8 become U+FFFD, as encoding/json reads strings.
func unescape(b []byte) string {
	buf := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		c := b[i]
		if c != '\\' {
			buf = append(buf, c)
			i++
			continue
		}
		e := b[i+1]
		i += 2
		switch e {
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, _ := hex4(b[i:])
			i += 4
			if utf16.IsSurrogate(r) {
				var n int
				r, n = surrogatePair(r, b[i:])
				i += n
			}
			buf = utf8.AppendRune(buf, r)
		default: // '"', '\\', '/'
			buf = append(buf, e)
		}
	}
	return validUTF8(buf)
}

// surrogatePair reads the \u escape in b that completes the surrogate r:
// the character they stand for and the escape's length, or the
// replacement character and 0 when b does not start with a fitting one
// (the second escape, if any, then stands on its own).
func surrogatePair(r rune, b []byte) (rune, int) {
	r2 := rune(-1)
	if len(b) > 1 && b[0] == '\\' && b[1] == 'u' {
		if x, ok := hex4(b[2:]); ok {
			r2 = x
		}
	}
	if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
		return d, 6
	}
	return utf8.RuneError, 0
}

// maxInternedKey is the longest key the parser shares one copy of.
const maxInternedKey = 32

// unescapedByte holds the bytes a JSON string holds as they are: all but
// the quote, the backslash and the control characters.
var unescapedByte = func() (t [256]bool) {
	for c := 0x20; c < 0x100; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// key checks an object key at p.pos and moves past it; it returns how its
// characters are written.
func (p *jparser) key() (uint8, error) {
	data := p.data
	start := p.pos + 1
	end := start
	for end < len(data) && plainStringByte[data[end]] {
		end++
	}
	if end >= len(data) || data[end] != '"' {
		return p.string()
	}
	if n := end - start; n == 4 && string(data[start:end]) == "path" || n == 11 && string(data[start:end]) == "dataBinding" {
		p.bindings++
	}
	p.pos = end + 1
	return plainText, nil
}

// hex4 reads the four hex digits of a \u escape at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

func (p *jparser) enter() error {
	p.depth++
	if p.depth > maxJSONDepth {
		return p.errorf("nested more than %d levels deep", maxJSONDepth)
	}
	return nil
}

func (p *jparser) object() (int32, error) {
	if err := p.enter(); err != nil {
		return 0, err
	}
	i, err := p.members()
	p.depth--
	return i, err
}

// link makes node i the member or element of container c after prev (its
// first when prev is 0).
func (p *jparser) link(c, prev, i int32) {
	if prev == 0 {
		p.nodes[c].first = i
	} else {
		p.nodes[prev].next = i
	}
	p.nodes[c].n++
}

func (p *jparser) members() (int32, error) {
	p.pos++ // {
	v := p.node(jObject)
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return v, nil
	}
	var prev int32
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return 0, p.errorf("invalid character %s looking for an object key", p.what())
		}
		kstart := p.pos + 1
		form, err := p.key()
		if err != nil {
			return 0, err
		}
		kend := p.pos - 1
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return 0, p.errorf("invalid character %s after an object key", p.what())
		}
		p.pos++
		val, err := p.value()
		if err != nil {
			return 0, err
		}
		n := &p.nodes[val]
		n.kstart, n.kend = int32(kstart), int32(kend) //nolint:gosec // parse refuses over maxJSONBytes
		n.text |= form << keyShift
		if form == plainText {
			p.nodes[v].bits |= keyBit(kend - kstart)
		} else {
			p.nodes[v].bits = ^uint64(0)
		}
		p.link(v, prev, val)
		prev = val
		p.space()
		if p.pos >= len(p.data) {
			return 0, p.errorf("unexpected end of input in an object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return v, nil
		default:
			return 0, p.errorf("invalid character %s after an object member", p.what())
		}
	}
}

func (p *jparser) array() (int32, error) {
	if err := p.enter(); err != nil {
		return 0, err
	}
	i, err := p.elements()
	p.depth--
	return i, err
}

func (p *jparser) elements() (int32, error) {
	p.pos++ // [
	v := p.node(jArray)
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return v, nil
	}
	var prev int32
	for {
		el, err := p.value()
		if err != nil {
			return 0, err
		}
		p.link(v, prev, el)
		prev = el
		p.space()
		if p.pos >= len(p.data) {
			return 0, p.errorf("unexpected end of input in an array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return v, nil
		default:
			return 0, p.errorf("invalid character %s after an array element", p.what())
		}
	}
}

// plain converts a parsed value to a data-model value.
func (v jval) plain() any {
	switch v.kind {
	case jBool:
		return v.number() != 0
	case jNumber:
		return v.number()
	case jString:
		return v.str()
	case jArray:
		out := make([]any, 0, v.n)
		for x := v.first(); x.ok(); x = x.next() {
			out = append(out, x.plain())
		}
		return out
	case jObject:
		o := NewObject()
		for x := v.first(); x.ok(); x = x.next() {
			o.set(x.key(), x.plain())
		}
		return o
	default:
		// null.
	}
	return nil
}

// validUTF8 returns b as a string with every byte that is not part of valid
// UTF-8 replaced by U+FFFD, as encoding/json reads strings.
func validUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, b[:n]...)
		}
		b = b[n:]
	}
	return string(out)
}
