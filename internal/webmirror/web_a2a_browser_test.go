package webmirror

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/aymanbagabas/go-udiff"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
	"github.com/a2term/a2term/internal/webtext"
)

// TestWebBrowserA2APress: a hub talking to the scripted A2A agent (as
// a2term connect does) shows the agent's form on the paired web page; the
// person ticks its box and presses its button there, and the press goes
// to the agent, whose answer shows on the page.
func TestWebBrowserA2APress(t *testing.T) {
	h := browserHub(t, false)
	agent := a2aagent.Start(t, a2aagent.Options{})
	conn, _ := a2aagent.Connect(t, h, a2aconn.Options{URL: agent.URL})
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

// TestWebBrowserA2ASay: where the hub talks to an A2A agent, the paired
// page offers a line to write to it; the person writes a message there
// and presses Enter, the message reaches the agent, and its answer (its
// text in the transcript, its form) shows on the page, with the task's
// state on the status line and a button to cancel it, which does. The
// page's text is WebText's, say line and task included.
func TestWebBrowserA2ASay(t *testing.T) {
	h := browserHub(t, false)
	agent := a2aagent.Start(t, a2aagent.Options{})
	conn, life := a2aagent.Connect(t, h, a2aconn.Options{URL: agent.URL})

	p := browserOpen(t, h, false)
	p.run("the time zone", chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetTimezoneOverride("UTC").Do(ctx)
	}))
	if !browserBool(p, `document.getElementById('say').hidden`) {
		t.Error("the page offers a line to the agent before anyone listens")
	}
	h.SetTalk(conn.Talker(life))
	p.waitJS("the line to the agent", `!document.getElementById('say').hidden`)
	p.run("write to the agent", chromedp.SendKeys(`#say-text`, "a table for two"+kb.Enter, chromedp.ByID))
	p.waitJS("the agent's text", `Array.from(document.querySelectorAll('#transcript .entry-text')).some(e => e.textContent === "Here is the menu.")`)
	p.waitJS("the agent's form", `document.querySelector('[data-key="title"]')?.textContent === "Your order"`)
	p.waitJS("the task's state", `document.getElementById('status-task').textContent === "task: input-required"`)
	p.waitJS("the cancel button", `!document.getElementById('say-cancel').hidden`)
	p.waitJS("the line emptied", `document.getElementById('say-text').value === ""`)
	got := agent.Received()
	if len(got) != 1 {
		t.Fatalf("the agent got %d messages, want 1", len(got))
	}
	if part, ok := got[0].Message.Parts[0].(a2a.TextPart); !ok || part.Text != "a table for two" {
		t.Errorf("the agent got %#v", got[0].Message.Parts)
	}

	// The page and its oracle agree on the say line and the task.
	deadline := time.Now().Add(browserGuard)
	for {
		want := webtext.WebText(h.Snapshot(), webtext.WebView{Active: "order"})
		var page string
		p.eval(pageText, &page)
		if page == want {
			if !strings.Contains(page, "== say\n") || !strings.Contains(page, `span.status-task "task: input-required"`) {
				t.Errorf("the page's text has no say line or task:\n%s", page)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page and WebText differ:\n%s", udiff.Unified("page", "WebText", page, want))
		}
		time.Sleep(50 * time.Millisecond)
	}

	p.run("cancel the task", chromedp.Click(`#say-cancel`, chromedp.ByID))
	p.waitJS("the task canceled", `document.getElementById('status-task').textContent === "task: canceled"`)
	p.waitJS("no cancel button", `document.getElementById('say-cancel').hidden`)
	browserHubWait(t, h, "the task canceled", func() bool { return h.Snapshot().Status.Task == "canceled" })
}

// browserBool evaluates a JavaScript condition in the page once.
func browserBool(p *browserPage, cond string) bool {
	p.t.Helper()
	var ok bool
	p.eval("!!("+cond+")", &ok)
	return ok
}
