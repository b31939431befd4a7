package webtext

import (
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

func TestWebTextDrawsTheState(t *testing.T) {
	h := hub.New(hub.Options{Now: clock})
	t.Cleanup(h.Close)
	empty := WebText(h.Snapshot(), WebView{})
	for _, want := range []string{"== tabs\n== empty\n", `li.entry-empty "Nothing yet."`, `span "0 viewers"`} {
		if !strings.Contains(empty, want) {
			t.Errorf("an empty canvas lacks %q:\n%s", want, empty)
		}
	}
	if _, err := h.Show(msgs(
		`{"beginRendering":{"surfaceId":"a","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"a","components":[`+
			`{"id":"root","component":{"Column":{"children":{"explicitList":["tabs","m"]}}}},`+
			`{"id":"tabs","component":{"Tabs":{"tabItems":[{"title":{"literalString":"One"},"child":"t1"},{"title":{"literalString":"Two"},"child":"t2"}]}}},`+
			`{"id":"t1","component":{"Text":{"text":{"literalString":"first *panel*"}}}},`+
			`{"id":"t2","component":{"Text":{"text":{"literalString":"second panel"}}}},`+
			`{"id":"m","component":{"Modal":{"entryPointChild":"open","contentChild":"inside"}}},`+
			`{"id":"open","component":{"Text":{"text":{"literalString":"More"}}}},`+
			`{"id":"inside","component":{"Text":{"text":{"literalString":"In the dialog"}}}}]}}`,
		`{"beginRendering":{"surfaceId":"b","root":"x"}}`,
		`{"surfaceUpdate":{"surfaceId":"b","components":[{"id":"x","component":{"Text":{"text":{"literalString":"Surface b"}}}}]}}`,
	)); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Terminal, "a", "nope", 1); err == nil {
		t.Fatal("a press of nothing")
	}
	first := WebText(h.Snapshot(), WebView{})
	for _, want := range []string{
		`button.surface-tab [aria-selected="true"]` + "\n" + `  span.surface-tab-name "a"`,
		`button.surface-tab [aria-selected="false"]` + "\n" + `  span.surface-tab-name "b"`,
		"== surface a\n", `button.a2-tab [aria-selected="true"] "One"`, "first ", `em.md-em "panel"`,
		`div.a2-modal-entry.clickable`, `time.entry-time "`, "→ show a: 7 components",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("lacks %q:\n%s", want, first)
		}
	}
	for _, not := range []string{"second panel", "In the dialog", "Surface b", "== surface b"} {
		if strings.Contains(first, not) {
			t.Errorf("draws %q, which is hidden:\n%s", not, first)
		}
	}
	other := WebText(h.Snapshot(), WebView{Active: "a", Tabs: map[string]map[string]int{"a": {"tabs": 1}}, Modals: map[string]string{"a": "m"}})
	for _, want := range []string{`button.a2-tab [aria-selected="true"] "Two"`, `p.a2-text.a2-body "second panel"`, "dialog.a2-dialog [open]", `p.a2-text.a2-body "In the dialog"`} {
		if !strings.Contains(other, want) {
			t.Errorf("the second tab, the dialog open: lacks %q:\n%s", want, other)
		}
	}
	if b := WebText(h.Snapshot(), WebView{Active: "b"}); !strings.Contains(b, "== surface b\n") || !strings.Contains(b, `"Surface b"`) {
		t.Errorf("surface b:\n%s", b)
	}
}

