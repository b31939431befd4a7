package logclean

import (
	"fmt"
	"io"
	"log"
	"sync"
	"time"

	"github.com/a2term/a2term/a2ui"
)

// Bounds of a Log.
const (
	// LogBurst is how many lines of one kind (one format: "refused: %d",
	// "notification %s: %v") the log takes in LogWindow. A peer that has
	// a request refused thousands of times a second (another local user
	// needs no pairing for that) would otherwise fill the disk: 3.5 MB/s
	// through the web mirror's refusals alone. Beyond the burst, lines of
	// that kind are counted, not written.
	LogBurst = 10
	// LogWindow is the period LogBurst counts over. When a window in which
	// lines were left out is over, the next line logged (of any kind), or
	// Close, first writes one line saying how many were left out.
	LogWindow = 10 * time.Second
)

// Logger is what the agent socket, the view channel and the web mirror
// log through: a *Log, or anything that formats like log.Logger
// (jsonrpc2.Logger is the same method).
type Logger interface {
	Printf(format string, args ...any)
}

// Log is the log of the agent socket or the web mirror, written to the
// caller's *log.Logger. Every argument of a line (a method name, a path,
// an error, all of which a peer may have chosen) is cleaned as the
// terminal cleans an agent's label (a2ui.SanitizeLine): no escape
// sequence, control character or line break a peer sent reaches the log,
// nor the terminal or tmux pane that shows it (a method name with
// "ESC ]52;" would write the clipboard there). The format is ours, and may
// break lines. Each kind of line is rate-limited (LogBurst, LogWindow).
// Its methods are safe for concurrent use.
type Log struct {
	out *log.Logger // nil: nothing is written
	now func() time.Time

	mu    sync.Mutex
	kinds map[string]*logKind // by format; only kinds with a window open
}

// logKind counts the lines of one kind in its current window.
type logKind struct {
	start   time.Time // when the window began
	written int
	left    int    // lines left out
	first   string // the window's first line, what the summary is like
}

// New returns a log that writes to out, or nowhere when out is nil.
func New(out *log.Logger) *Log {
	if out != nil && out.Writer() == io.Discard {
		out = nil
	}
	return &Log{out: out, now: time.Now, kinds: map[string]*logKind{}}
}

// StackTrace is a goroutine's stack (debug.Stack) in a log line: cleaned
// like any other argument, but its line breaks kept.
type StackTrace []byte

// cleanArg formats an argument as its verb says, then cleans the result.
type cleanArg struct{ v any }

func (a cleanArg) Format(f fmt.State, verb rune) {
	s := fmt.Sprintf(fmt.FormatString(f, verb), a.v)
	if _, ok := a.v.(StackTrace); ok {
		s = a2ui.SanitizeText(s)
	} else {
		s = a2ui.SanitizeLine(s)
	}
	_, _ = io.WriteString(f, s) // a Formatter has no error to return
}

// Printf logs one line of the kind format, its arguments cleaned, unless
// LogBurst lines of that kind were written in the current window.
func (l *Log) Printf(format string, args ...any) {
	if l.out == nil {
		return
	}
	clean := make([]any, len(args))
	for i, a := range args {
		clean[i] = cleanArg{a}
	}
	l.mu.Lock()
	defer l.mu.Unlock() // held while writing: lines keep their order
	now := l.now()
	l.summarizeLocked(func(k *logKind) bool { return now.Sub(k.start) >= LogWindow })
	k := l.kinds[format]
	if k == nil {
		k = &logKind{start: now}
		l.kinds[format] = k
	}
	if k.written >= LogBurst {
		k.left++
		return
	}
	line := fmt.Sprintf(format, clean...)
	if k.written == 0 {
		k.first = line
	}
	k.written++
	l.out.Print(line)
}

// Flush writes what every window left out so far (a server's Close).
func (l *Log) Flush() {
	if l.out == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.summarizeLocked(func(*logKind) bool { return true })
}

// summarizeLocked ends each window for which over is true: for each that
// left lines out, one line says how many.
func (l *Log) summarizeLocked(over func(*logKind) bool) {
	for format, k := range l.kinds {
		if !over(k) {
			continue
		}
		if k.left > 0 {
			l.out.Printf("… %d more like this within %s, not logged: %s", k.left, LogWindow, k.first)
		}
		delete(l.kinds, format)
	}
}
