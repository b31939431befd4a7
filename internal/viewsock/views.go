package viewsock

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/accept"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/imagefetch"
	"github.com/a2term/a2term/internal/logclean"
	"github.com/a2term/a2term/internal/statedir"
)

// ViewPaths returns where views attach to the hub whose agents connect at
// socket: the view socket and the key file beside it ("a2term.sock" gives
// "a2term.view.sock" and "a2term.view.key").
func ViewPaths(socket string) (viewSocket, keyFile string) {
	base := strings.TrimSuffix(socket, ".sock")
	return base + ".view.sock", base + ".view.key"
}

// ViewOptions set up the view channel. The zero value is ready to use.
type ViewOptions struct {
	// Logger receives what the view channel has to say (refused
	// connections, protocol errors), each line's arguments cleaned as
	// agent text is and each kind of line at most LogBurst times in
	// LogWindow. Nil discards it.
	Logger *log.Logger
	// WriteTimeout is how long one message to a view may take to write
	// before its connection is dropped. Zero means DefaultWriteTimeout.
	WriteTimeout time.Duration

	// hello replaces viewHelloTimeout (tests).
	hello time.Duration
	// without are methods the hub answers as unknown, as one older than
	// them does (tests).
	without map[string]bool
}

// ViewServer serves the view channel of a hub (see viewstream.go): the
// terminals that attach to it.
type ViewServer struct {
	hub     *hub.Hub
	path    string
	keyPath string
	key     []byte // hex, as the key file holds it
	ln      *net.UnixListener
	sock    os.FileInfo // the socket file it made, to remove only that
	keyFile os.FileInfo
	logger  logclean.Logger
	timeout time.Duration
	hello   time.Duration // to attach in
	without map[string]bool
	ctx     context.Context
	cancel  context.CancelFunc

	mu    sync.Mutex
	conns int
	wg    sync.WaitGroup

	refused atomic.Uint64 // connections closed for not attaching properly
}

// logRefusal logs a connection closed for not attaching properly: the
// first, then only the 10th, 100th, 1000th..., so that a peer dialling
// again and again cannot fill the transcript with them.
func (v *ViewServer) logRefusal(why string) {
	if n := v.refused.Add(1); isPowerOf10(n) {
		v.logger.Printf("a2term views: closing a connection that %s (%d refused so far)", why, n)
	}
}

// isPowerOf10 reports whether n is 1, 10, 100, 1000...
func isPowerOf10(n uint64) bool {
	for n >= 10 && n%10 == 0 {
		n /= 10
	}
	return n == 1
}

// ListenViews starts the view channel of h beside the agent socket at
// agentPath, whose directory Listen has made or checked: the socket
// (0600) and a new key in a key file (0600), written whole before the
// socket listens. A program that serves the agent socket and lets
// terminals attach calls it after Listen, and closes it after the
// Server.
func ListenViews(h *hub.Hub, agentPath string, opts ViewOptions) (*ViewServer, error) {
	path, keyPath := ViewPaths(agentPath)
	hello, timeout := opts.hello, opts.WriteTimeout
	if hello <= 0 {
		hello = viewHelloTimeout
	}
	if timeout <= 0 {
		timeout = agentsock.DefaultWriteTimeout
	}
	logger := logclean.New(opts.Logger)
	raw := make([]byte, 32)
	rand.Read(raw) // never fails (crypto/rand)
	v := &ViewServer{hub: h, path: path, keyPath: keyPath, key: []byte(hex.EncodeToString(raw)), logger: logger, timeout: timeout, hello: hello, without: opts.without}
	if err := statedir.RemoveStale(path); err != nil {
		return nil, err
	}
	if err := writePrivate(keyPath, append(append([]byte(nil), v.key...), '\n')); err != nil {
		return nil, fmt.Errorf("a2term view key %s: %w", keyPath, err)
	}
	fail := func(err error) (*ViewServer, error) {
		removeIfSame(keyPath, v.keyFile)
		return nil, err
	}
	var err error
	if v.keyFile, err = os.Lstat(keyPath); err != nil {
		return fail(fmt.Errorf("a2term view key %s: %w", keyPath, err))
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return fail(fmt.Errorf("a2term view socket %s: %w", path, err))
	}
	ln.SetUnlinkOnClose(false)
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		_ = os.Remove(path)
		return fail(fmt.Errorf("a2term view socket %s: %w", path, err))
	}
	if v.sock, err = os.Lstat(path); err != nil {
		ln.Close()
		return fail(fmt.Errorf("a2term view socket %s: %w", path, err))
	}
	v.ln = ln
	v.ctx, v.cancel = context.WithCancel(context.Background())
	v.wg.Add(1)
	go v.accept()
	return v, nil
}

