package agentsock

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
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
)

// What each kind of malformed input does to a connection, as doc.go
// promises ("Malformed input"), and that the hub and other connections
// carry on.

func startRaw(t *testing.T, opts ServerOptions) (*hub.Hub, *Server) {
	t.Helper()
	h := hub.New(hub.Options{})
	srv, err := Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
		h.Close()
	})
	return h, srv
}

// peer is a raw connection that writes lines and reads reply lines.
type peer struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
}

func dialRaw(t *testing.T, srv *Server) *peer {
	t.Helper()
	conn, err := net.Dial("unix", srv.Path())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return &peer{t: t, conn: conn, r: bufio.NewReader(conn)}
}

// send writes a line; like every read and write of a peer, it fails the
// test after the guard rather than hang.
func (p *peer) send(line string) {
	p.t.Helper()
	if err := p.conn.SetWriteDeadline(time.Now().Add(guard)); err != nil {
		p.t.Fatal(err)
	}
	if _, err := p.conn.Write([]byte(line + "\n")); err != nil {
		p.t.Fatal(err)
	}
}

func (p *peer) readLine() (string, error) {
	if err := p.conn.SetReadDeadline(time.Now().Add(guard)); err != nil {
		return "", err
	}
	return p.r.ReadString('\n')
}

type wireReply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int         `json:"code"`
		Message string      `json:"message"`
		Data    *a2ui.Error `json:"data"`
	} `json:"error"`
}

// leaks lists what a reply must never contain: Go's error texts and
// traces.
var leaks = []string{"json:", "goroutine", "panic", "runtime.", ".go:", "jsonrpc2:", "unexpected end", "invalid character", "cannot unmarshal"}

func (p *peer) reply() wireReply {
	p.t.Helper()
	line, err := p.readLine()
	if err != nil {
		p.t.Fatalf("reading a reply: %v", err)
	}
	for _, l := range leaks {
		if strings.Contains(line, l) {
			p.t.Errorf("a reply leaks %q: %s", l, line)
		}
	}
	var r wireReply
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.JSONRPC != "2.0" {
		p.t.Fatalf("reply %q: %v", line, err)
	}
	return r
}

func (p *peer) wantError(code int, id string) wireReply {
	p.t.Helper()
	r := p.reply()
	gotID := "absent"
	if len(r.ID) > 0 {
		gotID = string(r.ID)
	}
	if r.Error == nil || r.Error.Code != code || gotID != id {
		p.t.Errorf("reply id %s, error %+v; want code %d, id %s", gotID, r.Error, code, id)
	}
	return r
}

// alive checks that the connection still answers.
func (p *peer) alive() {
	p.t.Helper()
	p.send(`{"jsonrpc":"2.0","id":100,"method":"canvas.info"}`)
	r := p.reply()
	if r.Error != nil || string(r.ID) != "100" || !bytes.Contains(r.Result, []byte(`"protocol":"a2ui/v0.8"`)) {
		p.t.Errorf("the connection stopped answering: %+v", r)
	}
}

// closed checks that the server closed the connection.
func (p *peer) closed() {
	p.t.Helper()
	if line, err := p.readLine(); err == nil {
		p.t.Errorf("the connection is still open and sent %q", line)
	} else if !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) && !strings.Contains(err.Error(), "reset by peer") {
		p.t.Errorf("reading after the close: %v", err)
	}
}

func TestMalformedNotJSONKeepsTheConnection(t *testing.T) {
	_, srv := startRaw(t, ServerOptions{})
	p := dialRaw(t, srv)
	p.send(`this is not JSON`)
	if r := p.wantError(-32700, "null"); r.Error != nil && !strings.HasPrefix(r.Error.Message, "parse error") {
		t.Errorf("message %q", r.Error.Message)
	}
	p.send(`{"jsonrpc":"2.0","id":1,"method":"canvas.info"`) // cut off
	p.wantError(-32700, "null")
	p.alive()
	// JSON that is not a request.
	p.send(`42`)
	p.wantError(-32600, "null")
	p.send(`{"hello":"world"}`)
	p.wantError(-32600, "null")
	p.send(`{"jsonrpc":"2.0","id":7,"method":5}`)
	p.wantError(-32600, "7")
	p.send(`{"jsonrpc":"2.0","id":"s","method":["x"]}`)
	p.wantError(-32600, `"s"`)
	p.send(`{"jsonrpc":"2.0","id":1.5,"method":"canvas.info"}`)
	p.wantError(-32600, "null")
	p.send(`[{"jsonrpc":"2.0","id":1,"method":"canvas.info"}]`)
	p.wantError(-32600, "null")
	p.send(`   `) // blank lines are skipped
	p.alive()
}

