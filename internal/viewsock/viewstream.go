package viewsock

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/linestream"
)

// The view channel: how a terminal in another process (a2term attach)
// shows the canvas of a running hub and sends the person's intents. It is
// JSON-RPC 2.0, one object per line, with sourcegraph/jsonrpc2 on both
// ends, on a socket of its own beside the agent's (a2term.view.sock beside
// a2term.sock), and only for a process that read the key beside it
// (a2term.view.key, 0600): the agent's socket knows none of these methods.
//
//	view --view.attach {key, protocol}--> hub   (first, within 5 s, or closed)
//	view <--view.snapshot {version, canvas, transcript, dropped, status}--
//	view <--view.delta {version, changes, transcript, dropped, status}-- ...
//	view --view.press {surfaceId, nodeId, version}--> hub
//	view --view.set {surfaceId, nodeId, value}--> hub
//	view --view.link--> hub: a one-time link of the web mirror
//	view --view.picture {url}--> hub: a remote picture's bytes, or why none
//	view --view.say {text}--> hub: the person's message to the agent
//	view --view.cancel--> hub: ask the agent to cancel its task
//
// The hub sends the whole canvas on attach, with the options it decodes
// with (the catalog definitions it was given among them), and again when
// the view fell behind further than it keeps changes for; otherwise each change as the
// hub accepted it (a batch shown, a value set), which the view applies to
// its own copy of the canvas through the same Apply, so both hold the same
// state. Every reply to a view is written after the changes it made, so a
// view that reads its snapshot once a call returns sees what the call did.
//
// A message to the agent and a cancel go where the hub's own views' go
// (hub.Hub.Say, CancelTask), when the status says someone listens
// (talk): the hub bounds the text, and its refusal comes back to the
// person as a press's does. A hub older than these methods answers that
// it does not know them, and the view says so (ErrOlderHub).
//
// Remote pictures (--fetch-images) are fetched by the hub alone: a view
// asks view.picture once for each URL it draws and keeps the answer; one
// that was "loading" is asked again once the status's count of fetches
// that ended has changed.
const (
	ViewMethodAttach  = "view.attach"
	ViewMethodPress   = "view.press"
	ViewMethodSet     = "view.set"
	ViewMethodLink    = "view.link"
	ViewMethodResync  = "view.resync"
	ViewMethodPicture = "view.picture"
	ViewMethodSay     = "view.say"
	ViewMethodCancel  = "view.cancel"

	viewNoteSnapshot = "view.snapshot"
	viewNoteDelta    = "view.delta"
)

// ViewProtocol is the version of the view channel; a view of another
// version is refused.
const ViewProtocol = 1

// CodeNotAllowed answers a view connection that did not attach first with
// the right key; the connection is closed after it.
const CodeNotAllowed = -32003

// Bounds of the view channel.
const (
	// viewHelloBytes bounds what a connection may send before it
	// attached.
	viewHelloBytes = 4 << 10
	// viewHelloTimeout is how long a connection has to attach.
	viewHelloTimeout = 5 * time.Second
	// maxViewLine bounds one line a view reads from the hub (a whole
	// canvas with its transcript, escaped).
	maxViewLine = 64 << 20
)

// AttachParams are view.attach's params.
type AttachParams struct {
	Key      string `json:"key"`
	Protocol int    `json:"protocol"`
}

// PressParams are view.press's params. Version is the hub's canvas
// version the view saw the surface at.
type PressParams struct {
	SurfaceID string `json:"surfaceId"`
	NodeID    string `json:"nodeId"`
	Version   uint64 `json:"version"`
}

// SetParams are view.set's params.
type SetParams struct {
	SurfaceID string          `json:"surfaceId"`
	NodeID    string          `json:"nodeId"`
	Value     json.RawMessage `json:"value"`
}

// LinkResult is what view.link returns: a one-time link of the web
// mirror, and its port.
type LinkResult struct {
	URL  string `json:"url"`
	Port int    `json:"port"`
}

// PictureParams are view.picture's params: the URL of a remote picture
// (a2ui.ImageProps.Remote).
type PictureParams struct {
	URL string `json:"url"`
}

// PictureResult is what view.picture returns: the picture's bytes (at
// most imagefetch.MaxPictureBytes), or why there are none, in the words
// the hub's own views show, or Loading while the hub fetches it.
type PictureResult struct {
	Data    []byte `json:"data,omitempty"`
	Error   string `json:"error,omitempty"`
	Loading bool   `json:"loading,omitempty"`
}

// SayParams are view.say's params: the person's message to the agent.
type SayParams struct {
	Text string `json:"text"`
}

