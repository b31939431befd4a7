package linestream_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/linestream"
)

// pair returns the two ends of a Unix socket connection.
func pair(t *testing.T) (*net.UnixConn, *net.UnixConn) {
	t.Helper()
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: filepath.Join(t.TempDir(), "s"), Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan *net.UnixConn, 1)
	go func() {
		c, _ := ln.AcceptUnix()
		accepted <- c
	}()
	near, err := net.DialUnix("unix", nil, ln.Addr().(*net.UnixAddr))
	if err != nil {
		t.Fatal(err)
	}
	far := <-accepted
	if far == nil {
		t.Fatal("accept failed")
	}
	t.Cleanup(func() {
		near.Close()
		far.Close()
	})
	return near, far
}

func send(t *testing.T, c net.Conn, s string) {
	t.Helper()
	if _, err := io.WriteString(c, s); err != nil {
		t.Fatal(err)
	}
}

// TestLines: lines come without their newline, up to the limit and not
// one byte more, whatever the read buffer's size; a last line without a
// newline counts, and EOF follows it.
func TestLines(t *testing.T) {
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: 40, WriteTimeout: time.Second, ReadBuffer: 16})
	exact := strings.Repeat("x", 39) + "\r" // a carriage return is the line's
	send(t, far, "one\n\n"+exact+"\nlast")
	far.CloseWrite()
	for _, want := range []string{"one", "", exact, "last"} {
		got, err := s.ReadLine()
		if err != nil || string(got) != want {
			t.Fatalf("ReadLine: %q, %v; want %q", got, err, want)
		}
	}
	if got, err := s.ReadLine(); !errors.Is(err, io.EOF) {
		t.Fatalf("after the last line: %q, %v; want EOF", got, err)
	}
}

// TestLineOneByteOver: a line one byte over the limit is refused.
func TestLineOneByteOver(t *testing.T) {
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: 40, WriteTimeout: time.Second, ReadBuffer: 16})
	send(t, far, strings.Repeat("x", 41)+"\n")
	if got, err := s.ReadLine(); !errors.Is(err, linestream.ErrTooLong) {
		t.Fatalf("a line of 41 bytes: %q, %v; want ErrTooLong", got, err)
	}
}

// TestLineOverTheLimit: a line over the limit is refused with the
// stream's error once what was read of it passes the limit, while its
// peer is still sending it, without waiting for its end.
func TestLineOverTheLimit(t *testing.T) {
	errMine := errors.New("mine")
	for _, tc := range []struct {
		name    string
		tooLong error
		want    error
	}{
		{"default", nil, linestream.ErrTooLong},
		{"own error", errMine, errMine},
	} {
		t.Run(tc.name, func(t *testing.T) {
			near, far := pair(t)
			s := linestream.New(near, linestream.Options{Limit: 64, WriteTimeout: time.Second, ReadBuffer: 16, TooLong: tc.tooLong})
			send(t, far, strings.Repeat("x", 2*64)) // no newline: the line goes on
			if got, err := s.ReadLine(); !errors.Is(err, tc.want) {
				t.Fatalf("a line over the limit: %q, %v; want %v", got, err, tc.want)
			}
		})
	}
}

// TestUnterminated: a stream that says so refuses a last line its peer
// cut short, rather than take it for a line.
func TestUnterminated(t *testing.T) {
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: 64, WriteTimeout: time.Second, Unterminated: io.ErrUnexpectedEOF})
	send(t, far, "whole\n{\"cut\":")
	far.CloseWrite()
	if got, err := s.ReadLine(); err != nil || string(got) != "whole" {
		t.Fatalf("ReadLine: %q, %v", got, err)
	}
	if got, err := s.ReadLine(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("a cut line: %q, %v; want io.ErrUnexpectedEOF", got, err)
	}
}

// TestSetLimit: a new limit holds from the next line.
func TestSetLimit(t *testing.T) {
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: 4, WriteTimeout: time.Second})
	send(t, far, "1234\n123456789\n")
	if got, err := s.ReadLine(); err != nil || string(got) != "1234" {
		t.Fatalf("ReadLine: %q, %v", got, err)
	}
	s.SetLimit(9)
	if s.Limit() != 9 {
		t.Fatalf("Limit() = %d after SetLimit(9)", s.Limit())
	}
	if got, err := s.ReadLine(); err != nil || string(got) != "123456789" {
		t.Fatalf("after SetLimit: %q, %v", got, err)
	}
}

