package webmirror

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/logclean"
	"github.com/a2term/a2term/internal/webpage"
)

// Limits and settings of the web mirror.
const (
	// MaxWebBody bounds the body of one POSTed intent.
	MaxWebBody = 64 << 10
	// WebTranscript is how many of the newest transcript entries a
	// snapshot carries.
	WebTranscript = webpage.Transcript

	webCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; media-src data:; " +
		"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
	webWriteTimeout = 10 * time.Second // a viewer that takes longer to accept one write is dropped
	webHeartbeat    = 15 * time.Second
	webReadTimeout  = 10 * time.Second // reading a POST's body
	webShutdownWait = 5 * time.Second  // then Close stops waiting for handlers
)

// WebOptions set up the web mirror.
type WebOptions struct {
	// Logger receives one line per refused request, viewer joined, left
	// or dropped, and the server's own errors: method and path only,
	// never the token, the query or headers, cleaned as agent text is,
	// each kind of line at most LogBurst times in LogWindow. Nil discards
	// it.
	Logger *log.Logger
	// Addr is where to listen, "127.0.0.1:0" (a random port) by default.
	// Any host other than 127.0.0.1 is refused.
	Addr string
	// Port, with no Addr, is the port to listen on when it is free (the
	// one a restored canvas's mirror had), else a random one.
	Port int
	// AgentLink hands the agent the first pairing link (in
	// canvas.info), to pass on to the person, until a browser pairs: only
	// for a canvas with no terminal for the person (a2term mcp on its
	// own). Once a browser paired, the agent is never handed a link
	// again: a new one is asked for in a view the person holds, and shown
	// there. Where a terminal shows the canvas, the agent learns only
	// that a mirror exists and how many watch.
	AgentLink bool
	// Now is the clock for the transcript's "opened at" lines; nil is
	// time.Now.
	Now func() time.Time

	// For tests: how long one write to a viewer may take, how often an
	// idle stream gets a heartbeat, the socket send buffer of each
	// connection (so that a viewer that never reads blocks its stream at
	// once), and how long a connection may stay unpaired. Zero means the
	// defaults.
	writeTimeout    time.Duration
	heartbeat       time.Duration
	sendBuffer      int
	unpairedTimeout time.Duration
}

// WebServer is the web mirror: the hub's canvas on a page at
// http://127.0.0.1:PORT/, opened with a one-time pairing link, live over
// server-sent events, with the person's presses and inputs POSTed back as
// intents. Every request passes
// the controls of docs/security.md, "The web mirror", before any route sees it; see
// ServeHTTP. Its methods are safe for concurrent use.
type WebServer struct {
	hub    *hub.Hub
	logger logclean.Logger // a *logclean.Log from ServeWeb
	srv    *http.Server
	mux    *http.ServeMux
	cop    *http.CrossOriginProtection

	port   int
	host   string // the one Host accepted: "127.0.0.1:PORT"
	origin string // the one Origin accepted: "http://127.0.0.1:PORT"
	cookie string // the session cookie's name: "a2term-PORT"
	// agentLink says the agent may be handed the unused link (under mu):
	// WebOptions.AgentLink, until the first browser pairs. Every later
	// link is made for a person who already holds a view (a page's "Link
	// for another browser", a terminal's ctrl+o), and is shown only there.
	agentLink bool
	now       func() time.Time

	index  []byte
	static map[string]staticFile // by request path, "/static/components/button.js"

	writeTimeout time.Duration
	heartbeat    time.Duration

	cancel context.CancelFunc // ends every request's context
	served chan struct{}      // closed when Serve has returned
	conns  *webConns          // the listener, which bounds the connections

	mu       sync.Mutex
	closing  bool
	streams  map[*stream]struct{}
	code     []byte      // the unused pairing code, or nil
	cleanups []func()    // remove the redirect files that hold code
	sessions []*session  // paired browsers, oldest first
	used     []*usedCode // codes already used, oldest first

	enc snapshotCache

	closeOnce sync.Once
	closeErr  error
}

type staticFile struct {
	body        []byte
	contentType string
}

// stream is one viewer's /events response.
type stream struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	unwatch func() // ends its count among those who watch
}

