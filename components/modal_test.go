package components

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// layTerms is a Modal whose entry point is a plain text: the modal itself
// takes the focus.
func layTerms() *a2ui.Node {
	return layModal("modal", layText("entry", "Read the terms of the booking"),
		layColumn("content", "stretch",
			layText("terms", "Free cancellation until 48 hours before arrival. After that the first night is charged."),
			layRow("acts", "end", "center", layButton("accept", "Accept"))))
}

// layDetails is a Modal whose entry point holds a button.
func layDetails() *a2ui.Node {
	return layModal("modal",
		layRow("entry", "spaceBetween", "center", layText("lbl", "Hotel Miramar"), layButton("open", "Details")),
		layText("content", "Sea view, breakfast from 7 to 10."))
}

func TestModalGolden(t *testing.T) {
	st := NewState()
	goldenStates(t, "text_entry", layTerms(), ctlStates("modal", st))
	goldenStates(t, "button_entry", layDetails(), ctlStates("open", st))

	// The dialog the program draws over the surface.
	for name, c := range map[string]*Context{
		"idle":          layCtx(termenv.TrueColor, false, ""),
		"focused":       layCtx(termenv.TrueColor, false, "accept"),
		"ascii_focused": layCtx(termenv.Ascii, true, "accept"),
	} {
		for _, w := range goldenWidths {
			b := Dialog(layTerms(), w, c)
			checkBlock(t, b, w)
			goldenBlock(t, fmt.Sprintf("dialog_%s_w%d", name, w), b)
		}
	}
}

func TestModalEntryWithButton(t *testing.T) {
	n := layDetails()
	for _, focus := range []string{"", "open"} {
		c := layCtx(termenv.TrueColor, false, focus)
		b := Render(n, 40, c)
		checkBlock(t, b, 40)
		// Drawn inline exactly as the entry point alone.
		if entry := Render(n.Children[0], 40, c); !reflect.DeepEqual(b, entry) {
			t.Errorf("focus %q: the modal changes its entry point:\n%s\n---\n%s", focus, plain(b), plain(entry))
		}
		var focusable []string
		for _, h := range b.Hits {
			if h.Focusable {
				focusable = append(focusable, h.Node)
			}
			if h.Node == "modal" {
				t.Errorf("focus %q: the modal has a hit of its own: %+v", focus, h)
			}
		}
		if !reflect.DeepEqual(focusable, []string{"open"}) {
			t.Errorf("focus %q: focusable %v, want only the button", focus, focusable)
		}
		if strings.Contains(plain(b), "Sea view") {
			t.Errorf("the content is drawn inline:\n%s", plain(b))
		}
	}
	if got := Natural(n, layCtx(termenv.TrueColor, false, "")); got != 13+1+11 {
		t.Errorf("Natural = %d, want the entry's", got)
	}
}

func TestModalEntryWithoutControl(t *testing.T) {
	n := layTerms()
	c := layCtx(termenv.TrueColor, false, "")
	b := Render(n, 40, c)
	checkBlock(t, b, 40)
	if got := plain(b); got != "Read the terms of the booking" {
		t.Errorf("entry: %q", got)
	}
	assertFocusMark(t, b, "modal")
	if h := b.Hits[0]; h.W != 40 || h.H != 1 || len(b.Hits) != 1 {
		t.Errorf("hits %+v, want the modal over the whole entry", b.Hits)
	}
	assertFocusShows(t, n, c.State, 40)

	ctl, ok := ControlFor(n)
	if !ok {
		t.Fatal("Modal is not a control")
	}
	st := c.State.Node("modal")
	for _, k := range []string{"enter", "space"} {
		if got := ctl.Key(n, st, ctlKey(k), c); got != (Intent{Kind: OpenModal, Node: "modal"}) {
			t.Errorf("%s: %+v, want OpenModal", k, got)
		}
	}
	if got := ctl.Click(n, st, -1, c); got != (Intent{Kind: OpenModal, Node: "modal"}) {
		t.Errorf("click: %+v, want OpenModal", got)
	}
	for _, k := range append(append([]string{}, programKeys...), "left", "right", "up", "down", "x") {
		if got := ctl.Key(n, st, ctlKey(k), c); got.Kind != Ignored {
			t.Errorf("%s: %+v, want Ignored", k, got)
		}
	}
}

// TestModalFocusWithoutColour: without colour the focused entry is marked
// with ">", and no letter of it is lost, however narrow.
func TestModalFocusWithoutColour(t *testing.T) {
	n := layTerms()
	want := layLetters("Read the terms of the booking")
	for w := 1; w <= 60; w++ {
		for _, focus := range []string{"", "modal"} {
			c := layCtx(termenv.Ascii, false, focus)
			b := Render(n, w, c)
			checkBlock(t, b, w)
			if got := layLetters(b.String()); !reflect.DeepEqual(got, want) {
				t.Errorf("w=%d focus %q: letters lost:\n%s", w, focus, plain(b))
			}
			if focus != "" && w > 2 && !strings.HasPrefix(plain(b), ">") {
				t.Errorf("w=%d: the focus is not marked:\n%s", w, plain(b))
			}
			assertFocusMark(t, b, "modal")
		}
	}
	b := Render(n, 40, layCtx(termenv.Ascii, false, "modal"))
	if got := plain(b); got != "> Read the terms of the booking" {
		t.Errorf("focused at 40: %q", got)
	}
}

