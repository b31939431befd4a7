package hub_test

import (
	"context"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil/hubtest"

	"github.com/a2term/a2term/a2ui"
)

// TestV10ThroughWait checks what a v1.0 canvas hands the agent through
// canvas.wait: the answer to its callRendererFunction, the
// callAgentFunction of a press on a button calling the agent's function
// (the button waiting until the agentFunctionResponse), and an action
// with the renderer data model in v1.0's name.
func TestV10ThroughWait(t *testing.T) {
	h := hub.New(hub.Options{Now: hubtest.Clock})
	t.Cleanup(h.Close)
	ctx := context.Background()
	if _, err := h.Show(raws(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","sendDataModel":true,"components":[` +
		`{"id":"root","component":"Column","children":["ask","go"]},` +
		`{"id":"ask","component":"Button","child":"l1","action":{"functionCall":{"call":"verifyProvider","args":{"id":{"path":"/id"}}}}},{"id":"l1","component":"Text","text":"Check"},` +
		`{"id":"go","component":"Button","child":"l2","action":{"event":{"name":"submit"}}},{"id":"l2","component":"Text","text":"Go"}],"dataModel":{"id":"PRV-7"}}}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(raws(`{"version":"v1.0","callRendererFunction":{"functionCallId":"c1","callFunction":{"call":"getLocale","catalogId":"` + a2ui.TerminalCatalogV10ID + `"}}}`)); err != nil {
		t.Fatal(err)
	}
	res, err := h.Wait(ctx, hubtest.Guard)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Action); got != `{"version":"v1.0","rendererFunctionResponse":{"functionCallId":"c1","value":{"locale":"en-US","timeZone":"UTC"}}}` {
		t.Fatalf("answer %s", got)
	}

	if err := h.Press(hub.Terminal, "s", "ask", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	res, err = h.Wait(ctx, hubtest.Guard)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Action); !strings.Contains(got, `"callAgentFunction":{"surfaceId":"s","functionCallId":"`) || !strings.Contains(got, `"callFunction":{"call":"verifyProvider","args":{"id":"PRV-7"}}`) {
		t.Fatalf("call %s", got)
	}
	calls := h.Snapshot().Canvas.Calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls wait", len(calls))
	}
	if bp := h.Snapshot().Canvas.Surface("s").Tree().Find("ask").Props.(*a2ui.ButtonProps); !bp.Disabled {
		t.Fatal("the button does not wait")
	}
	if _, err := h.Show(raws(`{"version":"v1.0","agentFunctionResponse":{"functionCallId":"` + calls[0].FunctionCallID + `","value":"ok"}}`)); err != nil {
		t.Fatal(err)
	}
	if bp := h.Snapshot().Canvas.Surface("s").Tree().Find("ask").Props.(*a2ui.ButtonProps); bp.Disabled {
		t.Fatal("the button still waits after the answer")
	}

	if err := h.Press(hub.Terminal, "s", "go", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	res, err = h.Wait(ctx, hubtest.Guard)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(res.Action), `{"version":"v1.0","action":{"name":"submit"`) || string(res.RendererDataModel) != `{"version":"v1.0","surfaces":{"s":{"id":"PRV-7"}}}` || res.ClientDataModel != nil {
		t.Fatalf("action %s, data %s / %s", res.Action, res.RendererDataModel, res.ClientDataModel)
	}
}
