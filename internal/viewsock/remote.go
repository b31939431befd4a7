package viewsock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/imagefetch"
	"github.com/a2term/a2term/internal/redial"
	"github.com/a2term/a2term/internal/statedir"
)

// DefaultReconnect is how long a RemoteView tries to reach its hub again
// once the connection is lost (the hub restarting at the same socket).
const DefaultReconnect = 30 * time.Second

// How a RemoteView tries to reach its hub again: it waits reattachFirst
// before the first try (the hub is starting again), and twice as long
// after each try that fails, up to reattachMax; a try that has not
// attached within reattachTimeout has failed.
const (
	reattachFirst   = 50 * time.Millisecond
	reattachMax     = time.Second
	reattachTimeout = 2 * time.Second
)

// AttachOptions set up a RemoteView.
type AttachOptions struct {
	// Logger receives what goes wrong with the connection; nil discards
	// it (the terminal belongs to the program).
	Logger *log.Logger
	// Reconnect is how long to try again after the connection is lost;
	// zero means DefaultReconnect, a negative value not at all.
	Reconnect time.Duration
	// applying, when set (tests only), is called while the view applies
	// the hub's changes to its copy.
	applying func()
}

// ErrNotAttached is what an intent gets while a RemoteView has no
// connection to its hub.
var ErrNotAttached = errors.New("not connected to the a2term: the intent was not sent")

// ErrOlderHub is what an intent gets that the hub does not know, being of
// an older version than the view (the view channel's methods grow; its
// protocol stays the same).
var ErrOlderHub = errors.New("the a2term attached to is older than this one and does not know this")

// RemoteView is a View of the canvas of a hub in another process (a2term
// serve, a standalone a2term mcp, or another a2term), attached over its
// view channel: the terminal program and plain mode draw it as they draw a
// hub of their own. It keeps its own copy of the canvas, made from the
// hub's snapshot and kept equal by applying each change the hub accepted;
// intents go to the hub, which decides them as it decides its own views'
// (the source stays Terminal: pressing here is the person pressing).
//
// When the connection is lost it tries again for AttachOptions.Reconnect,
// reading the key again (a restarted hub has a new one), and Status.Lost
// says so meanwhile. Done is closed when it gives up, or once
// Close is called. It is safe for concurrent use.
type RemoteView struct {
	socket   string
	logger   *log.Logger
	retry    time.Duration
	applying func()

	mu         sync.Mutex
	canvas     *a2ui.Canvas
	versions   []versionPair // the hub's version of each recent version of canvas
	transcript []hub.Entry
	dropped    uint64
	anew       uint64 // whole canvases applied (Snapshot.Anew)
	status     hub.Status
	subs       map[chan struct{}]struct{}
	conn       *jsonrpc2.Conn
	hello      hub.AttachResult
	lost       string // why the connection is lost, while it is
	closed     bool

	// The remote pictures' answers the hub gave (view.picture), by URL,
	// for this connection; answers counts them, so that Status.Pictures
	// changes, and the terminal draws again, when one arrives.
	pics     map[string]*remotePicture
	picBytes int
	answers  uint64
	watchers []func()
	pictures *remotePictures

	// ctx ends when the view gives up on its hub or is closed (Done).
	ctx    context.Context
	finish context.CancelFunc
	wg     sync.WaitGroup
}

// versionPair maps a version of the view's copy of the canvas to the hub's
// version of the same state.
type versionPair struct{ local, hub uint64 }

// maxVersionPairs is how many recent versions a RemoteView maps; a press
// seen at an older one of a surface that changed since is judged at
// version 0, which can only make it stale, never let a changed button
// through. A surface unchanged since needs no pair (hubVersionLocked).
const maxVersionPairs = 1024

// maxRemotePictures bounds the remote pictures a RemoteView keeps the
// hub's answers for (the hub fetches at most imagefetch.MaxPictures; the
// others are answered why not): one more is not asked for, and is drawn
// as not fetched. Their bytes are bounded as the hub's are, at
// imagefetch.MaxCacheBytes, and each at imagefetch.MaxPictureBytes.
const maxRemotePictures = 4 * imagefetch.MaxPictures