// writePrivate writes data to a new file at path, readable only by this
// user, replacing what was there at once (a reader never sees half of
// it).
func writePrivate(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err = f.Chmod(0o600); err == nil {
		_, err = f.Write(data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	return err
}

// removeIfSame removes path if it is still the file fi.
func removeIfSame(path string, fi os.FileInfo) {
	if fi == nil {
		return
	}
	if now, err := os.Lstat(path); err == nil && os.SameFile(now, fi) {
		_ = os.Remove(path)
	}
}

// Close stops accepting, closes every view connection and removes the
// socket and the key file.
func (v *ViewServer) Close() error {
	v.cancel()
	v.ln.Close()
	v.wg.Wait()
	removeIfSame(v.path, v.sock)
	removeIfSame(v.keyPath, v.keyFile)
	if l, ok := v.logger.(*logclean.Log); ok {
		l.Flush()
	}
	return nil
}

func (v *ViewServer) accept() {
	defer v.wg.Done()
	accept.Loop(v.ctx, v.ln, v.take, nil, nil)
}

// take serves a view connection, or closes it unread beyond room for a
// few that will be refused politely.
func (v *ViewServer) take(nc net.Conn) {
	v.mu.Lock()
	if v.conns >= hub.MaxTerminals+4 {
		v.mu.Unlock()
		nc.Close()
		return
	}
	v.conns++
	v.mu.Unlock()
	v.wg.Add(1)
	go v.serve(nc)
}

// viewConn is one view's connection.
type viewConn struct {
	v      *ViewServer
	stream *viewStream
	rpc    *jsonrpc2.Conn
	ctx    context.Context

	mu       sync.Mutex // held while attaching and while sending
	attached bool
	release  func() // ends the view's count
	sent     bool   // a snapshot was sent
	full     bool   // send a snapshot next, whatever the view has
	version  uint64 // the canvas version the view has
	seq      uint64 // its last transcript entry
	status   viewStatus
}

func (v *ViewServer) serve(nc net.Conn) {
	defer v.wg.Done()
	defer func() {
		v.mu.Lock()
		v.conns--
		v.mu.Unlock()
	}()
	c := &viewConn{v: v, stream: newViewStream(nc, viewHelloBytes, v.timeout)}
	c.stream.requestsOnly = true
	ctx, cancel := context.WithCancel(v.ctx)
	defer cancel()
	c.ctx = ctx
	// Subscribed before the connection reads its attach request: the
	// attach sends the state of that moment, and a change made after it
	// must wake the loop below, or the view would not see it until the
	// next one.
	changed, unsubscribe := v.hub.Subscribe()
	defer unsubscribe()
	// jsonrpc2's own log lines quote what the peer sent; this server's
	// log is the person's transcript, where a peer that has not given the
	// key must write nothing of its own. Only the fixed lines below are
	// logged.
	rpc := jsonrpc2.NewConn(ctx, c.stream, c, jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
	c.mu.Lock()
	c.rpc = rpc // Handle may have set it already: the same
	c.mu.Unlock()
	hello := time.AfterFunc(v.hello, func() {
		c.mu.Lock()
		attached := c.attached
		c.mu.Unlock()
		if !attached {
			rpc.Close()
		}
	})
	defer hello.Stop()
	defer func() {
		c.mu.Lock()
		if c.release != nil {
			c.release()
			c.release = nil
		}
		c.mu.Unlock()
	}()
	for {
		select {
		case <-rpc.DisconnectNotify():
			return
		case <-ctx.Done():
			rpc.Close()
			<-rpc.DisconnectNotify()
			return
		case <-changed:
			c.flush()
		}
	}
}

// Handle implements jsonrpc2.Handler. It runs on jsonrpc2's reading
// goroutine, one request at a time: each is quick, and its reply is
// written after the changes it made.
func (c *viewConn) Handle(ctx context.Context, rpc *jsonrpc2.Conn, r *jsonrpc2.Request) {
	c.mu.Lock()
	c.rpc = rpc
	attached := c.attached
	c.mu.Unlock()
	if !attached {
		c.attach(ctx, rpc, r)
		return
	}
	if r.Notif {
		return
	}
	var params []byte
	if r.Params != nil {
		params = *r.Params
	}
	if r.Method == ViewMethodCancel && !c.v.without[r.Method] {
		// The agent may take its time to answer a cancel (up to the
		// transport's bound): the view's other intents do not wait for
		// it.
		go func() {
			err := c.v.hub.CancelTask()
			c.flush()
			c.reply(ctx, rpc, r, struct{}{}, err)
		}()
		return
	}
	result, err := c.call(r.Method, params)
	c.flush()
	c.reply(ctx, rpc, r, result, err)
}

// reply answers request r with result, or with err as the view sees it.
func (c *viewConn) reply(ctx context.Context, rpc *jsonrpc2.Conn, r *jsonrpc2.Request, result any, err error) {
	if err != nil {
		_ = rpc.ReplyWithError(ctx, r.ID, c.rpcError(r.Method, err))
		return
	}
	_ = rpc.Reply(ctx, r.ID, result)
}

// refuse tells a connection that did not attach properly why, and closes
// it.
func (c *viewConn) refuse(ctx context.Context, rpc *jsonrpc2.Conn, r *jsonrpc2.Request, message string) {
	if !r.Notif {
		_ = rpc.ReplyWithError(ctx, r.ID, &jsonrpc2.Error{Code: CodeNotAllowed, Message: message})
	}
	rpc.Close()
}

// attach takes the first request: view.attach with the key, or the
// connection is closed.
func (c *viewConn) attach(ctx context.Context, rpc *jsonrpc2.Conn, r *jsonrpc2.Request) {
	if r.Method != ViewMethodAttach || r.Params == nil {
		c.v.logRefusal("did not attach first")
		c.refuse(ctx, rpc, r, "attach first, with the key of the view key file")
		return
	}
	var p AttachParams
	if !strictJSON(*r.Params, &p) || subtle.ConstantTimeCompare([]byte(p.Key), c.v.key) != 1 {
		c.v.logRefusal("did not give the view key")
		c.refuse(ctx, rpc, r, "not allowed: give the key of the view key file")
		return
	}
	if p.Protocol != ViewProtocol {
		c.refuse(ctx, rpc, r, fmt.Sprintf("this a2term speaks view protocol %d, not %d: use an a2term of the same version", ViewProtocol, p.Protocol))
		return
	}
	res, release, ok := c.v.hub.AttachView()
	if !ok {
		c.refuse(ctx, rpc, r, fmt.Sprintf("%d terminals show this canvas already, the most there may be", hub.MaxTerminals))
		return
	}
	c.mu.Lock()
	c.attached, c.release = true, release
	c.mu.Unlock()
	c.stream.lines.SetLimit(agentsock.MaxRPCMessageBytes)
	c.flush()
	_ = rpc.Reply(ctx, r.ID, res)
}

// strictJSON decodes data into v and reports whether it could, refusing
// members v does not have.
func strictJSON(data []byte, v any) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v) == nil
}

// call runs one method of an attached view.
func (c *viewConn) call(method string, params []byte) (any, error) {
	h := c.v.hub
	if c.v.without[method] {
		return nil, errMethodNotFound(method)
	}
	switch method {
	case ViewMethodPress:
		var p PressParams
		if !strictJSON(params, &p) {
			return nil, badParams(method)
		}
		return struct{}{}, h.Press(hub.Terminal, p.SurfaceID, p.NodeID, p.Version)
	case ViewMethodSet:
		var p SetParams
		if !strictJSON(params, &p) {
			return nil, badParams(method)
		}
		var value any
		if err := json.Unmarshal(p.Value, &value); err != nil {
			return nil, badParams(method)
		}
		return struct{}{}, h.SetValue(hub.Terminal, p.SurfaceID, p.NodeID, value)
	case ViewMethodLink:
		link, port := h.WebLink()
		if link == "" {
			return nil, &a2ui.Error{Code: "no_web_mirror", Index: -1, Message: "this a2term runs no web mirror"}
		}
		return LinkResult{URL: link, Port: port}, nil
	case ViewMethodPicture:
		var p PictureParams
		if !strictJSON(params, &p) {
			return nil, badParams(method)
		}
		return pictureOf(h.Snapshot(), p.URL), nil
	case ViewMethodSay:
		var p SayParams
		if !strictJSON(params, &p) {
			return nil, badParams(method)
		}
		return struct{}{}, h.Say(p.Text)
	case ViewMethodCancel:
		return struct{}{}, h.CancelTask()
	case ViewMethodResync:
		c.mu.Lock()
		c.full = true
		c.mu.Unlock()
		return struct{}{}, nil
	}
	return nil, errMethodNotFound(method)
}

// pictureOf answers view.picture from the pictures the hub fetched: it
// never blocks, and never sends a view more than imagefetch.MaxPictureBytes
// of one picture.
func pictureOf(snap hub.Snapshot, url string) PictureResult {
	if snap.Pictures == nil {
		return PictureResult{Error: errNoPictures.Error()}
	}
	data, err := snap.Pictures.Picture(url)
	switch {
	case errors.Is(err, imagefetch.ErrLoading):
		return PictureResult{Loading: true}
	case err != nil:
		return PictureResult{Error: err.Error()}
	case len(data) > imagefetch.MaxPictureBytes:
		return PictureResult{Error: imagefetch.ErrTooBig.Error()}
	}
	return PictureResult{Data: data}
}

// errNoPictures answers a view that asks for a picture of a hub that
// fetches none.
var errNoPictures = errors.New("not fetched: this a2term fetches no pictures")

// errMethodNotFound is an unknown method.
type errMethodNotFound string

func (e errMethodNotFound) Error() string { return "method not found: " + string(e) }

func badParams(method string) error {
	return &a2ui.Error{Code: a2ui.CodeBadValue, Index: -1, Message: method + ": params of the wrong shape"}
}

// rpcError turns err into what the view sees, as the agent API does.
func (c *viewConn) rpcError(method string, err error) *jsonrpc2.Error {
	var refusal *a2ui.Error
	var unknown errMethodNotFound
	switch {
	case errors.As(err, &refusal):
		e := &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: refusal.Message}
		e.SetError(refusal)
		return e
	case errors.As(err, &unknown):
		return &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: unknown.Error()}
	}
	c.v.logger.Printf("a2term views: %s: %v", method, err)
	return &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: "internal error"}
}

