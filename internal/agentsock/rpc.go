package agentsock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/accept"
	"github.com/a2term/a2term/internal/logclean"
	"github.com/a2term/a2term/internal/statedir"
)

// The agent API's methods (see docs/agent-api.md, "The socket API").
const (
	MethodInfo   = "canvas.info"
	MethodShow   = "canvas.show"
	MethodWait   = "canvas.wait"
	MethodState  = "canvas.state"
	MethodAppend = "transcript.append"
)

// Error codes of the agent API beyond JSON-RPC's own (jsonrpc2.CodeParseError
// and the rest).
const (
	// CodeTooManyInFlight answers a request that found MaxInFlight
	// requests of its connection still running.
	CodeTooManyInFlight = -32000
	// CodeBusy says that the server cannot take more right now: a
	// connection beyond MaxConnections, or a line the budget for
	// unfinished lines (MaxRPCHeldBytes) has no room for. The connection
	// is closed after this reply.
	CodeBusy = -32001
	// CodeShuttingDown answers a request that arrived while the server
	// was closing.
	CodeShuttingDown = -32002
	// CodeIdle says that the server closes the connection to make room
	// for a new one: it had sent no complete request for MaxIdleAtCap,
	// and had none running, while all MaxConnections places were taken.
	// It comes with id null just before the close. Nothing of the
	// connection was running, so connecting again loses nothing.
	CodeIdle = -32003
)

// Bounds of the agent socket.
const (
	// MaxRPCMessageBytes bounds one JSON-RPC message.
	MaxRPCMessageBytes = 4 << 20
	// MaxConnections is how many agent connections the socket serves at
	// once. The next takes the place of the one idle longest, if that one
	// has been idle for MaxIdleAtCap; else it is told why and closed.
	MaxConnections = 64
	// MaxIdleAtCap is how long a connection may go without a complete
	// request, with none of its requests running, and keep its place
	// while all MaxConnections places are taken. Past it, a new
	// connection takes its place: it is told why (CodeIdle) and closed.
	// An idle connection is closed only then, never merely for being
	// idle: an agent that keeps its connection while it thinks between
	// calls, for minutes, loses nothing while there is room, and a
	// canvas.wait, however long, keeps its connection busy. Only peers
	// that hold every place without using them (or 64 agents at once)
	// make room this way, and a new agent waits at most this long for it.
	MaxIdleAtCap = 10 * time.Second
	// MaxLingering is how many connections refused for a line they
	// cannot send (over MaxRPCMessageBytes, or no room in
	// MaxRPCHeldBytes) may linger at once, reading and dropping what
	// their peers still send so that they read why rather than a reset.
	// A refused connection gives up its place among MaxConnections at
	// once; beyond this many, it is closed as soon as it is told why.
	MaxLingering = 64
	// MaxRPCHeldBytes bounds what the socket's line buffers hold, across
	// every connection, for messages being read or being handled, beyond
	// the first 16 KiB of each. A line that finds no room is refused and
	// its connection closed.
	MaxRPCHeldBytes = 32 << 20
)

// WithLimits adds the socket's bounds to what canvas.info reports.
func WithLimits(i hub.Info) hub.Info {
	i.Limits.RPCMessageBytes = MaxRPCMessageBytes
	i.Limits.Connections = MaxConnections
	i.Limits.RPCHeldBytes = MaxRPCHeldBytes
	return i
}

// Defaults of ServerOptions.
const (
	DefaultMaxInFlight  = 8
	DefaultWriteTimeout = 5 * time.Second
)

// ShowParams are canvas.show's params.
type ShowParams struct {
	Messages []json.RawMessage `json:"messages"`
}

// WaitParams are canvas.wait's params.
type WaitParams struct {
	Seconds float64 `json:"seconds"`
}

// StateParams are canvas.state's params; an empty SurfaceID means every
// surface.
type StateParams struct {
	SurfaceID string `json:"surfaceId,omitempty"`
}

// StateResult is what canvas.state returns.
type StateResult struct {
	Surfaces []hub.SurfaceState `json:"surfaces"`
}

// AppendParams are transcript.append's params.
type AppendParams struct {
	Role hub.Role `json:"role"`
	Text string   `json:"text"`
}

