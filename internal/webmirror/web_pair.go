package webmirror

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/a2term/a2term/hub"
)

// Pairing: the web mirror's address is a one-time link,
// http://127.0.0.1:PORT/pair/CODE. The first browser that opens it gets a
// session cookie (HttpOnly, SameSite=Strict, named after the port) and is
// sent on to "/"; the link then stops working. Every other route needs
// that session, and every POST the session's CSRF value in a header.
// A second browser needs a new link: PairingLink mints one once the last
// was used (ctrl+o in the terminal, or "Link for another browser" in a
// page that is already open); NewPairingLink mints one at once, and the
// unused one stops working (SIGUSR1 for a headless serve).

const (
	// WebCSRFHeader carries the session's CSRF value on every POST (never
	// the query). The page reads it from its own shell.
	WebCSRFHeader = "X-A2term-CSRF"
	// maxSessions bounds the sessions kept; the oldest is dropped first.
	maxSessions = 32
	// maxUsedCodes bounds the used codes remembered for the "someone else
	// opened it" page.
	maxUsedCodes = 64
)

// session is one paired browser.
type session struct {
	id      []byte // the cookie's value
	csrf    []byte // the value its POSTs carry in WebCSRFHeader
	created time.Time
}

// usedCode is a pairing code that was used, and when.
type usedCode struct {
	code      []byte
	at        time.Time
	announced bool // a second use was already recorded in the transcript
}

// pairAlphabet is the pairing code's alphabet: Base58's, digits and
// letters without 0, O, I and l, which read alike. A code is 128 random
// bits in pairCodeLen of its characters, so that the whole link,
// http://127.0.0.1:PORT/pair/CODE, is 54 cells and fits a status line
// of 80 columns beside the keys.
const pairAlphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// pairCodeLen is the length of a pairing code: 58^22 > 2^128.
const pairCodeLen = 22

// randomCode returns a new pairing code: 128 random bits written in
// pairCodeLen characters of pairAlphabet.
func randomCode() []byte {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	n := new(big.Int).SetBytes(b)
	base := big.NewInt(int64(len(pairAlphabet)))
	digit := new(big.Int)
	code := make([]byte, pairCodeLen)
	for i := range code {
		n.DivMod(n, base, digit)
		code[pairCodeLen-1-i] = pairAlphabet[digit.Int64()]
	}
	return code
}

func randomHex() []byte {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return []byte(hex.EncodeToString(b))
}

// PairingLink returns the one-time link that pairs a browser with the
// mirror, http://127.0.0.1:PORT/pair/CODE: the unused one, or a new one
// once the last was used. Whoever opens it first can press buttons in the
// person's name: show it only to the person (never to an agent; with
// WebOptions.AgentLink, canvas.info hands the agent the first link only,
// until a browser pairs).
func (s *WebServer) PairingLink() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pairingLinkLocked()
}

// NewPairingLink returns a new one-time link, as PairingLink does, but
// never the unused one: that one stops working, so a link that may have
// been seen by someone else can be replaced before it is opened. The same
// rules hold: show it only to the person.
func (s *WebServer) NewPairingLink() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.code != nil {
		s.code = nil
		s.agentLink = false // the person asked for it: it is theirs
		s.runCleanupsLocked()
	}
	return s.pairingLinkLocked()
}

func (s *WebServer) pairingLinkLocked() string {
	if s.code == nil {
		s.code = randomCode()
		link := s.linkOf(s.code)
		s.hub.Board().SetStatus(func(st *hub.Status) {
			st.WebURL = link
			st.AgentURL = ""
			if s.agentLink {
				st.AgentURL = link
			}
		})
	}
	return s.linkOf(s.code)
}

func (s *WebServer) linkOf(code []byte) string { return s.origin + "/pair/" + string(code) }

// onPaired records a file to remove once code is used or replaced (the
// redirect file of OpenBrowser), or at Close.
func (s *WebServer) onPaired(code string, cleanup func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing || s.code == nil || string(s.code) != code {
		cleanup() // already used, or closing
		return
	}
	s.cleanups = append(s.cleanups, cleanup)
}

// runCleanupsLocked removes the redirect files written for the current
// code.
func (s *WebServer) runCleanupsLocked() {
	for _, c := range s.cleanups {
		c()
	}
	s.cleanups = nil
}

// sessionOf returns the session whose cookie r carries, or nil. Every
// session is compared in constant time.
func (s *WebServer) sessionOf(r *http.Request) *session {
	var val []byte
	n := 0
	for _, c := range r.Cookies() {
		if c.Name == s.cookie {
			val = []byte(c.Value)
			n++
		}
	}
	if n != 1 || len(val) == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var found *session
	for _, se := range s.sessions {
		if subtle.ConstantTimeCompare(se.id, val) == 1 {
			found = se
		}
	}
	return found
}

