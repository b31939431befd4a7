package webmirror

import (
	"fmt"
	"strings"
	"testing"
)

// TestWebBrowserOneValuePatchesOneNode: on a 500-component surface, one
// value the agent changes reaches the page as a patch of that one node,
// and the page redraws that node only: a MutationObserver on the live
// surface sees a handful of mutations, not hundreds, and the page's own
// count of nodes drawn grows by one.
func TestWebBrowserOneValuePatchesOneNode(t *testing.T) {
	h := browserHub(t, false, manySurface(500))
	p := browserOpen(t, h, false)
	p.waitJS("the 500 components", `document.querySelectorAll('.surface[data-surface="many"] [data-path]').length === 500`)
	p.eval(`(() => {
		window.a2termMutations = 0;
		new MutationObserver((recs) => { window.a2termMutations += recs.length; })
			.observe(document.getElementById('surfaces'), { subtree: true, childList: true, attributes: true, characterData: true });
		window.a2termDrawnBefore = Number(document.documentElement.dataset.drawn);
		return 0;
	})()`, new(int))
	if _, err := h.Show(browserRaws(`{"dataModelUpdate":{"surfaceId":"many","path":"/v7","contents":[{"key":"v7","valueString":"changed"}]}}`)); err != nil {
		t.Fatal(err)
	}
	v := h.Snapshot().Canvas.Version()
	p.waitJS("the new value", fmt.Sprintf(`document.documentElement.dataset.snapshot === "%d" && document.querySelector('input[data-node="c7"]').value.includes('changed')`, v))
	var mutations, drawn int
	p.eval(`window.a2termMutations`, &mutations)
	p.eval(`Number(document.documentElement.dataset.drawn) - window.a2termDrawnBefore`, &drawn)
	if mutations > 10 {
		t.Errorf("one value made %d DOM mutations", mutations)
	}
	if drawn != 1 {
		t.Errorf("one value redrew %d nodes, want the one that changed", drawn)
	}
	var others string
	p.eval(`document.querySelector('input[data-node="c9"]').value`, &others)
	if others != "value 9" {
		t.Errorf("another field reads %q", others)
	}
}

// TestWebBrowserBrokenPicturesRedrawThemselves: 300 pictures that do not
// decode each redraw only themselves as a box: the page draws each node
// about twice, not the whole surface once per picture.
func TestWebBrowserBrokenPicturesRedrawThemselves(t *testing.T) {
	var ids, comps []string
	for i := range 300 {
		id := fmt.Sprintf("img%d", i)
		ids = append(ids, fmt.Sprintf("%q", id))
		comps = append(comps, fmt.Sprintf(`{"id":%q,"component":{"Image":{"url":{"literalString":"data:image/png;base64,AAAA%d"}}}}`, id, i))
	}
	h := browserHub(t, false, browserRaws(
		`{"beginRendering":{"surfaceId":"pics","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"pics","components":[{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(ids, ",")+`]}}}},`+strings.Join(comps, ",")+`]}}`,
	))
	p := browserOpen(t, h, false)
	p.waitJS("300 boxes", `document.querySelectorAll('.surface[data-surface="pics"] .a2-image-missing').length === 300`)
	var drawn int
	p.eval(`Number(document.documentElement.dataset.drawn)`, &drawn)
	if drawn < 301 || drawn > 2*301+10 {
		t.Errorf("the page drew %d nodes for 301 components and 300 broken pictures", drawn)
	}
}