// ServeWeb starts the web mirror of h on a random port of 127.0.0.1 with a
// fresh one-time pairing link (128 bits from crypto/rand), records the
// link in the board's status (the TUI shows it; canvas.info only with
// AgentLink) and keeps the status's viewer count up to date.
func ServeWeb(h *hub.Hub, opts WebOptions) (*WebServer, error) {
	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host != "127.0.0.1" {
		return nil, fmt.Errorf("web mirror address %q: it listens on 127.0.0.1 only", addr)
	}
	index, static, err := loadPage()
	if err != nil {
		return nil, err
	}
	if !bytes.Contains(index, []byte(csrfSlot)) {
		return nil, errors.New("web mirror: the embedded page has no place for its CSRF value")
	}
	var ln net.Listener
	var lc net.ListenConfig
	if opts.Addr == "" && opts.Port > 0 && opts.Port < 1<<16 {
		// Taken meanwhile: any free port does.
		ln, _ = lc.Listen(context.Background(), "tcp4", net.JoinHostPort("127.0.0.1", strconv.Itoa(opts.Port)))
	}
	if ln == nil {
		if ln, err = lc.Listen(context.Background(), "tcp4", addr); err != nil {
			return nil, fmt.Errorf("web mirror: %w", err)
		}
	}
	// The journal keeps the port, for the next hub at this socket.
	h.SetWebPort(ln.Addr().(*net.TCPAddr).Port)
	s := &WebServer{
		hub:          h,
		logger:       logclean.New(opts.Logger),
		mux:          http.NewServeMux(),
		cop:          http.NewCrossOriginProtection(),
		port:         ln.Addr().(*net.TCPAddr).Port,
		agentLink:    opts.AgentLink,
		now:          opts.Now,
		index:        index,
		static:       static,
		writeTimeout: opts.writeTimeout,
		heartbeat:    opts.heartbeat,
		served:       make(chan struct{}),
		streams:      map[*stream]struct{}{},
	}
	if s.writeTimeout <= 0 {
		s.writeTimeout = webWriteTimeout
	}
	if s.heartbeat <= 0 {
		s.heartbeat = webHeartbeat
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.host = "127.0.0.1:" + strconv.Itoa(s.port)
	s.origin = "http://" + s.host
	s.cookie = "a2term-" + strconv.Itoa(s.port)

	s.mux.HandleFunc("GET /{$}", s.servePage)
	s.mux.HandleFunc("GET /static/{file...}", s.serveStatic)
	s.mux.HandleFunc("GET /events", s.serveEvents)
	s.mux.HandleFunc("POST /api/press", s.servePress)
	s.mux.HandleFunc("POST /api/input", s.serveInput)
	s.mux.HandleFunc("POST /api/say", s.serveSay)
	s.mux.HandleFunc("POST /api/cancel", s.serveCancel)
	s.mux.HandleFunc("POST /api/pair", s.servePairNew)

	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.srv = &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		MaxHeaderBytes:    16 << 10,
		IdleTimeout:       60 * time.Second,
		// No ReadTimeout or WriteTimeout: streams live for hours. Each
		// POST gets a read deadline and every response a write deadline
		// in ServeHTTP; streams renew theirs write by write.
		BaseContext: func(net.Listener) context.Context { return ctx },
		// "OPTIONS *" goes to ServeHTTP too (which refuses it), not to
		// Go's own answer without our headers.
		DisableGeneralOptionsHandler: true,
		ErrorLog:                     log.New(redactor{s}, "", 0),
		ConnContext:                  connContext,
	}
	if n := opts.sendBuffer; n > 0 {
		s.srv.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
			if tc := tcpConnOf(c); tc != nil {
				_ = tc.SetWriteBuffer(n) // a test's small buffer; the system's size does as well
			}
			return connContext(ctx, c)
		}
	}
	s.conns = newWebConns(ln, opts.unpairedTimeout, s.logger)
	go func() {
		defer close(s.served)
		if err := s.srv.Serve(headerListener{s.conns}); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.logger.Printf("web: serving stopped: %v", err)
		}
	}()
	h.Board().SetStatus(func(st *hub.Status) { st.Viewers = 0 })
	s.PairingLink()
	h.SetWebLink(func() (string, int) { return s.PairingLink(), s.port })
	return s, nil
}