// budget is a linestream.Budget of limit bytes.
type budget struct {
	limit int64
	used  atomic.Int64
}

func (b *budget) Take(n int64) bool {
	if b.used.Add(n) > b.limit {
		b.used.Add(-n)
		return false
	}
	return true
}

func (b *budget) Give(n int64) { b.used.Add(-n) }

// TestBudget: a line within the floor holds nothing of the budget; a
// longer one holds what passes the floor for as long as its taker keeps
// it, and its bytes stay as they were while the next lines are read; a
// line the budget has no room for is refused with ErrBusy.
func TestBudget(t *testing.T) {
	const floor, limit = 16, 1000
	b := &budget{limit: limit}
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: limit, WriteTimeout: time.Second, ReadBuffer: 16, Floor: floor, Budget: b})
	long := strings.Repeat("a", 600)
	send(t, far, "short\n"+long+"\n"+strings.Repeat("b", 600)+"\n")

	if got, err := s.ReadLine(); err != nil || string(got) != "short" || b.used.Load() != 0 {
		t.Fatalf("a short line: %q, %v, holding %d", got, err, b.used.Load())
	}
	got, err := s.ReadLine()
	if err != nil || string(got) != long {
		t.Fatalf("a long line: %d bytes, %v", len(got), err)
	}
	held := b.used.Load()
	if held < int64(len(long)-floor) || held > limit-floor {
		t.Fatalf("a line of %d bytes holds %d of the budget", len(long), held)
	}
	kept := s.Take()
	// The next line of 600 bytes finds no room beside the one kept.
	if _, err := s.ReadLine(); !errors.Is(err, linestream.ErrBusy) {
		t.Fatalf("a line the budget cannot hold: %v, want ErrBusy", err)
	}
	if string(got) != long {
		t.Fatal("a line taken changed when the next was read")
	}
	s.Drop()
	if b.used.Load() != held {
		t.Fatalf("after Drop the budget holds %d, want the kept line's %d", b.used.Load(), held)
	}
	kept.Release()
	kept.Release()
	if b.used.Load() != 0 {
		t.Fatalf("after Release the budget holds %d", b.used.Load())
	}
}

// TestTakeKeepsTheLine: a line taken stays as it was while the next
// lines are read, even where the stream keeps its buffer for them.
func TestTakeKeepsTheLine(t *testing.T) {
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: 64, WriteTimeout: time.Second, Floor: 64})
	send(t, far, "first\nnext\n") // the next fits in the first's buffer
	first, err := s.ReadLine()
	if err != nil {
		t.Fatal(err)
	}
	s.Take()
	if _, err := s.ReadLine(); err != nil {
		t.Fatal(err)
	}
	if string(first) != "first" {
		t.Fatalf("the line taken became %q", first)
	}
}

// TestWithoutFloor: without a floor every line has a buffer of its own,
// which the next line leaves as it was.
func TestWithoutFloor(t *testing.T) {
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: 64, WriteTimeout: time.Second})
	send(t, far, "first\nsecond\n")
	first, err := s.ReadLine()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReadLine(); err != nil {
		t.Fatal(err)
	}
	if string(first) != "first" {
		t.Fatalf("the first line became %q", first)
	}
}

// TestWriteHalfClose: a write that fails on a HalfClose stream closes
// only its writing half, so what the peer said before it closed is still
// read; on another stream it closes the connection.
func TestWriteHalfClose(t *testing.T) {
	for _, half := range []bool{true, false} {
		near, far := pair(t)
		var told error
		s := linestream.New(near, linestream.Options{
			Limit: 64, WriteTimeout: time.Second, HalfClose: half,
			WriteFailed: func(err error) { told = err },
		})
		send(t, far, "why\n")
		far.Close()
		var err error
		for err == nil { // the first write may go out before the close is seen
			err = s.Write([]byte("a request\n"))
		}
		if told != err {
			t.Errorf("WriteFailed was told %v of %v", told, err)
		}
		got, rerr := s.ReadLine()
		switch {
		case half && (rerr != nil || string(got) != "why"):
			t.Errorf("HalfClose: after a failed write, ReadLine: %q, %v; want the peer's line", got, rerr)
		case !half && !errors.Is(rerr, net.ErrClosed):
			t.Errorf("after a failed write, ReadLine: %q, %v; want net.ErrClosed", got, rerr)
		}
	}
}

