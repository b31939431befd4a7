package components

import (
	"bytes"
	"encoding/base64"
	"image"
	pngenc "image/png"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// v10 builds a v1.0 stream: surface "s" of the basic catalog with the
// given components and data model (a JSON object, or "").
func v10(comps, data string) string {
	s := `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` + comps + `]`
	if data != "" {
		s += `,"dataModel":` + data
	}
	return s + "}}\n"
}

// TestV10TextFieldPlaceholder draws a v1.0 field's placeholder while it
// is empty, with the focus or without, and its value once it has one.
func TestV10TextFieldPlaceholder(t *testing.T) {
	for _, tc := range []struct{ kind, value, want, not string }{
		{"", "", "Ada Lovelace", ""},
		{"", "Bo", "Bo", "Ada Lovelace"},
		{"obscured", "", "Ada Lovelace", ""},
		{"longText", "", "Ada Lovelace", ""},
	} {
		extra := ""
		if tc.kind != "" {
			extra = `,"variant":"` + tc.kind + `"`
		}
		_, n := surface(t, "s", v10(`{"id":"root","component":"TextField","label":"Name","placeholder":"Ada Lovelace","value":{"path":"/v"}`+extra+`}`, `{"v":"`+tc.value+`"}`))
		for _, focused := range []bool{false, true} {
			c := textCtx(termenv.ANSI256, Options{})
			if focused {
				c.Focus = "root"
			}
			got := strings.Join(textPlain((TextField{}).Render(n, 40, c)), "\n")
			if !strings.Contains(got, tc.want) || tc.not != "" && strings.Contains(got, tc.not) {
				t.Errorf("%s field %q (focused %v):\n%s", tc.kind, tc.value, focused, got)
			}
		}
	}
}

// TestV10VideoPoster draws a v1.0 video's posterUrl over its note: the
// picture of a data: URL, else its alt line naming where it is from.
func TestV10VideoPoster(t *testing.T) {
	var png bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	if err := pngenc.Encode(&png, img); err != nil {
		t.Fatal(err)
	}
	data := "data:image/png;base64," + base64.StdEncoding.EncodeToString(png.Bytes())
	for _, tc := range []struct{ poster, want string }{
		{data, "▀"},
		{"https://example.com/p.png", "poster"},
	} {
		_, n := surface(t, "s", v10(`{"id":"root","component":"Video","url":"https://example.com/v.mp4","posterUrl":"`+tc.poster+`"}`, ""))
		c := textCtx(termenv.ANSI256, Options{})
		got := Render(n, 40, c).String()
		if !strings.Contains(got, tc.want) || !strings.Contains(got, "video") {
			t.Errorf("poster %.30s: no %q over the note:\n%s", tc.poster, tc.want, got)
		}
		if tc.want == "poster" && !strings.Contains(got, "example.com") {
			t.Errorf("the poster's alt line does not say where it is from:\n%s", got)
		}
	}
}

// TestV10SliderSteps moves a v1.0 slider of four steps over 0…10 one
// step a key, and snaps a value between steps to the nearest.
func TestV10SliderSteps(t *testing.T) {
	r := newRig(t, v10(`{"id":"root","component":"Slider","label":"Level","min":0,"max":10,"steps":4,"value":{"path":"/v"}}`, `{"v":3}`), "root")
	for _, tc := range []struct {
		key  string
		want float64
	}{
		{"right", 5},
		{"right", 7.5},
		{"left", 5},
		{"end", 10},
		{"left", 7.5},
	} {
		if in := r.press(tc.key); in != (Intent{Kind: SetValue, Node: "root", Value: tc.want}) {
			t.Fatalf("%s: got %+v, want SetValue %v", tc.key, in, tc.want)
		}
	}
}

// TestV10TextHeadings draws a v1.0 Text's Markdown heading as the text
// of a heading, without its marks, and a caption's text.
func TestV10TextHeadings(t *testing.T) {
	for _, tc := range []struct{ variant, text, want, not string }{
		{"body", `# Invoices\nTwo are open`, "Invoices", "#"},
		{"caption", `Amounts include VAT`, "Amounts include VAT", ""},
	} {
		_, n := surface(t, "s", v10(`{"id":"root","component":"Text","variant":"`+tc.variant+`","text":"`+tc.text+`"}`, ""))
		got := Render(n, 40, textCtx(termenv.Ascii, Options{})).String()
		if !strings.Contains(got, tc.want) || tc.not != "" && strings.Contains(got, tc.not) {
			t.Errorf("%s %q drawn as:\n%s", tc.variant, tc.text, got)
		}
	}
}
