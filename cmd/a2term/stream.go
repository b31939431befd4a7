package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/a2term/a2term/a2ui"
)

// streamResult is what applying one stream file did.
type streamResult struct {
	canvas   *a2ui.Canvas
	messages int
	// refused holds every refusal: in batch mode at most one, which
	// refused the whole file; with --each one per refused message.
	refused  []*a2ui.Error
	warnings []a2ui.Warning
	// framing is set when the file could not even be cut into messages.
	framing error
	// lines holds the line each message starts on (0: not known).
	lines []int
}

// at is where message i starts in the file, as "name:line", or name.
func (r streamResult) at(name string, i int) string {
	if i >= 0 && i < len(r.lines) && r.lines[i] > 0 {
		return fmt.Sprintf("%s:%d", name, r.lines[i])
	}
	return name
}

// ioError is a file that could not be read at all.
type ioError struct{ err error }

func (e ioError) Error() string { return e.err.Error() }

// applyFile reads a stream file and applies it to a new canvas: as one
// batch, as canvas.show would, or message by message with each.
func applyFile(path string, opts a2ui.Options, each bool) (streamResult, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return streamResult{}, ioError{err}
	}
	return applyStream(data, opts, each), nil
}

func applyStream(data []byte, opts a2ui.Options, each bool) streamResult {
	res := streamResult{canvas: a2ui.New(opts)}
	raws, lines, err := a2ui.SplitStreamLines(data)
	if err != nil {
		res.framing = err
		return res
	}
	res.messages, res.lines = len(raws), lines
	msgs := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		msgs[i] = r
	}
	if !each {
		next, warns, err := res.canvas.ApplyJSON(msgs)
		if err != nil {
			res.refused = append(res.refused, refusalOf(err))
			return res
		}
		res.canvas, res.warnings = next, warns
		return res
	}
	for i, m := range msgs {
		next, warns, err := res.canvas.ApplyJSON([]json.RawMessage{m})
		if err != nil {
			e := *refusalOf(err)
			e.Index = i
			res.refused = append(res.refused, &e)
			continue
		}
		for _, w := range warns {
			w.Index = i
			res.warnings = append(res.warnings, w)
		}
		res.canvas = next
	}
	return res
}

// refusalOf is the refusal ApplyJSON's error is. Any other error (none
// today) is one of the whole batch, so that it is still reported, not
// a panic.
func refusalOf(err error) *a2ui.Error {
	if e, ok := errors.AsType[*a2ui.Error](err); ok {
		return e
	}
	return &a2ui.Error{Code: a2ui.CodeBadMessage, Message: err.Error()}
}