// loadPage reads the embedded page: index.html, and every other file of
// web/ (the script's modules in their folders too) as /static/PATH.
func loadPage() ([]byte, map[string]staticFile, error) {
	index, err := webpage.Files.ReadFile("web/index.html")
	if err != nil {
		return nil, nil, fmt.Errorf("web mirror: the embedded page has no index.html: %w", err)
	}
	static := map[string]staticFile{}
	err = fs.WalkDir(webpage.Files, "web", func(name string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || name == "web/index.html" {
			return err
		}
		ct := mime.TypeByExtension(path.Ext(name))
		switch path.Ext(name) {
		case ".js":
			ct = "text/javascript; charset=utf-8"
		case ".css":
			ct = "text/css; charset=utf-8"
		}
		if ct == "" {
			return nil // served only with a type the browser will not sniff
		}
		body, err := webpage.Files.ReadFile(name)
		if err != nil {
			return err
		}
		static["/static/"+strings.TrimPrefix(name, "web/")] = staticFile{body: body, contentType: ct}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("web mirror: reading the embedded page: %w", err)
	}
	return index, static, nil
}

// URL is the page's address, http://127.0.0.1:PORT/. It holds no secret:
// a browser needs a pairing link (PairingLink) first.
func (s *WebServer) URL() string { return s.origin + "/" }

// Port is the port the mirror listens on.
func (s *WebServer) Port() int { return s.port }

// Close ends every stream at once (a viewer in the middle of a write too),
// shuts the server down and clears the web URL and viewer count from the
// board's status. It is safe to call more than once.
func (s *WebServer) Close() error {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closing = true
		s.runCleanupsLocked()
		for st := range s.streams {
			_ = st.rc.SetWriteDeadline(time.Now()) // unblocks a write to a viewer that stopped reading
		}
		s.mu.Unlock()
		s.cancel()
		s.hub.SetWebLink(nil)
		ctx, cancel := context.WithTimeout(context.Background(), webShutdownWait)
		defer cancel()
		if err := s.srv.Shutdown(ctx); err != nil {
			s.closeErr = s.srv.Close()
		}
		<-s.served
		if l, ok := s.logger.(*logclean.Log); ok {
			l.Flush()
		}
		s.hub.Board().SetStatus(func(st *hub.Status) {
			if strings.HasPrefix(st.WebURL, s.origin+"/") {
				st.WebURL = ""
				st.AgentURL = ""
			}
			st.Viewers = 0
		})
	})
	return s.closeErr
}

// ServeHTTP applies the controls every request passes, in this order
// (docs/security.md, "The web mirror"), before the route sees it:
//
//  1. the security headers are set, so that every answer carries them;
//  2. the request line must carry a path, not an absolute URL (whose host
//     Go would take over the Host header), and Host must be exactly
//     127.0.0.1:PORT (this stops DNS rebinding);
//  3. GET /pair/CODE takes the one-time pairing code; GET of the
//     stylesheet, which holds no data, is answered to any browser, so that
//     the pages saying a browser is not paired have the mirror's look;
//     every other route needs the session cookie of a paired browser,
//     compared in constant time;
//  4. POST (and any other method): no query at all, cross-origin
//     protection, Origin if present must be our own, and the session's
//     CSRF value in the X-A2term-CSRF header.
//
// A failure is 403 with no detail (the page "/" says how to pair). The
// POST routes then require Content-Type application/json (415), a body of
// at most 64 KiB (413) and exactly one JSON object with the route's
// fields, spelled exactly, and no others (400); only then is the hub
// called.
func (s *WebServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSecurityHeaders(w.Header())
	// Only a paired browser's connection stays open after its answer
	// (keepConn), within MaxWebConns.
	w.Header().Set("Connection", "close")
	if !strings.HasPrefix(r.RequestURI, "/") || r.Host != s.host {
		s.refuse(w, r, http.StatusForbidden)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/pair/") {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.writeTimeout))
		s.servePair(w, r)
		return
	}
	se := s.sessionOf(r)
	if se == nil {
		if r.Method == http.MethodGet && r.RequestURI == webStyleSheet {
			s.serveStatic(w, r) // for the page below and the used link's
			return
		}
		if r.Method == http.MethodGet && r.URL.Path == "/" {
			s.logf(r, "refused: not paired")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusForbidden)
			_, _ = io.WriteString(w, webUnpairedPage)
			return
		}
		s.refuse(w, r, http.StatusForbidden)
		return
	}
	keepConn(w, r)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if r.URL.RawQuery != "" || r.URL.ForceQuery ||
			s.cop.Check(r) != nil ||
			!s.originOK(r.Header.Values("Origin")) ||
			!csrfOK(se, r.Header.Values(WebCSRFHeader)) {
			s.refuse(w, r, http.StatusForbidden)
			return
		}
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(webReadTimeout))
	}
	if r.URL.Path != "/events" {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.writeTimeout))
	}
	s.mux.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionKey{}, se)))
}

