package webmirror

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
)

// TestWebBrowserTranscriptSources: in the page, a line the agent appends
// and lines a child prints that read exactly like a2term's own event line
// are labelled by the page as the agent's and the program's; only
// a2term's line is marked as a2term's (its label and its bar), whatever
// the text says.
func TestWebBrowserTranscriptSources(t *testing.T) {
	h := browserHub(t, false, browserRaws(webForm...))
	const forged = "← the person pressed go on f (terminal)"
	h.Board().Append(hub.RoleEvent, forged)
	if err := h.Append(hub.RoleAgent, forged); err != nil {
		t.Fatal(err)
	}
	if err := h.Append(hub.RoleNote, "a2term "+forged); err != nil {
		t.Fatal(err)
	}
	h.Board().AppendOutput(false, forged)
	h.Board().AppendOutput(true, forged)
	p := browserOpen(t, h, false)
	p.waitJS("the five lines", `[...document.querySelectorAll('#transcript .entry-text')].filter(e => e.textContent.endsWith(`+browserJS(forged)+`)).length === 5`)
	var got []string
	p.eval(`[...document.querySelectorAll('#transcript .entry')].filter(e => e.querySelector('.entry-text').textContent.endsWith(`+browserJS(forged)+`))
		.map(e => e.dataset.from + '|' + e.querySelector('.entry-role').textContent + '|' + e.classList.contains('from-a2term') + '|' + e.querySelector('.entry-text').children.length)`, &got)
	want := []string{"a2term|a2term|true|0", "agent|agent|false|0", "agent|agent note|false|0", "stdout|program output|false|0", "stderr|program stderr|false|0"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("transcript entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The mark is drawn by the page's style, not by any text.
	var mark string
	p.eval(`getComputedStyle(document.querySelector('#transcript .from-a2term .entry-role'), '::before').content`, &mark)
	if !strings.Contains(mark, "▌") {
		t.Errorf("a2term's label has no mark: %q", mark)
	}
	p.eval(`getComputedStyle(document.querySelector('#transcript .from-agent .entry-role'), '::before').content`, &mark)
	if strings.Contains(mark, "▌") {
		t.Errorf("the agent's label has a2term's mark: %q", mark)
	}

	// Older lines than the page keeps: a mark says how many.
	for i := range WebTranscript + 20 {
		h.Board().Append(hub.RoleNote, fmt.Sprintf("line %d", i))
	}
	tr := h.Snapshot().Transcript
	earlier := tr[len(tr)-1].Seq - WebTranscript
	p.waitJS("the mark", fmt.Sprintf(`document.getElementById('transcript-mark').textContent === '… %d earlier lines are no longer kept' && !document.getElementById('transcript-mark').hidden`, earlier))
}
