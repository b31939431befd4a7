package snapshot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/webtext"
	"github.com/a2term/a2term/tui"
)

// Clock is the time of every snapshot: transcript lines, action
// timestamps and date inputs that start from now all read it, so frames
// are the same on every run, in every time zone.
func Clock() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

// DefaultTimeout is how long an agent may take to answer (to come back to
// canvas.wait, or end) before a run gives up on it.
const DefaultTimeout = 30 * time.Second

// Look says how frames are drawn. The zero value is 80×24, no colour, a
// dark background, pictures on.
type Look struct {
	Width, Height int
	// Color is the colour profile, fixed, never read from the terminal
	// or the environment.
	Color Color
	// Light draws for a light background.
	Light    bool
	NoImages bool
	// Graphics is how pictures are drawn: blocks (the zero value), off,
	// or kitty, whose frames then hold the protocol's sequences.
	Graphics components.Graphics
	ASCII    bool
	// Pad keeps the spaces at the end of each line.
	Pad bool
	// Locale and Location are what v0.9 functions format numbers,
	// currencies and dates with; nil is en-US and UTC, never the
	// machine's.
	Locale   *a2ui.Locale
	Location *time.Location
	// Catalogs are the catalog definitions the canvas draws besides its
	// own (a2term --catalog).
	Catalogs []*a2ui.CatalogDef
}

func (l Look) size() (int, int) {
	w, h := l.Width, l.Height
	if w <= 0 {
		w = 80
	}
	if h <= 0 {
		h = 24
	}
	return w, h
}

// renderer is a Lip Gloss renderer that knows nothing of the terminal,
// the environment or the locale: the profile and background are given.
func (l Look) renderer() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	p := termenv.Ascii
	switch l.Color {
	case ANSI256:
		p = termenv.ANSI256
	case TrueColor:
		p = termenv.TrueColor
	case NoColor:
	}
	r.SetColorProfile(p)
	r.SetHasDarkBackground(!l.Light)
	return r
}

// Color is a colour profile.
type Color int

// The colour profiles: none (plain text), 256 colours, 24-bit colour.
const (
	NoColor Color = iota
	ANSI256
	TrueColor
)

// Session is a canvas without a terminal: a hub with the fixed Clock, its
// agent socket in a private temporary directory, and a Screen on it. Agents
// connect to Socket as they would to a2term; the person's keys go to
// Screen. Frames do not show the socket's path, which changes every run.
type Session struct {
	hub    *hub.Hub
	server *agentsock.Server
	dir    string
	screen *tui.Screen
	look   Look
	// kitty sends the pictures of kitty frames, once each.
	kitty *tui.KittyFrames
	// conn is the A2A agent Connect started, or nil.
	conn *a2aconn.Conn

	// The agent Go started: done is closed when it has ended, err is
	// then what it returned.
	done   chan struct{}
	err    error
	cancel context.CancelFunc
}

