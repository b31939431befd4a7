package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// rawClient writes lines of its own to the server on pipes, as a client
// writes to `a2term mcp`'s standard input, and reads the replies.
type rawClient struct {
	t      *testing.T
	in     *io.PipeWriter
	lines  chan []byte
	served chan error
	// early holds the replies read while looking for others, by id.
	early map[string][]rawReply
}

// rawReply is one JSON-RPC reply, with its id as it was written.
type rawReply struct {
	ID     json.RawMessage `json:"id"`
	Result *struct {
		IsError           bool            `json:"isError"`
		StructuredContent json.RawMessage `json:"structuredContent"`
		Content           []struct {
			Text string `json:"text"`
		} `json:"content"`
	} `json:"result"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// rawOn serves e's canvas to a rawClient of its own and initializes the
// session.
func rawOn(t *testing.T, e *env) *rawClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := &rawClient{t: t, in: inW, lines: make(chan []byte), served: make(chan error, 1), early: map[string][]rawReply{}}
	go func() {
		r.served <- serve(context.Background(), e.canvas, e.opts, inR, outW)
		outW.Close()
	}()
	stop := make(chan struct{})
	read := make(chan struct{})
	go func() {
		defer close(read)
		br := bufio.NewReader(outR)
		for {
			line, err := br.ReadBytes('\n')
			if len(line) > 0 {
				select {
				case r.lines <- line:
				case <-stop:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		if err := <-r.served; err != nil {
			t.Errorf("the server ended with %v", err)
		}
		close(stop)
		outR.Close()
		<-read
	})
	r.write(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}` + "\n")
	if rep := r.await(`"init"`)[`"init"`]; rep.Result == nil {
		t.Fatalf("initialize: %+v", rep)
	}
	r.write(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	return r
}

// write sends s as it is, in one write. The session must go on
// meanwhile: a server that stopped reading would hold the write forever.
func (r *rawClient) write(s string) {
	r.t.Helper()
	wrote := make(chan error, 1)
	go func() {
		_, err := io.WriteString(r.in, s)
		wrote <- err
	}()
	timeout := time.NewTimer(20 * time.Second)
	defer timeout.Stop()
	select {
	case err := <-wrote:
		if err != nil {
			r.t.Fatalf("writing to the server: %v", err)
		}
	case err := <-r.served:
		r.served <- err
		r.t.Fatalf("the session ended (%v) before it read %.40q", err, s)
	case <-timeout.C:
		r.t.Fatalf("the server does not read %.40q", s)
	}
}

// await reads replies until it has one for each of ids (as written:
// 1, "a", null) and returns them by id. The session must go on meanwhile.
func (r *rawClient) await(ids ...string) map[string]rawReply {
	r.t.Helper()
	got := map[string]rawReply{}
	missing := func() []string {
		var m []string
		for _, id := range ids {
			if q := r.early[id]; len(q) > 0 {
				got[id], r.early[id] = q[0], q[1:]
			}
			if _, ok := got[id]; !ok {
				m = append(m, id)
			}
		}
		return m
	}
	timeout := time.NewTimer(20 * time.Second)
	defer timeout.Stop()
	for len(missing()) > 0 {
		select {
		case line := <-r.lines:
			var rep rawReply
			if err := json.Unmarshal(line, &rep); err != nil {
				r.t.Fatalf("an output line is not JSON: %q", line)
			}
			if rep.Result == nil && rep.Error == nil {
				continue // a notification
			}
			id := string(rep.ID)
			r.early[id] = append(r.early[id], rep)
		case err := <-r.served:
			r.served <- err
			r.t.Fatalf("the session ended (%v) before the replies to %v", err, missing())
		case <-timeout.C:
			r.t.Fatalf("no reply to %v", missing())
		}
	}
	return got
}

