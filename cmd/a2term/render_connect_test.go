package main

import (
	"bufio"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/internal/testutil/a2aagent"
)

// TestRenderConnectToTheScriptedAgent runs the scripted A2A agent a person
// runs (go run ./testdata/agents/a2aform) on a free port, and renders a
// whole conversation with it: the message written, the form, the box
// checked, the press and the agent's update, in a frame that does not
// show the agent's port.
func TestRenderConnectToTheScriptedAgent(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "a2aform")
	if out, err := exec.Command("go", "build", "-o", bin, "./"+filepath.ToSlash(repoFile("testdata/agents/a2aform"))).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	agent := exec.Command(bin, "-port", "0")
	stdout, err := agent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := agent.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = agent.Process.Kill(); _ = agent.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the agent printed no URL: %v", err)
	}
	addr := strings.TrimSpace(line)
	u, err := url.Parse(addr)
	if err != nil || u.Hostname() != "127.0.0.1" || u.Port() == "" {
		t.Fatalf("the agent printed %q, not its URL on 127.0.0.1", line)
	}

	code, out, errOut := runCmd(t, "render", "--connect", addr, "--width", "100", "--height", "20",
		"--keys", `ctrl+r type:"find pizza" enter wait space tab tab enter wait`)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Here is the menu.", "← the person wrote: find pizza", "Order placed: deliver=true.", "[x] Deliver it", "completed"} {
		if !strings.Contains(out, want) {
			t.Errorf("the frame lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, u.Host) {
		t.Errorf("the frame shows the agent's address %s:\n%s", u.Host, out)
	}
}

// TestRenderConnectErrors: --connect comes alone, a plain-http URL to
// another machine is a usage error, and an agent whose card requires a
// credential not given draws nothing, saying which; a --header value is
// never printed.
func TestRenderConnectErrors(t *testing.T) {
	const secret = "X-Other: s3kr1t-value"
	a := a2aagent.Start(t, a2aagent.Options{Token: "another"})
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"render", "--connect", a.URL, orderStream}, exitUsage, "--connect draws an A2A agent alone"},
		{[]string{"render", "--connect", "http://agent.example.com", "--header", secret}, exitUsage, "use https, or --insecure"},
		{[]string{"render", "--connect", a.URL, "--header", secret}, exitRefused, `requires the security scheme "bearer" (HTTP Bearer)`},
	} {
		code, out, errOut := runCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("a2term %s: exit %d, stdout %q, stderr:\n%s\nwant exit %d and %q", strings.Join(tc.args, " "), code, out, errOut, tc.code, tc.want)
		}
		if strings.Contains(out+errOut, "s3kr1t") {
			t.Errorf("a2term %s printed the header's value", strings.Join(tc.args, " "))
		}
	}
}
