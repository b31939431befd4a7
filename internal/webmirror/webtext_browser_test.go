package webmirror

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aymanbagabas/go-udiff"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/webtext"
)

// pageText writes the live page's DOM by WebText's rules (writeDOM): the
// surface tabs, the surface shown, the transcript and the status.
const pageText = `(() => {
  const shown = ['type','min','max','value','placeholder','checked','disabled','open','aria-selected','aria-pressed','aria-invalid','aria-live','aria-hidden','alt'];
  const q = (s) => '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t') + '"';
  let out = '';
  const kids = (e) => {
    const r = [];
    for (const c of e.childNodes) {
      if (c.nodeType === 3) {
        if (!c.nodeValue) continue;
        if (r.length && typeof r[r.length - 1] === 'string') r[r.length - 1] += c.nodeValue;
        else r.push(c.nodeValue);
      } else if (c.nodeType === 1) r.push(c);
    }
    return r;
  };
  const write = (e, depth) => {
    const ind = '  '.repeat(depth);
    if (typeof e === 'string') { out += ind + q(e) + '\n'; return; }
    if (e.hasAttribute('hidden')) return;
    const tag = e.localName;
    if (tag === 'dialog' && !e.open) return;
    let line = ind + tag;
    for (const c of e.classList) line += '.' + c;
    const as = [];
    for (const a of shown) {
      if (a === 'type') { if (tag === 'input' && e.hasAttribute('type')) as.push('type=' + q(e.getAttribute('type'))); }
      else if (a === 'value') {
        const t = e.getAttribute('type');
        if ((tag === 'input' && t !== 'checkbox' && t !== 'radio') || tag === 'textarea') as.push('value=' + q(e.value));
      }
      else if (a === 'checked') { if (tag === 'input' && e.checked) as.push('checked'); }
      else if (a === 'disabled' || a === 'open') { if (e.hasAttribute(a)) as.push(a); }
      else if (e.hasAttribute(a)) as.push(a + '=' + q(e.getAttribute(a)));
    }
    if (as.length) line += ' [' + as.join(' ') + ']';
    const ks = kids(e);
    if (ks.length === 1 && typeof ks[0] === 'string') { out += line + ' ' + q(ks[0]) + '\n'; return; }
    out += line + '\n';
    for (const k of ks) write(k, depth + 1);
  };
  out += '== tabs\n';
  for (const b of document.querySelectorAll('#surface-tabs > button')) write(b, 0);
  if (!document.getElementById('empty').hidden) out += '== empty\n';
  for (const s of document.querySelectorAll('#surfaces > .surface')) {
    if (s.hidden) continue;
    out += '== surface ' + s.getAttribute('data-surface') + '\n';
    write(s, 0);
  }
  out += '== transcript\n';
  const mark = document.getElementById('transcript-mark');
  if (!mark.hidden) write(mark, 0);
  for (const li of document.getElementById('transcript').children) write(li, 0);
  out += '== status\n';
  const task = document.getElementById('status-task');
  if (!task.hidden) write(task, 0);
  write(document.getElementById('status-viewers'), 0);
  write(document.getElementById('status-queued'), 0);
  const pics = document.getElementById('status-pictures');
  if (!pics.hidden) write(pics, 0);
  const say = document.getElementById('say');
  if (!say.hidden) {
    out += '== say\n';
    write(say, 0);
  }
  return out;
})()`

