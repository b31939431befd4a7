package agentsock

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/a2term/a2term/internal/linestream"
	"github.com/a2term/a2term/internal/logclean"
	"github.com/a2term/a2term/internal/wire"
)

// Sizes of the codec's reading. A connection reads through a buffer of
// readChunk bytes into a line buffer that grows only as far as the line
// needs, never past the message limit. The first lineFloor bytes of every
// line buffer are the connection's own; beyond them a line buffer draws on
// the server's budget of MaxRPCHeldBytes, shared by every connection.
const (
	readChunk = 16 << 10
	lineFloor = 16 << 10
)

// A connection being closed for a line it cannot take goes on reading
// (and dropping) what its peer still sends, so that the peer reads the
// reply that says why instead of a reset: as long as the peer keeps
// sending, up to twice the message limit more, and until it has sent
// nothing for lingerTimeout. A slow peer finishing its line is not cut
// off; one that sends on and on is.
const lingerTimeout = 5 * time.Second

// Replies the codec writes itself, for input that never becomes a request.
var (
	replyTooLong = []byte(`{"id":null,"error":{"code":-32600,"message":"message over 4 MiB"},"jsonrpc":"2.0"}` + "\n")
	replyNotJSON = []byte(`{"id":null,"error":{"code":-32700,"message":"parse error: the line is not JSON"},"jsonrpc":"2.0"}` + "\n")
	replyBatch   = []byte(`{"id":null,"error":{"code":-32600,"message":"batch requests are not supported: send one request object per line"},"jsonrpc":"2.0"}` + "\n")
	replyBusy    = []byte(fmt.Sprintf(`{"id":null,"error":{"code":%d,"message":"a2term is holding too many unfinished messages (%d MiB across all connections); send it again later"},"jsonrpc":"2.0"}`+"\n",
		CodeBusy, MaxRPCHeldBytes>>20))
)

// budget counts the bytes that line buffers hold beyond their floor,
// across every connection of a server, and refuses to let them pass its
// limit (a linestream.Budget).
type budget struct {
	limit int64
	used  atomic.Int64
	peak  atomic.Int64 // the most ever held at once (tests)
}

// Take reserves n bytes, or reports that they would pass the limit.
func (b *budget) Take(n int64) bool {
	for {
		u := b.used.Load()
		if u+n > b.limit {
			return false
		}
		if b.used.CompareAndSwap(u, u+n) {
			for {
				p := b.peak.Load()
				if u+n <= p || b.peak.CompareAndSwap(p, u+n) {
					return true
				}
			}
		}
	}
}

// Give gives back n bytes Take reserved.
func (b *budget) Give(n int64) { b.used.Add(-n) }

// line is one complete line read from a connection, owned by the request
// it carries until the request's handler releases it.
type line struct{ linestream.Line }

func (l *line) release() { l.Release() }

// request is one JSON-RPC request as the codec read it: its id and method
// as sent (a nil id for a notification) and its params as a slice of its
// line, which it owns until its handler releases it.
type request struct {
	id     []byte
	method []byte // still quoted
	params []byte
	line   line
}

