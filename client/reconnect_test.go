package client_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
)

// dropper is a server that answers every request with an empty result,
// but for the requests numbered in drop (from 0, counting every request
// it reads), whose connection it closes without a reply. It records the
// methods it read.
type dropper struct {
	mu      sync.Mutex
	drop    map[int]bool
	methods []string
}

func (d *dropper) serve(ln net.Listener) {
	for {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer nc.Close()
			r := bufio.NewReader(nc)
			for {
				line, err := r.ReadBytes('\n')
				if err != nil {
					return
				}
				var req struct {
					ID     json.RawMessage `json:"id"`
					Method string          `json:"method"`
				}
				_ = json.Unmarshal(line, &req)
				d.mu.Lock()
				drop := d.drop[len(d.methods)]
				d.methods = append(d.methods, req.Method)
				d.mu.Unlock()
				if drop {
					return
				}
				nc.Write([]byte(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{}}` + "\n"))
			}
		}()
	}
}

func (d *dropper) read() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return strings.Join(d.methods, " ")
}

// TestReconnectSendsAgainOnlyWhatIsHarmless: with Reconnect, a call whose
// connection is lost after it was sent is sent again on a new connection
// when twice does no harm (canvas.info, canvas.wait), and returns
// ErrReconnected otherwise (canvas.show: sent once); the next call goes
// on the new connection. Without Reconnect the loss is ErrClosed.
func TestReconnectSendsAgainOnlyWhatIsHarmless(t *testing.T) {
	// A directory only this user can enter, as an a2term's is: the
	// client connects into no other.
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "a.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	d := &dropper{drop: map[int]bool{0: true, 2: true, 4: true, 6: true}}
	go d.serve(ln)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	c, err := client.Dial(ctx, sock, client.Reconnect(10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Info(ctx); err != nil {
		t.Errorf("info, sent again: %v", err)
	}
	if _, err := c.Wait(ctx, 1); err != nil {
		t.Errorf("wait, sent again: %v", err)
	}
	if _, err := c.Show(ctx, json.RawMessage(`{"deleteSurface":{"surfaceId":"x"}}`)); !errors.Is(err, client.ErrReconnected) {
		t.Errorf("show whose connection was lost after it was sent: %v, want ErrReconnected", err)
	}
	if _, err := c.Info(ctx); err != nil {
		t.Errorf("the next call: %v", err)
	}
	if got, want := d.read(), "canvas.info canvas.info canvas.wait canvas.wait canvas.show canvas.info"; got != want {
		t.Errorf("the server read %q, want %q", got, want)
	}

	plain, err := client.Dial(ctx, sock)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if _, err := plain.Info(ctx); !errors.Is(err, client.ErrClosed) {
		t.Errorf("without Reconnect: %v, want ErrClosed", err)
	}
}

// TestOnNewCanvas: a Client dialled with Reconnect and OnNewCanvas calls
// the hook when the a2term it connects again to has a new, empty canvas
// (another canvas id), and the hook's show reaches that canvas before
// the call that found the connection lost goes on; an a2term restored
// from its journal (the same canvas id) calls no hook.
func TestOnNewCanvas(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "run", "a2term.sock")
	journal := filepath.Join(dir, "a2term.journal")
	form := json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"form","catalogId":"` + a2ui.BasicCatalogV09ID + `"}}`)
	// serve starts a hub at sock, keeping its journal when asked.
	serve := func(keep bool) (*hub.Hub, *agentsock.Server) {
		t.Helper()
		h := hub.New(hub.Options{})
		if keep {
			if _, err := h.UseJournal(journal); err != nil {
				t.Fatal(err)
			}
		}
		srv, err := agentsock.Listen(h, sock, agentsock.ServerOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return h, srv
	}
	stop := func(h *hub.Hub, srv *agentsock.Server) {
		srv.Close()
		h.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	h, srv := serve(true)
	var mu sync.Mutex
	var seen []string // the canvas ids the hook ran for
	c, err := client.Dial(ctx, sock, client.Reconnect(30*time.Second), client.OnNewCanvas(func(ctx context.Context, c *client.Client) error {
		info, err := c.Info(ctx)
		if err != nil {
			return err
		}
		mu.Lock()
		seen = append(seen, info.CanvasID)
		mu.Unlock()
		_, err = c.Show(ctx, form)
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Show(ctx, form); err != nil {
		t.Fatal(err)
	}
	first := h.CanvasID()
	hooked := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}

	// Restored: the same canvas, no hook.
	stop(h, srv)
	h, srv = serve(true)
	if info, err := c.Info(ctx); err != nil || info.CanvasID != first || !info.Restored {
		t.Fatalf("after a restore: %+v, %v", info, err)
	}
	if got := hooked(); len(got) != 0 {
		t.Errorf("the hook ran for a restored canvas: %q", got)
	}

	// New: the hook shows the form again before the wait goes on.
	stop(h, srv)
	h, srv = serve(false)
	defer stop(h, srv)
	res, err := c.Wait(ctx, 0)
	if err != nil || !res.TimedOut {
		t.Fatalf("wait on the new canvas: %+v, %v", res, err)
	}
	if got := hooked(); len(got) != 1 || got[0] != h.CanvasID() || got[0] == first {
		t.Errorf("the hook ran for %q; the new canvas is %s, the first %s", got, h.CanvasID(), first)
	}
	if h.Snapshot().Canvas.Surface("form") == nil {
		t.Error("the hook's form is not on the new canvas")
	}
	// The same new canvas on the next calls: no hook again.
	if _, err := c.Info(ctx); err != nil {
		t.Fatal(err)
	}
	if got := hooked(); len(got) != 1 {
		t.Errorf("the hook ran again: %q", got)
	}
}

// evicter is a server whose first connection, after answering one
// request, is closed as idle to make room (agentsock.CodeIdle) when the test
// says so; every later connection is served as usual.
type evicter struct {
	evict chan struct{}
	mu    sync.Mutex
	conns int
}

func (e *evicter) serve(ln net.Listener) {
	for {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		e.mu.Lock()
		e.conns++
		first := e.conns == 1
		e.mu.Unlock()
		go func() {
			defer nc.Close()
			r := bufio.NewReader(nc)
			for {
				line, err := r.ReadBytes('\n')
				if err != nil {
					return
				}
				var req struct {
					ID json.RawMessage `json:"id"`
				}
				_ = json.Unmarshal(line, &req)
				nc.Write([]byte(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{}}` + "\n"))
				if first {
					<-e.evict
					fmt.Fprintf(nc, `{"id":null,"error":{"code":%d,"message":"closed to make room"},"jsonrpc":"2.0"}`+"\n", agentsock.CodeIdle)
					return
				}
			}
		}()
	}
}

// TestReconnectAfterAnIdleClose: an a2term that closes an idle connection
// to make room for another says so (agentsock.CodeIdle); a Client dialled
// with Reconnect connects again on its next call, and one without it
// returns ErrClosed with the server's reason.
func TestReconnectAfterAnIdleClose(t *testing.T) {
	for _, reconnect := range []bool{true, false} {
		// A directory only this user can enter, as an a2term's is.
		dir := t.TempDir()
		if err := os.Chmod(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		sock := filepath.Join(dir, "a.sock")
		ln, err := net.Listen("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		e := &evicter{evict: make(chan struct{})}
		go e.serve(ln)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		var opts []client.Option
		if reconnect {
			opts = append(opts, client.Reconnect(10*time.Second))
		}
		c, err := client.Dial(ctx, sock, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Info(ctx); err != nil {
			t.Fatal(err)
		}
		close(e.evict) // the agent thinks; another connection needs the place
		_, err = c.Info(ctx)
		var reason *jsonrpc2.Error
		switch {
		case reconnect && err != nil:
			t.Errorf("with Reconnect, the call after an idle close: %v", err)
		case !reconnect && (!errors.Is(err, client.ErrClosed) || !errors.As(err, &reason) || reason.Code != client.CodeIdle):
			t.Errorf("without Reconnect, the call after an idle close: %v, want ErrClosed with code %d", err, agentsock.CodeIdle)
		}
		e.mu.Lock()
		if want := map[bool]int{true: 2, false: 1}[reconnect]; e.conns != want {
			t.Errorf("reconnect %v: %d connections, want %d", reconnect, e.conns, want)
		}
		e.mu.Unlock()
		c.Close()
		ln.Close()
		cancel()
	}
}
