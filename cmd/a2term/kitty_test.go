package main

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The real terminal test of kitty: Debian's kitty (0.26.5) predates the
// Unicode placeholders a2term draws kitty pictures with, and must get
// half-blocks; a kitty of 0.28 or later must get its own protocol. kitty
// runs under Xvfb with Mesa's software OpenGL, driven and read as xterm
// is in TestSixelInXterm.

// kittyEnv is the environment kitty runs in: the test's, with kitty's
// configuration, cache and runtime files in the test's folder, not the
// home directory, and on X11 only.
func kittyEnv(t *testing.T) []string {
	t.Helper()
	home := t.TempDir()
	var env []string
	for _, v := range os.Environ() {
		if !strings.HasPrefix(v, "WAYLAND_DISPLAY=") {
			env = append(env, v)
		}
	}
	return append(env,
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"XDG_RUNTIME_DIR="+home, "KITTY_CONFIG_DIRECTORY="+filepath.Join(home, "config"),
		"KITTY_CACHE_DIRECTORY="+filepath.Join(home, "cache"))
}

// kittyVersion is the version of the kitty installed, from kitty
// --version ("kitty 0.26.5 created by Kovid Goyal").
func kittyVersion(t *testing.T) (major, minor int) {
	t.Helper()
	cmd := exec.Command("kitty", "--version")
	cmd.Env = kittyEnv(t)
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("kitty does not run here: %v", err)
	}
	m := regexp.MustCompile(`^kitty (\d+)\.(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("kitty --version says %q", out)
	}
	major, _ = strconv.Atoi(string(m[1]))
	minor, _ = strconv.Atoi(string(m[2]))
	return major, minor
}

// startKitty starts Xvfb and, in it, kitty running command with the
// environment of a local kitty (KITTY_WINDOW_ID, set by kitty; no SSH,
// tmux or A2TERM_GRAPHICS from the test's own environment). It returns
// the screen, read with the xterm test's helpers, and the file of kitty's
// log.
func startKitty(t *testing.T, command ...string) (x *xterm, logPath string) {
	t.Helper()
	for _, tool := range []string{"Xvfb", "kitty", "xwd", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no kitty to test in: %s is not installed (apt-get install kitty xvfb x11-apps xdotool)", tool)
		}
	}
	x = &xterm{t: t, display: startXvfb(t)}
	args := []string{
		"--config", "NONE", "--hold", "-o", "linux_display_server=x11", "-o", "font_size=10", "-o", "remember_window_size=no",
		"-o", fmt.Sprintf("initial_window_width=%dc", xtermCols), "-o", fmt.Sprintf("initial_window_height=%dc", xtermRows),
		"-o", "window_padding_width=0", "-o", "placement_strategy=top-left", "-o", "enable_audio_bell=no",
		"-o", "cursor_blink_interval=0",
		"-e", "env", "-u", "SSH_CONNECTION", "-u", "SSH_CLIENT", "-u", "SSH_TTY", "-u", "TMUX", "-u", "STY",
		"-u", "A2TERM_GRAPHICS", "-u", "TERM_PROGRAM", "-u", "CI", "-u", "NO_COLOR", "-u", "CLICOLOR", "-u", "CLICOLOR_FORCE",
		"XDG_STATE_HOME=" + os.Getenv("XDG_STATE_HOME"),
	}
	kt := exec.Command("kitty", append(args, command...)...)
	// kitty needs OpenGL 3.3, which Mesa gives in software under Xvfb.
	kt.Env = append(kittyEnv(t), "DISPLAY="+x.display, "LIBGL_ALWAYS_SOFTWARE=1")
	// A file, not a pipe: the processes kitty starts hold it open, and
	// Wait would wait for them to close a pipe.
	logPath = filepath.Join(t.TempDir(), "kitty.log")
	log, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	kt.Stdout, kt.Stderr = log, log
	if err := kt.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = kt.Wait(); close(exited) }()
	t.Cleanup(func() { _ = kt.Process.Kill(); <-exited })
	deadline := time.Now().Add(screenWait)
	var last string
	for {
		select {
		case <-exited:
			l, _ := os.ReadFile(logPath)
			t.Fatalf("kitty ended: %v\nits log:\n%s", kt.ProcessState, l)
		default:
		}
		// kitty shows a window of the screen's size for a moment before
		// its own: the geometry counts once it is the same twice.
		out, err := x.run("xdotool", "search", "--onlyvisible", "--class", "kitty", "getwindowgeometry", "%@")
		if geos := strings.Split(out, "Geometry: ")[1:]; err == nil && len(geos) == 1 {
			if geos[0] == last {
				ws, hs, _ := strings.Cut(strings.Fields(geos[0])[0], "x")
				ww, _ := strconv.Atoi(ws)
				wh, _ := strconv.Atoi(hs)
				if x.cell = image.Pt(ww/xtermCols, wh/xtermRows); x.cell.X > 0 && x.cell.Y > 0 {
					break
				}
			}
			last = geos[0]
		}
		if time.Now().After(deadline) {
			l, _ := os.ReadFile(logPath)
			t.Fatalf("no kitty window: %v %s\nkitty's log:\n%s", err, out, l)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if out, err := x.run("xdotool", "mousemove", "100", "100"); err != nil {
		t.Fatalf("xdotool: %v %s", err, out)
	}
	return x, logPath
}

// TestKittyOldFallsBack draws a picture in the kitty installed, with
// --graphics auto. A kitty older than 0.28 does not know the Unicode
// placeholders: a2term asks its version and draws half-blocks, so the
// picture's colour covers its cells, and kitty is sent no graphics
// command it would refuse. A kitty of 0.28 or later draws the picture
// with its own protocol: the same cells, covered by the picture. Either
// way the picture then scrolls, goes with its tab and after quitting.
func TestKittyOldFallsBack(t *testing.T) {
	x, logPath := startKitty(t, buildBinary(t), "replay", "--graphics", "auto", twoSurfaces(t))
	major, minor := kittyVersion(t)
	old := major == 0 && minor < 28
	t.Logf("kitty %d.%d on display %s, cells of %v pixels (half-blocks expected: %v)", major, minor, x.display, x.cell, old)
	x.walkPicture()
	// kitty logs a graphics command it refuses ("Malformed
	// GraphicsCommand control block"): an old kitty must be sent none.
	if l, err := os.ReadFile(logPath); err != nil || bytes.Contains(l, []byte("GraphicsCommand")) {
		t.Errorf("kitty refused a graphics command (%v):\n%s", err, l)
	}
}
