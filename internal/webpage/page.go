// Package webpage is the web mirror's page: its files (index.html, the
// script's modules, the style sheet), embedded, and the JSON the page
// receives, which the mirror sends and the page-text oracle (package
// webtext) reads as the page does. Both import it, so neither imports the
// other.
package webpage

import (
	"bytes"
	"embed"
	"encoding/base64"
	"encoding/json"
	"net/http"
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
	// Status is what the page's status line shows: Pictures are the
	// hosts remote pictures come from (hub.Status.PictureHosts).
	Status struct {
		Viewers  int    `json:"viewers"`
		Queued   int    `json:"queued"`
		Pictures string `json:"pictures,omitempty"`
		// Task is the state of the agent's task (hub.Status.Task); Talk
		// says the page offers its line to the agent (hub.Status.Talk),
		// and Cancel its button to cancel the task: while one runs.
		Task   string `json:"task,omitempty"`
		Talk   bool   `json:"talk,omitempty"`
		Cancel bool   `json:"cancel,omitempty"`
		// The agent's newest asks of the views (hub.Status.Notice,
		// Focus, Reveal): the page acts on each once, those it finds
		// in the snapshot it loads with not at all.
		Notice Ask `json:"notice,omitzero"`
		Focus  Ask `json:"focus,omitzero"`
		Reveal Ask `json:"reveal,omitzero"`
	}
	// Ask is a hub.Ask as the page receives it.
	Ask struct {
		Seq       uint64 `json:"seq"`
		SurfaceID string `json:"surfaceId,omitempty"`
		NodeID    string `json:"nodeId,omitempty"`
		Text      string `json:"text,omitempty"`
	}
	// Picture is a remote picture (a2ui.ImageProps.Remote) as the page
	// receives it: the bytes a2term fetched in URL, as a data: URL, or
	// until there are any, Why there are none ("loading", a failure).
	// The remote URL itself is left out: the page could not load it (its
	// CSP keeps img-src data:) and has no use for it.
	Picture struct {
		a2ui.ImageProps
		Why string `json:"why,omitempty"`
	}
)

// StatusOf is a hub's status as the page's status line shows it.
func StatusOf(st hub.Status) Status {
	ask := func(a hub.Ask) Ask { return Ask{Seq: a.Seq, SurfaceID: a.SurfaceID, NodeID: a.NodeID, Text: a.Text} }
	return Status{
		Viewers: st.Viewers, Queued: st.Queued, Pictures: st.PictureHosts,
		Task: st.Task, Talk: st.Talk, Cancel: st.Talk && st.Task != "" && !taskEnded(st.Task),
		Notice: ask(st.Notice), Focus: ask(st.Focus), Reveal: ask(st.Reveal),
	}
}

// taskEnded reports whether task, an A2A task state, is one the task
// does not leave (completed, canceled, failed, rejected): there is
// nothing to cancel then. Input-required and auth-required wait for the
// person, and may be canceled.
func taskEnded(task string) bool {
	switch task {
	case "completed", "canceled", "failed", "rejected":
		return true
	}
	return false
}

// EncodeSnapshot renders snap as one "snapshot" event, id = canvas
// version.
func EncodeSnapshot(snap hub.Snapshot) []byte {
	tr := snap.Transcript[max(0, len(snap.Transcript)-Transcript):]
	out := Snapshot{
		Version:    snap.Canvas.Version(),
		Surfaces:   []Surface{},
		Transcript: tr,
		Status:     StatusOf(snap.Status),
	}
	if out.Transcript == nil {
		out.Transcript = []hub.Entry{}
	}
	for _, sf := range snap.Canvas.Surfaces() {
		out.Surfaces = append(out.Surfaces, SurfaceOf(sf, snap.Pictures))
	}
	return EncodeEvent("snapshot", out.Version, out)
}

// SurfaceOf is a surface as the page receives it, its remote pictures
// those pics fetched (WithPictures).
func SurfaceOf(sf *a2ui.Surface, pics hub.Pictures) Surface {
	ws := Surface{
		SurfaceID: sf.ID(), Version: sf.Version(), Shown: sf.Shown(),
		Styles: Styles{Font: sf.Styles().Font, PrimaryColor: sf.Styles().PrimaryColor}, Agent: sf.AgentName(),
	}
	if sf.Shown() {
		ws.Tree = WithPictures(sf.Tree(), pics)
	}
	return ws
}

// WithPictures returns n as the page receives it: each remote picture in
// it a Picture of the bytes pics fetched, so that the page shows what
// the terminal shows and loads nothing from elsewhere. Data: URLs in the
// snapshot, rather than pictures served from the mirror's own origin,
// keep the page's CSP at img-src data: and need no new route. The
// canvas's nodes are never changed: the nodes on the way to a remote
// picture are copies, and a subtree without one is n's own.
func WithPictures(n *a2ui.Node, pics hub.Pictures) *a2ui.Node {
	if n == nil {
		return nil
	}
	var kids []*a2ui.Node
	for i, ch := range n.Children {
		if c := WithPictures(ch, pics); c != ch {
			if kids == nil {
				kids = append([]*a2ui.Node(nil), n.Children...)
			}
			kids[i] = c
		}
	}
	p, _ := n.Props.(*a2ui.ImageProps)
	remote := p != nil && p.Remote != ""
	if kids == nil && !remote {
		return n
	}
	c := *n
	if kids != nil {
		c.Children = kids
	}
	if remote {
		c.Props = pictureOf(p, pics)
	}
	return &c
}

// pictureOf is the remote picture p as the page receives it.
func pictureOf(p *a2ui.ImageProps, pics hub.Pictures) *Picture {
	out := &Picture{ImageProps: *p}
	out.Remote = ""
	if pics == nil {
		out.Why = "not fetched here"
		return out
	}
	data, err := pics.Picture(p.Remote)
	if err != nil {
		out.Why = err.Error()
		return out
	}
	out.URL = "data:" + http.DetectContentType(data) + ";base64," + base64.StdEncoding.EncodeToString(data)
	return out
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