// tcpConnOf is the TCP connection under the server's wrappers of c, or
// nil.
func tcpConnOf(c net.Conn) *net.TCPConn {
	hc, ok := c.(headerConn)
	if !ok {
		return nil
	}
	wc, ok := hc.Conn.(*webConn)
	if !ok {
		return nil
	}
	tc, _ := wc.Conn.(*net.TCPConn)
	return tc
}

// headerListener hands out connections that add the security headers to
// the answers net/http writes by itself, before any handler runs (a
// malformed request, a bad Host header, headers too large: "400 Bad
// Request" and the like), which would otherwise go without them.
type headerListener struct{ net.Listener }

func (l headerListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err //nolint:wrapcheck // a wrapper passes its connection's errors on as they are: the server compares them
	}
	return headerConn{c}, nil
}

type headerConn struct{ net.Conn }

// securityHeaderLines are the security headers as header lines.
var securityHeaderLines = func() []byte {
	h := http.Header{}
	setSecurityHeaders(h)
	var b bytes.Buffer
	_ = h.Write(&b) // a bytes.Buffer takes every write
	return b.Bytes()
}()

// Write passes p on, with the security headers added after the status
// line when p is the start of a response that lacks them. Every answer
// ServeHTTP writes has them (it sets them first), so only the server's
// own answers are changed.
func (c headerConn) Write(p []byte) (int, error) {
	if !bytes.HasPrefix(p, []byte("HTTP/1.")) {
		return c.Conn.Write(p) //nolint:wrapcheck // a wrapper passes its connection's errors on as they are: the server compares them
	}
	end := bytes.Index(p, []byte("\r\n\r\n"))
	line := bytes.Index(p, []byte("\r\n"))
	if end < 0 || bytes.Contains(p[:end], []byte("\r\nContent-Security-Policy: ")) {
		return c.Conn.Write(p) //nolint:wrapcheck // a wrapper passes its connection's errors on as they are: the server compares them
	}
	out := make([]byte, 0, len(p)+len(securityHeaderLines))
	out = append(out, p[:line+2]...)
	out = append(out, securityHeaderLines...)
	out = append(out, p[line+2:]...)
	if _, err := c.Conn.Write(out); err != nil {
		return 0, err //nolint:wrapcheck // a wrapper passes its connection's errors on as they are: the server compares them
	}
	return len(p), nil
}

// sessionKey is the request context key of the caller's session.
type sessionKey struct{}

// setSecurityHeaders sets the headers every answer carries.
func setSecurityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", webCSP)
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
}

// originOK accepts no Origin (not a browser) or exactly our own.
func (s *WebServer) originOK(vals []string) bool {
	return len(vals) == 0 || len(vals) == 1 && vals[0] == s.origin
}

// refuse answers code with no detail and logs the method and path.
func (s *WebServer) refuse(w http.ResponseWriter, r *http.Request, code int) {
	s.logf(r, "refused: %d", code)
	http.Error(w, http.StatusText(code), code)
}

// logf logs a line about request r: its method and path, never its query
// or headers, nor a pairing code. Each format is a kind of line the log
// rate-limits.
func (s *WebServer) logf(r *http.Request, format string, args ...any) {
	m := r.Method
	if len(m) > 16 {
		m = m[:16]
	}
	s.logger.Printf("web: %s %q: "+format, append([]any{m, loggedPath(r.URL.Path)}, args...)...)
}