// TestWriteTimeout: a peer that does not read is dropped once a write
// misses the timeout, HalfClose or not; WriteFailed is told first.
func TestWriteTimeout(t *testing.T) {
	near, _ := pair(t)
	var told error
	s := linestream.New(near, linestream.Options{
		Limit: 64, WriteTimeout: 50 * time.Millisecond, HalfClose: true,
		WriteFailed: func(err error) { told = err },
	})
	n, err := s.WriteBuffers(net.Buffers{bytes.Repeat([]byte("x"), 4<<20), []byte("\n")})
	if !errors.Is(err, os.ErrDeadlineExceeded) || !errors.Is(told, os.ErrDeadlineExceeded) {
		t.Fatalf("a write nobody reads: %v (told %v), want a deadline exceeded", err, told)
	}
	if n >= 4<<20 {
		t.Fatalf("%d bytes went out to a peer that reads nothing", n)
	}
	if _, err := s.ReadLine(); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("after the timeout, ReadLine: %v; want net.ErrClosed", err)
	}
}

// TestLinger: a stream that refused a line says why and lingers: its peer,
// still sending, reads the reply and then the end of the connection, not
// a reset; the stream closes once the peer has closed.
func TestLinger(t *testing.T) {
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: 64, WriteTimeout: time.Second, ReadBuffer: 16})
	send(t, far, strings.Repeat("x", 100))
	if _, err := s.ReadLine(); !errors.Is(err, linestream.ErrTooLong) {
		t.Fatal(err)
	}
	if err := s.Write([]byte("too long\n")); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		s.Linger(time.Minute)
		close(done)
	}()
	send(t, far, strings.Repeat("x", 30)) // the rest of the line
	r := bufio.NewReader(far)
	if line, err := r.ReadString('\n'); err != nil || line != "too long\n" {
		t.Fatalf("the peer read %q, %v", line, err)
	}
	if rest, err := r.ReadString('\n'); !errors.Is(err, io.EOF) || rest != "" {
		t.Fatalf("the peer read %q, %v after the reply; want the end", rest, err)
	}
	far.Close()
	<-done
	if err := s.Write([]byte("more\n")); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("a write after Linger: %v; want net.ErrClosed", err)
	}
}

// TestLingerStopsAtTwiceTheLimit: a peer that sends on and on is read
// up to twice the limit, then cut off, however recently it sent.
func TestLingerStopsAtTwiceTheLimit(t *testing.T) {
	near, far := pair(t)
	s := linestream.New(near, linestream.Options{Limit: 64, WriteTimeout: time.Second, ReadBuffer: 16})
	done := make(chan struct{})
	go func() {
		s.Linger(time.Hour)
		close(done)
	}()
	chunk := bytes.Repeat([]byte("x"), 64)
	sent := 0
	for {
		n, err := far.Write(chunk)
		sent += n
		if err != nil {
			break
		}
	}
	<-done
	if sent < 2*64 {
		t.Errorf("the peer was cut off after %d bytes; the stream reads twice the limit, %d", sent, 2*64)
	}
}

type marshaler struct{}

func (marshaler) MarshalJSON() ([]byte, error) { return []byte(`{"as":"it is"}`), nil }

// TestMarshal: a message that encodes itself is written as it encodes
// itself; anything else as encoding/json encodes it; an error says what
// failed.
func TestMarshal(t *testing.T) {
	if b, err := linestream.Marshal(marshaler{}); err != nil || string(b) != `{"as":"it is"}` {
		t.Errorf("Marshal(a Marshaler) = %s, %v", b, err)
	}
	if b, err := linestream.Marshal(map[string]int{"a": 1}); err != nil || string(b) != `{"a":1}` {
		t.Errorf("Marshal(a map) = %s, %v", b, err)
	}
	if _, err := linestream.Marshal(make(chan int)); err == nil || !strings.HasPrefix(err.Error(), "encoding a message: ") {
		t.Errorf("Marshal(a channel): %v", err)
	}
}
