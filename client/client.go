// Package client calls a2term's agent API over its Unix socket, with a
// jsonrpc2.Conn (github.com/sourcegraph/jsonrpc2) as the server has. Tests,
// replay scripts and the built-in demo use it; any other JSON-RPC 2.0
// client that writes one object per line works as well.
//
// Refusals come back as *a2ui.Error, decoded from the JSON-RPC error's
// data, so callers can write
//
//	var refusal *a2ui.Error
//	if errors.As(err, &refusal) && refusal.Code == a2ui.CodeMissingChild { ... }
//
// Other JSON-RPC errors (an unknown method, too many requests in flight,
// an internal error) come back as *jsonrpc2.Error, and a connection that
// is gone as an error that is ErrClosed (errors.Is). When the server said
// why it closed the connection (too many connections, a message over the
// limit, idle while every place was taken), that error is also the
// server's *jsonrpc2.Error (errors.As). A Client dialled with [Reconnect]
// connects again instead, when the a2term restarts at the same socket or
// closed the connection as idle ([CodeIdle]).
//
// A Client is safe for concurrent use; calls on one Client run
// concurrently on the server, up to its in-flight limit.
//
// The action Wait returns is the A2UI client message itself, ready to
// forward; [ReadAction] reads it into an [Action], the same for a v0.8
// {"userAction": …} and a v0.9 {"version": "v0.9", "action": …} with its
// surface's data model.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/linestream"
	"github.com/a2term/a2term/internal/redial"
	"github.com/a2term/a2term/internal/statedir"
	"github.com/a2term/a2term/internal/wire"
)

// MaxReplyBytes bounds one reply the client reads. Replies may be larger
// than requests (a canvas.state of a full canvas, with JSON's escapes), so
// the bound is wider than agentsock.MaxRPCMessageBytes.
const MaxReplyBytes = 64 << 20

// writeTimeout bounds one request's write, so a server that stopped
// reading cannot hang a caller forever.
const writeTimeout = 30 * time.Second

// ErrClosed is returned by calls on a connection that is closed, by
// either side.
var ErrClosed = errors.New("a2term connection closed")

// closedError is ErrClosed with the reason the server gave.
type closedError struct{ reason *jsonrpc2.Error }

func (e *closedError) Error() string {
	return fmt.Sprintf("%v: %s (code %d)", ErrClosed, e.reason.Message, e.reason.Code)
}
func (e *closedError) Is(target error) bool { return target == ErrClosed }
func (e *closedError) Unwrap() error        { return e.reason }

var errReplyTooLong = fmt.Errorf("a2term reply over %d bytes", MaxReplyBytes)

// Client is one connection to an a2term: a jsonrpc2.Conn over a stream of
// one JSON object per line.
//
// jsonrpc2 numbers the calls (with the ids the Client picks), matches
// replies to them, decodes errors and ends every call when the connection
// ends. The stream carries the bytes of params and results beside it, by
// call id: a request's params, encoded or checked once by Call, are
// appended to the request jsonrpc2 encodes, and a reply's result is set
// aside for its call and decoded once, into the caller's value. Given
// them, jsonrpc2 would check and copy a canvas.show's messages three times
// over while it encodes the request, and decode each result into
// interface{} before copying it.
type Client struct {
	path   string
	retry  time.Duration // Reconnect's; 0: not at all
	nextID atomic.Uint64
	// onNew is OnNewCanvas's hook (nil: none); canvasID is the id of the
	// canvas last seen, under mu.
	onNew    func(context.Context, *Client) error
	canvasID string

	mu     sync.Mutex
	cur    *link
	closed bool
	// dialMu makes one call at a time connect again.
	dialMu sync.Mutex
}

// link is one connection to the a2term.
type link struct {
	rpc    *jsonrpc2.Conn
	stream *stream
}

// Option changes how a Client connects.
type Option func(*Client)

// Reconnect has the Client connect again when its connection is lost —
// the a2term restarted at the same socket (see its journal), or was
// killed and started again, or closed the connection as idle to make
// room for another (agentsock.MaxIdleAtCap) — trying for up to d after
// the call that found it lost: at once, then after pauses from 20 ms,
// twice as long each time, up to half a second. A call
// the a2term cannot have received is sent again on the new connection; so
// is one that does no harm twice: canvas.info, canvas.state and
// canvas.wait (an action handed to a connection that broke goes back to
// the queue, or was journaled as queued by the a2term that died). A
// canvas.show or transcript.append that may have been received returns
// ErrReconnected instead: it may or may not have been done, and the agent
// decides (canvas.state says). canvas.info's canvasId tells a restored
// canvas (the same id, restored true) from a new one.
func Reconnect(d time.Duration) Option {
	return func(c *Client) { c.retry = d }
}

