//go:build unix

package agentsock_test

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/webmirror"
)

// fdChild names the environment variable that makes the test binary play
// the a2term that runs out of file descriptors.
const fdChild = "A2TERM_TEST_FD_CHILD"

// Running out of file descriptors stops neither the socket nor the web
// mirror: while a process has none left, connections wait in the
// listeners' backlogs and the accept loop backs off instead of spinning
// or giving up; once descriptors are free again, both answer. The a2term
// is a child process (this test binary again) whose descriptor limit is
// lowered, so that nothing else in the tests runs short.
func TestAcceptSurvivesRunningOutOfDescriptors(t *testing.T) {
	if os.Getenv(fdChild) != "" {
		fdChildMain(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestAcceptSurvivesRunningOutOfDescriptors$", "-test.v")
	cmd.Env = append(os.Environ(), fdChild+"=1")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, "fd-child: ") {
				lines <- strings.TrimPrefix(l, "fd-child: ")
			}
		}
		close(lines)
	}()
	expect := func(prefix string) string {
		t.Helper()
		select {
		case l, ok := <-lines:
			if !ok || !strings.HasPrefix(l, prefix) {
				t.Fatalf("the child said %q, want %q…", l, prefix)
			}
			return strings.TrimPrefix(l, prefix)
		case <-time.After(guard):
			t.Fatalf("the child never said %q", prefix)
		}
		return ""
	}
	var sock, web string
	if _, err := fmt.Sscan(expect("ready "), &sock, &web); err != nil {
		t.Fatal(err)
	}
	get := func() (int, error) {
		c := &http.Client{Timeout: guard}
		resp, err := c.Get(web)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	status, err := get()
	if err != nil {
		t.Fatal(err)
	}

	if _, err := io.WriteString(stdin, "exhaust\n"); err != nil {
		t.Fatal(err)
	}
	expect("exhausted")
	// Both connections are made (the kernel queues them) while the child
	// cannot accept them.
	conn, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	p := agentsock.NewPeer(t, conn)
	p.Send(`{"jsonrpc":"2.0","id":100,"method":"canvas.info"}`)
	webDone := make(chan error, 1)
	go func() {
		got, err := get()
		if err == nil && got != status {
			err = fmt.Errorf("status %d, before %d", got, status)
		}
		webDone <- err
	}()
	expect("failing")
	if _, err := io.WriteString(stdin, "free\n"); err != nil {
		t.Fatal(err)
	}
	if r := p.Reply(); r.Error != nil || string(r.ID) != "100" {
		t.Errorf("the socket after descriptors came back: %+v", r.Error)
	}
	if err := <-webDone; err != nil {
		t.Errorf("the web mirror after descriptors came back: %v", err)
	}
	stdin.Close()
	report := expect("accepts ")
	var failed int
	var window time.Duration
	if _, err := fmt.Sscan(report, &failed, &window); err != nil {
		t.Fatal(err)
	}
	// Backing off from 5 ms and doubling up to a second, the loop fails
	// at most this often in the window; spinning, it would fail
	// thousands of times. A slow machine only makes it fail less.
	bound := 3 + int(math.Log2(1+float64(window)/float64(5*time.Millisecond))) + int(window/time.Second)
	t.Logf("accept failed %d times in %s (at most %d)", failed, window, bound)
	if failed > bound {
		t.Errorf("accept failed %d times in %s: it does not back off (at most %d)", failed, window, bound)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("the child: %v", err)
	}
}

// fdChildMain is the child: a hub with its socket and web mirror, which
// uses up its descriptors, waits until its accept loop has failed a few
// times, frees them when told to and reports how often accepting failed.
func fdChildMain(t *testing.T) {
	say := func(format string, args ...any) { fmt.Printf("fd-child: "+format+"\n", args...) }
	h := hub.New(hub.Options{})
	defer h.Close()
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	web, err := webmirror.ServeWeb(h, webmirror.WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer web.Close()
	say("ready %s %s", srv.Path(), web.URL())
	stdin := bufio.NewReader(os.Stdin)
	if _, err := stdin.ReadString('\n'); err != nil {
		t.Fatal(err)
	}

	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	low := lim
	low.Cur = min(lim.Cur, 256)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Fatal(err)
	}
	var held []*os.File
	for {
		f, err := os.Open(os.DevNull)
		if err != nil {
			break
		}
		held = append(held, f)
	}
	say("exhausted")
	// The parent's connections wait; the accept loop keeps failing on
	// them until the descriptors come back.
	start := time.Now()
	deadline := start.Add(guard)
	for agentsock.FailedAccepts(srv) < 4 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	say("failing")
	if _, err := stdin.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	window := time.Since(start)
	failed := agentsock.FailedAccepts(srv)
	for _, f := range held {
		f.Close()
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, stdin) // until the parent is done
	say("accepts %d %d", failed, window)
}
