package webmirror

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// ErrOverSSH is returned by OpenBrowser in an SSH session: a browser
// opened there would run on the remote machine, not in front of the
// person. Show SSHHint instead.
var ErrOverSSH = errors.New("over SSH the browser is not opened on the remote machine; forward the port instead")

// OpenBrowser opens the mirror's one-time pairing link in the person's
// browser without putting it on a command line, where any local user
// could read it: it writes a redirect page, readable only by this user
// (0600 in a new 0700 directory), and hands the browser opener (xdg-open,
// open) the file's path. The file is removed as soon as the link is used,
// and at Close whatever happened. how says what was done, for the status
// line. Over SSH it does nothing and returns ErrOverSSH.
func (s *WebServer) OpenBrowser() (how string, err error) {
	if OverSSH() {
		return "", ErrOverSSH
	}
	return s.openBrowser(startOpener)
}

func (s *WebServer) openBrowser(run func(file string) (string, error)) (string, error) {
	link := s.PairingLink()
	how, cleanup, err := openBrowser(link, run)
	if cleanup != nil {
		s.onPaired(strings.TrimPrefix(link, s.origin+"/pair/"), cleanup)
	}
	return how, err
}

// Open is what the terminal's ctrl+o (and --open) does: open the pairing
// link in a browser, or over SSH say how to reach the mirror. The lines
// are for the person. With showLink false (where the lines go to a log)
// they never carry the link: they point to where the person reads it.
func (s *WebServer) Open(showLink bool) []string {
	link := s.PairingLink()
	if !showLink {
		link = "the one-time link on the first line of standard output"
	}
	return openLines(link, s.Port(), s.OpenBrowser)
}

// openLines says what opening link did, or over SSH how to reach port.
func openLines(link string, port int, open func() (string, error)) []string {
	if OverSSH() {
		return []string{
			"a2term runs over SSH, so the browser is not opened here. To see the canvas in your own browser:",
			"",
			SSHHint(port, link),
		}
	}
	how, err := open()
	if err != nil {
		return []string{"Could not open a browser: " + err.Error(), "", "Open this link yourself (it works once, in one browser): " + link}
	}
	return []string{"The web mirror is " + how + ".", "", "A link works once, in one browser; ctrl+o makes a new one once it is used."}
}

// OpenLink is Open for a terminal attached to the hub of another process
// (a2term attach): it opens link, a one-time link of that hub's mirror on
// port, in this terminal's browser, or over SSH says how to reach it.
// Call cleanup when the program ends: it removes the redirect file, which
// this process cannot know to be used.
func OpenLink(link string, port int) (lines []string, cleanup func()) {
	var cleanups []func()
	lines = openLines(link, port, func() (string, error) {
		how, c, err := openBrowser(link, startOpener)
		if c != nil {
			cleanups = append(cleanups, c)
		}
		return how, err
	})
	return lines, func() {
		for _, c := range cleanups {
			c()
		}
	}
}

// openBrowser writes the redirect file and passes its path to run. The
// returned cleanup removes the file and its directory.
func openBrowser(url string, run func(file string) (string, error)) (how string, cleanup func(), err error) {
	dir, err := os.MkdirTemp("", "a2term-open-") // 0700
	if err != nil {
		return "", nil, fmt.Errorf("open the browser: %w", err)
	}
	cleanup = func() { os.RemoveAll(dir) }
	file := filepath.Join(dir, "a2term.html")
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		cleanup()
		return "", nil, fmt.Errorf("open the browser: %w", err)
	}
	_, err = f.WriteString(redirectPage(url))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		cleanup()
		return "", nil, fmt.Errorf("open the browser: %w", err)
	}
	how, err = run(file)
	if err != nil {
		cleanup()
		return "", nil, err
	}
	return how, cleanup, nil
}

// redirectPage sends the browser on to url without keeping itself in the
// history.
func redirectPage(url string) string {
	js, _ := json.Marshal(url) // escapes <, > and &: safe inside <script>
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=` + html.EscapeString(url) + `">
<title>a2term</title>
<script>location.replace(` + string(js) + `);</script>
</head><body><p>Opening the a2term canvas…</p></body></html>
`
}

// startOpener runs the platform's browser opener on file, detached from
// the terminal (see runOpener).
func startOpener(file string) (string, error) {
	switch runtime.GOOS {
	case "darwin":
		return runOpener(openerGrace, "open", file)
	case "windows":
		return runOpener(openerGrace, "rundll32", "url.dll,FileProtocolHandler", file)
	}
	return runOpener(openerGrace, "xdg-open", file)
}

// openerGrace is how long an opener is given to fail: one that finds no
// browser (xdg-open on a machine without a desktop) says so at once with
// its exit status, while one that is still running after it has started
// the browser, or is the browser.
const openerGrace = 2 * time.Second

// runOpener runs name with args (standard input, output and error: the
// null device) and waits up to grace for it: a failure within that time
// is returned, for the person to be told and given the link instead; an
// opener still running then is taken to have opened the browser, and is
// reaped in the background.
func runOpener(grace time.Duration, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...) //nolint:noctx // the opener may be the browser itself: it outlives this call, reaped in the background
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("open the browser with %s: %w", name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return "", fmt.Errorf("%s found no browser to open (it ended with status %d)", name, exit.ExitCode())
		}
		if err != nil {
			return "", fmt.Errorf("open the browser with %s: %w", name, err)
		}
	case <-t.C:
	}
	return "opened in the browser with " + name, nil
}

// OverSSH reports whether a2term runs in an SSH session, where the
// browser must not be opened (it would open on the remote machine).
func OverSSH() bool {
	return os.Getenv("SSH_CONNECTION") != "" || os.Getenv("SSH_CLIENT") != "" || os.Getenv("SSH_TTY") != ""
}

// SSHHint says how to reach the mirror from the person's own machine when
// a2term runs over SSH: the ssh -L command that forwards the port, and the
// URL to open there. The host is the server address of SSH_CONNECTION
// (with -p when the port is not 22), or "this-machine" when unknown.
func SSHHint(port int, url string) string {
	host, sshPort := "this-machine", ""
	if f := strings.Fields(os.Getenv("SSH_CONNECTION")); len(f) == 4 {
		if ip := net.ParseIP(f[2]); ip != nil {
			host = ip.String()
		}
		if p, err := strconv.Atoi(f[3]); err == nil && p > 0 && p < 65536 && p != 22 {
			sshPort = " -p " + strconv.Itoa(p)
		}
	}
	return fmt.Sprintf("on your machine run: ssh -L %d:127.0.0.1:%d%s %s — then open %s", port, port, sshPort, host, url)
}
