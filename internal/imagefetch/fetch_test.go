package imagefetch

import (
	"bytes"
	"crypto/x509"
	"errors"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// testPNG is a 4×2 picture, red above and blue below.
func testPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 2))
	for x := range 4 {
		img.Set(x, 0, color.RGBA{255, 0, 0, 255})
		img.Set(x, 1, color.RGBA{0, 0, 255, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// server is a TLS server on 127.0.0.1 that records what each request
// carried.
type server struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []*http.Request
}

func newServer(t *testing.T, h http.HandlerFunc) *server {
	t.Helper()
	s := &server{}
	s.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.reqs = append(s.reqs, r.Clone(r.Context()))
		s.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// host is the server's host as --fetch-images names it.
func (s *server) host() string { return strings.TrimPrefix(s.URL, "https://") }

func (s *server) requests() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.reqs...)
}

// fetcher trusts the servers' certificate and fetches from hosts.
func fetcher(t *testing.T, o Options, servers ...*server) *Fetcher {
	t.Helper()
	pool := x509.NewCertPool()
	for _, s := range servers {
		pool.AddCert(s.Certificate())
	}
	o.RootCAs = pool
	f := New(o)
	t.Cleanup(f.Close)
	return f
}

// await asks for url until the answer is no longer ErrLoading, waiting
// for the Fetcher to say a fetch ended in between.
func await(t *testing.T, f *Fetcher, url string) ([]byte, error) {
	t.Helper()
	ended := make(chan struct{}, 1)
	f.Watch(func() {
		select {
		case ended <- struct{}{}:
		default:
		}
	})
	for {
		data, err := f.Picture(url)
		if !errors.Is(err, ErrLoading) {
			return data, err
		}
		select {
		case <-ended:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: still loading", url)
		}
	}
}

func TestAllowedHostShown(t *testing.T) {
	pic := testPNG(t)
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(pic)
	})
	f := fetcher(t, Options{Hosts: []string{s.host()}}, s)
	u := s.URL + "/cat.png"
	if _, err := f.Picture(u); !errors.Is(err, ErrLoading) {
		t.Fatalf("first ask: %v, want loading", err)
	}
	data, err := await(t, f, u)
	if err != nil || !bytes.Equal(data, pic) {
		t.Fatalf("got %d bytes, %v; want the picture", len(data), err)
	}
	// Kept: asked again, it is not fetched again.
	if data, err := f.Picture(u); err != nil || !bytes.Equal(data, pic) {
		t.Fatalf("again: %d bytes, %v", len(data), err)
	}
	if n := len(s.requests()); n != 1 {
		t.Errorf("%d requests, want 1 (cached)", n)
	}
}

// Plain http is fetched from this machine only (an A2A sample serves its
// pictures so, on localhost): the host named with its port.
func TestPlainHTTPOnThisMachine(t *testing.T) {
	pic := testPNG(t)
	var hits int
	var mu sync.Mutex
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits++
		mu.Unlock()
		w.Header().Set("Content-Type", "image/png")
		w.Write(pic)
	}))
	t.Cleanup(s.Close)
	host := strings.TrimPrefix(s.URL, "http://")
	f := New(Options{Hosts: []string{host}})
	t.Cleanup(f.Close)
	data, err := await(t, f, s.URL+"/static/a.png")
	if err != nil || !bytes.Equal(data, pic) {
		t.Fatalf("got %d bytes, %v; want the picture", len(data), err)
	}
	// The same port by another name of this machine is another host.
	_, port, _ := strings.Cut(host, ":")
	if _, err := f.Picture("http://localhost:" + port + "/static/a.png"); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("localhost for 127.0.0.1: %v, want not allowed", err)
	}
	// Plain http to another machine is never fetched, even when named.
	g := New(Options{Hosts: []string{"192.0.2.1:" + port}})
	t.Cleanup(g.Close)
	if _, err := g.Picture("http://192.0.2.1:" + port + "/a.png"); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("plain http to another machine: %v, want not allowed", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if hits != 1 {
		t.Errorf("%d requests, want 1", hits)
	}
}

