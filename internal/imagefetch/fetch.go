package imagefetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/a2term/a2term/a2ui"
)

// MaxPictureBytes bounds one picture's bytes: the most a data: picture
// can carry, as the whole canvas holds at most a2ui.MaxCanvasBytes.
const MaxPictureBytes = a2ui.MaxCanvasBytes

// FetchTimeout bounds one fetch, from the request to the last byte.
const FetchTimeout = 10 * time.Second

// MaxFetching is how many pictures are fetched at once.
const MaxFetching = 4

// MaxPictures bounds how many pictures a Fetcher fetches in its life.
const MaxPictures = 64

// MaxCacheBytes bounds the bytes of the pictures a Fetcher keeps.
const MaxCacheBytes = 16 << 20

// MaxRedirects is how many redirects, each to the same host, a fetch
// follows.
const MaxRedirects = 3

// MaxHeaderBytes bounds the headers of a response.
const MaxHeaderBytes = 64 << 10

// idleTimeout is how long a connection to a host is kept for the next
// picture.
const idleTimeout = 30 * time.Second

// MaxHosts bounds the hosts --fetch-images names.
const MaxHosts = 32

// The reasons a picture is not shown (yet). Each is what the person reads
// in the picture's place, so it is short.
var (
	ErrLoading    = errors.New("loading")
	ErrNotAllowed = errors.New("not fetched")
	ErrTooBig     = fmt.Errorf("too big: over %d MiB", MaxPictureBytes>>20)
	ErrNotImage   = errors.New("not an image")
	ErrTimedOut   = errors.New("timed out")
	ErrTooMany    = fmt.Errorf("not fetched: over %d pictures", MaxPictures)
	ErrCacheFull  = fmt.Errorf("not kept: over %d MiB of pictures", MaxCacheBytes>>20)
	ErrClosed     = errors.New("not fetched: closing")
)

// RedirectError is a redirect a fetch refused: to another host, or off
// HTTPS.
type RedirectError struct{ To string }

func (e *RedirectError) Error() string {
	if strings.Contains(e.To, "://") {
		return "redirected off https, to " + e.To
	}
	return "redirected to another host, " + e.To
}

// Options set up a Fetcher.
type Options struct {
	// Hosts are the hosts pictures are fetched from (ParseHosts).
	Hosts []string
	// Timeout bounds each fetch; zero is FetchTimeout.
	Timeout time.Duration
	// RootCAs are the certificates servers are checked against; nil is
	// the system's. Only tests set it, to trust a server of their own:
	// no flag does.
	RootCAs *x509.CertPool
}

// Fetcher fetches and keeps pictures. It is safe for concurrent use.
type Fetcher struct {
	hosts   []string
	timeout time.Duration
	client  *http.Client
	slots   chan struct{} // MaxFetching

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	pictures map[string]*picture
	kept     int // bytes
	watchers []func()
	closed   bool
}

// picture is one URL's bytes, or why there are none (ErrLoading while
// they are on their way).
type picture struct {
	data []byte
	err  error
}

// New returns a Fetcher of pictures from o.Hosts.
func New(o Options) *Fetcher {
	if o.Timeout <= 0 {
		o.Timeout = FetchTimeout
	}
	tr := &http.Transport{
		Proxy:                  nil, // directly: see the package doc
		DialContext:            (&net.Dialer{Timeout: o.Timeout}).DialContext,
		TLSClientConfig:        &tls.Config{RootCAs: o.RootCAs, MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    o.Timeout,
		ForceAttemptHTTP2:      true,
		DisableCompression:     true, // pictures are compressed already
		MaxResponseHeaderBytes: MaxHeaderBytes,
		MaxIdleConns:           MaxFetching,
		IdleConnTimeout:        idleTimeout,
	}
	ctx, cancel := context.WithCancel(context.Background())
	f := &Fetcher{
		hosts: append([]string(nil), o.Hosts...), timeout: o.Timeout,
		slots: make(chan struct{}, MaxFetching), ctx: ctx, cancel: cancel,
		pictures: map[string]*picture{},
	}
	f.client = &http.Client{Transport: tr, CheckRedirect: checkRedirect}
	return f
}

// checkRedirect follows a redirect only to the host the fetch began at
// (over https, or http on this machine: a2ui.FetchHost), without
// credentials, and at most MaxRedirects times.
func checkRedirect(req *http.Request, via []*http.Request) error {
	from, _ := a2ui.FetchHost(via[0].URL.String())
	to, ok := a2ui.FetchHost(req.URL.String())
	if !ok || to != from {
		where := req.URL.Host
		if req.URL.Scheme != "https" {
			where = req.URL.Scheme + "://" + where
		}
		return &RedirectError{To: where}
	}
	if len(via) > MaxRedirects {
		return fmt.Errorf("over %d redirects", MaxRedirects)
	}
	req.Header.Del("Referer")
	return nil
}

// Hosts are the hosts pictures are fetched from.
func (f *Fetcher) Hosts() []string { return f.hosts }

// Watch has changed called, from the fetch's goroutine, each time a
// fetch ends.
func (f *Fetcher) Watch(changed func()) {
	f.mu.Lock()
	f.watchers = append(f.watchers, changed)
	f.mu.Unlock()
}

// Picture returns the bytes of the picture at url, or why there are none:
// ErrLoading while they are on their way (the first call starts the
// fetch), ErrNotAllowed for a URL not on the hosts. It never blocks.
func (f *Fetcher) Picture(url string) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if p, ok := f.pictures[url]; ok {
		return p.data, p.err
	}
	switch {
	case !a2ui.Fetchable(url, f.hosts):
		return nil, ErrNotAllowed
	case f.closed:
		return nil, ErrClosed
	case len(f.pictures) >= MaxPictures:
		return nil, ErrTooMany
	}
	p := &picture{err: ErrLoading}
	f.pictures[url] = p
	f.wg.Add(1)
	go f.fetch(url, p)
	return nil, ErrLoading
}

