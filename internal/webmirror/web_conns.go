package webmirror

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/a2term/a2term/internal/logclean"
)

// Bounds of the web mirror's connections. Anyone on the machine can
// connect to 127.0.0.1:PORT, and each connection costs a file descriptor
// and a goroutine: without a bound, thousands of idle keep-alive
// connections would use up a2term's descriptors, and its own agent's
// socket could no longer accept. Only a paired browser can make a
// connection stay (see pair), so that no number of connections from
// anyone else keeps the agent's socket, the terminal or a paired browser
// from being served.
const (
	// MaxWebConns is how many connections the web mirror keeps open at
	// once, paired and unpaired: far below a process's file descriptor
	// limit. At most MaxWebConns-MaxWebUnpaired of them are paired
	// browsers'; a request of a paired browser beyond that is answered,
	// and its connection closed after the answer.
	MaxWebConns = 64
	// MaxWebUnpaired is how many of them may be unpaired: accepted and
	// not yet carrying a request of a paired browser (a session cookie,
	// or the pairing link that makes one). A new connection beyond it
	// closes an unpaired one, never a paired one: one the server has
	// read and found silent first (see closableLocked). A paired
	// browser's new connection carries its session at once, and is
	// paired as soon as it is read.
	MaxWebUnpaired = 16
	// webUnpairedTimeout is how long a connection may stay unpaired. An
	// unpaired connection is also closed after its one answer: nothing
	// but a paired browser's connection is kept alive.
	webUnpairedTimeout = 5 * time.Second
)

// webConns is the web mirror's listener: it keeps the connections it
// hands out within MaxWebConns and MaxWebUnpaired.
type webConns struct {
	net.Listener
	timeout time.Duration // webUnpairedTimeout, but for tests
	logger  logclean.Logger

	mu       sync.Mutex
	changed  sync.Cond // an unpaired connection was read from, or left
	closed   bool
	seq      uint64              // connections accepted so far
	unpaired map[*webConn]uint64 // by when accepted
	paired   int                 // connections of paired browsers
	evicting bool                // the last accept closed an unpaired connection
}

// webConn is one connection of the web mirror.
type webConn struct {
	net.Conn
	l     *webConns
	timer *time.Timer // closes it while it is unpaired
	// Under l.mu: read says that the server has begun reading its
	// first request, sent that its peer has sent something, and paired
	// that it counts among the paired.
	read, sent, paired bool
	closeOnce          sync.Once
}

func newWebConns(ln net.Listener, timeout time.Duration, logger logclean.Logger) *webConns {
	if timeout <= 0 {
		timeout = webUnpairedTimeout
	}
	l := &webConns{Listener: ln, timeout: timeout, logger: logger, unpaired: map[*webConn]uint64{}}
	l.changed.L = &l.mu
	return l
}

// Accept hands out the next connection, unpaired. Beyond MaxWebUnpaired
// unpaired ones, it first closes one that the server has begun to read
// (see closableLocked). A connection not read yet has not had its
// chance to show a session (the server is behind): Accept waits for the
// server to read one rather than close one that may be a paired
// browser's. Meanwhile new connections wait in the listener's backlog.
func (l *webConns) Accept() (net.Conn, error) {
	nc, err := l.Listener.Accept()
	if err != nil {
		return nil, err //nolint:wrapcheck // a wrapper passes its connection's errors on as they are: the server compares them
	}
	c := &webConn{Conn: nc, l: l}
	l.mu.Lock()
	var oldest *webConn
	for !l.closed && len(l.unpaired) >= MaxWebUnpaired {
		if oldest = l.closableLocked(); oldest != nil {
			delete(l.unpaired, oldest)
			break
		}
		l.changed.Wait()
	}
	if l.closed {
		l.mu.Unlock()
		nc.Close()
		return nil, net.ErrClosed
	}
	starts := oldest != nil && !l.evicting
	l.evicting = oldest != nil
	l.seq++
	l.unpaired[c] = l.seq
	c.timer = time.AfterFunc(l.timeout, c.expire)
	l.mu.Unlock()
	if oldest != nil {
		if starts {
			l.logger.Printf("web: %d connections wait for a request of a paired browser: closing one for each new one", MaxWebUnpaired)
		}
		oldest.timer.Stop()
		oldest.Conn.Close()
	}
	return c, nil
}

