package agentsock

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// The fixtures shared with the other tests that serve a hub.
var (
	eventually = hubtest.Eventually
)

// What a peer, or many, can make the socket hold: connections, bytes of
// unfinished lines, waits at shutdown, and actions handed to an agent
// that died.

func (s *Server) openConns() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.open)
}

func TestConnectionsAreCapped(t *testing.T) {
	var logs testutil.SyncBuffer
	h, srv := startRaw(t, ServerOptions{Logger: log.New(&logs, "", 0)})
	peers := make([]*peer, MaxConnections)
	for i := range peers {
		peers[i] = dialRaw(t, srv)
		peers[i].alive()
	}
	// One more is told why and closed.
	extra := dialRaw(t, srv)
	r := extra.wantError(CodeBusy, "null")
	if r.Error != nil && !strings.Contains(r.Error.Message, fmt.Sprintf("at most %d connections", MaxConnections)) {
		t.Errorf("message %q", r.Error.Message)
	}
	extra.closed()
	if !strings.Contains(logs.String(), "refusing a connection") {
		t.Errorf("log: %q", logs.String())
	}
	// Everything else goes on: the open connections, the hub.
	peers[0].alive()
	if _, err := h.Show(buttonsSurface("a")); err != nil {
		t.Fatal(err)
	}
	press(t, h, hub.Terminal, "a")
	// A connection that closes makes room for a new one.
	peers[1].conn.Close()
	eventually(t, "the closed connection's end", func() bool { return srv.openConns() < MaxConnections })
	dialRaw(t, srv).alive()
}

// Many peers that each send most of a 4 MiB line and never finish it
// hold no more than the budget, however many there are: the lines that
// find no room are answered and their connections closed, the others wait
// for their ends. The heap says the same as the codec's own count.
func TestUnfinishedLinesAreCapped(t *testing.T) {
	h, srv := startRaw(t, ServerOptions{})
	other := dialRaw(t, srv)
	other.alive()

	// One payload for every peer, so the test's own memory stays small.
	payload := []byte(`{"jsonrpc":"2.0","id":1,"method":"transcript.append","params":{"role":"note","text":"` +
		strings.Repeat("x", MaxRPCMessageBytes-200))
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	peers := MaxConnections - 1
	type outcome struct {
		refused bool
		err     error
	}
	outcomes := make(chan outcome, peers)
	var wrote sync.WaitGroup
	conns := make([]net.Conn, peers)
	for i := range conns {
		c, err := net.Dial("unix", srv.Path())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		conns[i] = c
		wrote.Add(1)
		go func() {
			_, err := c.Write(payload)
			wrote.Done()
			if err != nil {
				outcomes <- outcome{err: err}
				return
			}
			// A refused peer reads why, then the end; a held one reads
			// nothing until the test closes it.
			line, err := io.ReadAll(c)
			refused := bytes.Contains(line, []byte(fmt.Sprintf(`"code":%d`, CodeBusy)))
			if !refused {
				err = nil // closed by the test
			}
			outcomes <- outcome{refused: refused, err: err}
		}()
	}
	wrote.Wait()

	runtime.GC()
	var during runtime.MemStats
	runtime.ReadMemStats(&during)
	// Once its write is done, each peer's line is either refused or held
	// in a buffer of the message limit, of which all but the floor counts.
	held := srv.budget.used.Load()
	perLine := int64(MaxRPCMessageBytes - lineFloor)
	kept := int(held / perLine)
	if peak := srv.budget.peak.Load(); peak > MaxRPCHeldBytes || held%perLine != 0 || kept == 0 {
		t.Errorf("unfinished lines hold %d bytes (at most %d); the budget is %d, a line holds %d", held, peak, MaxRPCHeldBytes, perLine)
	}
	t.Logf("%d of %d unfinished lines kept, holding %d MiB", kept, peers, held>>20)
	// What the server holds beyond the budget: each connection's read
	// buffer and line floor, and what the runtime rounds up.
	slack := uint64(MaxConnections*(readChunk+lineFloor)) + 16<<20
	grew := int64(during.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("the heap grew by %d MiB", grew>>20)
	if grew > int64(MaxRPCHeldBytes+slack) {
		t.Errorf("the heap grew by %d MiB with %d peers holding unfinished lines; the budget is %d MiB", grew>>20, peers, MaxRPCHeldBytes>>20)
	}

	// The hub and the other connection are served meanwhile.
	other.alive()
	if err := h.Append(hub.RoleNote, "still here"); err != nil {
		t.Error(err)
	}

	// The peers that were refused were told why, before the end.
	for range peers - kept {
		if o := <-outcomes; o.err != nil || !o.refused {
			t.Errorf("a peer: %+v", o)
		}
	}
	for _, c := range conns {
		c.Close()
	}
	for range kept {
		if o := <-outcomes; o.refused {
			t.Errorf("a held peer was refused after all")
		}
	}
	eventually(t, "the budget's release", func() bool { return srv.budget.used.Load() == 0 })
}

// Close answers every pending wait, as timed out, before it closes the
// connections.
func TestCloseAnswersEveryWait(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	srv, err := Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var peers []*peer
	for i := range 3 {
		p := dialRaw(t, srv)
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"canvas.wait","params":{"seconds":600}}`, 10+i))
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"canvas.wait","params":{"seconds":600}}`, 20+i))
		peers = append(peers, p)
	}
	waitForTranscript(t, h, "… waiting for the person", 6)
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	for i, p := range peers {
		ids := map[string]bool{}
		for range 2 {
			r := p.reply()
			if r.Error != nil || string(r.Result) != `{"action":null,"timedOut":true}` {
				t.Errorf("peer %d: %+v %s", i, r.Error, r.Result)
			}
			ids[string(r.ID)] = true
		}
		if !ids[fmt.Sprint(10+i)] || !ids[fmt.Sprint(20+i)] {
			t.Errorf("peer %d got replies for %v", i, ids)
		}
		p.closed()
	}
	if tr := transcriptTexts(h); strings.Contains(strings.Join(tr, "\n"), "no answer") {
		t.Errorf("shutting down is not the person's silence: %q", tr)
	}
}

