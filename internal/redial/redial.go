// Package redial holds the loop the two clients that connect again share:
// the Go client of the agent API (package client, with Reconnect) and an
// attached terminal (package viewsock's RemoteView). Each tries to reach
// its a2term again after losing it, pausing longer and longer between
// tries, for as long as it was told; what it replays once it is back is
// its own.
//
// Redial makes the tries; a Backoff says when. No error of a try ends the
// loop early (a socket that is not there yet, one refused as not private,
// a key not written yet: the a2term may be starting again); only the
// caller's context does, or the time running out.
//
// # Bounds
//
// The pauses double from Backoff.First up to Backoff.Max, and no try
// starts later than Backoff.For after Redial began, but the first, which
// is always made. The figures are the callers', in their package docs.
package redial

import (
	"context"
	"time"
)

// Backoff says when Redial tries.
type Backoff struct {
	// First is the pause after the first try that fails; each pause
	// after it is twice the last, up to Max.
	First, Max time.Duration
	// For is how long to try: no try but the first starts later than For
	// after Redial began.
	For time.Duration
	// WaitFirst pauses for First before the first try too: an a2term that
	// just went away is given a moment to come back.
	WaitFirst bool
}

// Redial calls try until it succeeds, pausing between tries as b says,
// and returns nil once one did; else, when the time is up, the last
// try's error, or ctx's error once ctx ends. try gets ctx.
func Redial(ctx context.Context, b Backoff, try func(context.Context) error) error {
	deadline := time.Now().Add(b.For)
	pause := b.First
	if b.WaitFirst {
		if err := sleep(ctx, pause); err != nil {
			return err
		}
		pause = min(2*pause, b.Max)
	}
	for {
		err := try(ctx)
		if err == nil {
			return nil
		}
		if time.Now().Add(pause).After(deadline) {
			return err
		}
		if err := sleep(ctx, pause); err != nil {
			return err
		}
		pause = min(2*pause, b.Max)
	}
}

// sleep waits for d, or returns ctx's error when ctx ends first.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
