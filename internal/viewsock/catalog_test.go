package viewsock_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/viewsock"
)

// TestAttachedViewDrawsCustomCatalog checks that a terminal attached to a
// hub given a catalog definition draws the surfaces that use it, as the
// hub does, and that typing into and pressing its generic components
// there reach the data model and the agent. Before, the definitions
// stayed in the hub: the terminal's copy could not read the surface and
// asked for the whole canvas again, forever, drawing nothing.
func TestAttachedViewDrawsCustomCatalog(t *testing.T) {
	team, err := a2ui.LoadCatalogDef(filepath.Join("..", "..", "testdata", "catalogs", "team.json"))
	if err != nil {
		t.Fatal(err)
	}
	stream, err := os.ReadFile(filepath.Join("..", "..", "testdata", "catalogs", "team.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	h := hub.New(hub.Options{Catalogs: []*a2ui.CatalogDef{team}})
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Close()
		h.Close()
	})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	ctx := ctxFor(t)
	agent := dial(t, srv)
	if _, err := agent.Show(ctx, raws(strings.Split(strings.TrimSpace(string(stream)), "\n")...)...); err != nil {
		t.Fatal(err)
	}
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	drawn := func(s hub.Snapshot) bool {
		sf := s.Canvas.Surface("team")
		return sf != nil && sf.Tree() != nil && sf.Tree().Type == a2ui.GenericType
	}
	waitView(t, v, "the team surface in the terminal", drawn)
	sameState(t, "on attach", h.Snapshot(), v.Snapshot())

	if err := v.SetValue(hub.Terminal, "team", "task", "Grace"); err != nil {
		t.Fatal(err)
	}
	owner := func(s hub.Snapshot) string {
		return s.Canvas.Surface("team").Tree().Find("task").Props.(*a2ui.GenericProps).Input.Text
	}
	if got := owner(h.Snapshot()); got != "Grace" {
		t.Errorf("the hub's owner is %q after typing in the terminal", got)
	}
	waitView(t, v, "the typed owner in the terminal", func(s hub.Snapshot) bool { return owner(s) == "Grace" })

	waits := make(chan hub.WaitResult, 1)
	go func() {
		res, err := agent.Wait(ctx, 30)
		if err != nil {
			t.Error(err)
		}
		waits <- res
	}()
	waitView(t, h, "the agent waiting", func(hub.Snapshot) bool { return h.Waiting() == 1 })
	if err := v.Press(hub.Terminal, "team", "task", v.Snapshot().Canvas.Surface("team").Version()); err != nil {
		t.Fatal(err)
	}
	res := <-waits
	if got := string(res.Action); res.Source != hub.Terminal || !strings.Contains(got, `"name":"assign"`) || !strings.Contains(got, `"context":{"task":"the compiler","owner":"Grace"}`) {
		t.Errorf("the agent got %s from %s", got, res.Source)
	}
}
