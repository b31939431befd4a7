package bridge

import (
	"net"
	"syscall"

	"golang.org/x/sys/unix"
)

// peerReads says that this system tells what an agent has read: a Unix
// socket's SIOCOUTQ counts the bytes written that its peer has not read
// yet, and a peer that closes with bytes unread in its receive queue
// makes this end's next read fail with ECONNRESET instead of EOF.
const peerReads = true

// unread returns how many bytes written on conn its peer has not read
// yet, false when it cannot tell.
func unread(conn net.Conn) (int, bool) {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return 0, false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return 0, false
	}
	n, ierr := 0, error(nil)
	if err := rc.Control(func(fd uintptr) { n, ierr = unix.IoctlGetInt(int(fd), unix.SIOCOUTQ) }); err != nil || ierr != nil {
		return 0, false
	}
	return n, true
}
