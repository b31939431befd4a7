//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// detach starts cmd in a session of its own: it has no controlling
// terminal, so it cannot open /dev/tty and write over the program's
// screen, and it leads a process group that can be ended as a whole.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}

// signalGroup sends sig to every process of the group p leads. terminate
// is SIGTERM (a request), kill SIGKILL.
func signalGroup(p *os.Process, terminate bool) {
	sig := syscall.SIGKILL
	if terminate {
		sig = syscall.SIGTERM
	}
	_ = syscall.Kill(-p.Pid, sig)
}

// signalName names the signal that ended a process ("SIGTERM"), or "".
func signalName(ps *os.ProcessState) string {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return ""
	}
	if name := unix.SignalName(ws.Signal()); name != "" {
		return name
	}
	return ws.Signal().String()
}

// newLinkSignals ask a2term serve for a new one-time web link.
func newLinkSignals() []os.Signal { return []os.Signal{syscall.SIGUSR1} }

// hangupSignals are the signals that mean the terminal went away.
func hangupSignals() []os.Signal { return []os.Signal{syscall.SIGHUP} }

// leaveTerminal points standard input and output at /dev/null and
// standard error at logf, so that a hub whose terminal went away holds
// nothing of it: whatever it still writes goes to its log.
func leaveTerminal(logf *os.File) error {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer null.Close()
	for _, fd := range []int{0, 1} {
		if err := unix.Dup2(int(null.Fd()), fd); err != nil {
			return fmt.Errorf("%s onto fd %d: %w", os.DevNull, fd, err)
		}
	}
	if err := unix.Dup2(int(logf.Fd()), 2); err != nil {
		return fmt.Errorf("the log onto standard error: %w", err)
	}
	return nil
}

// isHangup says whether sig means the terminal went away.
func isHangup(sig os.Signal) bool { return sig == syscall.SIGHUP }
