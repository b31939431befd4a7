package snapshot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/tui"
)

// Options say what a render does: the state to reach and what to write.
type Options struct {
	Look
	// Lenient accepts the non-conformant shapes of third-party streams.
	Lenient bool
	// Each applies the stream message by message instead of as one batch.
	Each bool
	// Surface, Open and Focus set the view before the steps: the surface
	// shown, a Modal opened on it, the control focused (in the dialog
	// when one is open).
	Surface, Open, Focus string
	// Web writes what the web mirror's page shows in the same state
	// (webtext.WebText) instead of the terminal's frame.
	Web bool
	// Steps are what the person does, in order (tui.ParseSteps).
	Steps []tui.Step
	// Frames writes a frame after every step, not only the last, each
	// under a header line (see FrameHeader).
	Frames bool
	// Timeout bounds each wait for the agent; 0 is DefaultTimeout.
	Timeout time.Duration
}

// FrameHeader is the line above frame i of a render with Frames: the step
// that led to it ("start" for the first).
func FrameHeader(i int, step string) string {
	return fmt.Sprintf("=== %d: %s", i, step)
}

// Render draws what a person would see: in's stream applied (when not
// nil), its script played as the agent (when not nil) until it first
// waits for the person, or its A2A agent connected to (Session.Connect),
// then the view set up and the steps done, a "wait" step letting the
// agent answer. It returns the last frame, or
// every frame with Frames, each line ended by a newline. Nothing is
// returned with an error: a refused stream (*Refused), a script that
// stopped, a surface, dialog or control that is not there, an agent that
// did not answer in time. The one exception is Each: a stream some of
// whose messages were refused and some applied is drawn as applied, and
// its frames come back with the *Refused, so that a third-party stream
// with a few messages a2term refuses can still be seen.
func Render(in Input, opts Options) ([]byte, error) {
	if in.Connect != nil && (in.Stream != nil || in.Agent != nil) {
		return nil, usageErr("an A2A agent is drawn alone: give no stream and no script with it")
	}
	s, err := Start(opts.Look, opts.Lenient)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	var partial *Refused
	if in.Stream != nil {
		if err := s.Show(in.Name, in.Stream, opts.Each); err != nil {
			if !errors.As(err, &partial) || partial.Err != nil || partial.Applied == 0 {
				return nil, err
			}
		}
	}
	if in.Agent != nil {
		if err := s.Go(in.Agent.Run); err != nil {
			return nil, err
		}
	}
	if in.Connect != nil {
		ctx, cancel := context.WithTimeout(context.Background(), a2aconn.CardTimeout)
		err := s.Connect(ctx, *in.Connect)
		cancel()
		if err != nil {
			return nil, err
		}
	}
	// A wait with no agent has nothing to wait for.
	wait := func() error {
		if in.Agent == nil && in.Connect == nil {
			return nil
		}
		if err := s.WaitIdle(opts.Timeout); err != nil {
			return scriptErr(err)
		}
		return nil
	}
	if err := wait(); err != nil {
		return nil, err
	}
	scr := s.Screen()
	if opts.Surface != "" {
		if err := scr.Show(opts.Surface); err != nil {
			return nil, err
		}
	}
	if opts.Open != "" {
		if err := scr.Open(opts.Open); err != nil {
			return nil, err
		}
	}
	if opts.Focus != "" {
		if err := scr.Focus(opts.Focus); err != nil {
			return nil, err
		}
	}
	var out strings.Builder
	draw := func(i int, step string) {
		if opts.Frames {
			out.WriteString(FrameHeader(i, step) + "\n")
		}
		if opts.Web {
			out.WriteString(s.Web())
		} else {
			out.WriteString(s.Frame())
		}
		out.WriteByte('\n')
	}
	if opts.Frames {
		draw(0, "start")
	}
	for i, st := range opts.Steps {
		if st.Wait {
			if err := wait(); err != nil {
				return nil, fmt.Errorf("step %d (wait): %w", i+1, err)
			}
		} else if err := scr.Press(st); err != nil {
			return nil, fmt.Errorf("step %d: %w", i+1, err)
		}
		if opts.Frames {
			draw(i+1, st.Name)
		}
	}
	if err := s.AgentErr(); err != nil {
		return nil, fmt.Errorf("the script stopped: %w", err)
	}
	if !opts.Frames {
		draw(0, "")
	}
	if partial != nil {
		return []byte(out.String()), partial
	}
	return []byte(out.String()), nil
}

// scriptErr words an agent's error as a script's.
func scriptErr(err error) error {
	var stopped *AgentError
	if errors.As(err, &stopped) {
		return fmt.Errorf("the script stopped: %w", stopped.Err)
	}
	return err
}
