package tui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPty opens a pseudo-terminal: the test plays the terminal on
// master, and the program's side is at the returned path.
func openPty(t *testing.T) (master *os.File, path string) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal to test with: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	rc, err := master.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	var ioErr error
	if err := rc.Control(func(fd uintptr) {
		if ioErr = unix.IoctlSetPointerInt(int(fd), unix.TIOCSPTLCK, 0); ioErr == nil {
			n, ioErr = unix.IoctlGetInt(int(fd), unix.TIOCGPTN)
		}
	}); err != nil || ioErr != nil {
		t.Fatalf("pty: %v %v", err, ioErr)
	}
	return master, fmt.Sprintf("/dev/pts/%d", n)
}

// ptyState is the program's side of the pty, held open by the test: its
// modes, and how many bytes wait in its input.
type ptyState struct {
	t *testing.T
	f *os.File
}

func openSlave(t *testing.T, path string) *ptyState {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return &ptyState{t: t, f: f}
}

func (p *ptyState) termios() unix.Termios {
	p.t.Helper()
	rc, err := p.f.SyscallConn()
	if err != nil {
		p.t.Fatal(err)
	}
	var tio *unix.Termios
	var ioErr error
	if err := rc.Control(func(fd uintptr) { tio, ioErr = unix.IoctlGetTermios(int(fd), unix.TCGETS) }); err != nil || ioErr != nil {
		p.t.Fatalf("termios: %v %v", err, ioErr)
	}
	return *tio
}

// pending is how many bytes wait to be read on the program's side.
func (p *ptyState) pending() int {
	p.t.Helper()
	rc, err := p.f.SyscallConn()
	if err != nil {
		p.t.Fatal(err)
	}
	var n int
	var ioErr error
	if err := rc.Control(func(fd uintptr) { n, ioErr = unix.IoctlGetInt(int(fd), unix.TIOCINQ) }); err != nil || ioErr != nil {
		p.t.Fatalf("TIOCINQ: %v %v", err, ioErr)
	}
	return n
}

// noOneReads checks that, once the query returned, nothing is reading the
// terminal: a line typed now is all there for the program to read.
func noOneReads(t *testing.T, master *os.File, side *ptyState) {
	t.Helper()
	if _, err := master.WriteString("typed\n"); err != nil {
		t.Fatal(err)
	}
	if err := side.f.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 64)
	n, err := side.f.Read(got)
	if err != nil || string(got[:n]) != "typed\n" {
		t.Errorf("the program read %q, %v after the query; want the line typed, whole", got[:n], err)
	}
}

// TestQueryTerminalVersionInPty asks a pseudo-terminal played by the test:
// the query is XTVERSION then DA1, the answer's text comes back, and
// afterwards the terminal is in its modes of before, none of the answer's
// bytes is left for the program to read, and nothing else reads it.
func TestQueryTerminalVersionInPty(t *testing.T) {
	master, path := openPty(t)
	side := openSlave(t, path)
	before := side.termios()

	type result struct {
		version string
		err     error
	}
	done := make(chan result, 1)
	go func() {
		v, err := QueryTerminalVersion(path, 10*time.Second)
		done <- result{v, err}
	}()
	// The terminal reads the question whole, then answers.
	q := make([]byte, 0, len(versionQuery))
	buf := make([]byte, 64)
	for len(q) < len(versionQuery) {
		n, err := master.Read(buf)
		if err != nil {
			t.Fatalf("reading the query: %v (so far %q)", err, q)
		}
		q = append(q, buf[:n]...)
	}
	if string(q) != "\x1b[>0q\x1b[c" {
		t.Fatalf("the query is %q, want XTVERSION then DA1", q)
	}
	if raw := side.termios(); raw.Lflag&(unix.ICANON|unix.ECHO) != 0 {
		t.Errorf("the terminal is not raw while asked: lflag %#x", raw.Lflag)
	}
	if _, err := master.WriteString("\x1bP>|kitty(0.26.5)\x1b\\\x1b[?62;c"); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.err != nil || r.version != "kitty(0.26.5)" {
		t.Fatalf("QueryTerminalVersion = %q, %v; want kitty(0.26.5)", r.version, r.err)
	}
	if after := side.termios(); after != before {
		t.Errorf("the terminal's modes are not restored:\nbefore %+v\nafter  %+v", before, after)
	}
	if n := side.pending(); n != 0 {
		t.Errorf("%d bytes of the answer are left for the program", n)
	}
	noOneReads(t, master, side)
}

// TestQueryTerminalVersionSilent: a terminal that does not answer makes
// the query fail once its wait is over, with the terminal restored and
// nothing left reading it.
func TestQueryTerminalVersionSilent(t *testing.T) {
	master, path := openPty(t)
	side := openSlave(t, path)
	before := side.termios()
	// The terminal takes the question and says nothing.
	go func() { _, _ = io.Copy(io.Discard, io.LimitReader(master, int64(len(versionQuery)))) }()
	v, err := QueryTerminalVersion(path, 50*time.Millisecond)
	if err == nil {
		t.Fatalf("QueryTerminalVersion of a silent terminal = %q, nil; want an error", v)
	}
	if after := side.termios(); after != before {
		t.Errorf("the terminal's modes are not restored:\nbefore %+v\nafter  %+v", before, after)
	}
	noOneReads(t, master, side)
}

// TestQueryTerminalVersionBounded: a terminal that answers on and on,
// never answering DA1, is read no further than maxVersionReply, and the
// query gives up there rather than at its wait's end.
func TestQueryTerminalVersionBounded(t *testing.T) {
	master, path := openPty(t)
	go func() {
		q := make([]byte, len(versionQuery))
		if _, err := io.ReadFull(master, q); err != nil {
			return
		}
		_, _ = master.Write(bytes.Repeat([]byte("x"), 4*maxVersionReply))
	}()
	v, err := QueryTerminalVersion(path, 10*time.Second)
	if err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("QueryTerminalVersion of an endless answer = %q, %v; want it refused at %d bytes", v, err, maxVersionReply)
	}
}
