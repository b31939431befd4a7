package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/agentsock"
)

// Serve runs the MCP server on a client's standard input and output
// until the client closes its input or ctx ends: the canvas Open finds,
// the tools on it, and a filter that answers (and logs) any input line
// that is not one JSON-RPC message instead of ending the session, as the
// SDK would. Standard output carries only the protocol.
func Serve(ctx context.Context, opts Options, stdin io.Reader, stdout io.Writer) error {
	c, err := Open(ctx, opts)
	if err != nil {
		return err
	}
	defer c.Close()
	return serve(ctx, c, opts, stdin, stdout)
}

// serve is Serve on a canvas already open.
func serve(ctx context.Context, c *Canvas, opts Options, stdin io.Reader, stdout io.Writer) error {
	out := &lockedWriter{w: stdout}
	in := &lineFilter{r: bufio.NewReaderSize(stdin, 64<<10), out: out, log: opts.logWriter(), max: MaxLine}
	t := &mcp.IOTransport{Reader: io.NopCloser(in), Writer: out, MaxLineLength: MaxLine + 1}
	if err := NewServer(c, opts).Run(ctx, t); err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("a2term mcp: %w", err)
	}
	return nil
}

// MaxLine bounds one MCP message, a line of input: a canvas_show of a
// batch at the agent API's limit, with room for JSON's escapes. A longer
// line is answered with -32600 and skipped, never held whole; the session
// goes on.
const MaxLine = 2 * agentsock.MaxRPCMessageBytes

// lockedWriter is standard output, shared by the MCP connection and the
// answers to lines it never sees. Each Write is one whole message.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p) //nolint:wrapcheck // a writer passes its file's errors on as they are
}

func (*lockedWriter) Close() error { return nil }

// lineFilter passes on the lines of r that are single JSON-RPC messages.
// The SDK ends the session on anything else (a line that is not JSON, one
// with more than one JSON value or anything but white space after it, a
// batch, a line over the limit), losing the replies to the requests
// before it, so those are answered here with a JSON-RPC error, logged and
// dropped, and the session goes on.
type lineFilter struct {
	r       *bufio.Reader
	out     io.Writer
	log     io.Writer
	max     int
	pending []byte
	err     error
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, err := f.readLine()
		f.err = err
		if line != nil {
			f.pending = f.check(line)
		}
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// readLine returns the next line with its newline, or nil for a line over
// the limit (which it skips).
func (f *lineFilter) readLine() ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := f.r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > f.max {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			f.refuse(jsonrpc.CodeInvalidRequest, nil, fmt.Sprintf("message over %d bytes", f.max))
			return nil, err //nolint:wrapcheck // the MCP transport reads io.EOF as the end of input, compared as it is
		}
		if len(line) > 0 && line[len(line)-1] != '\n' {
			line = append(line, '\n')
		}
		return line, err //nolint:wrapcheck // the MCP transport reads io.EOF as the end of input, compared as it is
	}
}

// check returns line as the SDK is to read it, one JSON-RPC message and
// a newline, or nil when line is not one. The SDK reads its input as a
// stream of JSON values and ends the session on anything between two of
// them but a newline, so a line must be exactly one JSON value, with only
// JSON's own white space around it: a second value, a stray "}", a NUL
// or a byte order mark after or before it is refused here.
func (f *lineFilter) check(line []byte) []byte {
	trimmed := bytes.Trim(line, " \t\r\n")
	if len(trimmed) == 0 {
		return nil
	}
	var v json.RawMessage
	if err := json.Unmarshal(trimmed, &v); err != nil {
		// encoding/json's reason quotes at most one character of the
		// line, escaped.
		f.refuse(jsonrpc.CodeParseError, nil, "parse error: a line must hold exactly one JSON-RPC message: "+err.Error())
		return nil
	}
	if trimmed[0] == '[' {
		f.refuse(jsonrpc.CodeInvalidRequest, nil, "batches are not supported: send one message a line")
		return nil
	}
	if _, err := jsonrpc.DecodeMessage(trimmed); err != nil {
		// Not err's text: it quotes the line.
		f.refuse(jsonrpc.CodeInvalidRequest, requestID(trimmed), "invalid request: not a JSON-RPC 2.0 message")
		return nil
	}
	return append(trimmed, '\n')
}

// requestID is the id of a JSON object that is not a valid request, when
// it has one a reply can carry (a string or a whole number), so that a
// client waiting for that reply gets it; else nil, which is JSON's null.
func requestID(object []byte) any {
	var m struct {
		ID any `json:"id"`
	}
	if json.Unmarshal(object, &m) != nil {
		return nil
	}
	switch id := m.ID.(type) {
	case string:
		return id
	case float64:
		if id == math.Trunc(id) && math.Abs(id) < 1<<53 {
			return int64(id)
		}
	}
	return nil
}

// refuse answers a line with a JSON-RPC error and logs why. msg quotes
// nothing of the line, and is cleaned all the same: the log is read in a
// terminal.
func (f *lineFilter) refuse(code int, id any, msg string) {
	fmt.Fprintf(f.log, "a2term mcp: ignored an input line: %s\n", a2ui.SanitizeLine(msg))
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	_, _ = f.out.Write(append(b, '\n'))
}
