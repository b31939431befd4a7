package client_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/bridge/client"
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
	sock := filepath.Join(t.TempDir(), "a.sock")
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
