package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/statedir"
	"github.com/a2term/a2term/internal/viewsock"
	"github.com/a2term/a2term/internal/webmirror"
)

// DialTimeout bounds looking for a running a2term.
const DialTimeout = 2 * time.Second

// API is the agent API as the tools use it: a running a2term over its
// socket (attached) or a hub of this process (standalone). Its methods
// are safe for concurrent use.
type API interface {
	Info(ctx context.Context) (hub.Info, error)
	Show(ctx context.Context, messages []json.RawMessage) (hub.ShowResult, error)
	Wait(ctx context.Context, seconds float64) (hub.WaitResult, error)
	State(ctx context.Context, surfaceID string) ([]hub.SurfaceState, error)
	Append(ctx context.Context, role hub.Role, text string) error
}

// hubAPI is API on a hub in this process.
type hubAPI struct{ hub *hub.Hub }

func (h hubAPI) Info(context.Context) (hub.Info, error) {
	return agentsock.WithLimits(h.hub.Info()), nil
}

func (h hubAPI) Show(_ context.Context, m []json.RawMessage) (hub.ShowResult, error) {
	return h.hub.Show(m)
}

func (h hubAPI) Wait(ctx context.Context, seconds float64) (hub.WaitResult, error) {
	return h.hub.Wait(ctx, time.Duration(seconds*float64(time.Second)))
}

func (h hubAPI) State(_ context.Context, id string) ([]hub.SurfaceState, error) {
	return h.hub.State(id)
}

func (h hubAPI) Append(_ context.Context, role hub.Role, text string) error {
	return h.hub.Append(role, text)
}

// Bounds on what the tools have running at the canvas at once. A client
// may send any number of tool calls without waiting for their results
// (the SDK runs each as it arrives); those beyond these bounds wait for
// their turn in this server. Together they are the requests the agent
// socket runs at once for one connection (agentsock.DefaultMaxInFlight), so
// that the a2term this server is attached to never refuses one as too
// many, and waits never take the turns that the other tools need.
const (
	// MaxWaitsAtCanvas is how many canvas_wait calls wait at the canvas
	// at once. A wait that finds them all taken waits for its turn with
	// its seconds running, and has timed out when they run out first:
	// the waits ahead of it were there to take any action meanwhile.
	MaxWaitsAtCanvas = agentsock.DefaultMaxInFlight / 2
	// MaxCallsAtCanvas is how many other calls (a show, a read, a
	// transcript line) run at the canvas at once.
	MaxCallsAtCanvas = agentsock.DefaultMaxInFlight - MaxWaitsAtCanvas
)

// turns is an API whose calls take turns: at most MaxWaitsAtCanvas waits
// and MaxCallsAtCanvas other calls at once, each set of turns a buffered
// channel holding one token per call running.
type turns struct {
	api   API
	waits chan struct{}
	calls chan struct{}
}

func takeTurns(api API) *turns {
	return &turns{api: api, waits: make(chan struct{}, MaxWaitsAtCanvas), calls: make(chan struct{}, MaxCallsAtCanvas)}
}

// call runs f in a turn of g.calls, once one is free.
func (g *turns) call(ctx context.Context, f func() error) error {
	select {
	case g.calls <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-g.calls }()
	return f()
}

func (g *turns) Info(ctx context.Context) (res hub.Info, err error) {
	err = g.call(ctx, func() (e error) { res, e = g.api.Info(ctx); return })
	return
}

func (g *turns) Show(ctx context.Context, m []json.RawMessage) (res hub.ShowResult, err error) {
	err = g.call(ctx, func() (e error) { res, e = g.api.Show(ctx, m); return })
	return
}

func (g *turns) State(ctx context.Context, id string) (res []hub.SurfaceState, err error) {
	err = g.call(ctx, func() (e error) { res, e = g.api.State(ctx, id); return })
	return
}

func (g *turns) Append(ctx context.Context, role hub.Role, text string) error {
	return g.call(ctx, func() error { return g.api.Append(ctx, role, text) })
}

// Wait waits for a turn of g.waits, then at the canvas for what is left
// of seconds (in tenths of a second, for the transcript's sake).
func (g *turns) Wait(ctx context.Context, seconds float64) (hub.WaitResult, error) {
	select {
	case g.waits <- struct{}{}:
	default:
		start := time.Now()
		d := time.Duration(seconds * float64(time.Second))
		timer := time.NewTimer(d)
		defer timer.Stop()
		select {
		case g.waits <- struct{}{}:
		case <-timer.C:
			return hub.WaitResult{Action: json.RawMessage("null"), TimedOut: true}, nil
		case <-ctx.Done():
			return hub.WaitResult{}, ctx.Err()
		}
		seconds = max(d-time.Since(start), 0).Truncate(time.Second / 10).Seconds()
	}
	defer func() { <-g.waits }()
	return g.api.Wait(ctx, seconds)
}

// SocketError says that the a2term socket the server was told to use, or
// the one it attached to, cannot be reached. Every tool returns it while
// that lasts, so the agent can tell the person what to do.
type SocketError struct {
	// Path is the socket.
	Path string
	// From is where the path came from: "--socket", "A2TERM_SOCKET", or
	// "" for the default socket, attached to at the start.
	From string
	// Err is why dialling failed.
	Err error
}

