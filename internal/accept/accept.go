// Package accept holds the accept loop the agent socket and the view
// channel share: it hands each accepted connection on, and when accepting
// fails (out of file descriptors, most often) it waits before trying
// again, longer each time up to a second, so that a server neither gives
// up nor spins.
package accept

import (
	"context"
	"errors"
	"net"
	"time"
)

// Loop hands each connection ln accepts to serve, until ctx ends or ln is
// closed. When accepting fails it waits before trying again, from 5 ms,
// twice as long each time up to a second; the connection waits in the
// socket's backlog meanwhile. failed (if not nil) is told of each
// failure, and whether it starts a run of them; recovered (if not nil),
// when a connection is accepted again.
func Loop(ctx context.Context, ln net.Listener, serve func(net.Conn), failed func(err error, first bool), recovered func()) {
	const first = 5 * time.Millisecond
	backoff := first
	for {
		nc, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, net.ErrClosed) {
				return
			}
			if failed != nil {
				failed(err, backoff == first)
			}
			t := time.NewTimer(backoff)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return
			}
			backoff = min(2*backoff, time.Second)
			continue
		}
		if backoff != first {
			if recovered != nil {
				recovered()
			}
			backoff = first
		}
		serve(nc)
	}
}
