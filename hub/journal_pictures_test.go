package hub

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

// TestJournalKeepsRemotePictures: a strict v0.8 canvas that fetched a
// picture from a host the person named (--fetch-images), started again
// without the flag, restores the surface — the picture and what follows
// it — and draws the picture as blocked, naming the flag, as a canvas
// without the flag draws a picture it does not fetch. Nothing is lost or
// counted as damaged, and started with the flag again the picture is
// fetched again.
func TestJournalKeepsRemotePictures(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	open := func(pics Pictures) (*Hub, JournalReport) {
		t.Helper()
		h := New(Options{Pictures: pics})
		rep, err := h.UseJournal(path)
		if err != nil {
			t.Fatal(err)
		}
		return h, rep
	}
	show := func(h *Hub, sid, url string) error {
		_, err := h.Show([]json.RawMessage{
			json.RawMessage(`{"surfaceUpdate":{"surfaceId":"` + sid + `","components":[{"id":"col","component":{"Column":{"children":{"explicitList":["img","more"]}}}},{"id":"img","component":{"Image":{"url":{"literalString":"` + url + `"},"altText":{"literalString":"A cat"}}}},{"id":"more","component":{"Text":{"text":{"literalString":"after"}}}}]}}`),
			json.RawMessage(`{"beginRendering":{"surfaceId":"` + sid + `","root":"col"}}`),
		})
		return err
	}
	// Surface s ends up in the snapshot the journal starts with, surface
	// t in a record after it.
	h1, _ := open(&fakePictures{})
	if err := show(h1, "s", "https://cdn.example.com/a.png"); err != nil {
		t.Fatalf("show refused: %v", err)
	}
	h1.Close()
	h1, _ = open(&fakePictures{})
	if err := show(h1, "t", "https://cdn.example.com/b.png"); err != nil {
		t.Fatalf("show refused: %v", err)
	}
	h1.Close()

	tPic := "b.png"
	check := func(h *Hub, rep JournalReport, remote bool) {
		t.Helper()
		if !rep.Restored || rep.Surfaces != 2 || rep.Lost != 0 || rep.Damaged != "" || rep.Held != 0 {
			t.Errorf("restored %+v, want both surfaces and nothing lost", rep)
		}
		for sid, u := range map[string]string{"s": "https://cdn.example.com/a.png", "t": "https://cdn.example.com/" + tPic} {
			sf := h.Snapshot().Canvas.Surface(sid)
			if sf == nil || sf.Tree() == nil {
				t.Errorf("surface %s is not drawn", sid)
				continue
			}
			var p *a2ui.ImageProps
			sf.Tree().Walk(func(n *a2ui.Node) bool {
				if ip, ok := n.Props.(*a2ui.ImageProps); ok {
					p = ip
				}
				return true
			})
			switch {
			case p == nil:
				t.Errorf("surface %s has no picture", sid)
			case remote && p.Remote != u:
				t.Errorf("surface %s: picture %+v, want it fetched from %s", sid, p, u)
			case !remote && (p.Remote != "" || p.URL != "" || p.Blocked != "cdn.example.com" || !p.Fetchable):
				t.Errorf("surface %s: picture %+v, want it blocked, naming --fetch-images cdn.example.com", sid, p)
			}
		}
	}
	h2, rep := open(nil)
	check(h2, rep, false)
	// The agent goes on as it did: a picture of the host is accepted and
	// not fetched; one of a host never named is still refused.
	if err := show(h2, "t", "https://cdn.example.com/c.png"); err != nil {
		t.Errorf("a picture of a host fetched before refused: %v", err)
	}
	if err := show(h2, "u", "https://elsewhere.example/c.png"); err == nil {
		t.Error("a hub without pictures accepted a picture of a host never named")
	}
	h2.Close()
	// Started without the flag once more, the journal the last one wrote
	// still knows the host.
	tPic = "c.png"
	h2, rep = open(nil)
	check(h2, rep, false)
	h2.Close()

	h3, rep := open(&fakePictures{})
	check(h3, rep, true)
	h3.Close()
}

// The hosts a journal's snapshot names are read as --fetch-images names
// them, at most maxPictureHosts: a name that is not a host, a wildcard, or
// more hosts than the bound are left out, and a host the hub fetches from
// is not one it fetched from before.
func TestJournalPictureHostsBounded(t *testing.T) {
	named := []string{"cdn.example.com", "*.example.com", "https://evil.example/", "u@evil.example", "CDN.example.org", "own.example"}
	for i := range 2 * maxPictureHosts {
		named = append(named, fmt.Sprintf("h%d.example", i))
	}
	opts := fetchedBefore(a2ui.Options{FetchImages: []string{"own.example"}}, named)
	got := opts.FetchedImages
	if len(got) > maxPictureHosts || len(got) < 2 || got[0] != "cdn.example.com" || got[1] != "h0.example" {
		t.Errorf("remembered %d hosts, starting %q", len(got), got[:min(len(got), 3)])
	}
	// A snapshot names the hub's own hosts first, then those it
	// remembers, within the bound.
	opts.FetchedImages = named[6:]
	if hosts := pictureHosts(opts); len(hosts) != maxPictureHosts || hosts[0] != "own.example" || hosts[1] != "h0.example" {
		t.Errorf("a snapshot names %d hosts, starting %q", len(hosts), hosts[:min(len(hosts), 3)])
	}
}
