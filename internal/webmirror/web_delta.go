package webmirror

import (
	"bytes"
	"encoding/json"
	"reflect"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/webpage"
)

// The event stream sends a full snapshot on connect and when a viewer fell
// so far behind that what it missed is no longer kept (a gap); otherwise
// only what changed since what that viewer was last sent: the surfaces
// that changed (as patches of the subtrees that changed, when the tree
// kept its shape), the surfaces gone, the new transcript entries and the
// status. Every event's id is the canvas version it brings the page to.

// maxPatches is how many subtree patches a surface may take before it is
// sent whole.
const maxPatches = 64

type (
	// webDelta is the data of a "delta" event.
	webDelta struct {
		Version uint64 `json:"version"`
		// Order lists every surface, in canvas order, when the set of
		// surfaces changed; else it is left out.
		Order    []string          `json:"order,omitempty"`
		Surfaces []webSurfaceDelta `json:"surfaces"`
		// Transcript holds the entries after the last one sent.
		Transcript []hub.Entry     `json:"transcript"`
		Status     *webpage.Status `json:"status,omitempty"`
	}
	// webSurfaceDelta is one changed surface: whole (Tree, or no tree when
	// not shown) or as Patches of its last tree.
	webSurfaceDelta struct {
		webpage.Surface
		Patches []webPatch `json:"patches,omitempty"`
	}
	// webPatch replaces the node at Path (child indexes from the root)
	// with Node.
	webPatch struct {
		Path []int      `json:"path"`
		Node *a2ui.Node `json:"node"`
	}
)

// sent is what one viewer was last sent.
type sent struct {
	canvas *a2ui.Canvas
	seq    uint64 // of the last transcript entry
	status webpage.Status
	// pictures counts the fetches of remote pictures that had ended
	// (hub.Status.Pictures).
	pictures uint64
}

// sentOf records what a snapshot event carries.
func sentOf(snap hub.Snapshot) sent {
	st := sent{canvas: snap.Canvas, status: webpage.StatusOf(snap.Status), pictures: snap.Status.Pictures}
	if n := len(snap.Transcript); n > 0 {
		st.seq = snap.Transcript[n-1].Seq
	}
	return st
}

// delta encodes what changed from prev to snap as one "delta" event, or
// returns nil when the viewer needs a snapshot (it missed entries no
// longer kept), and false for changed when nothing a viewer sees changed.
func delta(prev sent, snap hub.Snapshot) (ev []byte, next sent, changed bool) {
	next = sentOf(snap)
	d := webDelta{Version: snap.Canvas.Version(), Surfaces: []webSurfaceDelta{}, Transcript: []hub.Entry{}}

	tr := snap.Transcript
	if len(tr) > 0 && tr[0].Seq > prev.seq+1 {
		return nil, next, true // a gap: entries it never got are gone
	}
	if snap.Status.Pictures != prev.pictures {
		// A remote picture arrived or failed: the nodes did not change,
		// what they show did. Rare (once a picture): sent whole.
		return nil, next, true
	}
	for i := len(tr) - 1; i >= 0 && tr[i].Seq > prev.seq; i-- {
		d.Transcript = append(d.Transcript, tr[i])
	}
	for i, j := 0, len(d.Transcript)-1; i < j; i, j = i+1, j-1 {
		d.Transcript[i], d.Transcript[j] = d.Transcript[j], d.Transcript[i]
	}
	if len(d.Transcript) > WebTranscript {
		d.Transcript = d.Transcript[len(d.Transcript)-WebTranscript:]
	}
	if next.status != prev.status {
		d.Status = &next.status
	}

	if snap.Canvas != prev.canvas {
		now := snap.Canvas.Surfaces()
		reorder := len(now) != len(prev.canvas.Surfaces())
		for i, sf := range now {
			if !reorder && prev.canvas.Surfaces()[i].ID() != sf.ID() {
				reorder = true
			}
			old := prev.canvas.Surface(sf.ID())
			if old != nil && old.Version() == sf.Version() && old.Shown() == sf.Shown() {
				continue
			}
			d.Surfaces = append(d.Surfaces, surfaceDelta(old, sf, snap.Pictures))
		}
		if reorder {
			d.Order = []string{}
			for _, sf := range now {
				d.Order = append(d.Order, sf.ID())
			}
		}
	}
	if len(d.Surfaces) == 0 && d.Order == nil && len(d.Transcript) == 0 && d.Status == nil {
		return nil, next, false
	}
	return webpage.EncodeEvent("delta", d.Version, d), next, true
}

// surfaceDelta is what the page is sent of sf, which was old (nil: a new
// surface): its tree, or patches to old's.
func surfaceDelta(old, sf *a2ui.Surface, pics hub.Pictures) webSurfaceDelta {
	sd := webSurfaceDelta{Surface: webpage.SurfaceOf(sf, pics)}
	// Patches only when the tree is all that changed (not the styles, nor
	// the theme of a surface created again under the same id), and when
	// something in it did: a delta with neither patches nor a tree would
	// leave the page nothing to draw.
	if old != nil && old.Shown() && sf.Shown() && old.Styles() == sf.Styles() && old.Theme() == sf.Theme() && old.Tree() != nil && sf.Tree() != nil {
		var patches []webPatch
		if diffTree(old.Tree(), sf.Tree(), nil, &patches) && len(patches) > 0 && len(patches) <= maxPatches {
			for i := range patches {
				patches[i].Node = webpage.WithPictures(patches[i].Node, pics)
			}
			sd.Tree, sd.Patches = nil, patches
		}
	}
	return sd
}

// diffTree appends to patches the subtrees of b that differ from a, and
// reports false when the roots differ themselves (the tree is sent whole).
// Nodes the canvas reused between versions are the same pointers and are
// skipped at once.
func diffTree(a, b *a2ui.Node, path []int, patches *[]webPatch) bool {
	if a == b {
		return true
	}
	if !sameNode(a, b) {
		if len(path) == 0 {
			return false
		}
		*patches = append(*patches, webPatch{Path: append([]int(nil), path...), Node: b})
		return true
	}
	if b.Type == "Modal" {
		// A Modal's entry is drawn from what its first child holds: any
		// change inside it redraws the Modal.
		var inner []webPatch
		for i := range b.Children {
			diffTree(a.Children[i], b.Children[i], []int{i}, &inner)
		}
		if len(inner) > 0 {
			if len(path) == 0 {
				return false
			}
			*patches = append(*patches, webPatch{Path: append([]int(nil), path...), Node: b})
		}
		return true
	}
	for i := range b.Children {
		if len(*patches) > maxPatches {
			return true // too many already: sent whole anyway
		}
		diffTree(a.Children[i], b.Children[i], append(path, i), patches)
	}
	return true
}

// sameNode reports whether a and b draw the same apart from their
// children's contents: the same id, type, weight, properties and the same
// children by id.
func sameNode(a, b *a2ui.Node) bool {
	if a.ID != b.ID || a.Type != b.Type || a.Weight != b.Weight || len(a.Children) != len(b.Children) {
		return false
	}
	for i := range a.Children {
		if a.Children[i].ID != b.Children[i].ID {
			return false
		}
	}
	if a.Props == b.Props {
		return true
	}
	if reflect.TypeOf(a.Props) != reflect.TypeOf(b.Props) {
		return false
	}
	pa, err1 := json.Marshal(a.Props)
	pb, err2 := json.Marshal(b.Props)
	return err1 == nil && err2 == nil && bytes.Equal(pa, pb)
}
