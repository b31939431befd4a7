package webmirror

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// TestWebBrowserCustomCatalog: the page draws the team fixture, whose
// components come from a catalog definition (--catalog), generically: a
// frame per component titled with its type, its text-like properties as
// "Label: text" (a binding and a function call evaluated), the children
// inside. What is typed in a TaskCard's owner reaches the hub's data
// model, and its Assign button sends its v0.9 action, with the typed
// owner in its context, to the agent's wait.
func TestWebBrowserCustomCatalog(t *testing.T) {
	team, err := a2ui.LoadCatalogDef(filepath.Join("..", "..", "testdata", "catalogs", "team.json"))
	if err != nil {
		t.Fatal(err)
	}
	h := hub.New(hub.Options{Catalogs: []*a2ui.CatalogDef{team}})
	t.Cleanup(h.Close)
	if _, err := h.Show(browserStream(t, filepath.Join("..", "..", "testdata", "catalogs", "team.jsonl"))); err != nil {
		t.Fatal(err)
	}
	p := browserOpen(t, h, false)
	owner := browserSel("input", "data-node", "task")
	p.waitJS("the team surface", `document.querySelector(`+browserJS(owner)+`) !== null`)

	var drawn struct {
		Titles, Fields []string
		Nested         bool
		Owner, Button  string
	}
	p.eval(`({Titles: [...document.querySelectorAll('.surface[data-surface="team"] .a2-generic-title')].map(e => e.textContent),
		Fields: [...document.querySelectorAll('.surface[data-surface="team"] .a2-generic-field')].map(e => e.textContent),
		Nested: !!document.querySelector('.a2-generic[aria-label="OrgNode"] .a2-generic[aria-label="TaskCard"]'),
		Owner: document.querySelector(`+browserJS(owner)+`).value,
		Button: document.querySelector('button[data-node="task"]')?.textContent})`, &drawn)
	if want := []string{"◇ OrgNode", "◇ OrgNode", "◇ TaskCard"}; !reflect.DeepEqual(drawn.Titles, want) {
		t.Errorf("the frames' titles are %q, want %q", drawn.Titles, want)
	}
	if want := []string{"Name: Grace Hopper", "Role: Director", "Name: Ada Lovelace", "Role: Engineer", "Task: Review the compiler", "Priority: high"}; !reflect.DeepEqual(drawn.Fields, want) {
		t.Errorf("the fields are %q, want %q", drawn.Fields, want)
	}
	if !drawn.Nested || drawn.Owner != "Ada" || drawn.Button != "Assign" {
		t.Errorf("the page draws %+v: the TaskCard inside the OrgNode, its owner Ada, its button Assign", drawn)
	}

	// Typed on the page: the hub's data model has it.
	p.run("type the owner",
		chromedp.Focus(owner, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(`+browserJS(owner)+`).select()`, nil),
		chromedp.SendKeys(owner, "Grace", chromedp.ByQuery),
	)
	browserHubWait(t, h, "the hub to have the owner Grace", func() bool {
		return terminalNode(t, h, "team", "task").Props.(*a2ui.GenericProps).Input.Text == "Grace"
	})
	var model struct {
		Task struct {
			Owner string `json:"owner"`
		} `json:"task"`
	}
	data, err := json.Marshal(h.Snapshot().Canvas.Surface("team").Data())
	if err != nil || json.Unmarshal(data, &model) != nil || model.Task.Owner != "Grace" {
		t.Errorf("the data model is %s (%v), want /task/owner Grace", data, err)
	}

	// Pressed on the page: the agent's wait gets the action.
	waited := browserWait(t, h)
	p.run("press Assign", chromedp.Click(browserSel("button", "data-node", "task"), chromedp.ByQuery))
	w := <-waited
	if w.err != nil || w.res.Action == nil {
		t.Fatalf("the wait got no action: %+v, %v", w.res, w.err)
	}
	var got struct {
		Version string `json:"version"`
		Action  struct {
			Name              string         `json:"name"`
			SurfaceID         string         `json:"surfaceId"`
			SourceComponentID string         `json:"sourceComponentId"`
			Context           map[string]any `json:"context"`
		} `json:"action"`
	}
	if err := json.Unmarshal(w.res.Action, &got); err != nil {
		t.Fatalf("action %s: %v", w.res.Action, err)
	}
	a := got.Action
	if got.Version != "v0.9" || a.Name != "assign" || a.SurfaceID != "team" || a.SourceComponentID != "task" || w.res.Source != hub.Web ||
		!reflect.DeepEqual(a.Context, map[string]any{"task": "the compiler", "owner": "Grace"}) {
		t.Errorf("the wait got %s from %s", w.res.Action, w.res.Source)
	}
	p.checkClean()
}