// closableLocked returns the unpaired connection to close for a new
// one: of those the server has begun to read, the oldest whose peer has
// sent nothing, else the oldest; nil when it has begun to read none. A
// browser sends its request as soon as it connects, so its connection
// goes last.
func (l *webConns) closableLocked() *webConn {
	var oldest *webConn
	var first uint64
	for c, seq := range l.unpaired {
		if !c.read {
			continue
		}
		if oldest == nil || c.sent == oldest.sent && seq < first || !c.sent && oldest.sent {
			oldest, first = c, seq
		}
	}
	return oldest
}

// Close stops accepting, and closes the unpaired connections: none is a
// paired browser's.
func (l *webConns) Close() error {
	err := l.Listener.Close()
	l.mu.Lock()
	l.closed = true
	unpaired := l.unpaired
	l.unpaired = map[*webConn]uint64{}
	l.changed.Broadcast()
	l.mu.Unlock()
	for c := range unpaired {
		c.timer.Stop()
		c.Conn.Close()
	}
	return err //nolint:wrapcheck // a wrapper passes its connection's errors on as they are: the server compares them
}

// Read notes that the server has begun to read c, and that its peer has
// sent something, the first time.
func (c *webConn) Read(p []byte) (int, error) {
	c.l.mu.Lock()
	if !c.read {
		c.read = true
		c.l.changed.Broadcast()
	}
	sent := c.sent
	c.l.mu.Unlock()
	n, err := c.Conn.Read(p)
	if n > 0 && !sent {
		c.l.mu.Lock()
		c.sent = true
		c.l.mu.Unlock()
	}
	return n, err //nolint:wrapcheck // a wrapper passes its connection's errors on as they are: the server compares them
}

// expire closes c if it is still unpaired.
func (c *webConn) expire() {
	c.l.mu.Lock()
	_, unpaired := c.l.unpaired[c]
	c.l.leaveLocked(c)
	c.l.mu.Unlock()
	if unpaired {
		c.Conn.Close()
	}
}

// pair counts c among the paired browsers' connections, which stay open
// for their next requests, and reports whether it does: false when
// MaxWebConns-MaxWebUnpaired already are, or c is being closed.
func (c *webConn) pair() bool {
	l := c.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.paired {
		return true
	}
	if _, ok := l.unpaired[c]; !ok || l.paired >= MaxWebConns-MaxWebUnpaired {
		return false
	}
	l.leaveLocked(c)
	l.paired++
	c.paired = true
	c.timer.Stop()
	return true
}

// Close closes the connection and gives its place back.
func (c *webConn) Close() error {
	err := c.Conn.Close()
	c.closeOnce.Do(func() {
		c.timer.Stop()
		c.l.mu.Lock()
		c.l.leaveLocked(c)
		if c.paired {
			c.l.paired--
			c.paired = false
		}
		c.l.mu.Unlock()
	})
	return err //nolint:wrapcheck // a wrapper passes its connection's errors on as they are: the server compares them
}

// leaveLocked takes c out of the unpaired connections, if it is among
// them, and wakes an Accept that waits for room.
func (l *webConns) leaveLocked(c *webConn) {
	if _, ok := l.unpaired[c]; ok {
		delete(l.unpaired, c)
		l.changed.Broadcast()
	}
}

// webConnKey is the context key of a request's *webConn.
type webConnKey struct{}

// keepConn keeps r's connection open after the answer if it can count
// among a paired browser's (pair); otherwise the server closes it after
// this answer, as ServeHTTP asks for every answer to begin with. It is
// called for the requests of a paired browser only.
func keepConn(w http.ResponseWriter, r *http.Request) {
	if c, ok := r.Context().Value(webConnKey{}).(*webConn); ok && c.pair() {
		w.Header().Del("Connection")
	}
}

// connContext puts c's *webConn in the context of its requests.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if hc, ok := c.(headerConn); ok {
		c = hc.Conn
	}
	if wc, ok := c.(*webConn); ok {
		ctx = context.WithValue(ctx, webConnKey{}, wc)
	}
	return ctx
}
