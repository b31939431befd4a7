package a2aconn

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/a2term/a2term/a2ui"
)

// AuthError is an agent's 401 or 403: the credentials a2term was given
// (--header) are missing or refused.
type AuthError struct {
	Status int
	// Scheme is what the agent's card says it requires, when it says.
	Scheme string
}

func (e *AuthError) Error() string {
	s := fmt.Sprintf("the agent refused a2term's credentials (HTTP %d)", e.Status)
	if e.Scheme != "" {
		s += ": it requires " + e.Scheme
	}
	return s
}

// ErrTooLarge is a response or a stream event over its bound.
var ErrTooLarge = errors.New("over a2term's bound")

// CheckURL refuses an address a2term will not talk to: one that is not
// http or https, and one that is plain http to a host other than this
// machine's loopback, unless insecure: what is said over it, the
// --header credentials included, could be read on the way.
func CheckURL(raw string, insecure bool) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%q is not a URL: %w", raw, err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("%s: the agent's address must start with http:// or https://", raw)
	case u.Host == "":
		return nil, fmt.Errorf("%s: the agent's address names no host", raw)
	case u.User != nil:
		return nil, errors.New("the agent's address must not hold credentials: give them with --header")
	case u.Scheme == "http" && !a2ui.IsLoopback(u.Hostname()) && !insecure:
		return nil, fmt.Errorf("%s is plain http to another machine: use https, or --insecure to send the conversation (and any --header) unencrypted", u.Redacted())
	}
	return u, nil
}

// sameOrigin reports whether a and b are one origin: the same scheme,
// host and port, or both on this machine's loopback with the same port.
func sameOrigin(a, b *url.URL) bool {
	if a.Scheme != b.Scheme || port(a) != port(b) {
		return false
	}
	return strings.EqualFold(a.Hostname(), b.Hostname()) || a2ui.IsLoopback(a.Hostname()) && a2ui.IsLoopback(b.Hostname())
}

func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}

// transport is the HTTP round tripper of every request to the agent: it
// adds the person's headers, only for the agent's origin, turns a 401 or
// 403 into an AuthError, and bounds every body that is not an event
// stream to MaxResponseBytes (streams are bounded per event, in
// readEvents).
type transport struct {
	base    http.RoundTripper
	origin  *url.URL
	headers http.Header
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !sameOrigin(req.URL, t.origin) {
		return nil, fmt.Errorf("a2term talks only to %s, not %s", t.origin.Redacted(), req.URL.Redacted())
	}
	req = req.Clone(req.Context())
	for k, vs := range t.headers {
		req.Header.Del(k)
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err //nolint:wrapcheck // http.Client wraps it with the method and URL
	}
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		resp.Body.Close()
		return nil, &AuthError{Status: resp.StatusCode}
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		resp.Body = &boundedBody{ReadCloser: resp.Body, left: MaxResponseBytes}
	}
	return resp, nil
}

// boundedBody fails once more than its bound was read.
type boundedBody struct {
	io.ReadCloser
	left int64
}

func (b *boundedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, fmt.Errorf("a response of more than %d bytes: %w", MaxResponseBytes, ErrTooLarge)
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return 0, fmt.Errorf("a response of more than %d bytes: %w", MaxResponseBytes, ErrTooLarge)
	}
	return n, err //nolint:wrapcheck // a reader passes io.EOF on as it is
}

// ParseHeader reads a --header value, "Name: value".
func ParseHeader(s string) (string, string, error) {
	name, value, ok := strings.Cut(s, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") {
		// The value is never repeated: it is likely a secret.
		return "", "", errors.New("a header is given as 'Name: value'")
	}
	value = strings.TrimSpace(value)
	if strings.ContainsAny(value, "\r\n") {
		return "", "", fmt.Errorf("the value of header %s holds a line break", name)
	}
	return http.CanonicalHeaderKey(name), value, nil
}
