package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// conn is one agent's connection: a reading loop that runs each request
// in a handler of its own (so that a long canvas.wait holds up only
// itself), at most MaxInFlight at once, and the actions its waits were
// handed that it has not yet shown it received.
type conn struct {
	s      *Server
	stream *lineStream
	ctx    context.Context // cancelled when the connection ends: its waits end
	cancel context.CancelFunc
	flight atomic.Int32 // requests counted against MaxInFlight

	handlers sync.WaitGroup // this connection's running requests

	mu sync.Mutex
	// handed are actions written to the agent that it has not shown it
	// received: by sending anything else, or by staying connected for
	// TakenAfter. When the connection ends first they go back to the
	// queue.
	handed []*handout
}

// handout is an action (or a count of refused presses) written to the
// agent and not yet known to be received.
type handout struct {
	q     *Queued
	over  int
	timer *time.Timer
}

func newConn(s *Server, nc net.Conn) *conn {
	c := &conn{s: s, stream: newLineStream(nc, MaxRPCMessageBytes, s.timeout, s.logger, &s.budget)}
	c.ctx, c.cancel = context.WithCancel(s.ctx)
	return c
}

// serve reads requests until the connection ends, then cleans up after
// it: waits end, handlers return, and actions the agent never showed it
// received go back to the queue.
func (c *conn) serve() {
	defer c.s.wg.Done()
	stop := context.AfterFunc(c.ctx, func() { c.stream.Close() })
	defer stop()
	for {
		req, err := c.stream.next()
		if err != nil {
			break
		}
		c.received()
		c.dispatch(req)
	}
	c.stream.dropBuffer()
	c.cancel()
	c.stream.Close()
	c.handlers.Wait()
	c.giveBack()
	c.s.mu.Lock()
	c.s.conns--
	c.s.mu.Unlock()
}

// dispatch starts a handler for req if the connection may run one more
// request, and answers it at once otherwise.
func (c *conn) dispatch(req *request) {
	if req.id == nil && req.method == MethodWait {
		// Nobody would receive the action it takes.
		c.s.logger.Printf("a2term rpc: ignoring canvas.wait sent as a notification")
		req.line.release()
		return
	}
	if !c.enter() {
		req.line.release()
		if req.id != nil {
			_ = c.stream.write(errorReply(req.id, CodeTooManyInFlight, "too many requests in flight"), nil)
		}
		return
	}
	if !c.s.startHandler() {
		c.leave()
		req.line.release()
		if req.id != nil {
			_ = c.stream.write(errorReply(req.id, CodeShuttingDown, "a2term is shutting down"), nil)
		}
		return
	}
	c.handlers.Add(1)
	go func() {
		defer c.s.handlers.Done()
		defer c.handlers.Done()
		c.handle(req)
	}()
}

// enter counts a request against MaxInFlight, or reports that the
// connection already runs as many as it may.
func (c *conn) enter() bool {
	for {
		n := c.flight.Load()
		if int(n) >= c.s.maxFlight {
			return false
		}
		if c.flight.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// leave stops counting a request. It runs when the request's reply is
// about to be written, before the peer can have read it, so that a peer
// which sends a request for every reply it reads always finds a free
// slot.
func (c *conn) leave() { c.flight.Add(-1) }

// handle runs one request and writes its reply.
func (c *conn) handle(req *request) {
	s := c.s
	var (
		result any
		handed *Queued
		over   int
		err    error
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				s.logger.Printf("a2term rpc: %s panicked: %v\n%s", req.method, p, debug.Stack())
				err = errInternal
			}
		}()
		result, handed, err = s.call(c.ctx, req)
		if w, ok := result.(WaitResult); ok {
			over = w.Overflowed
		}
	}()
	req.line.release() // nothing the result holds points into the request
	if err != nil && c.ctx.Err() != nil && errors.Is(err, c.ctx.Err()) {
		c.leave()
		return // the connection is closing: there is nobody to answer
	}
	if req.id == nil {
		c.leave()
		if err != nil {
			s.logger.Printf("a2term rpc: notification %s: %v", req.method, err)
		}
		return
	}
	var reply []byte
	if err == nil {
		raw, merr := json.Marshal(result)
		if merr != nil {
			s.logger.Printf("a2term rpc: %s: encoding the result: %v", req.method, merr)
			err = errInternal
		} else {
			reply = replyLine(req.id, raw, nil)
		}
	}
	if err != nil {
		reply = replyLine(req.id, nil, s.rpcError(req.method, err))
	}
	if handed == nil && over == 0 {
		_ = c.stream.write(reply, c.leave)
		return
	}
	// The reply hands something out: it counts as received once the
	// agent shows it is alive. The lock makes a request that the agent
	// sends after reading this reply find the handout in place.
	c.mu.Lock()
	werr := c.stream.write(reply, c.leave)
	if werr == nil {
		h := &handout{q: handed, over: over}
		h.timer = time.AfterFunc(s.takenAfter, func() { c.taken(h) })
		c.handed = append(c.handed, h)
	}
	c.mu.Unlock()
	if werr != nil {
		// The agent never got this result: an action goes back to the
		// queue and refused presses stay to be reported.
		s.hub.giveBack(handed, over)
		if !errors.Is(werr, net.ErrClosed) {
			s.logger.Printf("a2term rpc: replying to %s: %v", req.method, werr)
		}
	}
}

// received records that the agent sent something: everything handed to
// it so far has reached it.
func (c *conn) received() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, h := range c.handed {
		h.timer.Stop()
		c.s.hub.taken(h.q)
	}
	c.handed = c.handed[:0]
}

// taken records that h has reached the agent, which stayed connected
// for TakenAfter after it was written.
func (c *conn) taken(h *handout) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, x := range c.handed {
		if x == h {
			c.handed = append(c.handed[:i], c.handed[i+1:]...)
			c.s.hub.taken(h.q)
			return
		}
	}
}

// giveBack returns what the agent was handed but never showed it
// received, newest first, so that the oldest action ends up at the front
// of the queue.
func (c *conn) giveBack() {
	c.mu.Lock()
	handed := c.handed
	c.handed = nil
	c.mu.Unlock()
	for i := len(handed) - 1; i >= 0; i-- {
		h := handed[i]
		h.timer.Stop()
		c.s.hub.giveBack(h.q, h.over)
	}
}
