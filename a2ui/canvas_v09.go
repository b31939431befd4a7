package a2ui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// applyV09 applies one v0.9 message. A surface keeps the version that
// created it: a v0.9 message for a v0.8 surface is refused, and so is one
// for a surface no createSurface made (the specification lets another
// agent create it; on a2term's canvas that would be this agent, earlier).
func (b *batch) applyV09(i int, m Message) *Error {
	id := m.SurfaceID()
	s := b.next.surfaces[id]
	if s != nil && s.Protocol() != m.Protocol() {
		return mismatch(i, s, m)
	}
	switch {
	case m.CreateSurface != nil:
		cs := m.CreateSurface
		if s != nil {
			return &Error{
				Code: CodeSurfaceExists, Index: i, SurfaceID: id, Path: "/createSurface/surfaceId",
				Message: fmt.Sprintf("surface %q exists already: delete it with deleteSurface before creating it again", id),
			}
		}
		s, err := b.surface(id, i)
		if err != nil {
			return err
		}
		cat := cs.catalog
		if cat == nil {
			cat = b.next.opts.catalog(cs.CatalogID, false)
		}
		if cat == nil {
			if !b.next.opts.Lenient {
				return &Error{
					Code: CodeUnknownCatalog, Index: i, SurfaceID: id, Path: "/createSurface/catalogId",
					Message: b.next.opts.noCatalog(cs.CatalogID, false),
				}
			}
			cat = basicCatalogV09
		}
		s.v09, s.catalog, s.catalogID, s.theme, s.sendData = true, cat, cs.CatalogID, cs.Theme, cs.SendDataModel
		s.root, s.shown = "root", true
		s.styles = Styles{PrimaryColor: cs.Theme.PrimaryColor}
		b.structural[id] = true
		b.began[id] = true
	case m.UpdateComponents != nil:
		uc := m.UpdateComponents
		if s == nil {
			return unknownSurface(i, id, "updateComponents")
		}
		if uc.catalog != s.catalog {
			// Decoded against another catalog than the surface's: read
			// it again against the surface's own.
			again, _, err := decodeMessage(uc.raw, b.next.opts, func(string) *catalogV09 { return s.catalog }, func(string) *patternCache { return s.pats })
			if err != nil {
				err.Index = i
				return err
			}
			if again.UpdateComponents == nil || again.UpdateComponents.SurfaceID != id {
				return &Error{Code: CodeBadMessage, Index: i, SurfaceID: id, Message: "the updateComponents message could not be read again against its surface's catalog"}
			}
			uc = again.UpdateComponents
		}
		s, err := b.surface(id, i)
		if err != nil {
			return err
		}
		if err := b.putComponents(i, s, &SurfaceUpdate{SurfaceID: id, Components: uc.Components}); err != nil {
			return err
		}
	case m.UpdateDataModel != nil:
		u := m.UpdateDataModel
		if s == nil {
			return unknownSurface(i, id, "updateDataModel")
		}
		s, err := b.surface(id, i)
		if err != nil {
			return err
		}
		segs := u.pathSegs()
		data, why := storeV09(s.data, segs, u.Value, u.HasValue)
		if why != "" {
			return &Error{
				Code: CodeBadPath, Index: i, SurfaceID: id, Path: "/updateDataModel/path",
				Message: fmt.Sprintf("path %q cannot be written: %s", u.Path, why),
			}
		}
		s.data = data
		s.logWrite(segs)
		b.dirty[id] = append(b.dirty[id], segs)
	case m.DeleteSurface != nil:
		b.deleteSurface(id)
	default:
		return &Error{Code: CodeBadMessage, Index: i, Message: "empty message"}
	}
	return nil
}

// batchCatalogs is the catalog of each surface as a batch being decoded
// leaves it: the canvas's, or what the batch's createSurface and
// deleteSurface messages so far made of it.
type batchCatalogs struct {
	c    *Canvas
	byID map[string]*catalogV09
}

func (b *batchCatalogs) made(m Message) {
	if b.byID == nil {
		b.byID = map[string]*catalogV09{}
	}
	b.byID[m.SurfaceID()] = nil
	if m.CreateSurface != nil {
		b.byID[m.SurfaceID()] = m.CreateSurface.catalog
	}
}

