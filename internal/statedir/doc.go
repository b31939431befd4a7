// Package statedir keeps the places a2term writes to private to the
// person: the state directory (a hub's journal and log), the directory
// of a socket, the socket files themselves, and the lock that keeps two
// hubs off one journal.
//
//   - Default, Files, Prepare and OpenLog: the state directory
//     ($XDG_STATE_HOME/a2term, else ~/.local/state/a2term), mode 0700,
//     and the journal and log files each socket path has in it.
//   - CheckSocket: what every client checks before it connects (the
//     agents' client, a2term attach, a2term mcp), as tmux and ssh-agent
//     check theirs: the directory must be a directory of this user, not a
//     symbolic link, that nobody else can enter (no mode bit beyond
//     0700), and the socket a socket of this user. Otherwise the error is
//     ErrNotPrivate (errors.Is), naming the path, its owner and what to
//     do, since another user who made the directory first (the default
//     one is /tmp/a2term-UID when XDG_RUNTIME_DIR is unset) and served an
//     a2term of their own in it would read what the agent shows and press
//     in the person's name. CheckPrivateDir and CheckSocketFile are the
//     same checks for a server that listens there.
//   - RemoveStale: a socket file left by a process that died is removed;
//     one that an a2term answers on is not (ErrSocketInUse).
//   - LockFile and UnlockFile: the advisory lock beside a journal, so
//     that a second hub at the same socket is refused before it reads or
//     writes anything.
//
// Where files have no Unix owner (Windows) only the kinds and the mode
// are checked, and there are no advisory locks.
package statedir
