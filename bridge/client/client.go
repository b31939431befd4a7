// Package client calls a2term's agent API over its Unix socket. Tests,
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
// is gone as ErrClosed.
//
// A Client is safe for concurrent use; calls on one Client run
// concurrently on the server, up to its in-flight limit.
package client

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
)

// MaxReplyBytes bounds one reply the client reads. Replies may be larger
// than requests (a canvas.state of a full canvas, with JSON's escapes), so
// the bound is wider than bridge.MaxRPCMessageBytes.
const MaxReplyBytes = 64 << 20

// writeTimeout bounds one request's write, so a server that stopped
// reading cannot hang a caller forever.
const writeTimeout = 30 * time.Second

// ErrClosed is returned by calls on a connection that is closed, by
// either side.
var ErrClosed = errors.New("a2term connection closed")

// Client is one connection to an a2term.
type Client struct {
	conn   *jsonrpc2.Conn
	stream *stream
}

// Dial connects to the a2term listening at socketPath (for example the
// value of A2TERM_SOCKET). ctx bounds only the connecting.
func Dial(ctx context.Context, socketPath string) (*Client, error) {
	var d net.Dialer
	nc, err := d.DialContext(ctx, "unix", socketPath)
	if err != nil {
		return nil, fmt.Errorf("connect to a2term at %s: %w", socketPath, err)
	}
	st := &stream{conn: nc, r: bufio.NewReaderSize(nc, 64<<10), readDone: make(chan struct{})}
	conn := jsonrpc2.NewConn(context.Background(), st, noMethods{}, jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
	return &Client{conn: conn, stream: st}, nil
}

// Close ends the connection. A canvas.wait still running on the server
// ends with it, and an action it was about to deliver stays queued.
func (c *Client) Close() error {
	err := c.conn.Close()
	<-c.stream.readDone
	if errors.Is(err, jsonrpc2.ErrClosed) {
		return nil
	}
	return err
}

// Call calls any method, for scripts that send what they were given.
// result may be nil.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	err := c.conn.Call(ctx, method, params, result)
	if err == nil {
		return nil
	}
	var rpcErr *jsonrpc2.Error
	if errors.As(err, &rpcErr) {
		if rpcErr.Code == jsonrpc2.CodeInvalidParams && rpcErr.Data != nil {
			var refusal a2ui.Error
			if json.Unmarshal(*rpcErr.Data, &refusal) == nil && refusal.Code != "" {
				return &refusal
			}
		}
		return rpcErr
	}
	if errors.Is(err, jsonrpc2.ErrClosed) {
		return ErrClosed
	}
	return err
}

// Info returns the canvas's versions, limits and viewers.
func (c *Client) Info(ctx context.Context) (bridge.Info, error) {
	var res bridge.Info
	err := c.Call(ctx, bridge.MethodInfo, nil, &res)
	return res, err
}

// Show applies messages as one batch, all or none. A refusal is an
// *a2ui.Error and leaves the canvas as it was.
func (c *Client) Show(ctx context.Context, messages ...json.RawMessage) (bridge.ShowResult, error) {
	if messages == nil {
		messages = []json.RawMessage{}
	}
	var res bridge.ShowResult
	err := c.Call(ctx, bridge.MethodShow, bridge.ShowParams{Messages: messages}, &res)
	return res, err
}

// Wait returns the person's next action, waiting up to seconds for one
// (0 only looks). JSON-RPC cannot withdraw a call, so when ctx ends before
// the reply the Client closes its connection: the server then puts back
// an action it had not yet written, instead of writing it to no one.
func (c *Client) Wait(ctx context.Context, seconds float64) (bridge.WaitResult, error) {
	var res bridge.WaitResult
	err := c.Call(ctx, bridge.MethodWait, bridge.WaitParams{Seconds: seconds}, &res)
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		_ = c.Close()
	}
	return res, err
}

// State returns every surface with its components, data model and the
// person's inputs, or only the surface named.
func (c *Client) State(ctx context.Context, surfaceID string) ([]bridge.SurfaceState, error) {
	var res bridge.StateResult
	err := c.Call(ctx, bridge.MethodState, bridge.StateParams{SurfaceID: surfaceID}, &res)
	return res.Surfaces, err
}

// Append adds a line to the transcript as role (agent, tool or note).
func (c *Client) Append(ctx context.Context, role bridge.Role, text string) error {
	return c.Call(ctx, bridge.MethodAppend, bridge.AppendParams{Role: role, Text: text}, nil)
}

// noMethods answers a request from the server: a client serves none.
type noMethods struct{}

func (noMethods) Handle(ctx context.Context, c *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if !req.Notif {
		_ = c.ReplyWithError(ctx, req.ID, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not found"})
	}
}

// stream is the client's jsonrpc2.ObjectStream: one JSON object per line,
// lines of at most MaxReplyBytes.
type stream struct {
	conn net.Conn
	r    *bufio.Reader
	buf  []byte

	wmu      sync.Mutex
	readDone chan struct{}
	doneOnce sync.Once
}

var errReplyTooLong = fmt.Errorf("a2term reply over %d bytes", MaxReplyBytes)

func (s *stream) ReadObject(v any) (err error) {
	defer func() {
		if err != nil {
			s.doneOnce.Do(func() { close(s.readDone) })
		}
	}()
	for {
		s.buf = s.buf[:0]
		for {
			chunk, err := s.r.ReadSlice('\n')
			if len(s.buf)+len(chunk) > MaxReplyBytes+1 {
				return errReplyTooLong
			}
			s.buf = append(s.buf, chunk...)
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if err != nil && (len(s.buf) == 0 || !errors.Is(err, io.EOF)) {
				return err
			}
			break
		}
		if len(bytesTrim(s.buf)) > 0 {
			return json.Unmarshal(s.buf, v)
		}
	}
}

func bytesTrim(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}

func (s *stream) WriteObject(obj any) error {
	b, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if err := s.conn.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil {
		return err
	}
	_, err = s.conn.Write(b)
	return err
}

func (s *stream) Close() error { return s.conn.Close() }
