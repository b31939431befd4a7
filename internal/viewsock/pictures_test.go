package viewsock_test

import (
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/imagefetch"
	"github.com/a2term/a2term/internal/viewsock"
)

// fakePictures is a hub's fetcher: each picture is loading until the test
// finishes it, and a URL it was not given is not fetched. It counts the
// asks for each URL.
type fakePictures struct {
	mu      sync.Mutex
	pics    map[string][]byte // nil while loading
	asks    map[string]int
	changed []func()
}

func (f *fakePictures) Hosts() []string { return []string{"cdn.example.com"} }

func (f *fakePictures) Picture(url string) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asks[url]++
	data, ok := f.pics[url]
	switch {
	case !ok:
		return nil, imagefetch.ErrNotAllowed
	case data == nil:
		return nil, imagefetch.ErrLoading
	}
	return data, nil
}

func (f *fakePictures) Watch(changed func()) {
	f.mu.Lock()
	f.changed = append(f.changed, changed)
	f.mu.Unlock()
}

// finish ends the fetch of url with data, as a fetch ending tells the hub.
func (f *fakePictures) finish(url string, data []byte) {
	f.mu.Lock()
	f.pics[url] = data
	changed := f.changed
	f.mu.Unlock()
	for _, c := range changed {
		c()
	}
}

func (f *fakePictures) asked(url string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.asks[url]
}

// servePictures serves a hub that fetches pictures with fake, its view
// channel too, showing the picture at url on surface s.
func servePictures(t *testing.T, fake *fakePictures, url string) (*hub.Hub, *agentsock.Server) {
	t.Helper()
	h := hub.New(hub.Options{Pictures: fake})
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Close()
		h.Close()
	})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	if _, err := h.Show(imageMsgs("s", url)); err != nil {
		t.Fatal(err)
	}
	return h, srv
}

// imageMsgs shows the picture at url alone on surface sid.
func imageMsgs(sid, url string) []json.RawMessage {
	return raws(
		`{"surfaceUpdate":{"surfaceId":"`+sid+`","components":[{"id":"img","component":{"Image":{"url":{"literalString":"`+url+`"}}}}]}}`,
		`{"beginRendering":{"surfaceId":"`+sid+`","root":"img"}}`,
	)
}

// remoteOf is the remote URL of the picture on surface sid, or "".
func remoteOf(s hub.Snapshot, sid string) string {
	sf := s.Canvas.Surface(sid)
	if sf == nil {
		return ""
	}
	p, _ := sf.Tree().Props.(*a2ui.ImageProps)
	if p == nil {
		return ""
	}
	return p.Remote
}

// An attached terminal's copy of the canvas holds the remote pictures its
// hub accepts (--fetch-images), in the snapshot and in the changes after
// it, and its status line names the hosts as the hub's does.
func TestAttachedViewKeepsRemotePictures(t *testing.T) {
	const first, second = "https://cdn.example.com/a.png", "https://cdn.example.com/b.png"
	fake := &fakePictures{pics: map[string][]byte{}, asks: map[string]int{}}
	h, srv := servePictures(t, fake, first)
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	snap := v.Snapshot()
	if got := remoteOf(snap, "s"); got != first {
		t.Errorf("the attached view's picture is %q, not the hub's %q", got, first)
	}
	if snap.Status.PictureHosts != "cdn.example.com" {
		t.Errorf("the attached view says pictures come from %q", snap.Status.PictureHosts)
	}
	if _, err := h.Show(imageMsgs("t", second)); err != nil {
		t.Fatal(err)
	}
	waitView(t, v, "the second picture", func(s hub.Snapshot) bool { return remoteOf(s, "t") == second })
	if got := remoteOf(v.Snapshot(), "s"); got != first {
		t.Errorf("after a change the first picture is %q", got)
	}
}
