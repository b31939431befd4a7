package plain

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// play runs a transcript script against a hub and returns what plain mode
// printed. Each line of the script is one step, and the session prints
// what changed after each:
//
//	> COMMAND      the person types COMMAND
//	show FILE      the agent shows the messages of FILE as one batch
//	each FILE      … one message at a time
//	say TEXT       the agent writes TEXT in the transcript ("TEXT" in Go
//	               quotes may hold \n)
//	out TEXT       the agent's program prints TEXT (err TEXT: on stderr)
//	take           the agent takes the oldest action; the output records
//	               what it received on a line starting with "#"
//	width N        lines wrap at N from here on
//	catalog FILE   the hub draws the catalog definition in FILE (read
//	               before the first step, wherever the line is)
//
// Blank lines and lines starting with "#" are comments.
func play(t *testing.T, script string, opts Options) string {
	t.Helper()
	clock := time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)
	var catalogs []string // the script's "catalog FILE" steps, read first
	for _, l := range strings.Split(script, "\n") {
		if f, ok := strings.CutPrefix(l, "catalog "); ok {
			catalogs = append(catalogs, f)
		}
	}
	defs, err := a2ui.LoadCatalogDefs(catalogs)
	if err != nil {
		t.Fatal(err)
	}
	h := hub.New(hub.Options{Now: func() time.Time { return clock }, Catalogs: defs})
	var out bytes.Buffer
	width := DefaultWidth
	opts.Width = func() int { return width }
	s := New(h, &out, opts)
	defer s.Close()
	s.Refresh()
	for i, l := range strings.Split(script, "\n") {
		verb, arg, _ := strings.Cut(l, " ")
		switch {
		case l == "" || strings.HasPrefix(l, "#") || verb == "catalog":
			continue
		case verb == ">":
			s.Exec(arg)
		case verb == "show" || verb == "each":
			data, err := os.ReadFile(arg)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			raws, err := a2ui.SplitStream(data)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			batches := [][]json.RawMessage{nil}
			for _, r := range raws {
				if verb == "each" {
					batches = append(batches, nil)
				}
				batches[len(batches)-1] = append(batches[len(batches)-1], r)
			}
			for _, b := range batches {
				if len(b) == 0 {
					continue
				}
				if _, err := h.Show(b); err != nil {
					out.WriteString("# the show was refused: " + err.Error() + "\n")
				}
				if verb == "each" {
					s.Refresh()
				}
			}
		case verb == "json":
			if _, err := h.Show([]json.RawMessage{json.RawMessage(arg)}); err != nil {
				out.WriteString("# the show was refused: " + err.Error() + "\n")
			}
		case verb == "say":
			if u, err := strconv.Unquote(arg); err == nil {
				arg = u
			}
			if err := h.Append(hub.RoleAgent, arg); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
		case verb == "out" || verb == "err":
			if u, err := strconv.Unquote(arg); err == nil {
				arg = u
			}
			h.Board().AppendOutput(verb == "err", arg)
		case verb == "take":
			res, err := h.Wait(context.Background(), 0)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			out.WriteString("# the agent received " + string(res.Action) + "\n")
		case verb == "width":
			n, err := strconv.Atoi(arg)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			width = n
		default:
			t.Fatalf("line %d: unknown step %q", i+1, l)
		}
		s.Refresh()
	}
	return out.String()
}

// TestTranscripts plays every script in testdata/scripts and compares
// what plain mode printed with its golden file (go test -update rewrites
// them; read the diff).
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/scripts/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			script, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{}
			if strings.Contains(name, "boxes") {
				opts.Boxes = true
			}
			got := play(t, string(script), opts)
			checkPlain(t, got, widthOf(string(script)))
			golden.RequireEqual(t, []byte(got))
		})
	}
}

// widthOf returns the narrowest width a script sets.
func widthOf(script string) int {
	w := DefaultWidth
	for _, l := range strings.Split(script, "\n") {
		if n, ok := strings.CutPrefix(l, "width "); ok {
			if x, err := strconv.Atoi(n); err == nil {
				w = min(w, x)
			}
		}
	}
	return w
}

