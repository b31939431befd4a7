package mcpserver

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/testutil"
)

// theirs is an a2term another user serves at this user's default socket,
// having created its directory first (XDG_RUNTIME_DIR unset: the
// directory is in the shared temporary directory), with a surface of its
// own so that a test can tell whether the agent reached it. The test
// then makes the directory look like theirs.
func theirs(t *testing.T) (h *hub.Hub, dir, sock string) {
	t.Helper()
	t.Setenv("A2TERM_SOCKET", "")
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", t.TempDir())
	h = hub.New(hub.Options{})
	srv, err := agentsock.Listen(h, agentsock.DefaultSocketPath(), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir = strings.TrimSuffix(srv.Path(), "/a2term.sock")
	t.Cleanup(func() {
		os.Chmod(dir, 0o700)
		os.Chown(dir, os.Getuid(), os.Getgid())
		srv.Close()
		h.Close()
	})
	if _, err := h.Show([]json.RawMessage{
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"bait","components":[{"id":"root","component":{"Text":{"text":{"literalString":"theirs"}}}}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"bait","root":"root"}}`),
	}); err != nil {
		t.Fatal(err)
	}
	// As theirs would be: a directory everyone can enter, a socket
	// everyone can connect to.
	if err := os.Chmod(dir, 0o711); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(srv.Path(), 0o666); err != nil {
		t.Fatal(err)
	}
	return h, dir, srv.Path()
}

// TestNotAttachingToAnotherUsersA2term: at a default socket whose
// directory others can enter, or that another user owns, a2term mcp does
// not attach: it says why on its log, naming the directory, and runs a
// canvas of its own; the other a2term never sees the agent's surfaces,
// nor the agent theirs. Named explicitly, that socket makes every tool
// say why it cannot be used.
func TestNotAttachingToAnotherUsersA2term(t *testing.T) {
	for _, how := range []string{"mode 0711", "another user"} {
		t.Run(how, func(t *testing.T) {
			h, dir, sock := theirs(t)
			if how == "another user" {
				if os.Getuid() != 0 {
					t.Skip("giving a directory to another user needs root; the mode is checked in the other case")
				}
				if err := os.Chown(dir, 65534, 65534); err != nil {
					t.Fatal(err)
				}
			}
			log := &testutil.SyncBuffer{}
			opts := Options{NoWeb: true, Log: log, Version: "v9.9.9-test"}
			c, err := Open(testCtx(t, 10*time.Second), opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(c.Close)
			if c.Mode() != Standalone {
				t.Fatalf("a2term mcp attached to the a2term at %s in a directory of %s:\n%s", sock, how, log.String())
			}
			// It says why in true words: that a2term answers, and was
			// never attached to.
			if l := log.String(); !strings.Contains(l, "not attaching") || !strings.Contains(l, dir) || !strings.Contains(l, how) ||
				strings.Contains(l, "does not answer") || strings.Contains(l, "attached to") {
				t.Errorf("the log does not say why it did not attach, naming %s and %q:\n%s", dir, how, l)
			}
			e := connect(t, c, c.Hub(), log, opts)
			ctx := testCtx(t, 30*time.Second)
			if res := e.call(t, ctx, "canvas_state", nil); strings.Contains(resultText(res), "bait") {
				t.Errorf("the agent reads the other a2term's canvas: %s", resultText(res))
			}
			e.call(t, ctx, "canvas_show", map[string]any{"messages": form})
			if h.Snapshot().Canvas.Surface("main") != nil {
				t.Error("the other a2term got the agent's surface")
			}

			log = &testutil.SyncBuffer{}
			opts = Options{Socket: sock, NoWeb: true, Log: log}
			named, err := Open(testCtx(t, 10*time.Second), opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(named.Close)
			n := connect(t, named, nil, log, opts)
			for tool, args := range map[string]map[string]any{"canvas_state": nil, "canvas_show": {"messages": form}} {
				res := n.call(t, ctx, tool, args)
				if !res.IsError || !strings.Contains(resultText(res), `"code":"socket_unusable"`) || !strings.Contains(summary(res), dir) || !strings.Contains(summary(res), how) {
					t.Errorf("%s on the named socket: %s", tool, resultText(res))
				}
			}
			if h.Snapshot().Canvas.Surface("main") != nil {
				t.Error("the other a2term got the agent's surface through the named socket")
			}
		})
	}
}