// loggedPath is what the log shows of a request's path: a path that
// cleans to a pairing link's ("//pair/CODE", "/./pair/CODE",
// "/%2Fpair/CODE") as "/pair/…", whatever it holds; anything else that
// looks like a code or a session blotted out too, and at most 120 bytes.
func loggedPath(p string) string {
	if strings.HasPrefix(path.Clean(p), "/pair/") {
		return "/pair/…"
	}
	p = secretHex.ReplaceAllString(p, "[secret]")
	if len(p) > 120 {
		p = p[:120] + "…"
	}
	return p
}

// redactor passes the http.Server's own error lines to the logger with
// any pairing code or session blotted out, should one ever carry it.
type redactor struct{ s *WebServer }

// secretHex matches what looks like a session or CSRF value (32 hex
// digits) or a pairing code (pairCodeLen characters of pairAlphabet).
var secretHex = regexp.MustCompile(`[0-9a-fA-F]{32}|[1-9A-HJ-NP-Za-km-z]{22}`)

func (r redactor) Write(p []byte) (int, error) {
	line := secretHex.ReplaceAll(bytes.TrimRight(p, "\n"), []byte("[secret]"))
	r.s.logger.Printf("web: %s", line)
	return len(p), nil
}

// servePage is GET /: the page of the request's session.
func (s *WebServer) servePage(w http.ResponseWriter, r *http.Request) {
	se, _ := r.Context().Value(sessionKey{}).(*session)
	if se == nil { // ServeHTTP let no request without one through
		s.refuse(w, r, http.StatusForbidden)
		return
	}
	s.sendPage(w, r, se)
}

// sendPage answers with the page, with the CSRF value of session se in its
// shell, or a plain page saying the canvas is already open in MaxViewers
// places. A pairing gets the page itself, not a redirect to "/": a
// browser that opened the link from another site (the redirect file, a
// mail) would not send the SameSite=Strict cookie on a redirect, and a
// page that went on to "/" by itself would load twice, which tools that
// wait for one load (a headless screenshot) never see end. The page's
// requests are its own, same-site, and carry the cookie.
func (s *WebServer) sendPage(w http.ResponseWriter, r *http.Request, se *session) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if s.full() {
		s.logf(r, "the canvas is full")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, webFullPage)
		return
	}
	_, _ = w.Write(bytes.Replace(s.index, []byte(csrfSlot), []byte(`name="a2term-csrf" content="`+string(se.csrf)+`"`), 1)) //nolint:gosec // G705: the page is ours and the CSRF value our random hex, nothing of an agent's
}

// csrfSlot is where index.html takes the session's CSRF value.
const csrfSlot = `name="a2term-csrf" content=""`

// webFullPage is what a viewer beyond MaxViewers sees.
var webFullPage = plainPage("the canvas is full", fmt.Sprintf("This canvas is already open in %d places", hub.MaxViewers),
	fmt.Sprintf(`<p>a2term shows its canvas in at most %d browser tabs at once. Close one of the others, then open the link from the terminal again.</p>`, hub.MaxViewers))

// serveStatic is GET /static/{file...}: the page's modules and styles.
func (s *WebServer) serveStatic(w http.ResponseWriter, r *http.Request) {
	f, ok := s.static[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", f.contentType)
	_, _ = w.Write(f.body)
}

func (s *WebServer) full() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.streams) >= hub.MaxViewers
}

// join admits a viewer, unless MaxViewers already watch or the server is
// closing, and updates the count in the status line.
func (s *WebServer) join(w http.ResponseWriter) (*stream, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing || len(s.streams) >= hub.MaxViewers {
		return nil, false
	}
	st := &stream{w: w, rc: http.NewResponseController(w), unwatch: s.hub.Watch()}
	s.streams[st] = struct{}{}
	n := len(s.streams)
	s.hub.Board().SetStatus(func(status *hub.Status) { status.Viewers = n })
	return st, true
}

func (s *WebServer) leave(st *stream) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.streams, st)
	st.unwatch()
	n := len(s.streams)
	s.hub.Board().SetStatus(func(status *hub.Status) { status.Viewers = n })
}

