package components

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// teamTree resolves the fixture stream of the fixture catalog definition
// (testdata/catalogs) and returns its canvas.
func teamTree(t *testing.T) *a2ui.Canvas {
	t.Helper()
	def, err := a2ui.LoadCatalogDef(filepath.Join("..", "testdata", "catalogs", "team.json"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "testdata", "catalogs", "team.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var raws []json.RawMessage
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		raws = append(raws, json.RawMessage(l))
	}
	c, _, err := a2ui.New(a2ui.Options{Catalogs: []*a2ui.CatalogDef{def}}).ApplyJSON(raws)
	if err != nil {
		t.Fatalf("stream refused: %v", err)
	}
	return c
}

// TestGenericGolden: a catalog definition's components drawn from their
// schemas, at every golden width, without and with the focus on the task
// (its field and button), in colour and in ASCII.
func TestGenericGolden(t *testing.T) {
	root := teamTree(t).Surface("team").Tree()
	ascii := testTheme(termenv.Ascii)
	ascii.Options.ASCII = true
	goldenStates(t, "generic", root, map[string]*Context{
		"plain":   {Theme: testTheme(termenv.Ascii), State: NewState()},
		"focused": {Theme: testTheme(termenv.Ascii), State: NewState(), Focus: "task"},
		"ascii":   {Theme: ascii, State: NewState()},
	})
}

// TestGenericKeys: typing into a generic component's input asks to set
// its value, Enter presses its action, a click on its button presses it;
// a component without an action or input takes no key.
func TestGenericKeys(t *testing.T) {
	root := teamTree(t).Surface("team").Tree()
	task := root.Find("task")
	ctx := &Context{Theme: testTheme(termenv.Ascii), State: NewState(), Focus: "task"}
	ctl, ok := ControlFor(task)
	if !ok {
		t.Fatal("a generic component with an input is no control")
	}
	st := &NodeState{}
	in := ctl.Key(task, st, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("X")}, ctx)
	if in.Kind != SetValue || in.Node != "task" || in.Value != "XAda" {
		t.Errorf("typing: %+v", in)
	}
	if in := ctl.Key(task, st, tea.KeyMsg{Type: tea.KeyEnter}, ctx); in.Kind != Press || in.Node != "task" {
		t.Errorf("enter: %+v", in)
	}
	if in := ctl.Click(task, st, genericButtonPart, ctx); in.Kind != Press {
		t.Errorf("click on the button: %+v", in)
	}
	ada := root.Find("ada")
	if in := ctl.Key(ada, st, tea.KeyMsg{Type: tea.KeyEnter}, ctx); in.Kind != Ignored {
		t.Errorf("a component without action or input: %+v", in)
	}
	b := Render(root, 60, ctx)
	var press, focus bool
	for _, h := range b.Hits {
		press = press || h.Node == "task" && h.Part == genericButtonPart
		focus = focus || h.Node == "task" && h.Focusable
	}
	if !press || !focus {
		t.Errorf("hits %+v", b.Hits)
	}
}