// Ids are what jsonrpc2 carries: strings and integers from 0 to 2^63-1,
// answered as sent. Others are refused, answered with the id as sent
// when it is a number, rather than answered under another id (jsonrpc2
// would turn -7 into 18446744073709551609) or not at all (it takes a null
// id for a notification).
func TestMalformedIDsJSONRPC2CannotCarry(t *testing.T) {
	_, srv := startRaw(t, ServerOptions{})
	p := dialRaw(t, srv)
	for _, id := range []string{`0`, `9223372036854775807`, `"x"`, `""`, `"\u00e9 \"q\""`} {
		p.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"canvas.info"}`)
		r := p.reply()
		got, want := string(r.ID), id
		if id[0] == '"' { // the same string, however it is escaped
			if json.Unmarshal(r.ID, &got) != nil || json.Unmarshal([]byte(id), &want) != nil {
				got = "not a string: " + got
			}
		}
		if got != want || r.Error != nil {
			t.Errorf("id %s: reply id %s, error %+v", id, r.ID, r.Error)
		}
	}
	for _, c := range []struct{ id, echo string }{
		{`-7`, `-7`},
		{`-0`, `-0`},
		{`9223372036854775808`, `9223372036854775808`},
		{`null`, `null`},
	} {
		p.send(`{"jsonrpc":"2.0","id":` + c.id + `,"method":"canvas.info"}`)
		if r := p.wantError(-32600, c.echo); r.Error != nil && !strings.Contains(r.Error.Message, "an integer from 0 to 9223372036854775807") {
			t.Errorf("id %s: message %q", c.id, r.Error.Message)
		}
	}
	p.alive()
}

func TestMalformedLineOverTheLimitClosesTheConnection(t *testing.T) {
	var logs testutil.SyncBuffer
	h, srv := startRaw(t, ServerOptions{Logger: log.New(&logs, "", 0)})
	other := dialRaw(t, srv)

	// A line of exactly the limit is read and answered.
	p := dialRaw(t, srv)
	head := `{"jsonrpc":"2.0","id":1,"method":"canvas.info"`
	p.send(head + strings.Repeat(" ", MaxRPCMessageBytes-len(head)-1) + `}`)
	if r := p.reply(); r.Error != nil || string(r.ID) != "1" {
		t.Errorf("a line of exactly the limit: %+v", r.Error)
	}
	p.alive()

	// One byte more is refused before it is read in full, and answered
	// before the connection closes: the server reads and drops the rest
	// of what the peer sends, so the peer's write completes, it reads the
	// reply, then the end of the connection, never a reset.
	if err := p.conn.SetWriteDeadline(time.Now().Add(guard)); err != nil {
		t.Fatal(err)
	}
	wrote := make(chan error, 1)
	go func() {
		big := `{"jsonrpc":"2.0","id":2,"method":"transcript.append","params":{"role":"note","text":"` + strings.Repeat("x", 2*MaxRPCMessageBytes) + `"}}` + "\n"
		_, err := p.conn.Write([]byte(big))
		wrote <- err
	}()
	r := p.wantError(-32600, "null")
	if r.Error != nil && r.Error.Message != "message over 4 MiB" {
		t.Errorf("message %q", r.Error.Message)
	}
	if _, err := p.readLine(); !errors.Is(err, io.EOF) {
		t.Errorf("after the reply: %v; want the end of the connection", err)
	}
	if err := <-wrote; err != nil {
		t.Errorf("writing the long line: %v", err)
	}
	if peak := srv.budget.peak.Load(); peak > MaxRPCMessageBytes || peak == 0 {
		t.Errorf("the codec's buffer grew to %d bytes; the limit is %d", peak, MaxRPCMessageBytes)
	}
	if !strings.Contains(logs.String(), "a line over") {
		t.Errorf("log: %q", logs.String())
	}
	// Everyone else goes on.
	other.alive()
	if err := h.Append(hub.RoleNote, "still here"); err != nil {
		t.Error(err)
	}
}

// Members match by their exact names, in the envelope and in params,
// where encoding/json would match "Seconds" to "seconds"; a member given
// twice is refused rather than one of the two winning.
func TestMalformedNamesMatchExactly(t *testing.T) {
	h, srv := startRaw(t, ServerOptions{})
	p := dialRaw(t, srv)
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"Method":"canvas.info"}`,
		`{"jsonrpc":"2.0","ID":1,"method":"canvas.info"}`,
		`{"JSONRPC":"2.0","id":1,"method":"canvas.info"}`,
		`{"jsonrpc":"2.0","id":1,"method":"canvas.info","Params":{}}`,
		`{"jsonrpc":"2.0","id":1,"method":"canvas.info","method":"canvas.wait"}`,
		`{"jsonrpc":"1.0","id":1,"method":"canvas.info"}`,
		`{"id":1,"method":"canvas.info"}`,
	} {
		p.send(line)
		r := p.reply()
		if r.Error == nil || r.Error.Code != -32600 {
			t.Errorf("%s: %+v %s", line, r.Error, r.Result)
		}
	}
	for _, c := range []struct{ params, path, message string }{
		{`{"Seconds":5}`, "", `unknown parameter "Seconds" (canvas.wait takes seconds)`},
		{`{"seconds":0,"seconds":600}`, "/seconds", "parameter seconds is given twice"},
		{`{"se\u0063onds":0,"seconds":600}`, "/seconds", "parameter seconds is given twice"},
	} {
		p.send(`{"jsonrpc":"2.0","id":5,"method":"canvas.wait","params":` + c.params + `}`)
		r := p.wantError(-32602, "5")
		if r.Error == nil || r.Error.Data == nil || r.Error.Data.Path != c.path || r.Error.Message != c.message {
			t.Errorf("params %s: %+v", c.params, r.Error)
		}
	}
	// So do the canvas's own: a message named in another case is not a
	// message.
	p.send(`{"jsonrpc":"2.0","id":6,"method":"canvas.show","params":{"messages":[{"BeginRendering":{"surfaceId":"a","root":"r"}}]}}`)
	if r := p.wantError(-32602, "6"); r.Error != nil && (r.Error.Data == nil || r.Error.Data.Code != a2ui.CodeBadMessage) {
		t.Errorf("BeginRendering: %+v", r.Error)
	}
	if n := len(h.Snapshot().Canvas.Surfaces()); n != 0 {
		t.Errorf("%d surfaces", n)
	}
	// An escaped name is the name it spells.
	p.send(`{"jsonrpc":"2.0","id":7,"m\u0065thod":"canvas.info"}`)
	if r := p.reply(); r.Error != nil || string(r.ID) != "7" {
		t.Errorf("an escaped name: %+v", r.Error)
	}
	p.alive()
}