func TestWebMarkdownAsThePage(t *testing.T) {
	var b strings.Builder
	writeDOM(&b, drawText("# T\n\n- **a** and `c`\n- [l](u)\n\n> q", "", false), 0)
	want := `div.a2-text.a2-body.a2-md
  h2.md-h "T"
  ul.md-list
    li
      strong.md-strong "a"
      " and "
      code.md-code "c"
    li
      span.md-link "l"
      span.md-url " (u)"
  blockquote.md-quote
    p.md-p "q"
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	// As in CommonMark: a backslash escapes any ASCII punctuation, and
	// three stars or underscores are emphasis around strong.
	b.Reset()
	writeDOM(&b, drawText(`Price \$5 \% \"q\" \@x ***both*** and ___three___, ~~gone~~`, "", false), 0)
	want = `p.a2-text.a2-body
  "Price $5 % \"q\" @x "
  em.md-em
    strong.md-strong "both"
  " and "
  em.md-em
    strong.md-strong "three"
  ", "
  del.md-del "gone"
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	for in, out := range map[float64]string{1: "1", 0.5: "0.5", 1e21: "1e+21", 1e-7: "1e-7", -2.25: "-2.25"} {
		if got := a2ui.FormatJSNumber(in); got != out {
			t.Errorf("a2ui.FormatJSNumber(%v) = %q, want %q", in, got, out)
		}
	}
	if got := toFixed(0.125, 2); got != "0.13" {
		t.Errorf("toFixed(0.125, 2) = %q, as JavaScript: 0.13", got)
	}
}

// TestParseIconsUnclosedTable: an icon table without its closing "};"
// is read to the file's end instead of panicking on a slice bound.
func TestParseIconsUnclosedTable(t *testing.T) {
	got := parseIcons("const ICONS = {\n  check: '✓',\n  star: '★',\n")
	if got["check"] != "✓" || got["star"] != "★" || len(got) != 2 {
		t.Fatalf("parseIcons of an unclosed table = %q, want check and star", got)
	}
	closed := parseIcons("const ICONS = { check: '✓' };\nconst OTHER = { no: 'x' };")
	if len(closed) != 1 || closed["check"] != "✓" {
		t.Fatalf("parseIcons read past the table's end: %q", closed)
	}
}

// TestWebTextV10Placeholder checks that the page shows a v1.0 field's
// placeholder as the input's own.
func TestWebTextV10Placeholder(t *testing.T) {
	h := hub.New(hub.Options{Now: clock})
	t.Cleanup(h.Close)
	if _, err := h.Show(msgs(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
		`{"id":"root","component":"TextField","label":"Name","placeholder":"Ada Lovelace","value":{"path":"/v"}}],"dataModel":{"v":""}}}`)); err != nil {
		t.Fatal(err)
	}
	if got := WebText(h.Snapshot(), WebView{}); !strings.Contains(got, `input.a2-input [type="text" value="" placeholder="Ada Lovelace"]`) {
		t.Errorf("the placeholder is not shown:\n%s", got)
	}
}

// TestWebTextV10Accessibility checks that the page marks a v1.0 live
// region and a node hidden from assistive technologies (bound to the
// data model) with their ARIA attributes, and still draws the hidden one.
func TestWebTextV10Accessibility(t *testing.T) {
	h := hub.New(hub.Options{Now: clock})
	t.Cleanup(h.Close)
	if _, err := h.Show(msgs(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
		`{"id":"root","component":"Column","children":["news","aside"]},` +
		`{"id":"news","component":"Text","text":"Saved","accessibility":{"live":"assertive"}},` +
		`{"id":"aside","component":"Text","text":"Decoration","accessibility":{"hidden":{"path":"/quiet"}}}],"dataModel":{"quiet":true}}}`)); err != nil {
		t.Fatal(err)
	}
	got := WebText(h.Snapshot(), WebView{})
	for _, want := range []string{`[aria-live="assertive"] "Saved"`, `[aria-hidden="true"] "Decoration"`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s:\n%s", want, got)
		}
	}
}

// TestWebTextV10VideoPoster checks that the page draws a v1.0 video's
// poster over a video it does not play: the picture of a data: URL,
// else where it would have come from.
func TestWebTextV10VideoPoster(t *testing.T) {
	h := hub.New(hub.Options{Now: clock})
	t.Cleanup(h.Close)
	if _, err := h.Show(msgs(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
		`{"id":"root","component":"Column","children":["a","b"]},` +
		`{"id":"a","component":"Video","url":"https://example.com/a.mp4","posterUrl":"data:image/png;base64,iVBORw0KGgo="},` +
		`{"id":"b","component":"Video","url":"https://example.com/b.mp4","posterUrl":"https://example.org/b.png"}]}}`)); err != nil {
		t.Fatal(err)
	}
	got := WebText(h.Snapshot(), WebView{})
	for _, want := range []string{`img.a2-video-poster [alt="poster"]`, `span.a2-video-poster-alt "poster not loaded: example.org"`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s:\n%s", want, got)
		}
	}
}

// talkNone is a transport that carries text and keeps nothing.
type talkNone struct{}

func (talkNone) Say(string) error  { return nil }
func (talkNone) CancelTask() error { return nil }

// TestWebTextSayLine: the task's state shows on the status line
// whenever the transport says it; the line to the agent only where
// someone listens, and its cancel button only while the task has not
// ended.
func TestWebTextSayLine(t *testing.T) {
	h := hub.New(hub.Options{Now: clock})
	t.Cleanup(h.Close)
	text := func(task string) string {
		h.Board().SetStatus(func(s *hub.Status) { s.Task = task })
		return WebText(h.Snapshot(), WebView{})
	}
	if got := text(""); strings.Contains(got, "== say") || strings.Contains(got, "status-task") {
		t.Errorf("with no one to talk to:\n%s", got)
	}
	h.SetTalk(talkNone{})
	form := "== say\ndiv.say\n  label.say-label \"To the agent:\"\n  input.say-text [type=\"text\" value=\"\" placeholder=\"Write a message; Enter sends it\"]\n  button.say-send \"Send\"\n"
	for task, cancel := range map[string]bool{"": false, "working": true, "input-required": true, "auth-required": true, "completed": false, "canceled": false, "failed": false, "rejected": false} {
		got := text(task)
		if !strings.Contains(got, form) {
			t.Errorf("task %q: no line to the agent:\n%s", task, got)
		}
		if has := strings.Contains(got, `button.say-cancel "Cancel the task"`); has != cancel {
			t.Errorf("task %q: a cancel button %v, want %v", task, has, cancel)
		}
		if task != "" && !strings.Contains(got, "== status\nspan.status-task \"task: "+task+"\"\n") {
			t.Errorf("task %q: the status line does not say it:\n%s", task, got)
		}
	}
}
