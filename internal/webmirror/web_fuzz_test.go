package webmirror

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
)

// FuzzWebDecode feeds the web mirror's request decoder every kind of body
// for each intent: it never panics, it accepts only one JSON object whose
// members are exactly the intent's (each once, spelled exactly), and what
// it accepts means the same to a strict decoder.
func FuzzWebDecode(f *testing.F) {
	for _, seed := range []string{
		`{"surfaceId":"main","nodeId":"go","version":3}`,
		`{"surfaceId":"main","nodeId":"note","value":"hi"}`,
		`{"surfaceID":"main","nodeId":"go","version":3}`,
		`{"surfaceId":"a","surfaceId":"b","nodeId":"go","version":3}`,
		`{"surfaceId":"main","nodeId":"go","version":3}{}`,
		`[{"surfaceId":"main"}]`, `null`, ``, `{}`, `{"value":{"a":[1,2,{"b":null}]}}`,
		"{\"surfaceId\":\"\\u0000\",\"nodeId\":\"\xff\",\"version\":1e3}",
	} {
		f.Add([]byte(seed), "application/json")
	}
	f.Add([]byte(`{}`), "text/plain")
	s := &WebServer{logger: discardLogger()}
	f.Fuzz(func(t *testing.T, body []byte, ct string) {
		for _, dst := range []func() any{func() any { return new(webPress) }, func() any { return new(webInput) }, func() any { return new(struct{}) }} {
			req := httptest.NewRequest("POST", "/api/press", bytes.NewReader(body))
			req.Header.Set("Content-Type", ct)
			w := httptest.NewRecorder()
			v := dst()
			ok := s.decode(w, req, v)
			if !ok {
				if w.Code != http.StatusBadRequest && w.Code != http.StatusUnsupportedMediaType && w.Code != http.StatusRequestEntityTooLarge {
					t.Fatalf("refused with %d", w.Code)
				}
				continue
			}
			if !isJSON(ct) {
				t.Fatalf("accepted Content-Type %q", ct)
			}
			var members map[string]json.RawMessage
			if err := json.Unmarshal(body, &members); err != nil {
				t.Fatalf("accepted a body that is not one object: %q", body)
			}
			if !exactMembers(body, v) {
				t.Fatalf("accepted members that are not exactly the intent's: %q", body)
			}
			for k := range members {
				if k != strings.TrimSpace(k) || k == "" {
					t.Fatalf("accepted member %q", k)
				}
			}
		}
	})
}

// FuzzWebPairCode: any path under /pair/ is refused unless it is the one
// unused code, which works once.
func FuzzWebPairCode(f *testing.F) {
	f.Add("0123456789abcdef0123456789abcdef")
	f.Add("")
	f.Add("../events")
	h := hub.New(hub.Options{})
	defer h.Close()
	ws, err := ServeWeb(h, WebOptions{})
	if err != nil {
		f.Fatal(err)
	}
	defer ws.Close()
	link := ws.PairingLink()
	code := link[strings.LastIndex(link, "/")+1:]
	f.Fuzz(func(t *testing.T, guess string) {
		req := httptest.NewRequest("GET", "/pair/x", nil)
		req.URL.Path = "/pair/" + guess
		req.RequestURI = req.URL.Path
		req.Host = ws.host
		w := httptest.NewRecorder()
		ws.ServeHTTP(w, req)
		if guess == code {
			return // the one link: not used up by the fuzzer's others
		}
		if w.Code != http.StatusForbidden || len(w.Result().Cookies()) != 0 {
			t.Fatalf("/pair/%q: %d, cookies %v", guess, w.Code, w.Result().Cookies())
		}
		if ws.PairingLink() != link {
			t.Fatalf("a wrong code used up the link")
		}
	})
}

func discardLogger() *log.Logger { return log.New(io.Discard, "", 0) }
