package components

import (
	"fmt"

	"github.com/a2term/a2term/a2ui"
)

// Video stands in for a video the terminal cannot play: a framed note
// with the media type and size of the data: URL, or where a blocked URL
// pointed, and a hint that the web mirror plays it.
type Video struct{}

// Render draws the note.
func (Video) Render(n *a2ui.Node, w int, c *Context) Block {
	if w <= 0 {
		return Block{W: max(w, 0)}
	}
	p, _ := n.Props.(*a2ui.VideoProps)
	if p == nil {
		return Empty(w, 1)
	}
	t := c.Theme
	box := mediaBox(t, w, false, videoTitle(t), mediaLines(p.URL, p.Blocked, t))
	if poster := videoPoster(n, p); poster != nil {
		return Stack(w, Image{}.Render(poster, w, c), box)
	}
	return box
}

// Natural fits the note, and the poster over it.
func (Video) Natural(n *a2ui.Node, c *Context) int {
	p, _ := n.Props.(*a2ui.VideoProps)
	if p == nil {
		return 0
	}
	nw := mediaBoxWidth(maxAltBox, videoTitle(c.Theme), mediaLines(p.URL, p.Blocked, c.Theme))
	if poster := videoPoster(n, p); poster != nil {
		nw = max(nw, Image{}.Natural(poster, c))
	}
	return nw
}

// videoPoster is a v1.0 video's posterUrl as a picture drawn over its
// note, as an Image draws it: the picture of a data: URL, else its alt
// line saying where it would have come from; nil without one.
func videoPoster(n *a2ui.Node, p *a2ui.VideoProps) *a2ui.Node {
	if p.Poster == "" && p.PosterBlocked == "" {
		return nil
	}
	return &a2ui.Node{ID: n.ID, Type: "Image", Props: &a2ui.ImageProps{URL: p.Poster, Blocked: p.PosterBlocked, AltText: "poster", UsageHint: "mediumFeature"}}
}

func videoTitle(t *Theme) string { return t.Glyph("▶", ">") + " video" }

// mediaLines describes a video or audio URL: its type and size and where
// to play it, or why there is nothing to play.
func mediaLines(u, blocked string, t *Theme) []boxLine {
	switch {
	case blocked != "":
		return []boxLine{{"from " + blocked + " " + t.Glyph("—", "-") + " not loaded", t.Dim}}
	case u == "":
		return []boxLine{{"nothing to play", t.Dim}}
	}
	d, err := parseDataURL(u)
	if err != nil {
		return []boxLine{{err.Error(), t.Dim}}
	}
	kind := d.mediaType
	if kind == "" {
		kind = "unknown type"
	}
	return []boxLine{
		{kind + ", " + FormatBytes(d.size()), t.Text},
		{"plays in the web mirror", t.Dim},
	}
}

// FormatBytes writes a size the way people read it: 512 B, 1.2 kB, 12 kB,
// 1.2 MB. A video's description gives its size so, in the terminal and in
// plain mode.
func FormatBytes(n int) string {
	const k, m = 1000, 1000 * 1000
	switch {
	case n < k:
		return fmt.Sprintf("%d B", n)
	case n < 10*k:
		return fmt.Sprintf("%.1f kB", float64(n)/k)
	case n < m:
		return fmt.Sprintf("%d kB", (n+k/2)/k)
	case n < 10*m:
		return fmt.Sprintf("%.1f MB", float64(n)/m)
	}
	return fmt.Sprintf("%d MB", (n+m/2)/m)
}
