package webmirror

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWebBrowserPlainPagesLook: the pages a browser that is not paired
// sees (a used link, "/" without a session) have the mirror's own look
// from its stylesheet, under the same policy, which refuses nothing.
func TestWebBrowserPlainPagesLook(t *testing.T) {
	h := browserHub(t, false, browserRaws(webForm...))
	ws, err := ServeWeb(h, WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	link := ws.PairingLink()
	browserOpenLink(t, h, ws, link, false)

	ctx2 := browserStart(t)
	for _, u := range []string{link, ws.URL()} {
		var look struct {
			Sheets     int    `json:"sheets"`
			Background string `json:"background"`
			Radius     string `json:"radius"`
			Font       string `json:"font"`
			Refused    int    `json:"refused"`
		}
		err := chromedp.Run(ctx2, chromedp.Navigate(u), chromedp.Evaluate(`(() => {
			const card = document.querySelector('.plain-card');
			return {
				sheets: [...document.styleSheets].filter(s => s.cssRules.length > 0).length,
				background: getComputedStyle(document.body).backgroundColor,
				radius: card ? getComputedStyle(card).borderTopLeftRadius : '',
				font: getComputedStyle(document.body).fontFamily,
				refused: performance.getEntriesByType('resource').filter(e => e.responseStatus >= 400).length,
			};
		})()`, &look))
		if err != nil {
			t.Fatal(err)
		}
		if look.Sheets != 1 || look.Background != cssRGB("#f3f4f7") || look.Radius != "10px" || look.Font == "" || look.Font == "Times New Roman" {
			t.Errorf("%s does not have the mirror's look: %+v", u, look)
		}
		if look.Refused != 0 {
			t.Errorf("%s: %d of its files were refused", u, look.Refused)
		}
	}
}