// lineStream is one connection's jsonrpc2.ObjectStream: one JSON object
// per line in both directions (a linestream.Stream), a bounded line
// length, a share of the server's budget for unfinished lines, and a
// deadline on every write.
//
// ReadObject checks each line once, from end to end, and keeps what it
// read: jsonrpc2 is handed a small envelope with the request's id and
// method and, for params, a ticket that Handle redeems for the params as
// they are in the line (see redeem). So jsonrpc2's own decoding of a
// request, which goes through map[string]interface{} and would decode a
// canvas.show's messages and encode them again, only ever sees a few
// bytes, and the messages reach the canvas's decoder as they were sent.
//
// jsonrpc2 closes a connection as soon as ReadObject returns an error, so
// ReadObject answers input that is not a request (not JSON, not a request
// object, a batch) itself and reads on; it returns an error only when the
// connection ends, or when it cannot take a line (over the limit, or no
// room in the budget), after it has told the peer why. Writes come from
// jsonrpc2 (under its own lock) and from ReadObject (replies of its own);
// the line stream writes one at a time. A write that misses its deadline
// closes the connection: a peer that does not read its replies is
// dropped rather than allowed to hold anything up.
type lineStream struct {
	conn   net.Conn
	lines  *linestream.Stream
	linger time.Duration // lingerTimeout, but for tests
	log    logclean.Logger
	budget *budget

	// refused, when set, is told that the stream refuses a line, before
	// it says why, and reports whether the connection may linger; then
	// lingered is told when it stops. Nil: it always lingers.
	refused  func() bool
	lingered func()

	mu      sync.Mutex
	ticket  uint64              // the last ticket handed out
	waiting map[uint64]*request // requests handed to jsonrpc2, by ticket, until redeemed

	// readDone is closed when ReadObject has returned its final error,
	// the last thing jsonrpc2's reading goroutine does; eof, set before,
	// says the peer closed its end (the read found EOF, no error).
	readDone chan struct{}
	eof      bool
	doneOnce sync.Once
}

func newLineStream(conn net.Conn, limit int, timeout time.Duration, logger logclean.Logger, b *budget) *lineStream {
	s := &lineStream{
		conn:     conn,
		linger:   lingerTimeout,
		log:      logger,
		budget:   b,
		waiting:  map[uint64]*request{},
		readDone: make(chan struct{}),
	}
	s.lines = linestream.New(conn, linestream.Options{
		Limit:        limit,
		WriteTimeout: timeout,
		ReadBuffer:   readChunk,
		Floor:        lineFloor,
		Budget:       b,
		WriteFailed: func(err error) {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				logger.Printf("a2term rpc: dropping a connection: its peer read no reply for %s", timeout)
			}
		},
	})
	return s
}

// ReadObject implements jsonrpc2.ObjectStream: it reads the next request
// into v, jsonrpc2's message type.
func (s *lineStream) ReadObject(v any) (err error) {
	defer func() {
		if err != nil {
			s.doneOnce.Do(func() { close(s.readDone) })
		}
	}()
	for {
		l, err := s.lines.ReadLine()
		switch {
		case errors.Is(err, linestream.ErrTooLong):
			s.log.Printf("a2term rpc: closing the connection: a line over %d bytes", s.lines.Limit())
			s.refuse(replyTooLong)
			return io.EOF // said and logged: nothing for jsonrpc2 to add
		case errors.Is(err, linestream.ErrBusy):
			s.log.Printf("a2term rpc: closing the connection: unfinished messages hold %d bytes, the most the server holds", s.budget.limit)
			s.refuse(replyBusy)
			return io.EOF
		case errors.Is(err, net.ErrClosed):
			return io.EOF // closed on this side, which knows why
		case errors.Is(err, io.EOF):
			s.eof = true
			return err
		case errors.Is(err, syscall.ECONNRESET):
			// The agent closed with a reply unread (it was killed):
			// conn.settle gives back what it was handed and the
			// transcript says so. No protocol error to log.
			return io.ErrUnexpectedEOF
		case err != nil:
			return err
		}
		req, reply := parseRequest(wire.Trim(l))
		if req == nil {
			if reply != nil {
				if err := s.write(reply); err != nil {
					return io.EOF // write has closed the connection, and said why
				}
			}
			continue
		}
		// The request takes the line's buffer with it; the next line
		// gets a buffer of its own.
		req.line = line{s.lines.Take()}
		if err := json.Unmarshal(s.hold(req), v); err != nil {
			// Cannot happen: the envelope is made of what parseRequest
			// checked. Answer rather than end the connection.
			s.log.Printf("a2term rpc: jsonrpc2 refused a request's envelope: %v", err)
			s.release(s.ticket)
			if req.id != nil && s.write(errorReply(req.id, jsonrpc2.CodeInternalError, "internal error")) != nil {
				return io.EOF
			}
			continue
		}
		return nil
	}
}

