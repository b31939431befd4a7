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
// is gone as an error that is ErrClosed (errors.Is). When the server said
// why it closed the connection (too many connections, a message over the
// limit), that error is also the server's *jsonrpc2.Error (errors.As).
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
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
	"github.com/a2term/a2term/bridge/internal/wire"
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

// closedError is ErrClosed with the reason the server gave.
type closedError struct{ reason *jsonrpc2.Error }

func (e *closedError) Error() string {
	return fmt.Sprintf("%v: %s (code %d)", ErrClosed, e.reason.Message, e.reason.Code)
}
func (e *closedError) Is(target error) bool { return target == ErrClosed }
func (e *closedError) Unwrap() error        { return e.reason }

var errReplyTooLong = fmt.Errorf("a2term reply over %d bytes", MaxReplyBytes)

// Client is one connection to an a2term.
//
// It writes each request as one line, encoding the params once (a
// canvas.show's messages are checked and copied as they are, not decoded
// and encoded again), and reads the replies on a goroutine of its own,
// which hands each to the call waiting for it.
type Client struct {
	nc  net.Conn
	wmu sync.Mutex

	mu      sync.Mutex
	nextID  uint64
	pending map[uint64]chan reply
	err     error           // set when the connection has ended
	reason  *jsonrpc2.Error // what the server said about the connection, if anything

	done      chan struct{} // closed when the reading goroutine has ended
	closeOnce sync.Once
}

type reply struct {
	result []byte
	err    *jsonrpc2.Error
}

// Dial connects to the a2term listening at socketPath (for example the
// value of A2TERM_SOCKET). ctx bounds only the connecting.
func Dial(ctx context.Context, socketPath string) (*Client, error) {
	var d net.Dialer
	nc, err := d.DialContext(ctx, "unix", socketPath)
	if err != nil {
		return nil, fmt.Errorf("connect to a2term at %s: %w", socketPath, err)
	}
	c := &Client{nc: nc, nextID: 1, pending: map[uint64]chan reply{}, done: make(chan struct{})}
	go c.read()
	return c, nil
}

// Close ends the connection. A canvas.wait still running on the server
// ends with it, and an action it was about to deliver stays queued.
func (c *Client) Close() error {
	c.closeOnce.Do(func() { c.nc.Close() })
	<-c.done
	return nil
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
// without its white space when it spans lines.
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
		return nil, err
	}
	return b.Bytes(), nil
}

// call sends one request whose params are already one line of JSON (nil:
// none) and decodes its result into result.
func (c *Client) call(ctx context.Context, method string, params []byte, result any) error {
	ch := make(chan reply, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.closedErr()
		c.mu.Unlock()
		return err
	}
	id := c.nextID
	c.nextID++
	c.pending[id] = ch
	c.mu.Unlock()

	name, _ := json.Marshal(method)
	line := make([]byte, 0, len(params)+len(name)+64)
	line = append(line, `{"jsonrpc":"2.0","id":`...)
	line = strconv.AppendUint(line, id, 10)
	line = append(line, `,"method":`...)
	line = append(line, name...)
	if params != nil {
		line = append(line, `,"params":`...)
		line = append(line, params...)
	}
	line = append(line, "}\n"...)
	if err := c.write(line); err != nil {
		c.forget(id)
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			// The server closed the connection: the reading goroutine
			// sees it at once, and may have read why.
			<-c.done
		} else {
			c.closeOnce.Do(func() { c.nc.Close() })
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.err != nil {
			return c.closedErr()
		}
		return err
	}

	var r reply
	select {
	case r = <-ch:
	case <-ctx.Done():
		c.forget(id)
		return ctx.Err()
	}
	if r.err != nil {
		if r.err.Code == jsonrpc2.CodeInvalidParams && r.err.Data != nil {
			var refusal a2ui.Error
			if json.Unmarshal(*r.err.Data, &refusal) == nil && refusal.Code != "" {
				return &refusal
			}
		}
		return r.err
	}
	if r.result == nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.closedErr()
	}
	if result == nil {
		return nil
	}
	return json.Unmarshal(r.result, result)
}

