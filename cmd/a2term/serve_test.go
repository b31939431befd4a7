//go:build unix

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil"
)

// readyLine checks serve's first line: exactly one JSON object with the
// socket and the web mirror's one-time pairing link (empty with
// --no-web), and returns that link.
func readyLine(t *testing.T, line, sock string, web bool) string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	var r serveReady
	if err := dec.Decode(&r); err != nil || r.Socket != sock || dec.More() || !strings.HasSuffix(line, "}\n") {
		t.Fatalf("first line %q: %v", line, err)
	}
	if web != pairingLink.MatchString(r.URL) || (!web && r.URL != "") {
		t.Fatalf("first line %q: url %q (web mirror on: %v)", line, r.URL, web)
	}
	return r.URL
}

// TestServeInProcess runs serve until its context ends: the first line
// says where, an agent can talk, and the end removes the socket and the
// directory serve made for it.
func TestServeInProcess(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "run", "a2term.sock")
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr testutil.SyncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, &hubFlags{socket: sock}, pw, &stderr)
		pw.Close()
	}()
	out := bufio.NewReader(pr)
	line, err := out.ReadString('\n')
	if err != nil {
		t.Fatalf("reading the first line: %v (stderr: %s)", err, stderr.String())
	}
	url := readyLine(t, line, sock, true)

	c, err := client.Dial(ctx, sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	info, err := c.Info(ctx)
	if err != nil || info.Protocol != "a2ui/v0.8" || !info.Web || info.WebURL != "" {
		t.Fatalf("info: %+v, %v: the agent learns that a mirror runs, never its link", info, err)
	}

	// SIGUSR1: one more line with a new link each time; a link not
	// opened yet stops working.
	newLink := func() string {
		t.Helper()
		if err := syscall.Kill(os.Getpid(), syscall.SIGUSR1); err != nil {
			t.Fatal(err)
		}
		line, err := out.ReadString('\n')
		var r struct{ URL string }
		if err != nil || json.Unmarshal([]byte(line), &r) != nil {
			t.Fatalf("the line after SIGUSR1: %q, %v", line, err)
		}
		return r.URL
	}
	fresh := newLink()
	if fresh == url || !pairingLink.MatchString(fresh) {
		t.Errorf("SIGUSR1 with the link unused: %q, want a new link, not %q", fresh, url)
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || len(resp.Cookies()) != 0 {
		t.Errorf("the link SIGUSR1 replaced still pairs: %s", resp.Status)
	}
	resp, err = http.Get(fresh)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("pairing: %v", err)
	}
	resp.Body.Close()
	if next := newLink(); next == fresh || next == url || !strings.Contains(next, "/pair/") {
		t.Errorf("SIGUSR1 after the link was used: %q", next)
	}
	if regexp.MustCompile(`/pair/[1-9A-Za-z]`).MatchString(stderr.String()) {
		t.Errorf("the log carries a link:\n%s", stderr.String())
	}
	if res, err := c.Wait(ctx, 0.05); err != nil || !res.TimedOut {
		t.Fatalf("wait: %+v, %v", res, err)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("serve: exit %d, stderr:\n%s", code, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not end")
	}
	for _, p := range []string{sock, filepath.Dir(sock)} {
		if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there after serve ended (%v)", p, err)
		}
	}
}

func TestServeUsageAndErrors(t *testing.T) {
	if code, _, errOut := runCmd(t, "serve", "extra"); code != exitUsage || !strings.Contains(errOut, `unexpected argument "extra"`) {
		t.Errorf("serve extra: %d %s", code, errOut)
	}
	code, out, errOut := runCmd(t, "serve", "-h")
	if code != exitOK || out != "" || !strings.Contains(errOut, `{"socket":`) || !strings.Contains(errOut, "-no-web") {
		t.Errorf("serve -h: %d\n%s%s", code, out, errOut)
	}
	bad := filepath.Join(t.TempDir(), "missing", "deeper", "a2term.sock")
	code, out, errOut = runCmd(t, "serve", "--socket", bad)
	if code != exitRefused || out != "" || !strings.Contains(errOut, "a2term serve: ") {
		t.Errorf("serve on a socket it cannot make: %d\nstdout: %q\nstderr: %s", code, out, errOut)
	}
}

