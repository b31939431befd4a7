package agentsock

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
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

// handled is a request as jsonrpc2 handed it to the handler, with the
// params the codec held for it.
type handled struct {
	method string
	id     jsonrpc2.ID
	notif  bool
	params []byte
}

type handlerFunc func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request)

func (f handlerFunc) Handle(ctx context.Context, c *jsonrpc2.Conn, r *jsonrpc2.Request) {
	f(ctx, c, r)
}

// FuzzCodec feeds a stream of lines, with a small line limit, to a
// jsonrpc2.Conn that reads through the codec, and checks, for every line:
// it reaches the handler as a request whose id, method and params are what
// encoding/json reads in it, or it is answered with one JSON-RPC error
// reply (or, past the limit, answered and the connection ended); the
// buffers never pass the limit, and everything they held is given back at
// the end.
func FuzzCodec(f *testing.F) {
	for _, s := range codecSeeds {
		f.Add([]byte(s))
	}
	const limit = 256
	f.Fuzz(func(t *testing.T, stream []byte) {
		conn := &fakeConn{in: bytes.NewReader(stream)}
		b := &budget{limit: 1 << 20}
		s := newLineStream(conn, limit, time.Second, log.New(io.Discard, "", 0), b)
		var got []handled
		h := handlerFunc(func(_ context.Context, _ *jsonrpc2.Conn, r *jsonrpc2.Request) {
			req := s.redeem(r.Params)
			if req == nil {
				t.Errorf("request %+v without the params the codec held", r)
				return
			}
			var params []byte
			if req.params != nil {
				params = bytes.Clone(req.params)
			}
			got = append(got, handled{method: r.Method, id: r.ID, notif: r.Notif, params: params})
			req.line.release()
		})
		rpc := jsonrpc2.NewConn(context.Background(), s, h, jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
		<-rpc.DisconnectNotify()
		<-s.readDone // the handler has seen every request
		s.dropBuffer()

		// What the lines should have become, read with encoding/json.
		var want []handled
		wantReplies := 0
		tooLong := false
		for _, l := range strings.Split(string(stream), "\n") {
			if len(l) > limit {
				tooLong = true
				wantReplies++
				break
			}
			l = strings.Trim(l, " \t\r")
			if l == "" {
				continue
			}
			if r, ok := asRequest(l); ok {
				want = append(want, r)
			} else {
				wantReplies++
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%d requests, want %d, from %q", len(got), len(want), stream)
		}
		for i := range want {
			g, w := got[i], want[i]
			if g.method != w.method || g.id != w.id || g.notif != w.notif || !bytes.Equal(g.params, w.params) {
				t.Fatalf("request %d is %+v, want %+v, from %q", i, g, w, stream)
			}
		}
		out := conn.out.String()
		if tooLong != strings.HasSuffix(out, string(replyTooLong)) {
			t.Fatalf("replies %q; a line over the limit: %v", out, tooLong)
		}
		replies := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if out == "" {
			replies = nil
		}
		if len(replies) != wantReplies {
			t.Fatalf("%d replies, want %d, to %q: %q", len(replies), wantReplies, stream, out)
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

// asRequest reads a line with encoding/json as the codec should: an
// object with "jsonrpc":"2.0", a string method, an id (if any) that is a
// string or an integer from 0 to 2^63-1, no other members and no member
// twice. It returns what the handler should be handed for it.
func asRequest(line string) (handled, bool) {
	var r handled
	if !json.Valid([]byte(line)) {
		return r, false
	}
	dec := json.NewDecoder(strings.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return r, false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return r, false
		}
		name := tok.(string)
		var v json.RawMessage
		if dec.Decode(&v) != nil || seen[name] {
			return r, false
		}
		seen[name] = true
		switch name {
		case "jsonrpc":
			var s string
			if json.Unmarshal(v, &s) != nil || s != "2.0" || v[0] != '"' {
				return r, false
			}
		case "method":
			if json.Unmarshal(v, &r.method) != nil || v[0] != '"' {
				return r, false
			}
		case "id":
			if v[0] == '"' {
				if json.Unmarshal(v, &r.id.Str) != nil {
					return r, false
				}
				r.id.IsString = true
				break
			}
			n, err := strconv.ParseInt(string(v), 10, 64)
			if err != nil || n < 0 || v[0] == '-' {
				return r, false
			}
			r.id.Num = uint64(n)
		case "params":
			r.params = v
		default:
			return r, false
		}
	}
	r.notif = !seen["id"]
	return r, seen["jsonrpc"] && seen["method"]
}
