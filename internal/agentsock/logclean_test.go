package agentsock

import (
	"encoding/json"
	"fmt"
	"log"
	"strings"
	"testing"

	"github.com/a2term/a2term/internal/testutil"
)

// hostileName is a method name that retitles the terminal (OSC 2, ended
// by BEL) and writes its clipboard (OSC 52), with a C1 CSI and a line
// break that would start a line of its own in the log.
const hostileName = "\x1b]2;owned\a\x1b]52;c;b3duZWQ=\a\u009b2J\nfake: a2term rpc: all is well"

// noControls reports the first escape, BEL, C1 control or line break
// inside a line of a log, or "".
func noControls(log string) string {
	for _, line := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		if i := strings.IndexFunc(line, func(r rune) bool { return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 }); i >= 0 {
			return fmt.Sprintf("%q in %q", line[i:min(i+8, len(line))], line)
		}
		if strings.HasPrefix(line, "fake:") {
			return fmt.Sprintf("a line of the agent's own: %q", line)
		}
	}
	return ""
}

// TestLogCleansWhatAnAgentSent: an agent's method name with escape
// sequences, sent to a real server as a notification (which is logged)
// and as a request, reaches the server's log only cleaned, on one line.
func TestLogCleansWhatAnAgentSent(t *testing.T) {
	logs := &testutil.SyncBuffer{}
	_, srv := startRaw(t, ServerOptions{Logger: log.New(logs, "", 0)})
	p := dialRaw(t, srv)
	name, _ := json.Marshal(hostileName)
	p.send(`{"jsonrpc":"2.0","method":` + string(name) + `,"params":{}}`)
	p.send(`{"jsonrpc":"2.0","id":1,"method":` + string(name) + `,"params":{}}`)
	p.wantError(-32601, "1")
	p.alive()
	if err := srv.Close(); err != nil { // every handler has returned, and logged
		t.Fatal(err)
	}
	got := logs.String()
	if !strings.Contains(got, "a2term rpc: notification ") || !strings.Contains(got, "method not found") {
		t.Fatalf("the notification of an unknown method is not logged:\n%s", got)
	}
	if bad := noControls(got); bad != "" {
		t.Errorf("the log holds what the agent sent uncleaned: %s", bad)
	}
}
