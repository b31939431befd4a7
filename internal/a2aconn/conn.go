package a2aconn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/a2aproject/a2a-go/a2aclient/agentcard"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// Bounds on what an agent sends, and on how long a2term waits for it.
const (
	// MaxResponseBytes bounds a response that is not a stream: the agent
	// card, a message/send reply, a task. A longer one ends the turn with
	// a line in the transcript.
	MaxResponseBytes = 4 << 20
	// MaxEventBytes bounds one event of a stream (the socket's own
	// message bound): a longer one ends the stream, which is resumed.
	MaxEventBytes = 4 << 20
	// MaxStreamSilence is how long a stream may send nothing, not even a
	// keep-alive, before a2term takes it for dropped and resumes it.
	MaxStreamSilence = 5 * time.Minute
	// MaxParts is how many parts of one message or artifact are read;
	// the transcript says how many more were left out.
	MaxParts = 64
	// MaxResumes is how many times one turn's dropped stream is resumed
	// (tasks/resubscribe) before a2term says it lost the task.
	MaxResumes = 3
	// MaxPendingSays is how many of the person's messages wait while the
	// agent answers; one more is refused to the person.
	MaxPendingSays = 16
	// MaxRefusalReplies is how many turns in a row may answer a refused
	// batch with the A2UI error message; after that a2term stops
	// answering refusals until the agent sends a batch it accepts.
	MaxRefusalReplies = 3
	// CardTimeout bounds reading the agent card; RequestTimeout every
	// call that is not a stream (message/send, tasks/get, tasks/cancel).
	CardTimeout    = 30 * time.Second
	RequestTimeout = 5 * time.Minute
	// RetryDelay is how long a2term waits before sending a press again
	// to an agent it could not reach, and before resuming a stream; the
	// wait doubles at each press that fails again, up to MaxRetryDelay.
	RetryDelay    = 2 * time.Second
	MaxRetryDelay = time.Minute
)

// WellKnownCard is where an agent's card is, below its base URL.
const WellKnownCard = "/.well-known/agent-card.json"

// Options say which agent to talk to, and how.
type Options struct {
	// URL is the agent's base URL, or its card's URL (ending in .json).
	URL string
	// Header is sent with every request to the agent's origin
	// (--header); its values are never logged, never shown.
	Header http.Header
	// Insecure allows plain http to another machine.
	Insecure bool
	// Logger receives what the person need not see; nil discards it.
	Logger *log.Logger
	// StatePath, when set, is the file that keeps the conversation's
	// contextId for the next a2term at the same canvas (beside the
	// journal).
	StatePath string
	// Versions are the A2UI versions a2term speaks; nil is
	// a2ui.Versions().
	Versions []string
	// RoundTripper carries the requests; nil is http.DefaultTransport.
	RoundTripper http.RoundTripper
	// HideURL leaves the URL out of the transcript, so that a snapshot
	// of the agent's screens is the same wherever the agent runs (a
	// test's agent has a new port every run).
	HideURL bool
}

// Conn is a conversation with one A2A agent, shown on a hub. Its methods
// are safe for concurrent use.
type Conn struct {
	hub    *hub.Hub
	log    *log.Logger
	card   *a2a.AgentCard
	client *a2aclient.Client
	// ver is the A2UI version spoken; surfaces says there is one.
	ver      Version
	surfaces bool
	state    string // StatePath
	url      string
	hideURL  bool

	says  chan string
	sayMu sync.Mutex

	mu        sync.Mutex
	contextID string
	taskID    a2a.TaskID
	taskState a2a.TaskState
	refusals  int  // turns in a row that answered a refusal
	running   bool // a turn is under way
	// cancelling says a cancel a view asked for (Talker) is on its way.
	cancelling bool
	// pending counts the person's messages Say took whose turn has not
	// ended; held, not nil while the Conn is held (Hold), keeps those
	// written meanwhile from the agent until Release.
	pending int
	held    []string
	// retry is the wait before a press that did not reach the agent is
	// sent again (Run's alone).
	retry time.Duration
}

