package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
	"github.com/a2term/a2term/bridge/client"
)

const mcpAbout = `
The mcp command serves the canvas to an MCP client (a coding agent, a
desktop assistant, an IDE) over standard input and output, with three
tools: canvas_show, canvas_wait and canvas_state.

It attaches to a running a2term (plain 'a2term' in another pane, or over
SSH) at --socket, A2TERM_SOCKET or the default per-user socket, so the
person watches the canvas in their terminal. When none answers there, it
runs its own canvas with the web mirror, and says the mirror's address
(a secret: it carries a token) on standard error and in its tool results.

Standard output carries only the MCP protocol; logs go to standard error.`

// mcpDialTimeout bounds looking for a running a2term.
const mcpDialTimeout = 2 * time.Second

// canvasAPI is the agent API as the MCP tools use it: a running a2term
// over its socket (attached) or a hub of our own (standalone).
type canvasAPI interface {
	Info(ctx context.Context) (bridge.Info, error)
	Show(ctx context.Context, messages []json.RawMessage) (bridge.ShowResult, error)
	Wait(ctx context.Context, seconds float64) (bridge.WaitResult, error)
	State(ctx context.Context, surfaceID string) ([]bridge.SurfaceState, error)
	Append(ctx context.Context, role bridge.Role, text string) error
}

// hubAPI is canvasAPI on a hub in this process.
type hubAPI struct{ hub *bridge.Hub }

func (h hubAPI) Info(context.Context) (bridge.Info, error) { return h.hub.Info(), nil }
func (h hubAPI) Show(_ context.Context, m []json.RawMessage) (bridge.ShowResult, error) {
	return h.hub.Show(m)
}
func (h hubAPI) Wait(ctx context.Context, seconds float64) (bridge.WaitResult, error) {
	return h.hub.Wait(ctx, time.Duration(seconds*float64(time.Second)))
}
func (h hubAPI) State(_ context.Context, id string) ([]bridge.SurfaceState, error) {
	return h.hub.State(id)
}
func (h hubAPI) Append(_ context.Context, role bridge.Role, text string) error {
	return h.hub.Append(role, text)
}

// socketAPI is canvasAPI over a running a2term's socket. A wait whose
// context ends closes the connection (so the a2term puts back an action it
// had not delivered), and a closed connection is dialled again on the
// next call.
type socketAPI struct {
	path string
	mu   sync.Mutex
	c    *client.Client
}