func (e *SocketError) Error() string {
	if e.From == "" {
		return fmt.Sprintf("the a2term at %s, which this server attached to, does not answer (%v): start a2term again there", e.Path, e.Err)
	}
	return fmt.Sprintf("the a2term socket %s (set by %s) cannot be used (%v): start a2term with --socket %s, or remove %s so that a2term mcp runs a canvas of its own",
		e.Path, e.From, e.Err, e.Path, e.From)
}

func (e *SocketError) Unwrap() error { return e.Err }

// socketAPI is API over a running a2term's socket. A wait whose context
// ends closes the connection (so the a2term puts back an action it had
// not delivered), and a closed connection is dialled again on the next
// call.
type socketAPI struct {
	path string
	from string // for SocketError
	mu   sync.Mutex
	c    *client.Client
}

func (s *socketAPI) conn(ctx context.Context) (*client.Client, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.c != nil {
		return s.c, nil
	}
	dctx, cancel := context.WithTimeout(ctx, DialTimeout)
	defer cancel()
	c, err := client.Dial(dctx, s.path)
	if err != nil {
		return nil, &SocketError{Path: s.path, From: s.from, Err: err}
	}
	s.c = c
	return c, nil
}

// drop forgets c after it failed, so the next call dials again.
func (s *socketAPI) drop(c *client.Client) {
	s.mu.Lock()
	if s.c == c {
		s.c = nil
	}
	s.mu.Unlock()
	_ = c.Close()
}

// do runs f on the connection, dialling again once if it was closed.
func (s *socketAPI) do(ctx context.Context, f func(*client.Client) error) error {
	for try := 0; ; try++ {
		c, err := s.conn(ctx)
		if err != nil {
			return err
		}
		err = f(c)
		if err == nil {
			return nil
		}
		if errors.Is(err, client.ErrClosed) || (ctx.Err() != nil && errors.Is(err, ctx.Err())) {
			s.drop(c)
			if try == 0 && ctx.Err() == nil {
				continue
			}
		}
		return err
	}
}

func (s *socketAPI) Close() {
	s.mu.Lock()
	c := s.c
	s.c = nil
	s.mu.Unlock()
	if c != nil {
		_ = c.Close()
	}
}

func (s *socketAPI) Info(ctx context.Context) (res hub.Info, err error) {
	err = s.do(ctx, func(c *client.Client) (e error) { res, e = c.Info(ctx); return })
	return
}

func (s *socketAPI) Show(ctx context.Context, m []json.RawMessage) (res hub.ShowResult, err error) {
	err = s.do(ctx, func(c *client.Client) (e error) { res, e = c.Show(ctx, m...); return })
	return
}

func (s *socketAPI) Wait(ctx context.Context, seconds float64) (res hub.WaitResult, err error) {
	err = s.do(ctx, func(c *client.Client) (e error) { res, e = c.Wait(ctx, seconds); return })
	return
}

func (s *socketAPI) State(ctx context.Context, id string) (res []hub.SurfaceState, err error) {
	err = s.do(ctx, func(c *client.Client) (e error) { res, e = c.State(ctx, id); return })
	return
}

func (s *socketAPI) Append(ctx context.Context, role hub.Role, text string) error {
	return s.do(ctx, func(c *client.Client) error { return c.Append(ctx, role, text) })
}

// Where a canvas is.
const (
	// Attached: a running a2term, the person's terminal (or its own web
	// mirror).
	Attached = "attached"
	// Standalone: a hub of this process, seen only in the web mirror.
	Standalone = "standalone"
)

// Canvas is where the tools show surfaces: a running a2term or a hub of
// its own. Its methods are safe for concurrent use.
type Canvas struct {
	api    API
	mode   string
	socket string // attached: the a2term's socket
	hub    *hub.Hub
	close  func()
}

// Mode says where the canvas is: Attached or Standalone.
func (c *Canvas) Mode() string { return c.mode }

// Socket is the socket of the a2term the canvas is attached to, or "".
func (c *Canvas) Socket() string { return c.socket }

// Hub is the standalone canvas's hub, or nil when attached.
func (c *Canvas) Hub() *hub.Hub { return c.hub }

// Close ends a standalone hub and its mirror, or the connection to the
// running a2term.
func (c *Canvas) Close() { c.close() }

