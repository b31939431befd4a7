package statedir

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// ErrSocketInUse is the error (errors.Is) for a socket an a2term answers
// on, or whose journal another a2term holds: a terminal can attach to
// that one instead.
var ErrSocketInUse = errors.New("an a2term is already running there")

// ErrNotPrivate is the error (errors.Is) of a socket, or a socket
// directory, that another user made or can enter: clients do not connect
// to it and Listen does not listen in it.
var ErrNotPrivate = errors.New("not private to this user")

// notPrivate is an ErrNotPrivate that says what is wrong and what to do.
type notPrivate struct{ msg string }

func (e *notPrivate) Error() string        { return e.msg }
func (e *notPrivate) Is(target error) bool { return target == ErrNotPrivate }

// fixIt is what every refusal of a place another user may hold says to do.
const fixIt = "do not use it: remove it (as its owner, or root) or use a directory of your own (--socket PATH, A2TERM_SOCKET, or XDG_RUNTIME_DIR)"

// CheckSocket checks, before a client connects to the a2term socket at
// path, that only this user can have made it, as tmux and ssh-agent check
// theirs: its directory must be a directory (not a symbolic link) owned by
// this user that no other user can enter or write (mode 0700 or
// narrower), and the socket a socket owned by this user. Without this,
// another user who created the default socket's directory first (in a
// shared /tmp, when XDG_RUNTIME_DIR is unset) and served an a2term of
// their own in it would get the person's agent: they would read what it
// shows and press in the person's name. The error is ErrNotPrivate
// (errors.Is) and names the path, its owner and what to do; a socket or
// directory that does not exist is os.Lstat's error (os.ErrNotExist).
//
// Where files have no Unix owner (Windows), the owner is not checked: the
// kinds and the mode are, as Listen checks them.
func CheckSocket(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("a2term socket %s: %w", path, err)
	}
	if err := CheckPrivateDir(filepath.Dir(abs)); err != nil {
		return err
	}
	fi, err := os.Lstat(abs)
	if err != nil {
		return fmt.Errorf("a2term socket %s: %w", abs, err)
	}
	return CheckSocketFile(abs, fi)
}

// CheckPrivateDir checks that dir, the directory of an a2term socket, is
// a directory (not a symbolic link) of this user that no one else can
// enter: what keeps other users away from the socket. Listen checks the
// same of a directory it did not make.
func CheckPrivateDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("a2term socket directory %s: %w", dir, err)
	}
	if !fi.IsDir() {
		what := "not a directory (a symbolic link or a file)"
		if uid, ok := FileOwner(fi); ok && uid != os.Getuid() && fi.Mode()&os.ModeSymlink != 0 {
			// Made first by another user, pointing wherever they like.
			what = "not a directory but a symbolic link of another user, " + userName(uid)
		}
		return &notPrivate{fmt.Sprintf("a2term socket directory %s is %s: %s", dir, what, fixIt)}
	}
	if uid, ok := FileOwner(fi); ok && uid != os.Getuid() {
		return &notPrivate{fmt.Sprintf("a2term socket directory %s belongs to another user, %s: whoever runs an a2term there would see what your agent shows and press in your name; %s", dir, userName(uid), fixIt)}
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return &notPrivate{fmt.Sprintf("a2term socket directory %s is open to other users (mode %04o): make it 0700 (chmod 700 %s) or use another directory", dir, perm, dir)}
	}
	return nil
}

// CheckSocketFile checks that fi, the file at the socket path path, is a
// socket of this user.
func CheckSocketFile(path string, fi os.FileInfo) error {
	if fi.Mode().Type() != os.ModeSocket {
		return fmt.Errorf("a2term socket %s: the path exists and is not a socket; remove it or use another path", path)
	}
	if uid, ok := FileOwner(fi); ok && uid != os.Getuid() {
		return &notPrivate{fmt.Sprintf("a2term socket %s belongs to another user, %s: it would see what your agent shows and press in your name; %s", path, userName(uid), fixIt)}
	}
	return nil
}

// userName names the user uid: "name (uid N)", or "uid N" when the name
// does not resolve.
func userName(uid int) string {
	id := strconv.Itoa(uid)
	if u, err := user.LookupId(id); err == nil && u.Username != "" {
		return u.Username + " (uid " + id + ")"
	}
	return "uid " + id
}

// RemoveStale removes a socket file no process answers on. It refuses to
// touch anything that is not a socket, or a socket that answers.
func RemoveStale(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("a2term socket %s: %w", path, err)
	}
	if fi.Mode().Type() != os.ModeSocket {
		return fmt.Errorf("a2term socket %s: the path exists and is not a socket; remove it or use another path", path)
	}
	d := net.Dialer{Timeout: time.Second}
	c, err := d.DialContext(context.Background(), "unix", path)
	if err == nil {
		c.Close()
		return fmt.Errorf("a2term socket %s: %w", path, ErrSocketInUse)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("a2term socket %s: cannot tell whether an a2term is running there: %w", path, err)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("a2term socket %s: removing a stale socket: %w", path, err)
	}
	return nil
}