func dialSocketAPI(ctx context.Context, path string) (*socketAPI, error) {
	s := &socketAPI{path: path}
	if _, err := s.Info(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *socketAPI) conn(ctx context.Context) (*client.Client, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.c != nil {
		return s.c, nil
	}
	dctx, cancel := context.WithTimeout(ctx, mcpDialTimeout)
	defer cancel()
	c, err := client.Dial(dctx, s.path)
	if err != nil {
		return nil, err
	}
	s.c = c
	return c, nil
}

// drop forgets c after it failed, so the next call dials again.
func (s *socketAPI) drop(c *client.Client) {
	s.mu.Lock()
	if s.c == c {
		s.c = nil
	}
	s.mu.Unlock()
	_ = c.Close()
}

// do runs f on the connection, dialling again once if it was closed.
func (s *socketAPI) do(ctx context.Context, f func(*client.Client) error) error {
	for try := 0; ; try++ {
		c, err := s.conn(ctx)
		if err != nil {
			return err
		}
		err = f(c)
		if err == nil {
			return nil
		}
		if errors.Is(err, client.ErrClosed) || (ctx.Err() != nil && errors.Is(err, ctx.Err())) {
			s.drop(c)
			if try == 0 && ctx.Err() == nil {
				continue
			}
		}
		return err
	}
}

func (s *socketAPI) Close() {
	s.mu.Lock()
	c := s.c
	s.c = nil
	s.mu.Unlock()
	if c != nil {
		_ = c.Close()
	}
}

func (s *socketAPI) Info(ctx context.Context) (res bridge.Info, err error) {
	err = s.do(ctx, func(c *client.Client) (e error) { res, e = c.Info(ctx); return })
	return
}
func (s *socketAPI) Show(ctx context.Context, m []json.RawMessage) (res bridge.ShowResult, err error) {
	err = s.do(ctx, func(c *client.Client) (e error) { res, e = c.Show(ctx, m...); return })
	return
}
func (s *socketAPI) Wait(ctx context.Context, seconds float64) (res bridge.WaitResult, err error) {
	err = s.do(ctx, func(c *client.Client) (e error) { res, e = c.Wait(ctx, seconds); return })
	return
}
func (s *socketAPI) State(ctx context.Context, id string) (res []bridge.SurfaceState, err error) {
	err = s.do(ctx, func(c *client.Client) (e error) { res, e = c.State(ctx, id); return })
	return
}
func (s *socketAPI) Append(ctx context.Context, role bridge.Role, text string) error {
	return s.do(ctx, func(c *client.Client) error { return c.Append(ctx, role, text) })
}

func runMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcp", "mcp [--socket PATH] [--no-web] [--lenient]", mcpAbout, stderr)
	socket := fs.String("socket", "", "attach to the a2term at `PATH` (default: A2TERM_SOCKET, else the per-user socket)")
	noWeb := fs.Bool("no-web", false, "standalone: do not start the web mirror")
	lenient := fs.Bool("lenient", false, "standalone: accept the non-conformant shapes of third-party streams")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "a2term mcp: unexpected argument %q\n", rest[0])
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), append([]os.Signal{os.Interrupt, syscall.SIGTERM}, hangupSignals()...)...)
	defer stop()
	api, closeAPI, err := openCanvasAPI(ctx, *socket, *noWeb, *lenient, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "a2term mcp: %v\n", err)
		return exitRefused
	}
	defer closeAPI()
	out := &lockedWriter{w: stdout}
	in := &lineFilter{r: bufio.NewReaderSize(stdin, 64<<10), out: out, log: stderr, max: mcpMaxLine}
	t := &mcp.IOTransport{Reader: io.NopCloser(in), Writer: out, MaxLineLength: mcpMaxLine + 1}
	if err := newMCPServer(api).Run(ctx, t); err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		fmt.Fprintf(stderr, "a2term mcp: %v\n", err)
		return exitRefused
	}
	return exitOK
}

// mcpMaxLine bounds one MCP message: a canvas_show of a batch at the
// agent API's limit, with room for JSON's escapes.
const mcpMaxLine = 2 * bridge.MaxRPCMessageBytes

// lockedWriter is standard output, shared by the MCP connection and the
// answers to lines it never sees. Each Write is one whole message.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (*lockedWriter) Close() error { return nil }

// lineFilter passes on the lines of r that are single JSON-RPC messages.
// The SDK ends the session on anything else (a line that is not JSON, a
// batch, a line over the limit), so those are answered here with a
// JSON-RPC error, logged and dropped, and the session goes on.
type lineFilter struct {
	r       *bufio.Reader
	out     io.Writer
	log     io.Writer
	max     int
	pending []byte
	err     error
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, err := f.readLine()
		f.err = err
		if line != nil {
			f.pending = f.check(line)
		}
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// readLine returns the next line with its newline, or nil for a line over
// the limit (which it skips).
func (f *lineFilter) readLine() ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := f.r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > f.max {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			f.refuse(-32600, fmt.Sprintf("message over %d bytes", f.max))
			return nil, err
		}
		if len(line) > 0 && line[len(line)-1] != '\n' {
			line = append(line, '\n')
		}
		return line, err
	}
}

// check returns line if it is one JSON-RPC message, and nil otherwise.
func (f *lineFilter) check(line []byte) []byte {
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 {
		return nil
	}
	if trimmed[0] == '[' {
		f.refuse(-32600, "batches are not supported: send one message a line")
		return nil
	}
	if _, err := jsonrpc.DecodeMessage(trimmed); err != nil {
		f.refuse(-32700, "not a JSON-RPC 2.0 message: "+err.Error())
		return nil
	}
	return line
}