// Open finds the canvas for opts. An explicit socket (opts.Socket, else
// A2TERM_SOCKET) is always attached to: when no a2term answers there the
// canvas is still returned, every tool says why it cannot be used, and the
// reason goes to opts.Log now; it starts working once an a2term answers.
// Otherwise Open attaches to the a2term at the default socket when one
// answers, and runs a hub of its own with the web mirror when none does,
// or when the socket or its directory is another user's or open to
// others (statedir.CheckSocket; the reason goes to opts.Log). Every socket
// is checked so before each connection, the explicit one too.
// An error means the private hub or its mirror could not start.
func Open(ctx context.Context, opts Options) (*Canvas, error) {
	logw := opts.logWriter()
	socket, from := opts.Socket, "--socket"
	if socket == "" {
		socket, from = os.Getenv("A2TERM_SOCKET"), "A2TERM_SOCKET"
	}
	if socket != "" {
		s := &socketAPI{path: socket, from: from}
		c := &Canvas{api: takeTurns(s), mode: Attached, socket: socket, close: s.Close}
		dctx, cancel := context.WithTimeout(ctx, DialTimeout)
		_, err := s.Info(dctx)
		cancel()
		if err != nil {
			fmt.Fprintf(logw, "a2term mcp: %v; every tool says so until an a2term answers there\n", err)
		} else {
			fmt.Fprintf(logw, "a2term mcp: attached to the a2term at %s\n", socket)
		}
		return c, nil
	}
	socket = agentsock.DefaultSocketPath()
	// Checked first, so that the refusal is said as it is: another
	// user's a2term would read what the agent shows and press in the
	// person's name.
	err := statedir.CheckSocket(socket)
	if err == nil {
		s := &socketAPI{path: socket}
		dctx, cancel := context.WithTimeout(ctx, DialTimeout)
		_, err = s.Info(dctx)
		cancel()
		if err == nil {
			fmt.Fprintf(logw, "a2term mcp: attached to the a2term at %s\n", socket)
			return &Canvas{api: takeTurns(s), mode: Attached, socket: socket, close: s.Close}, nil
		}
		s.Close()
	}
	if errors.Is(err, statedir.ErrNotPrivate) {
		fmt.Fprintf(logw, "a2term mcp: not attaching: %v; running a canvas of its own\n", err)
	} else {
		fmt.Fprintf(logw, "a2term mcp: no a2term answers at %s; running a canvas of its own\n", socket)
	}
	h := hub.New(hub.Options{Lenient: opts.Lenient, Locale: opts.Locale, Location: opts.Location, Catalogs: opts.Catalogs, Pictures: opts.Pictures})
	// A socket of its own beside the default one, so that the person can
	// show the canvas in a terminal with a2term attach.
	own := filepath.Join(filepath.Dir(socket), fmt.Sprintf("mcp-%d.sock", os.Getpid()))
	logger := log.New(logw, "", log.LstdFlags)
	srv, err := agentsock.Listen(h, own, agentsock.ServerOptions{Logger: logger})
	var views *viewsock.ViewServer
	if err != nil {
		fmt.Fprintf(logw, "a2term mcp: no terminal can attach to this canvas: %v\n", err)
		srv = nil
	} else if views, err = viewsock.ListenViews(h, srv.Path(), viewsock.ViewOptions{Logger: logger}); err != nil {
		// The socket serves agents all the same.
		fmt.Fprintf(logw, "a2term mcp: no terminal can attach to this canvas: %v\n", err)
		views = nil
	} else {
		fmt.Fprintf(logw, "a2term mcp: show this canvas in a terminal with: a2term attach --socket %s\n", own)
	}
	var web *webmirror.WebServer
	closeAll := func() {
		if views != nil {
			views.Close()
		}
		if srv != nil {
			srv.Close()
		}
		h.Close()
		if web != nil {
			web.Close()
		}
	}
	if !opts.NoWeb {
		web, err = webmirror.ServeWeb(h, webmirror.WebOptions{Logger: log.New(logw, "", log.LstdFlags), AgentLink: true})
		if err != nil {
			web = nil
			closeAll()
			return nil, fmt.Errorf("web mirror: %w", err)
		}
		fmt.Fprintf(logw, "a2term mcp: the web mirror listens at %s; the agent is given its one-time link to pass on to the person\n", web.URL())
	}
	return &Canvas{api: takeTurns(hubAPI{h}), mode: Standalone, hub: h, close: closeAll}, nil
}

// Options set up the server and its canvas.
type Options struct {
	// Socket is the a2term to attach to, as the person gave it with
	// --socket; "" reads A2TERM_SOCKET, then tries the default socket.
	Socket string
	// NoWeb and Lenient set up a standalone canvas: no web mirror; accept
	// the non-conformant shapes of third-party streams.
	NoWeb, Lenient bool
	// Locale and Location are what a standalone canvas formats v0.9
	// numbers, currencies and dates with; nil is en-US and UTC.
	Locale   *a2ui.Locale
	Location *time.Location
	// Catalogs are the catalog definitions a standalone canvas draws
	// besides its own.
	Catalogs []*a2ui.CatalogDef
	// Pictures fetches the remote pictures of a standalone canvas
	// (--fetch-images); nil fetches none. An a2term attached to decides
	// for itself.
	Pictures hub.Pictures
	// Version is a2term's own version, reported to the client.
	Version string
	// Log is what the person reads (standard error): where the canvas
	// is, lines the client sent that were not MCP, the mirror's log. It
	// never receives a pairing link. Nil discards it.
	Log io.Writer
	// ProgressInterval is how often canvas_wait reports progress; zero
	// is DefaultProgressInterval.
	ProgressInterval time.Duration
}

func (o Options) logWriter() io.Writer {
	if o.Log == nil {
		return io.Discard
	}
	return o.Log
}