// OnNewCanvas has fn called when the Client, connected again (see
// [Reconnect]), finds a new, empty canvas rather than the same one
// restored from the a2term's journal: canvas.info's canvasId changed.
// fn shows what the canvas should hold again, with c, before the call
// that found the connection lost goes on (sent again, or
// ErrReconnected); other goroutines' calls may go on meanwhile. An error
// of fn is that call's error. Dial reads the canvas's id first.
func OnNewCanvas(fn func(ctx context.Context, c *Client) error) Option {
	return func(c *Client) { c.onNew = fn }
}

// ErrReconnected is a call's error when the connection was lost after
// the call was sent and the Client connected again: the a2term may or may
// not have done it. The next call goes on the new connection.
var ErrReconnected = errors.New("the connection to a2term was lost after the call was sent, and is back: the call may or may not have been done")

// Dial connects to the a2term listening at socketPath (for example the
// value of A2TERM_SOCKET). ctx bounds only the connecting. A socket that
// another user made, or whose directory others can enter, is refused
// with an error that is statedir.ErrNotPrivate (see statedir.CheckSocket);
// so is one found on reconnecting.
func Dial(ctx context.Context, socketPath string, opts ...Option) (*Client, error) {
	c := &Client{path: socketPath}
	for _, o := range opts {
		o(c)
	}
	l, err := dialLink(ctx, socketPath)
	if err != nil {
		return nil, err
	}
	c.cur = l
	if c.onNew != nil {
		info, err := c.Info(ctx)
		if err != nil {
			l.close()
			return nil, err
		}
		c.canvasID = info.CanvasID
	}
	return c, nil
}