// Attach attaches to the hub whose agents connect at socket: it checks
// that the view socket beside it is this user's (CheckSocket), reads the
// key beside it, connects to the view socket and returns once the first
// snapshot is in. ctx bounds only the attaching.
func Attach(ctx context.Context, socket string, opts AttachOptions) (*RemoteView, error) {
	r := &RemoteView{
		socket: socket, logger: opts.Logger, retry: opts.Reconnect, applying: opts.applying,
		subs: map[chan struct{}]struct{}{}, canvas: a2ui.New(a2ui.Options{}),
	}
	r.pictures = &remotePictures{r: r}
	r.ctx, r.finish = context.WithCancel(context.Background())
	if r.logger == nil {
		r.logger = log.New(io.Discard, "", 0)
	}
	if r.retry == 0 {
		r.retry = DefaultReconnect
	}
	if err := r.connect(ctx); err != nil {
		r.finish()
		return nil, err
	}
	return r, nil
}

// readViewKey reads the key beside socket, refusing a file others could
// read or write.
func readViewKey(socket string) (string, error) {
	_, keyPath := ViewPaths(socket)
	f, err := os.Open(keyPath)
	if err != nil {
		return "", fmt.Errorf("attach to the a2term at %s: %w", socket, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("attach to the a2term at %s: %w", socket, err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("attach to the a2term at %s: the key file %s is open to other users (mode %04o); it is not used", socket, keyPath, fi.Mode().Perm())
	}
	if uid, ok := statedir.FileOwner(fi); ok && uid != os.Getuid() {
		return "", fmt.Errorf("attach to the a2term at %s: the key file %s belongs to another user", socket, keyPath)
	}
	b, err := io.ReadAll(io.LimitReader(f, 256))
	if err != nil {
		return "", fmt.Errorf("attach to the a2term at %s: %w", socket, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// connect dials the view socket and attaches; the snapshot is applied
// before the reply arrives (the hub sends it first).
func (r *RemoteView) connect(ctx context.Context) error {
	path, _ := ViewPaths(r.socket)
	if err := statedir.CheckSocket(path); err != nil {
		return fmt.Errorf("attach to the a2term at %s: %w", r.socket, err)
	}
	key, err := readViewKey(r.socket)
	if err != nil {
		return err
	}
	var d net.Dialer
	nc, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return fmt.Errorf("attach to the a2term at %s: %w", r.socket, err)
	}
	stream := newViewStream(nc, maxViewLine, agentsock.DefaultWriteTimeout)
	stream.notes = r.note
	conn := jsonrpc2.NewConn(context.Background(), stream, remoteHandler{}, jsonrpc2.SetLogger(r.logger))
	var res hub.AttachResult
	if err := conn.Call(ctx, ViewMethodAttach, AttachParams{Key: key, Protocol: ViewProtocol}, &res); err != nil {
		conn.Close()
		return fmt.Errorf("attach to the a2term at %s: %w", r.socket, err)
	}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		conn.Close()
		return ErrNotAttached
	}
	r.conn, r.hello, r.lost = conn, res, ""
	// The hub may be another one now, fetching from other hosts, or none:
	// its pictures are asked for anew.
	r.pics, r.picBytes = map[string]*remotePicture{}, 0
	r.answers++
	r.notifyLocked()
	r.mu.Unlock()
	r.wg.Add(1)
	go r.watch(conn)
	return nil
}

// watch waits for conn to end, then tries to attach again.
func (r *RemoteView) watch(conn *jsonrpc2.Conn) {
	defer r.wg.Done()
	<-conn.DisconnectNotify()
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return
	}
	r.conn = nil
	r.lost = "The a2term at " + r.socket + " went away"
	if r.retry > 0 {
		r.lost += "; trying to reach it again…"
	}
	r.status.Listening = ""
	r.notifyLocked()
	r.mu.Unlock()
	if r.retry < 0 {
		r.finish()
		return
	}
	err := redial.Redial(r.ctx, redial.Backoff{First: reattachFirst, Max: reattachMax, For: r.retry, WaitFirst: true}, func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, reattachTimeout)
		defer cancel()
		err := r.connect(ctx)
		if err != nil {
			r.logger.Printf("a2term attach: %v", err)
		}
		return err
	})
	if err == nil || r.ctx.Err() != nil {
		return // attached again, or closed
	}
	r.mu.Lock()
	r.lost = "The a2term at " + r.socket + " went away and did not come back."
	r.notifyLocked()
	r.mu.Unlock()
	r.finish()
}

// Done is closed when the view has given up on its hub, or was closed.
func (r *RemoteView) Done() <-chan struct{} { return r.ctx.Done() }