func TestOtherHostRefused(t *testing.T) {
	pic := testPNG(t)
	serve := func(w http.ResponseWriter, r *http.Request) { w.Write(pic) }
	allowed, other := newServer(t, serve), newServer(t, serve)
	f := fetcher(t, Options{Hosts: []string{allowed.host()}}, allowed, other)
	// other is another port of the same address: another host.
	for _, u := range []string{
		other.URL + "/cat.png",
		"https://example.com/cat.png",
		"https://user:pw@" + allowed.host() + "/cat.png",
	} {
		if data, err := f.Picture(u); !errors.Is(err, ErrNotAllowed) || data != nil {
			t.Errorf("%s: %d bytes, %v; want not fetched", u, len(data), err)
		}
	}
	if n := len(other.requests()) + len(allowed.requests()); n != 0 {
		t.Errorf("%d requests reached the servers, want none", n)
	}
}

func TestOversizedRefused(t *testing.T) {
	pic := testPNG(t)
	big := append(append([]byte(nil), pic...), make([]byte, MaxPictureBytes)...)
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		if r.URL.Query().Has("endless") {
			// No Content-Length, and no end: the body is cut off as it
			// is read, long before the fetch could time out.
			w.Write(pic)
			chunk := make([]byte, 32<<10)
			for {
				if _, err := w.Write(chunk); err != nil {
					return
				}
				w.(http.Flusher).Flush()
			}
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(big)))
		w.Write(big)
	})
	f := fetcher(t, Options{Hosts: []string{s.host()}}, s)
	for _, u := range []string{s.URL + "/big.png", s.URL + "/big.png?endless"} {
		if data, err := await(t, f, u); !errors.Is(err, ErrTooBig) || data != nil {
			t.Errorf("%s: %d bytes, %v; want too big", u, len(data), err)
		}
	}
}

func TestSlowRefused(t *testing.T) {
	pic := testPNG(t)
	release := make(chan struct{})
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		if r.URL.Query().Has("body") {
			w.Write(pic[:8]) // the headers and a little, then nothing
			w.(http.Flusher).Flush()
		}
		// Only the test's end lets it go: a handler that returned when
		// the client gave up would end the body cleanly, and a
		// truncated picture is not what this test is about.
		<-release
	})
	t.Cleanup(func() { close(release) }) // before the server closes
	f := fetcher(t, Options{Hosts: []string{s.host()}, Timeout: 50 * time.Millisecond}, s)
	for _, u := range []string{s.URL + "/slow.png", s.URL + "/slow.png?body"} {
		if data, err := await(t, f, u); !errors.Is(err, ErrTimedOut) || data != nil {
			t.Errorf("%s: %d bytes, %v; want timed out", u, len(data), err)
		}
	}
}

func TestRedirectToOtherHostRefused(t *testing.T) {
	pic := testPNG(t)
	other := newServer(t, func(w http.ResponseWriter, r *http.Request) { w.Write(pic) })
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away.png":
			http.Redirect(w, r, other.URL+"/cat.png", http.StatusFound)
		case "/plain.png":
			http.Redirect(w, r, "http://"+strings.TrimPrefix(other.URL, "https://")+"/cat.png", http.StatusFound)
		case "/here.png":
			http.Redirect(w, r, "/cat.png", http.StatusMovedPermanently)
		case "/loop.png":
			http.Redirect(w, r, "/loop.png", http.StatusFound)
		default:
			w.Write(pic)
		}
	})
	// Even a host that is listed is not reached through a redirect.
	f := fetcher(t, Options{Hosts: []string{s.host(), other.host()}}, s, other)
	var re *RedirectError
	if _, err := await(t, f, s.URL+"/away.png"); !errors.As(err, &re) || re.To != other.host() {
		t.Errorf("redirect to another host: %v, want refused", err)
	}
	if _, err := await(t, f, s.URL+"/plain.png"); !errors.As(err, &re) || !strings.HasPrefix(re.To, "http://") {
		t.Errorf("redirect to http: %v, want refused", err)
	}
	if n := len(other.requests()); n != 0 {
		t.Errorf("the other host had %d requests, want none", n)
	}
	if data, err := await(t, f, s.URL+"/here.png"); err != nil || !bytes.Equal(data, pic) {
		t.Errorf("redirect on the same host: %d bytes, %v; want the picture", len(data), err)
	}
	if _, err := await(t, f, s.URL+"/loop.png"); err == nil {
		t.Error("a redirect loop was followed to the end")
	}
}