func (f *lineFilter) refuse(code int, msg string) {
	fmt.Fprintf(f.log, "a2term mcp: ignored an input line: %s\n", msg)
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
	_, _ = f.out.Write(append(b, '\n'))
}

// openCanvasAPI attaches to the a2term at socket (or A2TERM_SOCKET, or
// the default socket) when one answers there, and otherwise starts a hub
// of its own with the web mirror.
func openCanvasAPI(ctx context.Context, socket string, noWeb, lenient bool, stderr io.Writer) (canvasAPI, func(), error) {
	if socket == "" {
		socket = os.Getenv("A2TERM_SOCKET")
	}
	if socket == "" {
		socket = bridge.DefaultSocketPath()
	}
	dctx, cancel := context.WithTimeout(ctx, mcpDialTimeout)
	s, err := dialSocketAPI(dctx, socket)
	cancel()
	if err == nil {
		fmt.Fprintf(stderr, "a2term mcp: attached to the a2term at %s\n", socket)
		return s, s.Close, nil
	}
	fmt.Fprintf(stderr, "a2term mcp: no a2term answers at %s; running a canvas of its own\n", socket)
	hub := bridge.NewHub(bridge.HubOptions{Lenient: lenient})
	web, err := startWeb(hub, noWeb, stderr, true)
	if err != nil {
		hub.Close()
		return nil, nil, err
	}
	if web != nil {
		fmt.Fprintf(stderr, "a2term mcp: the web mirror listens at %s; the agent is given its one-time link to pass on to the person\n", web.URL())
	}
	return hubAPI{hub}, func() {
		hub.Close()
		if web != nil {
			web.Close()
		}
	}, nil
}

// Tool inputs.
type (
	showInput struct {
		Messages []json.RawMessage `json:"messages"`
	}
	waitInput struct {
		Seconds float64 `json:"seconds"`
	}
	stateInput struct {
		SurfaceID string `json:"surfaceId,omitempty"`
	}
)

const a2uiBasics = `A2UI v0.8 basics: a surface is a flat list of components, each {"id": "...", "component": {"<Type>": {props}}}; containers name their children by id ({"children": {"explicitList": ["a","b"]}}, Button {"child": "label_id"}). Values are bound: {"literalString": "Hi"} (also literalNumber, literalBoolean) or {"path": "/note"} into the surface's data model, which dataModelUpdate fills ({"contents": [{"key": "note", "valueString": "hello"}]}). beginRendering {"surfaceId": "main", "root": "root_id"} shows a surface. A Button's "action": {"name": "pay", "context": [{"key": "note", "value": {"path": "/note"}}]} sends the person's inputs back, read with canvas_wait. Standard catalog: Text, Image, Icon, Row, Column, List, Card, Tabs, Divider, Modal, Button, CheckBox, TextField, DateTimeInput, MultipleChoice, Slider.`

var showDescription = `Show or update surfaces on the person's canvas (in their terminal or browser). Send a batch of A2UI v0.8 server-to-client messages; the batch applies all or none. ` + a2uiBasics + ` A refused batch changes nothing; the error says which message, what is wrong and how to fix it. Example: [{"surfaceUpdate": {"surfaceId": "main", "components": [{"id": "root", "component": {"Column": {"children": {"explicitList": ["t", "ok"]}}}}, {"id": "t", "component": {"Text": {"text": {"literalString": "Pay the invoice?"}}}}, {"id": "ok", "component": {"Button": {"child": "okl", "action": {"name": "pay"}}}}, {"id": "okl", "component": {"Text": {"text": {"literalString": "Pay"}}}}]}}, {"beginRendering": {"surfaceId": "main", "root": "root"}}]`

const waitDescription = `Wait for the person's next action on the canvas (a Button press), up to seconds (0 only looks, at most 600). Returns the A2UI userAction message with its name, surfaceId and context (the values the action's context paths pointed at, e.g. what the person typed), and where the person pressed (terminal or web); or says that no answer came in time. Each action is delivered once, oldest first; a wait you cancel leaves its action for the next wait.`

