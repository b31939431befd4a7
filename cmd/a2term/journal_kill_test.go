//go:build unix

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/viewsock"
)

// killSession is the state of the scripted session the kill test plays,
// as the agent and the person saw it acknowledged.
type killSession struct {
	mu sync.Mutex
	// shown is how many items the agent showed, appended how many lines
	// it appended, note the value the person last set, noteN its number.
	shown, appended, noteN int
	note                   string
	// pressed is what the person pressed that the agent has not taken
	// (by the note each action carries), oldest first; taken is what the
	// agent took and then showed it had received (it made another call);
	// handed what it took and had not shown yet.
	pressed []string
	taken   map[string]bool
	handed  []string
	// acked counts acknowledged steps; inflight is the step under way.
	acked    int
	inflight string
	// state is the canvas as canvas.state reported it after the last
	// acknowledged step, versions left out; stale says the last step was
	// acknowledged and its state not read yet.
	state string
	stale bool
}

// killShow is the session's show that makes its items 1..items: the
// first creates the surface (a note the person types, a button whose
// action carries it), each later one adds an item.
func killShow(items int) []json.RawMessage {
	children := []string{`"note"`, `"send"`}
	for i := 1; i <= items; i++ {
		children = append(children, fmt.Sprintf(`"item-%d"`, i))
	}
	comps := []string{
		fmt.Sprintf(`{"id":"item-%d","component":{"Text":{"text":{"literalString":"step %d"}}}}`, items, items),
		`{"id":"root","component":{"Column":{"children":{"explicitList":[` + strings.Join(children, ",") + `]}}}}`,
	}
	if items == 1 {
		comps = append(comps,
			`{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}}`,
			`{"id":"send","component":{"Button":{"child":"send-label","action":{"name":"send","context":[{"key":"note","value":{"path":"/note"}}]}}}}`,
			`{"id":"send-label","component":{"Text":{"text":{"literalString":"Send"}}}}`)
	}
	out := []json.RawMessage{json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[` + strings.Join(comps, ",") + `]}}`)}
	if items == 1 {
		out = append(out, json.RawMessage(`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"note","valueString":""}]}}`),
			json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"root"}}`))
	}
	return out
}

// canvasState is canvas.state without the versions, which a restored
// canvas numbers anew.
func canvasState(ctx context.Context, agent *client.Client) (string, error) {
	st, err := agent.State(ctx, "")
	if err != nil {
		return "", err
	}
	for i := range st {
		st[i].Version = 0
	}
	b, err := json.Marshal(st)
	return string(b), err
}

// facts are what a canvas state says of the session: items shown, the
// note.
func stateFacts(t *testing.T, state string) (items int, note string) {
	t.Helper()
	var st []hub.SurfaceState
	if err := json.Unmarshal([]byte(state), &st); err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		for _, c := range s.Components {
			if strings.Contains(string(c), `"id":"item-`) {
				items++
			}
		}
		var dm struct {
			Note string `json:"note"`
		}
		_ = json.Unmarshal(s.DataModel, &dm)
		note = dm.Note
	}
	return items, note
}