// TestWebTextIsThePage draws surfaces of every component type in a real
// Chromium and compares the page's DOM, written as text, with WebText
// for the same snapshot and state: the surface shown, a selected tab, an
// open dialog. The Go rendering and the page's script cannot drift.
func TestWebTextIsThePage(t *testing.T) {
	h := browserHub(t, true)
	for _, f := range []string{"../../testdata/streams/settings.jsonl", "../../testdata/streams/order-form.jsonl",
		"../../testdata/streams/booking-form.jsonl", "../../testdata/streams/track-list.jsonl",
		"../../testdata/snapshots/signup-check.jsonl", "../../cmd/a2term/demo/gallery.jsonl"} {
		if _, err := h.Show(browserStream(t, f)); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	if _, err := h.Show(browserRaws(
		`{"beginRendering":{"surfaceId":"md","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"md","components":[`+
			`{"id":"root","component":{"Column":{"children":{"explicitList":["a","b","c","d"]}}}},`+
			`{"id":"a","component":{"Text":{"text":{"literalString":"# Title ##\n\nSome *em* and **strong**, `+"`code`"+`, ~~gone~~ and a [link](https://x.test \"t\").\n\n- one\n- two\n  more\n\n3. three\n\n> quoted\n> > deeper\n\n---\n`+"```"+`\nfenced *not em*\n`+"```"+`"}}}},`+
			`{"id":"b","component":{"Text":{"text":{"literalString":"## Heading\nline two"},"usageHint":"h3"}}},`+
			`{"id":"c","component":{"Text":{"text":{"literalString":"a_b_c __x__ \\*not\\* snake_case_word \\$5 \\% \\\"q\\\" ***both*** ___three___ a ~~~x~~~ b ~~y~~~"},"usageHint":"caption"}}},`+
			`{"id":"d","component":{"OrgChart":{"chain":{"path":"/h"}}}}]}}`,
	)); err != nil {
		t.Fatal(err)
	}
	p := browserOpen(t, h, false)
	p.run("the time zone", chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetTimezoneOverride("UTC").Do(ctx)
	}))
	browserHubWait(t, h, "the page to watch", func() bool { return h.Snapshot().Status.Viewers == 1 })

	// same waits until the page's text is WebText's for v, or fails
	// with the difference.
	same := func(what string, v webtext.WebView) {
		t.Helper()
		deadline := time.Now().Add(browserGuard)
		for {
			want := webtext.WebText(h.Snapshot(), v)
			var got string
			p.eval(pageText, &got)
			if got == want {
				if !strings.Contains(got, "== surface") {
					t.Fatalf("%s: no surface drawn:\n%s", what, got)
				}
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the page and WebText differ:\n%s", what, udiff.Unified("page", "WebText", got, want))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	show := func(sid string) {
		t.Helper()
		p.run("show "+sid, chromedp.Click(`#surface-tabs [data-surface-tab=`+browserJS(sid)+`]`, chromedp.ByQuery))
		p.waitJS(sid+" shown", `!document.querySelector('.surface[data-surface=`+browserJS(sid)+`]').hidden`)
	}
	v := h.Snapshot().Canvas.Version()
	p.waitJS("every surface", `document.documentElement.dataset.snapshot === "`+strconv.FormatUint(v, 10)+`"`)
	for _, sid := range []string{"settings", "other", "order", "booking", "tracks", "signup", "gallery", "md"} {
		if sid != "settings" {
			show(sid)
		}
		same(sid, webtext.WebView{Active: sid})
	}

	show("gallery")
	p.run("the second tab", chromedp.Click(`.surface[data-surface="gallery"] .a2-tab[data-tab-index="1"]`, chromedp.ByQuery))
	same("gallery, second tab", webtext.WebView{Active: "gallery", Tabs: map[string]map[string]int{"gallery": {"tabs": 1}}})
	p.run("the third tab", chromedp.Click(`.surface[data-surface="gallery"] .a2-tab[data-tab-index="2"]`, chromedp.ByQuery))
	p.eval(`document.querySelector('.surface[data-surface="gallery"] [data-modal-entry="l-modal"]').closest('.a2-modal').querySelector('dialog').showModal(), true`, new(bool))
	same("gallery, a dialog open", webtext.WebView{Active: "gallery", Tabs: map[string]map[string]int{"gallery": {"tabs": 2}}, Modals: map[string]string{"gallery": "l-modal"}})

	p.eval(`document.querySelector('dialog[open]').close(), true`, new(bool))

	// The person's values reach both: a value set in the hub is drawn.
	if err := h.SetValue(hub.Terminal, "order", "name", "Grace"); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Terminal, "order", "gift", true); err != nil {
		t.Fatal(err)
	}
	show("order")
	same("order, typed and ticked", webtext.WebView{Active: "order"})

	// A v1.0 surface's live regions and nodes hidden from assistive
	// technologies (in the place of the Markdown one: eight at most).
	if _, err := h.Show(browserRaws(`{"deleteSurface":{"surfaceId":"md"}}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Show(browserRaws(`{"version":"v1.0","createSurface":{"surfaceId":"v10","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
		`{"id":"root","component":"Column","children":["news","aside","ok","va","vb"]},` +
		`{"id":"va","component":"Video","url":"https://example.com/a.mp4","posterUrl":"data:image/png;base64,iVBORw0KGgo="},` +
		`{"id":"vb","component":"Video","url":"https://example.com/b.mp4","posterUrl":"https://example.org/b.png"},` +
		`{"id":"news","component":"Text","text":"Saved","accessibility":{"live":"polite"}},` +
		`{"id":"aside","component":"Text","text":"Decoration","accessibility":{"hidden":true}},` +
		`{"id":"ok","component":"Button","child":"okl","accessibility":{"live":"assertive","hidden":{"path":"/quiet"}},"action":{"event":{"name":"ok"}}},{"id":"okl","component":"Text","text":"OK"}],"dataModel":{"quiet":true}}}`)); err != nil {
		t.Fatal(err)
	}
	show("v10")
	same("v10", webtext.WebView{Active: "v10"})
}