// TestServeBinary runs `a2term serve` as people do and talks to it with
// the Go client: info, show, state, a wait that times out; then each of
// SIGTERM and SIGINT ends it with status 0 and no socket left.
func TestServeBinary(t *testing.T) {
	bin := buildBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
			cmd := exec.Command(bin, "serve", "--no-web", "--socket", sock)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr testutil.SyncBuffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			first, exited := make(chan string, 1), make(chan error, 1)
			go func() {
				r := bufio.NewReader(stdout)
				line, _ := r.ReadString('\n')
				first <- line
				io.Copy(io.Discard, r)
				exited <- cmd.Wait()
			}()
			t.Cleanup(func() { cmd.Process.Kill() })
			var line string
			select {
			case line = <-first:
			case <-time.After(20 * time.Second):
				t.Fatalf("no first line; stderr:\n%s", stderr.String())
			}
			readyLine(t, line, sock, false) // started with --no-web

			ctx := context.Background()
			c, err := client.Dial(ctx, sock)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if info, err := c.Info(ctx); err != nil || info.Protocol != "a2ui/v0.8" || info.CatalogID == "" {
				t.Fatalf("info: %+v, %v", info, err)
			}
			res, err := c.Show(ctx, helloForm...)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Surfaces) != 1 || res.Surfaces[0] != (hub.SurfaceSummary{SurfaceID: "hello", Protocol: "v0.8", Components: 5, Root: "root", Shown: true}) {
				t.Errorf("show: %+v", res)
			}
			states, err := c.State(ctx, "hello")
			if err != nil {
				t.Fatal(err)
			}
			if len(states) != 1 || len(states[0].Components) != 5 || string(states[0].DataModel) != `{"name":""}` {
				t.Errorf("state: %+v", states)
			}
			start := time.Now()
			w, err := c.Wait(ctx, 0.2)
			if err != nil || !w.TimedOut || string(w.Action) != "null" || time.Since(start) < 200*time.Millisecond {
				t.Errorf("wait: %+v, %v after %s", w, err, time.Since(start))
			}

			// A wait pending when the signal comes gets its reply before
			// the socket closes. The info after it on the same connection
			// is answered once the server has started the wait.
			raw, err := net.Dial("unix", sock)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			if err := raw.SetDeadline(time.Now().Add(20 * time.Second)); err != nil {
				t.Fatal(err)
			}
			if _, err := raw.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"canvas.wait","params":{"seconds":600}}` + "\n" +
				`{"jsonrpc":"2.0","id":2,"method":"canvas.info"}` + "\n")); err != nil {
				t.Fatal(err)
			}
			replies := bufio.NewReader(raw)
			if line, err := replies.ReadString('\n'); err != nil || !strings.HasPrefix(line, `{"id":2,"result":`) {
				t.Fatalf("info: %q, %v", line, err)
			}

			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			if line, err := replies.ReadString('\n'); err != nil || line != `{"id":1,"result":{"action":null,"timedOut":true},"jsonrpc":"2.0"}`+"\n" {
				t.Errorf("the wait pending at %s: %q, %v", sig, line, err)
			}
			if line, err := replies.ReadString('\n'); !errors.Is(err, io.EOF) {
				t.Errorf("after the wait's reply: %q, %v; want the end of the connection", line, err)
			}
			select {
			case err := <-exited:
				if err != nil {
					t.Fatalf("serve after %s: %v; stderr:\n%s", sig, err, stderr.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("serve did not end on %s", sig)
			}
			for _, p := range []string{sock, filepath.Dir(sock)} {
				if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s is still there after serve ended (%v)", p, err)
				}
			}
		})
	}
}

// TestServeLocale: --locale and --time-zone reach the canvas, which
// canvas.info reports; a locale a2term does not format with is a usage
// error before anything listens.
func TestServeLocale(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "run", "a2term.sock")
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	var stderr testutil.SyncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, &hubFlags{socket: sock, noWeb: true, locale: localeFlags{locale: "de", zone: "Europe/Berlin"}}, pw, &stderr)
		pw.Close()
	}()
	defer func() {
		cancel()
		go io.Copy(io.Discard, pr)
		<-done
	}()
	if _, err := bufio.NewReader(pr).ReadString('\n'); err != nil {
		t.Fatalf("reading the first line: %v (stderr: %s)", err, stderr.String())
	}
	c, err := client.Dial(ctx, sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if info, err := c.Info(ctx); err != nil || info.Locale != "de-DE" || info.TimeZone != "Europe/Berlin" {
		t.Errorf("info says %q in %q (%v)", info.Locale, info.TimeZone, err)
	}

	for _, args := range [][]string{{"serve", "--locale", "tlh"}, {"run", "--time-zone", "Nowhere", "--", "true"}, {"demo", "--locale", "pt-BR"}, {"mcp", "--locale", "x"}} {
		code, out, errOut := runCmd(t, args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "--locale") && !strings.Contains(errOut, "--time-zone") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestServeTwiceAtOneSocket: a second serve at the socket of a running
// one is refused, naming the socket (not the journal behind it) and
// saying how to reach the running canvas or open another one; with the
// journal off, the socket itself answers the same.
func TestServeTwiceAtOneSocket(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "run", "a2term.sock")
	state := filepath.Join(t.TempDir(), "state") // made 0700
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	var stderr testutil.SyncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, &hubFlags{socket: sock, stateDir: state, noWeb: true}, pw, &stderr)
		pw.Close()
	}()
	defer func() {
		cancel()
		<-done
	}()
	if _, err := bufio.NewReader(pr).ReadString('\n'); err != nil {
		t.Fatalf("reading the first line: %v (stderr: %s)", err, stderr.String())
	}
	for _, args := range [][]string{{"--state", state}, {"--no-state"}} {
		code, out, errOut := runCmd(t, append([]string{"serve", "--no-web", "--socket", sock}, args...)...)
		if code != exitRefused || out != "" {
			t.Errorf("second serve %v: exit %d, stdout %q", args, code, out)
		}
		for _, want := range []string{
			"a2term serve: a2term socket " + sock + ": an a2term is already running there\n",
			"a2term serve: show that canvas here with: a2term attach --socket " + sock + "\n",
			"--socket PATH",
		} {
			if !strings.Contains(errOut, want) {
				t.Errorf("second serve %v says:\n%s\nwant it to say %q", args, errOut, want)
			}
		}
		if strings.Contains(errOut, ".journal") {
			t.Errorf("second serve %v names the journal, not the socket:\n%s", args, errOut)
		}
	}
}

// TestRefusedStartLeavesNoJournal: a serve or run refused because its
// socket is taken (by an a2term keeping its journal elsewhere) or is not
// a socket leaves the state directory as it found it: no empty journal
// that the next start would restore as a canvas, no lock file.
func TestRefusedStartLeavesNoJournal(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "run", "a2term.sock")
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, &hubFlags{socket: sock, noState: true, noWeb: true}, pw, io.Discard)
		pw.Close()
	}()
	defer func() {
		cancel()
		<-done
	}()
	if _, err := bufio.NewReader(pr).ReadString('\n'); err != nil {
		t.Fatalf("reading the first line: %v", err)
	}
	notSocket := filepath.Join(filepath.Dir(sock), "file.sock")
	if err := os.WriteFile(notSocket, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(t.TempDir(), "state")
	for _, args := range [][]string{
		{"serve", "--no-web", "--state", state, "--socket", sock},
		{"serve", "--no-web", "--state", state, "--socket", notSocket},
		{"run", "--no-web", "--state", state, "--socket", sock, "--", "true"},
		{"run", "--no-web", "--state", state, "--socket", notSocket, "--", "true"},
	} {
		code, _, errOut := runCmd(t, args...)
		if code != exitRefused {
			t.Fatalf("%v: exit %d, want %d (refused): %s", args, code, exitRefused, errOut)
		}
		entries, err := os.ReadDir(state)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			t.Errorf("%v: refused, and left %s in the state directory", args, e.Name())
		}
	}
}