// fakeClock is a clock the test moves on by hand.
type fakeClock struct {
	mu   sync.Mutex
	skew time.Duration
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.skew)
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.skew += d
	c.mu.Unlock()
}

// Peers that connect and send nothing cannot keep an agent out for
// longer than MaxIdleAtCap: once they have been idle that long, each new
// connection takes the place of the one idle longest, which is told why
// and closed. A connection running a canvas.wait is never idle, however
// old it is.
func TestIdleConnectionsMakeRoomAtTheCap(t *testing.T) {
	var clk fakeClock
	h, srv := startRaw(t, ServerOptions{now: clk.now})
	if _, err := h.Show(buttonsSurface("a")); err != nil {
		t.Fatal(err)
	}
	// The oldest connection waits for the person: it is busy.
	waiter := dialRaw(t, srv)
	waiter.send(`{"jsonrpc":"2.0","id":1,"method":"canvas.wait","params":{"seconds":600}}`)
	waiter.alive() // the wait was handed on before this request
	silent := make([]*peer, MaxConnections-1)
	for i := range silent {
		silent[i] = dialRaw(t, srv)
	}
	eventually(t, "every place taken", func() bool { return srv.openConns() == MaxConnections })

	// Not idle long enough yet: a new agent is told why and closed.
	early := dialRaw(t, srv)
	r := early.wantError(CodeBusy, "null")
	if r.Error != nil && !strings.Contains(r.Error.Message, fmt.Sprintf("at most %d connections", MaxConnections)) {
		t.Errorf("message %q", r.Error.Message)
	}
	early.closed()

	clk.advance(MaxIdleAtCap)
	agent := dialRaw(t, srv)
	agent.alive()
	// The place was the oldest silent peer's, not the waiter's.
	r = silent[0].wantError(CodeIdle, "null")
	if r.Error != nil && !strings.Contains(r.Error.Message, "connect again") {
		t.Errorf("message %q", r.Error.Message)
	}
	silent[0].closed()

	// Each new agent takes another idle place, the waiter's never.
	for range silent[1:] {
		dialRaw(t, srv).alive()
	}
	for _, p := range silent[1:] {
		p.wantError(CodeIdle, "null")
		p.closed()
	}
	dialRaw(t, srv).wantError(CodeBusy, "null") // every other connection is new
	press(t, h, hub.Terminal, "a")
	if r := waiter.reply(); r.Error != nil || string(r.ID) != "1" || !bytes.Contains(r.Result, []byte(`"name":"a"`)) {
		t.Errorf("the waiter: %s %+v %s", r.ID, r.Error, r.Result)
	}
	waiter.alive()
	agent.alive()
}