func (c *Client) write(line []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if err := c.nc.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil {
		return err
	}
	_, err := c.nc.Write(line)
	return err
}

func (c *Client) forget(id uint64) {
	c.mu.Lock()
	delete(c.pending, id)
	c.mu.Unlock()
}

// closedErr is ErrClosed, with the server's reason when it gave one.
// c.mu must be held.
func (c *Client) closedErr() error {
	if c.reason != nil {
		return &closedError{reason: c.reason}
	}
	return ErrClosed
}

// read hands each reply to its call until the connection ends, then ends
// every call still waiting.
func (c *Client) read() {
	defer close(c.done)
	r := bufio.NewReaderSize(c.nc, 64<<10)
	var err error
	for {
		var line []byte
		if line, err = readLine(r); err != nil {
			break
		}
		c.dispatch(line)
	}
	c.nc.Close()
	c.mu.Lock()
	c.err = err
	pending := c.pending
	c.pending = nil
	c.mu.Unlock()
	for _, ch := range pending {
		ch <- reply{} // neither a result nor an error: the connection ended
	}
}

// dispatch reads one reply line. A reply to no call (id null) is the
// server saying why it is about to close the connection.
func (c *Client) dispatch(line []byte) {
	var id, result, rerr []byte
	if wire.Members(line, func(name, v []byte) error {
		switch wire.Name(name) {
		case "id":
			id = v
		case "result":
			result = v
		case "error":
			rerr = v
		}
		return nil
	}) != nil {
		return // not a reply; the server sends nothing else
	}
	var r reply
	if rerr != nil {
		r.err = new(jsonrpc2.Error)
		if json.Unmarshal(rerr, r.err) != nil {
			r.err = &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: "a reply with an error that is not a JSON-RPC error"}
		}
	} else {
		r.result = result
		if r.result == nil {
			r.result = []byte("null")
		}
	}
	n, perr := strconv.ParseUint(string(id), 10, 64)
	if perr != nil {
		if r.err != nil {
			c.mu.Lock()
			c.reason = r.err
			c.mu.Unlock()
		}
		return
	}
	c.mu.Lock()
	ch, ok := c.pending[n]
	delete(c.pending, n)
	c.mu.Unlock()
	if ok {
		ch <- r
	}
}

// readLine reads one non-blank line of at most MaxReplyBytes into a
// buffer of its own.
func readLine(r *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > MaxReplyBytes+1 {
			return nil, errReplyTooLong
		}
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if line := wire.Trim(buf); len(line) > 0 && (err == nil || errors.Is(err, io.EOF)) {
			return line, nil
		}
		if err != nil {
			return nil, err
		}
		buf = buf[:0]
	}
}

// Info returns the canvas's versions, limits and viewers.
func (c *Client) Info(ctx context.Context) (bridge.Info, error) {
	var res bridge.Info
	err := c.call(ctx, bridge.MethodInfo, nil, &res)
	return res, err
}

// Show applies messages as one batch, all or none. A refusal is an
// *a2ui.Error and leaves the canvas as it was.
func (c *Client) Show(ctx context.Context, messages ...json.RawMessage) (bridge.ShowResult, error) {
	n := len(`{"messages":[]}`)
	for _, m := range messages {
		n += len(m) + 1
	}
	params := make([]byte, 0, n)
	params = append(params, `{"messages":[`...)
	for i, m := range messages {
		one, err := oneLine(m)
		if err != nil {
			return bridge.ShowResult{}, fmt.Errorf("message %d: %w", i, err)
		}
		if i > 0 {
			params = append(params, ',')
		}
		params = append(params, one...)
	}
	params = append(params, "]}"...)
	var res bridge.ShowResult
	err := c.call(ctx, bridge.MethodShow, params, &res)
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
