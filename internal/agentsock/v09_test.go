package agentsock_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
)

// formV09 is v0.9 surface "signup" (with sendDataModel) beside nothing
// else: an email field with checks, a button disabled until they pass,
// and a link that runs openUrl.
var formV09 = raws(
	`{"version":"v0.9","createSurface":{"surfaceId":"signup","catalogId":"`+a2ui.BasicCatalogV09ID+`","sendDataModel":true,"theme":{"primaryColor":"#336699"}}}`,
	`{"version":"v0.9","updateComponents":{"surfaceId":"signup","components":[`+
		`{"id":"root","component":"Column","children":["email","send","docs"]},`+
		`{"id":"email","component":"TextField","label":"Email","value":{"path":"/email"},"checks":[{"call":"email","args":{"value":{"path":"/email"}},"message":"Not an address"}]},`+
		`{"id":"send","component":"Button","child":"sl","variant":"primary","action":{"event":{"name":"subscribe","context":{"to":{"path":"/email"}}}},`+
		`"checks":[{"call":"email","args":{"value":{"path":"/email"}},"message":"Fill in your address"}]},`+
		`{"id":"sl","component":"Text","text":"Subscribe"},`+
		`{"id":"docs","component":"Button","child":"dl","variant":"borderless","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/terms"}}}},`+
		`{"id":"dl","component":"Text","text":"Terms"}]}}`,
	`{"version":"v0.9","updateDataModel":{"surfaceId":"signup","value":{"email":""}}}`,
)

// TestAPIV09 drives a v0.9 surface through the agent API: canvas.info
// names the versions and catalogs, a press on a button whose checks fail
// is refused and queues nothing, the action of a valid press is the v0.9
// client message with the surface's data model, and a link press is shown,
// never sent.
func TestAPIV09(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	info, err := c.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := a2ui.ClientCapabilities{"v0.9.1": {SupportedCatalogIDs: a2ui.CatalogIDsV09()}, "v0.9": {SupportedCatalogIDs: a2ui.CatalogIDsV09()}}
	if !reflect.DeepEqual(info.Capabilities, want) || !reflect.DeepEqual(info.Versions, []string{"v0.8", "v0.9", "v0.9.1", "v1.0"}) ||
		!reflect.DeepEqual(info.RendererCapabilities["v1.0"].SupportedCatalogIDs, a2ui.CatalogIDsV10()) ||
		info.CatalogID != a2ui.StandardCatalogID || info.Locale != "en-US" || info.TimeZone != "UTC" {
		t.Errorf("info %+v", info)
	}
	res, err := c.Show(ctx, formV09...)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Surfaces) != 1 || res.Surfaces[0].Protocol != "v0.9" || !res.Surfaces[0].Shown || res.Surfaces[0].Root != "root" {
		t.Errorf("show %+v", res)
	}
	version := h.Snapshot().Canvas.Version()
	err = h.Press(hub.Web, "signup", "send", version)
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeChecksFailed || !strings.Contains(refusal.Message, "Fill in your address") {
		t.Fatalf("press on a disabled button: %v", err)
	}
	if got, err := c.Wait(ctx, 0); err != nil || !got.TimedOut {
		t.Fatalf("a refused press was queued: %+v, %v", got, err)
	}
	// The link: shown to the person, nothing for the agent.
	if err := h.Press(hub.Terminal, "signup", "docs", version); err != nil {
		t.Fatal(err)
	}
	waitForTranscript(t, h, "https://example.com/terms is shown for them to open", 1)
	if got, err := c.Wait(ctx, 0); err != nil || !got.TimedOut {
		t.Fatalf("a link press was queued: %+v, %v", got, err)
	}
	if err := h.SetValue(hub.Web, "signup", "email", "ada@example.org"); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Web, "signup", "send", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	got, err := c.Wait(ctx, 5)
	if err != nil {
		t.Fatal(err)
	}
	var msg struct {
		Version string `json:"version"`
		Action  struct {
			Name, SurfaceID, SourceComponentID, Timestamp string
			Context                                       map[string]any
		} `json:"action"`
	}
	if err := json.Unmarshal(got.Action, &msg); err != nil {
		t.Fatal(err)
	}
	if msg.Version != "v0.9" || msg.Action.Name != "subscribe" || msg.Action.SurfaceID != "signup" || msg.Action.SourceComponentID != "send" ||
		msg.Action.Timestamp == "" || msg.Action.Context["to"] != "ada@example.org" || got.Source != hub.Web {
		t.Errorf("action %s (source %s)", got.Action, got.Source)
	}
	if string(got.ClientDataModel) != `{"version":"v0.9","surfaces":{"signup":{"email":"ada@example.org"}}}` {
		t.Errorf("client data model %s", got.ClientDataModel)
	}
	states, err := c.State(ctx, "signup")
	if err != nil || len(states) != 1 || states[0].Protocol != "v0.9" || states[0].CatalogID != a2ui.BasicCatalogV09ID ||
		!states[0].SendDataModel || states[0].Theme == nil || states[0].Theme.PrimaryColor != "#336699" {
		t.Errorf("state %+v, %v", states, err)
	}
}

// TestAPIV09Refusal: a refused v0.9 batch reaches the agent with a2term's
// refusal data and the specification's client error message beside it;
// a v0.8 message for the v0.9 surface is a version mismatch.
func TestAPIV09Refusal(t *testing.T) {
	_, srv := start(t, agentsock.ServerOptions{})
	c := dial(t, srv)
	ctx := ctxFor(t)
	if _, err := c.Show(ctx, formV09...); err != nil {
		t.Fatal(err)
	}
	_, err := c.Show(ctx, raws(`{"version":"v0.9","updateComponents":{"surfaceId":"signup","components":[{"id":"x","component":"Text","text":7}]}}`)...)
	var refusal *a2ui.Error
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeBadValue || refusal.ClientMessage == nil {
		t.Fatalf("refusal %v (%+v)", err, refusal)
	}
	ce := refusal.ClientMessage
	if ce.Version != "v0.9" || ce.Error.Code != a2ui.ValidationFailed || ce.Error.SurfaceID != "signup" || ce.Error.Path == nil ||
		*ce.Error.Path != "/components/0/text" || ce.Error.Message != refusal.Message {
		t.Errorf("client message %+v", ce)
	}
	_, err = c.Show(ctx, raws(`{"dataModelUpdate":{"surfaceId":"signup","contents":[{"key":"a","valueString":"b"}]}}`)...)
	if !errors.As(err, &refusal) || refusal.Code != a2ui.CodeVersionMismatch || refusal.ClientMessage != nil {
		t.Errorf("v0.8 message for a v0.9 surface: %v", err)
	}
}
