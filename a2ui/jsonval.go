package a2ui

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// jval is one value of a parsed JSON document. DecodeMessage parses a
// message once into jvals and reads every property from them, instead of
// unmarshalling each level again, which would scan a message once per level
// of nesting.
type jval struct {
	kind  jkind
	start int32   // the value's byte span in the document
	end   int32   //
	str   string  // a string's value
	num   float64 // a number's value; 1 or 0 for a boolean
	keys  []string
	vals  []*jval // an object's member values in document order, or an array's elements
}

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

// member returns the value of key in an object; the last one when a key is
// repeated, as encoding/json does.
func (v *jval) member(key string) (*jval, bool) {
	for i := len(v.keys) - 1; i >= 0; i-- {
		if v.keys[i] == key {
			return v.vals[i], true
		}
	}
	return nil, false
}

// maxJSONDepth bounds nesting so that a hostile document cannot exhaust the
// stack; no A2UI message comes near it.
const maxJSONDepth = 512

// maxJSONBytes bounds one message, far above what the agent API accepts,
// so that byte offsets fit in an int32.
const maxJSONBytes = 1 << 30

// jparser is a strict RFC 8259 parser. Nodes come from a slab to keep
// allocations per message low.
type jparser struct {
	data   []byte
	pos    int
	depth  int
	all    []jval // the current node slab; all[:used] are taken
	used   int
	keyBuf []string
	valBuf []*jval
	// A pooled parser keeps its slabs and buffers: slabs[:slabAt],
	// keyBufs[:keyAt] and valBufs[:valAt] are in use.
	slabs   [][]jval
	keyBufs [][]string
	valBufs [][]*jval
	slabAt  int
	keyAt   int
	valAt   int
	// Members and elements are gathered on these stacks and copied out
	// at the right size when their container closes.
	keyStack []string
	valStack []*jval
	// keys repeat a lot (id, component, literalString…): one string each;
	// vals does the same for short values (type names, enums) of a large
	// document. A parser from the pool has both; parseJSON's has none.
	keys, vals *internTable
	valsUsed   bool // vals holds strings of the current document
	// loose is set once the document has white space between tokens or
	// a string that is not printable ASCII written out: what a
	// component's stored JSON must change (see decoder.cleanJSON).
	loose bool
	// bindings counts the keys "path" and "dataBinding" written out, for
	// the decoder to size its list of a message's data paths.
	bindings int
}

// internTable shares one string for each distinct short byte string: a
// direct-mapped cache of the strings last made, so that looking one up
// costs a hash of its bytes and one comparison, and a collision only
// costs making the string again.
type internTable struct{ slots [256]string }

// internHash folds b to a slot: a multiplicative hash of its length and
// of words read from both ends (the middle too, for up to 32 bytes), which
// tells short keys and values apart at the cost of a few loads.
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
func parseJSON(data []byte) (*jval, error) {
	p := &jparser{data: data}
	return p.parse()
}

// parsers keeps parsers from one message to the next: a message's values
// are garbage once the message is decoded, and their slabs serve the next
// one, so that decoding a large batch does not allocate its parse trees
// again and again.
var parsers = sync.Pool{New: func() any { return new(jparser) }}

// kept holds a few parsers of moderate size outside the pool, which the
// garbage collector empties at every cycle: a program decoding one large
// message after another (a long surface shown again and again) would
// otherwise make its slabs anew after each collection. It keeps at most
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
	if p.keys == nil {
		p.keys, p.vals = new(internTable), new(internTable)
	}
	return p
}

// maxPooledValues bounds the values a pooled parser keeps slabs for.
const maxPooledValues = 1 << 17