// ServerOptions set up a Server. The zero value is ready to use.
type ServerOptions struct {
	// Logger receives what the server has to say about connections
	// (drops, protocol errors, internal errors), each line's arguments
	// cleaned as agent text is and each kind of line at most LogBurst
	// times in LogWindow. Nil discards it: the terminal belongs to the
	// TUI, so nothing is ever written to stderr by default.
	Logger *log.Logger
	// MaxInFlight bounds the requests one connection may have running at
	// once (a canvas.wait counts while it waits); more are answered with
	// CodeTooManyInFlight. A request stops counting when its handler
	// returns, before its reply is written, so a peer that has MaxInFlight
	// requests outstanding is never refused. Zero means DefaultMaxInFlight.
	MaxInFlight int
	// WriteTimeout is how long one reply may take to write before the
	// connection is dropped, so a peer that stops reading holds up
	// nothing. Zero means DefaultWriteTimeout.
	WriteTimeout time.Duration
	// ReportAgent has the server keep the hub's Status.Agent up to date:
	// AgentNone from Listen, AgentConnected while a connection is open.
	// A program that shows the canvas to a person sets it; one that
	// listens only to let a scripted agent in may leave it unset.
	ReportAgent bool
	// now replaces time.Now for MaxIdleAtCap, and linger
	// lingerTimeout (tests).
	now    func() time.Time
	linger time.Duration
}

// Server serves the agent API of one Hub on a Unix socket. Every
// connection is independent: a slow, stuck or misbehaving agent loses its
// own connection and never holds up the hub or other agents.
type Server struct {
	hub        *hub.Hub
	path       string
	dir        string      // the socket's directory
	createdDir bool        // Listen made dir, so Close removes it
	sock       os.FileInfo // the socket file Listen made, to remove only that
	ln         *net.UnixListener
	logger     logclean.Logger // a *logclean.Log from Listen
	maxFlight  int
	timeout    time.Duration
	now        func() time.Time // for MaxIdleAtCap
	linger     time.Duration
	ctx        context.Context // cancelled by Close: closes every connection
	cancel     context.CancelFunc
	budget     budget       // bytes of line buffers beyond their floor, all connections
	lingering  atomic.Int32 // refused connections lingering (see MaxLingering)

	reportAgent bool

	mu       sync.Mutex
	closing  bool
	draining chan struct{} // closed by Close: every wait ends
	// open holds the connections that have a place among
	// MaxConnections: from when they are accepted until they end, are
	// refused a line or are closed to make room.
	open    map[*conn]struct{}
	accepts int            // failed accepts (tests)
	wg      sync.WaitGroup // the accept loop and the connections
	// handlers are the running requests, which Close lets finish and
	// answer before it closes their connections.
	handlers sync.WaitGroup

	closeOnce sync.Once
	closeErr  error
}

// DefaultSocketPath is where an a2term listens unless told otherwise: in
// the per-user runtime directory when there is one (private and cleaned at
// logout), else in a per-user directory under the system's temporary
// directory.
func DefaultSocketPath() string {
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		return filepath.Join(dir, "a2term", "a2term.sock")
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("a2term-%d", os.Getuid()), "a2term.sock")
}

// ListenPrivate serves h's agent API on a socket of its own, for one
// run's agent (a2term run passes its path to the command it starts): in
// a new directory, mode 0700, in the per-user runtime directory when
// there is one, else in the system's temporary directory. Close removes
// the socket and the directory. Two runs never share a socket.
func ListenPrivate(h *hub.Hub, opts ServerOptions) (*Server, error) {
	base := os.Getenv("XDG_RUNTIME_DIR")
	if base == "" {
		base = os.TempDir()
	}
	dir, err := os.MkdirTemp(base, "a2term-")
	if err != nil {
		return nil, fmt.Errorf("a2term socket: %w", err)
	}
	s, err := Listen(h, filepath.Join(dir, "a2term.sock"), opts)
	if err != nil {
		_ = os.Remove(dir) //nolint:gosec // G703: MkdirTemp's own directory, never an agent's path
		return nil, err
	}
	s.createdDir = true
	return s, nil
}

