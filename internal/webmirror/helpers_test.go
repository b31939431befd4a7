package webmirror

// Fixtures the hub's own tests have too, for the tests here that serve a
// hub.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// The fixtures shared with the other tests that serve a hub.
const guard = hubtest.Guard

var (
	eventually = hubtest.Eventually
)

// socketAnswers checks that the agent socket at path answers a
// canvas.info on a new connection.
func socketAnswers(t *testing.T, path string) {
	t.Helper()
	conn, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(guard)); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Write([]byte(`{"jsonrpc":"2.0","id":100,"method":"canvas.info"}` + "\n")); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(conn).ReadBytes('\n')
	var r struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  any             `json:"error"`
	}
	if err != nil || json.Unmarshal(line, &r) != nil || r.Error != nil || string(r.ID) != "100" || !bytes.Contains(r.Result, []byte(`"protocol":"a2ui/v0.8"`)) {
		t.Errorf("the socket stopped answering: %q, %v", line, err)
	}
}
