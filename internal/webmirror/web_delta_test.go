package webmirror

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/webpage"
)

// manySurface is surface "many" with n components under one Column:
// texts and text fields, field i bound to /v{i}.
func manySurface(n int) []json.RawMessage {
	var ids, comps, data []string
	for i := range n - 1 {
		id := fmt.Sprintf("c%d", i)
		ids = append(ids, fmt.Sprintf("%q", id))
		if i%2 == 0 {
			comps = append(comps, fmt.Sprintf(`{"id":%q,"component":{"Text":{"text":{"literalString":"line %d"}}}}`, id, i))
		} else {
			comps = append(comps, fmt.Sprintf(`{"id":%q,"component":{"TextField":{"label":{"literalString":"field %d"},"text":{"path":"/v%d"}}}}`, id, i, i))
			data = append(data, fmt.Sprintf(`{"key":"v%d","valueString":"value %d"}`, i, i))
		}
	}
	return webRaws(
		`{"beginRendering":{"surfaceId":"many","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"many","components":[{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(ids, ",")+`]}}}},`+strings.Join(comps, ",")+`]}}`,
		`{"dataModelUpdate":{"surfaceId":"many","contents":[`+strings.Join(data, ",")+`]}}`,
	)
}

// canonical decodes JSON for a comparison that ignores spacing.
func canonical(t *testing.T, raw []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%v: %.200s", err, raw)
	}
	return v
}

// TestWebDeltas: after the snapshot on connect, a viewer gets only what
// changed: one value of a 500-component surface is one small patch of
// that one node, each transcript line is an event of about its own size
// (not the whole transcript again), and the page's state built from the
// deltas is exactly the snapshot a new viewer would get.
func TestWebDeltas(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	if _, err := e.hub.Show(manySurface(500)); err != nil {
		t.Fatal(err)
	}
	v := e.openViewer()
	_, first := v.next()
	if first.name != "snapshot" || len(first.data) < 20_000 {
		t.Fatalf("first event %q of %d bytes", first.name, len(first.data))
	}

	// One value changes: one patch, of that node.
	if _, err := e.hub.Show(webRaws(`{"dataModelUpdate":{"surfaceId":"many","path":"/v7","contents":[{"key":"v7","valueString":"changed"}]}}`)); err != nil {
		t.Fatal(err)
	}
	s, ev := v.next()
	if ev.name != "delta" || len(ev.data) > 2000 {
		t.Fatalf("the event for one value: %q of %d bytes: %.300s", ev.name, len(ev.data), ev.data)
	}
	var d struct {
		Surfaces []struct {
			SurfaceID string          `json:"surfaceId"`
			Tree      json.RawMessage `json:"tree"`
			Patches   []struct {
				Path []int `json:"path"`
				Node struct {
					ID string `json:"id"`
				} `json:"node"`
			} `json:"patches"`
		} `json:"surfaces"`
	}
	json.Unmarshal(ev.data, &d)
	if len(d.Surfaces) != 1 || d.Surfaces[0].SurfaceID != "many" || (d.Surfaces[0].Tree != nil && string(d.Surfaces[0].Tree) != "null") ||
		len(d.Surfaces[0].Patches) != 1 || d.Surfaces[0].Patches[0].Node.ID != "c7" || !reflect.DeepEqual(d.Surfaces[0].Patches[0].Path, []int{7}) {
		t.Errorf("the delta for one value: %s", ev.data)
	}
	if !strings.Contains(string(s.Surfaces[1].Tree), `changed`) {
		t.Errorf("the page's tree after the patch lacks the value")
	}

	// Long transcript lines: each event carries its own line only.
	long := strings.Repeat("y", a2ui.MaxStringBytes-16)
	for i := range 80 {
		text := fmt.Sprintf("%03d %s", i, long)
		if err := e.hub.Append(hub.RoleAgent, text); err != nil {
			t.Fatal(err)
		}
		for {
			s, ev := v.next()
			if ev.name != "delta" || len(ev.data) > a2ui.MaxStringBytes+2000 {
				t.Fatalf("line %d came in %q of %d bytes", i, ev.name, len(ev.data))
			}
			if n := len(s.Transcript); n > 0 && s.Transcript[n-1].Text == text {
				break
			}
		}
	}
	full := webpage.EncodeSnapshot(e.hub.Snapshot())
	if len(full) < 3<<20 { // what every line cost before deltas
		t.Fatalf("the full snapshot is only %d bytes", len(full))
	}
	if v.snapshots != 1 {
		t.Errorf("%d snapshots, want only the first", v.snapshots)
	}

	// The page's state is the snapshot's (the page may still show older
	// lines the hub no longer keeps: the snapshot has fewer).
	data := full[strings.Index(string(full), "data: ")+6:]
	var fresh webSnap
	json.Unmarshal(data, &fresh)
	st := *v.state
	if len(st.Transcript) < len(fresh.Transcript) {
		t.Fatalf("the page has %d lines, the snapshot %d", len(st.Transcript), len(fresh.Transcript))
	}
	st.Transcript = st.Transcript[len(st.Transcript)-len(fresh.Transcript):]
	got, _ := json.Marshal(st)
	if want := canonical(t, data); !reflect.DeepEqual(canonical(t, got), want) {
		var diffs []string
		diffAny("", canonical(t, got), want, &diffs)
		t.Errorf("the state built from deltas differs from a fresh snapshot: %.500q", diffs)
	}
}

// TestWebDeltaGap: a viewer that missed entries no longer kept gets a
// snapshot, not a delta.
func TestWebDeltaGap(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, nil)
	snap := b.Snapshot()
	prev := sentOf(snap)
	for range hub.MaxTranscript + hub.MaxTranscript/2 {
		b.Append(hub.RoleNote, "x")
	}
	if ev, _, changed := delta(prev, b.Snapshot()); ev != nil || !changed {
		t.Errorf("a gap gave a delta (%d bytes)", len(ev))
	}
	prev = sentOf(b.Snapshot())
	b.Append(hub.RoleNote, "y")
	if ev, _, _ := delta(prev, b.Snapshot()); ev == nil || !strings.HasPrefix(string(ev), "event: delta\n") {
		t.Errorf("no delta for one new line: %q", ev)
	}
	if ev, _, changed := delta(sentOf(b.Snapshot()), b.Snapshot()); ev != nil || changed {
		t.Errorf("a delta with nothing changed: %q", ev)
	}
}

// TestWebHeadEventsHoldsNoViewer: HEAD /events answers and holds no
// viewer's place: many of them, then MaxViewers real viewers, all get in.
func TestWebHeadEventsHoldsNoViewer(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	for range 2 * hub.MaxViewers {
		req := mustRequest(t, "HEAD", e.base()+"/events")
		req.Header.Set("Cookie", e.cookie)
		resp := e.do(req)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("HEAD /events: %s", resp.Status)
		}
		checkSecurityHeaders(t, "HEAD /events", resp.Header)
	}
	if n := e.hub.Snapshot().Status.Viewers; n != 0 {
		t.Errorf("%d viewers after HEAD requests", n)
	}
	for range hub.MaxViewers {
		e.openViewer().next()
	}
	e.waitStatus("4 viewers", func(s hub.Status) bool { return s.Viewers == hub.MaxViewers })
}

// TestBoardTranscriptMemoryIsBounded: far more transcript than the bound,
// in lines of the largest size: the board keeps at most
// MaxTranscriptBytes of text, the oldest go first, snapshots count them,
// and the heap (after a collection) holds about that much, not all of it.
func TestBoardTranscriptMemoryIsBounded(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b := hub.NewBoard(a2ui.Options{}, time.Now)
	line := strings.Repeat("z", a2ui.MaxStringBytes)
	const n = 1000 // 64 MiB of text
	for i := range n {
		b.Append(hub.RoleNote, fmt.Sprintf("%04d", i)+line[4:])
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	snap := b.Snapshot()
	kept := 0
	for _, e := range snap.Transcript {
		kept += len(e.Text)
	}
	if kept > hub.MaxTranscriptBytes {
		t.Errorf("%d bytes of text kept, over %d", kept, hub.MaxTranscriptBytes)
	}
	if snap.Dropped+uint64(len(snap.Transcript)) != n || snap.Dropped == 0 {
		t.Errorf("%d dropped and %d kept of %d", snap.Dropped, len(snap.Transcript), n)
	}
	if last := snap.Transcript[len(snap.Transcript)-1]; last.Seq != n || !strings.HasPrefix(last.Text, fmt.Sprintf("%04d", n-1)) {
		t.Errorf("the newest entry is %d %.10q", last.Seq, last.Text)
	}
	if first := snap.Transcript[0]; first.Seq != snap.Dropped+1 {
		t.Errorf("the oldest kept is %d after %d dropped", first.Seq, snap.Dropped)
	}
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if grown > 3*hub.MaxTranscriptBytes {
		t.Errorf("the heap grew by %d bytes for a transcript bounded at %d", grown, hub.MaxTranscriptBytes)
	}
	runtime.KeepAlive(b)
}

func diffAny(path string, a, b any, out *[]string) {
	if len(*out) > 10 {
		return
	}
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			*out = append(*out, path+": type")
			return
		}
		for k := range x {
			diffAny(path+"."+k, x[k], y[k], out)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				*out = append(*out, path+"."+k+": missing in first")
			}
		}
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			*out = append(*out, fmt.Sprintf("%s: len %d vs %v", path, len(x), b))
			return
		}
		for i := range x {
			diffAny(fmt.Sprintf("%s[%d]", path, i), x[i], y[i], out)
		}
	default:
		if !reflect.DeepEqual(a, b) {
			*out = append(*out, fmt.Sprintf("%s: %.60v vs %.60v", path, a, b))
		}
	}
}

// TestWebDeltaSurfaceAgain: a v0.9 surface deleted and created again under
// the same id, with a tree of the same shape, reaches the page with the
// name its new theme gives its agent (or none), and a change that draws
// nothing new (data no component shows) leaves the page its tree: what the
// page builds from the deltas is every time what a new viewer would get.
func TestWebDeltaSurfaceAgain(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	create := func(theme string) string {
		return `{"version":"v0.9","createSurface":{"surfaceId":"trip","catalogId":"` + a2ui.BasicCatalogV09ID + `"` + theme + `}}`
	}
	texts := func(s string) string {
		return `{"version":"v0.9","updateComponents":{"surfaceId":"trip","components":[` +
			`{"id":"root","component":"Column","children":["t"]},{"id":"t","component":"Text","text":"` + s + `"}]}}`
	}
	const again = `{"version":"v0.9","deleteSurface":{"surfaceId":"trip"}}`
	if _, err := e.hub.Show(webRaws(create(`,"theme":{"agentDisplayName":"Alpha"}`), texts("one"))); err != nil {
		t.Fatal(err)
	}
	v := e.openViewer()
	v.next()
	steps := []struct {
		what  string
		raws  []json.RawMessage
		agent string
	}{
		{"created again with another name", webRaws(again, create(`,"theme":{"agentDisplayName":"Beta"}`), texts("two")), "Beta"},
		{"data no component shows", webRaws(`{"version":"v0.9","updateDataModel":{"surfaceId":"trip","path":"/unused","value":"x"}}`), "Beta"},
		{"created again without a name, drawing the same", webRaws(again, create(""), texts("two")), ""},
	}
	for _, st := range steps {
		if _, err := e.hub.Show(st.raws); err != nil {
			t.Fatalf("%s: %v", st.what, err)
		}
		s, ev := v.next()
		full := webpage.EncodeSnapshot(e.hub.Snapshot())
		var fresh webSnap
		json.Unmarshal(full[strings.Index(string(full), "data: ")+6:], &fresh)
		i := slices.IndexFunc(s.Surfaces, func(x webSurfaceState) bool { return x.SurfaceID == "trip" })
		j := slices.IndexFunc(fresh.Surfaces, func(x webSurfaceState) bool { return x.SurfaceID == "trip" })
		if i < 0 || j < 0 {
			t.Fatalf("%s: no surface trip on the page (%d) or in a snapshot (%d)", st.what, i, j)
		}
		got, want := s.Surfaces[i], fresh.Surfaces[j]
		if got.Agent != st.agent || got.Agent != want.Agent || !reflect.DeepEqual(canonical(t, got.Tree), canonical(t, want.Tree)) {
			t.Errorf("%s: the page has agent %q and tree %s, a new viewer agent %q and tree %s (delta %.400s)",
				st.what, got.Agent, got.Tree, want.Agent, want.Tree, ev.data)
		}
	}
}

// A remote picture that arrived changes no node, only what it shows: the
// page is sent a new snapshot, which carries it.
func TestWebDeltaPictureArrived(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, nil)
	prev := sentOf(b.Snapshot())
	b.SetStatus(func(s *hub.Status) { s.Pictures++ })
	if ev, next, changed := delta(prev, b.Snapshot()); ev != nil || !changed || next.pictures != 1 {
		t.Errorf("a picture that arrived gave %q, changed %v, want a snapshot", ev, changed)
	}
	if ev, _, changed := delta(sentOf(b.Snapshot()), b.Snapshot()); ev != nil || changed {
		t.Errorf("a delta with nothing changed: %q", ev)
	}
}