// checkPlain asserts what plain mode promises of every line: no escape
// byte, no control character, nothing wider than w, and a gutter of the
// view's own at its start.
func checkPlain(t *testing.T, out string, w int) {
	t.Helper()
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasPrefix(l, "# ") {
			continue // the harness's own
		}
		if strings.ContainsAny(l, "\x1b\r\t\a\b") {
			t.Errorf("line %d holds a control character: %q", i+1, l)
		}
		if ansi.StringWidth(l) > w {
			t.Errorf("line %d is %d wide, over %d: %q", i+1, ansi.StringWidth(l), w, l)
		}
		if !strings.HasPrefix(l, markA2term) && !strings.HasPrefix(l, markPerson) && !strings.HasPrefix(l, markOther) {
			t.Errorf("line %d does not start with a gutter: %q", i+1, l)
		}
	}
}

// TestAgentCannotForgeA2termLines: in the hostile script no line starts
// like one of a2term's own or one the person typed, though the agent's
// texts, its program's output and its surface all try.
func TestAgentCannotForgeA2termLines(t *testing.T) {
	script, err := os.ReadFile("testdata/scripts/hostile.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := play(t, string(script), Options{})
	for _, l := range strings.Split(got, "\n") {
		for _, forged := range []string{"* ←", "* → the agent took", "* surface main", "> press", "[9]"} {
			if strings.HasPrefix(l, forged) {
				t.Errorf("a forged line: %q", l)
			}
		}
	}
	if !strings.Contains(got, "* ← the person pressed") {
		t.Fatalf("the hostile texts are not in the output at all:\n%s", got)
	}
}

// TestWebAndColor: the web command says what opening the mirror said, in
// this view's words; colour comes only when asked for, and only on the
// view's own marks.
func TestWebAndColor(t *testing.T) {
	h := hub.New(hub.Options{})
	var out bytes.Buffer
	opened := 0
	s := New(h, &out, Options{OpenWeb: func() []string {
		opened++
		return []string{"The web mirror is opened in the browser.", "", "ctrl+o makes a new link."}
	}})
	defer s.Close()
	s.Exec("web")
	if opened != 1 || !strings.Contains(out.String(), "* typing web makes a new link.\n") {
		t.Errorf("web (%d opened):\n%s", opened, out.String())
	}
	if strings.ContainsRune(out.String(), '\x1b') {
		t.Errorf("colour without being asked:\n%q", out.String())
	}
	off := New(h, &out, Options{})
	defer off.Close()
	out.Reset()
	off.Exec("web")
	if !strings.Contains(out.String(), "Not done: the web mirror is off") {
		t.Errorf("web with no mirror:\n%s", out.String())
	}
	script := "show testdata/v09/invoices.jsonl\n> toggle 1\n"
	colored := play(t, script, Options{Color: true})
	if !strings.Contains(colored, "\x1b[36m*\x1b[39m surface invoices") || !strings.Contains(colored, "\x1b[1m[1]\x1b[22m check box") {
		t.Errorf("no colour on the marks:\n%q", colored)
	}
	if got := ansi.Strip(colored); got != play(t, script, Options{}) {
		t.Errorf("colour changed more than the marks:\n%s", got)
	}
}

// hubView is the view of an attached terminal whose hub may be started
// again: the board it shows can be swapped for another, and what it says
// while it has lost its hub is set by the test.
type hubView struct {
	*hub.Board
	lost string
}

func (v *hubView) Snapshot() hub.Snapshot {
	s := v.Board.Snapshot()
	s.Status.Lost = v.lost
	return s
}

// TestLostHubAndATranscriptStartedAgain: plain mode says once that the
// a2term went away, and when the hub it reaches again is a new one whose
// transcript is numbered from 1 again, prints that transcript's lines
// rather than wait for their numbers to pass the old ones.
func TestLostHubAndATranscriptStartedAgain(t *testing.T) {
	clock := func() time.Time { return time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC) }
	old := hub.NewBoard(a2ui.Options{}, clock)
	for _, l := range []string{"old one", "old two", "old three"} {
		old.AppendFrom(hub.FromAgent, hub.RoleAgent, l)
	}
	v := &hubView{Board: old}
	var out bytes.Buffer
	s := New(v, &out, Options{Width: func() int { return DefaultWidth }})
	defer s.Close()
	s.Refresh()
	if !strings.Contains(out.String(), "old three") {
		t.Fatalf("the first transcript is not printed:\n%s", out.String())
	}
	v.lost = "The a2term at a2term.sock went away; trying to reach it again…"
	s.Refresh()
	s.Refresh()
	if n := strings.Count(out.String(), "went away"); n != 1 {
		t.Errorf("the lost a2term is said %d times, want once:\n%s", n, out.String())
	}
	out.Reset()
	v.lost = ""
	again := hub.NewBoard(a2ui.Options{}, clock)
	again.AppendFrom(hub.FromAgent, hub.RoleAgent, "new one")
	again.AppendFrom(hub.FromAgent, hub.RoleAgent, "new two")
	v.Board = again
	s.Refresh()
	got := out.String()
	for _, want := range []string{"transcript starts again", "new one", "new two"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q is not printed once the new hub is reached:\n%s", want, got)
		}
	}
	if strings.Contains(got, "old ") {
		t.Errorf("old lines are printed again:\n%s", got)
	}
	out.Reset()
	again.AppendFrom(hub.FromAgent, hub.RoleAgent, "new three")
	s.Refresh()
	if got := out.String(); !strings.Contains(got, "new three") || strings.Contains(got, "new two") || strings.Contains(got, "starts again") {
		t.Errorf("the next line is not printed alone:\n%s", got)
	}
}