func dialLink(ctx context.Context, socketPath string) (*link, error) {
	// Another user's socket, or one in a directory others can enter,
	// could be an a2term of theirs: it would read what the agent shows.
	if err := statedir.CheckSocket(socketPath); err != nil {
		return nil, fmt.Errorf("connect to a2term at %s: %w", socketPath, err)
	}
	var d net.Dialer
	nc, err := d.DialContext(ctx, "unix", socketPath)
	if err != nil {
		return nil, fmt.Errorf("connect to a2term at %s: %w", socketPath, err)
	}
	st := &stream{
		lines: linestream.New(nc, linestream.Options{
			Limit:        MaxReplyBytes,
			WriteTimeout: writeTimeout,
			TooLong:      errReplyTooLong,
			// After a failed write the server may still have said why it
			// is closing, which the reading goroutine reads up to the end.
			HalfClose: true,
		}),
		calls:    map[uint64]*call{},
		readDone: make(chan struct{}),
	}
	// The client runs inside programs that draw on the terminal (the demo,
	// scripts): jsonrpc2's default logger would write on it.
	rpc := jsonrpc2.NewConn(context.Background(), st, noMethods{}, jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
	return &link{rpc: rpc, stream: st}, nil
}

// current returns the connection calls go on.
func (c *Client) current() *link {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur
}

// Close ends the connection. A canvas.wait still running on the server
// ends with it, and an action it was about to deliver stays queued.
func (c *Client) Close() error {
	c.mu.Lock()
	c.closed = true
	l := c.cur
	c.mu.Unlock()
	return l.close()
}

func (l *link) close() error {
	err := l.rpc.Close()
	<-l.stream.readDone
	if err == nil || errors.Is(err, jsonrpc2.ErrClosed) {
		return nil
	}
	return fmt.Errorf("closing the a2term connection: %w", err)
}

// The pauses between a Reconnect's tries: from redialFirst, twice as
// long each time, up to redialMax. The first try is made at once: the
// connection was found lost by a call, perhaps long after it was.
const (
	redialFirst = 20 * time.Millisecond
	redialMax   = 500 * time.Millisecond
)

// redial replaces lost, the connection that was lost, with a new one,
// trying until c.retry has passed or ctx ends; made says this call made
// it. A call that finds lost replaced already uses the new connection.
func (c *Client) redial(ctx context.Context, lost *link) (made bool, err error) {
	c.dialMu.Lock()
	defer c.dialMu.Unlock()
	c.mu.Lock()
	closed, cur := c.closed, c.cur
	c.mu.Unlock()
	if closed {
		return false, ErrClosed
	}
	if cur != lost {
		return false, nil
	}
	var l *link
	err = redial.Redial(ctx, redial.Backoff{First: redialFirst, Max: redialMax, For: c.retry}, func(ctx context.Context) error {
		var err error
		l, err = dialLink(ctx, c.path)
		return err
	})
	if err != nil {
		return false, err
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		l.close()
		return false, ErrClosed
	}
	c.cur = l
	c.mu.Unlock()
	lost.close()
	return true, nil
}

// checkCanvas asks the a2term connected again which canvas it has, and
// calls the OnNewCanvas hook when it is a new one. A connection lost
// again meanwhile is left to the next call, which connects again and
// checks then.
func (c *Client) checkCanvas(ctx context.Context) error {
	var info hub.Info
	if _, err := c.callOn(ctx, c.current(), agentsock.MethodInfo, nil, &info); err != nil {
		return nil //nolint:nilerr // a connection lost again is the next call's to mend
	}
	c.mu.Lock()
	same := info.CanvasID == c.canvasID
	c.canvasID = info.CanvasID
	c.mu.Unlock()
	if same {
		return nil
	}
	if err := c.onNew(ctx, c); err != nil {
		return fmt.Errorf("showing the new canvas again: %w", err)
	}
	return nil
}

// CodeIdle is the code of the error a2term sends when it closes a
// connection that sent nothing for a while to make room for a new one,
// every place being taken; the connection's error is then ErrClosed and
// that *jsonrpc2.Error (see the package doc).
const CodeIdle = agentsock.CodeIdle

// lost says whether err is a connection lost in a way that connecting
// again may mend: with no reason given (the a2term restarted, or was
// killed), or closed as idle (CodeIdle) while every place was
// taken, which is how an agent that thinks for a while between calls
// finds it. A connection refused outright (too many connections, a
// message over the limit) is not.
func lost(err error) bool {
	// A closedError is ErrClosed too (errors.Is): its reason decides.
	var ce *closedError
	if errors.As(err, &ce) {
		return ce.reason.Code == CodeIdle
	}
	return errors.Is(err, ErrClosed)
}

// retrySafe says whether sending method twice does no harm.
func retrySafe(method string) bool {
	switch method {
	case agentsock.MethodInfo, agentsock.MethodState, agentsock.MethodWait:
		return true
	}
	return false
}

// Call calls any method, for scripts that send what they were given.
// params may be nil (none), a json.RawMessage (sent as it is, once it is
// checked to be JSON) or any value encoding/json encodes; result may be
// nil.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	var raw []byte
	switch p := params.(type) {
	case nil:
	case json.RawMessage:
		var err error
		if raw, err = oneLine(p); err != nil {
			return fmt.Errorf("%s params: %w", method, err)
		}
	default:
		var err error
		if raw, err = json.Marshal(params); err != nil {
			return fmt.Errorf("%s params: %w", method, err)
		}
	}
	return c.call(ctx, method, raw, result)
}

// oneLine checks that raw is one JSON value and returns it as it is, or
// without its white space when it spans lines. It checks with the
// server's own reader: encoding/json checks and copies a canvas.show of
// 500 components nine times as slowly.
func oneLine(raw []byte) ([]byte, error) {
	raw = wire.Trim(raw)
	if len(raw) == 0 {
		return []byte("null"), nil
	}
	if !wire.Valid(raw) {
		return nil, wire.ErrSyntax
	}
	if bytes.IndexByte(raw, '\n') < 0 {
		return raw, nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return nil, fmt.Errorf("params: %w", err)
	}
	return b.Bytes(), nil
}

// call sends one request whose params are already one line of JSON (nil:
// none) and decodes its result into result.
//
// With Reconnect, a call that finds the connection lost (with no reason
// given by the server, or closed as idle to make room for another)
// connects again and is sent again when it can be.
func (c *Client) call(ctx context.Context, method string, params []byte, result any) error {
	for {
		l := c.current()
		sent, err := c.callOn(ctx, l, method, params, result)
		if c.retry <= 0 || !lost(err) || ctx.Err() != nil {
			return err
		}
		made, derr := c.redial(ctx, l)
		if derr != nil {
			return err
		}
		if made && c.onNew != nil {
			if err := c.checkCanvas(ctx); err != nil {
				return err
			}
		}
		if sent && !retrySafe(method) {
			return ErrReconnected
		}
	}
}

