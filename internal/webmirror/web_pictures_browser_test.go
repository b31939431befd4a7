package webmirror

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/imagefetch"
)

// TestWebBrowserFetchedPicture: with --fetch-images naming a 127.0.0.1
// HTTPS host, the page shows the picture a2term fetched from it — an
// <img> whose data: URL decodes to the picture's size and colour, read
// back through a canvas — and says where pictures come from; a picture
// from a host not named shows its line, naming the flag that would show
// it. The page itself loads nothing from the host: the host sees a2term's
// one request, and the page's policy (img-src data:) refuses the remote
// URL were the page to ask for it.
func TestWebBrowserFetchedPicture(t *testing.T) {
	const side = 8
	colour := color.RGBA{30, 160, 90, 255}
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for i := range side * side {
		img.SetRGBA(i%side, i/side, colour)
	}
	var pic bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var agents []string // the User-Agent of each request the host had
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents = append(agents, r.UserAgent())
		mu.Unlock()
		w.Header().Set("Content-Type", "image/png")
		w.Write(pic.Bytes())
	}))
	defer ts.Close()
	host := strings.TrimPrefix(ts.URL, "https://")
	pool := x509.NewCertPool()
	pool.AddCert(ts.Certificate())
	f := imagefetch.New(imagefetch.Options{Hosts: []string{host}, RootCAs: pool})
	defer f.Close()
	// Lenient, so that the picture from the host not named is drawn as
	// its line rather than refused.
	h := hub.New(hub.Options{Pictures: f, Lenient: true})
	t.Cleanup(h.Close)
	remote := ts.URL + "/green.png"
	if _, err := h.Show([]json.RawMessage{
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"pics","components":[{"id":"col","component":{"Column":{"children":{"explicitList":["pic","other"]}}}},{"id":"pic","component":{"Image":{"url":{"literalString":"` + remote + `"},"altText":{"literalString":"A green square"},"usageHint":"smallFeature"}}},{"id":"other","component":{"Image":{"url":{"literalString":"https://elsewhere.example/b.png"},"altText":{"literalString":"Elsewhere"}}}}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"pics","root":"col"}}`),
	}); err != nil {
		t.Fatalf("show refused: %v", err)
	}

	p := browserOpen(t, h, false)
	const shown = `document.querySelector('.surface[data-surface="pics"] img.a2-image')`
	p.waitJS("the fetched picture", `(() => { const i = `+shown+`; return i && i.complete && i.naturalWidth > 0; })()`)
	var got struct {
		Src           string
		Width, Height int
		Pixel         []int
		Alt           string
	}
	p.eval(`(() => {
  const i = `+shown+`;
  const c = document.createElement('canvas');
  c.width = i.naturalWidth; c.height = i.naturalHeight;
  const g = c.getContext('2d');
  g.drawImage(i, 0, 0);
  return {src: i.src.slice(0, 64), width: i.naturalWidth, height: i.naturalHeight,
    pixel: Array.from(g.getImageData(i.naturalWidth >> 1, i.naturalHeight >> 1, 1, 1).data), alt: i.alt};
})()`, &got)
	if !strings.HasPrefix(got.Src, "data:image/png;base64,") || got.Width != side || got.Height != side || got.Alt != "A green square" {
		t.Errorf("the picture is %.64s, %d×%d, alt %q; want the fetched PNG, %d×%d", got.Src, got.Width, got.Height, got.Alt, side, side)
	}
	if want := []int{int(colour.R), int(colour.G), int(colour.B), 255}; len(got.Pixel) != 4 || got.Pixel[0] != want[0] || got.Pixel[1] != want[1] || got.Pixel[2] != want[2] || got.Pixel[3] != want[3] {
		t.Errorf("the picture's pixel is %v, want %v", got.Pixel, want)
	}

	p.waitJS("where pictures come from", `document.getElementById('status-pictures').textContent === `+browserJS("pictures from "+host)+` && !document.getElementById('status-pictures').hidden`)
	var other string
	p.eval(`(() => { const m = document.querySelector('.surface[data-surface="pics"] .a2-image-missing'); return m ? m.textContent : ''; })()`, &other)
	if want := "Elsewhere (not fetched: --fetch-images elsewhere.example)"; !strings.Contains(other, want) {
		t.Errorf("the other picture reads %q, want %q", other, want)
	}
	var html string
	p.eval(`document.documentElement.outerHTML`, &html)
	if strings.Contains(html, remote) || strings.Contains(html, "https://elsewhere.example") {
		t.Errorf("the page holds a remote URL:\n%.2000s", html)
	}

	// Asked for the remote URL, the page's policy refuses it before it
	// leaves the browser (the host counts no request from it below): the
	// violation is the one expected, and it and the request the browser
	// began are taken off the lists checkClean reads.
	p.eval(`new Promise(done => {
  const i = document.createElement('img');
  i.onerror = i.onload = () => done(true);
  i.src = `+browserJS(remote)+`;
})`, nil)
	var refused []string
	p.eval(`window.a2termViolations.splice(0).filter(v => v.startsWith('img-src '))`, &refused)
	if len(refused) != 1 || !strings.Contains(refused[0], remote) {
		t.Errorf("the page's policy refused %q, want the remote URL under img-src", refused)
	}
	p.mu.Lock()
	p.requests = slices.DeleteFunc(p.requests, func(u string) bool { return u == remote })
	p.mu.Unlock()
	mu.Lock()
	defer mu.Unlock()
	if len(agents) != 1 || agents[0] != "a2term" {
		t.Errorf("the host had requests from %q, want a2term's one", agents)
	}
}
