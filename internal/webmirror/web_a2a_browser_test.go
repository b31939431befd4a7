package webmirror

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
)

// TestWebBrowserA2APress: a hub talking to the scripted A2A agent (as
// a2term connect does) shows the agent's form on the paired web page; the
// person ticks its box and presses its button there, and the press goes
// to the agent, whose answer shows on the page.
func TestWebBrowserA2APress(t *testing.T) {
	h := browserHub(t, false)
	agent := a2aagent.Start(t, a2aagent.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), browserGuard)
	defer cancel()
	conn, err := a2aconn.Dial(ctx, h, a2aconn.Options{URL: agent.URL})
	if err != nil {
		t.Fatal(err)
	}
	rctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = conn.Run(rctx) }()
	t.Cleanup(func() { stop(); <-done })
	if err := conn.Say("hello"); err != nil {
		t.Fatal(err)
	}
	browserHubWait(t, h, "the agent's form", func() bool { return h.Snapshot().Status.Task == "input-required" })

	p := browserOpen(t, h, false)
	p.waitJS("the form", `document.querySelector('[data-key="title"]')?.textContent === "Your order"`)
	p.run("tick the box", chromedp.Click(browserSel("input", "data-node", "agree"), chromedp.ByQuery))
	browserHubWait(t, h, "the box ticked", func() bool {
		return strings.Contains(string(a2ui.MarshalValue(h.Snapshot().Canvas.Surface("order").Data())), `"deliver":true`)
	})
	p.run("press the button", chromedp.Click(browserSel("button", "data-node", "send"), chromedp.ByQuery))
	p.waitJS("the agent's answer", `document.querySelector('[data-key="title"]')?.textContent === "Order placed"`)
	browserHubWait(t, h, "the task completed", func() bool { return h.Snapshot().Status.Task == "completed" })
	got := agent.Received()
	if len(got) != 2 {
		t.Fatalf("the agent got %d messages, want 2", len(got))
	}
	found := false
	for _, e := range h.Snapshot().Transcript {
		found = found || strings.Contains(e.Text, "pressed place on order (web)")
	}
	if !found {
		t.Error("the transcript does not say the press came from the web page")
	}
	p.checkClean()
}