// callOn makes the call on l; sent says the request was written whole.
func (c *Client) callOn(ctx context.Context, l *link, method string, params []byte, result any) (bool, error) {
	id := c.nextID.Add(1)
	l.stream.begin(id, params)
	err := l.rpc.Call(ctx, method, nil, nil, jsonrpc2.PickID(jsonrpc2.ID{Num: id}))
	res, replied, sent := l.stream.end(id)
	return sent, c.result(l, err, res, replied, result)
}

func (c *Client) result(l *link, err error, res json.RawMessage, replied bool, result any) error {
	var sendErr *sendError
	switch {
	case errors.As(err, &sendErr) || errors.Is(err, jsonrpc2.ErrClosed):
		// The connection is gone: the server may have said why just
		// before it closed, which the stream reads up to the end.
		<-l.stream.readDone
		return l.stream.closedErr()
	case err != nil:
		var rpcErr *jsonrpc2.Error
		if errors.As(err, &rpcErr) && rpcErr.Code == jsonrpc2.CodeInvalidParams && rpcErr.Data != nil {
			var refusal a2ui.Error
			if json.Unmarshal(*rpcErr.Data, &refusal) == nil && refusal.Code != "" {
				return &refusal
			}
		}
		return err
	case !replied:
		return l.stream.closedErr()
	case result == nil:
		return nil
	}
	if err := json.Unmarshal(res, result); err != nil {
		return fmt.Errorf("decoding the result: %w", err)
	}
	return nil
}

// noMethods answers a request from the server: a client serves none.
type noMethods struct{}

func (noMethods) Handle(ctx context.Context, c *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if !req.Notif {
		_ = c.ReplyWithError(ctx, req.ID, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not found"})
	}
}

// sendError is a request that could not be written.
type sendError struct{ err error }

func (e *sendError) Error() string { return "sending to a2term: " + e.err.Error() }
func (e *sendError) Unwrap() error { return e.err }

// stream is the client's jsonrpc2.ObjectStream over a
// linestream.Stream: one JSON object per line, replies of at most
// MaxReplyBytes.
type stream struct {
	lines *linestream.Stream

	mu     sync.Mutex
	calls  map[uint64]*call // by id, from Call's start to its end
	reason *jsonrpc2.Error  // what the server said about the connection, if anything

	readDone chan struct{} // closed when ReadObject has returned its final error
	doneOnce sync.Once
}

// call is what the stream carries for one call: its params, one line of
// JSON (nil: none), and its result once the reply is read.
type call struct {
	params []byte
	result json.RawMessage
	sent   bool // the request was written whole
}

// begin starts call id, with params.
func (s *stream) begin(id uint64, params []byte) {
	s.mu.Lock()
	s.calls[id] = &call{params: params}
	s.mu.Unlock()
}

// end ends call id and returns its result, if its reply came: a reply
// that comes later is dropped.
func (s *stream) end(id uint64) (json.RawMessage, bool, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.calls[id]
	delete(s.calls, id)
	if c == nil {
		return nil, false, false
	}
	if c.result == nil {
		return nil, false, c.sent
	}
	return c.result, true, true
}

// params returns the params of call id.
func (s *stream) params(id uint64) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.calls[id]; c != nil {
		return c.params
	}
	return nil
}

// closedErr is ErrClosed, with the server's reason when it gave one.
func (s *stream) closedErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reason != nil {
		return &closedError{reason: s.reason}
	}
	return ErrClosed
}