// TestJournalSurvivesKill9 plays a session — the agent shows items and
// appends lines, the person types and presses, the agent takes actions —
// against a journaling a2term serve and kills it with SIGKILL after a
// random number of acknowledged steps, at least 50 times. Each restart
// restores the canvas of the last acknowledged step (or of the step under
// way, when it was written before the kill), every acknowledged line and
// press once, no press the agent had taken, and the same canvas id.
func TestJournalSurvivesKill9(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "s", "a2term.sock")
	state := filepath.Join(dir, "state")
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("seed %d", seed)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	s := &killSession{taken: map[string]bool{}}
	canvasID := ""
	const rounds = 50
	for round := 0; round < rounds; round++ {
		cmd := startServe(t, bin, sock, "--state", state)
		agent, err := client.Dial(ctx, sock)
		if err != nil {
			t.Fatal(err)
		}
		person, err := viewsock.Attach(ctx, sock, viewsock.AttachOptions{Reconnect: -1})
		if err != nil {
			t.Fatal(err)
		}
		info, err := agent.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if round == 0 {
			canvasID = info.CanvasID
		} else {
			if info.CanvasID != canvasID || !info.Restored {
				t.Fatalf("round %d: canvas %s restored %v, want %s restored", round, info.CanvasID, info.Restored, canvasID)
			}
			checkRestored(t, ctx, round, s, agent, person)
		}

		// Play until a random number of steps is acknowledged, then
		// kill the hub while the next one is under way.
		target := s.acked + 1 + rng.Intn(10)
		played := make(chan struct{})
		go func() {
			defer close(played)
			playSteps(ctx, s, agent, person, rand.New(rand.NewSource(rng.Int63())))
		}()
		deadline := time.Now().Add(time.Minute)
		for {
			s.mu.Lock()
			n := s.acked
			s.mu.Unlock()
			if n >= target {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d: the session made no progress", round)
			}
			time.Sleep(time.Millisecond)
		}
		cmd.Process.Kill()
		cmd.Wait()
		<-played
		agent.Close()
		person.Close()
	}
}

// playSteps plays steps until one fails (the hub was killed).
func playSteps(ctx context.Context, s *killSession, agent *client.Client, person *viewsock.RemoteView, rng *rand.Rand) {
	for {
		s.mu.Lock()
		step := "append"
		switch r := rng.Intn(10); {
		case s.shown == 0 || r < 2:
			step = "show"
		case r < 4:
			step = "append"
		case r < 6 || s.note == "":
			step = "set"
		case r < 8 && !s.wasPressed(s.note):
			step = "press"
		default:
			step = "take"
		}
		s.inflight = step
		shown, appended, noteN := s.shown, s.appended, s.noteN
		s.mu.Unlock()

		var err error
		var took string
		switch step {
		case "show":
			_, err = agent.Show(ctx, killShow(shown+1)...)
		case "append":
			err = agent.Append(ctx, hub.RoleAgent, fmt.Sprintf("line %d", appended+1))
		case "set":
			err = person.SetValue(hub.Terminal, "s", "note", fmt.Sprintf("v%d", noteN+1))
		case "press":
			// The person presses what they see: once their copy of the
			// canvas shows the note they typed.
			if !viewShows(person, s, noteN) {
				return
			}
			err = person.Press(hub.Terminal, "s", "send", person.Snapshot().Canvas.Version())
		case "take":
			var res hub.WaitResult
			res, err = agent.Wait(ctx, 0)
			if err == nil && !res.TimedOut {
				took = actionNote(res.Action)
			}
		}
		if err != nil {
			return
		}
		// The agent's call was answered: what it was handed before has
		// reached it.
		s.mu.Lock()
		if step != "set" && step != "press" {
			for _, n := range s.handed {
				s.taken[n] = true
			}
			s.handed = nil
		}
		switch step {
		case "show":
			s.shown++
		case "append":
			s.appended++
		case "set":
			s.noteN++
			s.note = fmt.Sprintf("v%d", s.noteN)
		case "press":
			s.pressed = append(s.pressed, s.note)
		case "take":
			if took != "" {
				if len(s.pressed) == 0 || s.pressed[0] != took {
					s.inflight = "take of " + took + ", not the oldest press"
					s.mu.Unlock()
					return
				}
				s.pressed = s.pressed[1:]
				s.handed = append(s.handed, took)
			}
		}
		s.inflight, s.stale = "", true
		s.mu.Unlock()
		st, err := canvasState(ctx, agent)
		if err != nil {
			return
		}
		s.mu.Lock()
		for _, n := range s.handed {
			s.taken[n] = true
		}
		s.handed = nil
		s.state, s.stale = st, false
		s.acked++
		s.mu.Unlock()
	}
}

// viewShows waits until the person's copy of the canvas shows note
// number noteN, or the view is gone.
func viewShows(person *viewsock.RemoteView, s *killSession, noteN int) bool {
	want := fmt.Sprintf("v%d", noteN)
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if c := person.Snapshot().Canvas; c.Surface("s") != nil {
			if v, ok := c.Surface("s").Data().(*a2ui.Object); ok {
				if got, _ := v.Get("note"); got == want {
					return true
				}
			}
		}
		select {
		case <-person.Done():
			return false
		case <-time.After(time.Millisecond):
		}
	}
	return false
}

