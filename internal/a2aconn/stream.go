package a2aconn

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"

	"github.com/a2term/a2term/internal/wire"
)

// streams is the SDK's JSON-RPC transport with the calls that carry an
// agent's answers (message/stream, tasks/resubscribe, message/send) read
// by a2term: the SDK's reader takes at most 64 KiB per event
// (bufio.Scanner's default), less than one surface of MaxComponents, and
// waits on a silent stream for ever; and an event's A2UI is lifted out
// before the SDK decodes the rest (lift.go).
type streams struct {
	a2aclient.Transport
	url    string
	client *http.Client
}

func (s *streams) SendStreamingMessage(ctx context.Context, p *a2a.MessageSendParams) iter.Seq2[a2a.Event, error] {
	return s.stream(ctx, "message/stream", p)
}

// SendMessage is message/send, its answer's A2UI lifted.
func (s *streams) SendMessage(ctx context.Context, p *a2a.MessageSendParams) (a2a.SendMessageResult, error) {
	ctx, cancel := context.WithTimeout(ctx, RequestTimeout)
	defer cancel()
	resp, err := s.post(ctx, "message/send", p, "application/json")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body) // bounded by the transport
	if err != nil {
		return nil, fmt.Errorf("reading the answer: %w", err)
	}
	ev, err := decodeResponse(data)
	if err != nil {
		return nil, err
	}
	switch e := ev.(type) {
	case a2a.SendMessageResult:
		return e, nil
	case *liftedEvent:
		if r, ok := e.Event.(a2a.SendMessageResult); ok {
			return liftedResult{SendMessageResult: r, raws: e.raws}, nil
		}
	}
	return nil, fmt.Errorf("the agent answered message/send with a %T, not a task or a message", ev)
}

// liftedResult is a liftedEvent that message/send returned.
type liftedResult struct {
	a2a.SendMessageResult
	raws []json.RawMessage
}

// post sends a JSON-RPC request, the person's extension headers with it.
func (s *streams) post(ctx context.Context, method string, params any, accept string) (*http.Response, error) {
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params, "id": a2a.NewMessageID()})
	if err != nil {
		return nil, fmt.Errorf("the request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("the request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", accept)
	if meta, ok := a2aclient.CallMetaFrom(ctx); ok {
		for k, vs := range meta {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, err //nolint:wrapcheck // http.Client names the method and the URL
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, &StatusError{Code: resp.StatusCode}
	}
	return resp, nil
}

// StatusError is an HTTP status other than 200 for a JSON-RPC call.
type StatusError struct{ Code int }

func (e *StatusError) Error() string {
	return fmt.Sprintf("the agent answered HTTP %d %s", e.Code, http.StatusText(e.Code))
}

// refused reports whether err is the agent's answer, not the way to it
// failing: a JSON-RPC error, or an HTTP status other than a gateway's
// (502, 503, 504, which say the agent could not be reached).
func refused(err error) bool {
	var rpc *rpcError
	var st *StatusError
	switch {
	case errors.As(err, &rpc):
		return true
	case errors.As(err, &st):
		return st.Code != http.StatusBadGateway && st.Code != http.StatusServiceUnavailable && st.Code != http.StatusGatewayTimeout
	}
	return false
}

// decodeResponse reads a JSON-RPC response: its error, or its result as
// an event.
func decodeResponse(data []byte) (a2a.Event, error) {
	if !wire.Valid(data) {
		return nil, errors.New("an answer that is not JSON")
	}
	var result, rpcErr []byte
	_ = wire.SplitMembers(data, func(name, value []byte) error {
		switch wire.Name(name) {
		case "result":
			result = value
		case "error":
			rpcErr = value
		}
		return nil
	})
	if rpcErr != nil && string(rpcErr) != "null" {
		var e rpcError
		if err := json.Unmarshal(rpcErr, &e); err != nil {
			return nil, fmt.Errorf("an error a2term cannot read: %w", err)
		}
		return nil, &e
	}
	if result == nil {
		return nil, errors.New("an answer with neither result nor error")
	}
	ev, err := decodeEvent(result)
	if err != nil {
		return nil, fmt.Errorf("an event a2term cannot read: %w", err)
	}
	return ev, nil
}

func (s *streams) ResubscribeToTask(ctx context.Context, p *a2a.TaskIDParams) iter.Seq2[a2a.Event, error] {
	return s.stream(ctx, "tasks/resubscribe", p)
}

// rpcError is a JSON-RPC error an agent answered with.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string {
	return fmt.Sprintf("the agent answered error %d: %s", e.Code, e.Message)
}

// ErrSilent is a stream that sent nothing for MaxStreamSilence.
var ErrSilent = errors.New("the stream was silent")

func (s *streams) stream(ctx context.Context, method string, params any) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		ctx, cancel := context.WithCancelCause(ctx)
		defer cancel(nil)
		resp, err := s.post(ctx, method, params, "text/event-stream")
		if err != nil {
			yield(nil, err)
			return
		}
		defer resp.Body.Close()
		// A silent stream is ended, so that it can be resumed.
		timer := time.AfterFunc(MaxStreamSilence, func() { cancel(ErrSilent) })
		defer timer.Stop()
		r := &pinger{r: resp.Body, ping: func() { timer.Reset(MaxStreamSilence) }}
		for data, err := range readEvents(r, MaxEventBytes) {
			if err != nil {
				if c := context.Cause(ctx); c != nil && ctx.Err() != nil {
					err = c
				}
				yield(nil, err)
				return
			}
			ev, err := decodeResponse(data)
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(ev, nil) {
				return
			}
		}
	}
}

// pinger calls ping at every read that brought bytes.
type pinger struct {
	r    io.Reader
	ping func()
}

func (p *pinger) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.ping()
	}
	return n, err //nolint:wrapcheck // a reader passes io.EOF on as it is
}

// readEvents yields the data of each server-sent event of r (its data
// lines joined by newlines, as the format says), refusing one of more
// than limit bytes: the rest of that stream is not read.
func readEvents(r io.Reader, limit int) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		br := bufio.NewReaderSize(r, 64<<10)
		var data []byte
		has := false
		for {
			line, err := readLine(br, limit-len(data))
			if err != nil {
				if errors.Is(err, io.EOF) && has {
					yield(data, nil)
				}
				if !errors.Is(err, io.EOF) {
					yield(nil, err)
				}
				return
			}
			switch {
			case len(line) == 0:
				if has && !yield(data, nil) {
					return
				}
				data, has = data[:0], false
			case bytes.HasPrefix(line, []byte("data:")):
				v := bytes.TrimPrefix(line[len("data:"):], []byte(" "))
				if has {
					data = append(data, '\n')
				}
				data, has = append(data, v...), true
				if len(data) > limit {
					yield(nil, fmt.Errorf("an event of more than %d bytes: %w", limit, ErrTooLarge))
					return
				}
			}
			// Comments (keep-alives), ids and event names are not needed.
		}
	}
}

// readLine reads one line without its end (\n, \r\n), refusing one of
// more than limit bytes.
func readLine(br *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > limit+2 {
			return nil, fmt.Errorf("an event of more than %d bytes: %w", MaxEventBytes, ErrTooLarge)
		}
		line = append(line, chunk...)
		switch {
		case err == nil:
			line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			if len(line) > 0 && errors.Is(err, io.EOF) {
				return bytes.TrimSuffix(line, []byte("\r")), nil
			}
			return nil, err //nolint:wrapcheck // io.EOF, compared as it is
		}
	}
}