// viewStatus is what a view is told of the status line.
type viewStatus struct {
	Listening string `json:"listening,omitempty"`
	WebURL    string `json:"webUrl,omitempty"`
	Viewers   int    `json:"viewers"`
	Terminals int    `json:"terminals"`
	Queued    int    `json:"queued"`
	Task      string `json:"task,omitempty"`
	Talk      bool   `json:"talk,omitempty"`
	// The agent's newest asks of the views (hub.Status.Notice and the
	// others), so that an attached terminal acts on them too.
	Notice       viewAsk `json:"notice,omitzero"`
	Focus        viewAsk `json:"focus,omitzero"`
	Reveal       viewAsk `json:"reveal,omitzero"`
	Asks         uint64  `json:"asks,omitempty"`
	PictureHosts string  `json:"pictureHosts,omitempty"`
	Pictures     uint64  `json:"pictures,omitempty"`
}

// viewAsk is a hub.Ask on the wire.
type viewAsk struct {
	Seq       uint64 `json:"seq"`
	SurfaceID string `json:"surfaceId,omitempty"`
	NodeID    string `json:"nodeId,omitempty"`
	Text      string `json:"text,omitempty"`
}

func askOf(a hub.Ask) viewAsk {
	return viewAsk{Seq: a.Seq, SurfaceID: a.SurfaceID, NodeID: a.NodeID, Text: a.Text}
}

// ask reads an ask from the hub; its text is sanitized again, as every
// text a view draws.
func (a viewAsk) ask() hub.Ask {
	return hub.Ask{Seq: a.Seq, SurfaceID: a.SurfaceID, NodeID: a.NodeID, Text: a2ui.SanitizeLine(a.Text)}
}

func statusOf(s hub.Status) viewStatus {
	return viewStatus{
		Listening: s.Listening, WebURL: s.WebURL, Viewers: s.Viewers, Terminals: s.Terminals, Queued: s.Queued, Task: s.Task, Talk: s.Talk,
		Notice: askOf(s.Notice), Focus: askOf(s.Focus), Reveal: askOf(s.Reveal), Asks: s.Asks,
		PictureHosts: s.PictureHosts, Pictures: s.Pictures,
	}
}

func (v viewStatus) status() hub.Status {
	return hub.Status{
		Listening: v.Listening, WebURL: v.WebURL, Viewers: v.Viewers, Terminals: v.Terminals, Queued: v.Queued, Task: v.Task, Talk: v.Talk,
		Notice: v.Notice.ask(), Focus: v.Focus.ask(), Reveal: v.Reveal.ask(), Asks: v.Asks,
		PictureHosts: v.PictureHosts, Pictures: v.Pictures,
	}
}

// viewSnapshot is the data of view.snapshot: the whole state.
type viewSnapshot struct {
	Version uint64 `json:"version"`
	// Options are those the canvas decodes with, which the view's copy
	// must use too.
	Options    canvasOptions    `json:"options"`
	Canvas     a2ui.SavedCanvas `json:"canvas"`
	Transcript []hub.Entry      `json:"transcript"`
	Dropped    uint64           `json:"dropped"`
	Status     viewStatus       `json:"status"`
}

// canvasOptions are a canvas's a2ui.Options as data.
type canvasOptions struct {
	Lenient  bool   `json:"lenient,omitempty"`
	Locale   string `json:"locale,omitempty"`
	TimeZone string `json:"timeZone,omitempty"`
	// Catalogs are the catalog definitions the hub was given (--catalog),
	// which the view reads again, with the same bounds, so that its copy
	// draws the surfaces that use them.
	Catalogs []sentCatalog `json:"catalogs,omitempty"`
	// FetchImages are the hosts of the remote pictures the hub accepts
	// (--fetch-images): without them the copy would refuse the hub's
	// pictures, and could follow none of its changes.
	FetchImages []string `json:"fetchImages,omitempty"`
	// FetchedImages are the hosts an earlier hub of the canvas fetched
	// pictures from, which the hub accepts pictures from without
	// fetching them (restored from its journal).
	FetchedImages []string `json:"fetchedImages,omitempty"`
}

// sentCatalog is a catalog definition as the hub sends it: where it read
// it from, and the definition.
type sentCatalog struct {
	Source     string          `json:"source"`
	Definition json.RawMessage `json:"definition"`
}

