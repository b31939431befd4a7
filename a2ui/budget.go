package a2ui

import (
	"errors"
	"fmt"
)

// Evaluating what an agent sends is bounded as storing it is. The canvas
// holds at most MaxCanvasBytes, but a few hundred bytes of v0.9 functions
// can ask for far more work: a template read from the data model that
// formats itself, a template of thousands of ${/big} parts, a regex whose
// program is tens of thousands of instructions, a text bound to a large
// object in every item of a list. Every evaluation runs against a budget
// of work, shared by everything one batch (or one intent of the person)
// evaluates; a call that would pass a bound fails with a *BoundError and
// spends nothing more. In a strict batch the batch is then refused (code
// evaluation_limit, with the component that asked); elsewhere the value
// shows as a marker that says which bound it passed (see Marker), in both
// views and in canvas.state.

// evalBudget is the work left to the evaluations of one batch or intent,
// in units of about a byte written or a regex step. It is not safe for
// concurrent use: one batch is built by one goroutine.
type evalBudget struct {
	left int
}

// newBudget returns the budget of one batch or one intent.
func newBudget() *evalBudget { return &evalBudget{left: MaxEvalWork} }

// spend takes n units, or fails when fewer are left; once it failed, the
// budget stays spent.
func (b *evalBudget) spend(n int) error {
	if n < 0 || n > b.left {
		b.left = 0
		return errWorkSpent
	}
	b.left -= n
	return nil
}

// BoundError is an evaluation stopped by one of a2term's bounds on
// evaluation (MaxEvalDepth, MaxEvalWork, MaxStringBytes for a result, the
// regex bounds). Unlike a call that cannot run, which counts as undefined
// as in the official renderers, it is reported: a strict batch is refused
// with it, and a value shows it as a marker.
type BoundError struct {
	msg string
}

func (e *BoundError) Error() string { return e.msg }

// Marker is the text a value stopped by a bound shows in its place.
func (e *BoundError) Marker() string { return "[not evaluated: " + e.msg + "]" }

func boundf(format string, args ...any) *BoundError {
	return &BoundError{msg: fmt.Sprintf(format, args...)}
}

var (
	errWorkSpent = boundf("the evaluation needs more than a2term's %d units of work for one change", MaxEvalWork)
	errTooDeep   = boundf("function calls nest more than %d deep", MaxEvalDepth)
	errTemplate  = boundf("a template read from the data model may not format another template read from the data model")
)

// asBound returns err as a *BoundError, or nil when it is none.
func asBound(err error) *BoundError {
	if err == nil {
		return nil // the common case, without errors.As's reflection
	}
	var b *BoundError
	errors.As(err, &b)
	return b
}

// textSizeOver reports whether v, written out as text (displayString,
// jsString), would be longer than limit bytes. It walks at most about
// limit elements: each one writes at least a byte.
func textSizeOver(v any, limit int) bool {
	_, over := textSize(v, limit)
	return over
}

// textSize is about how long v is, written out as text, and whether that
// is over limit; it stops counting there.
func textSize(v any, limit int) (int, bool) {
	n := 0
	var walk func(v any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case string:
			n += len(x) + 2
		case []any:
			n += 2
			for _, e := range x {
				n++
				if n > limit || walk(e) {
					return true
				}
			}
		case *Object:
			n += 2
			for i, k := range x.keys {
				n += len(k) + 4
				if n > limit || walk(x.vals[i]) {
					return true
				}
			}
		default:
			n += 5
		}
		return n > limit
	}
	over := walk(v)
	return n, over
}

// writeCost is what writing out a value as text costs the budget for each
// byte it is about to take: the buffer it grows in, and the string made of
// it, allocate about that much again each.
const writeCost = 4