// Start opens a session.
func Start(look Look, lenient bool) (*Session, error) {
	h := hub.New(hub.Options{Lenient: lenient, Now: Clock, Locale: look.Locale, Location: look.Location, Catalogs: look.Catalogs})
	dir, err := os.MkdirTemp("", "a2term-snap-")
	if err != nil {
		return nil, err
	}
	srv, err := agentsock.Listen(h, filepath.Join(dir, "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	h.Board().SetStatus(func(s *hub.Status) { s.Listening = "" })
	h.Hold()
	cols, rows := look.size()
	widgets := components.Options{NoImages: look.NoImages, ASCII: look.ASCII, Graphics: look.Graphics}
	var kf *tui.KittyFrames
	if look.Graphics == components.GraphicsKitty {
		widgets.Store = components.NewPictureStore(components.DefaultCell)
		kf = tui.NewKittyFrames(widgets.Store)
	}
	screen := tui.NewScreen(h, tui.Options{Renderer: look.renderer(), Now: Clock, Widgets: widgets}, cols, rows)
	return &Session{hub: h, server: srv, dir: dir, screen: screen, look: look, kitty: kf}, nil
}

// Close ends the agent Go started, stops listening and ends every wait.
func (s *Session) Close() {
	if s.done != nil {
		s.cancel()
		<-s.done
	}
	s.screen.Close()
	s.server.Close()
	s.hub.Close()
	os.RemoveAll(s.dir)
}

// Socket is the path agents connect to.
func (s *Session) Socket() string { return s.server.Path() }

// Hub is the session's hub.
func (s *Session) Hub() *hub.Hub { return s.hub }

// Screen is what the person sees.
func (s *Session) Screen() *tui.Screen { return s.screen }

// Go plays agent against the session, as a client of its socket, on a
// goroutine of its own, until it returns or the session closes. When it
// returns, the socket is closed, once the hub has heard of everything the
// agent did; keys still work. A session plays one agent this way (others
// may connect to Socket themselves).
func (s *Session) Go(agent func(ctx context.Context, c *client.Client) error) error {
	if s.done != nil {
		return errors.New("an agent is already playing")
	}
	ctx, cancel := context.WithCancel(context.Background())
	c, err := client.Dial(ctx, s.Socket())
	if err != nil {
		cancel()
		return err
	}
	s.done, s.cancel = make(chan struct{}), cancel
	go func() {
		defer close(s.done)
		err := agent(ctx, c)
		c.Close()
		s.server.Close()
		if ctx.Err() == nil {
			s.err = err
		}
	}()
	return nil
}

// Connect plays an A2A agent against the session, as a2term connect
// does: it reads the agent's card at opts.URL (ctx bounds that), says in
// the transcript who the agent is, and carries the conversation on, on a
// goroutine of its own, until the session closes. From then on the
// views talk to the agent through the hub (hub.Hub.SetTalk): ctrl+r to
// write (what is written waits for WaitIdle, as presses do) and ctrl+x
// to cancel its task. Frames show neither the URL (opts.HideURL
// is set) nor the conversation's ids, and every run starts a new
// conversation (opts.StatePath is not used). A session plays one agent.
func (s *Session) Connect(ctx context.Context, opts a2aconn.Options) error {
	if s.done != nil {
		return errors.New("an agent is already playing")
	}
	opts.HideURL, opts.StatePath = true, ""
	conn, err := a2aconn.Dial(ctx, s.hub, opts)
	if err != nil {
		return err
	}
	conn.Hold()
	rctx, cancel := context.WithCancel(context.Background())
	s.conn, s.done, s.cancel = conn, make(chan struct{}), cancel
	go func() {
		defer close(s.done)
		_ = conn.Run(rctx) // ends only with rctx, at Close
	}()
	s.hub.SetTalk(conn.Talker(rctx))
	return nil
}

// AgentErr is the error the agent Go started returned, once it has
// ended; nil before.
func (s *Session) AgentErr() error {
	if s.done == nil {
		return nil
	}
	select {
	case <-s.done:
		return s.err
	default:
		return nil
	}
}

// Frame draws the screen as it is now.
func (s *Session) Frame() string {
	f := s.screen.Frame(tui.FrameOptions{Pad: s.look.Pad})
	if s.kitty != nil {
		f = s.kitty.Frame(f)
	}
	return f
}

// Web writes what the web mirror's page shows in the same state, as text
// (webtext.WebText): the same snapshot, the surface shown, the open dialog
// and the selected tabs.
func (s *Session) Web() string {
	return strings.TrimSuffix(webtext.WebText(s.hub.Snapshot(), webtext.WebView(s.screen.ViewState())), "\n")
}

// Show applies a stream, as one batch or message by message. The refusal
// of any message is a *Refused error; with each, the messages before it
// stay applied.
func (s *Session) Show(name string, data []byte, each bool) error {
	raws, lines, err := a2ui.SplitStreamLines(data)
	if err != nil {
		return &Refused{Name: name, Err: err}
	}
	if len(raws) == 0 {
		return nil // nothing to show (a case whose agent is its --script)
	}
	msgs := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		msgs[i] = r
	}
	if !each {
		if _, err := s.hub.Show(msgs); err != nil {
			return &Refused{Name: name, Err: err, Lines: lines}
		}
		return nil
	}
	var refused *Refused
	for i, m := range msgs {
		if _, err := s.hub.Show([]json.RawMessage{m}); err != nil {
			var e *a2ui.Error
			if errors.As(err, &e) {
				c := *e
				c.Index = i
				err = &c
			}
			if refused == nil {
				refused = &Refused{Name: name, Lines: lines}
			}
			refused.Errs = append(refused.Errs, err)
		}
	}
	if refused != nil {
		refused.Applied = len(msgs) - len(refused.Errs)
		return refused
	}
	return nil
}

// Refused is a stream, or one or more of its messages, that the canvas
// refused.
type Refused struct {
	Name  string
	Err   error   // the batch's refusal
	Errs  []error // each message's (message by message)
	Lines []int   // the line each message of the stream starts on
	// Applied counts the messages applied around the refused ones
	// (message by message); they stay on the canvas.
	Applied int
}

func (r *Refused) Error() string {
	if r.Err != nil {
		return fmt.Sprintf("%s: %v", r.at(r.Err), r.Err)
	}
	lines := make([]string, len(r.Errs))
	for i, e := range r.Errs {
		lines[i] = fmt.Sprintf("%s: %v", r.at(e), e)
	}
	return strings.Join(lines, "\n")
}

// at is where the message err refuses starts, "name:line", or the name.
func (r *Refused) at(err error) string {
	var e *a2ui.Error
	if errors.As(err, &e) && e.Index >= 0 && e.Index < len(r.Lines) && r.Lines[e.Index] > 0 {
		return fmt.Sprintf("%s:%d", r.Name, r.Lines[e.Index])
	}
	return r.Name
}

// WaitIdle lets the agent answer: it hands the agent what the person did
// since the last wait, and waits until an agent waits for the person
// again (canvas.wait), the agent Go started ends, or timeout passes.
// Between two waits the person's actions are held in the queue
// (hub.Hub.Hold), so the agent never answers in the middle of keys and
// every frame is the same on every run. The error of an agent that
// ended with one is WaitIdle's.
//
// An A2A agent (Connect) is given first what the person wrote, then what
// they pressed, one turn each, in that order on every run; WaitIdle
// returns once its turn is over (a2aconn.Conn.Idle): its task reached a
// final or input-required state, its stream ended, and nothing waits to
// be sent.
func (s *Session) WaitIdle(timeout time.Duration) error {
	if err := s.waitIdle(timeout); err != nil {
		return err
	}
	if err := s.AgentErr(); err != nil {
		return &AgentError{Err: err}
	}
	return nil
}

// AgentError is what WaitIdle returns for an agent that ended with an
// error.
type AgentError struct{ Err error }

func (e *AgentError) Error() string { return "the agent stopped: " + e.Err.Error() }

func (e *AgentError) Unwrap() error { return e.Err }

func (s *Session) waitIdle(timeout time.Duration) error {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	changed, cancel := s.hub.Subscribe()
	defer cancel()
	ctx, stop := context.WithTimeout(context.Background(), timeout)
	defer stop()
	if s.conn != nil {
		// The person's messages first, while the hub holds their
		// presses, then the presses: the turns come in the same order
		// on every run.
		s.conn.Release()
		defer s.conn.Hold()
		if !s.until(ctx, changed, s.conn.Idle) {
			return s.late(timeout)
		}
		s.hub.Release()
		defer s.hub.Hold()
		if !s.until(ctx, changed, s.conn.Idle) {
			return s.late(timeout)
		}
		return nil
	}
	s.hub.Release()
	defer s.hub.Hold()
	if !s.until(ctx, changed, func() bool { return s.hub.Waiting() > 0 }) {
		return fmt.Errorf("the agent did not wait for the person within %s", timeout)
	}
	return nil
}

// until waits until idle holds, checking it at every change of the hub,
// or the agent Go started ends (true); false when ctx ends first.
func (s *Session) until(ctx context.Context, changed <-chan struct{}, idle func() bool) bool {
	for {
		if idle() {
			return true
		}
		select {
		case <-s.done: // nil, and never ready, with no agent of Go's
			return true
		case <-changed:
		case <-ctx.Done():
			return false
		}
	}
}

// late is the error of an A2A agent whose turn outlasted timeout.
func (s *Session) late(timeout time.Duration) error {
	state := s.hub.Snapshot().Status.Task
	if state == "" {
		return fmt.Errorf("the agent did not end its turn within %s (it has not answered)", timeout)
	}
	return fmt.Errorf("the agent did not end its turn within %s (its task is %s)", timeout, state)
}