// csrfOK accepts exactly one value equal to the session's CSRF value.
func csrfOK(se *session, vals []string) bool {
	return se != nil && len(vals) == 1 && subtle.ConstantTimeCompare([]byte(vals[0]), se.csrf) == 1
}

// servePair is GET /pair/{code}: the one-time link. The first use starts
// a session and answers with the page itself (whose script then shows "/"
// in the address bar); a used code gets a page saying someone else opened
// it; anything else a plain refusal.
func (s *WebServer) servePair(w http.ResponseWriter, r *http.Request) {
	code := []byte(strings.TrimPrefix(r.URL.Path, "/pair/"))
	if r.Method != http.MethodGet || r.URL.RawQuery != "" || r.URL.ForceQuery {
		s.refuse(w, r, http.StatusForbidden)
		return
	}
	if se := s.sessionOf(r); se != nil {
		// This browser is paired already (the link opened twice in it):
		// the page, and the link stays as it was.
		keepConn(w, r)
		s.sendPage(w, r, se)
		return
	}
	now := s.now()
	s.mu.Lock()
	if s.code != nil && subtle.ConstantTimeCompare(code, s.code) == 1 {
		se := &session{id: randomHex(), csrf: randomHex(), created: now}
		if len(s.sessions) >= maxSessions {
			s.sessions = s.sessions[1:]
		}
		s.sessions = append(s.sessions, se)
		s.used = append(s.used, &usedCode{code: s.code, at: now})
		if len(s.used) > maxUsedCodes {
			s.used = s.used[1:]
		}
		s.code = nil
		s.agentLink = false // the person has a view: links are theirs now
		s.runCleanupsLocked()
		s.hub.Board().SetStatus(func(st *hub.Status) { st.WebURL = s.origin + "/"; st.AgentURL = "" })
		s.mu.Unlock()
		s.hub.Board().Append(hub.RoleEvent, "the web mirror was opened in a browser at "+now.Format("15:04"))
		s.logf(r, "a browser paired")
		http.SetCookie(w, &http.Cookie{Name: s.cookie, Value: string(se.id), Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode}) //nolint:gosec // G124: the mirror is plain http on loopback, where a Secure cookie would never be sent
		keepConn(w, r)
		s.sendPage(w, r, se)
		return
	}
	var used *usedCode
	for _, u := range s.used {
		if subtle.ConstantTimeCompare(code, u.code) == 1 {
			used = u
		}
	}
	announce := used != nil && !used.announced
	if used != nil {
		used.announced = true
	}
	s.mu.Unlock()
	if used == nil {
		s.refuse(w, r, http.StatusForbidden)
		return
	}
	if announce {
		s.hub.Board().Append(hub.RoleEvent, fmt.Sprintf("a used web mirror link was opened again at %s and refused", now.Format("15:04")))
	}
	s.logf(r, "refused: a used pairing link")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusForbidden)
	fmt.Fprintf(w, webUsedPage, html.EscapeString(used.at.Format("15:04")))
}

// webUsedPage is what a browser sees on a link that was already used.
var webUsedPage = plainPage("this link was already used", "Someone else already opened this link",
	`<p>This a2term web mirror was opened in another browser at %s, with this same link. A link opens the mirror once, in one browser.</p>
<p>If that was not you, tell whoever runs a2term. To open the mirror here, ask for a new link: press ctrl+o in the terminal where a2term runs, or use “Link for another browser” in the page that is already open.</p>`)

// webUnpairedPage is what "/" shows a browser with no session.
var webUnpairedPage = plainPage("open the link first", "This browser is not paired with this a2term",
	`<p>Open the link a2term gave you (it looks like http://127.0.0.1:PORT/pair/…). Each link works once, in one browser; for a new one press ctrl+o in the terminal where a2term runs.</p>`)

// webStyleSheet is the page's stylesheet, which the pages a browser
// without a session sees take too (ServeHTTP lets it through): it holds
// no data, and the policy allows no style of a page's own.
const webStyleSheet = "/static/app.css"

// plainPage is a page that only tells the person something, in the
// mirror's own look: title and heading are plain text, body is HTML.
func plainPage(title, heading, body string) string {
	return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer">
<title>a2term: ` + title + `</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="` + webStyleSheet + `">
</head>
<body class="plain">
<main class="plain-card">
<p class="brand" aria-hidden="true"><span class="brand-mark">▚</span> a2term</p>
<h1>` + heading + `</h1>
` + body + `
</main>
</body>
</html>
`
}

// servePairNew is POST /api/pair: a paired page asks for a link for
// another browser, which it shows to the person.
func (s *WebServer) servePairNew(w http.ResponseWriter, r *http.Request) {
	var in struct{}
	if !s.decode(w, r, &in) {
		return
	}
	link := s.PairingLink()
	s.logf(r, "a new pairing link for another browser")
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(struct {
		Link string `json:"link"`
	}{link})
}