// release clears what the parser handed out (nothing may hold its values
// any more) and returns it to the pool.
func (p *jparser) release() {
	values := 0
	for i, slab := range p.slabs {
		switch {
		case i < p.slabAt-1:
			clear(slab)
		case i == p.slabAt-1:
			clear(slab[:p.used]) // the rest of the last one was not handed out
		}
		values += len(slab)
	}
	for _, b := range p.keyBufs[:p.keyAt] {
		clear(b)
	}
	for _, b := range p.valBufs[:p.valAt] {
		clear(b)
	}
	clear(p.keyStack[:cap(p.keyStack)])
	clear(p.valStack[:cap(p.valStack)])
	p.keyStack, p.valStack = p.keyStack[:0], p.valStack[:0]
	p.all, p.used, p.slabAt = nil, 0, 0
	p.keyBuf, p.valBuf, p.keyAt, p.valAt = nil, nil, 0, 0
	p.data = nil
	if p.valsUsed {
		clear(p.vals.slots[:]) // the keys stay: they are the same from one message to the next
		p.valsUsed = false
	}
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

func (p *jparser) parse() (*jval, error) {
	if len(p.data) > maxJSONBytes {
		return nil, &jsonSyntaxError{msg: fmt.Sprintf("message of %d bytes is over %d", len(p.data), maxJSONBytes)}
	}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos != len(p.data) {
		return nil, p.errorf("unexpected %s after the value", p.what())
	}
	return v, nil
}

func (p *jparser) node() *jval {
	if p.used == len(p.all) {
		// The next slab: one kept from an earlier message, or a new one
		// sized from the document (about one value per 12 bytes of
		// JSON); earlier nodes stay in the old one.
		if p.slabAt < len(p.slabs) {
			p.all = p.slabs[p.slabAt]
		} else {
			p.all = make([]jval, max(16, min(len(p.data)/12, 1<<16)))
			p.slabs = append(p.slabs, p.all)
		}
		p.slabAt++
		p.used = 0
	}
	n := &p.all[p.used]
	p.used++
	return n
}

// keySlice and valSlice copy a finished container's members out of the
// stacks into shared backing arrays, capped so that nothing can append
// into a neighbour.
func (p *jparser) keySlice(from []string) []string {
	if len(p.keyBuf) < len(from) {
		if p.keyAt < len(p.keyBufs) && len(p.keyBufs[p.keyAt]) >= len(from) {
			p.keyBuf = p.keyBufs[p.keyAt]
		} else {
			p.keyBuf = make([]string, max(min(256, len(p.data)/16), 16, len(from)))
			if p.keyAt < len(p.keyBufs) {
				p.keyBufs[p.keyAt] = p.keyBuf // too small: the next ones stay
			} else {
				p.keyBufs = append(p.keyBufs, p.keyBuf)
			}
		}
		p.keyAt++
	}
	out := p.keyBuf[:len(from):len(from)]
	copy(out, from)
	p.keyBuf = p.keyBuf[len(from):]
	return out
}

func (p *jparser) valSlice(from []*jval) []*jval {
	if len(p.valBuf) < len(from) {
		if p.valAt < len(p.valBufs) && len(p.valBufs[p.valAt]) >= len(from) {
			p.valBuf = p.valBufs[p.valAt]
		} else {
			p.valBuf = make([]*jval, max(min(256, len(p.data)/16), 16, len(from)))
			if p.valAt < len(p.valBufs) {
				p.valBufs[p.valAt] = p.valBuf // too small: the next ones stay
			} else {
				p.valBufs = append(p.valBufs, p.valBuf)
			}
		}
		p.valAt++
	}
	out := p.valBuf[:len(from):len(from)]
	copy(out, from)
	p.valBuf = p.valBuf[len(from):]
	return out
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

func (p *jparser) value() (*jval, error) {
	p.space()
	if p.pos >= len(p.data) {
		return nil, p.errorf("unexpected end of input")
	}
	start := p.pos
	var v *jval
	var err error
	switch c := p.data[p.pos]; {
	case c == '{':
		v, err = p.object()
	case c == '[':
		v, err = p.array()
	case c == '"':
		var s string
		s, err = p.string()
		v = p.node()
		v.kind, v.str = jString, s
	case c == 't':
		v, err = p.literal("true", jBool, true)
	case c == 'f':
		v, err = p.literal("false", jBool, false)
	case c == 'n':
		v, err = p.literal("null", jNull, false)
	case c == '-' || c >= '0' && c <= '9':
		v, err = p.number()
	default:
		return nil, p.errorf("invalid character %s looking for a value", p.what())
	}
	if err != nil {
		return nil, err
	}
	v.start, v.end = int32(start), int32(p.pos)
	return v, nil
}

func (p *jparser) literal(word string, kind jkind, b bool) (*jval, error) {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return nil, p.errorf("invalid literal, expected %s", word)
	}
	p.pos += len(word)
	v := p.node()
	v.kind = kind
	if b {
		v.num = 1
	}
	return v, nil
}

func (p *jparser) number() (*jval, error) {
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
		return nil, p.errorf("invalid number")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.errorf("invalid number: no digits after the point")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.errorf("invalid number: no digits in the exponent")
		}
	}
	f, err := strconv.ParseFloat(string(p.data[start:p.pos]), 64)
	if err != nil {
		return nil, &jsonSyntaxError{msg: "number out of range", offset: start}
	}
	v := p.node()
	v.kind, v.num = jNumber, f
	return v, nil
}

func (p *jparser) string() (string, error) {
	p.pos++ // opening quote
	start := p.pos
	ascii := true
	// Fast path: no escapes.
	for p.pos < len(p.data) {
		data, i := p.data, p.pos
		for i < len(data) && plainStringByte[data[i]] {
			i++
		}
		p.pos = i
		if p.pos == len(p.data) {
			break
		}
		c := p.data[p.pos]
		if c == '"' {
			b := p.data[start:p.pos]
			p.pos++
			if len(b) <= maxInterned && p.vals != nil && len(p.data) >= minInterning {
				// Short values repeat (type names, enums): one string
				// each.
				s, slot, ok := p.vals.get(b)
				if !ok {
					s = text(b, ascii)
					p.vals.slots[slot] = s
					p.valsUsed = true
				}
				return s, nil
			}
			return text(b, ascii), nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", p.errorf("control character in string")
		}
		// DEL or a byte of a longer character: not printable ASCII, and
		// the rest of the string need not be told apart.
		p.loose, ascii = true, false
		p.pos++
		for p.pos < len(p.data) && unescapedByte[p.data[p.pos]] {
			p.pos++
		}
	}
	p.loose = true // an escape
	buf := append([]byte(nil), p.data[start:p.pos]...)
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return validUTF8(buf), nil
		case c < 0x20:
			return "", p.errorf("control character in string")
		case c != '\\':
			buf = append(buf, c)
			p.pos++
			continue
		}
		p.pos++
		if p.pos >= len(p.data) {
			break
		}
		e := p.data[p.pos]
		p.pos++
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
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
			r, ok := p.hex4()
			if !ok {
				return "", p.errorf("invalid \\u escape")
			}
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
					save := p.pos
					p.pos += 2
					if x, ok := p.hex4(); ok {
						r2 = x
					} else {
						p.pos = save
					}
				}
				if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
					r = d
				} else {
					r = utf8.RuneError
					if r2 >= 0 {
						p.pos -= 6 // the second escape stands on its own
					}
				}
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", p.errorf("invalid escape \\%c", e)
		}
	}
	return "", p.errorf("unterminated string")
}

