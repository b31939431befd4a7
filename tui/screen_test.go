package tui

import (
	"errors"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

func doKeys(t *testing.T, s *Screen, keys string) {
	t.Helper()
	steps, err := ParseSteps(keys)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		if err := s.Press(st); err != nil {
			t.Fatal(err)
		}
	}
}

// TestScreenDoesWhatThePersonDoes drives the program by key names: a
// checked box, a typed name, a second tab, an open dialog — each frame
// is the one the program draws after the same keys.
func TestScreenDoesWhatThePersonDoes(t *testing.T) {
	h := hub.New(hub.Options{Now: fixedClock})
	defer h.Close()
	if _, err := h.Show(showRaws(t, fixtures(t)["settings.jsonl"])); err != nil {
		t.Fatal(err)
	}
	s := NewScreen(h, testOptions(termenv.Ascii), 80, 20)
	defer s.Close()
	f := s.Frame(FrameOptions{})
	if !strings.Contains(f, "[1 settings]") || !strings.Contains(f, "[ ] Gift wrap") {
		t.Fatalf("first frame:\n%s", f)
	}
	for _, l := range strings.Split(f, "\n") {
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %q ends with a space", l)
		}
	}
	if padded := s.Frame(FrameOptions{Pad: true}); !strings.HasSuffix(strings.Split(padded, "\n")[1], "  ") {
		t.Errorf("a padded frame is trimmed:\n%s", padded)
	}

	// The name, the first control, has the focus from the start.
	doKeys(t, s, `type:" Lovelace" tab tab space`)
	f = s.Frame(FrameOptions{})
	if !strings.Contains(f, "[ Ada Lovelace") || !strings.Contains(f, ">x< Gift wrap") {
		t.Errorf("after typing and space:\n%s", f)
	}
	st, _ := h.State("settings")
	if got := string(st[0].DataModel); !strings.Contains(got, `"name":"Ada Lovelace"`) || !strings.Contains(got, `"gift":true`) {
		t.Errorf("the hub has %s", got)
	}

	doKeys(t, s, "alt+2")
	if f = s.Frame(FrameOptions{}); !strings.Contains(f, "[2 other]") || !strings.Contains(f, "Second surface") {
		t.Errorf("alt+2:\n%s", f)
	}
	if err := s.Show("settings"); err != nil {
		t.Fatal(err)
	}
	if err := s.Open("more"); err != nil {
		t.Fatal(err)
	}
	if f = s.Frame(FrameOptions{}); !strings.Contains(f, "Deliveries leave at nine.") {
		t.Errorf("dialog open:\n%s", f)
	}
	doKeys(t, s, "esc")
	if f = s.Frame(FrameOptions{}); strings.Contains(f, "Deliveries leave at nine.") || !strings.Contains(f, "> Details <") {
		t.Errorf("esc closes the dialog and gives the focus back to its entry point:\n%s", f)
	}

	for _, err := range []error{s.Open("send"), s.Open("nope"), s.Focus("title"), s.Show("nope")} {
		if err == nil {
			t.Error("no error for what is not there")
		}
	}

	doKeys(t, s, "ctrl+c")
	steps, _ := ParseSteps("tab")
	if err := s.Press(steps[0]); !errors.Is(err, ErrQuit) {
		t.Errorf("a key after quitting: %v", err)
	}
}

// TestAgentNameOverTheSurface: a v0.9 surface whose theme names its agent
// (agentDisplayName) has the name over it, cleaned and said to be the
// agent's; a surface without one, or with a blank one, has no such line.
func TestAgentNameOverTheSurface(t *testing.T) {
	h := hub.New(hub.Options{Now: fixedClock})
	defer h.Close()
	create := func(id, theme string) string {
		return `{"version":"v0.9","createSurface":{"surfaceId":"` + id + `","catalogId":"` + a2ui.BasicCatalogV09ID + `"` + theme + `}}`
	}
	text := func(id, s string) string {
		return `{"version":"v0.9","updateComponents":{"surfaceId":"` + id + `","components":[{"id":"root","component":"Text","text":"` + s + `"}]}}`
	}
	raws := showRaws(t, []byte(create("trip", `,"theme":{"agentDisplayName":"Travel Desk\u001b[31m"}`)+"\n"+text("trip", "Your trip")+"\n"+
		create("plain", "")+"\n"+text("plain", "Nothing to say")+"\n"+
		create("blank", `,"theme":{"agentDisplayName":"   "}`)+"\n"+text("blank", "Blank name")))
	if _, err := h.Show(raws); err != nil {
		t.Fatal(err)
	}
	s := NewScreen(h, testOptions(termenv.Ascii), 60, 12)
	defer s.Close()
	lines := strings.Split(s.Frame(FrameOptions{}), "\n")
	if len(lines) < 3 || strings.TrimSpace(lines[1]) != "agent: Travel Desk" || strings.TrimSpace(lines[2]) != "Your trip" {
		t.Fatalf("the surface of a named agent:\n%s", strings.Join(lines, "\n"))
	}
	doKeys(t, s, `ctrl+n`)
	f := s.Frame(FrameOptions{})
	if lines = strings.Split(f, "\n"); strings.Contains(f, "agent:") || len(lines) < 2 || strings.TrimSpace(lines[1]) != "Nothing to say" {
		t.Fatalf("the surface of an agent without a name:\n%s", f)
	}
	doKeys(t, s, `ctrl+n`)
	f = s.Frame(FrameOptions{})
	if lines = strings.Split(f, "\n"); strings.Contains(f, "agent:") || len(lines) < 2 || strings.TrimSpace(lines[1]) != "Blank name" {
		t.Fatalf("the surface of an agent whose name is blank:\n%s", f)
	}
}
