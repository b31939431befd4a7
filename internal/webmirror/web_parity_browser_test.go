package webmirror

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// TestWebBrowserDrawsAsTheTerminal checks, in a real Chromium, that the
// page draws what the terminal draws for the layouts of the official
// examples (the project's own fixtures in their shapes): rows give
// children their natural width before sharing, weights share what is
// left, pictures are sized by usage hint and take one line when not
// loaded, a DateTimeInput is labelled and shows an offset that is not the
// local one, a Slider shows its range, a field that does not match its
// pattern says so in the terminal's words and blocks the press that sends
// it, and the placeholders of lenient mode say what the terminal says.
func TestWebBrowserDrawsAsTheTerminal(t *testing.T) {
	h := browserHub(t, true)
	p := browserOpen(t, h, false)
	// The booking's time is at -05:00: in a browser at UTC the offset is
	// not the local one, as in the terminal's tests.
	p.run("the time zone", chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetTimezoneOverride("UTC").Do(ctx)
	}))
	for _, f := range []string{"track-list", "contact-card", "booking-form"} {
		if _, err := h.Show(browserStream(t, "../../testdata/streams/"+f+".jsonl")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.Show(browserRaws(
		`{"beginRendering":{"surfaceId":"custom","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"custom","components":[`+
			`{"id":"root","component":{"Column":{"children":{"explicitList":["chart","frame"]}}}},`+
			`{"id":"chart","component":{"OrgChart":{"chain":{"path":"/h"}}}},`+
			`{"id":"frame","component":{"WebFrame":{"children":{"explicitList":["a"]}}}},`+
			`{"id":"a","component":{"Text":{"text":{"literalString":"Inside the frame"}}}}]}}`,
		`{"beginRendering":{"surfaceId":"alarm","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"alarm","components":[`+
			`{"id":"root","component":{"DateTimeInput":{"value":{"path":"/at"},"enableDate":false,"enableTime":true}}}]}}`,
		`{"dataModelUpdate":{"surfaceId":"alarm","contents":[{"key":"at","valueString":"14:30"}]}}`,
		`{"beginRendering":{"surfaceId":"waiting","root":"root"}}`,
		`{"beginRendering":{"surfaceId":"weights","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"weights","components":[`+
			`{"id":"root","component":{"Row":{"children":{"explicitList":["n","two","one","len"]}}}},`+
			`{"id":"n","component":{"Text":{"text":{"literalString":"1"}}}},`+
			`{"id":"two","weight":2,"component":{"Text":{"text":{"literalString":"two parts"}}}},`+
			`{"id":"one","weight":1,"component":{"Text":{"text":{"literalString":"one part"}}}},`+
			`{"id":"len","component":{"Text":{"text":{"literalString":"4:05"}}}}]}}`,
	)); err != nil {
		t.Fatal(err)
	}
	v := h.Snapshot().Canvas.Version()
	p.waitJS("every surface", `document.documentElement.dataset.snapshot === "`+strconv.FormatUint(v, 10)+`" && !!document.querySelector('.surface[data-surface="weights"] [data-key="len"]')`)

	// Only the active surface is laid out: show each before measuring it.
	// With A2TERM_SCREENSHOTS set, each is kept there as a picture, to be
	// looked at beside the terminal's golden frames.
	dir := os.Getenv("A2TERM_SCREENSHOTS")
	show := func(sid string) {
		p.run("show "+sid, chromedp.Click(`#surface-tabs [data-surface-tab=`+browserJS(sid)+`]`, chromedp.ByQuery))
		p.waitJS(sid+" shown", `!document.querySelector('.surface[data-surface=`+browserJS(sid)+`]').hidden`)
		if dir != "" {
			var shot []byte
			p.run("screenshot", chromedp.CaptureScreenshot(&shot))
			if err := os.WriteFile(filepath.Join(dir, "a2term-web-parity-"+sid+".png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}

	t.Run("a track list", func(t *testing.T) {
		show("tracks")
		var got struct {
			TitleLines, ArtistLines []int
			MissingH, LineH         float64
			MissingText             string
			DurRight, RowRight      float64
		}
		p.eval(`(() => {
			const s = document.querySelector('.surface[data-surface="tracks"]');
			const lines = (e) => { const r = document.createRange(); r.selectNodeContents(e); const ys = new Set(); for (const b of r.getClientRects()) ys.add(Math.round(b.top)); return ys.size; };
			const out = { TitleLines: [], ArtistLines: [] };
			for (const t of ['t1', 't2', 't3']) {
				out.TitleLines.push(lines(s.querySelector('[data-key="' + t + '-title"]')));
				out.ArtistLines.push(lines(s.querySelector('[data-key="' + t + '-artist"]')));
			}
			const m = s.querySelector('[data-key="t3-art"]');
			out.MissingH = m.getBoundingClientRect().height;
			out.LineH = parseFloat(getComputedStyle(m).lineHeight);
			out.MissingText = m.textContent;
			out.DurRight = s.querySelector('[data-key="t1-len"]').getBoundingClientRect().right;
			out.RowRight = s.querySelector('[data-key="t1"]').getBoundingClientRect().right;
			return out;
		})()`, &got)
		for i := range got.TitleLines {
			if got.TitleLines[i] != 1 || got.ArtistLines[i] != 1 {
				t.Errorf("track %d: title on %d lines, artist on %d; each should keep one", i+1, got.TitleLines[i], got.ArtistLines[i])
			}
		}
		if got.MissingH > got.LineH*1.5 || !strings.HasPrefix(got.MissingText, "▣ Night Drive cover (not fetched: --fetch-images images.example.org)") {
			t.Errorf("the cover that is not loaded: %.1fpx tall (a line is %.1f), %q", got.MissingH, got.LineH, got.MissingText)
		}
		if got.RowRight-got.DurRight > 2 {
			t.Errorf("the weighted title column does not push the duration to the row's end: %.1f < %.1f", got.DurRight, got.RowRight)
		}
	})

	t.Run("weights share what is left", func(t *testing.T) {
		show("weights")
		var w struct{ N, Two, One, Len float64 }
		p.eval(`(() => { const s = document.querySelector('.surface[data-surface="weights"]'); const w = (k) => s.querySelector('[data-key="' + k + '"]').getBoundingClientRect().width;
			return { N: w('n'), Two: w('two'), One: w('one'), Len: w('len') }; })()`, &w)
		if r := w.Two / w.One; r < 1.9 || r > 2.1 || w.N > 20 || w.Len > 60 {
			t.Errorf("widths %+v: want the weighted ones 2:1 and the others at their natural width", w)
		}
	})

	t.Run("a contact card with icons", func(t *testing.T) {
		show("contact")
		var c struct {
			W, H, LineH float64
			Radius      string
		}
		p.eval(`(() => { const i = document.querySelector('.surface[data-surface="contact"] [data-key="avatar"]'); const r = i.getBoundingClientRect();
			return { W: r.width, H: r.height, LineH: parseFloat(getComputedStyle(document.querySelector('.surface[data-surface="contact"] [data-key="role"]')).lineHeight) || 20, Radius: getComputedStyle(i).borderRadius }; })()`, &c)
		if c.W != c.H || c.H > 3*c.LineH || c.H < c.LineH || c.Radius != "50%" {
			t.Errorf("the avatar is %+v: want a round square about two lines tall", c)
		}
	})

	t.Run("a booking form", func(t *testing.T) {
		show("booking")
		var f struct{ DateLabel, Offset, Slider, Problem, Help, HelpShown string }
		p.eval(`(() => { const s = document.querySelector('.surface[data-surface="booking"]');
			const w = s.querySelector('[data-key="when"]'); const sl = s.querySelector('[data-key="budget"]'); const e = s.querySelector('[data-key="email"]');
			const help = e.querySelector('.a2-field-help');
			return { DateLabel: w.querySelector('label').textContent, Offset: w.querySelector('.a2-datetime-offset')?.textContent ?? '',
				Slider: sl.textContent, Problem: e.querySelector('.a2-field-error').textContent, Help: help ? help.textContent : '', HelpShown: help ? getComputedStyle(help).visibility : '' }; })()`, &f)
		// The column beside the picture is as tall as it, its weighted
		// street growing: the hours sit at the bottom, as in the terminal.
		var stretch struct{ Pic, Hours, Street float64 }
		p.eval(`(() => { const s = document.querySelector('.surface[data-surface="booking"]'); const b = (k) => s.querySelector('[data-key="' + k + '"]').getBoundingClientRect();
			return { Pic: b('banner').bottom, Hours: b('hours').bottom, Street: b('street').height }; })()`, &stretch)
		if d := stretch.Pic - stretch.Hours; d < -2 || d > 2 {
			t.Errorf("the hours end at %.1f, the picture at %.1f: the column is not stretched", stretch.Hours, stretch.Pic)
		}
		if f.DateLabel != "Date & time" || f.Offset != "UTC-05:00" {
			t.Errorf("the date input: label %q, offset %q", f.DateLabel, f.Offset)
		}
		if !strings.Contains(f.Slider, "45") || !strings.Contains(f.Slider, "10") || !strings.Contains(f.Slider, "120") {
			t.Errorf("the slider shows %q: want its value, minimum and maximum", f.Slider)
		}
		if f.Problem != "✗ This is not in the expected format." || strings.Contains(f.Problem, "@") {
			t.Errorf("the field says %q", f.Problem)
		}
		if f.Help != `expected format: [^@ ]+@[^@ ]+\.[a-z]+` || f.HelpShown != "hidden" {
			t.Errorf("the help line %q is %s before the field has the focus", f.Help, f.HelpShown)
		}
		p.run("focus the field", chromedp.Focus(`.surface[data-surface="booking"] [data-key="email"] input`, chromedp.ByQuery))
		p.eval(`getComputedStyle(document.querySelector('.surface[data-surface="booking"] [data-key="email"] .a2-field-help')).visibility`, &f.HelpShown)
		if f.HelpShown != "visible" {
			t.Error("the help line stays hidden while the field has the focus")
		}
		p.run("press Book", chromedp.Click(`.surface[data-surface="booking"] button[data-node="book"]`, chromedp.ByQuery))
		p.waitJS("the refusal", `!document.querySelector("#notice").hidden`)
		var notice string
		p.eval(`document.querySelector("#notice-text").textContent`, &notice)
		if notice != `Not sent: "Email for the confirmation" is not in the expected format.` {
			t.Errorf("the notice says %q", notice)
		}
		if q := h.Snapshot().Status.Queued; q != 0 {
			t.Errorf("%d actions were queued by a blocked press", q)
		}
	})

	t.Run("a time keeps its offset", func(t *testing.T) {
		p.eval(`(() => { const i = document.querySelector('.surface[data-surface="booking"] [data-key="when"] input');
			i.value = '2026-03-30T08:15:00'; i.dispatchEvent(new Event('input', { bubbles: true })); i.dispatchEvent(new Event('change', { bubbles: true })); return 0; })()`, new(int))
		browserHubWait(t, h, "the new time", func() bool {
			return strings.Contains(dataString(h, "booking"), `"when":"2026-03-30T08:15:00-05:00"`)
		})
	})

	t.Run("a time without seconds stays without them", func(t *testing.T) {
		show("alarm")
		p.eval(`(() => { const i = document.querySelector('.surface[data-surface="alarm"] [data-key="root"] input');
			i.value = '15:30'; i.dispatchEvent(new Event('input', { bubbles: true })); i.dispatchEvent(new Event('change', { bubbles: true })); return 0; })()`, new(int))
		browserHubWait(t, h, "the new time, as the terminal writes it", func() bool {
			return dataString(h, "alarm") == `{"at":"15:30"}`
		})
	})

	t.Run("placeholders", func(t *testing.T) {
		show("custom")
		var ph struct{ Chart, FrameTitle, FrameText, Waiting string }
		p.eval(`(() => { const c = document.querySelector('.surface[data-surface="custom"]'); const f = c.querySelector('[data-key="frame"]');
			return { Chart: c.querySelector('[data-key="chart"]').textContent, FrameTitle: f.querySelector('.a2-custom-title').textContent,
				FrameText: f.querySelector('[data-key="a"]').textContent,
				Waiting: document.querySelector('.surface[data-surface="waiting"] [data-key="root"]').textContent }; })()`, &ph)
		if ph.Chart != "▢ OrgChart — not in the standard catalog" || ph.FrameTitle != "▢ WebFrame" || ph.FrameText != "Inside the frame" || ph.Waiting != "… waiting for its components" {
			t.Errorf("placeholders %+v", ph)
		}
	})
}

// dataString is a surface's data model as JSON.
func dataString(h *hub.Hub, sid string) string {
	s := h.Snapshot().Canvas.Surface(sid)
	if s == nil {
		return ""
	}
	return string(a2ui.MarshalValue(s.Data()))
}
