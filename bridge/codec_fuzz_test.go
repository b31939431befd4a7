package bridge

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net"
	"strings"
	"testing"
	"time"
)

// fakeConn is a connection whose peer has sent in and reads what the
// codec writes into out.
type fakeConn struct {
	in  *bytes.Reader
	out bytes.Buffer
}

func (c *fakeConn) Read(p []byte) (int, error)       { return c.in.Read(p) }
func (c *fakeConn) Write(p []byte) (int, error)      { return c.out.Write(p) }
func (c *fakeConn) Close() error                     { return nil }
func (c *fakeConn) CloseWrite() error                { return nil }
func (c *fakeConn) LocalAddr() net.Addr              { return &net.UnixAddr{Net: "unix"} }
func (c *fakeConn) RemoteAddr() net.Addr             { return &net.UnixAddr{Net: "unix"} }
func (c *fakeConn) SetDeadline(time.Time) error      { return nil }
func (c *fakeConn) SetReadDeadline(time.Time) error  { return nil }
func (c *fakeConn) SetWriteDeadline(time.Time) error { return nil }

// codecSeeds are streams at the edges of the framing and the envelope.
var codecSeeds = []string{
	`{"jsonrpc":"2.0","id":1,"method":"canvas.info"}` + "\n",
	`{"jsonrpc":"2.0","id":"a","method":"canvas.wait","params":{"seconds":1}}` + "\n" + `{"jsonrpc":"2.0","method":"transcript.append","params":{"role":"note","text":"x"}}`,
	"\n\n  \r\n{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"m\",\"params\":[]}\n",
	`[{"jsonrpc":"2.0","id":1,"method":"canvas.info"}]` + "\n" + `not json` + "\n" + `42` + "\n",
	`{"jsonrpc":"2.0","id":1.5,"method":"x"}` + "\n" + `{"jsonrpc":"2.0","id":-7,"method":5}` + "\n",
	`{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}` + "\n" + `{"jsonrpc":"2.0","id":1,"Method":"a"}` + "\n",
	`{"jsonrpc":"2.0","id":1,"m\u0065thod":"canvas.info","params":{"a":[1,{"b":"\u00e9\n"}]}}` + "\n",
	`{"jsonrpc":"2.0","id":1,"method":"` + strings.Repeat("x", 300) + `"}` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"y"}`,
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}\n",
}

// FuzzCodec feeds a stream of lines to the codec with a small line limit
// and checks, for every line: it becomes a request whose id, method and
// params are what encoding/json reads in it, or it is answered with one
// JSON-RPC error reply (or, past the limit, answered and the connection
// ended); the buffers never pass the limit, and everything they held is
// given back at the end.
func FuzzCodec(f *testing.F) {
	for _, s := range codecSeeds {
		f.Add([]byte(s))
	}
	const limit = 256
	f.Fuzz(func(t *testing.T, stream []byte) {
		conn := &fakeConn{in: bytes.NewReader(stream)}
		b := &budget{limit: 1 << 20}
		s := newLineStream(conn, limit, time.Second, log.New(io.Discard, "", 0), b)
		var reqs []*request
		var end error
		for {
			req, err := s.next()
			if err != nil {
				end = err
				break
			}
			reqs = append(reqs, req)
		}
		s.dropBuffer()

		// What the lines should have become, read with encoding/json.
		lines := strings.Split(string(stream), "\n")
		wantReqs, wantReplies := 0, 0
		tooLong := false
		for _, l := range lines {
			if len(l) > limit {
				tooLong = true
				wantReplies++
				break
			}
			l = strings.Trim(l, " \t\r")
			if l == "" {
				continue
			}
			if isRequest(l) {
				wantReqs++
			} else {
				wantReplies++
			}
		}
		if len(reqs) != wantReqs {
			t.Fatalf("%d requests, want %d, from %q", len(reqs), wantReqs, stream)
		}
		if tooLong != (end == errTooLong) {
			t.Fatalf("ended with %v; a line over the limit: %v", end, tooLong)
		}
		for _, req := range reqs {
			var env map[string]json.RawMessage
			if json.Unmarshal(req.line.b, &env) != nil {
				t.Fatalf("request from %q is not JSON", req.line.b)
			}
			var method string
			if json.Unmarshal(env["method"], &method) != nil || method != req.method {
				t.Fatalf("method %q from %q", req.method, req.line.b)
			}
			if id, ok := env["id"]; ok != (req.id != nil) || ok && !bytes.Equal(id, req.id) {
				t.Fatalf("id %q from %q", req.id, req.line.b)
			}
			if p, ok := env["params"]; ok != (req.params != nil) || ok && !bytes.Equal(p, req.params) {
				t.Fatalf("params %q from %q", req.params, req.line.b)
			}
			req.line.release()
		}
		replies := strings.Split(strings.TrimSuffix(conn.out.String(), "\n"), "\n")
		if conn.out.Len() == 0 {
			replies = nil
		}
		if len(replies) != wantReplies {
			t.Fatalf("%d replies, want %d, to %q: %q", len(replies), wantReplies, stream, conn.out.String())
		}
		for _, r := range replies {
			var reply struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   *struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(r), &reply); err != nil || reply.JSONRPC != "2.0" || reply.Error == nil || reply.ID == nil {
				t.Fatalf("reply %q: %v", r, err)
			}
			if c := reply.Error.Code; c != -32700 && c != -32600 {
				t.Fatalf("reply %q", r)
			}
		}
		if p := b.peak.Load(); p > int64(limit) {
			t.Fatalf("the buffers held %d bytes of the budget; a line is at most %d", p, limit)
		}
		if u := b.used.Load(); u != 0 {
			t.Fatalf("%d bytes of the budget never given back", u)
		}
	})
}

// isRequest reports, with encoding/json, whether a line is what the codec
// takes for a request: an object with "jsonrpc":"2.0", a string method,
// an id (if any) that is a string, an integer or null, no other members
// and no member twice.
func isRequest(line string) bool {
	if !json.Valid([]byte(line)) {
		return false
	}
	dec := json.NewDecoder(strings.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		name := tok.(string)
		var v json.RawMessage
		if dec.Decode(&v) != nil || seen[name] {
			return false
		}
		seen[name] = true
		switch name {
		case "jsonrpc":
			var s string
			if json.Unmarshal(v, &s) != nil || s != "2.0" || v[0] != '"' {
				return false
			}
		case "method":
			var s string
			if json.Unmarshal(v, &s) != nil {
				return false
			}
		case "id":
			switch {
			case v[0] == '"' || string(v) == "null":
			case v[0] == '-' || v[0] >= '0' && v[0] <= '9':
				if strings.ContainsAny(string(v), ".eE") {
					return false
				}
			default:
				return false
			}
		case "params":
		default:
			return false
		}
	}
	return seen["jsonrpc"] && seen["method"]
}
