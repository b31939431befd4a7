package a2ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Data-model values are plain JSON values: nil, bool, float64, string,
// []any and *Object. Objects keep their keys in insertion order, because
// templates expand a map's entries in the order the agent sent them.
//
// Values held by a Canvas are never modified in place: a write copies the
// objects along its path, so a snapshot handed to a view stays valid while
// the hub moves on.

// Object is a JSON object that remembers the order its keys were added.
//
// A copy with one member replaced shares the keys and their index with
// the original and copies only the values (a pointer and a type per
// member, no hashing), so that writing one entry of a long collection
// costs little. Small objects have no index: their keys are searched in
// order.
type Object struct {
	keys []string
	vals []any // vals[i] is the value of keys[i]
	// idx gives the position of keys[:indexed]; the keys after them are
	// searched in order. Shared between copies with the same keys (shared
	// set), and then never changed.
	idx     map[string]int
	indexed int
	shared  bool
}

// unindexed is how many keys an object searches in order before it
// indexes them.
const unindexed = 8

// NewObject returns an empty object.
func NewObject() *Object { return &Object{} }

// Len reports the number of keys.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.keys)
}

// Keys returns the keys in insertion order. The slice must not be modified.
func (o *Object) Keys() []string {
	if o == nil {
		return nil
	}
	return o.keys
}

// index returns the position of key, or -1.
func (o *Object) index(key string) int {
	if o.idx != nil {
		if i, ok := o.idx[key]; ok {
			return i
		}
	}
	for i := o.indexed; i < len(o.keys); i++ {
		if o.keys[i] == key {
			return i
		}
	}
	return -1
}

// Get returns the value at key.
func (o *Object) Get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	if i := o.index(key); i >= 0 {
		return o.vals[i], true
	}
	return nil, false
}

// at returns the value at key, nil when there is none.
func (o *Object) at(key string) any {
	v, _ := o.Get(key)
	return v
}

// set adds or replaces key in place; only for objects being built, which
// no canvas holds and with has not copied.
func (o *Object) set(key string, v any) {
	if o.shared {
		// Take copies of what another object holds too.
		o.keys = append([]string(nil), o.keys...)
		o.vals = append([]any(nil), o.vals...)
		o.idx, o.indexed, o.shared = nil, 0, false
	}
	if i := o.index(key); i >= 0 {
		o.vals[i] = v
		return
	}
	o.keys = append(o.keys, key)
	o.vals = append(o.vals, v)
	o.reindex()
}

// reindex indexes the keys once enough of them are searched in order.
func (o *Object) reindex() {
	if len(o.keys)-o.indexed <= unindexed {
		return
	}
	if o.idx == nil || o.shared {
		o.idx = make(map[string]int, cap(o.keys)) // an object being built is sized for its keys
		o.indexed, o.shared = 0, false
	}
	for i := o.indexed; i < len(o.keys); i++ {
		o.idx[o.keys[i]] = i
	}
	o.indexed = len(o.keys)
}

// With returns a copy of o with key set to v; o is left untouched.
func (o *Object) With(key string, v any) *Object { return o.with(key, v) }

// with returns a copy of o with key set to v; o is left untouched (it may
// be read concurrently).
func (o *Object) with(key string, v any) *Object {
	if o == nil {
		o = &Object{}
	}
	if i := o.index(key); i >= 0 {
		// The same keys: share them and their index.
		n := &Object{keys: o.keys, idx: o.idx, indexed: o.indexed, shared: true}
		n.vals = make([]any, len(o.vals))
		copy(n.vals, o.vals)
		n.vals[i] = v
		return n
	}
	n := &Object{idx: o.idx, indexed: o.indexed, shared: o.idx != nil}
	n.keys = make([]string, len(o.keys), len(o.keys)+1)
	copy(n.keys, o.keys)
	n.vals = make([]any, len(o.vals), len(o.vals)+1)
	copy(n.vals, o.vals)
	n.keys = append(n.keys, key)
	n.vals = append(n.vals, v)
	n.reindex()
	return n
}

// MarshalJSON encodes the object with its keys in insertion order.
func (o *Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	writeJSON(&b, o)
	return b.Bytes(), nil
}

// MarshalValue encodes a data-model value as JSON, objects in key order.
func MarshalValue(v any) []byte {
	var b bytes.Buffer
	writeJSON(&b, v)
	return b.Bytes()
}

