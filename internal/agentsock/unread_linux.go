package agentsock

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

// readAll reports whether conn's peer, still connected, has read
// everything written to it; false also when that cannot be told now. A
// peer that closed with bytes unread frees them, which SIOCOUTQ then no
// longer counts: so a peer that hung up (which the close marks first) is
// left to the connection's end to judge (see conn.settle).
func readAll(conn net.Conn) bool {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	read := false
	err = rc.Control(func(fd uintptr) {
		n, err := unix.IoctlGetInt(int(fd), unix.SIOCOUTQ)
		if err != nil || n > 0 {
			return
		}
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLRDHUP}} //nolint:gosec // a file descriptor is a C int: it fits in int32
		if _, err := unix.Poll(fds, 0); err != nil {
			return
		}
		read = fds[0].Revents&(unix.POLLHUP|unix.POLLRDHUP|unix.POLLERR|unix.POLLNVAL) == 0
	})
	return err == nil && read
}
