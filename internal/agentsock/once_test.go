package agentsock

import (
	"bytes"
	"encoding/json"
	"log"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
)

// These tests are about every press reaching the agent once: an agent has
// taken an action once it has read the reply that carried it, whether it
// then stays, sends more, or closes; one that dies with the reply unread
// gets it again, marked so.

// waitResult decodes a canvas.wait reply's result.
func waitResult(t *testing.T, r wireReply) hub.WaitResult {
	t.Helper()
	if r.Error != nil {
		t.Fatalf("the wait failed: %+v", r.Error)
	}
	var res hub.WaitResult
	if err := json.Unmarshal(r.Result, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// tookCount counts the transcript's lines saying the agent took name.
func tookCount(h *hub.Hub, name string) int {
	n := 0
	for _, line := range transcriptTexts(h) {
		if strings.Contains(line, "→ the agent took "+name+" ") {
			n++
		}
	}
	return n
}

// An agent that connects, waits, reads the reply and closes (one call per
// connection, as a short script does) has taken the press: its next wait
// finds nothing, and the transcript says it took it, once.
func TestOneCallPerConnectionTakesThePress(t *testing.T) {
	h, srv := startRaw(t, ServerOptions{})
	if _, err := h.Show(buttonsSurface("pay")); err != nil {
		t.Fatal(err)
	}
	press(t, h, hub.Terminal, "pay")
	p := dialRaw(t, srv)
	p.send(`{"jsonrpc":"2.0","id":1,"method":"canvas.wait","params":{"seconds":30}}`)
	res := waitResult(t, p.reply())
	if !bytes.Contains(res.Action, []byte(`"name":"pay"`)) || res.ActionID == "" || res.Redelivered {
		t.Fatalf("the wait: %+v", res)
	}
	p.conn.Close()
	eventually(t, "the connection's end", func() bool { return srv.openConns() == 0 })

	p = dialRaw(t, srv)
	p.send(`{"jsonrpc":"2.0","id":2,"method":"canvas.wait","params":{"seconds":0}}`)
	if again := waitResult(t, p.reply()); !again.TimedOut {
		t.Fatalf("the press came back to the next wait: %+v", again)
	}
	waitForTranscript(t, h, "→ the agent took pay from main", 1)
	tr := strings.Join(transcriptTexts(h), "\n")
	if strings.Contains(tr, "handed to the agent again") || strings.Contains(tr, "back in the queue") || tookCount(h, "pay") != 1 {
		t.Errorf("transcript:\n%s", tr)
	}
}

// An agent that reads the reply and stays connected, sending nothing, has
// taken the press too: the transcript says so without waiting for its
// next request.
func TestReadingTheReplyTakesThePress(t *testing.T) {
	if !peerReads {
		t.Skip("this system cannot tell what a peer has read")
	}
	h, srv := startRaw(t, ServerOptions{})
	if _, err := h.Show(buttonsSurface("a")); err != nil {
		t.Fatal(err)
	}
	p := dialRaw(t, srv)
	p.send(`{"jsonrpc":"2.0","id":1,"method":"canvas.wait","params":{"seconds":30}}`)
	waitForTranscript(t, h, "… waiting for the person", 1)
	press(t, h, hub.Web, "a")
	if res := waitResult(t, p.reply()); !bytes.Contains(res.Action, []byte(`"name":"a"`)) {
		t.Fatalf("the wait: %+v", res)
	}
	waitForTranscript(t, h, "→ the agent took a from main", 1)
	p.conn.Close()
	eventually(t, "the connection's end", func() bool { return srv.openConns() == 0 })
	if tookCount(h, "a") != 1 || strings.Contains(strings.Join(transcriptTexts(h), "\n"), "handed to the agent again") {
		t.Errorf("transcript: %q", transcriptTexts(h))
	}
}

// unreadByPeer returns how many bytes wait unread in conn's receive queue.
func unreadByPeer(t *testing.T, conn net.Conn) int {
	t.Helper()
	rc, err := conn.(syscall.Conn).SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	var ierr error
	if err := rc.Control(func(fd uintptr) { n, ierr = unix.IoctlGetInt(int(fd), unix.SIOCINQ) }); err != nil || ierr != nil {
		t.Fatalf("SIOCINQ: %v %v", err, ierr)
	}
	return n
}

// An agent killed before it read the reply (its socket still holds it)
// gets the press again, marked redelivered, under the same actionId; the
// transcript says what happened in true words, and the presses after it
// keep their order and their own ids.
func TestAgentKilledBeforeReadingGetsThePressAgain(t *testing.T) {
	if !peerReads {
		t.Skip("this system cannot tell what a closed peer had read")
	}
	var logs testutil.SyncBuffer
	h, srv := startRaw(t, ServerOptions{Logger: log.New(&logs, "", 0)})
	if _, err := h.Show(buttonsSurface("a", "b")); err != nil {
		t.Fatal(err)
	}
	press(t, h, hub.Terminal, "a")
	press(t, h, hub.Terminal, "b")
	p := dialRaw(t, srv)
	p.send(`{"jsonrpc":"2.0","id":1,"method":"canvas.wait","params":{"seconds":30}}`)
	eventually(t, "the reply in the agent's socket", func() bool { return unreadByPeer(t, p.conn) > 0 })
	p.conn.Close() // killed: the reply was never read
	waitForTranscript(t, h, "← a from main will be handed to the agent again: its connection closed before it read the press", 1)
	if tookCount(h, "a") != 0 {
		t.Errorf("the transcript says the agent took a: %q", transcriptTexts(h))
	}

	q := dialRaw(t, srv)
	q.send(`{"jsonrpc":"2.0","id":2,"method":"canvas.wait","params":{"seconds":30}}`)
	first := waitResult(t, q.reply())
	q.send(`{"jsonrpc":"2.0","id":3,"method":"canvas.wait","params":{"seconds":30}}`)
	second := waitResult(t, q.reply())
	if !bytes.Contains(first.Action, []byte(`"name":"a"`)) || !first.Redelivered || first.ActionID != "1" {
		t.Errorf("a, again: %+v", first)
	}
	if !bytes.Contains(second.Action, []byte(`"name":"b"`)) || second.Redelivered || second.ActionID != "2" {
		t.Errorf("b: %+v", second)
	}
	// Killed after reading: nothing comes back.
	q.conn.Close()
	eventually(t, "the connection's end", func() bool { return srv.openConns() == 0 })
	if res, err := h.Wait(t.Context(), 0); err != nil || !res.TimedOut {
		t.Errorf("an action read before the agent was killed came back: %+v, %v", res, err)
	}
	if tookCount(h, "a") != 1 || tookCount(h, "b") != 1 {
		t.Errorf("transcript: %q", transcriptTexts(h))
	}
	// The reset that tells a killed agent from one that read is no
	// protocol error: a2term's log (a kept terminal's transcript) does
	// not call it one.
	if strings.Contains(logs.String(), "protocol error") {
		t.Errorf("the log calls an agent killed before reading a protocol error:\n%s", logs.String())
	}
}

// The actionId of an action is kept by the journal: a canvas restored
// hands out the actions it held under the ids they had, and numbers new
// ones after them.
func TestActionIDsSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	h := hub.New(hub.Options{})
	if _, err := h.UseJournal(dir + "/canvas.journal"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(buttonsSurface("a", "b")); err != nil {
		t.Fatal(err)
	}
	press(t, h, hub.Terminal, "a")
	press(t, h, hub.Terminal, "b")
	if res, err := h.Wait(t.Context(), 0); err != nil || res.ActionID != "1" {
		t.Fatalf("first wait: %+v %v", res, err)
	}
	h.Close()

	h2 := hub.New(hub.Options{})
	t.Cleanup(h2.Close)
	if _, err := h2.UseJournal(dir + "/canvas.journal"); err != nil {
		t.Fatal(err)
	}
	res, err := h2.Wait(t.Context(), 0)
	if err != nil || actionName(t, res) != "b" || res.ActionID != "2" {
		t.Fatalf("restored: %+v %v", res, err)
	}
	press(t, h2, hub.Terminal, "a")
	if res, err := h2.Wait(t.Context(), time.Second); err != nil || res.ActionID != "3" {
		t.Fatalf("after the restart: %+v %v", res, err)
	}
}

// An action handed out before a restart and not taken (the agent had not
// read it, or a2term ended before it could tell) comes back from the
// journal marked redelivered, under its id: the agent may have acted on
// it. One never handed out does not.
func TestRedeliveredSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	h := hub.New(hub.Options{})
	if _, err := h.UseJournal(dir + "/canvas.journal"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(buttonsSurface("a", "b")); err != nil {
		t.Fatal(err)
	}
	press(t, h, hub.Terminal, "a")
	press(t, h, hub.Terminal, "b")
	// Handed out, never read.
	if res, _, err := h.Take(t.Context(), 0, nil); err != nil || res.ActionID != "1" || res.Redelivered {
		t.Fatalf("first wait: %+v %v", res, err)
	}
	h.Close()

	// The first restart reads it from the record after the snapshot, the
	// second from the snapshot the first one started its journal with.
	for restart := 1; restart <= 2; restart++ {
		h2 := hub.New(hub.Options{})
		if _, err := h2.UseJournal(dir + "/canvas.journal"); err != nil {
			t.Fatal(err)
		}
		res, _, err := h2.Take(t.Context(), 0, nil)
		if err != nil || actionName(t, res) != "a" || res.ActionID != "1" || !res.Redelivered {
			t.Errorf("restart %d, a: %s id %q redelivered %v, %v", restart, res.Action, res.ActionID, res.Redelivered, err)
		}
		res, _, err = h2.Take(t.Context(), 0, nil)
		if err != nil || actionName(t, res) != "b" || res.ActionID != "2" || restart == 1 && res.Redelivered {
			t.Errorf("restart %d, b: %s id %q redelivered %v, %v", restart, res.Action, res.ActionID, res.Redelivered, err)
		}
		h2.Close()
	}
}
