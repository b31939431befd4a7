package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/a2term/a2term/bridge"
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
	out := &lockedWriter{w: stdout}
	in := &lineFilter{r: bufio.NewReaderSize(stdin, 64<<10), out: out, log: opts.logWriter(), max: MaxLine}
	t := &mcp.IOTransport{Reader: io.NopCloser(in), Writer: out, MaxLineLength: MaxLine + 1}
	if err := NewServer(c, opts).Run(ctx, t); err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// MaxLine bounds one MCP message: a canvas_show of a batch at the
// agent API's limit, with room for JSON's escapes.
const MaxLine = 2 * bridge.MaxRPCMessageBytes

// lockedWriter is standard output, shared by the MCP connection and the
// answers to lines it never sees. Each Write is one whole message.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (*lockedWriter) Close() error { return nil }

// lineFilter passes on the lines of r that are single JSON-RPC messages.
// The SDK ends the session on anything else (a line that is not JSON, a
// batch, a line over the limit), so those are answered here with a
// JSON-RPC error, logged and dropped, and the session goes on.
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
			f.refuse(-32600, fmt.Sprintf("message over %d bytes", f.max))
			return nil, err
		}
		if len(line) > 0 && line[len(line)-1] != '\n' {
			line = append(line, '\n')
		}
		return line, err
	}
}

// check returns line if it is one JSON-RPC message, and nil otherwise.
func (f *lineFilter) check(line []byte) []byte {
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 {
		return nil
	}
	if trimmed[0] == '[' {
		f.refuse(-32600, "batches are not supported: send one message a line")
		return nil
	}
	if _, err := jsonrpc.DecodeMessage(trimmed); err != nil {
		f.refuse(-32700, "not a JSON-RPC 2.0 message: "+err.Error())
		return nil
	}
	return line
}

func (f *lineFilter) refuse(code int, msg string) {
	fmt.Fprintf(f.log, "a2term mcp: ignored an input line: %s\n", msg)
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
	_, _ = f.out.Write(append(b, '\n'))
}
