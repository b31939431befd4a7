package plain

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/imagefetch"
)

// Plain mode says what each remote picture is doing: loading while a2term
// fetches it, then why it cannot be shown when the fetch failed — too
// big, not an image, timed out, redirected to another host, refused by
// the host — in the words the terminal's line of alt text says it in;
// a picture that came is said to be from its host, and nothing more.
func TestRemotePicturesSayWhatTheyDo(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range 16 {
		img.Set(i%4, i/4, color.RGBA{200, 40, 40, 255})
	}
	var pic bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		t.Fatal(err)
	}
	other := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(pic.Bytes())
	}))
	defer other.Close()
	release := make(chan struct{})
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow.png" {
			<-r.Context().Done() // the fetch's time runs out first
			return
		}
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		switch r.URL.Path {
		case "/cat.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(pic.Bytes())
		case "/big.png":
			// Said to be too big: refused before its body is read.
			big := append(pic.Bytes(), make([]byte, imagefetch.MaxPictureBytes)...)
			w.Header().Set("Content-Type", "image/png")
			w.Header().Set("Content-Length", strconv.Itoa(len(big)))
			w.Write(big)
		case "/page.png":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html>a page</html>")
		case "/away.png":
			http.Redirect(w, r, other.URL+"/cat.png", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()
	host := strings.TrimPrefix(ts.URL, "https://")
	pool := x509.NewCertPool()
	pool.AddCert(ts.Certificate())
	pool.AddCert(other.Certificate())
	f := imagefetch.New(imagefetch.Options{Hosts: []string{host}, RootCAs: pool, Timeout: 2 * time.Second})
	defer f.Close()
	h := hub.New(hub.Options{Pictures: f})
	defer h.Close()

	pics := map[string]string{ // by component id: the picture's path
		"cat": "/cat.png", "big": "/big.png", "page": "/page.png", "slow": "/slow.png", "away": "/away.png", "gone": "/gone.png",
	}
	ids := []string{"cat", "big", "page", "slow", "away", "gone"}
	comps := []map[string]any{{"id": "col", "component": map[string]any{"Column": map[string]any{"children": map[string]any{"explicitList": ids}}}}}
	for _, id := range ids {
		comps = append(comps, map[string]any{"id": id, "component": map[string]any{"Image": map[string]any{
			"url": map[string]any{"literalString": ts.URL + pics[id]}, "altText": map[string]any{"literalString": "the " + id},
		}}})
	}
	update, err := json.Marshal(map[string]any{"surfaceUpdate": map[string]any{"surfaceId": "s", "components": comps}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show([]json.RawMessage{update, json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"col"}}`)}); err != nil {
		t.Fatalf("show refused: %v", err)
	}

	var out bytes.Buffer
	s := New(h, &out, Options{Width: func() int { return 200 }})
	defer s.Close()
	s.Refresh()
	for _, id := range ids {
		if want := "image: the " + id + " (from " + host + ", loading)"; !strings.Contains(out.String(), want) {
			t.Errorf("before the fetches end, lacks %q:\n%s", want, out.String())
		}
	}

	changed, cancel := h.Subscribe()
	defer cancel()
	close(release)
	deadline := time.After(30 * time.Second)
	for _, id := range ids {
		for {
			if _, err := f.Picture(ts.URL + pics[id]); !errors.Is(err, imagefetch.ErrLoading) {
				break
			}
			select {
			case <-changed:
			case <-deadline:
				t.Fatalf("the %s is still loading", id)
			}
		}
	}
	out.Reset()
	s.Refresh()
	got := out.String()
	wants := map[string]string{
		"cat":  "image: the cat (from " + host + ")",
		"big":  "image: the big (from " + host + ", too big: over 2 MiB)",
		"page": "image: the page (from " + host + ", not an image)",
		"slow": "image: the slow (from " + host + ", timed out)",
		"away": "image: the away (from " + host + ", redirected to another host, " + strings.TrimPrefix(other.URL, "https://") + ")",
		"gone": "image: the gone (from " + host + ", refused by the host: HTTP 404)",
	}
	snap := h.Snapshot()
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	theme := components.NewTheme(r, components.Options{})
	for _, id := range ids {
		if !strings.Contains(got, wants[id]) {
			t.Errorf("after the fetches, lacks %q:\n%s", wants[id], got)
		}
		// The terminal's line says the same.
		n := snap.Canvas.Surface("s").Tree().Find(id)
		note := components.RemoteNote(n.Props.(*a2ui.ImageProps), snap.Pictures)
		line := ansi.Strip(strings.Join(components.Image{}.Render(n, 80, &components.Context{Theme: theme, Pictures: snap.Pictures}).Lines, "\n"))
		switch {
		case id == "cat" && (note != "" || strings.Contains(line, "the cat")):
			t.Errorf("the cat: note %q, terminal %q; want it drawn", note, line)
		case id != "cat" && (note == "" || !strings.Contains(wants[id], ", "+note+")") || !strings.Contains(line, "the "+id+" ("+note+")")):
			t.Errorf("the %s: plain mode says %q, the terminal %q", id, wants[id], line)
		}
	}
}