func (s *killSession) wasPressed(note string) bool {
	if s.taken[note] {
		return true
	}
	for _, p := range append(s.pressed, s.handed...) {
		if p == note {
			return true
		}
	}
	return false
}

// actionNote is the note an action carries.
func actionNote(raw json.RawMessage) string {
	var m struct {
		UserAction struct {
			Context struct {
				Note string `json:"note"`
			} `json:"context"`
		} `json:"userAction"`
	}
	_ = json.Unmarshal(raw, &m)
	return m.UserAction.Context.Note
}

// checkRestored compares what a restarted hub restored with the session.
func checkRestored(t *testing.T, ctx context.Context, round int, s *killSession, agent *client.Client, person *viewsock.RemoteView) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("round %d (step under way: %q): %s", round, s.inflight, fmt.Sprintf(format, args...))
	}
	got, err := canvasState(ctx, agent)
	if err != nil {
		t.Fatal(err)
	}
	items, note := stateFacts(t, got)
	switch {
	case !s.stale && got == s.state:
	case s.stale && items == s.shown && note == s.note:
		// The last step was acknowledged; its state was not read.
	case s.inflight == "show" && items == s.shown+1 && note == s.note:
		s.shown++
	case s.inflight == "set" && items == s.shown && note == fmt.Sprintf("v%d", s.noteN+1):
		s.noteN++
		s.note = note
	case s.state == "" && items == 0:
		// Killed before the first step's state was read.
	default:
		wantItems, wantNote := stateFacts(t, s.state)
		fail("restored %d items and note %q, want %d and %q (the last acknowledged)\n%s\nwant\n%s", items, note, wantItems, wantNote, got, s.state)
	}

	// Every line the agent appended, once, in order; the one under way
	// may be there too. The journal keeps the transcript's tail.
	var lines []int
	for _, e := range person.Snapshot().Transcript {
		var n int
		if e.From == hub.FromAgent {
			if _, err := fmt.Sscanf(e.Text, "line %d", &n); err == nil {
				lines = append(lines, n)
			}
		}
	}
	if s.inflight == "append" && len(lines) > 0 && lines[len(lines)-1] == s.appended+1 {
		s.appended++
	}
	for i := 1; i < len(lines); i++ {
		if lines[i] != lines[i-1]+1 {
			fail("agent lines %v: one lost or twice", lines)
		}
	}
	if s.appended > 0 && (len(lines) == 0 || lines[len(lines)-1] != s.appended) {
		fail("agent lines %v, want the last to be %d", lines, s.appended)
	}

	// The queue: an action handed but not shown received may come again
	// first; then every press not taken, once, in order; then perhaps the
	// press under way.
	var queue []string
	for {
		res, err := agent.Wait(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		if res.TimedOut {
			break
		}
		queue = append(queue, actionNote(res.Action))
	}
	q := queue
	for len(q) > 0 && len(s.handed) > 0 && q[0] == s.handed[0] {
		q, s.handed = q[1:], s.handed[1:]
	}
	for _, n := range q {
		if s.taken[n] {
			fail("queue %v: %s was taken already", queue, n)
		}
	}
	if len(q) < len(s.pressed) || strings.Join(q[:len(s.pressed)], " ") != strings.Join(s.pressed, " ") {
		fail("queue %v, want %v first", queue, s.pressed)
	}
	extra := q[len(s.pressed):]
	if len(extra) > 1 || len(extra) == 1 && (s.inflight != "press" || extra[0] != s.note) {
		fail("queue %v: %v was never pressed", queue, extra)
	}
	// The drained queue is the agent's now (the next call shows it got
	// them).
	for _, n := range queue {
		s.taken[n] = true
	}
	s.pressed, s.handed = nil, nil
	if s.state, err = canvasState(ctx, agent); err != nil {
		t.Fatal(err)
	}
	s.inflight, s.stale = "", false
}
