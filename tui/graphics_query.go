package tui

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"
)

// VersionWait bounds the wait for the terminal's answer to XTVERSION. A
// local kitty answers in a few milliseconds; a terminal that has not
// answered by then is drawn with half-blocks.
const VersionWait = 200 * time.Millisecond

// maxVersionReply bounds how much of the terminal's answer is read: the
// answer of kitty is about 30 bytes. A longer one is taken as no answer.
const maxVersionReply = 1024

// versionQuery asks the terminal its name and version (XTVERSION), then
// its device attributes (DA1), which every terminal answers: the answer
// to DA1 says the answers are in, so the read stops there and takes them
// both from the terminal's input, even from a terminal that does not
// know XTVERSION.
const versionQuery = "\x1b[>0q" + "\x1b[c"

// errNoVersionReply is a terminal's silence, or an answer past
// maxVersionReply.
var errNoVersionReply = errors.New("the terminal did not say its version")

// AskTerminalVersion asks the controlling terminal its version: see
// QueryTerminalVersion.
func AskTerminalVersion() (string, error) {
	return QueryTerminalVersion("/dev/tty", VersionWait)
}

// QueryTerminalVersion writes XTVERSION and DA1 to the terminal at path
// and returns the text of its XTVERSION answer ("kitty(0.26.5)"), or ""
// when it answered DA1 alone. It opens the terminal on its own, not
// blocking, so that the read has a deadline (wait) and no goroutine is
// left reading the terminal after it returns; it sets the terminal raw
// for the query alone (a cooked terminal would echo the answer and hold
// it until a newline), and restores it before it returns. What it reads
// is the answer's and is never left for the program's input; keys typed
// before the answer arrived are lost with it. A terminal that says
// nothing within wait is an error: its answer, if it comes later, would
// arrive as keys, which is why a2term asks only a terminal certain to
// answer at once (ChooseGraphics).
func QueryTerminalVersion(path string, wait time.Duration) (string, error) {
	f, err := os.OpenFile(path, os.O_RDWR|syscall.O_NOCTTY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	// Without a deadline (a terminal the runtime cannot poll) the read
	// could wait for ever: ask nothing.
	if err := f.SetReadDeadline(time.Now().Add(wait)); err != nil {
		return "", err
	}
	// f.Fd would make f blocking again, and its deadline void: the
	// terminal's modes are set inside Control.
	rc, err := f.SyscallConn()
	if err != nil {
		return "", err
	}
	var state *term.State
	var rawErr error
	if err := rc.Control(func(fd uintptr) { state, rawErr = term.MakeRaw(fd) }); err != nil || rawErr != nil {
		return "", fmt.Errorf("setting the terminal raw: %w", errors.Join(err, rawErr))
	}
	defer func() { _ = rc.Control(func(fd uintptr) { _ = term.Restore(fd, state) }) }()

	if _, err := f.WriteString(versionQuery); err != nil {
		return "", err
	}
	var got []byte
	buf := make([]byte, 256)
	for len(got) <= maxVersionReply {
		n, err := f.Read(buf)
		got = append(got, buf[:n]...)
		if version, ok := parseVersionReply(got); ok {
			return version, nil
		}
		if err != nil {
			return "", errors.Join(errNoVersionReply, err)
		}
	}
	return "", errNoVersionReply
}

// parseVersionReply finds, in what the terminal sent, the answer to DA1
// (CSI ? … c), which ends the answers, and before it the text of the
// answer to XTVERSION (DCS > | text ST), if any. ok is false until the
// answer to DA1 is in.
func parseVersionReply(b []byte) (version string, ok bool) {
	da := daAnswer(b)
	if da < 0 {
		return "", false
	}
	_, text, found := bytes.Cut(b[:da], []byte("\x1bP>|"))
	if !found {
		return "", true
	}
	text, _, found = bytes.Cut(text, []byte("\x1b\\"))
	if !found {
		return "", true
	}
	return string(text), true
}

// daAnswer returns where the answer to DA1 starts in b, or -1.
func daAnswer(b []byte) int {
	for off := 0; ; {
		i := bytes.Index(b[off:], []byte("\x1b[?"))
		if i < 0 {
			return -1
		}
		i += off
		j := i + 3
		for j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == ';') {
			j++
		}
		if j < len(b) && b[j] == 'c' {
			return i
		}
		off = i + 1
	}
}