// fillBudget has peers send unfinished lines until the budget for them
// has less room left than one line's floor, and returns the room left.
func fillBudget(t *testing.T, srv *Server) int64 {
	t.Helper()
	perLine := int64(MaxRPCMessageBytes - lineFloor)
	n := int(MaxRPCHeldBytes / perLine)
	line := []byte(`{"jsonrpc":"2.0","id":1,"method":"transcript.append","params":{"role":"note","text":"` +
		strings.Repeat("x", MaxRPCMessageBytes-200))
	for range n {
		p := dialRaw(t, srv)
		if err := p.conn.SetWriteDeadline(time.Now().Add(guard)); err != nil {
			t.Fatal(err)
		}
		if _, err := p.conn.Write(line); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "the budget's use", func() bool { return srv.budget.used.Load() == int64(n)*perLine })
	return MaxRPCHeldBytes - int64(n)*perLine
}

// refusedFor has a new peer send an unfinished line the budget has no
// room for, reads why it was refused and leaves the connection open: the
// server lingers on it.
func refusedFor(t *testing.T, srv *Server, room int64) *peer {
	t.Helper()
	p := dialRaw(t, srv)
	line := append([]byte(`{"jsonrpc":"2.0","id":1,"method":"canvas.info","params":"`), bytes.Repeat([]byte("x"), int(room)+2*lineFloor)...)
	if err := p.conn.SetWriteDeadline(time.Now().Add(guard)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.conn.Write(line); err != nil {
		t.Fatal(err)
	}
	p.wantError(CodeBusy, "null")
	return p
}

// A connection refused for a line gives up its place at once, while it
// still lingers to let its peer read why: refused peers that keep their
// connections open do not keep a new agent out.
func TestRefusedConnectionGivesItsPlaceBack(t *testing.T) {
	_, srv := startRaw(t, ServerOptions{linger: guard})
	var others []*peer
	for range MaxConnections - 1 {
		p := dialRaw(t, srv)
		p.alive()
		others = append(others, p)
	}

	// Refused for a line over the limit.
	long := dialRaw(t, srv)
	if err := long.conn.SetWriteDeadline(time.Now().Add(guard)); err != nil {
		t.Fatal(err)
	}
	if _, err := long.conn.Write(bytes.Repeat([]byte("x"), MaxRPCMessageBytes+readChunk)); err != nil {
		t.Fatal(err)
	}
	long.wantError(-32600, "null")
	dialRaw(t, srv).alive()

	// Refused for the budget, which takes places of its own.
	for _, p := range others[:MaxRPCHeldBytes/(MaxRPCMessageBytes-lineFloor)+1] {
		p.conn.Close()
	}
	eventually(t, "room for the budget", func() bool {
		return srv.openConns() == MaxConnections-MaxRPCHeldBytes/(MaxRPCMessageBytes-lineFloor)-1
	})
	room := fillBudget(t, srv)
	refusedFor(t, srv, room)
	dialRaw(t, srv).alive()

	if n := srv.lingering.Load(); n != 2 {
		t.Errorf("%d connections linger, want the 2 refused", n)
	}
	for _, p := range others[MaxRPCHeldBytes/(MaxRPCMessageBytes-lineFloor)+1:] {
		p.alive()
	}
}

// Refused connections linger at most MaxLingering at once; the others
// are closed as soon as they are told why.
func TestLingeringIsCapped(t *testing.T) {
	_, srv := startRaw(t, ServerOptions{linger: guard})
	room := fillBudget(t, srv)
	var refused []*peer
	for range MaxLingering + 4 {
		refused = append(refused, refusedFor(t, srv, room))
	}
	if n := srv.lingering.Load(); n != MaxLingering {
		t.Errorf("%d connections linger, want %d", n, MaxLingering)
	}
	for _, p := range refused {
		p.conn.Close()
	}
	eventually(t, "the lingering's end", func() bool { return srv.lingering.Load() == 0 })
}