// Listen serves h's agent API on a Unix socket at socketPath.
//
// The socket's directory is what keeps other users out, so Listen creates
// it with mode 0700 when it does not exist and refuses one that is not a
// directory owned by this user and closed to group and others (an
// ErrNotPrivate), as every client refuses to connect into one
// (CheckSocket). A socket
// file left by a process that died is removed; one that a running a2term
// answers on is not, and Listen reports that it is already running. The
// socket itself is made 0600. Listen records the path in h's status; Close
// clears it.
func Listen(h *hub.Hub, socketPath string, opts ServerOptions) (*Server, error) {
	if socketPath == "" {
		return nil, errors.New("a2term socket: no path given")
	}
	path, err := filepath.Abs(socketPath)
	if err != nil {
		return nil, fmt.Errorf("a2term socket %s: %w", socketPath, err)
	}
	s := &Server{
		hub: h, path: path, dir: filepath.Dir(path), logger: logclean.New(opts.Logger),
		maxFlight: opts.MaxInFlight, timeout: opts.WriteTimeout, reportAgent: opts.ReportAgent,
		now: opts.now, linger: opts.linger, budget: budget{limit: MaxRPCHeldBytes}, draining: make(chan struct{}),
		open: map[*conn]struct{}{},
	}
	if s.maxFlight <= 0 {
		s.maxFlight = DefaultMaxInFlight
	}
	if s.timeout <= 0 {
		s.timeout = DefaultWriteTimeout
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.linger <= 0 {
		s.linger = lingerTimeout
	}
	if err := s.prepareDir(); err != nil {
		return nil, err
	}
	fail := func(err error) (*Server, error) {
		if s.createdDir {
			_ = os.Remove(s.dir)
		}
		return nil, err
	}
	if err := statedir.RemoveStale(path); err != nil {
		return fail(err)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		if len(path) >= 104 {
			err = fmt.Errorf("%w (a path of %d bytes may be too long for a Unix socket; about 100 is the most that works everywhere)", err, len(path))
		}
		return fail(fmt.Errorf("a2term socket %s: %w", path, err))
	}
	// Close removes the file itself, and only if it is still ours.
	ln.SetUnlinkOnClose(false)
	s.ln = ln
	if err := os.Chmod(path, 0o600); err != nil { //nolint:gosec // G703: the socket's path is the person's (--socket, XDG_RUNTIME_DIR), never an agent's
		ln.Close()
		_ = os.Remove(path) //nolint:gosec // G703: the socket's path is the person's (--socket, XDG_RUNTIME_DIR), never an agent's
		return fail(fmt.Errorf("a2term socket %s: %w", path, err))
	}
	if s.sock, err = os.Lstat(path); err != nil { //nolint:gosec // G703: the socket's path is the person's (--socket, XDG_RUNTIME_DIR), never an agent's
		err = fmt.Errorf("a2term socket %s: %w", path, err)
	} else {
		// What every client checks before it connects (CheckSocket).
		err = statedir.CheckSocketFile(path, s.sock)
	}
	if err != nil {
		ln.Close()
		_ = os.Remove(path) //nolint:gosec // G703: the socket's path is the person's (--socket, XDG_RUNTIME_DIR), never an agent's
		return fail(err)
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	h.Board().SetStatus(func(st *hub.Status) {
		st.Listening = path
		if s.reportAgent {
			st.Agent = hub.AgentNone
		}
	})
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// prepareDir creates the socket's directory, or checks that an existing one
// is private to this user, as every client checks it (CheckSocket).
func (s *Server) prepareDir() error {
	err := os.Mkdir(s.dir, 0o700)
	if err == nil {
		s.createdDir = true
		// The umask may have taken bits away; set exactly 0700.
		if err := os.Chmod(s.dir, 0o700); err != nil { //nolint:gosec // a directory is opened through its x bits: 0700 is private to the user
			_ = os.Remove(s.dir)
			return fmt.Errorf("a2term socket directory %s: %w", s.dir, err)
		}
		return nil
	}
	if !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("a2term socket directory %s: %w", s.dir, err)
	}
	return statedir.CheckPrivateDir(s.dir)
}

// Path is the socket's absolute path, as agents should be given it.
func (s *Server) Path() string { return s.path }

// Close shuts the server down: it stops accepting, ends every wait (as
// timed out), lets every running request finish and write its reply,
// then closes every connection and removes the socket, and the directory
// if Listen created it. A request that arrives meanwhile is answered
// with CodeShuttingDown. It does not close the hub.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closing = true
		close(s.draining)
		s.mu.Unlock()
		err := s.ln.Close()
		s.handlers.Wait() // each reply is written, or its connection dropped, within the write timeout
		s.cancel()        // closes every connection
		s.wg.Wait()
		if fi, serr := os.Lstat(s.path); serr == nil && os.SameFile(fi, s.sock) {
			if rerr := os.Remove(s.path); rerr != nil && err == nil {
				err = rerr
			}
		}
		if s.createdDir {
			if rerr := os.Remove(s.dir); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
				s.logger.Printf("a2term rpc: leaving the socket directory %s: %v", s.dir, rerr)
			}
		}
		s.hub.Board().SetStatus(func(st *hub.Status) {
			if st.Listening == s.path {
				st.Listening = ""
			}
			if s.reportAgent {
				st.Agent = hub.AgentUnknown
			}
		})
		if l, ok := s.logger.(*logclean.Log); ok {
			l.Flush()
		}
		if errors.Is(err, net.ErrClosed) {
			err = nil
		}
		s.closeErr = err
	})
	return s.closeErr
}