// Hello is what the hub said when the view last attached: the canvas's
// id, what happened while no one watched, and the hub's notice.
func (r *RemoteView) Hello() hub.AttachResult {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.hello
}

// Close ends the connection; no reconnecting follows.
func (r *RemoteView) Close() error {
	r.mu.Lock()
	r.closed = true
	conn := r.conn
	r.conn = nil
	for ch := range r.subs {
		delete(r.subs, ch)
	}
	r.mu.Unlock()
	r.finish()
	if conn != nil {
		conn.Close()
	}
	r.wg.Wait()
	return nil
}

// Snapshot implements View. While the connection is lost, Status.Lost
// says so; the transcript holds only the hub's entries.
func (r *RemoteView) Snapshot() hub.Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	tr, dropped := r.transcript, r.dropped
	if over := len(tr) - hub.MaxTranscript; over > 0 {
		tr = tr[over:]
	}
	if len(tr) > 0 {
		dropped = tr[0].Seq - 1 // entries are numbered from 1, one after another
	}
	st := r.status
	st.Lost = r.lost
	st.Pictures += r.answers
	var pics hub.Pictures
	if st.PictureHosts != "" {
		pics = r.pictures
	}
	return hub.Snapshot{Canvas: r.canvas, Transcript: tr[:len(tr):len(tr)], Dropped: dropped, Status: st, Anew: r.anew, Pictures: pics}
}

// remotePicture is the hub's answer for one remote picture: its bytes, or
// why there are none (imagefetch.ErrLoading until the answer, and while
// the hub fetches it).
type remotePicture struct {
	data   []byte
	err    error
	asking bool
	// seen is the hub's count of fetches that ended (Status.Pictures)
	// when the view last asked: a picture the hub was fetching then is
	// asked for again once the count changed.
	seen uint64
}

// remotePictures is the hub.Pictures of a RemoteView's snapshots: the
// bytes the hub fetched, asked for over the view channel, so that an
// attached terminal draws the pictures the hub's own views draw and
// fetches nothing itself.
type remotePictures struct{ r *RemoteView }

// Hosts implements hub.Pictures: the hub's.
func (p *remotePictures) Hosts() []string {
	p.r.mu.Lock()
	defer p.r.mu.Unlock()
	if p.r.status.PictureHosts == "" {
		return nil
	}
	return strings.Split(p.r.status.PictureHosts, ", ")
}

// Watch implements hub.Pictures: changed is called when an answer
// arrives.
func (p *remotePictures) Watch(changed func()) {
	p.r.mu.Lock()
	p.r.watchers = append(p.r.watchers, changed)
	p.r.mu.Unlock()
}

// Picture implements hub.Pictures. It never blocks: the first draw of a
// URL asks the hub, in a goroutine, and is "loading" until the answer
// arrives (Status.Pictures then changes).
func (p *remotePictures) Picture(url string) ([]byte, error) {
	r := p.r
	r.mu.Lock()
	pic := r.pics[url]
	switch {
	case r.closed:
		r.mu.Unlock()
		return nil, imagefetch.ErrClosed
	case pic == nil && len(r.pics) >= maxRemotePictures:
		r.mu.Unlock()
		return nil, errTooManyRemote
	case pic == nil:
		pic = &remotePicture{err: imagefetch.ErrLoading}
		r.pics[url] = pic
	case pic.asking || !errors.Is(pic.err, imagefetch.ErrLoading) || pic.seen == r.status.Pictures:
		data, err := pic.data, pic.err
		r.mu.Unlock()
		return data, err
	}
	pic.asking, pic.seen = true, r.status.Pictures
	r.wg.Add(1)
	r.mu.Unlock()
	go r.askPicture(url, pic)
	return nil, imagefetch.ErrLoading
}

// errTooManyRemote is a remote picture beyond maxRemotePictures.
var errTooManyRemote = fmt.Errorf("not fetched: over %d pictures", maxRemotePictures)

