package main

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

var pairLinkRe = regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/pair/[0-9a-f]{32}`)

// TestMCPWebLink: a standalone a2term mcp (no terminal for the person)
// gives the agent the one-time link to pass on, and only until it is used;
// its log never holds it. Attached to an a2term with a terminal, the agent
// gets no link at all.
func TestMCPWebLink(t *testing.T) {
	ctx := mcpCtx(t)
	e := standaloneMCP(t)
	text := resultText(e.call(t, ctx, "canvas_show", map[string]any{"messages": mcpForm}))
	link := pairLinkRe.FindString(text)
	if link == "" {
		t.Fatalf("standalone mcp gave the agent no link: %s", text)
	}
	if pairLinkRe.MatchString(e.stderr.String()) {
		t.Errorf("the log holds the link:\n%s", e.stderr.String())
	}
	resp, err := http.Get(link)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("opening the link: %v", err)
	}
	resp.Body.Close()
	text = resultText(e.call(t, ctx, "canvas_show", map[string]any{"messages": mcpForm}))
	if pairLinkRe.MatchString(text) {
		t.Errorf("the agent still gets a link once it was used: %s", text)
	}
	said := false
	for _, en := range e.hub.Snapshot().Transcript {
		said = said || strings.HasPrefix(en.Text, "the web mirror was opened in a browser at ")
	}
	if !said {
		t.Errorf("the transcript does not say the link was used")
	}

	a := attachedMCP(t)
	if text := resultText(a.call(t, ctx, "canvas_show", map[string]any{"messages": mcpForm})); strings.Contains(text, "/pair/") || strings.Contains(text, "http://") {
		t.Errorf("attached mcp gave the agent an address: %s", text)
	}
}
