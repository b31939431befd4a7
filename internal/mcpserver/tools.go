package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

const (
	// DefaultProgressInterval is how often canvas_wait reports progress
	// while it waits: well inside the 10 s within which a client whose
	// request timeout resets on progress hears from it.
	DefaultProgressInterval = 5 * time.Second
	// MaxWaitWithoutProgress is the longest canvas_wait whose request
	// carries no progress token: under the 60 s that clients time out
	// requests at by default.
	MaxWaitWithoutProgress = 50 * time.Second
)

// Tool outputs: each is the structured content of a successful result,
// and its JSON opens the result's text.
type (
	showOutput struct {
		hub.ShowResult
		// WebURL is the mirror's one-time pairing link, only for a
		// standalone canvas and only until it is used.
		WebURL string `json:"webUrl,omitempty"`
	}
	waitOutput struct {
		hub.WaitResult
		// Seconds is how long this wait could last.
		Seconds float64 `json:"seconds"`
	}
	stateOutput struct {
		Surfaces []hub.SurfaceState `json:"surfaces"`
		Viewers  int                `json:"viewers"`
		Queued   int                `json:"queued"`
	}
	infoOutput struct {
		hub.Info
		// Canvas is Attached or Standalone; Socket the a2term attached to.
		Canvas string `json:"canvas"`
		Socket string `json:"socket,omitempty"`
		// Server is a2term's version.
		Server string `json:"server"`
	}
)

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

// tools serves the canvas tools on one canvas.
type tools struct {
	c        *Canvas
	version  string
	progress time.Duration
	schemas  map[string]*jsonschema.Resolved // output schemas by tool
}

// NewServer returns the MCP server with the canvas tools on c.
func NewServer(c *Canvas, opts Options) *mcp.Server {
	version := opts.Version
	if version == "" {
		version = "devel"
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "a2term", Title: "a2term canvas", Version: version},
		&mcp.ServerOptions{Instructions: instructions})
	t := &tools{c: c, version: version, progress: opts.ProgressInterval, schemas: map[string]*jsonschema.Resolved{}}
	if t.progress <= 0 {
		t.progress = DefaultProgressInterval
	}
	no := false
	add := func(tool *mcp.Tool, out *jsonschema.Schema) {
		r, err := out.Resolve(nil)
		if err != nil {
			panic(fmt.Sprintf("output schema of %s: %v", tool.Name, err)) // a bug in this file
		}
		t.schemas[tool.Name] = r
		tool.OutputSchema = out
		tool.Annotations.OpenWorldHint = &no
		tool.Annotations.DestructiveHint = &no
		tool.Annotations.Title = tool.Title
	}
	show := &mcp.Tool{
		Name: "canvas_show", Title: "Show surfaces on the canvas", Description: showDescription, InputSchema: showSchema(),
		Annotations: &mcp.ToolAnnotations{IdempotentHint: true},
	}
	add(show, showOutputSchema())
	// Not mcp.AddTool: it decodes the arguments into maps to check them,
	// and hands on their encoding again, keys sorted. The messages reach
	// the canvas as the agent wrote them, so that canvas_state gives its
	// components and data model back in the agent's order.
	in, err := showSchema().Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("input schema of %s: %v", show.Name, err)) // a bug in schema.go
	}
	s.AddTool(show, t.showRaw(in))
	wait := &mcp.Tool{
		Name: "canvas_wait", Title: "Wait for the person", Description: waitDescription, InputSchema: waitSchema(),
		Annotations: &mcp.ToolAnnotations{},
	}
	add(wait, waitOutputSchema())
	mcp.AddTool(s, wait, t.wait)
	state := &mcp.Tool{
		Name: "canvas_state", Title: "Read the canvas", Description: stateDescription, InputSchema: stateSchema(),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
	}
	add(state, stateOutputSchema())
	mcp.AddTool(s, state, t.state)
	info := &mcp.Tool{
		Name: "canvas_info", Title: "Describe the canvas", Description: infoDescription, InputSchema: &jsonschema.Schema{Type: "object"},
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
	}
	add(info, infoOutputSchema())
	mcp.AddTool(s, info, t.info)
	return s
}

// log appends a tool line to the transcript, even after ctx ended.
func (t *tools) log(ctx context.Context, text string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = t.c.api.Append(ctx, hub.RoleTool, "mcp: "+a2ui.SanitizeLine(clip(text, 300)))
}

// result is a successful result of tool: out as structured content, and
// as text two blocks, the same JSON alone and then the summary. The JSON
// stands alone in the first block because the MCP specification lets a
// client that knows no structured content parse that text as the result,
// and a line of prose after it would make the parse fail. out is checked against
// the tool's output schema first: a value that does not fit is a bug, and
// the agent is told so rather than handed it.
func (t *tools) result(tool string, out any, summary string) *mcp.CallToolResult {
	b, err := json.Marshal(out)
	if err == nil {
		var v any
		if err = json.Unmarshal(b, &v); err == nil {
			err = t.schemas[tool].Validate(v)
		}
	}
	if err != nil {
		return failure(fmt.Errorf("a2term built a %s result that does not fit its output schema: %w", tool, err))
	}
	return &mcp.CallToolResult{
		Content:           texts(string(b), summary),
		StructuredContent: json.RawMessage(b),
	}
}