func TestModalDialog(t *testing.T) {
	n := layTerms()
	for _, ascii := range []bool{false, true} {
		c := layCtx(termenv.TrueColor, ascii, "accept")
		tl, tr, bl, br, v := "╭", "╮", "╰", "╯", "│"
		if ascii {
			tl, tr, bl, br, v = "+", "+", "+", "+", "|"
		}
		for w := 8; w <= 120; w++ {
			b := Dialog(n, w, c)
			checkBlock(t, b, w)
			lines := layLines(b)
			inner := Render(n.Children[1], w-4, c)
			if len(lines) != inner.H()+2 {
				t.Fatalf("w=%d: %d lines for content of %d", w, len(lines), inner.H())
			}
			top, bottom := lines[0], lines[len(lines)-1]
			if !strings.HasPrefix(top, tl) || !strings.HasSuffix(top, tr) || !strings.HasPrefix(bottom, bl) || !strings.HasSuffix(bottom, br) {
				t.Errorf("w=%d ascii=%v: frame\n%s", w, ascii, strings.Join(lines, "\n"))
			}
			if hint := " esc close "; w < 14 && !strings.Contains(top, " esc ") || w >= 14 && !strings.Contains(top, hint) {
				t.Errorf("w=%d: no close hint: %q", w, top)
			}
			for y := 1; y < len(lines)-1; y++ {
				l := []rune(lines[y])
				if string(l[0]) != v || string(l[len(l)-1]) != v || l[1] != ' ' || l[len(l)-2] != ' ' {
					t.Errorf("w=%d line %d = %q: want the content framed and padded", w, y, lines[y])
				}
			}
			h, ok := layHit(b, "accept")
			ih, _ := layHit(inner, "accept")
			if !ok || !h.Focusable || h.X != ih.X+2 || h.Y != ih.Y+1 {
				t.Errorf("w=%d: accept hit %+v, want the content's %+v moved into the frame", w, h, ih)
			}
		}
	}
	if got := Dialog(n, 40, layCtx(termenv.TrueColor, false, "")); !strings.Contains(plain(got), "Free cancellation") || strings.Contains(plain(got), "Read the terms") {
		t.Errorf("the dialog shows the content, not the entry:\n%s", plain(got))
	}
	for w := 0; w < 8; w++ {
		if b := Dialog(n, w, layCtx(termenv.TrueColor, false, "")); b.H() != 0 {
			t.Errorf("w=%d: a dialog too narrow to frame draws %d lines", w, b.H())
		}
	}
	noContent := &a2ui.Node{ID: "m", Type: "Modal", Props: &a2ui.ModalProps{}, Children: []*a2ui.Node{layText("e", "entry")}}
	if b := Dialog(noContent, 40, layCtx(termenv.TrueColor, false, "")); b.H() != 0 {
		t.Errorf("a modal without content: %+v", b)
	}
}

func TestModalOf(t *testing.T) {
	// A resolved tree: the search skips the subtrees the canvas found to
	// hold no Modal.
	_, root := surface(t, "s", one(
		`{"id":"root","component":{"Column":{"children":{"explicitList":["outer","other"]}}}}`,
		[]string{
			`{"id":"outer","component":{"Modal":{"entryPointChild":"entry","contentChild":"content"}}}`,
			`{"id":"entry","component":{"Row":{"children":{"explicitList":["lbl","open","inner"]}}}}`,
			`{"id":"lbl","component":{"Text":{"text":{"literalString":"Hotel"}}}}`,
			`{"id":"open","component":{"Button":{"child":"lbl","action":{"name":"go"}}}}`,
			`{"id":"inner","component":{"Modal":{"entryPointChild":"innerOpen","contentChild":"innerContent"}}}`,
			`{"id":"innerOpen","component":{"Button":{"child":"lbl","action":{"name":"go"}}}}`,
			`{"id":"innerContent","component":{"Text":{"text":{"literalString":"Deep"}}}}`,
			`{"id":"content","component":{"Column":{"children":{"explicitList":["accept"]}}}}`,
			`{"id":"accept","component":{"Button":{"child":"lbl","action":{"name":"go"}}}}`,
			`{"id":"other","component":{"Button":{"child":"lbl","action":{"name":"go"}}}}`,
		}, ""))
	for id, want := range map[string]string{
		"open":      "outer",
		"lbl":       "outer",
		"entry":     "outer",
		"innerOpen": "inner", // the innermost modal whose entry holds it
		"accept":    "",      // in the content, not the entry
		"other":     "",
		"outer":     "",
		"missing":   "",
	} {
		got := ModalOf(root, id)
		if (got == nil) != (want == "") || got != nil && got.ID != want {
			t.Errorf("ModalOf(%q) = %v, want %q", id, got, want)
		}
	}
	if ModalOf(nil, "open") != nil {
		t.Errorf("ModalOf(nil) found something")
	}
}