func writeJSON(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case float64:
		b.WriteString(formatNumber(x))
	case string:
		writeJSONString(b, x)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, e)
		}
		b.WriteByte(']')
	case *Object:
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			writeJSON(b, x.vals[i])
		}
		b.WriteByte('}')
	default:
		b.WriteString("null")
	}
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s) // strings cannot fail to encode
	b.Write(enc)
}

// jsonSize is the length MarshalValue would produce, computed without
// building it; it is what MaxCanvasBytes counts.
func jsonSize(v any) int {
	switch x := v.(type) {
	case nil:
		return 4
	case bool:
		if x {
			return 4
		}
		return 5
	case float64:
		return len(formatNumber(x))
	case string:
		return len(x) + 2 + escapeExtra(x)
	case []any:
		n := 2
		for i, e := range x {
			if i > 0 {
				n++
			}
			n += jsonSize(e)
		}
		return n
	case *Object:
		n := 2
		for i, k := range x.Keys() {
			if i > 0 {
				n++
			}
			n += len(k) + 3 + escapeExtra(k) + jsonSize(x.vals[i])
		}
		return n
	}
	return 4
}

// sizeChange is jsonSize(next) - jsonSize(prev), worked out by walking
// only where next differs from prev: a write copies the containers on its
// path and shares everything else, so one entry written in a long
// collection costs a look at that collection's members, not a measure of
// all they hold.
func sizeChange(prev, next any) int {
	if sameValue(prev, next) {
		return 0
	}
	switch p := prev.(type) {
	case *Object:
		n, ok := next.(*Object)
		if !ok || len(n.keys) < len(p.keys) || !sameKeys(p.keys, n.keys[:len(p.keys)]) {
			break
		}
		d := 0
		for i := range p.keys {
			d += sizeChange(p.vals[i], n.vals[i])
		}
		for i := len(p.keys); i < len(n.keys); i++ {
			k := n.keys[i]
			d += len(k) + 3 + escapeExtra(k) + jsonSize(n.vals[i])
			if i > 0 {
				d++
			}
		}
		return d
	case []any:
		n, ok := next.([]any)
		if !ok || len(n) < len(p) {
			break
		}
		d := 0
		for i := range p {
			d += sizeChange(p[i], n[i])
		}
		for i := len(p); i < len(n); i++ {
			d += jsonSize(n[i])
			if i > 0 {
				d++
			}
		}
		return d
	}
	return jsonSize(next) - jsonSize(prev)
}

// sameValue reports whether a and b are the same value: the same object
// or array (not merely equal ones), or equal scalars.
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case []any:
		y, ok := b.([]any)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	case *Object:
		y, ok := b.(*Object)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	}
	return false
}

