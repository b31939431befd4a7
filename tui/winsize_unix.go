//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tui

import (
	"image"

	"golang.org/x/sys/unix"
)

// termSize is the terminal's size in cells and, when it says, the size of
// a cell in pixels (TIOCGWINSZ: no query, so it cannot hang, and SSH
// passes it on). Zero is what is not known.
func termSize(fd uintptr) (cells, cell image.Point) {
	ws, err := unix.IoctlGetWinsize(int(fd), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 || ws.Row == 0 {
		return cells, cell
	}
	cells = image.Pt(int(ws.Col), int(ws.Row))
	if ws.Xpixel > 0 && ws.Ypixel > 0 {
		cell = image.Pt(int(ws.Xpixel)/int(ws.Col), int(ws.Ypixel)/int(ws.Row))
	}
	return cells, cell
}
