//go:build linux || darwin

package webmirror

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/internal/agentsock"
)

// openFDs is how many file descriptors the process has open.
func openFDs(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/dev/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(fds)
}

// However many connections someone else opens to the web mirror, it
// holds at most MaxWebConns of them, so it never runs out of file
// descriptors: the agent's socket still answers, the paired page's
// stream goes on and its posts, on a new connection, get through.
// Every connection that asked something without a session got its
// answer (or nothing, if it was closed to make room) and then its end.
func TestWebConnectionFloodLocksNobodyOut(t *testing.T) {
	e := newWebEnv(t, WebOptions{unpairedTimeout: guard})
	srv, err := agentsock.Listen(e.hub, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	v := e.openViewer()
	v.next()
	before := openFDs(t)

	// Half the connections ask for the page without a session and
	// read nothing; the other half send nothing at all.
	const flood = 300
	conns := make([]net.Conn, flood)
	ask := fmt.Sprintf("GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", e.ws.Port())
	for i := range conns {
		conns[i] = e.dialWeb()
		if i%2 == 1 {
			if _, err := io.WriteString(conns[i], ask); err != nil {
				t.Fatal(err)
			}
		}
	}

	// The page posts on a new connection, accepted after all of them.
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	req, err := http.NewRequest("POST", e.base()+"/api/input", strings.NewReader(`{"surfaceId":"main","nodeId":"note","value":"still here"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", e.base())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Cookie", e.cookie)
	req.Header.Set(WebCSRFHeader, e.csrf)
	resp, err := (&http.Client{Transport: tr, Timeout: guard}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("the page's post: %s", resp.Status)
	}

	// The flood's own ends are open on this side, and the post's; of
	// the other ends, the mirror holds at most MaxWebConns.
	held := openFDs(t) - before - flood - 1
	t.Logf("the mirror holds %d connections for %d opened", held, flood)
	if held > MaxWebConns {
		t.Errorf("the mirror holds %d connections for %d opened (at most %d)", held, flood, MaxWebConns)
	}

	socketAnswers(t, srv.Path())
	v.waitFor("the posted value", func(s webSnap) bool { return strings.Contains(string(s.Surfaces[0].Tree), `"text":"still here"`) })

	answered := 0
	for i := 1; i < flood; i += 2 {
		r := bufio.NewReader(conns[i])
		if resp, err := http.ReadResponse(r, nil); err == nil {
			answered++
			if resp.StatusCode != http.StatusForbidden || !resp.Close {
				t.Errorf("connection %d: %s, close %v", i, resp.Status, resp.Close)
			}
		}
		if err := ended(conns[i], r); err != nil {
			t.Fatalf("connection %d, which asked without a session, is still open: %v", i, err)
		}
	}
	t.Logf("%d of %d connections that asked were answered", answered, flood/2)
}