// fetch fetches url into p and tells the watchers.
func (f *Fetcher) fetch(url string, p *picture) {
	defer f.wg.Done()
	var data []byte
	var err error
	select {
	case f.slots <- struct{}{}:
		data, err = f.get(url)
		<-f.slots
	case <-f.ctx.Done():
		err = ErrClosed
	}
	f.mu.Lock()
	if err == nil && f.kept+len(data) > MaxCacheBytes {
		data, err = nil, ErrCacheFull
	}
	f.kept += len(data)
	p.data, p.err = data, err
	watchers := f.watchers
	f.mu.Unlock()
	for _, w := range watchers {
		w()
	}
}

// get fetches one picture, checked and bounded.
func (f *Fetcher) get(url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(f.ctx, f.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, ErrNotAllowed
	}
	req.Header.Set("Accept", "image/png,image/jpeg,image/gif,image/webp")
	req.Header.Set("User-Agent", "a2term")
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, failure(ctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("refused by the host: HTTP %d", resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || !strings.HasPrefix(mt, "image/") {
			return nil, ErrNotImage
		}
	}
	if resp.ContentLength > MaxPictureBytes {
		return nil, ErrTooBig
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxPictureBytes+1))
	switch {
	case err != nil:
		return nil, failure(ctx, err)
	case len(data) > MaxPictureBytes:
		return nil, ErrTooBig
	case !isPicture(data):
		return nil, ErrNotImage
	}
	return data, nil
}

// failure says briefly why a request or its body failed.
func failure(ctx context.Context, err error) error {
	var re *RedirectError
	var ne net.Error
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return ErrTimedOut
	case errors.As(err, &ne) && ne.Timeout():
		// The dial or the TLS handshake ran out of its own time (the
		// same bound), just before the request's.
		return ErrTimedOut
	case errors.As(err, &re):
		return re
	case ctx.Err() != nil:
		return ErrClosed
	}
	var ce *tls.CertificateVerificationError
	if errors.As(err, &ce) {
		return errors.New("certificate not trusted")
	}
	return errors.New("could not be fetched")
}

// isPicture reports whether data starts as one of the four picture types
// a2term draws, whatever the server declared.
func isPicture(data []byte) bool {
	switch http.DetectContentType(data) {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
		return true
	}
	return false
}

// Close stops the fetches under way and waits for them to end.
func (f *Fetcher) Close() {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	f.cancel()
	f.wg.Wait()
	f.client.CloseIdleConnections()
}

// ParseHosts reads --fetch-images: host names or addresses separated by
// commas, each with ":port" when it is not 443, as a2ui.FetchHost names
// them. A scheme, a path, a user or a wildcard is refused, so that the
// list means exactly the hosts it names.
func ParseHosts(s string) ([]string, error) {
	var hosts []string
	for _, h := range strings.Split(s, ",") {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		got, ok := a2ui.FetchHost("https://" + h + "/")
		if !ok || strings.ContainsAny(h, "/?#@*\\") || got != strings.TrimSuffix(strings.ToLower(h), ":443") {
			return nil, fmt.Errorf("--fetch-images: %q is not a host (give names like cdn.example.com or 127.0.0.1:8443, separated by commas)", h)
		}
		hosts = append(hosts, got)
	}
	if len(hosts) > MaxHosts {
		return nil, fmt.Errorf("--fetch-images: %d hosts; at most %d", len(hosts), MaxHosts)
	}
	return hosts, nil
}
