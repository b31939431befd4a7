package redial_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/redial"
)

// TestRedialUntilATrySucceeds: the tries go on, whatever they fail with,
// until one succeeds, and the pauses between them double up to Max.
func TestRedialUntilATrySucceeds(t *testing.T) {
	b := redial.Backoff{First: time.Millisecond, Max: 4 * time.Millisecond, For: time.Hour}
	var at []time.Time
	err := redial.Redial(t.Context(), b, func(context.Context) error {
		at = append(at, time.Now())
		if len(at) < 6 {
			return fmt.Errorf("try %d: not yet", len(at))
		}
		return nil
	})
	if err != nil || len(at) != 6 {
		t.Fatalf("Redial: %v after %d tries, want nil after 6", err, len(at))
	}
	// The least each pause may be: 1, 2, 4, then 4 ms again.
	for i, least := range []time.Duration{1, 2, 4, 4, 4} {
		if gap := at[i+1].Sub(at[i]); gap < least*time.Millisecond {
			t.Errorf("pause %d was %v, want at least %v", i+1, gap, least*time.Millisecond)
		}
	}
}

// TestRedialGivesUp: once the next try would start later than For, the
// last try's error is returned; the first try is always made.
func TestRedialGivesUp(t *testing.T) {
	errGone := errors.New("gone")
	for _, waitFirst := range []bool{false, true} {
		tries := 0
		b := redial.Backoff{First: time.Millisecond, Max: time.Millisecond, For: 0, WaitFirst: waitFirst}
		err := redial.Redial(t.Context(), b, func(context.Context) error {
			tries++
			return fmt.Errorf("try %d: %w", tries, errGone)
		})
		if !errors.Is(err, errGone) || tries != 1 {
			t.Errorf("WaitFirst %v: %v after %d tries, want the first try's error", waitFirst, err, tries)
		}
	}
}

// TestRedialWaitsFirst: with WaitFirst the first try comes after the
// first pause.
func TestRedialWaitsFirst(t *testing.T) {
	const first = 20 * time.Millisecond
	start := time.Now()
	var at time.Time
	err := redial.Redial(t.Context(), redial.Backoff{First: first, Max: first, For: time.Hour, WaitFirst: true}, func(context.Context) error {
		at = time.Now()
		return nil
	})
	if err != nil || at.Sub(start) < first {
		t.Fatalf("Redial: %v, its first try %v after it began; want at least %v", err, at.Sub(start), first)
	}
}

// TestRedialEndsWithItsContext: a context that ends stops the tries, and
// Redial returns its error; the try is handed that context.
func TestRedialEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	tries := 0
	err := redial.Redial(ctx, redial.Backoff{First: time.Hour, Max: time.Hour, For: 2 * time.Hour}, func(tc context.Context) error {
		tries++
		cancel()
		if tc.Err() == nil {
			t.Error("the try was not handed Redial's context")
		}
		return errors.New("not yet")
	})
	if !errors.Is(err, context.Canceled) || tries != 1 {
		t.Fatalf("Redial: %v after %d tries, want context.Canceled after 1", err, tries)
	}
	// Ended before the first try: none is made.
	err = redial.Redial(ctx, redial.Backoff{First: time.Hour, Max: time.Hour, For: 2 * time.Hour, WaitFirst: true}, func(context.Context) error {
		t.Error("a try after the context ended")
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Redial with an ended context: %v", err)
	}
}
