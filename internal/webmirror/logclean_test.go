package webmirror

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/logclean"
)

// TestWebLogNeverHoldsALiveCode: a request for the live pairing link by
// a path that only cleans to /pair/CODE ("//pair/CODE" and the like,
// which is refused) is logged without the code.
func TestWebLogNeverHoldsALiveCode(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	link := e.ws.PairingLink()
	code := link[strings.LastIndex(link, "/")+1:]
	e.secrets = append(e.secrets, code)
	paths := []string{"//pair/" + code, "/./pair/" + code, "/%2Fpair/" + code, "//pair//" + code, "/x/../pair/" + code,
		"/pair/../pair/" + code, "/static/" + code, "/pair%2F" + code + "x"}
	for _, p := range paths {
		resp := rawRequest(t, e.ws.Port(), "GET "+p+" HTTP/1.1\r\nHost: 127.0.0.1:"+strconv.Itoa(e.ws.Port())+"\r\nConnection: close\r\n\r\n")
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("GET %s: %s", p, resp.Status)
		}
	}
	if err := e.ws.Close(); err != nil {
		t.Fatal(err)
	}
	logs := e.logs.String()
	if n := strings.Count(logs, "refused: 403"); n < len(paths) {
		t.Errorf("%d of %d refusals logged:\n%s", n, len(paths), logs)
	}
	if strings.Contains(logs, code) || strings.Contains(logs, code[:16]) {
		t.Errorf("the log holds the live code:\n%s", logs)
	}
}

var leftOut = regexp.MustCompile(`^… ([0-9]+) more like this within 10s, not logged: web: GET "/nothing/[0-9]+": refused: 403$`)

// TestWebLogLimitsRepeatedLines: a flood of refused requests (another
// local user needs no pairing to send them) writes at most LogBurst lines
// of that kind in each LogWindow, and one line counting the rest.
func TestWebLogLimitsRepeatedLines(t *testing.T) {
	e := newWebEnv(t, WebOptions{})
	const n = 300
	began := time.Now()
	for i := range n {
		if resp := e.do(mustRequest(t, "GET", fmt.Sprintf("%s/nothing/%d", e.base(), i))); resp.StatusCode != http.StatusForbidden {
			t.Fatalf("request %d: %s", i, resp.Status)
		}
	}
	// A pairing still gets its line: another kind.
	e.pair(e.ws.PairingLink())
	windows := int(time.Since(began)/logclean.LogWindow) + 1
	if err := e.ws.Close(); err != nil {
		t.Fatal(err)
	}
	written, left, summaries := 0, 0, 0
	for _, line := range strings.Split(strings.TrimSpace(e.logs.String()), "\n") {
		if m := leftOut.FindStringSubmatch(line); m != nil {
			k, _ := strconv.Atoi(m[1])
			left += k
			summaries++
		} else if strings.Contains(line, `"/nothing/`) {
			written++
		}
	}
	if written+left != n || written > windows*logclean.LogBurst || summaries > windows || summaries == 0 {
		t.Errorf("%d refusals: %d lines written, %d counted in %d summaries, over %d windows of %s; want at most %d written, the rest counted:\n%s",
			n, written, left, summaries, windows, logclean.LogWindow, windows*logclean.LogBurst, e.logs.String())
	}
	if got := e.logs.String(); strings.Count(got, "a browser paired") != 2 {
		t.Errorf("the pairings are not both logged:\n%s", got)
	}
}
