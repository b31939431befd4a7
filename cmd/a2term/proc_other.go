//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// detach would start cmd in a session of its own; here only the pipes
// keep its output off the screen.
func detach(*exec.Cmd) {}

// signalGroup ends the process p; there are no process groups to signal
// here, and no gentler request than killing it.
func signalGroup(p *os.Process, _ bool) { _ = p.Kill() }

// signalName names the signal that ended a process; there are none here.
func signalName(*os.ProcessState) string { return "" }

// newLinkSignals ask a2term serve for a new one-time web link.
func newLinkSignals() []os.Signal { return nil }

// hangupSignals are the signals that mean the terminal went away.
func hangupSignals() []os.Signal { return nil }

// leaveTerminal would point standard input, output and error away from
// the terminal; there is no hangup to survive here.
func leaveTerminal(*os.File) error { return nil }

// isHangup says whether sig means the terminal went away: none does here.
func isHangup(os.Signal) bool { return false }
