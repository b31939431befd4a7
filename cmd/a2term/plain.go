package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/tui/plain"
)

// plainFlag is --plain, or --plain=OPTIONS (see plain.ParseMode).
type plainFlag struct{ mode *plain.Mode }

func (f *plainFlag) IsBoolFlag() bool { return true }

func (f *plainFlag) String() string {
	if f == nil || f.mode == nil {
		return ""
	}
	return "on"
}

func (f *plainFlag) Set(v string) error {
	m, err := plain.ParseMode(v)
	if err != nil {
		return err
	}
	f.mode = &m
	return nil
}

const plainUsage = "print the canvas as plain lines and read commands from standard input (screen readers, logs, pipes); --plain=boxes,color adds box drawing and colour. Chosen by itself when TERM=dumb or A2TERM_PLAIN=1"

// plainMode decides how the canvas draws; auto says standard output that
// is not a terminal chooses plain mode (run, replay, demo).
func (f *plainFlag) decide(auto bool) (plain.Mode, error) {
	return plain.Choice{
		Flag: f.mode, Env: os.Getenv("A2TERM_PLAIN"), Term: os.Getenv("TERM"),
		Terminal: isTerminal(os.Stdout), Auto: auto,
	}.Decide()
}

// runPlainSession runs plain mode on view over standard input and output
// until the person quits, ctx is done, or standard input ends once
// agentDone is closed.
func runPlainSession(ctx context.Context, view hub.View, mode plain.Mode, openWeb func() []string, agentDone <-chan struct{}) error {
	interactive := isTerminal(os.Stdin)
	opts := plain.Options{
		Width: plain.Width(os.Getenv, os.Stdout), Boxes: mode.Boxes, Color: mode.Color,
		Interactive: interactive, OpenWeb: openWeb,
	}
	if interactive {
		opts.Echo = plain.TerminalEcho(os.Stdin)
	}
	s := plain.New(view, os.Stdout, opts)
	defer s.Close()
	return s.Run(ctx, os.Stdin, agentDone)
}

// signalContext is done when a2term is asked to stop: SIGINT, SIGTERM, or
// a hangup (the terminal or the SSH connection went away).
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), append([]os.Signal{os.Interrupt, syscall.SIGTERM}, hangupSignals()...)...)
}
