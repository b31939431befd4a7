package linestream

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// defaultReadBuffer is the size of the buffer a connection is read
// through when Options.ReadBuffer does not say.
const defaultReadBuffer = 64 << 10

var (
	// ErrTooLong is what ReadLine returns for a line over the limit,
	// unless Options.TooLong names another error.
	ErrTooLong = errors.New("a line over the size limit")
	// ErrBusy is what ReadLine returns for a line that Options.Budget
	// has no room for.
	ErrBusy = errors.New("no room for an unfinished line")
)

// Budget counts the bytes that the line buffers of several streams hold
// beyond their floor (a server's connections), and refuses to let them
// pass a limit of its own. It must be safe for concurrent use.
type Budget interface {
	// Take reserves n bytes, or reports that they would pass the limit.
	Take(n int64) bool
	// Give gives back n bytes that Take reserved.
	Give(n int64)
}

// Options set up a Stream. Limit and WriteTimeout are the stream's
// bounds; the others say how it differs from a plain bounded stream.
type Options struct {
	// Limit bounds a line, not counting its newline. A longer line is
	// refused as soon as the limit is passed, before it is read in full
	// or stored. SetLimit changes it between lines.
	Limit int
	// WriteTimeout bounds each write: a peer that does not read what it
	// is sent within it is dropped rather than allowed to hold the writer
	// up.
	WriteTimeout time.Duration

	// ReadBuffer is the size of the buffer the connection is read
	// through; zero means 64 KiB.
	ReadBuffer int
	// Floor is what a line buffer may hold and still be kept for the
	// next line; a larger one draws on Budget beyond Floor, and is let go
	// once its line is read. Zero keeps none: every line is read into a
	// buffer of its own, which the caller may keep.
	Floor int
	// Budget, when set, is drawn on by line buffers beyond Floor; a line
	// it has no room for is refused with ErrBusy.
	Budget Budget

	// TooLong is the error for a line over the limit; nil means
	// ErrTooLong.
	TooLong error
	// Unterminated is the error for a last line that the peer ended
	// without its newline. Nil: that line counts as a line, and io.EOF
	// follows it.
	Unterminated error
	// HalfClose has a write that fails close only the connection's
	// writing half, so that what the peer said before it closed its end
	// can still be read; a write that timed out (the peer is not reading)
	// closes the connection all the same. Else a failed write closes it.
	HalfClose bool
	// WriteFailed, when set, is told of a write that failed, before the
	// connection ends: a log line written then comes before anything the
	// peer can see of the end.
	WriteFailed func(err error)
}

// Stream is one connection read and written as lines: JSON-RPC's
// messages, one JSON object per line. It is safe for one reader and any
// number of writers at once; Drop and Linger are the reader's.
type Stream struct {
	conn         net.Conn
	r            *bufio.Reader
	limit        atomic.Int64
	floor        int
	budget       Budget
	timeout      time.Duration
	tooLong      error
	unterminated error
	halfClose    bool
	writeFailed  func(error)

	buf  []byte // the line being read, or the last one read
	held int64  // what buf holds of the budget
	rerr error  // an error to return after a last line without a newline

	wmu       sync.Mutex // one write at a time
	closeOnce sync.Once
	closeErr  error
}

// New returns a stream over conn.
func New(conn net.Conn, o Options) *Stream {
	size := o.ReadBuffer
	if size <= 0 {
		size = defaultReadBuffer
	}
	s := &Stream{
		conn:         conn,
		r:            bufio.NewReaderSize(conn, size),
		floor:        o.Floor,
		budget:       o.Budget,
		timeout:      o.WriteTimeout,
		tooLong:      o.TooLong,
		unterminated: o.Unterminated,
		halfClose:    o.HalfClose,
		writeFailed:  o.WriteFailed,
	}
	if s.tooLong == nil {
		s.tooLong = ErrTooLong
	}
	s.limit.Store(int64(o.Limit))
	return s
}

// Limit returns the bound on a line.
func (s *Stream) Limit() int { return int(s.limit.Load()) }

// SetLimit changes the bound on a line, from the next line on: a
// connection may be allowed more once it has said who it is.
func (s *Stream) SetLimit(n int) { s.limit.Store(int64(n)) }

// ReadLine returns the next line, without its newline. The line is in
// the stream's buffer, which the next ReadLine reuses when it is within
// the floor: Take hands it over. A line over the limit is refused with
// the TooLong error, one the budget has no room for with ErrBusy; after
// either, the stream can only be closed (or made to Linger). An error of
// the connection is returned as it is (io.EOF at the peer's end, which
// jsonrpc2 compares as it is).
func (s *Stream) ReadLine() ([]byte, error) {
	if s.rerr != nil {
		return nil, s.rerr
	}
	if cap(s.buf) > s.floor {
		s.Drop()
	}
	s.buf = s.buf[:0]
	limit := s.Limit()
	for {
		chunk, err := s.r.ReadSlice('\n')
		n := len(chunk)
		if err == nil {
			n-- // the newline is not part of the line
		}
		if len(s.buf)+n > limit {
			return nil, s.tooLong
		}
		if !s.grow(n, err == nil, limit) {
			return nil, ErrBusy
		}
		s.buf = append(s.buf, chunk[:n]...)
		switch {
		case err == nil:
			return s.buf, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(s.buf) > 0:
			if s.unterminated != nil {
				return nil, s.unterminated
			}
			s.rerr = err // a last line without a newline still counts
			return s.buf, nil
		default:
			return nil, err //nolint:wrapcheck // jsonrpc2 reads io.EOF as the peer's end, compared as it is
		}
	}
}

