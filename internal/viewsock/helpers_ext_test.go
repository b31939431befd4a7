package viewsock_test

// Fixtures the agent socket's own tests have too, for the tests here
// that attach terminals to a served hub.

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

// The fixtures shared with the other tests that serve a hub.
const guard = hubtest.Guard

var (
	raws    = hubtest.Msgs
	ctxFor  = hubtest.CtxFor
	pressOn = hubtest.Press
)

// form is surface main: a note field and two buttons whose actions carry
// the note.
var form = raws(
	`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
	`{"surfaceUpdate":{"surfaceId":"main","components":[`+
		`{"id":"root","component":{"Column":{"children":{"explicitList":["note","pay","skip"]}}}},`+
		`{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},`+
		`{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"pay","context":[{"key":"note","value":{"path":"/note"}}]}}}},`+
		`{"id":"l1","component":{"Text":{"text":{"literalString":"Pay"}}}},`+
		`{"id":"skip","component":{"Button":{"child":"l2","action":{"name":"skip"}}}},`+
		`{"id":"l2","component":{"Text":{"text":{"literalString":"Skip"}}}}]}}`,
	`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"hello"}]}}`,
)

// start serves a fresh hub on a socket in a test directory.
func start(t *testing.T, opts agentsock.ServerOptions) (*hub.Hub, *agentsock.Server) {
	t.Helper()
	h := hub.NewHub(hub.HubOptions{})
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

func dial(t *testing.T, srv *agentsock.Server) *client.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	c, err := client.Dial(ctx, srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// rawCall sends one line on a fresh connection and returns the reply line.
func rawCall(t *testing.T, srv *agentsock.Server, line string) string {
	t.Helper()
	conn, err := net.Dial("unix", srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(guard)); err != nil {
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

type userAction struct {
	UserAction struct {
		Name              string          `json:"name"`
		SurfaceID         string          `json:"surfaceId"`
		SourceComponentID string          `json:"sourceComponentId"`
		Timestamp         string          `json:"timestamp"`
		Context           json.RawMessage `json:"context"`
	} `json:"userAction"`
}

func decodeAction(t *testing.T, res hub.WaitResult) userAction {
	t.Helper()
	var a userAction
	if err := json.Unmarshal(res.Action, &a); err != nil || a.UserAction.Name == "" {
		t.Fatalf("action %s: %v", res.Action, err)
	}
	return a
}