// awaitLine reads lines until one holds s, keeping the replies it reads
// on the way for await.
func (r *rawClient) awaitLine(s string) {
	r.t.Helper()
	timeout := time.NewTimer(20 * time.Second)
	defer timeout.Stop()
	for {
		select {
		case line := <-r.lines:
			if strings.Contains(string(line), s) {
				return
			}
			var rep rawReply
			if json.Unmarshal(line, &rep) == nil && (rep.Result != nil || rep.Error != nil) {
				r.early[string(rep.ID)] = append(r.early[string(rep.ID)], rep)
			}
		case err := <-r.served:
			r.served <- err
			r.t.Fatalf("the session ended (%v) before a line with %s", err, s)
		case <-timeout.C:
			r.t.Fatalf("no line with %s", s)
		}
	}
}

// ping is a ping request with id.
func ping(id int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, id) }

// TestBadLinesKeepTheSession: a line that is not exactly one JSON-RPC
// message is answered with an error and skipped, whatever follows the
// message on its line; the reply to the request before it still comes,
// and so does the reply to the next one. The log says why, and never
// holds a byte of the line that a terminal would act on.
func TestBadLinesKeepTheSession(t *testing.T) {
	for _, bad := range []struct {
		name string
		line string
		code int
	}{
		{"a space and a brace after", ping(1000) + " }", -32700},
		{"a NUL after", ping(1000) + "\x00", -32700},
		{"a byte order mark before", "\uFEFF" + ping(1000), -32700},
		{"a byte order mark after", ping(1000) + "\uFEFF", -32700},
		{"a no-break space after", ping(1000) + "\u00a0", -32700},
		{"a second message", ping(1000) + ping(1001), -32700},
		{"a second message after a space", ping(1000) + " " + ping(1001), -32700},
		{"half a message", `{"jsonrpc":"2.0","id":1000,"method":"pi`, -32700},
		{"garbage with escape sequences", "this is not JSON \x1b]0;owned\x07\x1b[2J", -32700},
		{"a batch", "[" + ping(1000) + "]", -32600},
		{"JSON that is not a message", `{"hello":"world"}`, -32600},
		{"a line over the bound", `{"jsonrpc":"2.0","id":1000,"method":"ping","params":{"x":"` + strings.Repeat("x", MaxLine) + `"}}`, -32600},
	} {
		t.Run(bad.name, func(t *testing.T) {
			e := standaloneParallel(t, Options{NoWeb: true})
			r := rawOn(t, e)
			// The request before the bad line comes in the same write.
			r.write(ping(1) + "\n" + bad.line + "\n")
			got := r.await("1", "null")
			if rep := got["1"]; rep.Error != nil || rep.Result == nil {
				t.Errorf("the request before the bad line: %+v", rep)
			}
			if rep := got["null"]; rep.Error == nil || rep.Error.Code != bad.code {
				t.Errorf("the bad line got %+v, want error %d", rep, bad.code)
			}
			r.write(ping(2) + "\n")
			if rep := r.await("2")["2"]; rep.Error != nil || rep.Result == nil {
				t.Errorf("the request after the bad line: %+v", rep)
			}
			if _, ok := r.early["1000"]; ok {
				t.Errorf("a message on a bad line was served")
			}
			if log := e.log.String(); strings.ContainsAny(log, "\x00\x07\x1b\uFEFF") || !strings.Contains(log, "ignored an input line: ") {
				t.Errorf("the log: %q", log)
			}
		})
	}
}

// TestLineWhiteSpaceAndIDs: white space around the message, a CRLF, and a
// blank line are no error; a message that is not a request but has an
// id gets its error with that id.
func TestLineWhiteSpaceAndIDs(t *testing.T) {
	e := standaloneParallel(t, Options{NoWeb: true})
	r := rawOn(t, e)
	r.write("  \t" + ping(1) + " \t \r\n\n\r\n" + ping(2) + "\r\n")
	for id, rep := range r.await("1", "2") {
		if rep.Error != nil || rep.Result == nil {
			t.Errorf("%s: %+v", id, rep)
		}
	}
	r.write(`{"jsonrpc":"1.0","id":7,"method":"ping"}` + "\n" + `{"jsonrpc":"1.0","id":"s","method":"ping"}` + "\n")
	for id, rep := range r.await("7", `"s"`) {
		if rep.Error == nil || rep.Error.Code != -32600 {
			t.Errorf("%s: %+v", id, rep)
		}
	}
	if len(r.early["null"]) != 0 {
		t.Errorf("errors for no line: %+v", r.early["null"])
	}
}