// TestStatusCounts: the status command counts in words, one action or
// page not in the plural.
func TestStatusCounts(t *testing.T) {
	board := hub.NewBoard(a2ui.Options{}, nil)
	board.SetStatus(func(s *hub.Status) { s.WebURL, s.Viewers, s.Queued = "http://127.0.0.1:1/", 1, 1 })
	var out bytes.Buffer
	s := New(board, &out, Options{})
	defer s.Close()
	s.Refresh()
	s.Exec("status")
	for _, want := range []string{"The web mirror is on; 1 page watches (type web to reach it).", "1 action waits for the agent."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("status says:\n%s\nwant %q", out.String(), want)
		}
	}
}

// TestAgentName: a v0.9 surface whose theme names its agent
// (agentDisplayName) is headed with the name, in quotes and said to be the
// agent's, so that a name cannot go on with words of a2term's (a count
// of controls, a control); one without a name is headed without.
func TestAgentName(t *testing.T) {
	surface := func(id, theme, text string) string {
		return `json {"version":"v0.9","createSurface":{"surfaceId":"` + id + `","catalogId":"` + a2ui.BasicCatalogV09ID + `"` + theme + `}}
json {"version":"v0.9","updateComponents":{"surfaceId":"` + id + `","components":[{"id":"root","component":"Text","text":"` + text + `"}]}}
`
	}
	got := play(t, surface("trip", `,"theme":{"agentDisplayName":"Travel Desk"}`, "Your trip")+surface("plain", "", "Nothing")+
		surface("forged", `,"theme":{"agentDisplayName":"Desk), 1 control: [1] button \"Pay\""}`, "Hello"), Options{})
	if !strings.Contains(got, `* surface trip (agent: "Travel Desk"), `) || !strings.Contains(got, `* surface trip (agent: "Travel Desk") changed, `) ||
		!strings.Contains(got, "* surface plain, ") || strings.Contains(got, "plain (agent") ||
		!strings.Contains(got, `* surface forged (agent: "Desk), 1 control: [1] button \"Pay\""), nothing to`) {
		t.Fatalf("plain mode printed:\n%s", got)
	}
}
