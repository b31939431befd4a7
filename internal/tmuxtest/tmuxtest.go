// Package tmuxtest runs tmux for the tests that drive a real terminal.
//
// Each Server is a tmux server of one test's own: tmux -L with a socket
// name no other test uses, and -f a configuration file the test wrote, so
// that neither the user's default tmux server (its sessions, its options,
// its paste buffers) nor the user's tmux configuration ever takes part in
// a test, and a test never touches them. The server is killed when the
// test ends, and its socket removed (tmux leaves it behind).
package tmuxtest

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// servers numbers the servers of this test binary; with its pid, the
// number makes each server's socket name unique.
var servers atomic.Int64

// Server is a tmux server of one test's own. It starts with its first
// session (NewSession) and ends when its last session does, or with
// the test.
type Server struct {
	t      testing.TB
	name   string
	conf   string
	socket string
}

// Start returns a server for t whose configuration is the tmux commands
// config, one a line; it skips t when tmux is not installed.
func Start(t testing.TB, config ...string) *Server {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed; the tests of a real terminal need it (CI installs it)")
	}
	conf := filepath.Join(t.TempDir(), "tmux.conf")
	if err := os.WriteFile(conf, []byte(strings.Join(config, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("a2term-test-%d-%d", os.Getpid(), servers.Add(1))
	s := &Server{
		t: t, name: name, conf: conf,
		socket: filepath.Join(cmp.Or(os.Getenv("TMUX_TMPDIR"), "/tmp"), fmt.Sprintf("tmux-%d", os.Getuid()), name),
	}
	t.Cleanup(func() {
		_ = s.Command("kill-server").Run()
		_ = os.Remove(s.socket)
	})
	return s
}

// SocketPath is where tmux puts the server's socket: tmux-UID in
// $TMUX_TMPDIR (as it was when the server was made), else in /tmp, named
// after the server.
func (s *Server) SocketPath() string { return s.socket }

// Name is the server's socket name (tmux -L).
func (s *Server) Name() string { return s.name }

// Command is tmux running args on the server. Its environment is the
// test's, without what would point tmux at another server ($TMUX, when
// the tests run inside tmux), and with TERM=xterm-256color: the terminal
// the panes are drawn for, whatever the tests run in.
func (s *Server) Command(args ...string) *exec.Cmd {
	cmd := exec.Command("tmux", append([]string{"-L", s.name, "-f", s.conf}, args...)...) //nolint:gosec,noctx // the test's own tmux, run to completion
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "TMUX" && k != "TMUX_PANE" && k != "TERM" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "TERM=xterm-256color")
	return cmd
}

// Run runs args on the server and returns what tmux printed; the test
// fails when tmux does.
func (s *Server) Run(args ...string) string {
	s.t.Helper()
	out, err := s.Command(args...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// NewSession starts a detached session named session, of w columns and
// h rows, whose one pane runs command.
func (s *Server) NewSession(session string, w, h int, command ...string) {
	s.t.Helper()
	s.Run(append([]string{"new-session", "-d", "-s", session, "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "--"}, command...)...)
}

// Screen is what pane target shows, one line a row.
func (s *Server) Screen(target string) string {
	s.t.Helper()
	return s.Run("capture-pane", "-p", "-t", target)
}

// Keys sends keys to pane target, as tmux send-keys names them.
func (s *Server) Keys(target string, keys ...string) {
	s.t.Helper()
	s.Run(append([]string{"send-keys", "-t", target}, keys...)...)
}

// PanePID is the process id of the command pane target runs.
func (s *Server) PanePID(target string) int {
	s.t.Helper()
	out := s.Run("display-message", "-p", "-t", target, "#{pane_pid}")
	pid, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		s.t.Fatalf("pane pid %q: %v", out, err)
	}
	return pid
}
