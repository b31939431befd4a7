package hub_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

const teamID = "https://example.com/a2term/catalogs/team.json"

// teamHub returns a hub keeping its journal at path, given the team
// catalog definition when team says so.
func teamHub(t *testing.T, path string, team bool) (*hub.Hub, hub.JournalReport) {
	t.Helper()
	var opts hub.Options
	if team {
		def, err := a2ui.LoadCatalogDef(filepath.Join("..", "testdata", "catalogs", "team.json"))
		if err != nil {
			t.Fatal(err)
		}
		opts.Catalogs = []*a2ui.CatalogDef{def}
	}
	h := hub.New(opts)
	rep, err := h.UseJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h, rep
}

// showTeam shows the team fixture, whose surface uses the team catalog
// definition, beside the basic form, and types an owner into its task.
func showTeam(t *testing.T, h *hub.Hub) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "catalogs", "team.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(form); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(raws(strings.Split(strings.TrimSpace(string(data)), "\n")...)); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Terminal, "team", "task", "Grace"); err != nil {
		t.Fatal(err)
	}
}

// TestJournalRestoresCustomCatalog: an a2term started again with the
// same --catalog restores a surface that uses the definition, with what
// the person typed in it.
func TestJournalRestoresCustomCatalog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	h1, _ := teamHub(t, path, true)
	showTeam(t, h1)
	want := saved(t, h1)
	h1.Close()

	h2, rep := teamHub(t, path, true)
	if !rep.Restored || rep.Surfaces != 2 || rep.Held != 0 {
		t.Fatalf("restored %+v", rep)
	}
	if got := saved(t, h2); got != want {
		t.Errorf("the restored canvas is\n%s\nnot\n%s", got, want)
	}
	if sf := h2.Snapshot().Canvas.Surface("team"); sf == nil || sf.Tree() == nil || sf.Tree().Type != a2ui.GenericType {
		t.Fatal("the team surface is not drawn")
	}
}

// TestJournalHoldsWhatItCannotDraw: an a2term started without the
// --catalog a journal's surface needs restores the rest, holds that
// surface, not drawn, and says so in the transcript, naming the catalog
// and the flag; started with it again, it restores the surface as it
// was, typed value and all. A surface the agent makes meanwhile with the
// held one's id replaces it. Before, the surface's record did not apply:
// the journal from there on was counted as damaged, and lost.
func TestJournalHoldsWhatItCannotDraw(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	h1, _ := teamHub(t, path, true)
	showTeam(t, h1)
	want := saved(t, h1)
	h1.Close()

	// Without the catalog, twice: the journal read back holds its
	// records after the snapshot, the next one's snapshot.
	for i := range 2 {
		h, rep := teamHub(t, path, false)
		if !rep.Restored || rep.Surfaces != 1 || rep.Held != 1 || rep.Lost != 0 {
			t.Fatalf("start %d without the catalog: %+v", i, rep)
		}
		if h.Snapshot().Canvas.Surface("team") != nil || h.Snapshot().Canvas.Surface("main") == nil {
			t.Fatalf("start %d: the surfaces are %v", i, h.Snapshot().Canvas.Surfaces())
		}
		line := texts(h)[len(texts(h))-1]
		for _, w := range []string{`Surface "team"`, teamID, "--catalog FILE", "kept, not shown"} {
			if !strings.Contains(line, w) {
				t.Errorf("start %d: the transcript says %q, without %q", i, line, w)
			}
		}
		if err := h.SetValue(hub.Terminal, "main", "note", "typed meanwhile"); err != nil {
			t.Fatal(err)
		}
		h.Close()
	}

	h3, rep := teamHub(t, path, true)
	if !rep.Restored || rep.Surfaces != 2 || rep.Held != 0 {
		t.Fatalf("with the catalog again: %+v", rep)
	}
	team := h3.Snapshot().Canvas.Surface("team")
	if team == nil || team.Tree() == nil || team.Tree().Find("task").Props.(*a2ui.GenericProps).Input.Text != "Grace" {
		t.Fatalf("the team surface is not restored as it was: %v", h3.Snapshot().Canvas.Surfaces())
	}
	if got := saved(t, h3); got == want || !strings.Contains(got, "typed meanwhile") {
		t.Errorf("the canvas lost what was typed meanwhile: %s", got)
	}
	h3.Close()

	// Held again, then replaced by the agent's surface of the same id.
	h4, _ := teamHub(t, path, false)
	if _, err := h4.Show(raws(`{"version":"v0.9","createSurface":{"surfaceId":"team","catalogId":"` + a2ui.BasicCatalogV09ID + `"}}`)); err != nil {
		t.Fatal(err)
	}
	h4.Close()
	h5, rep := teamHub(t, path, true)
	if sf := h5.Snapshot().Canvas.Surface("team"); rep.Held != 0 || sf == nil || sf.CatalogID() != a2ui.BasicCatalogV09ID {
		t.Errorf("the agent's surface did not replace the held one: %+v", rep)
	}
}
