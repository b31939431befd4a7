package hub

import (
	"encoding/json"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

// fakePictures answers every picture as loading and records the watcher.
type fakePictures struct{ changed func() }

func (f *fakePictures) Hosts() []string                { return []string{"cdn.example.com", "127.0.0.1:8443"} }
func (f *fakePictures) Picture(string) ([]byte, error) { return nil, nil }
func (f *fakePictures) Watch(changed func())           { f.changed = changed }

// A hub with Pictures accepts the pictures of its hosts, gives every view
// the same Pictures, says where pictures come from, and tells its views
// when a fetch ends.
func TestHubPictures(t *testing.T) {
	pics := &fakePictures{}
	h := New(Options{Pictures: pics})
	defer h.Close()
	res, err := h.Show([]json.RawMessage{
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"img","component":{"Image":{"url":{"literalString":"https://cdn.example.com/a.png"}}}}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"img"}}`),
	})
	if err != nil {
		t.Fatalf("show refused: %v (%+v)", err, res)
	}
	snap := h.Snapshot()
	if p := snap.Canvas.Surface("s").Tree().Props.(*a2ui.ImageProps); p.Remote != "https://cdn.example.com/a.png" {
		t.Errorf("props %+v, want the remote URL", p)
	}
	if snap.Pictures != pics || snap.Status.PictureHosts != "cdn.example.com, 127.0.0.1:8443" {
		t.Errorf("snapshot pictures %v, hosts %q", snap.Pictures, snap.Status.PictureHosts)
	}
	changed, cancel := h.Subscribe()
	defer cancel()
	pics.changed()
	<-changed
	if n := h.Snapshot().Status.Pictures; n != 1 {
		t.Errorf("status counts %d fetches, want 1", n)
	}
	// Without Pictures nothing remote is accepted (v0.8, strict).
	plain := New(Options{})
	defer plain.Close()
	if _, err := plain.Show([]json.RawMessage{json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"img","component":{"Image":{"url":{"literalString":"https://cdn.example.com/a.png"}}}}]}}`)}); err == nil {
		t.Error("a hub without pictures accepted a remote picture")
	}
	if s := plain.Snapshot(); s.Pictures != nil || s.Status.PictureHosts != "" {
		t.Errorf("a hub without pictures: %v, %q", s.Pictures, s.Status.PictureHosts)
	}
}
