package webmirror

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

// counts returns how many connections the mirror holds, unpaired and
// paired.
func (l *webConns) counts() (unpaired, paired int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.unpaired), l.paired
}

// unpairedPeers returns the addresses of the peers of the unpaired
// connections.
func (l *webConns) unpairedPeers() map[string]bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	peers := map[string]bool{}
	for c := range l.unpaired {
		peers[c.RemoteAddr().String()] = true
	}
	return peers
}

// dialWeb opens a raw connection to the mirror, closed at the end of
// the test.
func (e *webEnv) dialWeb() net.Conn {
	e.t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(e.base(), "http://"))
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { c.Close() })
	return c
}

// ask sends a GET of path on c, with the paired browser's cookie or
// none, and reads the answer.
func (e *webEnv) ask(c net.Conn, r *bufio.Reader, path string, paired bool) *http.Response {
	e.t.Helper()
	req := fmt.Sprintf("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n", path, e.ws.Port())
	if paired {
		req += "Cookie: " + e.cookie + "\r\n"
	}
	c.SetDeadline(time.Now().Add(guard))
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		e.t.Fatal(err)
	}
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		e.t.Fatalf("GET %s: %v", path, err)
	}
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		e.t.Fatal(err)
	}
	return resp
}

// ended reports how a connection the server should have closed ended:
// nil once the server closed it, or the error that says it did not.
func ended(c net.Conn, r io.Reader) error {
	c.SetReadDeadline(time.Now().Add(guard))
	n, err := io.Copy(io.Discard, r)
	switch {
	case err == nil || errors.Is(err, syscall.ECONNRESET):
		return nil
	case n > 0:
		return fmt.Errorf("%d bytes more, then %w", n, err)
	default:
		return err
	}
}

// A connection that is not a paired browser's gets its one answer and
// then its end; a paired browser's is kept for its next requests.
func TestWebKeepsOnlyPairedConnections(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	c := e.dialWeb()
	r := bufio.NewReader(c)
	if resp := e.ask(c, r, "/", false); resp.StatusCode != http.StatusForbidden || !resp.Close {
		t.Errorf("unpaired: %s, close %v", resp.Status, resp.Close)
	}
	if err := ended(c, r); err != nil {
		t.Errorf("the unpaired connection after its answer: %v", err)
	}

	c = e.dialWeb()
	r = bufio.NewReader(c)
	for range 3 {
		if resp := e.ask(c, r, "/", true); resp.StatusCode != http.StatusOK || resp.Close {
			t.Errorf("paired: %s, close %v", resp.Status, resp.Close)
		}
	}
}

// A connection that sends nothing is closed once it has been unpaired
// for the timeout.
func TestWebClosesSilentConnections(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	// Paired with the usual timeout, the test shortens it.
	e.ws.conns.mu.Lock()
	e.ws.conns.timeout = time.Millisecond
	e.ws.conns.mu.Unlock()
	c := e.dialWeb()
	if err := ended(c, c); err != nil {
		t.Errorf("a silent connection: %v", err)
	}
}

// Unpaired connections beyond MaxWebUnpaired close the oldest; paired
// ones beyond MaxWebConns-MaxWebUnpaired are answered, then closed.
func TestWebConnectionBounds(t *testing.T) {
	e := newWebEnv(t, WebOptions{unpairedTimeout: guard})
	silent := make([]net.Conn, MaxWebUnpaired+1)
	for i := range silent {
		silent[i] = e.dialWeb()
	}
	// A paired request on a new connection: every silent one was
	// accepted before it, and it closed another.
	c := e.dialWeb()
	if resp := e.ask(c, bufio.NewReader(c), "/", true); resp.StatusCode != http.StatusOK || resp.Close {
		t.Fatalf("paired: %s, close %v", resp.Status, resp.Close)
	}
	kept, closed := e.ws.conns.unpairedPeers(), 0
	for i, c := range silent {
		if kept[c.LocalAddr().String()] {
			continue
		}
		closed++
		if err := ended(c, c); err != nil {
			t.Errorf("silent connection %d, closed to make room: %v", i, err)
		}
	}
	if len(kept) != MaxWebUnpaired-1 || closed != 2 {
		t.Errorf("%d silent connections kept, %d closed; want %d and 2", len(kept), closed, MaxWebUnpaired-1)
	}

	e.client.CloseIdleConnections()
	paired := []net.Conn{c}
	eventually(t, "the end of the pairing's connection", func() bool { _, p := e.ws.conns.counts(); return p == len(paired) })
	for len(paired) < MaxWebConns-MaxWebUnpaired {
		c := e.dialWeb()
		if resp := e.ask(c, bufio.NewReader(c), "/static/app.css", true); resp.Close {
			t.Fatalf("paired connection %d: closed after its answer", len(paired)+1)
		}
		paired = append(paired, c)
	}
	c = e.dialWeb()
	r := bufio.NewReader(c)
	if resp := e.ask(c, r, "/", true); resp.StatusCode != http.StatusOK || !resp.Close {
		t.Errorf("a paired request beyond the bound: %s, close %v", resp.Status, resp.Close)
	}
	if err := ended(c, r); err != nil {
		t.Errorf("a paired connection beyond the bound: %v", err)
	}
	if u, p := e.ws.conns.counts(); u+p > MaxWebConns || p != MaxWebConns-MaxWebUnpaired {
		t.Errorf("%d unpaired and %d paired connections", u, p)
	}
}
