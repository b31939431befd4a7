package logclean

import (
	"log"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/testutil"
)

// TestCleanLogWindows: the lines of a kind beyond LogBurst are counted
// until its window is over; the next line, of any kind, says how many
// first, and the kind starts a new window. Arguments are cleaned and
// keep their verbs; a stack trace keeps its lines.
func TestCleanLogWindows(t *testing.T) {
	logs := &testutil.SyncBuffer{}
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	l := New(log.New(logs, "", 0))
	l.now = func() time.Time { return now }
	for i := range LogBurst + 5 {
		l.Printf("refused %d: %q", i, "x\x1b[2Jy")
	}
	if got := strings.Count(logs.String(), "\n"); got != LogBurst {
		t.Fatalf("%d lines of one kind in a window:\n%s", got, logs.String())
	}
	now = now.Add(LogWindow)
	l.Printf("other %s\n%s", "a\nb", StackTrace("goroutine 1\n\tmain.go:1"))
	l.Printf("refused %d: %q", 99, "z")
	want := `refused 0: "x\x1b[2Jy"` + "\n"
	lines := strings.Split(logs.String(), "\n")
	if lines[0]+"\n" != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	tail := strings.Join(lines[LogBurst:], "\n")
	wantTail := `… 5 more like this within 10s, not logged: refused 0: "x\x1b[2Jy"` + "\n" +
		"other a b\ngoroutine 1\n        main.go:1\n" +
		`refused 99: "z"` + "\n"
	if tail != wantTail {
		t.Errorf("after the window:\n%s\nwant:\n%s", tail, wantTail)
	}
	l.Flush()
	if strings.Count(logs.String(), "more like this") != 1 {
		t.Errorf("flush summarized a window that left nothing out:\n%s", logs.String())
	}
}
