package imagefetch_test

import (
	"bytes"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/imagefetch"
	"github.com/a2term/a2term/internal/webpage"
	"github.com/a2term/a2term/internal/webtext"
	"github.com/a2term/a2term/tui"
)

// Both views show a picture a2term fetched from a host the person named:
// the terminal draws it in cells, the web mirror's snapshot carries it as
// a data: URL (never the remote URL), and both say where pictures come
// from; until it arrives both say it is loading, and a picture from
// another host names the flag that would show it.
func TestBothViewsShowTheFetchedPicture(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = []uint8{230, 30, 30, 255}[i%4]
	}
	var pic bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		w.Header().Set("Content-Type", "image/png")
		w.Write(pic.Bytes())
	}))
	defer ts.Close()
	host := strings.TrimPrefix(ts.URL, "https://")
	pool := x509.NewCertPool()
	pool.AddCert(ts.Certificate())
	f := imagefetch.New(imagefetch.Options{Hosts: []string{host}, RootCAs: pool})
	defer f.Close()

	h := hub.New(hub.Options{Pictures: f, Lenient: true}) // lenient: the other picture is a placeholder
	defer h.Close()
	remote := ts.URL + "/red.png"
	if _, err := h.Show([]json.RawMessage{
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"col","component":{"Column":{"children":{"explicitList":["pic","other"]}}}},{"id":"pic","component":{"Image":{"url":{"literalString":"` + remote + `"},"altText":{"literalString":"A red square"},"usageHint":"smallFeature"}}},{"id":"other","component":{"Image":{"url":{"path":"/other"},"altText":{"literalString":"Elsewhere"}}}}]}}`),
		json.RawMessage(`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"other","valueString":"https://elsewhere.example/b.png"}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"col"}}`),
	}); err != nil {
		t.Fatalf("show refused: %v", err)
	}

	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	r.SetHasDarkBackground(true)
	sc := tui.NewScreen(h, tui.Options{Renderer: r}, 120, 30)
	defer sc.Close()
	changed, cancel := h.Subscribe()
	defer cancel()

	frame := sc.Frame(tui.FrameOptions{})
	for _, want := range []string{"A red square (loading)", "Elsewhere (not fetched: --fetch-images elsewhere.example)", "pictures from " + host} {
		if !strings.Contains(stripped(frame), want) {
			t.Errorf("terminal before the picture arrived lacks %q:\n%s", want, stripped(frame))
		}
	}
	page := webtext.WebText(h.Snapshot(), webtext.WebView{})
	for _, want := range []string{"(loading)", "not fetched: --fetch-images elsewhere.example", "pictures from " + host} {
		if !strings.Contains(page, want) {
			t.Errorf("page before the picture arrived lacks %q:\n%s", want, page)
		}
	}

	close(release)
	deadline := time.After(30 * time.Second)
	for h.Snapshot().Status.Pictures == 0 {
		select {
		case <-changed:
		case <-deadline:
			t.Fatal("the picture never arrived")
		}
	}

	frame = sc.Frame(tui.FrameOptions{})
	if strings.Contains(stripped(frame), "A red square") || !strings.Contains(frame, "▀") {
		t.Errorf("terminal does not draw the picture:\n%s", stripped(frame))
	}
	if !strings.Contains(frame, "230;30;30") && !strings.Contains(frame, "38;5;") {
		t.Errorf("terminal draws no colour for the picture:\n%q", frame)
	}
	ev := string(webpage.EncodeSnapshot(h.Snapshot()))
	if want := `"url":"data:image/png;base64,` + base64.StdEncoding.EncodeToString(pic.Bytes()) + `"`; !strings.Contains(ev, want) {
		t.Errorf("snapshot lacks the picture as a data: URL:\n%.600s", ev)
	}
	if strings.Contains(ev, ts.URL) || strings.Contains(ev, "elsewhere.example/b.png") {
		t.Errorf("snapshot carries a remote URL for the page:\n%.600s", ev)
	}
	page = webtext.WebText(h.Snapshot(), webtext.WebView{})
	if !strings.Contains(page, "img.a2-image") || strings.Contains(page, "(loading)") {
		t.Errorf("page does not show the picture:\n%s", page)
	}
}

// stripped is a frame without its escape sequences.
func stripped(s string) string { return ansi.Strip(s) }
