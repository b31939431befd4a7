package client_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
)

// TestReadAction presses a button of a v0.8 surface, of a v0.9 one that
// sends its data model and of a v0.9 one that does not, and reads each
// wait's action the same way.
func TestReadAction(t *testing.T) {
	h, srv := start(t)
	c := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c.Show(ctx,
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"old","components":[
			{"id":"root","component":{"Column":{"children":{"explicitList":["name","go"]}}}},
			{"id":"name","component":{"TextField":{"label":{"literalString":"Name"},"text":{"path":"/name"}}}},
			{"id":"go","component":{"Button":{"child":"gl","action":{"name":"greet","context":[{"key":"name","value":{"path":"/name"}}]}}}},
			{"id":"gl","component":{"Text":{"text":{"literalString":"Go"}}}}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"old","root":"root"}}`),
		json.RawMessage(`{"version":"v0.9.1","createSurface":{"surfaceId":"new","catalogId":"`+a2ui.BasicCatalogV09ID+`","sendDataModel":true}}`),
		json.RawMessage(`{"version":"v0.9.1","updateComponents":{"surfaceId":"new","components":[
			{"id":"root","component":"Column","children":["age","go"]},
			{"id":"age","component":"Slider","label":"Age","min":0,"max":120,"value":{"path":"/person/age"}},
			{"id":"go","component":"Button","child":"gl","action":{"event":{"name":"save","context":{"age":{"path":"/person/age"},"kind":"adult"}}}},
			{"id":"gl","component":"Text","text":"Save"}]}}`),
		json.RawMessage(`{"version":"v0.9.1","updateDataModel":{"surfaceId":"new","value":{"person":{"age":30,"name":"Ada"}}}}`),
		json.RawMessage(`{"version":"v1.0","createSurface":{"surfaceId":"ten","catalogId":"`+a2ui.BasicCatalogV10ID+`","sendDataModel":true,"components":[
			{"id":"root","component":"Button","child":"l","action":{"event":{"name":"keep","context":{"n":{"path":"/n"}}}}},
			{"id":"l","component":"Text","text":"Keep"}],"dataModel":{"n":2}}}`),
		json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"quiet","catalogId":"`+a2ui.BasicCatalogV09ID+`"}}`),
		json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"quiet","components":[
			{"id":"root","component":"Button","child":"l","action":{"event":{"name":"ping"}}},
			{"id":"l","component":"Text","text":"Ping"}]}}`),
	); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Terminal, "old", "name", "Ada"); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Web, "new", "age", 37.0); err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct {
		src         hub.Source
		surface, id string
	}{{hub.Terminal, "old", "go"}, {hub.Web, "new", "go"}, {hub.Terminal, "ten", "root"}, {hub.Terminal, "quiet", "root"}} {
		if err := h.Press(p.src, p.surface, p.id, h.Snapshot().Canvas.Version()); err != nil {
			t.Fatal(err)
		}
	}

	want := []client.Action{
		{Version: "v0.8", Name: "greet", SurfaceID: "old", SourceComponentID: "go", Context: map[string]any{"name": "Ada"}, Source: hub.Terminal},
		{Version: "v0.9", Name: "save", SurfaceID: "new", SourceComponentID: "go", Context: map[string]any{"age": 37.0, "kind": "adult"},
			DataModel: map[string]any{"person": map[string]any{"age": 37.0, "name": "Ada"}}, Source: hub.Web},
		{Version: "v1.0", Name: "keep", SurfaceID: "ten", SourceComponentID: "root", Context: map[string]any{"n": 2.0}, DataModel: map[string]any{"n": 2.0}, Source: hub.Terminal},
		{Version: "v0.9", Name: "ping", SurfaceID: "quiet", SourceComponentID: "root", Context: map[string]any{}, Source: hub.Terminal},
	}
	for _, w := range want {
		res, err := c.Wait(ctx, 5)
		if err != nil {
			t.Fatal(err)
		}
		got, err := client.ReadAction(res)
		if err != nil {
			t.Fatalf("%s: %v", res.Action, err)
		}
		if got.Timestamp == "" || string(got.Message) != string(res.Action) {
			t.Errorf("%s: timestamp %q, message %s", w.Name, got.Timestamp, got.Message)
		}
		got.Timestamp, got.Message = "", nil
		if !reflect.DeepEqual(*got, w) {
			t.Errorf("read %s as\n%+v, want\n%+v", res.Action, *got, w)
		}
	}

	res, err := c.Wait(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := client.ReadAction(res); !errors.Is(err, client.ErrNoAction) || a != nil {
		t.Errorf("a wait that timed out: %+v, %v", a, err)
	}
}

// TestReadActionRefusesOtherShapes: a message that is neither version's
// action is an error, never an action with empty fields.
func TestReadActionRefusesOtherShapes(t *testing.T) {
	for _, msg := range []string{
		`{"error":{"code":"VALIDATION_FAILED"}}`,
		`{"version":"v0.9","userAction":{"name":"x"}}`,
		`{"userAction":{"name":"x"},"action":{"name":"y"}}`,
		`{"action":{"name":"y"}}`,
		`[1]`,
	} {
		if a, err := client.ReadAction(hub.WaitResult{Action: json.RawMessage(msg)}); err == nil {
			t.Errorf("%s read as %+v", msg, a)
		}
	}
}
