package bridge

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// Sizes of the codec's reading. A line is read in pieces of readChunk
// bytes into a buffer that grows only as far as the line needs, and never
// past the message limit; a buffer grown beyond keepBuffer for one large
// message is let go before the next one.
const (
	readChunk  = 64 << 10
	keepBuffer = 64 << 10
)

// Replies the codec writes itself, for input that never becomes a request.
var (
	replyTooLong  = []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"message over 4 MiB"}}` + "\n")
	replyNotJSON  = []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not JSON"}}` + "\n")
	replyBatch    = []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch requests are not supported: send one request object per line"}}` + "\n")
	msgBadRequest = "invalid request: not a JSON-RPC 2.0 request object"
)

// errTooLong ends a connection whose peer sent a line over the limit.
var errTooLong = errors.New("a message over the size limit")

// lineStream is the server's jsonrpc2.ObjectStream: one JSON object per
// line in both directions, a bounded line length, and a deadline on
// every write.
//
// jsonrpc2 closes a connection as soon as ReadObject returns an error, so
// ReadObject answers input that is not a request (not JSON, not a request
// object, a batch) itself and reads on; it returns an error only when the
// connection ends or a line is over the limit. Writes come from the
// library (under its own lock) and from ReadObject (replies of its own),
// so they are serialized here. A write that misses its deadline closes
// the connection: a peer that does not read its replies is dropped rather
// than allowed to hold anything up.
type lineStream struct {
	conn    net.Conn
	r       *bufio.Reader
	limit   int
	timeout time.Duration
	log     *log.Logger

	buf  []byte
	rerr error         // an error to return after a last line without a newline
	peak *atomic.Int64 // the largest buffer this server's streams allocated

	wmu       sync.Mutex
	closeOnce sync.Once
	closeErr  error
	// readDone is closed when ReadObject has returned its final error,
	// which is the last thing jsonrpc2's reading goroutine waits for.
	readDone chan struct{}
	doneOnce sync.Once
}

func newLineStream(conn net.Conn, limit int, timeout time.Duration, logger *log.Logger, peak *atomic.Int64) *lineStream {
	return &lineStream{
		conn:     conn,
		r:        bufio.NewReaderSize(conn, readChunk),
		limit:    limit,
		timeout:  timeout,
		log:      logger,
		peak:     peak,
		readDone: make(chan struct{}),
	}
}

// ReadObject implements jsonrpc2.ObjectStream.
func (s *lineStream) ReadObject(v any) (err error) {
	defer func() {
		if err != nil {
			s.doneOnce.Do(func() { close(s.readDone) })
		}
	}()
	for {
		line, err := s.readLine()
		if errors.Is(err, errTooLong) {
			s.log.Printf("a2term rpc: closing the connection: a line over %d bytes", s.limit)
			_ = s.write(replyTooLong)
			return err
		}
		if err != nil {
			return err
		}
		line = bytes.TrimSpace(line)
		switch {
		case len(line) == 0:
			continue
		case !json.Valid(line):
			if err := s.write(replyNotJSON); err != nil {
				return err
			}
			continue
		case line[0] == '[':
			if err := s.write(replyBatch); err != nil {
				return err
			}
			continue
		}
		if reply := decodeRequest(line, v); reply != nil {
			if err := s.write(reply); err != nil {
				return err
			}
			continue
		}
		return nil
	}
}

// decodeRequest decodes line into v, a pointer to jsonrpc2's message type,
// and returns nil; or, when line is not a JSON-RPC message, leaves v as it
// was and returns the -32600 reply to send. It decodes into a fresh value
// first because a failed decode can leave v half filled, which jsonrpc2
// would then take for a request.
func decodeRequest(line []byte, v any) []byte {
	tmp := reflect.New(reflect.TypeOf(v).Elem())
	if err := json.Unmarshal(line, tmp.Interface()); err == nil {
		reflect.ValueOf(v).Elem().Set(tmp.Elem())
		return nil
	}
	// Answer with the request's id when it has a usable one, so that
	// the caller's pending call ends.
	var idOnly struct {
		ID json.RawMessage `json:"id"`
	}
	var id jsonrpc2.ID
	if json.Unmarshal(line, &idOnly) == nil && len(idOnly.ID) > 0 && id.UnmarshalJSON(idOnly.ID) == nil {
		b, err := json.Marshal(&jsonrpc2.Response{ID: id, Error: &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: msgBadRequest}})
		if err == nil {
			return append(b, '\n')
		}
	}
	return []byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":null,"error":{"code":%d,"message":%q}}`+"\n", jsonrpc2.CodeInvalidRequest, msgBadRequest))
}

// readLine returns the next line without its newline. The returned slice
// is valid until the next call. A line longer than the limit is refused
// with errTooLong as soon as the limit is passed, before it is read in
// full or stored.
func (s *lineStream) readLine() ([]byte, error) {
	if s.rerr != nil {
		return nil, s.rerr
	}
	if cap(s.buf) > keepBuffer {
		s.buf = nil
	}
	s.buf = s.buf[:0]
	for {
		chunk, err := s.r.ReadSlice('\n')
		n := len(chunk)
		if err == nil {
			n-- // the newline is not part of the message
		}
		if len(s.buf)+n > s.limit {
			return nil, errTooLong
		}
		s.grow(n)
		s.buf = append(s.buf, chunk[:n]...)
		switch {
		case err == nil:
			return s.buf, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(s.buf) > 0:
			s.rerr = err // a last line without a newline still counts
			return s.buf, nil
		default:
			return nil, err
		}
	}
}

// grow makes room for n more bytes, doubling the buffer but never past
// the limit (the caller has checked that the line fits in it).
func (s *lineStream) grow(n int) {
	need := len(s.buf) + n
	if need <= cap(s.buf) {
		return
	}
	c := max(2*cap(s.buf), need, 4096)
	c = min(c, s.limit)
	nb := make([]byte, len(s.buf), c)
	copy(nb, s.buf)
	s.buf = nb
	for {
		p := s.peak.Load()
		if int64(c) <= p || s.peak.CompareAndSwap(p, int64(c)) {
			return
		}
	}
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *lineStream) WriteObject(obj any) error {
	b, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	return s.write(append(b, '\n'))
}

// write sends one line within the write timeout, or drops the connection.
func (s *lineStream) write(line []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if err := s.conn.SetWriteDeadline(time.Now().Add(s.timeout)); err != nil {
		s.Close()
		return err
	}
	if _, err := s.conn.Write(line); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			s.log.Printf("a2term rpc: dropping a connection: its peer read no reply for %s", s.timeout)
		}
		s.Close()
		return err
	}
	return nil
}

// Close implements jsonrpc2.ObjectStream. It may be called more than once.
func (s *lineStream) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.conn.Close() })
	return s.closeErr
}