// grow makes room for n more bytes: exactly as many for a line that
// arrived whole, else doubling the buffer, never past limit (the caller
// has checked that the line fits in it). It reports false when the
// budget has no room for the growth.
func (s *Stream) grow(n int, whole bool, limit int) bool {
	need := len(s.buf) + n
	if need <= cap(s.buf) {
		return true
	}
	c := need
	if !whole || len(s.buf) > 0 {
		c = max(2*cap(s.buf), need, 4096)
	}
	c = min(c, limit)
	if s.budget != nil {
		held := max(int64(c-s.floor), 0)
		if held > s.held {
			if !s.budget.Take(held - s.held) {
				return false
			}
			s.held = held
		}
	}
	nb := make([]byte, len(s.buf), c)
	copy(nb, s.buf)
	s.buf = nb
	return true
}

// Line is what a line that Take handed over holds of the budget, until
// it is released.
type Line struct {
	held   int64
	budget Budget
}

// Release gives back what the line held of the budget. It may be called
// more than once.
func (l *Line) Release() {
	if l.held > 0 {
		l.budget.Give(l.held)
		l.held = 0
	}
}

// Take hands the line ReadLine returned last over to the caller, who
// may keep it, with its share of the budget until Line.Release; the next
// line is read into a buffer of its own. This is how a request's params
// reach its handler as a slice of the line, never copied.
func (s *Stream) Take() Line {
	l := Line{held: s.held, budget: s.budget}
	s.buf, s.held = nil, 0
	return l
}

// Drop lets go of the line buffer and what it holds of the budget. It
// is the reader's: it runs between lines, or once reading is done.
func (s *Stream) Drop() {
	if s.held > 0 {
		s.budget.Give(s.held)
	}
	s.buf, s.held = nil, 0
}

// Write writes line, one or more whole lines with their newlines, within
// the write timeout. A write that fails ends the connection (see
// Options.HalfClose); its error is the connection's, as it is.
func (s *Stream) Write(line []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if err := s.deadline(); err != nil {
		return err
	}
	_, err := s.conn.Write(line)
	return s.failed(err)
}

// WriteBuffers is Write for a line in pieces, written with one writev
// where the connection can, so that a large piece (a request's params)
// is never copied into the line. It returns how many bytes went out: a
// request of which any did may have reached the peer.
func (s *Stream) WriteBuffers(line net.Buffers) (int64, error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if err := s.deadline(); err != nil {
		return 0, err
	}
	n, err := line.WriteTo(s.conn)
	return n, s.failed(err)
}

// deadline sets the deadline of the next write, or closes a connection
// that cannot have one (it is closed already).
func (s *Stream) deadline() error {
	if err := s.conn.SetWriteDeadline(time.Now().Add(s.timeout)); err != nil {
		s.Close()
		return err //nolint:wrapcheck // the caller says which stream failed
	}
	return nil
}

// failed ends the connection after a write that returned err, if any: a
// line cut short leaves nothing more to send.
func (s *Stream) failed(err error) error {
	if err == nil {
		return nil
	}
	if s.writeFailed != nil {
		s.writeFailed(err)
	}
	cw, ok := s.conn.(interface{ CloseWrite() error })
	if ok && s.halfClose && !errors.Is(err, os.ErrDeadlineExceeded) {
		_ = cw.CloseWrite()
	} else {
		s.Close()
	}
	return err
}

// Linger ends the stream without a reset, once the peer has been told
// why: it stops writing, reads and drops what the peer still sends until
// the peer closes, sends nothing for quiet, or has sent twice the limit
// more, and closes. A slow peer finishing its line is not cut off; one
// that sends on and on is. It is the reader's.
func (s *Stream) Linger(quiet time.Duration) {
	if cw, ok := s.conn.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	most := 2 * s.Limit()
	for dropped := 0; dropped < most; {
		if s.conn.SetReadDeadline(time.Now().Add(quiet)) != nil {
			break
		}
		n, err := io.CopyN(io.Discard, s.r, int64(s.r.Size()))
		dropped += int(n)
		if err != nil {
			break
		}
	}
	s.Close()
}

// Close closes the connection. It may be called more than once, and
// returns what the first close returned.
func (s *Stream) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.conn.Close() })
	return s.closeErr
}

// Marshal encodes obj, a message jsonrpc2 writes, for a line: by its own
// MarshalJSON when it has one (jsonrpc2's messages encode themselves with
// encoding/json, so their JSON is already compact and checked, and
// encoding/json would check and copy it once more), else with
// encoding/json.
func Marshal(obj any) (b []byte, err error) {
	if m, ok := obj.(json.Marshaler); ok {
		b, err = m.MarshalJSON()
	} else {
		b, err = json.Marshal(obj)
	}
	if err != nil {
		return nil, fmt.Errorf("encoding a message: %w", err)
	}
	return b, nil
}