func TestMalformedUnknownMethod(t *testing.T) {
	_, srv := startRaw(t, ServerOptions{})
	p := dialRaw(t, srv)
	p.send(`{"jsonrpc":"2.0","id":3,"method":"canvas.destroy","params":{}}`)
	if r := p.wantError(-32601, "3"); r.Error != nil && (r.Error.Message != "method not found: canvas.destroy" || r.Error.Data != nil) {
		t.Errorf("reply %+v", r.Error)
	}
	p.alive()
}

func TestMalformedParamsAreRefusedWithData(t *testing.T) {
	h, srv := startRaw(t, ServerOptions{})
	if _, err := h.Show(buttonsSurface("a")); err != nil {
		t.Fatal(err)
	}
	version := h.Snapshot().Canvas.Version()
	p := dialRaw(t, srv)
	for _, c := range []struct {
		method, params string
		code           a2ui.Code
		path           string
	}{
		{"canvas.show", `{}`, a2ui.CodeMissingProperty, "/messages"},
		{"canvas.show", `{"messages":5}`, a2ui.CodeBadValue, "/messages"},
		{"canvas.show", `{"messages":{"beginRendering":{}}}`, a2ui.CodeBadValue, "/messages"},
		{"canvas.show", `{"messages":null}`, a2ui.CodeMissingProperty, "/messages"},
		{"canvas.show", `["not","an","object"]`, a2ui.CodeBadValue, ""},
		{"canvas.show", `{"messages":[],"extra":1}`, a2ui.CodeBadValue, ""},
		{"canvas.show", `{"messages":[5]}`, a2ui.CodeBadMessage, ""},
		{"canvas.wait", `{"seconds":"5"}`, a2ui.CodeBadValue, "/seconds"},
		{"canvas.wait", `{"seconds":true}`, a2ui.CodeBadValue, "/seconds"},
		{"canvas.wait", `{"seconds":-1}`, a2ui.CodeBadValue, "/seconds"},
		{"canvas.wait", `{"seconds":601}`, a2ui.CodeBadValue, "/seconds"},
		{"canvas.wait", `{"seconds":1e999}`, a2ui.CodeBadValue, "/seconds"},
		{"canvas.wait", `{"timeout":5}`, a2ui.CodeBadValue, ""},
		{"canvas.wait", `{}`, a2ui.CodeMissingProperty, "/seconds"},
		{"canvas.state", `{"surfaceId":3}`, a2ui.CodeBadValue, "/surfaceId"},
		{"canvas.state", `"main"`, a2ui.CodeBadValue, ""},
		{"transcript.append", `{"role":"agent"}`, a2ui.CodeMissingProperty, "/text"},
		{"transcript.append", `{"role":"agent","text":["x"]}`, a2ui.CodeBadValue, "/text"},
		{"transcript.append", `{"role":"boss","text":"x"}`, a2ui.CodeBadValue, ""},
		{"canvas.info", `{"verbose":true}`, a2ui.CodeBadValue, ""},
	} {
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":5,"method":%q,"params":%s}`, c.method, c.params))
		r := p.wantError(-32602, "5")
		if r.Error == nil {
			continue
		}
		d := r.Error.Data
		if d == nil || d.Code != c.code || d.Path != c.path || d.Message != r.Error.Message || d.Message == "" {
			t.Errorf("%s %s: %+v, data %+v; want code %s, path %q", c.method, c.params, r.Error, d, c.code, c.path)
		}
	}
	if got := h.Snapshot().Canvas.Version(); got != version {
		t.Errorf("refused params changed the canvas (version %d, was %d)", got, version)
	}
	p.alive()
}

