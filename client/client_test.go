package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"go.uber.org/goleak"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

const guard = 30 * time.Second

func start(t *testing.T) (*hub.Hub, *agentsock.Server) {
	t.Helper()
	h := hub.New(hub.Options{})
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Close()
		h.Close()
	})
	return h, srv
}

func dial(t *testing.T, srv *agentsock.Server) *client.Client {
	t.Helper()
	c, err := client.Dial(ctxFor(t), srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	t.Cleanup(cancel)
	return ctx
}

func waitForTranscript(t *testing.T, h *hub.Hub, text string) {
	t.Helper()
	changed, cancel := h.Subscribe()
	defer cancel()
	timeout := time.NewTimer(guard)
	defer timeout.Stop()
	for {
		for _, e := range h.Snapshot().Transcript {
			if strings.Contains(e.Text, text) {
				return
			}
		}
		select {
		case <-changed:
		case <-timeout.C:
			t.Fatalf("the transcript never had %q", text)
		}
	}
}

func TestDialNamesThePath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.sock")
	_, err := client.Dial(ctxFor(t), path)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("dialing nothing: %v", err)
	}
}

func TestClientErrors(t *testing.T) {
	_, srv := start(t)
	c := dial(t, srv)
	ctx := ctxFor(t)

	// A refusal is an *a2ui.Error.
	_, err := c.Show(ctx, json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"r"}}`),
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"r","component":{"Image":{"url":{"literalString":"https://example.com/x.png"}}}}]}}`))
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeRemoteMedia || refusal.Index != 1 {
		t.Errorf("a remote image: %v", err)
	}
	if !errors.Is(err, &a2ui.Error{Code: a2ui.CodeRemoteMedia}) {
		t.Errorf("errors.Is does not match the code: %v", err)
	}
	if _, err := c.Wait(ctx, 601); !errors.Is(err, &a2ui.Error{Code: a2ui.CodeBadValue}) {
		t.Errorf("a wait over the limit: %v", err)
	}

	// Other errors are JSON-RPC errors.
	err = c.Call(ctx, "canvas.nope", nil, nil)
	var rpcErr *jsonrpc2.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.CodeMethodNotFound || rpcErr.Message != "method not found: canvas.nope" {
		t.Errorf("an unknown method: %v", err)
	}

	// An empty show is a batch of nothing.
	if res, err := c.Show(ctx); err != nil || len(res.Surfaces) != 0 {
		t.Errorf("an empty show: %+v, %v", res, err)
	}
}

func TestClientAfterClose(t *testing.T) {
	_, srv := start(t)
	c := dial(t, srv)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	if _, err := c.Info(ctxFor(t)); !errors.Is(err, client.ErrClosed) {
		t.Errorf("a call after Close: %v", err)
	}
}

// Closing the server answers a client's wait (timed out) before it
// closes the connection; the next call finds it closed.
func TestClientWaitEndsWhenTheServerCloses(t *testing.T) {
	h, srv := start(t)
	c := dial(t, srv)
	ctx := ctxFor(t)
	type result struct {
		res hub.WaitResult
		err error
	}
	done := make(chan result, 1)
	go func() {
		res, err := c.Wait(ctx, 30)
		done <- result{res, err}
	}()
	waitForTranscript(t, h, "… waiting for the person")
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if r := <-done; r.err != nil || !r.res.TimedOut || string(r.res.Action) != "null" {
		t.Errorf("the wait ended with %+v, %v", r.res, r.err)
	}
	if _, err := c.Info(ctx); !errors.Is(err, client.ErrClosed) {
		t.Errorf("a call after the server closed: %v", err)
	}
}

func TestClientAppendAndInfo(t *testing.T) {
	h, srv := start(t)
	c := dial(t, srv)
	ctx := ctxFor(t)
	if err := c.Append(ctx, hub.RoleTool, "ran \x1b[31mtests\x1b[0m"); err != nil {
		t.Fatal(err)
	}
	tr := h.Snapshot().Transcript
	if len(tr) != 1 || tr[0].Role != hub.RoleTool || tr[0].Text != "ran tests" {
		t.Errorf("transcript %+v", tr)
	}
	info, err := c.Info(ctx)
	if err != nil || info.Limits.WaitSeconds != 600 || info.Limits.QueuedActions != hub.MaxQueued || info.CatalogID == "" {
		t.Errorf("info %+v, %v", info, err)
	}
}

