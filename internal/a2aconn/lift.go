package a2aconn

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/internal/wire"
)

// The A2UI in an agent's event is lifted out of it before the SDK decodes
// the rest: the SDK's DataPart holds its data as a map[string]any, which
// would decode a 500-component surface into maps only to encode it again
// for the hub, at four times the cost of the show itself; and it cannot
// hold the array of messages the extension's v1.0 sends in one part. So
// each A2UI DataPart of the event's JSON is replaced by a stub whose data
// names the lifted slice ({"a2term.lifted": k}), and the slices travel
// beside the decoded event (liftedEvent), as the agent wrote them.

// liftedKey is the key of a stub's data.
const liftedKey = "a2term.lifted"

// liftedEvent is an event decoded by the SDK with its A2UI lifted out:
// raws[k] is the data of the stub that names k.
type liftedEvent struct {
	a2a.Event
	raws []json.RawMessage
}

// decodeEvent decodes an event (a JSON-RPC result, checked already),
// lifting its A2UI.
func decodeEvent(result []byte) (a2a.Event, error) {
	var l lifter
	stub := l.object(result, eventPaths)
	ev, err := a2a.UnmarshalEventJSON(stub)
	if err != nil {
		return nil, err //nolint:wrapcheck // the SDK's words say what it could not read
	}
	if len(l.raws) == 0 {
		return ev, nil
	}
	return &liftedEvent{Event: ev, raws: l.raws}, nil
}

// paths says which members of an object lead to parts: "parts" holds
// them, the others lead on (an array of such objects for "artifacts").
type paths map[string]paths

// eventPaths are where parts are in the four kinds of event: a message's
// parts, a task's or a status update's status.message.parts, an artifact
// update's artifact.parts, a task's artifacts[].parts.
var eventPaths = paths{
	"parts":     nil,
	"status":    {"message": {"parts": nil}},
	"artifact":  {"parts": nil},
	"artifacts": {"parts": nil},
}

type lifter struct {
	raws []json.RawMessage
	buf  bytes.Buffer
}

// object returns the object b (checked already) with the A2UI parts
// below it, along p, replaced by stubs.
func (l *lifter) object(b []byte, p paths) []byte {
	var out bytes.Buffer
	out.WriteByte('{')
	first := true
	_ = wire.SplitMembers(b, func(name, value []byte) error {
		if !first {
			out.WriteByte(',')
		}
		first = false
		out.Write(name)
		out.WriteByte(':')
		key := wire.Name(name)
		next, ok := p[key]
		switch {
		case !ok:
			out.Write(value)
		case key == "parts":
			out.Write(l.parts(value))
		case key == "artifacts":
			out.Write(l.array(value, next))
		case wire.Kind(value) == '{':
			out.Write(l.object(value, next))
		default:
			out.Write(value)
		}
		return nil
	})
	out.WriteByte('}')
	return out.Bytes()
}

// array is object for every object of an array.
func (l *lifter) array(b []byte, p paths) []byte {
	return eachElement(b, func(v []byte) []byte {
		if wire.Kind(v) == '{' {
			return l.object(v, p)
		}
		return v
	})
}

// parts replaces each A2UI DataPart of the array b by its stub.
func (l *lifter) parts(b []byte) []byte {
	return eachElement(b, l.part)
}

// eachElement is the array b with f of each of its elements; anything
// but an array is b as it is.
func eachElement(b []byte, f func([]byte) []byte) []byte {
	if wire.Kind(b) != '[' {
		return b
	}
	var out bytes.Buffer
	out.WriteByte('[')
	first := true
	_ = wire.SplitElements(b, func(v []byte) error {
		if !first {
			out.WriteByte(',')
		}
		first = false
		out.Write(f(v))
		return nil
	})
	out.WriteByte(']')
	return out.Bytes()
}

// part returns the stub of an A2UI DataPart, or the part as it is.
func (l *lifter) part(b []byte) []byte {
	if wire.Kind(b) != '{' {
		return b
	}
	var kind, data, meta []byte
	_ = wire.SplitMembers(b, func(name, value []byte) error {
		switch wire.Name(name) {
		case "kind":
			kind = value
		case "data":
			data = value
		case "metadata":
			meta = value
		}
		return nil
	})
	if string(kind) != `"data"` || data == nil || meta == nil || len(meta) > 4<<10 {
		return b
	}
	var m map[string]any
	if json.Unmarshal(meta, &m) != nil || !isA2UI(m) {
		return b
	}
	k := len(l.raws)
	l.raws = append(l.raws, json.RawMessage(data))
	l.buf.Reset()
	l.buf.WriteString(`{"kind":"data","data":{"` + liftedKey + `":` + strconv.Itoa(k) + `},"metadata":`)
	l.buf.Write(meta)
	l.buf.WriteByte('}')
	return bytes.Clone(l.buf.Bytes())
}

// lifted returns the messages of a stub's data: the lifted object (one
// message), or the elements of a lifted array; false when data is no
// stub of raws.
func lifted(data map[string]any, raws []json.RawMessage) ([]json.RawMessage, bool) {
	k, ok := data[liftedKey].(float64)
	if !ok || len(data) != 1 || k < 0 || int(k) >= len(raws) || float64(int(k)) != k {
		return nil, false
	}
	raw := raws[int(k)]
	if wire.Kind(raw) != '[' {
		return []json.RawMessage{raw}, true
	}
	var out []json.RawMessage
	_ = wire.SplitElements(raw, func(v []byte) error {
		out = append(out, json.RawMessage(v))
		return nil
	})
	return out, true
}