func TestMalformedPeerThatNeverReadsIsDropped(t *testing.T) {
	var logs testutil.SyncBuffer
	h, srv := startRaw(t, ServerOptions{Logger: log.New(&logs, "", 0), WriteTimeout: 100 * time.Millisecond})
	if _, err := h.Show(buttonsSurface("a")); err != nil {
		t.Fatal(err)
	}
	stuck := dialRaw(t, srv)
	other := dialRaw(t, srv)

	// The stuck peer sends calls as fast as it can and reads nothing. Its
	// writes fail once the server has dropped it.
	if err := stuck.conn.SetWriteDeadline(time.Now().Add(guard)); err != nil {
		t.Fatal(err)
	}
	dropped := make(chan error, 1)
	go func() {
		batch := []byte(strings.Repeat(`{"jsonrpc":"2.0","id":1,"method":"canvas.info"}`+"\n", 1000))
		for {
			if _, err := stuck.conn.Write(batch); err != nil {
				dropped <- err
				return
			}
		}
	}()
	// Meanwhile the hub and the other connection are served.
	for range 20 {
		other.alive()
		press(t, h, hub.Web, "a")
	}
	select {
	case err := <-dropped:
		if errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("the server never dropped the peer that does not read: %v", err)
		}
	case <-time.After(guard):
		t.Fatal("the server never dropped the peer that does not read")
	}
	other.alive()
	if !strings.Contains(logs.String(), "dropping a connection: its peer read no reply for 100ms") {
		t.Errorf("log: %q", logs.String())
	}
}