func sameKeys(a, b []string) bool {
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// escapeExtra approximates the bytes JSON escaping adds; sanitized strings
// hold no control characters, so only quotes, backslashes and newlines count.
func escapeExtra(s string) int {
	n := 0
	for i := range len(s) {
		switch s[i] {
		case '"', '\\', '\n', '\t', '<', '>', '&':
			n += 5
		}
	}
	return n
}

// formatNumber writes a float64 the way JSON and people expect: integers
// without a fraction, others in the shortest form that round-trips.
func formatNumber(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "null"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// FormatNumber formats a number the way a2term shows it: integers without a
// fraction, others in the shortest form that round-trips.
func FormatNumber(f float64) string { return formatNumber(f) }

// dataPath is a data-model path as a2term reads it: its segments, and
// whether it was spelled "/item/…" or "./item/…", a prefix that the official
// renderers drop inside a template (the item is the data context already).
type dataPath struct {
	segs []string
	item bool
}

// errPathEscape is why a path with a "~" that is not "~0" or "~1" is
// refused.
type errPathEscape struct{ seg string }

func (e errPathEscape) Error() string {
	return fmt.Sprintf("segment %q has an invalid escape: in a JSON Pointer \"~\" is only written as \"~0\" (for ~) or \"~1\" (for /)", e.seg)
}

// parsePath reads a data-model path in every spelling the official
// renderers accept. Segments are separated by "/" (a JSON Pointer, absolute
// or relative, with "~0" and "~1" escapes) and, as web_core's normalizePath
// does, by "." and "[N]": "users[0].name", "users.0.name" and
// "/users/0/name" are the same path. Empty and "." segments are dropped, so
// "", "/" and "." name the root (or the template item). A "~" followed by
// anything but 0 or 1 is an error.
func parsePath(p string) (dataPath, error) {
	dp, _, err := parsePathInto(p, nil)
	return dp, err
}

// parsePathInto is parsePath appending the segments to buf, which it
// returns grown; the path's segments are a full slice of it.
func parsePathInto(p string, buf []string) (dataPath, []string, error) {
	var dp dataPath
	if p == "" || p == "/" || p == "." {
		return dp, buf, nil
	}
	rest, slash := strings.CutPrefix(strings.TrimPrefix(p, "."), "/")
	if slash && strings.HasPrefix(rest, "item") && (len(rest) == 4 || strings.ContainsRune("/.[", rune(rest[4]))) {
		dp.item = true
	}
	from := len(buf)
	start := 0
	flush := func(end int) error {
		seg := p[start:end]
		if seg == "" {
			return nil
		}
		if strings.IndexByte(seg, '~') >= 0 {
			var b strings.Builder
			for i := 0; i < len(seg); i++ {
				if seg[i] != '~' {
					b.WriteByte(seg[i])
					continue
				}
				if i+1 >= len(seg) || (seg[i+1] != '0' && seg[i+1] != '1') {
					return errPathEscape{seg}
				}
				if seg[i+1] == '0' {
					b.WriteByte('~')
				} else {
					b.WriteByte('/')
				}
				i++
			}
			seg = b.String()
		}
		buf = append(buf, seg)
		return nil
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '/', '.':
			if err := flush(i); err != nil {
				return dataPath{}, buf[:from], err
			}
			start = i + 1
		case '[':
			// "[N]" is an index, as in web_core; other brackets are
			// part of the key.
			j := i + 1
			for j < len(p) && p[j] >= '0' && p[j] <= '9' {
				j++
			}
			if j == i+1 || j >= len(p) || p[j] != ']' {
				continue
			}
			if err := flush(i); err != nil {
				return dataPath{}, buf[:from], err
			}
			buf = append(buf, p[i+1:j])
			start = j + 1
			i = j
		}
	}
	if err := flush(len(p)); err != nil {
		return dataPath{}, buf[:from], err
	}
	if len(buf) > from {
		dp.segs = buf[from:len(buf):len(buf)]
	}
	return dp, buf, nil
}

// mustPath is parsePath for a path already checked, or one a2term wrote;
// a malformed escape is read as it stands.
func mustPath(p string) dataPath {
	dp, err := parsePath(p)
	if err != nil {
		return dataPath{segs: strings.FieldsFunc(p, func(r rune) bool { return r == '/' })}
	}
	return dp
}

// splitPath returns the segments of a path already checked.
func splitPath(p string) []string { return mustPath(p).segs }

// equalValue reports whether two data-model values are the same JSON.
func equalValue(a, b any) bool {
	switch a.(type) {
	case *Object, []any:
		switch b.(type) {
		case *Object, []any:
			return bytes.Equal(MarshalValue(a), MarshalValue(b))
		}
		return false
	}
	return a == b
}

// lookup reads the value at the given segments below v.
func lookup(v any, segs []string) (any, bool) {
	for _, s := range segs {
		switch x := v.(type) {
		case *Object:
			n, ok := x.Get(s)
			if !ok {
				return nil, false
			}
			v = n
		case []any:
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// store returns a copy of root with value set at segs, copying every
// container on the way and creating objects where nothing (or a scalar) is.
// An array is indexed by a number inside its bounds, or extended by one at
// its length; any other segment turns it into an object.
func store(root any, segs []string, value any) any {
	if len(segs) == 0 {
		return value
	}
	s := segs[0]
	switch x := root.(type) {
	case *Object:
		child, _ := x.Get(s)
		return x.with(s, store(child, segs[1:], value))
	case []any:
		if i, err := strconv.Atoi(s); err == nil && i >= 0 && i <= len(x) {
			n := make([]any, len(x), len(x)+1)
			copy(n, x)
			if i == len(x) {
				n = append(n, store(nil, segs[1:], value))
			} else {
				n[i] = store(x[i], segs[1:], value)
			}
			return n
		}
	}
	o := NewObject()
	o.set(s, store(nil, segs[1:], value))
	return o
}