// A request over the server's limit comes back as the server's reason,
// not as a reset: the server reads and drops the rest of the line,
// answers, and closes the connection.
func TestClientMessageOverTheLimit(t *testing.T) {
	h, srv := start(t)
	c := dial(t, srv)
	err := c.Append(ctxFor(t), hub.RoleNote, strings.Repeat("x", agentsock.MaxRPCMessageBytes))
	var rpcErr *jsonrpc2.Error
	if !errors.Is(err, client.ErrClosed) || !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.CodeInvalidRequest || rpcErr.Message != "message over 4 MiB" {
		t.Errorf("an append over the limit: %v", err)
	}
	if _, err := c.Info(ctxFor(t)); !errors.Is(err, client.ErrClosed) {
		t.Errorf("a call after: %v", err)
	}
	if err := dial(t, srv).Append(ctxFor(t), hub.RoleNote, "still here"); err != nil || len(h.Snapshot().Transcript) != 1 {
		t.Errorf("a new connection: %v", err)
	}
}

// Concurrent calls each send their own params and get their own result:
// the client carries both by call id beside jsonrpc2.
func TestClientConcurrentCallsKeepTheirOwn(t *testing.T) {
	_, srv := start(t)
	ids := []string{"a", "b", "c", "d"}
	var batch []json.RawMessage
	for _, id := range ids {
		batch = append(batch,
			json.RawMessage(`{"beginRendering":{"surfaceId":"`+id+`","root":"r"}}`),
			json.RawMessage(`{"surfaceUpdate":{"surfaceId":"`+id+`","components":[{"id":"r","component":{"Text":{"text":{"literalString":"`+id+`"}}}}]}}`))
	}
	c := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c.Show(ctx, batch...); err != nil {
		t.Fatal(err)
	}
	// As many callers as the server runs requests of one connection.
	errs := make(chan error, agentsock.DefaultMaxInFlight)
	for g := range cap(errs) {
		go func() {
			for i := range 20 {
				id := ids[(g+i)%len(ids)]
				states, err := c.State(ctx, id)
				if err == nil && (len(states) != 1 || states[0].SurfaceID != id) {
					err = fmt.Errorf("asked for %s, got %+v", id, states)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range cap(errs) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if n := client.Calls(c); n != 0 {
		t.Errorf("%d calls still carried", n)
	}
}

// A call given up on (its ctx ended) gets no reply, and the reply that
// comes later reaches no other call and is not kept.
func TestClientReplyToAnAbandonedCallIsDropped(t *testing.T) {
	h, srv := start(t)
	c := dial(t, srv)
	ctx, cancel := context.WithCancel(ctxFor(t))
	done := make(chan error, 1)
	go func() { done <- c.Call(ctx, agentsock.MethodWait, agentsock.WaitParams{Seconds: 30}, nil) }()
	waitForTranscript(t, h, "… waiting for the person")
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the abandoned call: %v", err)
	}
	if _, err := c.Show(ctxFor(t), json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"b"}}`),
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"b","component":{"Button":{"child":"l","action":{"name":"go"}}}},{"id":"l","component":{"Text":{"text":{"literalString":"Go"}}}}]}}`)); err != nil {
		t.Fatal(err)
	}
	// The press answers the abandoned wait on the server. Once the
	// transcript says the agent took it (a second after the reply was
	// written), the next reply comes after it on the connection.
	if err := h.Press(hub.Terminal, "s", "b", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	waitForTranscript(t, h, "→ the agent took go from s")
	info, err := c.Info(ctxFor(t))
	if err != nil || info.CatalogID == "" {
		t.Errorf("the next call: %+v, %v", info, err)
	}
	if n := client.Calls(c); n != 0 {
		t.Errorf("%d calls still carried", n)
	}
}