// flush sends the view what changed since it was last sent anything: the
// changes of the canvas, the new transcript entries and the status, or
// the whole state when it has nothing yet or fell too far behind.
func (c *viewConn) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.attached {
		return
	}
	snap, changes, ok := c.v.hub.ViewState(c.version)
	status := statusOf(snap.Status)
	var last uint64
	if n := len(snap.Transcript); n > 0 {
		last = snap.Transcript[n-1].Seq
	}
	gap := len(snap.Transcript) > 0 && snap.Transcript[0].Seq > c.seq+1
	bytes := 0
	for i := range changes {
		bytes += changes[i].Size()
	}
	if !c.sent || c.full || !ok || gap || bytes > hub.MaxChangesBytes {
		full := viewSnapshot{
			Version: snap.Canvas.Version(), Options: optionsOf(snap.Canvas.Options()), Canvas: snap.Canvas.Save(), Transcript: snap.Transcript,
			Dropped: snap.Dropped, Status: status,
		}
		if full.Transcript == nil {
			full.Transcript = []hub.Entry{}
		}
		if err := c.rpc.Notify(c.ctx, viewNoteSnapshot, full); err != nil {
			return
		}
		c.sent, c.full, c.version, c.seq, c.status = true, false, full.Version, last, status
		return
	}
	d := viewDelta{Version: snap.Canvas.Version(), Changes: changes, Dropped: snap.Dropped}
	for _, e := range snap.Transcript {
		if e.Seq > c.seq {
			d.Transcript = append(d.Transcript, e)
		}
	}
	if status != c.status {
		d.Status = &status
	}
	if len(d.Changes) == 0 && len(d.Transcript) == 0 && d.Status == nil {
		return
	}
	if err := c.rpc.Notify(c.ctx, viewNoteDelta, d); err != nil {
		return
	}
	c.version, c.seq, c.status = d.Version, last, status
}

// RunningHubs lists the hubs that terminals can attach to in dir (the
// directory of the default socket, say): the agent socket of each whose
// view socket answers.
func RunningHubs(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".view.sock") || e.Type()&os.ModeSocket == 0 {
			continue
		}
		d := net.Dialer{Timeout: time.Second}
		nc, err := d.DialContext(context.Background(), "unix", filepath.Join(dir, name))
		if err != nil {
			continue
		}
		nc.Close()
		out = append(out, filepath.Join(dir, strings.TrimSuffix(name, ".view.sock")+".sock"))
	}
	return out
}