// accept takes connections until Close (see accept.Loop).
func (s *Server) accept() {
	defer s.wg.Done()
	accept.Loop(s.ctx, s.ln, s.serveConn, func(err error, first bool) {
		s.mu.Lock()
		s.accepts++
		s.mu.Unlock()
		if first {
			s.logger.Printf("a2term rpc: accept: %v; trying again", err)
		}
	}, func() { s.logger.Printf("a2term rpc: accepting connections again") })
}

// replyTooManyConns is what a connection beyond MaxConnections is told
// when none of the open ones has been idle for MaxIdleAtCap.
var replyTooManyConns = []byte(fmt.Sprintf(`{"id":null,"error":{"code":%d,"message":"a2term serves at most %d connections at once, and every one was used in the last %d s; close one, or connect again later"},"jsonrpc":"2.0"}`+"\n",
	CodeBusy, MaxConnections, int(MaxIdleAtCap/time.Second)))

// replyIdle is what a connection closed to make room is told.
var replyIdle = []byte(fmt.Sprintf(`{"id":null,"error":{"code":%d,"message":"a2term closed this connection to make room for a new one: it had sent no request for %d s while all %d connections were open; connect again"},"jsonrpc":"2.0"}`+"\n",
	CodeIdle, int(MaxIdleAtCap/time.Second), MaxConnections))

// serveConn starts serving nc, or tells it why not and closes it. At
// MaxConnections, nc takes the place of the connection idle longest, if
// that one has been idle for MaxIdleAtCap.
func (s *Server) serveConn(nc net.Conn) {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		nc.Close()
		return
	}
	if len(s.open) >= MaxConnections {
		idle := s.idlestLocked()
		if idle == nil {
			s.mu.Unlock()
			s.logger.Printf("a2term rpc: refusing a connection: %d are open, the most there may be, and none is idle", MaxConnections)
			// A new socket's buffer is empty: this write does not wait.
			if nc.SetWriteDeadline(time.Now().Add(100*time.Millisecond)) == nil {
				_, _ = nc.Write(replyTooManyConns)
			}
			nc.Close()
			return
		}
		delete(s.open, idle)
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.logger.Printf("a2term rpc: closing a connection idle for %s to make room for a new one", MaxIdleAtCap)
			// Idle, it has nothing else to write; a peer that does not
			// read is dropped after the write timeout.
			if idle.stream.write(replyIdle) == nil {
				idle.stream.Close()
			}
		}()
	}
	c := &conn{s: s, since: s.now()}
	c.stream = newLineStream(nc, MaxRPCMessageBytes, s.timeout, s.logger, &s.budget)
	c.stream.linger = s.linger
	c.stream.refused, c.stream.lingered = c.refused, c.lingered
	s.open[c] = struct{}{}
	s.wg.Add(1)
	s.mu.Unlock()
	s.agentsChanged()
	go c.serve()
}

// idlestLocked picks the connection to close to make room: the one idle
// longest, if it has been idle for MaxIdleAtCap, and marks it closed to
// make room, so that no request of it starts any more. It returns nil
// when every connection was used more recently or is running a request.
func (s *Server) idlestLocked() *conn {
	var idle *conn
	var since time.Time
	cutoff := s.now().Add(-MaxIdleAtCap)
	for c := range s.open {
		if t, ok := c.idleSince(); ok && !t.After(cutoff) && (idle == nil || t.Before(since)) {
			idle, since = c, t
		}
	}
	if idle != nil && !idle.evict(cutoff) {
		return nil // a request arrived meanwhile: it is in use after all
	}
	return idle
}

