package snapshot

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
)

// connectTo is the input of a render that talks to a.
func connectTo(a *a2aagent.Agent) Input {
	return Input{Name: a.URL, Connect: &a2aconn.Options{URL: a.URL}}
}

// varying fails t if out holds anything that changes from run to run of
// a: its address, the contextIds of its conversations, the ids of the
// tasks and messages it was sent.
func varying(t *testing.T, out string, a *a2aagent.Agent) {
	t.Helper()
	u, err := url.Parse(a.URL)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{a.URL, u.Host, u.Port(), "127.0.0.1"}
	ids = append(ids, a.Contexts()...)
	for _, r := range a.Received() {
		ids = append(ids, r.Message.ContextID, string(r.Message.TaskID), r.Message.ID)
	}
	for _, id := range ids {
		if id != "" && strings.Contains(out, id) {
			t.Errorf("the frames show %q, which changes every run:\n%s", id, out)
		}
	}
}

// TestConnectConversation renders a whole conversation with an A2A
// agent: the person writes (the message waits, in the transcript, until
// "wait"), the agent's form shows with its task waiting for input, the
// person checks the box and presses, and the agent's update completes
// the task. Two runs draw the same bytes, which hold no address and no
// id of the conversation.
func TestConnectConversation(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	opts := Options{
		Look: Look{Width: 100, Height: 20}, Frames: true,
		Steps: steps(t, `ctrl+r type:"find pizza" enter wait space tab tab enter wait`),
	}
	var runs [2][]byte
	for i := range runs {
		out, err := Render(connectTo(a), opts)
		if err != nil {
			t.Fatal(err)
		}
		runs[i] = out
	}
	if string(runs[0]) != string(runs[1]) {
		t.Fatalf("the second run differs:\n%s\nfirst:\n%s", runs[1], runs[0])
	}
	golden.RequireEqual(t, runs[0])
	varying(t, string(runs[0]), a)

	f := frames(t, runs[0])
	for _, c := range []struct{ frame, want, not string }{
		{"=== 0: start", "Connected to Scripted agent.", ""},
		{"=== 0: start", "A2UI forms for a2term's", ""},
		{"=== 2: type:\"find pizza\"", "to the agent: find pizza", ""},
		{"=== 3: enter", "← the person wrote: find pizza", "Here is the menu."},
		{"=== 4: wait", "Here is the menu.", ""},
		{"=== 4: wait", "input-required", "completed"},
		{"=== 5: space", ">x< Deliver it", ""},
		{"=== 8: enter", "1 queued", "Order placed"},
		{"=== 9: wait", "Order placed", "input-required"},
		{"=== 9: wait", "completed", ""},
	} {
		got, ok := f[c.frame]
		if !ok {
			t.Fatalf("no frame %q:\n%s", c.frame, runs[0])
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("frame %q lacks %q:\n%s", c.frame, c.want, got)
		}
		if c.not != "" && strings.Contains(got, c.not) {
			t.Errorf("frame %q has %q:\n%s", c.frame, c.not, got)
		}
	}
	if got := a.Received(); len(got) != 4 {
		t.Errorf("the agent got %d messages in two runs, want 4 (a message and a press each)", len(got))
	}

	web, err := Render(connectTo(a), Options{Web: true, Steps: opts.Steps})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(web), "Order placed") {
		t.Errorf("the web mirror's page lacks the agent's update:\n%s", web)
	}
	varying(t, string(web), a)
}

// TestConnectTurnNeverEnds: an agent whose task works on and on makes a
// "wait" fail once the timeout has passed, saying what the task is doing,
// and nothing is drawn.
func TestConnectTurnNeverEnds(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	out, err := Render(connectTo(a), Options{
		Timeout: 200 * time.Millisecond,
		Steps:   steps(t, `ctrl+r type:slow enter wait`),
	})
	want := "step 4 (wait): the agent did not end its turn within 200ms (its task is working)"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
	if out != nil {
		t.Errorf("drew %q with the error", out)
	}
}

// TestConnectRefusedSurface: a surface a2term refuses shows as the
// refusal in the transcript, goes back to the agent as the A2UI error
// message, and "wait" returns once the agent has answered that too.
func TestConnectRefusedSurface(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	out, err := Render(connectTo(a), Options{
		Look:  Look{Width: 100, Height: 20},
		Steps: steps(t, `ctrl+r type:bad enter wait`),
	})
	if err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, out)
	for _, want := range []string{"Here is a broken surface.", "show refused", "Sorry: ", "completed"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the frame lacks %q:\n%s", want, out)
		}
	}
	got := a.Received()
	if len(got) != 2 || len(got[1].Message.Parts) != 1 {
		t.Fatalf("the agent got %d messages, want the text and the error message", len(got))
	}
	varying(t, string(out), a)
}

// TestConnectRefused: an agent a2term cannot talk to as its card says
// (here, one that requires a credential not given) draws nothing, and
// the error names what is missing; an A2A agent comes alone.
func TestConnectRefused(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{Token: "secret"})
	out, err := Render(connectTo(a), Options{})
	if err == nil || out != nil || !strings.Contains(err.Error(), `the security scheme "bearer"`) {
		t.Fatalf("render of an agent that needs a token: %q, %v", out, err)
	}
	in := connectTo(a)
	in.Stream = []byte(`{}`)
	var usage *UsageError
	if _, err := Render(in, Options{}); !errors.As(err, &usage) {
		t.Errorf("a stream with an A2A agent: %v, want a usage error", err)
	}
}
