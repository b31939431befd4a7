// Package a2termtest lets an agent's own Go tests snapshot what the
// person sees. It starts an a2term in the test's process (a hub with a
// fixed clock, its socket in a private temporary directory, and the
// terminal program without a terminal), lets the test's agent code talk
// to it through the real client, drives the person's keys by the
// program's own key names, and compares frames with golden files:
//
//	func TestOrder(t *testing.T) {
//		c := a2termtest.New(t, a2termtest.Size(100, 24))
//		c.Go(myagent.Run) // func(ctx context.Context, c *client.Client) error
//		c.Keys("type:Ada tab tab tab enter wait") // the first control has the focus at first
//		c.Golden(t, "ordered") // testdata/TestOrder/ordered.golden; go test -update rewrites it
//	}
//
// An agent that dials the socket itself gets it from Socket (pass it as
// A2TERM_SOCKET); an A2A agent is talked to with Connect, its URL given:
//
//	c := a2termtest.New(t, a2termtest.Size(100, 24))
//	c.Connect(agentURL, nil) // an httptest.Server serving the agent
//	c.Keys(`ctrl+r type:"find pizza" enter wait`)
//	c.Golden(t, "menu")
//
// The agent sees what the person did only at a "wait" step (or
// WaitIdle), which returns once the agent waits for the person again or
// has ended (an A2A agent: once its turn is over): between two waits the
// person's actions are held, so a frame never catches the agent half way
// and every run draws the same bytes. Frames are pinned as a2term
// render's are: no colour unless asked for, times at 00:00 UTC, no
// trailing blanks.
package a2termtest

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/tui"
	"github.com/a2term/a2term/tui/snapshot"
)

// Canvas is an a2term for one test.
type Canvas struct {
	s       *snapshot.Session
	tb      testing.TB // nil for Start: errors are only returned
	timeout time.Duration
	client  *client.Client
}

type config struct {
	look    snapshot.Look
	lenient bool
	timeout time.Duration
}

// Option sets up a Canvas.
type Option func(*config)

// Size is the terminal's size (default 80×24; the transcript shows beside
// the surface from 100 columns on).
func Size(width, height int) Option {
	return func(c *config) { c.look.Width, c.look.Height = width, height }
}

// Color draws frames with a colour profile (default snapshot.NoColor).
func Color(profile snapshot.Color) Option { return func(c *config) { c.look.Color = profile } }

// Light draws for a light background.
func Light() Option { return func(c *config) { c.look.Light = true } }

// ASCII draws with ASCII glyphs only.
func ASCII() Option { return func(c *config) { c.look.ASCII = true } }

// NoImages draws pictures as their alt text.
func NoImages() Option { return func(c *config) { c.look.NoImages = true } }

// Pad keeps every line as wide as the terminal.
func Pad() Option { return func(c *config) { c.look.Pad = true } }

// Locale formats v0.9 numbers, currencies and dates for l (default
// en-US), as a2term's --locale does.
func Locale(l *a2ui.Locale) Option { return func(c *config) { c.look.Locale = l } }

// TimeZone shows v0.9 dates and times in loc (default UTC), as a2term's
// --time-zone does.
func TimeZone(loc *time.Location) Option { return func(c *config) { c.look.Location = loc } }

// Lenient accepts the non-conformant shapes of third-party streams.
func Lenient() Option { return func(c *config) { c.lenient = true } }

// Timeout bounds each wait for the agent (default 30 s).
func Timeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// Start opens a Canvas outside a test (an Example, a tool); its methods
// return their errors. Close it when done.
func Start(opts ...Option) (*Canvas, error) {
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	s, err := snapshot.Start(cfg.look, cfg.lenient)
	if err != nil {
		return nil, err
	}
	return &Canvas{s: s, timeout: cfg.timeout}, nil
}

// New opens a Canvas for the test t, closed when the test ends. Every
// error of its methods fails t at once.
func New(t testing.TB, opts ...Option) *Canvas {
	t.Helper()
	c, err := Start(opts...)
	if err != nil {
		t.Fatal(err)
	}
	c.tb = t
	t.Cleanup(c.Close)
	return c
}

// fail reports err to the test, if there is one, and returns it.
func (c *Canvas) fail(err error) error {
	if err != nil && c.tb != nil {
		c.tb.Helper()
		c.tb.Fatal(err)
	}
	return err
}

// Close ends the agent Go started and closes the canvas.
func (c *Canvas) Close() {
	if c.client != nil {
		c.client.Close()
	}
	c.s.Close()
}

