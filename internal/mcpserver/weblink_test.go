package mcpserver

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/viewsock"
)

// TestNoLinkForTheAgentOncePaired: a standalone canvas hands the agent
// its first link, to pass on; once the person opened it, a link made
// for another browser in a view the person holds (the page's "Link for
// another browser", a terminal's, which then detaches) is never in a
// tool's result.
func TestNoLinkForTheAgentOncePaired(t *testing.T) {
	ctx := testCtx(t, 30*time.Second)
	e := standalone(t, Options{})
	first := pairLinkRe.FindString(summary(e.call(t, ctx, "canvas_show", map[string]any{"messages": form})))
	if first == "" {
		t.Fatal("standalone gave the agent no link")
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	browser := &http.Client{Jar: jar}
	resp, err := browser.Get(first)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("opening the link: %v", err)
	}
	page, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}

	// The page's "Link for another browser".
	csrf := regexp.MustCompile(`name="a2term-csrf" content="([0-9a-f]+)"`).FindSubmatch(page)
	if csrf == nil {
		t.Fatalf("the page has no CSRF value:\n%s", page)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.SplitN(first, "/pair/", 2)[0]+"/api/pair", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-A2term-CSRF", string(csrf[1]))
	resp, err = browser.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fromPage := pairLinkRe.FindString(string(body))
	if resp.StatusCode != http.StatusOK || fromPage == "" || fromPage == first {
		t.Fatalf("the page's link for another browser: %d %s", resp.StatusCode, body)
	}

	m := regexp.MustCompile(`a2term attach --socket (\S+)`).FindStringSubmatch(e.log.String())
	if m == nil {
		t.Fatalf("the log does not say how to attach:\n%s", e.log.String())
	}
	view, err := viewsock.Attach(ctx, m[1], viewsock.AttachOptions{Reconnect: -1})
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := view.PairingLink()
	if err != nil || !pairLinkRe.MatchString(second) || second == first {
		t.Fatalf("the terminal's link for another browser: %q, %v", second, err)
	}
	view.Close()
	changed, cancel := e.hub.Subscribe()
	defer cancel()
	for e.hub.Snapshot().Status.Terminals > 0 {
		select {
		case <-changed:
		case <-ctx.Done():
			t.Fatal("the terminal never detached")
		}
	}

	for tool, args := range map[string]map[string]any{"canvas_info": nil, "canvas_show": {"messages": form}, "canvas_state": nil, "canvas_wait": {"seconds": 0}} {
		res := e.call(t, ctx, tool, args)
		if text := resultText(res); pairLinkRe.MatchString(text) || strings.Contains(text, "/pair/") || strings.Contains(text, fromPage[strings.LastIndex(fromPage, "/")+1:]) {
			t.Errorf("%s hands the agent a link once the person paired: %s", tool, text)
		}
	}
	var info infoOutput
	structured(t, e.call(t, ctx, "canvas_info", nil), &info)
	if !info.Web || info.WebURL != "" {
		t.Errorf("canvas_info once the person paired: web %v, webUrl %q", info.Web, info.WebURL)
	}
}