// serveEvents is GET /events: a full snapshot on connect, then after
// every change only what changed (see delta), a heartbeat while nothing
// changes. Changes coalesce, so a slow viewer gets the latest state and
// never a backlog; a viewer that cannot take one write within the write
// timeout is dropped, and no viewer ever waits for another. HEAD answers
// the headers and holds no viewer's place.
func (s *WebServer) serveEvents(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodHead {
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		return
	}
	st, ok := s.join(w)
	if !ok {
		s.logf(r, "refused a viewer: %d are watching", hub.MaxViewers)
		http.Error(w, fmt.Sprintf("This canvas is already open in %d places.", hub.MaxViewers), http.StatusServiceUnavailable)
		return
	}
	defer s.leave(st)
	changed, cancel := s.hub.Subscribe()
	defer cancel()

	w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	s.logf(r, "a viewer joined")
	beat := time.NewTicker(s.heartbeat)
	defer beat.Stop()
	snap := s.hub.Snapshot()
	ev := s.enc.event(snap)
	last := sentOf(snap)
	for {
		if err := s.send(st, ev); err != nil {
			s.mu.Lock()
			closing := s.closing
			s.mu.Unlock()
			switch {
			case closing:
				s.logf(r, "a viewer's stream ended: the mirror is closing")
			case errors.Is(err, os.ErrDeadlineExceeded):
				s.logf(r, "a viewer was dropped: it stopped reading")
			default: // a failed write cancels the request's context too
				s.logf(r, "a viewer left")
			}
			return
		}
		select {
		case <-r.Context().Done(): // the viewer left, or Close
			s.logf(r, "a viewer left")
			return
		case <-changed:
			snap := s.hub.Snapshot()
			var changed bool
			prev := last
			ev, last, changed = delta(prev, snap)
			if !changed {
				ev = nil
			} else if ev == nil { // a gap
				ev = s.enc.event(snap)
			}
		case <-beat.C:
			ev = sseHeartbeat
		}
	}
}

var (
	sseHeartbeat = []byte(": heartbeat\n\n")
	errClosing   = errors.New("the web mirror is closing")
)

// send writes one event to a viewer within the write timeout; nil is
// nothing to send for a change.
func (s *WebServer) send(st *stream, ev []byte) error {
	if ev == nil {
		return nil
	}
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return errClosing
	}
	// Under mu, so that Close's deadline (now) is never overwritten.
	_ = st.rc.SetWriteDeadline(time.Now().Add(s.writeTimeout))
	s.mu.Unlock()
	if _, err := st.w.Write(ev); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if err := st.rc.Flush(); err != nil {
		return fmt.Errorf("flush: %w", err)
	}
	return nil
}

// snapshotCache encodes each state once however many viewers want it.
// Canvases are immutable and the transcript only grows in place (or is
// copied when trimmed), so the canvas pointer, the transcript's first
// element, length and last entry, and the status identify a state; the
// cache holds them, so their memory cannot be reused for another state
// meanwhile.
type snapshotCache struct {
	mu         sync.Mutex
	canvas     *a2ui.Canvas
	transcript []hub.Entry
	status     hub.Status
	ev         []byte
}

func (c *snapshotCache) event(snap hub.Snapshot) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ev != nil && c.canvas == snap.Canvas && c.status == snap.Status && sameEntries(c.transcript, snap.Transcript) {
		return c.ev
	}
	c.canvas, c.transcript, c.status = snap.Canvas, snap.Transcript, snap.Status
	c.ev = webpage.EncodeSnapshot(snap)
	return c.ev
}

func sameEntries(a, b []hub.Entry) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0] && a[len(a)-1] == b[len(b)-1])
}

// The intents the page POSTs. Pointers tell a missing member from a zero
// one: every member is required.
type (
	webPress struct {
		SurfaceID *string `json:"surfaceId"`
		NodeID    *string `json:"nodeId"`
		Version   *uint64 `json:"version"`
	}
	webInput struct {
		SurfaceID *string         `json:"surfaceId"`
		NodeID    *string         `json:"nodeId"`
		Value     json.RawMessage `json:"value"`
	}
	webSay struct {
		Text *string `json:"text"`
	}
)