const stateDescription = `Read the canvas: every surface (or only surfaceId) with its components as you sent them, its data model with the person's current inputs, and whether it is shown. Use it to read a form without waiting for a press.`

func showSchema() *jsonschema.Schema {
	obj := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "object", Description: desc} }
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"messages": {
				Type:        "array",
				Description: "A2UI v0.8 messages, applied in order as one batch: each an object with exactly one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface.",
				Items: &jsonschema.Schema{
					Type:          "object",
					MinProperties: jsonschema.Ptr(1),
					MaxProperties: jsonschema.Ptr(1),
					Properties: map[string]*jsonschema.Schema{
						"surfaceUpdate":   obj(`Add or replace components: {"surfaceId": "main", "components": [{"id": "root", "component": {"Column": {"children": {"explicitList": ["a"]}}}}, …]}`),
						"dataModelUpdate": obj(`Set the data model, or the subtree at path: {"surfaceId": "main", "path": "/", "contents": [{"key": "note", "valueString": "hello"}]} (valueString, valueNumber, valueBoolean, valueMap)`),
						"beginRendering":  obj(`Show the surface from its root component: {"surfaceId": "main", "root": "root"}`),
						"deleteSurface":   obj(`Remove a surface: {"surfaceId": "main"}`),
					},
					AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
				},
			},
		},
		Required: []string{"messages"},
	}
}

func waitSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"seconds": {Type: "number", Minimum: jsonschema.Ptr(0.0), Maximum: jsonschema.Ptr(float64(bridge.MaxWait / time.Second)),
				Description: "How long to wait for the person, 0 to 600 seconds (0 only looks)."},
		},
		Required: []string{"seconds"},
	}
}

func stateSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"surfaceId": {Type: "string", Description: "Only this surface; omit for all."},
		},
	}
}

// mcpTools serves the canvas tools on api.
type mcpTools struct{ api canvasAPI }

// newMCPServer returns the MCP server with the canvas tools on api.
func newMCPServer(api canvasAPI) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "a2term", Title: "a2term canvas", Version: "0.8"},
		&mcp.ServerOptions{Instructions: "a2term gives you a canvas the person watches: show A2UI v0.8 surfaces with canvas_show, read what they press with canvas_wait, read their inputs with canvas_state."})
	t := &mcpTools{api: api}
	mcp.AddTool(s, &mcp.Tool{Name: "canvas_show", Title: "Show surfaces on the canvas", Description: showDescription, InputSchema: showSchema()}, t.show)
	mcp.AddTool(s, &mcp.Tool{Name: "canvas_wait", Title: "Wait for the person", Description: waitDescription, InputSchema: waitSchema(),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false}}, t.wait)
	mcp.AddTool(s, &mcp.Tool{Name: "canvas_state", Title: "Read the canvas", Description: stateDescription, InputSchema: stateSchema(),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, t.state)
	return s
}

// log appends a tool line to the transcript, even after ctx ended.
func (t *mcpTools) log(ctx context.Context, text string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = t.api.Append(ctx, bridge.RoleTool, "mcp: "+a2ui.SanitizeLine(clip(text, 300)))
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !isRuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// result is a tool result with text and structured content.
func result(text string, structured any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, StructuredContent: structured}
}

// failure is a tool error the agent can act on.
func failure(err error) *mcp.CallToolResult {
	res := &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: refusalText(err)}}}
	var refusal *a2ui.Error
	if errors.As(err, &refusal) {
		res.StructuredContent = map[string]any{"error": refusal}
	}
	return res
}

func (t *mcpTools) show(ctx context.Context, _ *mcp.CallToolRequest, in showInput) (*mcp.CallToolResult, any, error) {
	res, err := t.api.Show(ctx, in.Messages)
	if err != nil {
		t.log(ctx, fmt.Sprintf("canvas_show of %d messages refused: %v", len(in.Messages), err))
		return failure(err), nil, nil
	}
	info, _ := t.api.Info(ctx)
	text := showText(res, info.WebURL)
	t.log(ctx, "canvas_show: "+firstLine(text))
	return result(text, res), nil, nil
}