func TestNotImageRefused(t *testing.T) {
	pic := testPNG(t)
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page.png": // declares HTML
			w.Header().Set("Content-Type", "text/html")
			w.Write(pic)
		case "/lie.png": // declares a picture, holds a page
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("<html><script>alert(1)</script></html>"))
		case "/svg.png": // a picture type a2term does not draw
			w.Header().Set("Content-Type", "image/svg+xml")
			w.Write([]byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`))
		case "/gone.png":
			http.NotFound(w, r)
		default: // no type given: sniffed
			w.Header()["Content-Type"] = nil
			w.Write(pic)
		}
	})
	f := fetcher(t, Options{Hosts: []string{s.host()}}, s)
	for _, p := range []string{"/page.png", "/lie.png", "/svg.png"} {
		if data, err := await(t, f, s.URL+p); !errors.Is(err, ErrNotImage) || data != nil {
			t.Errorf("%s: %d bytes, %v; want not an image", p, len(data), err)
		}
	}
	if _, err := await(t, f, s.URL+"/gone.png"); err == nil || err.Error() != "refused by the host: HTTP 404" {
		t.Errorf("404: %v", err)
	}
	if data, err := await(t, f, s.URL+"/untyped.png"); err != nil || !bytes.Equal(data, pic) {
		t.Errorf("untyped picture: %d bytes, %v", len(data), err)
	}
}

// No cookie, credential or referrer ever reaches a host, even one that
// sets a cookie and redirects.
func TestNoCookiesOrCredentials(t *testing.T) {
	pic := testPNG(t)
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "track", Value: "you", Path: "/"})
		if r.URL.Path == "/first.png" {
			http.Redirect(w, r, "/second.png", http.StatusFound)
			return
		}
		w.Write(pic)
	})
	f := fetcher(t, Options{Hosts: []string{s.host()}}, s)
	if _, err := await(t, f, s.URL+"/first.png"); err != nil {
		t.Fatal(err)
	}
	if _, err := await(t, f, s.URL+"/third.png"); err != nil {
		t.Fatal(err)
	}
	reqs := s.requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(reqs))
	}
	for _, r := range reqs {
		for _, h := range []string{"Cookie", "Authorization", "Proxy-Authorization", "Referer"} {
			if v := r.Header.Get(h); v != "" {
				t.Errorf("%s carried %s: %q", r.URL.Path, h, v)
			}
		}
		if r.Method != http.MethodGet {
			t.Errorf("%s: method %s", r.URL.Path, r.Method)
		}
	}
	u, _ := url.Parse(s.URL)
	u.User = url.UserPassword("me", "secret")
	if _, err := f.Picture(u.String() + "/cat.png"); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("URL with credentials: %v, want not fetched", err)
	}
	if len(s.requests()) != 3 {
		t.Error("the URL with credentials was requested")
	}
}

func TestTooManyPictures(t *testing.T) {
	pic := testPNG(t)
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) { w.Write(pic) })
	f := fetcher(t, Options{Hosts: []string{s.host()}}, s)
	for i := range MaxPictures {
		if _, err := f.Picture(s.URL + "/" + strconv.Itoa(i) + ".png"); !errors.Is(err, ErrLoading) {
			t.Fatalf("picture %d: %v", i, err)
		}
	}
	if _, err := f.Picture(s.URL + "/one-more.png"); !errors.Is(err, ErrTooMany) {
		t.Errorf("picture %d: %v, want too many", MaxPictures+1, err)
	}
}

func TestParseHosts(t *testing.T) {
	got, err := ParseHosts(" CDN.example.com, 127.0.0.1:8443,img.example:443,,[::1]:9 ")
	want := []string{"cdn.example.com", "127.0.0.1:8443", "img.example", "[::1]:9"}
	if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
	for _, bad := range []string{"https://cdn.example.com", "cdn.example.com/img", "*.example.com", "me@cdn.example.com", "cdn.example.com?x", "a b"} {
		if _, err := ParseHosts(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := ParseHosts(strings.Repeat("a.example,", MaxHosts+1)); err == nil {
		t.Errorf("%d hosts accepted", MaxHosts+1)
	}
}
