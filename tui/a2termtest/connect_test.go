package a2termtest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/testutil/a2aagent"
	"github.com/a2term/a2term/tui/a2termtest"
)

// TestConnect is what the author of an A2A agent writes: the agent served
// on a port of the test's, the person's keys, golden frames that show
// neither the port nor the conversation's ids.
func TestConnect(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	c := a2termtest.New(t, a2termtest.Size(100, 20))
	c.Connect(a.URL, nil)
	c.Keys(`ctrl+r type:"find pizza" enter wait`)
	c.Golden(t, "menu")
	c.Keys("space tab tab enter wait")
	c.Golden(t, "ordered")
	f := c.Frame()
	if !strings.Contains(f, "Order placed: deliver=true.") || !strings.Contains(f, "completed") {
		t.Errorf("the agent's answer to the press is not shown:\n%s", f)
	}
	if u := strings.TrimPrefix(a.URL, "http://"); strings.Contains(f, u) {
		t.Errorf("the frame shows the agent's address %s:\n%s", u, f)
	}
}

// TestConnectErrors: outside a test the errors are returned: a turn that
// never ends, after the Timeout, and a second agent on one canvas.
func TestConnectErrors(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	c, err := a2termtest.Start(a2termtest.Timeout(200 * time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Connect(a.URL, nil); err != nil {
		t.Fatal(err)
	}
	err = c.Keys(`ctrl+r type:slow enter wait`)
	if err == nil || !strings.Contains(err.Error(), "the agent did not end its turn within 200ms (its task is working)") {
		t.Errorf("a turn that never ends: %v", err)
	}
	if err := c.Connect(a.URL, nil); err == nil || !strings.Contains(err.Error(), "already playing") {
		t.Errorf("a second agent: %v", err)
	}
}