func showText(res bridge.ShowResult, url string) string {
	var b strings.Builder
	var shown, hidden []string
	for _, s := range res.Surfaces {
		d := fmt.Sprintf("%s (%s)", s.SurfaceID, plural(s.Components, "component", "components"))
		if s.Shown {
			shown = append(shown, d)
		} else {
			hidden = append(hidden, d)
		}
	}
	if len(shown) > 0 {
		fmt.Fprintf(&b, "Shown: %s.", strings.Join(shown, ", "))
	} else {
		b.WriteString("Nothing is shown.")
	}
	if len(hidden) > 0 {
		fmt.Fprintf(&b, " Not shown yet (send beginRendering): %s.", strings.Join(hidden, ", "))
	}
	switch {
	case res.Viewers == 1:
		b.WriteString(" 1 person watching in the web mirror")
	default:
		fmt.Fprintf(&b, " %d watching in the web mirror", res.Viewers)
	}
	if url != "" {
		fmt.Fprintf(&b, " at %s (give the person this address if they cannot see the canvas).", url)
	} else {
		b.WriteString(".")
	}
	for _, w := range res.Warnings {
		b.WriteString("\nWarning: " + w.String())
	}
	return b.String()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func (t *mcpTools) wait(ctx context.Context, _ *mcp.CallToolRequest, in waitInput) (*mcp.CallToolResult, any, error) {
	res, err := t.api.Wait(ctx, in.Seconds)
	if err != nil {
		if ctx.Err() != nil {
			t.log(ctx, "canvas_wait cancelled; an action stays for the next wait")
			return nil, nil, ctx.Err()
		}
		t.log(ctx, fmt.Sprintf("canvas_wait refused: %v", err))
		return failure(err), nil, nil
	}
	text := waitText(res, in.Seconds)
	t.log(ctx, "canvas_wait: "+firstLine(text))
	return result(text, res), nil, nil
}

func waitText(res bridge.WaitResult, seconds float64) string {
	var b strings.Builder
	if res.TimedOut || len(res.Action) == 0 || string(res.Action) == "null" {
		fmt.Fprintf(&b, "No answer within %s.", fmtSeconds(seconds))
	} else {
		b.WriteString(describeWire(res.Action, res.Source))
	}
	if res.Overflowed > 0 {
		fmt.Fprintf(&b, " %d presses were refused because %d actions were waiting: wait more often.", res.Overflowed, bridge.MaxQueued)
	}
	return b.String()
}

func fmtSeconds(s float64) string {
	return fmt.Sprintf("%s s", strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", s), "0"), "."))
}

// describeWire words a {"userAction": …} message like the transcript
// does: The person pressed pay on main (web): note="thanks".
func describeWire(action json.RawMessage, source bridge.Source) string {
	var m struct {
		UserAction struct {
			Name      string          `json:"name"`
			SurfaceID string          `json:"surfaceId"`
			Context   json.RawMessage `json:"context"`
		} `json:"userAction"`
	}
	if err := json.Unmarshal(action, &m); err != nil {
		return "The person acted: " + string(action)
	}
	a := m.UserAction
	var b strings.Builder
	fmt.Fprintf(&b, "The person pressed %s on %s", a.Name, a.SurfaceID)
	if source != "" {
		fmt.Fprintf(&b, " (%s)", source)
	}
	if pairs := orderedPairs(a.Context); len(pairs) > 0 {
		b.WriteString(": " + strings.Join(pairs, ", "))
	}
	return b.String()
}

// orderedPairs returns key=value for each member of a JSON object, in
// the order they are written.
func orderedPairs(obj json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return out
		}
		var compact bytes.Buffer
		if json.Compact(&compact, v) != nil {
			compact.Reset()
			compact.Write(v)
		}
		out = append(out, key+"="+compact.String())
	}
	return out
}

// stateOutput is canvas_state's structured content.
type stateOutput struct {
	Surfaces []bridge.SurfaceState `json:"surfaces"`
}