// peerClosed reports, once the stream's reading is done, whether it ended
// because the peer closed its end, having read everything (see
// conn.settle): not because of an error, a refusal, or a close on this
// side.
func (s *lineStream) peerClosed() bool {
	<-s.readDone
	return s.eof
}

// hold keeps req until its handler redeems it, and returns the envelope
// jsonrpc2 reads in its place: the request's id and method as sent, and a
// ticket for params.
func (s *lineStream) hold(req *request) []byte {
	s.mu.Lock()
	s.ticket++
	t := s.ticket
	s.waiting[t] = req
	s.mu.Unlock()
	env := make([]byte, 0, 64+len(req.id)+len(req.method))
	env = append(env, `{"jsonrpc":"2.0"`...)
	if req.id != nil {
		env = append(env, `,"id":`...)
		env = append(env, req.id...)
	}
	env = append(env, `,"method":`...)
	env = append(env, req.method...)
	env = append(env, `,"params":`...)
	env = strconv.AppendUint(env, t, 10)
	return append(env, '}')
}

// redeem returns the request whose ticket jsonrpc2 handed on as params,
// or nil for params that are no ticket of this stream.
func (s *lineStream) redeem(params *json.RawMessage) *request {
	if params == nil {
		return nil
	}
	t, err := strconv.ParseUint(string(*params), 10, 64)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	req := s.waiting[t]
	delete(s.waiting, t)
	return req
}

// release lets go of the request held under ticket t, if it still is.
func (s *lineStream) release(t uint64) {
	s.mu.Lock()
	req := s.waiting[t]
	delete(s.waiting, t)
	s.mu.Unlock()
	if req != nil {
		req.line.release()
	}
}

// dropBuffer lets go of the line buffer and what it holds of the budget,
// and of any request jsonrpc2 never handed on. It runs once the reading
// goroutine is done.
func (s *lineStream) dropBuffer() {
	s.lines.Drop()
	s.mu.Lock()
	waiting := s.waiting
	s.waiting = map[uint64]*request{}
	s.mu.Unlock()
	for _, req := range waiting {
		req.line.release()
	}
}

// refuse tells the peer why the connection ends, then ends it without a
// reset: it lingers (linestream.Stream.Linger) until the peer closes,
// goes quiet for lingerTimeout or has sent twice the limit more. When
// refused says it may not linger, it closes as soon as it has said why.
func (s *lineStream) refuse(reply []byte) {
	s.dropBuffer()
	linger := true
	if s.refused != nil {
		linger = s.refused()
		if linger && s.lingered != nil {
			defer s.lingered()
		}
	}
	if s.write(reply) != nil {
		return
	}
	if !linger {
		s.Close()
		return
	}
	s.lines.Linger(s.linger)
}

// WriteObject implements jsonrpc2.ObjectStream. jsonrpc2's messages
// encode themselves with encoding/json, so their JSON is already compact
// and checked: it is written as it is, not handed to encoding/json to be
// checked and copied once more.
func (s *lineStream) WriteObject(obj any) error {
	b, err := linestream.Marshal(obj)
	if err != nil {
		return fmt.Errorf("a2term rpc: %w", err)
	}
	return s.write(append(b, '\n'))
}

// write sends one line within the write timeout, or drops the connection
// (logging a peer that read no reply).
func (s *lineStream) write(line []byte) error {
	if err := s.lines.Write(line); err != nil {
		return fmt.Errorf("a2term rpc: %w", err)
	}
	return nil
}

// Close implements jsonrpc2.ObjectStream. It may be called more than once.
func (s *lineStream) Close() error {
	return s.lines.Close()
}