func optionsOf(o a2ui.Options) canvasOptions {
	co := canvasOptions{Lenient: o.Lenient, FetchImages: o.FetchImages, FetchedImages: o.FetchedImages}
	for _, d := range o.Catalogs {
		co.Catalogs = append(co.Catalogs, sentCatalog{Source: d.Source, Definition: d.Definition()})
	}
	if o.Locale != nil {
		co.Locale = o.Locale.Tag()
	}
	if o.Location != nil {
		co.TimeZone = o.Location.String()
	}
	return co
}

// options returns the a2ui.Options o describes; a locale or zone this
// a2term does not know is left at the default. Its catalog definitions
// are read as a2term reads them from files: at most a2ui.MaxCatalogs, each
// within the bounds of a definition; one it refuses is an error.
func (o canvasOptions) options() (a2ui.Options, error) {
	opts := a2ui.Options{Lenient: o.Lenient, FetchImages: o.FetchImages, FetchedImages: o.FetchedImages}
	if o.Locale != "" {
		opts.Locale = a2ui.LookupLocale(o.Locale)
	}
	if o.TimeZone != "" {
		if loc, err := time.LoadLocation(o.TimeZone); err == nil {
			opts.Location = loc
		}
	}
	if len(o.Catalogs) > a2ui.MaxCatalogs {
		return opts, fmt.Errorf("%d catalog definitions, over the limit of %d", len(o.Catalogs), a2ui.MaxCatalogs)
	}
	for _, sc := range o.Catalogs {
		d, err := a2ui.ParseCatalogDef(a2ui.SanitizeLine(sc.Source), sc.Definition)
		if err != nil {
			return opts, err
		}
		opts.Catalogs = append(opts.Catalogs, d)
	}
	return opts, nil
}

// viewDelta is the data of view.delta: what changed since the last
// snapshot or delta.
type viewDelta struct {
	Version    uint64       `json:"version"`
	Changes    []hub.Change `json:"changes,omitempty"`
	Transcript []hub.Entry  `json:"transcript,omitempty"`
	Dropped    uint64       `json:"dropped"`
	Status     *viewStatus  `json:"status,omitempty"`
}

// viewStream is a jsonrpc2.ObjectStream of one JSON object per line, for
// both ends of the view channel, over a linestream.Stream: lines of at
// most limit bytes (a longer one ends the connection), and a deadline on
// every write, so that a peer that stops reading is dropped rather than
// allowed to hold anything up.
//
// On a view's end, notes receives the hub's notifications, on jsonrpc2's
// reading goroutine and in order, before any reply read after them is
// handed on: their params reach it as they were sent (jsonrpc2 would
// decode them into maps and encode them again, which loses the order of
// an object's members and costs a whole canvas's worth of work).
type viewStream struct {
	lines *linestream.Stream
	notes func(method string, params []byte)
	// requestsOnly is the hub's end: it makes no calls, so a response (or
	// anything that is not a request) ends the connection rather than
	// reach jsonrpc2, which would log it.
	requestsOnly bool
}

var (
	errViewLineTooLong = errors.New("a view channel message over the size limit")
	errViewNotRequest  = errors.New("a view channel message that is not a request")
)

func newViewStream(conn net.Conn, limit int, timeout time.Duration) *viewStream {
	return &viewStream{lines: linestream.New(conn, linestream.Options{
		Limit:        limit,
		WriteTimeout: timeout,
		TooLong:      errViewLineTooLong,
		// A line cut short by the peer's end is no message.
		Unterminated: io.ErrUnexpectedEOF,
	})}
}

// ReadObject implements jsonrpc2.ObjectStream.
func (s *viewStream) ReadObject(v any) error {
	for {
		line, err := s.lines.ReadLine()
		if err != nil {
			return err
		}
		if s.notes != nil || s.requestsOnly {
			var m struct {
				ID     *json.RawMessage `json:"id"`
				Method string           `json:"method"`
				Params json.RawMessage  `json:"params"`
			}
			if err := json.Unmarshal(line, &m); err != nil {
				return fmt.Errorf("a2term view line: %w", err)
			}
			if s.requestsOnly && m.Method == "" {
				return errViewNotRequest
			}
			if s.notes != nil && m.ID == nil && m.Method != "" {
				s.notes(m.Method, m.Params)
				continue
			}
		}
		if err := json.Unmarshal(line, v); err != nil {
			return fmt.Errorf("a2term view line: %w", err)
		}
		return nil
	}
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *viewStream) WriteObject(v any) error {
	b, err := linestream.Marshal(v)
	if err != nil {
		return fmt.Errorf("a2term view line: %w", err)
	}
	if err := s.lines.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("a2term view line: %w", err)
	}
	return nil
}

// Close implements jsonrpc2.ObjectStream.
func (s *viewStream) Close() error {
	return s.lines.Close()
}
