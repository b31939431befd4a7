//go:build !linux

package agentsock

import "net"

// peerReads says that this system does not tell what an agent has read:
// a peer that closes reads as EOF whether or not it read what it was
// sent (see conn.settle).
const peerReads = false

// readAll cannot tell what the peer has read here.
func readAll(net.Conn) bool { return false }