func (b *batchCatalogs) of(id string) *catalogV09 {
	if cat, ok := b.byID[id]; ok {
		return cat
	}
	if s := b.c.surfaces[id]; s != nil {
		return s.catalog
	}
	return nil
}

// mismatch refuses a message of one version for a surface of the other.
func mismatch(i int, s *Surface, m Message) *Error {
	msgV, surfV := m.Protocol(), s.Protocol()
	if m.Version != "" {
		msgV = m.Version
	}
	return &Error{
		Code: CodeVersionMismatch, Index: i, SurfaceID: s.id, Path: "/" + m.Kind() + "/surfaceId",
		Message: fmt.Sprintf("%s is a %s message, and surface %q was created by %s messages: a surface keeps the version that created it (delete it to start over)", m.Kind(), msgV, s.id, surfV),
	}
}

func unknownSurface(i int, id, kind string) *Error {
	return &Error{
		Code: CodeUnknownSurface, Index: i, SurfaceID: id, Path: "/" + kind + "/surfaceId",
		Message: fmt.Sprintf("there is no surface %q: send createSurface first", id),
	}
}

// maxArrayGap bounds how far past the end of an array a v0.9 write may
// land (the gap is filled with nulls).
const maxArrayGap = MaxNodes

// storeV09 returns a copy of root with value written at segs, or what is
// at segs removed when has is false, as the official v0.9 renderers write
// their data model: missing containers are created (an array where the
// next segment is a number, else an object); removing an array element
// leaves null in its place, keeping the length; a segment into an array
// must be a number, and nothing is written through a string, number or
// boolean (why says so). Removing under a path that does not exist changes
// nothing. The whole model replaced by nothing is an empty object.
func storeV09(root any, segs []string, value any, has bool) (any, string) {
	if len(segs) == 0 {
		if !has {
			return NewObject(), ""
		}
		return value, ""
	}
	s, rest := segs[0], segs[1:]
	switch x := root.(type) {
	case nil:
		if !has {
			return nil, ""
		}
		if _, ok := arrayIndex(s); ok {
			return storeV09([]any{}, segs, value, has)
		}
		return storeV09(NewObject(), segs, value, has)
	case *Object:
		child, ok := x.Get(s)
		if len(rest) == 0 {
			if !has {
				if !ok {
					return x, ""
				}
				return x.without(s), ""
			}
			return x.with(s, value), ""
		}
		if !ok && !has {
			return x, ""
		}
		if why := through(child, s); why != "" {
			return nil, why
		}
		n, why := storeV09(child, rest, value, has)
		if why != "" {
			return nil, why
		}
		return x.with(s, n), ""
	case []any:
		i, ok := arrayIndex(s)
		if !ok {
			return nil, fmt.Sprintf("%q is not an index of the array there", clip(s))
		}
		if i > len(x)+maxArrayGap {
			return nil, fmt.Sprintf("index %d is far past the end of the array (%d entries)", i, len(x))
		}
		if i >= len(x) && !has {
			return x, ""
		}
		var child any
		if i < len(x) {
			child = x[i]
		}
		var n any
		if len(rest) == 0 {
			if has {
				n = value
			}
		} else {
			if why := through(child, s); why != "" {
				return nil, why
			}
			var why string
			if n, why = storeV09(child, rest, value, has); why != "" {
				return nil, why
			}
		}
		out := make([]any, max(len(x), i+1))
		copy(out, x)
		out[i] = n
		return out, ""
	}
	return nil, "it goes through a value that is not an object or an array"
}

// through says why a write cannot go on below child, the value at
// segment s.
func through(child any, s string) string {
	switch child.(type) {
	case nil, *Object, []any:
		return ""
	}
	return fmt.Sprintf("%q holds %s, not an object or an array", clip(s), describeLiteral(child))
}

// without returns a copy of o without key.
func (o *Object) without(key string) *Object {
	n := &Object{keys: make([]string, 0, len(o.keys)), vals: make([]any, 0, len(o.vals))}
	for i, k := range o.keys {
		if k != key {
			n.keys = append(n.keys, k)
			n.vals = append(n.vals, o.vals[i])
		}
	}
	n.reindex()
	return n
}

