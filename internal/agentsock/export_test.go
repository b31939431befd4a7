package agentsock

import (
	"bufio"
	"net"
	"testing"
	"time"
)

// WithClock has the server tell idle connections by now instead of
// time.Now.
func WithClock(o ServerOptions, now func() time.Time) ServerOptions {
	o.now = now
	return o
}

// FailedAccepts is how often accepting a connection failed.
func FailedAccepts(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepts
}

// NewPeer is a raw connection to the socket, as the package's own tests
// use, for the tests outside it.
func NewPeer(t *testing.T, conn net.Conn) *peer {
	return &peer{t: t, conn: conn, r: bufio.NewReader(conn)}
}

// Send writes a line (see peer.send).
func (p *peer) Send(line string) { p.send(line) }

// Reply reads a reply (see peer.reply).
func (p *peer) Reply() wireReply { return p.reply() }
