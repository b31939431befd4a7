package tmuxtest

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestServerIsTheTests: a server reads the test's configuration, not the
// user's; it is reached even from inside another tmux ($TMUX set), each
// has a name of its own, and it is gone once its test ends, its socket
// with it.
func TestServerIsTheTests(t *testing.T) {
	t.Setenv("TMUX", "/nonexistent/tmux-socket,1,0")
	var names, sockets []string
	for range 2 {
		t.Run("server", func(t *testing.T) {
			s := Start(t, "set -g @a2term-test configured")
			s.NewSession("s", 40, 5, "sh", "-c", "echo ready; exec sleep 60")
			names = append(names, s.Name())
			sockets = append(sockets, s.SocketPath())
			if _, err := os.Stat(s.SocketPath()); err != nil {
				t.Errorf("the server's socket is not where SocketPath says: %v", err)
			}
			if got := strings.TrimSpace(s.Run("show-options", "-gv", "@a2term-test")); got != "configured" {
				t.Errorf("the server's configuration says %q", got)
			}
			deadline := time.Now().Add(time.Minute)
			for !strings.Contains(s.Screen("s"), "ready") {
				if time.Now().After(deadline) {
					t.Fatalf("the pane never showed its output:\n%s", s.Screen("s"))
				}
				time.Sleep(20 * time.Millisecond)
			}
			if pid := s.PanePID("s"); pid <= 0 {
				t.Errorf("pane pid %d", pid)
			}
		})
	}
	if len(names) != 2 || names[0] == names[1] {
		t.Fatalf("server names %q", names)
	}
	for _, name := range names {
		if err := exec.Command("tmux", "-L", name, "has-session").Run(); err == nil {
			t.Errorf("server %s outlived its test", name)
		}
	}
	for _, socket := range sockets {
		if _, err := os.Stat(socket); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the socket %s outlived its test: %v", socket, err)
		}
	}
}
