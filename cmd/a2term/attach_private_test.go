//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
)

// TestAttachRefusesAnotherUsersDefaultDirectory: with no socket named,
// a2term attach looks in the per-user socket directory. When another
// user made it first (XDG_RUNTIME_DIR unset: it is in the shared
// temporary directory) and left it open (mode 0711: others can enter
// but not list it), attach refuses, naming the directory and what is
// wrong with it, rather than saying that no a2term runs there.
func TestAttachRefusesAnotherUsersDefaultDirectory(t *testing.T) {
	t.Setenv("A2TERM_SOCKET", "")
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", t.TempDir())
	h := hub.New(hub.Options{})
	t.Cleanup(h.Close)
	srv, err := agentsock.Listen(h, agentsock.DefaultSocketPath(), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(srv.Path())
	t.Cleanup(func() {
		os.Chmod(dir, 0o700)
		srv.Close()
	})
	if err := os.Chmod(dir, 0o711); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(srv.Path(), 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"attach", "--plain"}, strings.NewReader(""), &stdout, &stderr); code != exitRefused {
		t.Errorf("attach ended with %d, want %d", code, exitRefused)
	}
	if e := stderr.String(); !strings.Contains(e, dir) || !strings.Contains(e, "open to other users (mode 0711)") || strings.Contains(e, "no a2term runs") {
		t.Errorf("attach said:\n%s", e)
	}

	// Made by another user, closed to others: refused naming its owner.
	if os.Getuid() != 0 {
		t.Log("not root: a directory of another user is not tried")
		return
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(dir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Lchown(dir, 0, 0) })
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"attach", "--plain"}, strings.NewReader(""), &stdout, &stderr); code != exitRefused {
		t.Errorf("attach ended with %d, want %d", code, exitRefused)
	}
	if e := stderr.String(); !strings.Contains(e, dir+" belongs to another user") || !strings.Contains(e, "uid 65534") {
		t.Errorf("attach said, of another user's directory:\n%s", e)
	}
}
