// Package agenttest holds the fixtures of the tests that serve a hub on
// the agent socket: a served hub (Start), the Go client dialled to it
// (Dial), one raw line and its reply (RawCall), and the action a wait
// delivered (DecodeAction). The socket's internal tests cannot import it
// (it imports the socket); its external tests and the view channel's do.
package agenttest

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// Start serves a fresh hub on a socket in a test directory.
func Start(t *testing.T, opts agentsock.ServerOptions) (*hub.Hub, *agentsock.Server) {
	t.Helper()
	h := hub.New(hub.Options{})
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
		h.Close()
	})
	return h, srv
}

// Dial connects the Go client to srv, closed at the end of the test.
func Dial(t *testing.T, srv *agentsock.Server) *client.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hubtest.Guard)
	defer cancel()
	c, err := client.Dial(ctx, srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// RawCall sends one line on a fresh connection and returns the reply line.
func RawCall(t *testing.T, srv *agentsock.Server, line string) string {
	t.Helper()
	var d net.Dialer
	conn, err := d.DialContext(t.Context(), "unix", srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(hubtest.Guard)); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Write([]byte(line + "\n")); err != nil {
		t.Fatal(err)
	}
	reply, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	return reply
}

// UserAction is a delivered action, as the agent reads it.
type UserAction struct {
	UserAction struct {
		Name              string          `json:"name"`
		SurfaceID         string          `json:"surfaceId"`
		SourceComponentID string          `json:"sourceComponentId"`
		Timestamp         string          `json:"timestamp"`
		Context           json.RawMessage `json:"context"`
	} `json:"userAction"`
}

// DecodeAction reads the action a wait delivered, failing the test if
// there is none.
func DecodeAction(t *testing.T, res hub.WaitResult) UserAction {
	t.Helper()
	var a UserAction
	if err := json.Unmarshal(res.Action, &a); err != nil || a.UserAction.Name == "" {
		t.Fatalf("action %s: %v", res.Action, err)
	}
	return a
}
