package viewsock

import (
	"context"
	"errors"
	"net"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// closedStream is a connection closed while a call was being written: its
// writes fail as a closed socket's do, and nothing ever comes to read.
type closedStream struct{ done chan struct{} }

func (closedStream) WriteObject(any) error {
	return &net.OpError{Op: "write", Net: "unix", Err: net.ErrClosed}
}

func (s closedStream) ReadObject(any) error {
	<-s.done
	return jsonrpc2.ErrClosed
}

func (s closedStream) Close() error {
	select {
	case <-s.done:
	default:
		close(s.done)
	}
	return nil
}

// TestIntentOnAClosedConnectionIsNotAttached: an intent whose write finds
// the connection to the hub closed says the intent was not sent, as one
// sent after the connection went does, not the socket's own words.
func TestIntentOnAClosedConnectionIsNotAttached(t *testing.T) {
	conn := jsonrpc2.NewConn(context.Background(), closedStream{done: make(chan struct{})}, jsonrpc2.HandlerWithError(
		func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) { return nil, nil }))
	defer conn.Close()
	r := &RemoteView{conn: conn}
	if err := r.SetValue("terminal", "s", "n", "x"); !errors.Is(err, ErrNotAttached) {
		t.Errorf("the intent failed with %v, want %v", err, ErrNotAttached)
	}
}