// lastSending returns the index of the last of msgs that sends component
// id of surface sid, -1 when none does.
func lastSending(msgs []Message, sid, id string) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if u := msgs[i].UpdateComponents; u != nil && u.SurfaceID == sid {
			for _, c := range u.Components {
				if c.ID == id {
					return i
				}
			}
		}
		if u := msgs[i].SurfaceUpdate; u != nil && u.SurfaceID == sid {
			for _, c := range u.Components {
				if c.ID == id {
					return i
				}
			}
		}
	}
	return -1
}

// ClientError is the specification's client-to-server error message, as a
// refusal of a v0.9 batch carries it for the agent to forward: a
// VALIDATION_FAILED error with the JSON Pointer of the offending field
// inside the message's payload, or, for a refusal that no field is at
// fault for (a limit, a surface that exists already), an error with
// a2term's code in upper case.
type ClientError struct {
	Version string          `json:"version"`
	Error   ClientErrorBody `json:"error"`
}

// ClientErrorBody is the error of a ClientError.
type ClientErrorBody struct {
	Code      string  `json:"code"`
	SurfaceID string  `json:"surfaceId"`
	Path      *string `json:"path,omitempty"`
	Message   string  `json:"message"`
	// FunctionCallID is, in v1.0, the agent's call a refusal answers;
	// the error then names no surface (v1.0 makes the two exclusive).
	FunctionCallID string `json:"-"`
}

// MarshalJSON writes the body, with functionCallId instead of surfaceId
// when it answers a call.
func (b ClientErrorBody) MarshalJSON() ([]byte, error) {
	if b.FunctionCallID == "" {
		type plain ClientErrorBody
		return json.Marshal(plain(b)) //nolint:wrapcheck // strings only: it cannot fail
	}
	return json.Marshal(struct { //nolint:wrapcheck // strings only: it cannot fail
		Code           string  `json:"code"`
		FunctionCallID string  `json:"functionCallId"`
		Path           *string `json:"path,omitempty"`
		Message        string  `json:"message"`
	}{b.Code, b.FunctionCallID, b.Path, b.Message})
}

// ValidationFailed is the specification's code of a refused field.
const ValidationFailed = "VALIDATION_FAILED"

// clientError gives err the client error message when the message it
// refuses speaks v0.9 (the last message about a v0.9 surface, for what is
// found once the whole batch is in).
func (b *batch) clientError(err *Error, msgs []Message) *Error {
	if err.Code == CodeEvalLimit && err.ComponentID != "" {
		// Found while the batch's surfaces were resolved: the message
		// to name is the last one that sent the component.
		if i := lastSending(msgs, err.SurfaceID, err.ComponentID); i >= 0 {
			err.Index = i
		}
	}
	if err.Index < 0 || err.Index >= len(msgs) || msgs[err.Index].Version == "" {
		return err
	}
	m := msgs[err.Index]
	path, ok := "", false
	switch {
	case strings.HasPrefix(err.Path, "/"+m.Kind()):
		// A pointer into the message: the payload's is what follows
		// the kind.
		path, ok = strings.TrimPrefix(err.Path, "/"+m.Kind()), true
	case err.ComponentID != "" && m.UpdateComponents != nil:
		// Found once the batch was in: a pointer below a component's
		// properties, when the refused message sent that component.
		for _, c := range m.UpdateComponents.Components {
			if c.ID == err.ComponentID {
				path, ok = "/components/"+strconv.Itoa(int(c.pos))+err.Path, true
			}
		}
	}
	err.ClientMessage = newClientError(err, path, ok)
	if m.Version == ProtocolV10 {
		err.ClientMessage.asV10(err)
	}
	return err
}

func newClientError(err *Error, path string, located bool) *ClientError {
	ce := &ClientError{Version: ProtocolV09, Error: ClientErrorBody{SurfaceID: err.SurfaceID, Message: err.Message}}
	if located {
		ce.Error.Code = ValidationFailed
		ce.Error.Path = &path
	} else {
		ce.Error.Code = strings.ToUpper(string(err.Code))
	}
	return ce
}

// asV10 makes ce the v1.0 renderer error: its version, and the
// composition rules' own codes.
func (ce *ClientError) asV10(err *Error) *ClientError {
	ce.Version = ProtocolV10
	ce.Error.Code = codeV10(err, ce.Error.Code)
	return ce
}