// Dial reads the agent's card, checks that a2term can talk to the agent
// as the card says, and returns the conversation, saying in the
// transcript who the agent is. Run carries it on.
func Dial(ctx context.Context, h *hub.Hub, opts Options) (*Conn, error) {
	u, err := CheckURL(opts.URL, opts.Insecure)
	if err != nil {
		return nil, err
	}
	rt := opts.RoundTripper
	if rt == nil {
		rt = http.DefaultTransport
	}
	hc := &http.Client{Transport: &transport{base: rt, origin: u, headers: opts.Header}}
	card, err := readCard(ctx, hc, u)
	if err != nil {
		return nil, err
	}
	endpoint, err := jsonrpcEndpoint(card, u, opts.Insecure)
	if err != nil {
		return nil, err
	}
	if scheme := missingScheme(card, opts.Header); scheme != "" {
		return nil, fmt.Errorf("the agent requires %s, which a2term was not given: pass it with --header (as in --header 'Authorization: Bearer …')", scheme)
	}
	versions := opts.Versions
	if versions == nil {
		versions = a2ui.Versions()
	}
	if req := Required(versions, card); len(req) > 0 {
		return nil, fmt.Errorf("the agent requires %s, an A2UI version a2term does not speak (it speaks %s)", strings.Join(req, ", "), strings.Join(versions, ", "))
	}
	c := &Conn{hub: h, log: opts.Logger, card: card, state: opts.StatePath, url: u.String(), hideURL: opts.HideURL, says: make(chan string, MaxPendingSays)}
	if c.log == nil {
		c.log = log.New(io.Discard, "", 0)
	}
	c.ver, c.surfaces = Negotiate(versions, card)
	// The SDK's client, on its JSON-RPC transport (with a2term's reader
	// of streams), for the one endpoint checked above.
	cc := *card
	cc.URL, cc.PreferredTransport, cc.AdditionalInterfaces = endpoint, a2a.TransportProtocolJSONRPC, nil
	factory := a2aclient.TransportFactoryFn(func(_ context.Context, url string, _ *a2a.AgentCard) (a2aclient.Transport, error) {
		return &streams{Transport: a2aclient.NewJSONRPCTransport(url, hc), url: url, client: hc}, nil
	})
	c.client, err = a2aclient.NewFromCard(ctx, &cc,
		a2aclient.WithDefaultsDisabled(),
		a2aclient.WithTransport(a2a.TransportProtocolJSONRPC, factory),
		a2aclient.WithInterceptors(extensions{c}))
	if err != nil {
		return nil, fmt.Errorf("the agent's client: %w", err)
	}
	c.contextID = c.restore()
	c.introduce()
	return c, nil
}

// readCard reads the agent card at u: u itself when it names a .json
// file, else u's well-known card.
func readCard(ctx context.Context, hc *http.Client, u *url.URL) (*a2a.AgentCard, error) {
	ctx, cancel := context.WithTimeout(ctx, CardTimeout)
	defer cancel()
	base, path := u.String(), WellKnownCard
	if strings.HasSuffix(u.Path, ".json") {
		b := *u
		b.Path, b.RawPath, b.RawQuery = "", "", ""
		base, path = b.String(), u.Path
	}
	card, err := (&agentcard.Resolver{Client: hc}).Resolve(ctx, base, agentcard.WithPath(path))
	var status *agentcard.ErrStatusNotOK
	var auth *AuthError
	switch {
	case errors.As(err, &auth):
		return nil, fmt.Errorf("the agent refused to give its card (HTTP %d): pass its credentials with --header", auth.Status)
	case errors.As(err, &status):
		return nil, fmt.Errorf("no agent card at %s (HTTP %d): give the agent's base URL or its card's URL", strings.TrimSuffix(base, "/")+path, status.StatusCode)
	case err != nil:
		return nil, fmt.Errorf("reading the agent card: %w", err)
	}
	return card, nil
}

// jsonrpcEndpoint is where the card says to send JSON-RPC, which must be
// the origin the person named: a2term sends the conversation and the
// --header credentials nowhere else.
func jsonrpcEndpoint(card *a2a.AgentCard, u *url.URL, insecure bool) (string, error) {
	endpoint := ""
	switch card.PreferredTransport {
	case "", a2a.TransportProtocolJSONRPC:
		endpoint = card.URL
	default:
		for _, i := range card.AdditionalInterfaces {
			if i.Transport == a2a.TransportProtocolJSONRPC {
				endpoint = i.URL
			}
		}
		if endpoint == "" {
			return "", fmt.Errorf("the agent speaks %s, not JSON-RPC, which a2term speaks", a2ui.SanitizeLine(string(card.PreferredTransport)))
		}
	}
	if endpoint == "" {
		endpoint = u.String()
	}
	eu, err := CheckURL(endpoint, insecure)
	if err != nil {
		return "", fmt.Errorf("the agent card's URL: %w", err)
	}
	if !sameOrigin(eu, u) {
		return "", fmt.Errorf("the agent card sends requests to %s, another origin than %s: a2term sends the conversation only where it was told; connect to that address itself if it is the agent's",
			a2ui.SanitizeLine(eu.Redacted()), u.Redacted())
	}
	return eu.String(), nil
}