// servePress is POST /api/press {"surfaceId","nodeId","version"}.
func (s *WebServer) servePress(w http.ResponseWriter, r *http.Request) {
	var in webPress
	if !s.decode(w, r, &in) {
		return
	}
	if in.SurfaceID == nil || in.NodeID == nil || in.Version == nil {
		s.refuse(w, r, http.StatusBadRequest)
		return
	}
	s.reply(w, r, s.hub.Press(hub.Web, *in.SurfaceID, *in.NodeID, *in.Version))
}

// serveInput is POST /api/input {"surfaceId","nodeId","value"}.
func (s *WebServer) serveInput(w http.ResponseWriter, r *http.Request) {
	var in webInput
	if !s.decode(w, r, &in) {
		return
	}
	var v any
	if in.SurfaceID == nil || in.NodeID == nil || in.Value == nil || json.Unmarshal(in.Value, &v) != nil {
		s.refuse(w, r, http.StatusBadRequest)
		return
	}
	s.reply(w, r, s.hub.SetValue(hub.Web, *in.SurfaceID, *in.NodeID, v))
}

// serveSay is POST /api/say {"text"}: the person's message to the agent,
// which the hub bounds (and refuses where nothing carries it) as it does
// every view's.
func (s *WebServer) serveSay(w http.ResponseWriter, r *http.Request) {
	var in webSay
	if !s.decode(w, r, &in) {
		return
	}
	if in.Text == nil {
		s.refuse(w, r, http.StatusBadRequest)
		return
	}
	s.reply(w, r, s.hub.Say(*in.Text))
}

// serveCancel is POST /api/cancel {}: ask the agent to cancel its task.
func (s *WebServer) serveCancel(w http.ResponseWriter, r *http.Request) {
	var in struct{}
	if !s.decode(w, r, &in) {
		return
	}
	s.reply(w, r, s.hub.CancelTask())
}

// decode reads a POSTed intent: application/json (415), at most
// MaxWebBody bytes (413), exactly one object with no unknown member (400).
func (s *WebServer) decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	cts := r.Header.Values("Content-Type")
	if len(cts) != 1 || !isJSON(cts[0]) {
		s.refuse(w, r, http.StatusUnsupportedMediaType)
		return false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxWebBody))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			s.refuse(w, r, http.StatusRequestEntityTooLarge)
		} else {
			s.refuse(w, r, http.StatusBadRequest)
		}
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if t := bytes.TrimLeft(body, " \t\r\n"); len(t) == 0 || t[0] != '{' || !exactMembers(body, dst) || dec.Decode(dst) != nil {
		s.refuse(w, r, http.StatusBadRequest)
		return false
	}
	if _, err := dec.Token(); err != io.EOF {
		s.refuse(w, r, http.StatusBadRequest)
		return false
	}
	return true
}

// exactMembers reports whether the JSON object body has only members
// named exactly as dst's json tags, each at most once. encoding/json
// matches names case-insensitively ("SurfaceID" would fill surfaceId) and
// lets a repeated member win silently; a web body gets neither.
func exactMembers(body []byte, dst any) bool {
	allowed := map[string]bool{}
	t := reflect.TypeOf(dst).Elem()
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			allowed[name] = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		name, ok := tok.(string)
		if err != nil || !ok || !allowed[name] || seen[name] {
			return false
		}
		seen[name] = true
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return false
		}
	}
	return true
}

// isJSON accepts application/json, with at most a charset of utf-8.
func isJSON(ct string) bool {
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return false
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return false
		}
	}
	return true
}

// reply answers an intent: 204 when the hub took it, 409 with the
// refusal's code and message when it did not (stale, not_a_button,
// bad_value, queue_full, ...), so the page can say why.
func (s *WebServer) reply(w http.ResponseWriter, r *http.Request, err error) {
	if err == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	refusal, ok := errors.AsType[*a2ui.Error](err)
	if !ok {
		s.logf(r, "internal error: %v", err)
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	s.logf(r, "refused by the hub: %s", refusal.Code)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusConflict)
	_ = json.NewEncoder(w).Encode(struct {
		Code    a2ui.Code `json:"code"`
		Message string    `json:"message"`
	}{refusal.Code, refusal.Message})
}