// release gives c's place among MaxConnections back, if it still has one.
func (s *Server) release(c *conn) {
	s.mu.Lock()
	_, had := s.open[c]
	delete(s.open, c)
	s.mu.Unlock()
	if had {
		s.agentsChanged()
	}
}

// agentsChanged reports in the hub's status whether a connection is open,
// when the server reports the agent at all.
func (s *Server) agentsChanged() {
	if !s.reportAgent {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock() // held while the status changes: reports keep their order
	if s.closing {
		return
	}
	p := hub.AgentNone
	if len(s.open) > 0 {
		p = hub.AgentConnected
	}
	s.hub.Board().SetStatus(func(st *hub.Status) { st.Agent = p })
}

// startHandler counts a request's handler in, unless the server is
// closing.
func (s *Server) startHandler() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false
	}
	s.handlers.Add(1)
	return true
}

// errInternal stands for any failure that is not the agent's doing; its
// details go to the log, never to the agent.
var errInternal = errors.New("internal error")

// errMethodNotFound is an unknown method.
type errMethodNotFound string

func (e errMethodNotFound) Error() string { return "method not found: " + string(e) }

// rpcError turns err into what the agent sees: a refusal with its data, an
// unknown method, or an internal error with no Go text.
func (s *Server) rpcError(method string, err error) *jsonrpc2.Error {
	var refusal *a2ui.Error
	var unknown errMethodNotFound
	switch {
	case errors.As(err, &refusal):
		e := &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: refusal.Message}
		e.SetError(refusal) // cannot fail: every field is a string or an int
		return e
	case errors.As(err, &unknown):
		return &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: unknown.Error()}
	default:
		if !errors.Is(err, errInternal) && !errors.Is(err, context.Canceled) {
			s.logger.Printf("a2term rpc: %s: %v", method, err)
		}
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: "internal error"}
	}
}

// call runs one method against the hub. For canvas.wait it also returns
// the action handed out, so that it can be given back if the reply cannot
// be written.
func (s *Server) call(ctx context.Context, method string, params []byte) (any, *hub.Queued, error) {
	switch method {
	case MethodInfo:
		if _, err := objectParams(method, params); err != nil {
			return nil, nil, err
		}
		return WithLimits(s.hub.Info()), nil, nil

	case MethodShow:
		p, err := objectParams(method, params, "messages")
		if err != nil {
			return nil, nil, err
		}
		msgs, err := p.array("messages")
		if err != nil {
			return nil, nil, err
		}
		res, err := s.hub.Show(msgs)
		return res, nil, err

	case MethodWait:
		p, err := objectParams(method, params, "seconds")
		if err != nil {
			return nil, nil, err
		}
		secs, err := p.number("seconds")
		if err != nil {
			return nil, nil, err
		}
		if secs < 0 || secs > float64(hub.MaxWait/time.Second) {
			return nil, nil, &a2ui.Error{
				Code: a2ui.CodeBadValue, Index: -1, Path: "/seconds",
				Message: fmt.Sprintf("seconds must be between 0 and %d", int(hub.MaxWait/time.Second)),
			}
		}
		res, q, err := s.hub.Take(ctx, time.Duration(secs*float64(time.Second)), s.draining)
		return res, q, err

	case MethodState:
		p, err := objectParams(method, params, "surfaceId")
		if err != nil {
			return nil, nil, err
		}
		id, _, err := p.optString("surfaceId")
		if err != nil {
			return nil, nil, err
		}
		states, err := s.hub.State(id)
		return StateResult{Surfaces: states}, nil, err

	case MethodAppend:
		p, err := objectParams(method, params, "role", "text")
		if err != nil {
			return nil, nil, err
		}
		role, err := p.str("role")
		if err != nil {
			return nil, nil, err
		}
		text, err := p.str("text")
		if err != nil {
			return nil, nil, err
		}
		if err := s.hub.Append(hub.Role(role), text); err != nil {
			return nil, nil, err
		}
		return struct{}{}, nil, nil

	default:
		name := method
		if len(name) > 64 {
			name = name[:64] + "…"
		}
		return nil, nil, errMethodNotFound(name)
	}
}