// askPicture asks the hub for the picture at url and keeps its answer in
// pic, unless the view attached again meanwhile (the new connection asks
// anew).
func (r *RemoteView) askPicture(url string, pic *remotePicture) {
	defer r.wg.Done()
	var res PictureResult
	err := r.call(ViewMethodPicture, PictureParams{URL: url}, &res)
	r.mu.Lock()
	pic.asking = false
	if r.pics[url] != pic || errors.Is(err, ErrNotAttached) {
		// Asked again once attached: connect clears the answers.
		r.mu.Unlock()
		return
	}
	switch {
	case err != nil:
		pic.err = err
	case res.Loading:
	case res.Error != "":
		pic.err = errors.New(res.Error)
	case len(res.Data) > imagefetch.MaxPictureBytes:
		pic.err = imagefetch.ErrTooBig
	case r.picBytes+len(res.Data) > imagefetch.MaxCacheBytes:
		pic.err = imagefetch.ErrCacheFull
	default:
		pic.data, pic.err = res.Data, nil
		r.picBytes += len(res.Data)
	}
	r.answers++
	r.notifyLocked()
	watchers := r.watchers
	r.mu.Unlock()
	for _, changed := range watchers {
		changed()
	}
}

// Subscribe implements View.
func (r *RemoteView) Subscribe() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	r.mu.Lock()
	if !r.closed {
		r.subs[ch] = struct{}{}
	}
	r.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			r.mu.Lock()
			delete(r.subs, ch)
			r.mu.Unlock()
		})
	}
}

func (r *RemoteView) notifyLocked() {
	for ch := range r.subs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// hubVersionLocked maps version local of surface surfaceID, as the view's
// copy had it, to the hub's version of the same state. A surface the copy
// still holds exactly as it was at local has not changed on the hub either,
// up to the newest version the copy follows: that one is the version to
// judge at, however many changes other surfaces had since (the pairs kept
// may no longer reach back to local). Otherwise it is the hub's version of
// the newest pair at or before local, or 0, before any version, which
// makes a press stale, when local is older than every pair kept or from
// before the last snapshot.
func (r *RemoteView) hubVersionLocked(surfaceID string, local uint64) uint64 {
	if s := r.canvas.Surface(surfaceID); s != nil && s.Version() == local && len(r.versions) > 0 {
		return r.versions[len(r.versions)-1].hub
	}
	var hb uint64
	for _, p := range r.versions {
		if p.local > local {
			break
		}
		hb = p.hub
	}
	return hb
}

// call runs method on the hub; a refusal comes back as an *a2ui.Error.
func (r *RemoteView) call(method string, params, result any) error {
	r.mu.Lock()
	conn := r.conn
	r.mu.Unlock()
	if conn == nil {
		return ErrNotAttached
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := conn.Call(ctx, method, params, result)
	var rpcErr *jsonrpc2.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &rpcErr):
		if rpcErr.Code == jsonrpc2.CodeMethodNotFound {
			return ErrOlderHub
		}
		if rpcErr.Data != nil {
			var refusal a2ui.Error
			if json.Unmarshal(*rpcErr.Data, &refusal) == nil && refusal.Code != "" {
				return &refusal
			}
		}
		return errors.New(rpcErr.Message)
	case errors.Is(err, jsonrpc2.ErrClosed), connGone(err):
		return ErrNotAttached
	}
	return fmt.Errorf("a2term attach: %s: %w", method, err)
}

// connGone reports whether err says the connection to the hub is gone:
// closed here while the call was being written, or by the hub.
func connGone(err error) bool {
	return errors.Is(err, net.ErrClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)
}

// Press implements View: the hub presses the button, as seen at the hub's
// version of the state the view saw.
func (r *RemoteView) Press(_ hub.Source, surfaceID, nodeID string, version uint64) error {
	r.mu.Lock()
	hv := r.hubVersionLocked(surfaceID, version)
	r.mu.Unlock()
	return r.call(ViewMethodPress, PressParams{SurfaceID: surfaceID, NodeID: nodeID, Version: hv}, nil)
}

// SetValue implements View. When it returns, the view's copy holds the
// value (the hub sends the change before its reply).
func (r *RemoteView) SetValue(_ hub.Source, surfaceID, nodeID string, value any) error {
	return r.call(ViewMethodSet, SetParams{SurfaceID: surfaceID, NodeID: nodeID, Value: hub.IntentValue(value)}, nil)
}

// Say implements View: the hub sends text to the agent, where its
// status says someone listens (Status.Talk), and says why not otherwise.
func (r *RemoteView) Say(text string) error {
	return talkErr(r.call(ViewMethodSay, SayParams{Text: text}, nil))
}

// CancelTask implements View: the hub asks the agent to cancel its task.
func (r *RemoteView) CancelTask() error {
	return talkErr(r.call(ViewMethodCancel, nil, nil))
}