// maxInterned is the longest string value the parser shares one copy of,
// and maxInternedKey the longest key. A document shorter than
// minInterning shares no values: it has too few to repay clearing the
// table.
const (
	maxInterned    = 16
	maxInternedKey = 32
	minInterning   = 4 << 10
)

// unescapedByte holds the bytes a JSON string holds as they are: all but
// the quote, the backslash and the control characters.
var unescapedByte = func() (t [256]bool) {
	for c := 0x20; c < 0x100; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// key reads an object key, sharing one string for each distinct key.
func (p *jparser) key() (string, error) {
	data := p.data
	start := p.pos + 1
	end := start
	for end < len(data) && plainStringByte[data[end]] {
		end++
	}
	if p.keys == nil || end-start > maxInternedKey || end >= len(p.data) || p.data[end] != '"' {
		return p.string()
	}
	k, slot, ok := p.keys.get(p.data[start:end])
	if !ok {
		k = string(p.data[start:end]) // printable ASCII
		p.keys.slots[slot] = k
	}
	if n := end - start; n == 4 && k == "path" || n == 11 && k == "dataBinding" {
		p.bindings++
	}
	p.pos = end + 1
	return k, nil
}

func (p *jparser) hex4() (rune, bool) {
	if len(p.data)-p.pos < 4 {
		return 0, false
	}
	var r rune
	for _, c := range p.data[p.pos : p.pos+4] {
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
	p.pos += 4
	return r, true
}

func (p *jparser) enter() error {
	p.depth++
	if p.depth > maxJSONDepth {
		return p.errorf("nested more than %d levels deep", maxJSONDepth)
	}
	return nil
}

func (p *jparser) object() (*jval, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	v, err := p.members()
	p.depth--
	return v, err
}

func (p *jparser) members() (*jval, error) {
	p.pos++ // {
	v := p.node()
	v.kind = jObject
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return v, nil
	}
	kbase, vbase := len(p.keyStack), len(p.valStack)
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.errorf("invalid character %s looking for an object key", p.what())
		}
		k, err := p.key()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.errorf("invalid character %s after an object key", p.what())
		}
		p.pos++
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		p.keyStack = append(p.keyStack, k)
		p.valStack = append(p.valStack, val)
		p.space()
		if p.pos >= len(p.data) {
			return nil, p.errorf("unexpected end of input in an object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			v.keys = p.keySlice(p.keyStack[kbase:])
			v.vals = p.valSlice(p.valStack[vbase:])
			p.keyStack = p.keyStack[:kbase]
			p.valStack = p.valStack[:vbase]
			return v, nil
		default:
			return nil, p.errorf("invalid character %s after an object member", p.what())
		}
	}
}

func (p *jparser) array() (*jval, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	v, err := p.elements()
	p.depth--
	return v, err
}

func (p *jparser) elements() (*jval, error) {
	p.pos++ // [
	v := p.node()
	v.kind = jArray
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		v.vals = []*jval{}
		return v, nil
	}
	base := len(p.valStack)
	for {
		el, err := p.value()
		if err != nil {
			return nil, err
		}
		p.valStack = append(p.valStack, el)
		p.space()
		if p.pos >= len(p.data) {
			return nil, p.errorf("unexpected end of input in an array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			v.vals = p.valSlice(p.valStack[base:])
			p.valStack = p.valStack[:base]
			return v, nil
		default:
			return nil, p.errorf("invalid character %s after an array element", p.what())
		}
	}
}

// plain converts a parsed value to a data-model value.
func (v *jval) plain() any {
	switch v.kind {
	case jBool:
		return v.num != 0
	case jNumber:
		return v.num
	case jString:
		return v.str
	case jArray:
		out := make([]any, len(v.vals))
		for i, x := range v.vals {
			out[i] = x.plain()
		}
		return out
	case jObject:
		o := NewObject()
		for i, k := range v.keys {
			o.set(k, v.vals[i].plain())
		}
		return o
	}
	return nil
}

// text returns a string's bytes b as a string; ascii tells that they are
// printable ASCII, which needs no check.
func text(b []byte, ascii bool) string {
	if ascii {
		return string(b)
	}
	return validUTF8(b)
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
