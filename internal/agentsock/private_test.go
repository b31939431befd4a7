package agentsock_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/statedir"
	"github.com/a2term/a2term/internal/viewsock"
)

// theirUID is the user the root-only tests give a directory or a socket
// to: nobody.
const theirUID = 65534

// squatted serves an a2term in a directory of its own, as another user
// who created the default socket's directory first would: the test then
// makes the directory or the socket look like theirs.
func squatted(t *testing.T) (dir, sock string) {
	t.Helper()
	h := hub.New(hub.Options{})
	dir = filepath.Join(t.TempDir(), "a2term")
	srv, err := agentsock.Listen(h, filepath.Join(dir, "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	views, err := viewsock.ListenViews(h, srv.Path(), viewsock.ViewOptions{})
	if err != nil {
		srv.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.Chmod(dir, 0o700)
		views.Close()
		srv.Close()
		h.Close()
	})
	return dir, srv.Path()
}

// refusedEverywhere checks that the agents' client and an attaching
// terminal both refuse the a2term at sock, each with an error that is
// ErrNotPrivate and says every one of want.
func refusedEverywhere(t *testing.T, sock string, want ...string) {
	t.Helper()
	ctx := ctxFor(t)
	if c, err := client.Dial(ctx, sock); err == nil {
		c.Close()
		t.Errorf("the client connected to %s", sock)
	} else if !errors.Is(err, statedir.ErrNotPrivate) || !containsAll(err.Error(), want) {
		t.Errorf("the client's refusal %q is not ErrNotPrivate or does not say %q", err, want)
	}
	if v, err := viewsock.Attach(ctx, sock, viewsock.AttachOptions{Reconnect: -1}); err == nil {
		v.Close()
		t.Errorf("a terminal attached to %s", sock)
	} else if !errors.Is(err, statedir.ErrNotPrivate) || !containsAll(err.Error(), want) {
		t.Errorf("attach's refusal %q is not ErrNotPrivate or does not say %q", err, want)
	}
}

// connects checks that the client and a terminal connect to sock again.
func connects(t *testing.T, sock string) {
	t.Helper()
	ctx := ctxFor(t)
	c, err := client.Dial(ctx, sock)
	if err != nil {
		t.Fatalf("the client no longer connects to a private socket: %v", err)
	}
	c.Close()
	v, err := viewsock.Attach(ctx, sock, viewsock.AttachOptions{Reconnect: -1})
	if err != nil {
		t.Fatalf("a terminal no longer attaches to a private socket: %v", err)
	}
	v.Close()
}

func containsAll(s string, want []string) bool {
	for _, w := range want {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

// TestClientsRefuseADirectoryOthersCanEnter: a directory another user can
// enter (mode 0711, as another user's own would be, its socket 0666) is
// refused by every client, naming the directory and its mode.
func TestClientsRefuseADirectoryOthersCanEnter(t *testing.T) {
	dir, sock := squatted(t)
	for _, mode := range []os.FileMode{0o711, 0o750, 0o707} {
		if err := os.Chmod(dir, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(sock, 0o666); err != nil {
			t.Fatal(err)
		}
		refusedEverywhere(t, sock, dir, "open to other users", fmt.Sprintf("mode %04o", mode))
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	connects(t, sock)
}

// TestClientsRefuseADirectoryBehindALink: a socket directory that is a
// symbolic link (to a private directory) is refused: whoever owns the
// link's directory could point it elsewhere.
func TestClientsRefuseADirectoryBehindALink(t *testing.T) {
	dir, sock := squatted(t)
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	refusedEverywhere(t, filepath.Join(link, filepath.Base(sock)), link, "not a directory")
	if os.Getuid() != 0 {
		return
	}
	// Another user's link (they made it first, pointing at their own
	// directory) is refused naming them.
	if err := os.Lchown(link, theirUID, theirUID); err != nil {
		t.Fatal(err)
	}
	refusedEverywhere(t, filepath.Join(link, filepath.Base(sock)), link, "a symbolic link of another user, "+theirName())
}

// theirName is how a refusal names theirUID.
func theirName() string {
	if u, err := user.LookupId(strconv.Itoa(theirUID)); err == nil {
		return u.Username + " (uid " + strconv.Itoa(theirUID) + ")"
	}
	return "uid " + strconv.Itoa(theirUID)
}

// TestClientsRefuseAnotherUsersSocket: a directory or a socket of
// another user is refused, naming the owner, even when nothing else is
// wrong (mode 0700, 0600).
func TestClientsRefuseAnotherUsersSocket(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("giving a directory or a socket to another user needs root; the mode checks run in TestClientsRefuseADirectoryOthersCanEnter")
	}
	dir, sock := squatted(t)
	view, _ := viewsock.ViewPaths(sock)
	owner := "uid 65534"
	if u, err := user.LookupId("65534"); err == nil {
		owner = u.Username + " (uid 65534)"
	}

	if err := os.Chown(dir, theirUID, theirUID); err != nil {
		t.Fatal(err)
	}
	refusedEverywhere(t, sock, dir, "belongs to another user", owner)
	if err := os.Chown(dir, 0, 0); err != nil {
		t.Fatal(err)
	}

	for _, s := range []string{sock, view} {
		if err := os.Lchown(s, theirUID, theirUID); err != nil {
			t.Fatal(err)
		}
	}
	refusedEverywhere(t, sock, "belongs to another user", owner)
	for _, s := range []string{sock, view} {
		if err := os.Lchown(s, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	connects(t, sock)
}

// TestCheckSocketWhatIsMissing: a socket that is not there is os.Lstat's
// error, not a refusal, so that a client can tell "no a2term here" from
// "someone else's a2term here".
func TestCheckSocketWhatIsMissing(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	err := statedir.CheckSocket(filepath.Join(dir, "a2term.sock"))
	if !errors.Is(err, os.ErrNotExist) || errors.Is(err, statedir.ErrNotPrivate) {
		t.Errorf("no socket: %v", err)
	}
	if err := statedir.CheckSocket(filepath.Join(dir, "none", "a2term.sock")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no directory: %v", err)
	}
	file := filepath.Join(dir, "a2term.sock")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := statedir.CheckSocket(file); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Errorf("a file: %v", err)
	}
	if _, err := client.Dial(context.Background(), file); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Errorf("the client on a file: %v", err)
	}
}