func TestMalformedTooManyInFlight(t *testing.T) {
	h, srv := startRaw(t, ServerOptions{MaxInFlight: 2})
	p := dialRaw(t, srv)
	p.send(`{"jsonrpc":"2.0","id":1,"method":"canvas.wait","params":{"seconds":30}}`)
	p.send(`{"jsonrpc":"2.0","id":2,"method":"canvas.wait","params":{"seconds":30}}`)
	// Both waits are running (each handler has reached the hub), so the
	// connection has no slot left.
	waitForTranscript(t, h, "… waiting for the person", 2)
	p.send(`{"jsonrpc":"2.0","id":3,"method":"canvas.info"}`)
	if r := p.wantError(-32000, "3"); r.Error != nil && r.Error.Message != "too many requests in flight" {
		t.Errorf("message %q", r.Error.Message)
	}
	// Still open: the next request gets its answer too (the same, while
	// both waits run).
	p.send(`{"jsonrpc":"2.0","id":4,"method":"canvas.info"}`)
	p.wantError(-32000, "4")
	// Other connections have their own slots.
	dialRaw(t, srv).alive()
	// The waits end with the connection: the hub has no waiter left, so
	// a press is queued for the next agent.
	p.conn.Close()
	if _, err := h.Show(buttonsSurface("a")); err != nil {
		t.Fatal(err)
	}
	q := dialRaw(t, srv)
	q.send(`{"jsonrpc":"2.0","id":1,"method":"canvas.wait","params":{"seconds":30}}`)
	waitForTranscript(t, h, "… waiting for the person", 3)
	press(t, h, hub.Terminal, "a")
	if r := q.reply(); r.Error != nil || !bytes.Contains(r.Result, []byte(`"name":"a"`)) {
		t.Errorf("the next agent's wait: %+v %s", r.Error, r.Result)
	}
}

// A peer that keeps exactly MaxInFlight requests outstanding, sending the
// next as soon as it reads a reply, is never refused: a request stops
// counting before its reply is written, not after.
func TestInFlightAtTheLimitIsNeverRefused(t *testing.T) {
	const limit = 3
	_, srv := startRaw(t, ServerOptions{MaxInFlight: limit})
	p := dialRaw(t, srv)
	id := 0
	next := func() {
		id++
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"canvas.info"}`, id))
	}
	for range limit {
		next()
	}
	for range 1000 {
		if r := p.reply(); r.Error != nil {
			t.Fatalf("with %d requests outstanding, request %s was refused: %+v", limit, r.ID, r.Error)
		}
		next()
	}
	for range limit {
		if r := p.reply(); r.Error != nil {
			t.Fatalf("request %s was refused: %+v", r.ID, r.Error)
		}
	}
}

func TestMalformedNotificationsGetNoReply(t *testing.T) {
	h, srv := startRaw(t, ServerOptions{})
	p := dialRaw(t, srv)
	p.send(`{"jsonrpc":"2.0","method":"transcript.append","params":{"role":"note","text":"quiet"}}`)
	p.send(`{"jsonrpc":"2.0","method":"canvas.wait","params":{"seconds":30}}`)
	p.alive() // the first reply is the info's
	waitForTranscript(t, h, "quiet", 1)
	if q := transcriptTexts(h); strings.Contains(strings.Join(q, "\n"), "waiting") {
		t.Errorf("a canvas.wait notification waited: %q", q)
	}
}

func TestInternalErrorsCarryNoGoText(t *testing.T) {
	s := &Server{logger: log.New(io.Discard, "", 0)}
	e := s.rpcError("canvas.show", fmt.Errorf("json: cannot unmarshal: %w", errors.New("boom")))
	if e.Code != -32603 || e.Message != "internal error" || e.Data != nil {
		t.Errorf("%+v", e)
	}
}

// A peer refused for a line over the limit that goes on sending, and
// never stops, is read for a while (so that a slow peer finishing its
// line reads why it was refused) and then cut off: the server does not
// read for ever on its behalf.
func TestRefusedPeerThatNeverStopsIsCutOff(t *testing.T) {
	_, srv := startRaw(t, ServerOptions{})
	p := dialRaw(t, srv)
	wrote := make(chan int64, 1)
	go func() {
		chunk := bytes.Repeat([]byte("x"), 64<<10)
		var n int64
		for {
			if err := p.conn.SetWriteDeadline(time.Now().Add(guard)); err != nil {
				break
			}
			k, err := p.conn.Write(chunk)
			n += int64(k)
			if err != nil {
				break
			}
		}
		wrote <- n
	}()
	r := p.wantError(-32600, "null")
	if r.Error != nil && r.Error.Message != "message over 4 MiB" {
		t.Errorf("message %q", r.Error.Message)
	}
	n := <-wrote
	// The line up to the limit, twice the limit dropped, and what the
	// socket's buffers took before the end.
	if most := int64(3*MaxRPCMessageBytes + 4<<20); n > most {
		t.Errorf("the server read %d bytes from a refused peer; at most %d", n, most)
	}
	if n < 3*MaxRPCMessageBytes {
		t.Errorf("the peer was cut off after %d bytes, before it had sent three times the limit", n)
	}
}
