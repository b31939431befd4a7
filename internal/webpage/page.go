// Package webpage is the web mirror's page: its files (index.html, the
// script's modules, the style sheet), embedded, and the JSON the page
// receives, which the mirror sends and the page-text oracle (package
// webtext) reads as the page does. Both import it, so neither imports the
// other.
package webpage

import (
	"bytes"
	"embed"
	"encoding/json"
	"strconv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// Files is the page: web/index.html served at "/", every other file of
// web/ at "/static/NAME". None of them holds any data; everything the
// page shows arrives over /events.
//
//go:embed web
var Files embed.FS

// Transcript is how many of the newest transcript entries a snapshot
// carries (the mirror's WebTranscript).
const Transcript = 200

// The snapshot as the page receives it.
type (
	// Snapshot is a whole canvas, as the snapshot event carries it.
	Snapshot struct {
		Version    uint64      `json:"version"`
		Surfaces   []Surface   `json:"surfaces"`
		Transcript []hub.Entry `json:"transcript"`
		Status     Status      `json:"status"`
	}
	// Surface is one surface; a hidden one has no tree.
	Surface struct {
		SurfaceID string     `json:"surfaceId"`
		Version   uint64     `json:"version"`
		Shown     bool       `json:"shown"`
		Styles    Styles     `json:"styles"`
		Agent     string     `json:"agent,omitempty"` // a v0.9 theme's agentDisplayName
		Tree      *a2ui.Node `json:"tree"`
	}
	// Styles are a surface's font and primary colour.
	Styles struct {
		Font         string `json:"font"`
		PrimaryColor string `json:"primaryColor"`
	}
	// Status is what the page's status line shows.
	Status struct {
		Viewers int `json:"viewers"`
		Queued  int `json:"queued"`
	}
)

// EncodeSnapshot renders snap as one "snapshot" event, id = canvas
// version.
func EncodeSnapshot(snap hub.Snapshot) []byte {
	tr := snap.Transcript[max(0, len(snap.Transcript)-Transcript):]
	out := Snapshot{
		Version:    snap.Canvas.Version(),
		Surfaces:   []Surface{},
		Transcript: tr,
		Status:     Status{Viewers: snap.Status.Viewers, Queued: snap.Status.Queued},
	}
	if out.Transcript == nil {
		out.Transcript = []hub.Entry{}
	}
	for _, sf := range snap.Canvas.Surfaces() {
		out.Surfaces = append(out.Surfaces, SurfaceOf(sf))
	}
	return EncodeEvent("snapshot", out.Version, out)
}

// SurfaceOf is a surface as the page receives it.
func SurfaceOf(sf *a2ui.Surface) Surface {
	ws := Surface{
		SurfaceID: sf.ID(), Version: sf.Version(), Shown: sf.Shown(),
		Styles: Styles{Font: sf.Styles().Font, PrimaryColor: sf.Styles().PrimaryColor}, Agent: sf.AgentName(),
	}
	if sf.Shown() {
		ws.Tree = sf.Tree()
	}
	return ws
}

// EncodeEvent renders one SSE event: name, id = canvas version, data =
// one line of JSON (encoding/json never writes a raw newline).
func EncodeEvent(name string, version uint64, v any) []byte {
	var b bytes.Buffer
	b.WriteString("event: " + name + "\nid: ")
	b.WriteString(strconv.FormatUint(version, 10))
	b.WriteString("\ndata: ")
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		// Nothing in an event fails to encode; say so rather than send
		// half an event.
		b.Reset()
		b.WriteString("event: " + name + "\nid: ")
		b.WriteString(strconv.FormatUint(version, 10))
		b.WriteString("\ndata: null\n")
	}
	b.WriteString("\n") // Encode ended the data line; this ends the event
	return b.Bytes()
}
