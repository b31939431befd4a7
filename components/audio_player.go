package components

import "github.com/a2term/a2term/a2ui"

// AudioPlayer stands in for audio the terminal does not play: a framed
// note with the description (which the web renderers leave out, though it
// is often all that says what the recording is), the media type and size
// of the data: URL or where a blocked URL pointed, and a hint that the web
// mirror plays it.
type AudioPlayer struct{}

// Render draws the note.
func (AudioPlayer) Render(n *a2ui.Node, w int, c *Context) Block {
	if w <= 0 {
		return Block{W: max(w, 0)}
	}
	p, _ := n.Props.(*a2ui.AudioPlayerProps)
	if p == nil {
		return Empty(w, 1)
	}
	t := c.Theme
	return mediaBox(t, w, false, audioTitle(t), audioLines(p, t))
}

// Natural fits the note.
func (AudioPlayer) Natural(n *a2ui.Node, c *Context) int {
	p, _ := n.Props.(*a2ui.AudioPlayerProps)
	if p == nil {
		return 0
	}
	return mediaBoxWidth(maxAltBox, audioTitle(c.Theme), audioLines(p, c.Theme))
}

func audioTitle(t *Theme) string { return t.Glyph("♪", "~") + " audio" }

func audioLines(p *a2ui.AudioPlayerProps, t *Theme) []boxLine {
	lines := mediaLines(p.URL, p.Blocked, t)
	if p.Description != "" {
		lines = append([]boxLine{{p.Description, t.Bold}}, lines...)
	}
	return lines
}
