package agentsock

import (
	"context"
	"errors"
	"net"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/logclean"
)

// conn is one agent's connection, run by a jsonrpc2.Conn over the
// connection's lineStream. jsonrpc2's reading goroutine hands each request
// to Handle, which runs it in a handler of its own (so that a long
// canvas.wait holds up only itself), at most MaxInFlight at once. conn
// also keeps the actions its waits were handed that the agent has not yet
// shown it received.
type conn struct {
	s      *Server
	stream *lineStream
	flight atomic.Int32 // requests counted against MaxInFlight

	handlers sync.WaitGroup // this connection's running requests

	// use says whether the connection is in use, for MaxIdleAtCap. It
	// is never held while writing, so the accept loop never waits for a
	// slow peer to ask it.
	use     sync.Mutex
	running int       // requests that arrived and are not answered yet
	since   time.Time // when the last request arrived or was answered; at first, when the connection was accepted
	evicted bool      // closed to make room: a request that arrives now is dropped

	mu sync.Mutex
	// handed are actions written to the agent that it is not known to
	// have read: it has read them once it sends anything else, once the
	// socket holds nothing it has not read, or once it closes the
	// connection having read everything (see settle). When the connection
	// ends with them unread they go back to the queue.
	handed []*handout
}

// handout is an action (or a count of refused presses) written to the
// agent and not yet known to be read; timer looks again whether it was.
type handout struct {
	q     *hub.Queued
	over  int
	timer *time.Timer
}

// How often a connection looks whether the agent read what it was handed:
// soon after the reply, then less and less often.
const (
	firstReadCheck = 5 * time.Millisecond
	lastReadCheck  = time.Second
)

// serve runs the connection with jsonrpc2 until it ends, then cleans up
// after it: waits end, handlers return, and actions the agent never
// showed it received go back to the queue.
func (c *conn) serve() {
	defer c.s.wg.Done()
	// The server's context ends every connection when it closes; jsonrpc2
	// cancels the context it hands Handle when the connection ends, which
	// ends the connection's waits.
	rpc := jsonrpc2.NewConn(c.s.ctx, c.stream, c, jsonrpc2.SetLogger(c.s.logger))
	<-rpc.DisconnectNotify()
	<-c.stream.readDone
	c.handlers.Wait()
	c.stream.dropBuffer()
	c.settle()
	c.s.release(c)
}

// refused gives the connection's place back as soon as its stream
// refuses a line: from then on it only says why and lingers (see
// MaxLingering), which must not keep a new agent out. It reports
// whether the connection may linger.
func (c *conn) refused() bool {
	c.s.release(c)
	if c.s.lingering.Add(1) > MaxLingering {
		c.s.lingering.Add(-1)
		return false
	}
	return true
}

// lingered ends what refused began.
func (c *conn) lingered() { c.s.lingering.Add(-1) }

// begin counts a request that arrived as running, unless the connection
// was closed to make room, whose requests are dropped: nothing of it may
// run once its peer was told that nothing did.
func (c *conn) begin() bool {
	c.use.Lock()
	defer c.use.Unlock()
	if c.evicted {
		return false
	}
	c.running++
	c.since = c.s.now()
	return true
}

// end counts a request as answered (or dropped, for a notification).
func (c *conn) end() {
	c.use.Lock()
	c.running--
	c.since = c.s.now()
	c.use.Unlock()
}

// idleSince reports since when the connection has been idle: no request
// running, none arriving. It is not idle at all while a request runs.
func (c *conn) idleSince() (time.Time, bool) {
	c.use.Lock()
	defer c.use.Unlock()
	return c.since, c.running == 0 && !c.evicted
}

// evict marks the connection closed to make room if it is still idle
// since cutoff and holds no action the agent has not shown it received
// (which would go back to the queue), and reports whether it did.
func (c *conn) evict(cutoff time.Time) bool {
	c.use.Lock()
	defer c.use.Unlock()
	if c.running > 0 || c.evicted || c.since.After(cutoff) {
		return false
	}
	// No request runs, so nothing holds mu while writing.
	c.mu.Lock()
	handed := len(c.handed)
	c.mu.Unlock()
	if handed > 0 {
		return false
	}
	c.evicted = true
	return true
}

// Handle implements jsonrpc2.Handler. It runs on jsonrpc2's reading
// goroutine, so it only starts a handler for the request, or answers it
// at once when the connection may not run one more.
func (c *conn) Handle(ctx context.Context, rpc *jsonrpc2.Conn, r *jsonrpc2.Request) {
	s := c.s
	req := c.stream.redeem(r.Params)
	if req == nil {
		// Every request comes from c.stream, which holds its params.
		s.logger.Printf("a2term rpc: %.64s arrived without the params the codec held", r.Method)
		c.replyError(ctx, rpc, r, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: "internal error"})
		return
	}
	if !c.begin() {
		req.line.release()
		return
	}
	c.received()
	if r.Notif && r.Method == MethodWait {
		// Nobody would receive the action it takes.
		s.logger.Printf("a2term rpc: ignoring canvas.wait sent as a notification")
		req.line.release()
		c.end()
		return
	}
	if !c.enter() {
		req.line.release()
		c.replyError(ctx, rpc, r, &jsonrpc2.Error{Code: CodeTooManyInFlight, Message: "too many requests in flight"})
		c.end()
		return
	}
	if !s.startHandler() {
		c.leave()
		req.line.release()
		c.replyError(ctx, rpc, r, &jsonrpc2.Error{Code: CodeShuttingDown, Message: "a2term is shutting down"})
		c.end()
		return
	}
	c.handlers.Add(1)
	go func() {
		defer s.handlers.Done()
		defer c.handlers.Done()
		defer c.end()
		c.handle(ctx, rpc, r, req)
	}()
}