func (t *mcpTools) state(ctx context.Context, _ *mcp.CallToolRequest, in stateInput) (*mcp.CallToolResult, any, error) {
	res, err := t.api.State(ctx, in.SurfaceID)
	if err != nil {
		t.log(ctx, fmt.Sprintf("canvas_state refused: %v", err))
		return failure(err), nil, nil
	}
	info, _ := t.api.Info(ctx)
	text := stateText(res, info)
	t.log(ctx, "canvas_state: "+firstLine(text))
	return result(text, stateOutput{Surfaces: res}), nil, nil
}

func stateText(surfaces []bridge.SurfaceState, info bridge.Info) string {
	var b strings.Builder
	if len(surfaces) == 0 {
		b.WriteString("The canvas is empty.")
	} else {
		fmt.Fprintf(&b, "%d surface(s).", len(surfaces))
	}
	fmt.Fprintf(&b, " %d watching in the web mirror, %d actions queued.", info.Viewers, info.Queued)
	for _, s := range surfaces {
		shown := "shown"
		if !s.Shown {
			shown = "not shown"
		}
		fmt.Fprintf(&b, "\n%s: %s, %s, data model %s", s.SurfaceID, shown, plural(len(s.Components), "component", "components"), clip(string(s.DataModel), 500))
		if len(s.Inputs) > 0 {
			in, _ := json.Marshal(s.Inputs)
			fmt.Fprintf(&b, ", inputs %s", clip(string(in), 500))
		}
	}
	return b.String()
}

// refusalText says what was refused and what to fix.
func refusalText(err error) string {
	var r *a2ui.Error
	if !errors.As(err, &r) {
		return "Failed: " + err.Error()
	}
	var b strings.Builder
	b.WriteString("Refused, nothing changed: ")
	if r.Index >= 0 {
		fmt.Fprintf(&b, "message %d (counting from 0): ", r.Index)
	}
	fmt.Fprintf(&b, "%s: %s.", r.Code, r.Message)
	if r.SurfaceID != "" {
		fmt.Fprintf(&b, " Surface %q.", r.SurfaceID)
	}
	if r.ComponentID != "" {
		fmt.Fprintf(&b, " Component %q.", r.ComponentID)
	}
	if r.Path != "" {
		fmt.Fprintf(&b, " At JSON pointer %s.", r.Path)
	}
	b.WriteString(" Fix: " + fixFor(r.Code))
	return b.String()
}

func fixFor(code a2ui.Code) string {
	switch code {
	case a2ui.CodeBadMessage:
		return "each message must be a JSON object with exactly one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface."
	case a2ui.CodeMissingProperty:
		return "add the required property named above, then send the whole batch again."
	case a2ui.CodeBadValue:
		return "give the property a value of the right type or one of its allowed values; bound values are {\"literalString\": …} or {\"path\": \"/…\"}."
	case a2ui.CodeUnknownComponent:
		return "use a component of the standard catalog: Text, Image, Icon, Row, Column, List, Card, Tabs, Divider, Modal, Button, CheckBox, TextField, DateTimeInput, MultipleChoice, Slider."
	case a2ui.CodeMissingChild:
		return "every id named in children, child or root must be a component in the surface's surfaceUpdate; add it or correct the id."
	case a2ui.CodeCycle:
		return "a component may not contain itself; break the loop of children."
	case a2ui.CodeEntryWithoutValue:
		return "each data entry needs exactly one of valueString, valueNumber, valueBoolean, valueMap."
	case a2ui.CodeRemoteMedia:
		return "images must be data: URLs; remote URLs are not fetched."
	case a2ui.CodeUnknownSurface:
		return "name a surface you have shown (see canvas_state)."
	case a2ui.CodeStringTooLong, a2ui.CodeTooManyComponents, a2ui.CodeTooManySurfaces, a2ui.CodeCanvasTooLarge, a2ui.CodeTooManyNodes, a2ui.CodeTooDeep:
		return "make it smaller: split it across surfaces or leave detail out."
	case a2ui.CodeUnknownProperty:
		return "remove the property named above; it is not in the standard catalog."
	case a2ui.CodeDuplicateID:
		return "give every component of a surface a different id."
	}
	return "correct the message named above and send the whole batch again."
}
