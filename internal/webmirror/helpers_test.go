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
)

// guard bounds every wait for something that should happen; tests never
// sleep to let things happen.
const guard = 30 * time.Second

// eventually waits until cond holds, failing the test after the guard.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(guard)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s never happened", what)
		}
		time.Sleep(time.Millisecond)
	}
}

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