// talkErr words the refusal of a hub older than the view channel's say
// and cancel for the person.
func talkErr(err error) error {
	if errors.Is(err, ErrOlderHub) {
		return errors.New("the a2term attached to is older than this one: write to the agent in its own terminal, or attach with an a2term of its version")
	}
	return err
}

// PairingLink asks the hub for a one-time link of its web mirror, for the
// person at this terminal, and the mirror's port.
func (r *RemoteView) PairingLink() (string, int, error) {
	var res LinkResult
	err := r.call(ViewMethodLink, nil, &res)
	return res.URL, res.Port, err
}

// remoteHandler answers a request from the hub: a view serves none.
type remoteHandler struct{}

func (remoteHandler) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if !req.Notif {
		_ = conn.ReplyWithError(ctx, req.ID, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "a view serves no methods"})
	}
}

// note applies what the hub sends, on the stream's reading goroutine.
func (r *RemoteView) note(method string, params []byte) {
	var err error
	switch method {
	case viewNoteSnapshot:
		var s viewSnapshot
		if err = json.Unmarshal(params, &s); err == nil {
			err = r.applySnapshot(s)
		}
	case viewNoteDelta:
		var d viewDelta
		if err = json.Unmarshal(params, &d); err == nil {
			err = r.applyDelta(d)
		}
	default:
		return
	}
	if err != nil {
		// The copy can no longer follow the changes: the hub sends the
		// whole state again.
		r.logger.Printf("a2term attach: %s: %v; asking for the whole canvas", method, err)
		go func() { _ = r.call(ViewMethodResync, nil, nil) }()
	}
}

func (r *RemoteView) applySnapshot(s viewSnapshot) error {
	// The copy's versions go on after the ones the person may have seen:
	// a press seen before the snapshot maps to no version of the hub's,
	// and is judged stale, whatever changed meanwhile.
	r.mu.Lock()
	prev := r.canvas.Version()
	r.mu.Unlock()
	opts, err := s.Options.options()
	if err != nil {
		return err
	}
	c, err := a2ui.NewAfter(opts, prev).Restore(s.Canvas)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.canvas = c
	r.anew++
	r.versions = append(r.versions[:0], versionPair{local: c.Version(), hub: s.Version})
	r.transcript = append([]hub.Entry(nil), s.Transcript...)
	r.dropped = s.Dropped
	r.status = s.Status.status()
	r.notifyLocked()
	return nil
}

// applyDelta applies the hub's changes to the copy. They are applied
// without the view's lock, which its readers take (the terminal's redraw,
// a press mapping its version): only the connection's reading goroutine
// changes the copy, so the canvas read first is still the copy's when the
// result is put in its place.
func (r *RemoteView) applyDelta(d viewDelta) error {
	r.mu.Lock()
	c := r.canvas
	r.mu.Unlock()
	if r.applying != nil {
		r.applying()
	}
	var pairs []versionPair
	var err error
	for _, ch := range d.Changes {
		switch {
		case ch.Show != nil:
			c, _, err = c.ApplyJSON(ch.Show)
		case ch.Set != nil:
			var v any
			if err = json.Unmarshal(ch.Set.Value, &v); err == nil {
				c, err = c.SetValue(ch.Set.SurfaceID, ch.Set.NodeID, v)
			}
		case ch.Call != nil:
			c, err = c.StartSavedCall(*ch.Call)
		case ch.Ended != nil:
			c, err = c.EndCalls(ch.Ended)
		}
		if err != nil {
			break
		}
		pairs = append(pairs, versionPair{local: c.Version(), hub: ch.Version})
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.notifyLocked()
	r.canvas = c
	r.versions = append(r.versions, pairs...)
	if over := len(r.versions) - maxVersionPairs; over > 0 {
		r.versions = append(r.versions[:0:0], r.versions[over:]...)
	}
	if err != nil {
		return err
	}
	r.transcript = append(r.transcript, d.Transcript...)
	r.dropped = d.Dropped
	if over := len(r.transcript) - hub.MaxTranscript; over > hub.MaxTranscript/4 {
		// The hub dropped these too, or will: its count says so.
		r.transcript = append([]hub.Entry(nil), r.transcript[over:]...)
	}
	if d.Status != nil {
		r.status = d.Status.status()
	}
	return nil
}