// replyError answers r with e, unless r is a notification.
func (c *conn) replyError(ctx context.Context, rpc *jsonrpc2.Conn, r *jsonrpc2.Request, e *jsonrpc2.Error) {
	if r.Notif {
		return
	}
	if err := rpc.ReplyWithError(ctx, r.ID, e); err != nil {
		c.replyFailed(r.Method, err)
	}
}

// replyFailed logs a reply that could not be written, unless only
// because the connection is closed.
func (c *conn) replyFailed(method string, err error) {
	if !errors.Is(err, jsonrpc2.ErrClosed) && !errors.Is(err, net.ErrClosed) {
		c.s.logger.Printf("a2term rpc: replying to %.64s: %v", method, err)
	}
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

// leave stops counting a request. It runs when the request's handler
// returns, before its reply is written and so before the peer can have
// read it, so that a peer which sends a request for every reply it reads
// always finds a free slot.
func (c *conn) leave() { c.flight.Add(-1) }

// handle runs one request and writes its reply.
func (c *conn) handle(ctx context.Context, rpc *jsonrpc2.Conn, r *jsonrpc2.Request, req *request) {
	s := c.s
	var (
		result any
		handed *hub.Queued
		over   int
		err    error
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				s.logger.Printf("a2term rpc: %.64s panicked: %v\n%s", r.Method, p, logclean.StackTrace(debug.Stack()))
				err = errInternal
			}
		}()
		result, handed, err = s.call(ctx, r.Method, req.params)
		if w, ok := result.(hub.WaitResult); ok {
			over = w.Overflowed
		}
	}()
	req.line.release() // nothing the result holds points into the request
	c.leave()
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return // the connection is closing: there is nobody to answer
	}
	if r.Notif {
		if err != nil {
			s.logger.Printf("a2term rpc: notification %.64s: %v", r.Method, err)
		}
		return
	}
	resp := &jsonrpc2.Response{ID: r.ID}
	if err == nil {
		if merr := resp.SetResult(result); merr != nil {
			s.logger.Printf("a2term rpc: %s: encoding the result: %v", r.Method, merr)
			err = errInternal
		}
	}
	if err != nil {
		resp.Result, resp.Error = nil, s.rpcError(r.Method, err)
	}
	if handed == nil && over == 0 {
		if werr := rpc.SendResponse(ctx, resp); werr != nil {
			c.replyFailed(r.Method, werr)
		}
		return
	}
	// The reply hands something out: it counts as taken once the agent
	// has read it. The lock makes a request that the agent sends after
	// reading this reply find the handout in place.
	c.mu.Lock()
	werr := rpc.SendResponse(ctx, resp)
	if werr == nil {
		h := &handout{q: handed, over: over}
		c.watch(h, firstReadCheck)
		c.handed = append(c.handed, h)
	}
	c.mu.Unlock()
	if werr != nil {
		// The agent never got this result: an action goes back to the
		// queue and refused presses stay to be reported.
		s.hub.GiveBack(handed, over, "its connection closed before the press could be sent")
		c.replyFailed(r.Method, werr)
	}
}

// received records that the agent sent something: everything handed to
// it so far has reached it.
func (c *conn) received() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, h := range c.handed {
		if h.timer != nil {
			h.timer.Stop()
		}
		c.s.hub.Taken(h.q)
	}
	c.handed = c.handed[:0]
}

// watch looks, after d, whether the agent, still connected, has read
// everything written to it, h included: then h is taken; else it looks
// again later. Where the system cannot tell, h waits for the agent's next
// request or the connection's end.
func (c *conn) watch(h *handout, d time.Duration) {
	if !peerReads {
		return
	}
	h.timer = time.AfterFunc(d, func() {
		if readAll(c.stream.conn) {
			c.taken(h)
			return
		}
		c.mu.Lock()
		if slices.Contains(c.handed, h) {
			c.watch(h, min(2*d, lastReadCheck))
		}
		c.mu.Unlock()
	})
}

// taken records that the agent has read h.
func (c *conn) taken(h *handout) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := slices.Index(c.handed, h); i >= 0 {
		c.handed = slices.Delete(c.handed, i, i+1)
		c.s.hub.Taken(h.q)
	}
}

// settle decides, once the connection has ended, what became of what the
// agent was handed and had not shown it read. An agent that closed its
// end having read everything (its end of the connection read as EOF)
// took it. Where the system tells (Linux), a peer that closes with bytes
// unread makes the read fail with ECONNRESET instead, and then, as when
// a2term closed the connection itself, the actions go back to the front
// of the queue, oldest first, to be handed out again. Elsewhere an EOF
// cannot tell the two apart and counts as read: an agent killed before
// it read a reply loses that press rather than acting on it twice.
func (c *conn) settle() {
	c.mu.Lock()
	handed := c.handed
	c.handed = nil
	c.mu.Unlock()
	for _, h := range handed {
		if h.timer != nil {
			h.timer.Stop()
		}
	}
	if c.stream.peerClosed() {
		for _, h := range handed {
			c.s.hub.Taken(h.q)
		}
		return
	}
	for i := len(handed) - 1; i >= 0; i-- {
		c.s.hub.GiveBack(handed[i].q, handed[i].over, "its connection closed before it read the press")
	}
}