// msgBadRequest begins every -32600 reply to JSON that is not a request.
const msgBadRequest = "invalid request: "

// msgBadID is the -32600 reply's message for an id jsonrpc2 cannot carry:
// its IDs are strings and integers from 0 to 2^63-1, and it takes a null
// id for a notification, which would go unanswered.
const msgBadID = "the id must be a string or an integer from 0 to 9223372036854775807; leave it out for a notification"

// parseRequest reads one line as a JSON-RPC 2.0 request object, checking
// it once from end to end. It returns the request, or nil and the reply to
// send instead (nil for a blank line). Members are matched by their exact
// names; a member named twice, an unknown member, a "jsonrpc" other than
// "2.0", a method that is not a string, or an id other than a string or
// an integer from 0 to 2^63-1 make the line an invalid request, answered
// with the request's id when it is a string or an integer. Params of the
// wrong shape are for the method to refuse, with the details only it can
// give.
func parseRequest(b []byte) (*request, []byte) {
	if len(b) == 0 {
		return nil, nil
	}
	switch b[0] {
	case '[':
		if !wire.Valid(b) {
			return nil, replyNotJSON
		}
		return nil, replyBatch
	case '{':
	default:
		if !wire.Valid(b) {
			return nil, replyNotJSON
		}
		return nil, badRequest(nil, "the line is not a request object")
	}
	var (
		req           request
		version, echo []byte // echo: the id to answer a refusal with
		seen          [4]bool
		problem       string
	)
	err := wire.Members(b, func(quoted, v []byte) error {
		if problem != "" {
			return nil // the line is still checked to the end
		}
		name := wire.Name(quoted)
		var slot int // seen's index for the member; an unknown one returns
		switch name {
		case "jsonrpc":
			slot, version = 0, v
		case "id":
			slot = 1
			switch k := v[0]; {
			case k == '"':
				req.id, echo = v, v
			case (k == '-' || k >= '0' && k <= '9') && wire.IsInteger(v):
				echo = v
				if _, err := strconv.ParseInt(string(v), 10, 64); k == '-' || err != nil {
					problem = msgBadID
				} else {
					req.id = v
				}
			default:
				problem = msgBadID
			}
		case "method":
			slot, req.method = 2, v
		case "params":
			slot, req.params = 3, v
		default:
			problem = fmt.Sprintf("unknown member %.64q", name)
			return nil
		}
		if seen[slot] {
			problem = fmt.Sprintf("member %q is given twice", name)
		}
		seen[slot] = true
		return nil
	})
	if err != nil {
		return nil, replyNotJSON
	}
	if problem == "" {
		switch {
		case version == nil || wire.Name(version) != "2.0" || version[0] != '"':
			problem = `"jsonrpc" must be "2.0"`
		case req.method == nil || req.method[0] != '"':
			problem = "the method must be a string"
		}
	}
	if problem != "" {
		return nil, badRequest(echo, problem)
	}
	return &req, nil
}

func badRequest(id []byte, problem string) []byte {
	return errorReply(id, jsonrpc2.CodeInvalidRequest, msgBadRequest+problem)
}

// errorReply encodes an error reply of code with message, to the request
// whose id was sent as id (nil: null), for lines that never reach
// jsonrpc2. It writes the id as it was sent, which jsonrpc2's ID cannot
// always hold, and a null id, which it cannot write at all.
func errorReply(id []byte, code int64, message string) []byte {
	if id == nil {
		id = []byte("null")
	}
	body, err := json.Marshal(&jsonrpc2.Error{Code: code, Message: message})
	if err != nil {
		body = []byte(`{"code":-32603,"message":"internal error"}`)
	}
	out := make([]byte, 0, len(id)+len(body)+32)
	out = append(out, `{"id":`...)
	out = append(out, id...)
	out = append(out, `,"error":`...)
	out = append(out, body...)
	return append(out, `,"jsonrpc":"2.0"}`+"\n"...)
}