// ReadObject implements jsonrpc2.ObjectStream: it reads the next reply
// into v, jsonrpc2's message type, with the result set aside for its
// call. A reply to no call (id null) is the server saying why it is about
// to close the connection: it is kept for the calls that end with the
// connection, and not handed on.
func (s *stream) ReadObject(v any) (err error) {
	defer func() {
		if err != nil {
			s.doneOnce.Do(func() { close(s.readDone) })
		}
	}()
	for {
		line, err := s.readLine()
		if err != nil {
			return err
		}
		var rawID, result, rerr []byte
		if err := wire.Members(line, func(name, v []byte) error {
			switch wire.Name(name) {
			case "id":
				rawID = v
			case "result":
				result = v
			case "error":
				rerr = v
			}
			return nil
		}); err != nil {
			return err // the server sends nothing else
		}
		id, perr := strconv.ParseUint(string(rawID), 10, 64)
		switch {
		case perr != nil:
			reason := new(jsonrpc2.Error)
			if rerr != nil && json.Unmarshal(rerr, reason) == nil {
				s.mu.Lock()
				s.reason = reason
				s.mu.Unlock()
			}
			continue
		case rerr != nil:
			return decodeReply(line, v)
		case result == nil:
			result = []byte("null")
		}
		s.mu.Lock()
		if c := s.calls[id]; c != nil {
			c.result = result
		}
		s.mu.Unlock()
		return decodeReply(fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"result":null}`, id), v)
	}
}

// decodeReply decodes a reply's line into v, jsonrpc2's message.
func decodeReply(line []byte, v any) error {
	if err := json.Unmarshal(line, v); err != nil {
		return fmt.Errorf("a2term reply: %w", err)
	}
	return nil
}

// readLine reads one non-blank line of at most MaxReplyBytes, into a
// buffer of its own: a reply's result is kept for its call.
func (s *stream) readLine() ([]byte, error) {
	for {
		line, err := s.lines.ReadLine()
		if err != nil {
			return nil, err
		}
		if line = wire.Trim(line); len(line) > 0 {
			return line, nil
		}
	}
}

var (
	paramsMember = []byte(`,"params":`)
	closeAndEnd  = []byte("}\n")
	newline      = []byte("\n")
)

// WriteObject implements jsonrpc2.ObjectStream. jsonrpc2's messages
// encode themselves with encoding/json, so their JSON is already compact
// and checked: it is written as it is. A request of a call with params
// gets them as its last member.
func (s *stream) WriteObject(obj any) error {
	b, err := linestream.Marshal(obj)
	if err != nil {
		return err
	}
	var req struct {
		ID     jsonrpc2.ID `json:"id"`
		Method *string     `json:"method"`
	}
	line := net.Buffers{b, newline}
	isCall := json.Unmarshal(b, &req) == nil && req.Method != nil && !req.ID.IsString
	if isCall {
		if p := s.params(req.ID.Num); p != nil {
			line = net.Buffers{b[:len(b)-1], paramsMember, p, closeAndEnd}
		}
	}
	n, err := s.lines.WriteBuffers(line)
	if isCall && n > 0 {
		// Written, or perhaps written: the server may have it.
		s.mu.Lock()
		if c := s.calls[req.ID.Num]; c != nil {
			c.sent = true
		}
		s.mu.Unlock()
	}
	if err != nil {
		return &sendError{err}
	}
	return nil
}

// Close implements jsonrpc2.ObjectStream.
func (s *stream) Close() error {
	return s.lines.Close()
}

// Info returns the canvas's versions, limits and viewers.
func (c *Client) Info(ctx context.Context) (hub.Info, error) {
	var res hub.Info
	err := c.call(ctx, agentsock.MethodInfo, nil, &res)
	return res, err
}

// Show applies messages as one batch, all or none. A refusal is an
// *a2ui.Error and leaves the canvas as it was.
func (c *Client) Show(ctx context.Context, messages ...json.RawMessage) (hub.ShowResult, error) {
	n := len(`{"messages":[]}`)
	for _, m := range messages {
		n += len(m) + 1
	}
	params := make([]byte, 0, n)
	params = append(params, `{"messages":[`...)
	for i, m := range messages {
		one, err := oneLine(m)
		if err != nil {
			return hub.ShowResult{}, fmt.Errorf("message %d: %w", i, err)
		}
		if i > 0 {
			params = append(params, ',')
		}
		params = append(params, one...)
	}
	params = append(params, "]}"...)
	var res hub.ShowResult
	err := c.call(ctx, agentsock.MethodShow, params, &res)
	return res, err
}

// Wait returns the person's next action, waiting up to seconds for one
// (0 only looks). JSON-RPC cannot withdraw a call, so when ctx ends before
// the reply the Client closes its connection: the server then puts back
// an action it had not yet written, instead of writing it to no one.
func (c *Client) Wait(ctx context.Context, seconds float64) (hub.WaitResult, error) {
	var res hub.WaitResult
	err := c.Call(ctx, agentsock.MethodWait, agentsock.WaitParams{Seconds: seconds}, &res)
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		_ = c.Close()
	}
	return res, err
}

// State returns every surface with its components, data model and the
// person's inputs, or only the surface named.
func (c *Client) State(ctx context.Context, surfaceID string) ([]hub.SurfaceState, error) {
	var res agentsock.StateResult
	err := c.Call(ctx, agentsock.MethodState, agentsock.StateParams{SurfaceID: surfaceID}, &res)
	return res.Surfaces, err
}

// Append adds a line to the transcript as role (agent, tool or note).
func (c *Client) Append(ctx context.Context, role hub.Role, text string) error {
	return c.Call(ctx, agentsock.MethodAppend, agentsock.AppendParams{Role: role, Text: text}, nil)
}