// Socket is the path of the canvas's agent socket.
func (c *Canvas) Socket() string { return c.s.Socket() }

// Client is a client connected to the socket, for a test that talks to
// the canvas itself; it is closed with the canvas.
func (c *Canvas) Client() *client.Client {
	if c.client == nil {
		cl, err := client.Dial(context.Background(), c.Socket())
		if c.fail(err) != nil {
			return nil
		}
		c.client = cl
	}
	return c.client
}

// Hub is the canvas's hub, for what a test wants to look at directly
// (State, the transcript).
func (c *Canvas) Hub() *hub.Hub { return c.s.Hub() }

// Go plays agent as the canvas's agent, a client of its socket, on a
// goroutine of its own, and waits until it first waits for the person
// (or ends). An error it returns fails the test at the next wait, or at
// the end of the test.
func (c *Canvas) Go(agent func(ctx context.Context, c *client.Client) error) error {
	if err := c.s.Go(agent); err != nil {
		return c.fail(err)
	}
	if c.tb != nil {
		c.tb.Cleanup(func() {
			if err := c.s.AgentErr(); err != nil {
				c.tb.Errorf("the agent stopped: %v", err)
			}
		})
	}
	return c.WaitIdle()
}

// Connect talks to the A2A agent at url, as a2term connect does (header
// holds its credentials, if any; nil for none), and waits until it is
// ready for the person: its card's name and description are in the
// transcript. The person writes to it with ctrl+r (`ctrl+r type:"find
// pizza" enter wait`), and a "wait" returns once its turn is over, its
// task completed or waiting for input. A canvas
// plays one agent, by Go or Connect. Frames show neither the URL (a
// test's agent has a new port every run) nor the conversation's ids.
func (c *Canvas) Connect(url string, header http.Header) error {
	ctx, cancel := context.WithTimeout(context.Background(), a2aconn.CardTimeout)
	defer cancel()
	if err := c.s.Connect(ctx, a2aconn.Options{URL: url, Header: header}); err != nil {
		return c.fail(err)
	}
	return c.WaitIdle()
}

// WaitIdle lets the agent answer what the person did so far: it returns
// once an agent waits for the person again (canvas.wait), the agent Go
// started has ended, or the turn of the agent Connect talks to is over.
func (c *Canvas) WaitIdle() error {
	return c.fail(c.s.WaitIdle(c.timeout))
}

// Keys does what the person does, as a2term render --keys takes it: key
// names as the help shows them ("tab", "shift+tab", "enter", "space",
// "alt+2", "ctrl+n" …), type:TEXT (type:"two words") and wait.
func (c *Canvas) Keys(keys string) error {
	steps, err := tui.ParseSteps(keys)
	if err != nil {
		return c.fail(err)
	}
	for i, st := range steps {
		if st.Wait {
			if err := c.WaitIdle(); err != nil {
				return err
			}
			continue
		}
		if err := c.s.Screen().Press(st); err != nil {
			return c.fail(fmt.Errorf("step %d: %w", i+1, err))
		}
	}
	return nil
}

// Show applies A2UI messages as one batch, as an agent's canvas.show
// would, without an agent.
func (c *Canvas) Show(stream []byte) error {
	return c.fail(c.s.Show("stream", stream, false))
}

// Surface shows surface id, as choosing its tab does.
func (c *Canvas) Surface(id string) error { return c.fail(c.s.Screen().Show(id)) }

// Open opens Modal id, as activating its entry point does.
func (c *Canvas) Open(id string) error { return c.fail(c.s.Screen().Open(id)) }

// Focus focuses control id.
func (c *Canvas) Focus(id string) error { return c.fail(c.s.Screen().Focus(id)) }

// Frame is the terminal's screen now, lines separated by newlines.
func (c *Canvas) Frame() string { return c.s.Frame() }

// Web is what the web mirror's page shows in the same state, as text
// (see webtext.WebText).
func (c *Canvas) Web() string { return c.s.Web() }

// Golden compares the frame, ended by a newline, with the golden file
// testdata/TEST/name.golden (testdata/TEST.golden when name is ""),
// through x/exp/golden: go test -update rewrites it.
func (c *Canvas) Golden(t *testing.T, name string) {
	t.Helper()
	frame := []byte(c.Frame() + "\n")
	if name == "" {
		golden.RequireEqual(t, frame)
		return
	}
	t.Run(name, func(t *testing.T) {
		t.Helper()
		golden.RequireEqual(t, frame)
	})
}
