package a2ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// savedRoundTrip saves c as JSON and restores it on an empty canvas.
func savedRoundTrip(t *testing.T, c *Canvas) *Canvas {
	t.Helper()
	data, err := json.Marshal(c.Save())
	if err != nil {
		t.Fatal(err)
	}
	var saved SavedCanvas
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	r, err := New(c.Options()).Restore(saved)
	if err != nil {
		t.Fatalf("restore: %v", err)
	}
	return r
}

// TestSaveRestoreV10 saves v1.0 canvases — a surface with no default
// catalog whose components name their own, metadata.extensions, the
// person's values, and every official v1.0 example — and restores them:
// the same canvas comes back, speaking v1.0, to the drawn tree.
func TestSaveRestoreV10(t *testing.T) {
	streams := map[string][]json.RawMessage{
		"own": {
			json.RawMessage(`{"version":"v1.0","createSurface":{"surfaceId":"own","sendDataModel":true,"metadata":{"extensions":{"trace":{"id":"t-1"}}},"components":[` +
				`{"id":"root","catalogId":"` + BasicCatalogV10ID + `","component":"Column","children":["name","tick","go"]},` +
				`{"id":"name","catalogId":"` + BasicCatalogV10ID + `","component":"TextField","label":"Name","placeholder":"Ada","value":{"path":"/name"}},` +
				`{"id":"tick","catalogId":"` + BasicCatalogV10ID + `","component":"CheckBox","label":"Tick","value":false},` +
				`{"id":"go","catalogId":"` + BasicCatalogV10ID + `","component":"Button","child":"l","action":{"event":{"name":"go"}}},` +
				`{"id":"l","catalogId":"` + BasicCatalogV10ID + `","component":"Text","text":"Go","variant":"caption"}],"dataModel":{"name":""}}}`),
		},
	}
	files, _ := filepath.Glob(filepath.Join(examplesV10Dir, "*.json"))
	if len(files) == 0 {
		t.Logf("no official v1.0 examples in %s: only a2term's own surface is checked", examplesV10Dir)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		raws, err := SplitStream(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range raws {
			streams[filepath.Base(f)] = append(streams[filepath.Base(f)], json.RawMessage(r))
		}
	}
	for name, msgs := range streams {
		c, _, err := New(Options{}).ApplyJSON(msgs)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		c = typeInto(t, c)
		r := savedRoundTrip(t, c)
		sameCanvas(t, name, c, r)
		for _, s := range r.Surfaces() {
			if s.Protocol() != ProtocolV10 {
				t.Errorf("%s: surface %s comes back speaking %s", name, s.ID(), s.Protocol())
			}
		}
		again, err := r.Restore(c.Save())
		if err != nil {
			t.Fatalf("%s: restore over itself: %v", name, err)
		}
		sameCanvas(t, name+" (over itself)", c, again)
	}
	own := savedRoundTrip(t, applyV10(t, New(Options{}), string(streams["own"][0])))
	if ext := own.Surface("own").Extensions(); ext == nil || string(MarshalValue(ext)) != `{"trace":{"id":"t-1"}}` {
		t.Fatalf("extensions after a restore: %s", MarshalValue(ext))
	}
}

// TestRestoreV10Calls checks that a call of the agent's function waiting
// for its answer is saved and restored with its button waiting, that
// the answer is taken on the restored canvas, and that a call ended by
// its deadline ends the same from its id.
func TestRestoreV10Calls(t *testing.T) {
	c := applyV10(t, New(Options{}), v10Surface+`{"id":"root","component":"Column","children":["b"]},{"id":"b","component":"Button","child":"label","action":{"functionCall":{"call":"verifyProvider","args":{"id":{"path":"/id"}}}}},`+v10Label+`],"dataModel":{"id":"PRV-1"}}}`)
	now := time.Date(2026, 6, 2, 8, 0, 0, 0, time.UTC)
	a, err := c.Press("s", "b", c.Version(), now)
	if err != nil {
		t.Fatal(err)
	}
	waiting, err := c.StartCall(a.AgentCall)
	if err != nil {
		t.Fatal(err)
	}
	if waiting.Version() != c.Version()+1 {
		t.Fatalf("StartCall moved the version from %d to %d", c.Version(), waiting.Version())
	}
	r := savedRoundTrip(t, waiting)
	sameCanvas(t, "waiting", waiting, r)
	calls := r.Calls()
	if len(calls) != 1 || calls[0].FunctionCallID != a.AgentCall.FunctionCallID || !calls[0].Deadline.Equal(a.AgentCall.Deadline) || string(calls[0].Message()) != string(a.AgentCall.Message()) {
		t.Fatalf("restored calls %+v", calls)
	}
	if bp := r.Surface("s").Tree().Find("b").Props.(*ButtonProps); !bp.Disabled {
		t.Fatal("the restored button does not wait")
	}
	answered := applyV10(t, r, `{"version":"v1.0","agentFunctionResponse":{"functionCallId":"`+a.AgentCall.FunctionCallID+`","value":true}}`)
	if bp := answered.Surface("s").Tree().Find("b").Props.(*ButtonProps); bp.Disabled {
		t.Fatal("the button still waits after the answer")
	}

	// A call started from its saved form waits as the one it was saved from.
	again, err := c.StartSavedCall(a.AgentCall.Save())
	if err != nil {
		t.Fatal(err)
	}
	sameCanvas(t, "started again", waiting, again)
	if Dump(again.Surface("s").Tree()) != Dump(waiting.Surface("s").Tree()) {
		t.Fatal("the call started from its saved form draws differently")
	}

	expired, gone := waiting.ExpireCalls(now.Add(MaxAgentCallWait))
	if len(gone) != 1 || expired.Version() != waiting.Version()+1 {
		t.Fatalf("expiry: %d gone, version %d after %d", len(gone), expired.Version(), waiting.Version())
	}
	ended, err := waiting.EndCalls([]string{gone[0].FunctionCallID})
	if err != nil {
		t.Fatal(err)
	}
	if len(ended.Calls()) != 0 || Dump(ended.Surface("s").Tree()) != Dump(expired.Surface("s").Tree()) {
		t.Fatal("EndCalls does not end the call as ExpireCalls did")
	}
}

// TestRestoreV10CallsChecked gives Restore and StartSavedCall saved calls
// built to mislead: one on a surface the canvas does not have, one on a
// v0.9 surface, arguments that are not an object, more calls than may
// wait.
func TestRestoreV10CallsChecked(t *testing.T) {
	c := applyV10(t, New(Options{}), v10Surface+`{"id":"root","component":"Button","child":"label","action":{"functionCall":{"call":"f"}}},`+v10Label+`]}}`,
		`{"version":"v0.9","createSurface":{"surfaceId":"old","catalogId":"`+BasicCatalogV09ID+`"}}`)
	deadline := time.Date(2026, 6, 2, 8, 1, 0, 0, time.UTC)
	good := SavedCall{FunctionCallID: "c", SurfaceID: "s", NodeID: "root", Call: "f", Deadline: deadline}
	if _, err := c.StartSavedCall(good); err != nil {
		t.Fatalf("a good call: %v", err)
	}
	many := make([]SavedCall, MaxAgentCalls+1)
	for i := range many {
		many[i] = good
		many[i].FunctionCallID = strings.Repeat("c", i+1)
	}
	saved := c.Save()
	for name, calls := range map[string][]SavedCall{
		"no such surface":  {{FunctionCallID: "c", SurfaceID: "gone", NodeID: "root", Call: "f", Deadline: deadline}},
		"a v0.9 surface":   {{FunctionCallID: "c", SurfaceID: "old", NodeID: "root", Call: "f", Deadline: deadline}},
		"args not object":  {{FunctionCallID: "c", SurfaceID: "s", NodeID: "root", Call: "f", Args: json.RawMessage(`[1]`), Deadline: deadline}},
		"args not JSON":    {{FunctionCallID: "c", SurfaceID: "s", NodeID: "root", Call: "f", Args: json.RawMessage(`{`), Deadline: deadline}},
		"too many waiting": many,
	} {
		saved.Calls = calls
		if _, err := New(Options{}).Restore(saved); err == nil {
			t.Errorf("%s: restored", name)
		}
		if _, err := c.StartSavedCall(calls[0]); err == nil && name != "too many waiting" {
			t.Errorf("%s: started", name)
		}
	}
}
