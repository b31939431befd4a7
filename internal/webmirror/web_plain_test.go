package webmirror

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestWebPlainPagesTakeTheStylesheet: the pages a browser without a
// session sees link the page's stylesheet, and that one file (which holds
// no data) is answered without a session, with every security header;
// the page's script and its other files still are not.
func TestWebPlainPagesTakeTheStylesheet(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	resp := e.do(mustRequest(t, "GET", e.ws.URL()))
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), `<link rel="stylesheet" href="/static/app.css">`) {
		t.Errorf("the page with no session: %s, without the stylesheet: %s", resp.Status, body)
	}
	for _, page := range []string{webUsedPage, webUnpairedPage, webFullPage} {
		if !strings.Contains(page, `<link rel="stylesheet" href="/static/app.css">`) || !strings.Contains(page, `class="plain-card"`) {
			t.Errorf("a plain page without the mirror's look: %s", page)
		}
	}

	resp = e.do(mustRequest(t, "GET", e.ws.URL()+"static/app.css"))
	css, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") || !strings.Contains(string(css), ".plain-card") {
		t.Errorf("the stylesheet with no session: %s %q, %d bytes", resp.Status, resp.Header.Get("Content-Type"), len(css))
	}
	checkSecurityHeaders(t, "the stylesheet with no session", resp.Header)

	for _, p := range []string{"static/app.js", "static/core/connection.js", "static/app.css?x", "static/index.html", "static/"} {
		resp := e.do(mustRequest(t, "GET", e.ws.URL()+p))
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusForbidden || strings.Contains(string(b), ".plain-card") || strings.Contains(string(b), "import") {
			t.Errorf("GET /%s with no session: %s %.80s", p, resp.Status, b)
		}
	}
	resp = e.do(mustRequest(t, "HEAD", e.ws.URL()+"static/app.css"))
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("HEAD of the stylesheet with no session: %s", resp.Status)
	}
}