// failure is a tool error the agent can act on: its first text block is
// {"error": {...}} with the refusal's fields, or the code socket_unusable
// or failed, and its second what to fix. It has no structured content, which
// is for results that fit the output schema.
func failure(err error) *mcp.CallToolResult {
	type refusal struct {
		*a2ui.Error
		Fix string `json:"fix"`
	}
	type other struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	var body any
	var r *a2ui.Error
	var se *SocketError
	switch {
	case errors.As(err, &r):
		body = refusal{r, fixFor(r)}
	case errors.As(err, &se):
		body = other{"socket_unusable", se.Error()}
	default:
		body = other{"failed", err.Error()}
	}
	b, _ := json.Marshal(map[string]any{"error": body})
	return &mcp.CallToolResult{IsError: true, Content: texts(string(b), refusalText(err))}
}

// texts is a result's content: the serialized JSON alone in the first
// text block, so that it parses as JSON, and the summary line in the
// second.
func texts(js, summary string) []mcp.Content {
	return []mcp.Content{&mcp.TextContent{Text: js}, &mcp.TextContent{Text: summary}}
}

// showRaw is canvas_show's handler of the arguments as they came: they
// are checked against schema on a decoded copy, and the messages are
// passed on as the bytes the agent sent.
func (t *tools) showRaw(schema *jsonschema.Resolved) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.Params.Arguments
		if len(args) == 0 {
			args = json.RawMessage("{}")
		}
		var v map[string]any
		err := json.Unmarshal(args, &v)
		if err == nil {
			err = schema.Validate(v)
		}
		var in showInput
		if err == nil {
			err = json.Unmarshal(args, &in)
		}
		if err != nil {
			var res mcp.CallToolResult
			res.SetError(fmt.Errorf("validating \"arguments\": %w", err))
			return &res, nil
		}
		return t.show(ctx, in), nil
	}
}

// show shows in's messages and says what became of them; a refusal is a
// result of its own, not an error of the call.
func (t *tools) show(ctx context.Context, in showInput) *mcp.CallToolResult {
	res, err := t.c.api.Show(ctx, in.Messages)
	if err != nil {
		t.log(ctx, fmt.Sprintf("canvas_show of %s refused: %v", hub.Plural(len(in.Messages), "message", "messages"), err))
		return failure(err)
	}
	info, _ := t.c.api.Info(ctx)
	out := showOutput{ShowResult: res, WebURL: info.WebURL}
	summary := showText(res, info.WebURL)
	t.log(ctx, "canvas_show: "+summary)
	return t.result("canvas_show", out, summary)
}

func (t *tools) wait(ctx context.Context, req *mcp.CallToolRequest, in waitInput) (*mcp.CallToolResult, any, error) {
	seconds := in.Seconds
	token := req.Params.GetProgressToken()
	capped := token == nil && seconds > MaxWaitWithoutProgress.Seconds()
	if capped {
		seconds = MaxWaitWithoutProgress.Seconds()
	}
	stop := func() {}
	if token != nil && seconds > 0 {
		stop = t.reportProgress(ctx, req.Session, token, seconds)
	}
	res, err := t.c.api.Wait(ctx, seconds)
	stop()
	if err != nil {
		if ctx.Err() != nil {
			// The client cancelled the call: it reads no answer, but one
			// that it does read says what happened in words.
			t.log(ctx, "canvas_wait cancelled; an action stays for the next wait")
			return nil, nil, errors.New("canvas_wait was cancelled; an action the person takes stays queued for the next canvas_wait")
		}
		t.log(ctx, fmt.Sprintf("canvas_wait refused: %v", err))
		return failure(err), nil, nil
	}
	summary := waitText(res, seconds, capped)
	t.log(ctx, "canvas_wait: "+summary)
	return t.result("canvas_wait", waitOutput{WaitResult: res, Seconds: seconds}, summary), nil, nil
}

// reportProgress sends notifications/progress for token every interval
// until the returned stop is called; stop returns once no more will be
// sent, so none follows the result.
func (t *tools) reportProgress(ctx context.Context, ss *mcp.ServerSession, token any, seconds float64) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(t.progress)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				elapsed := time.Since(start).Seconds()
				_ = ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
					ProgressToken: token,
					Progress:      elapsed,
					Total:         seconds,
					Message:       fmt.Sprintf("waiting for the person: %s of %s", fmtSeconds(elapsed), fmtSeconds(seconds)),
				})
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

func (t *tools) state(ctx context.Context, _ *mcp.CallToolRequest, in stateInput) (*mcp.CallToolResult, any, error) {
	res, err := t.c.api.State(ctx, in.SurfaceID)
	if err != nil {
		t.log(ctx, fmt.Sprintf("canvas_state refused: %v", err))
		return failure(err), nil, nil
	}
	info, err := t.c.api.Info(ctx)
	if err != nil {
		return failure(err), nil, nil
	}
	summary := stateText(res, info)
	t.log(ctx, "canvas_state: "+summary)
	return t.result("canvas_state", stateOutput{Surfaces: res, Viewers: info.Viewers, Queued: info.Queued}, summary), nil, nil
}

func (t *tools) info(ctx context.Context, _ *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	info, err := t.c.api.Info(ctx)
	if err != nil {
		return failure(err), nil, nil
	}
	out := infoOutput{Info: info, Canvas: t.c.mode, Socket: t.c.socket, Server: t.version}
	summary := infoText(out)
	t.log(ctx, "canvas_info: "+summary)
	return t.result("canvas_info", out, summary), nil, nil
}
