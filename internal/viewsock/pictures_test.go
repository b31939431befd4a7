package viewsock_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"path/filepath"
	"strings"
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

// onePixel is a PNG of one pixel.
func onePixel(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
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

// An attached terminal draws the pictures its hub fetched, from the bytes
// the hub sends over the view channel: "loading" while the hub fetches,
// then the bytes, each URL asked for once per fetch the hub ended; a URL
// the hub will not fetch shows why, and an answer over
// imagefetch.MaxPictureBytes is refused. Its status line names the hosts
// as the hub's does.
func TestAttachedViewDrawsFetchedPictures(t *testing.T) {
	const (
		shown   = "https://cdn.example.com/a.png"
		big     = "https://cdn.example.com/big.png"
		missing = "https://cdn.example.com/missing.png"
	)
	pic := onePixel(t)
	fake := &fakePictures{
		pics: map[string][]byte{shown: nil, big: make([]byte, imagefetch.MaxPictureBytes+1)},
		asks: map[string]int{},
	}
	_, srv := servePictures(t, fake, shown)
	v := attach(t, srv.Path(), viewsock.AttachOptions{})

	snap := v.Snapshot()
	if snap.Status.PictureHosts != "cdn.example.com" || snap.Pictures == nil {
		t.Fatalf("the attached view says pictures come from %q (pictures %v), not the hub's hosts", snap.Status.PictureHosts, snap.Pictures)
	}
	if hosts := snap.Pictures.Hosts(); len(hosts) != 1 || hosts[0] != "cdn.example.com" {
		t.Errorf("the attached view's pictures come from %q", hosts)
	}
	if _, err := snap.Pictures.Picture(shown); !errors.Is(err, imagefetch.ErrLoading) {
		t.Fatalf("the first draw: %v, want loading", err)
	}
	waitView(t, v, "the hub answering loading", func(hub.Snapshot) bool { return fake.asked(shown) == 1 })
	for range 3 {
		if data, err := v.Snapshot().Pictures.Picture(shown); !errors.Is(err, imagefetch.ErrLoading) || data != nil {
			t.Fatalf("while the hub fetches: %d bytes, %v; want loading", len(data), err)
		}
	}
	if n := fake.asked(shown); n != 1 {
		t.Errorf("the hub was asked %d times while it fetched, want once", n)
	}

	// The hub's fetch ends: the view asks again, once, and draws it.
	fake.finish(shown, pic)
	got := waitView(t, v, "the fetched picture", func(s hub.Snapshot) bool {
		data, err := s.Pictures.Picture(shown)
		return err == nil && bytes.Equal(data, pic)
	})
	for range 3 {
		if data, err := got.Pictures.Picture(shown); err != nil || !bytes.Equal(data, pic) {
			t.Fatalf("drawn again: %d bytes, %v", len(data), err)
		}
	}
	if n := fake.asked(shown); n != 2 {
		t.Errorf("the hub was asked %d times for the picture, want twice (loading, then the bytes)", n)
	}

	// A URL the hub does not fetch: why, not loading.
	why := func(url string) error {
		t.Helper()
		var err error
		waitView(t, v, "the hub's answer for "+url, func(s hub.Snapshot) bool {
			_, err = s.Pictures.Picture(url)
			return !errors.Is(err, imagefetch.ErrLoading)
		})
		return err
	}
	if err := why(missing); err == nil || err.Error() != imagefetch.ErrNotAllowed.Error() {
		t.Errorf("a picture the hub does not have: %v, want %q", err, imagefetch.ErrNotAllowed)
	}
	// An answer over the bound is refused.
	if err := why(big); err == nil || !strings.HasPrefix(err.Error(), "too big") {
		t.Errorf("a picture over %d bytes: %v, want too big", imagefetch.MaxPictureBytes, err)
	}
}

// An attached terminal draws what a hub restored from a journal written
// with --fetch-images, started again without it: the hub's pictures are
// ones it does not fetch, and the copy accepts them as the hub does,
// blocked, naming the flag.
func TestAttachedViewKeepsPicturesFetchedBefore(t *testing.T) {
	const url = "https://cdn.example.com/a.png"
	path := filepath.Join(t.TempDir(), "j.journal")
	fake := &fakePictures{pics: map[string][]byte{}, asks: map[string]int{}}
	h1 := hub.New(hub.Options{Pictures: fake})
	if _, err := h1.UseJournal(path); err != nil {
		t.Fatal(err)
	}
	if _, err := h1.Show(imageMsgs("s", url)); err != nil {
		t.Fatal(err)
	}
	h1.Close()

	h := hub.New(hub.Options{})
	if rep, err := h.UseJournal(path); err != nil || rep.Surfaces != 1 {
		t.Fatalf("restored %+v, %v", rep, err)
	}
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Close()
		h.Close()
	})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	sf := v.Snapshot().Canvas.Surface("s")
	if sf == nil || sf.Tree() == nil {
		t.Fatal("the attached view does not draw the restored surface")
	}
	if p, _ := sf.Tree().Props.(*a2ui.ImageProps); p == nil || p.Blocked != "cdn.example.com" || !p.Fetchable || p.Remote != "" {
		t.Errorf("the attached view's picture is %+v, want it blocked, naming the host", p)
	}
}