// missingScheme names a security scheme the card requires that the
// headers given cannot satisfy, or "" when some requirement is met
// (or none is stated).
func missingScheme(card *a2a.AgentCard, header http.Header) string {
	if len(card.Security) == 0 {
		return ""
	}
	var first string
	for _, req := range card.Security {
		met := true
		for name := range req {
			scheme, want := describeScheme(name, card.SecuritySchemes[name])
			if want != "" && header.Get(want) == "" {
				met = false
				if first == "" {
					first = scheme
				}
			}
		}
		if met {
			return ""
		}
	}
	return first
}

// describeScheme names a security scheme for the person, and the header
// that carries it ("" when a2term cannot tell: a cookie, a query).
func describeScheme(name a2a.SecuritySchemeName, s a2a.SecurityScheme) (string, string) {
	n := fmt.Sprintf("%q", a2ui.SanitizeLine(string(name)))
	switch s := s.(type) {
	case a2a.HTTPAuthSecurityScheme:
		return fmt.Sprintf("the security scheme %s (HTTP %s)", n, a2ui.SanitizeLine(s.Scheme)), "Authorization"
	case a2a.APIKeySecurityScheme:
		if s.In == a2a.APIKeySecuritySchemeInHeader {
			return fmt.Sprintf("the security scheme %s (an API key in header %s)", n, a2ui.SanitizeLine(s.Name)), s.Name
		}
		return "", ""
	case a2a.OAuth2SecurityScheme:
		return fmt.Sprintf("the security scheme %s (OAuth 2 bearer token)", n), "Authorization"
	case a2a.OpenIDConnectSecurityScheme:
		return fmt.Sprintf("the security scheme %s (OpenID Connect bearer token)", n), "Authorization"
	}
	return "", ""
}

// extensions is the interceptor that activates the A2UI extension on
// every call (X-A2A-Extensions).
type extensions struct{ c *Conn }

func (e extensions) Before(ctx context.Context, req *a2aclient.Request) (context.Context, error) {
	if e.c.surfaces {
		req.Meta["X-A2A-Extensions"] = []string{e.c.ver.URI}
	}
	return ctx, nil
}

func (extensions) After(context.Context, *a2aclient.Response) error { return nil }

// Card returns the agent's card.
func (c *Conn) Card() *a2a.AgentCard { return c.card }

// Version returns the A2UI version spoken, and false when the agent
// speaks none a2term does (a text chat).
func (c *Conn) Version() (Version, bool) { return c.ver, c.surfaces }

// ContextID is the conversation's contextId, "" before the agent gave one.
func (c *Conn) ContextID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.contextID
}

// introduce says in the transcript who the agent is and what it speaks.
func (c *Conn) introduce() {
	b := c.hub.Board()
	name := clip(a2ui.SanitizeLine(c.card.Name), 80)
	if name == "" {
		name = "an agent with no name"
	}
	if c.hideURL {
		b.Append(hub.RoleNote, fmt.Sprintf("Connected to %s.", name))
	} else {
		b.Append(hub.RoleNote, fmt.Sprintf("Connected to %s at %s.", name, c.url))
	}
	if d := strings.TrimSpace(c.card.Description); d != "" {
		_ = c.hub.Append(hub.RoleAgent, clip(d, a2ui.MaxStringBytes))
	}
	if c.surfaces {
		b.Append(hub.RoleNote, "It speaks A2UI "+c.ver.Name+": its surfaces show here, and what you press goes back to it. Write to it with ctrl+r (in plain mode: say TEXT).")
	} else {
		b.Append(hub.RoleNote, "It sends no surfaces (its card names no A2UI version a2term speaks): a text chat. Write to it with ctrl+r (in plain mode: say TEXT).")
	}
	if c.contextID != "" {
		b.Append(hub.RoleNote, "The conversation goes on where it was.")
	}
	c.hub.Board().SetStatus(func(s *hub.Status) { s.Agent = hub.AgentConnected })
}

// clip cuts s to at most n bytes, at a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n - len("…")
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// stateFile is what StatePath holds.
type stateFile struct {
	URL       string `json:"url"`
	ContextID string `json:"contextId"`
}

// restore returns the contextId kept for this agent, or "".
func (c *Conn) restore() string {
	if c.state == "" {
		return ""
	}
	data, err := readSmall(c.state, 64<<10)
	if err != nil {
		return ""
	}
	var st stateFile
	if json.Unmarshal(data, &st) != nil || st.URL != c.url {
		return ""
	}
	return st.ContextID
}

// keep writes the contextId for the next a2term.
func (c *Conn) keep(contextID string) {
	if c.state == "" {
		return
	}
	data, _ := json.Marshal(stateFile{URL: c.url, ContextID: contextID})
	if err := writeFile(c.state, data); err != nil {
		c.log.Printf("a2a: the conversation's context could not be kept: %v", err)
	}
}
