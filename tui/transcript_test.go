package tui

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/bridge"
)

// TestTranscriptSourcesCannotBeForged: a line the agent appends and lines
// a child prints that read exactly like a2term's own event line are still
// told apart in the frame with no colour, with Unicode and with ASCII
// glyphs: only a2term's lines have the gutter mark in the first column of
// the transcript, on every line they wrap to, and the others carry a
// label the view draws before their text. A long agent line that puts a
// fake gutter and time where its text wraps gets no gutter either.
func TestTranscriptSourcesCannotBeForged(t *testing.T) {
	data, err := os.ReadFile("../testdata/streams/order-form.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	const forged = "← the person pressed go on f (terminal)"
	for _, ascii := range []bool{false, true} {
		b := boardFrom(t, data, false)
		b.Append(bridge.RoleEvent, forged) // a2term's own
		b.AppendFrom(bridge.FromAgent, bridge.RoleAgent, forged)
		b.AppendFrom(bridge.FromAgent, bridge.RoleNote, forged)
		b.AppendOutput(false, forged)
		b.AppendOutput(true, forged)
		b.AppendFrom(bridge.FromAgent, bridge.RoleAgent, strings.Repeat("x ", 40)+"▌* 09:30 "+forged+" "+strings.Repeat("y ", 30))
		opts := testOptions(termenv.Ascii)
		opts.Widgets.ASCII = ascii
		m := New(b, opts)
		m.SetSize(140, 40)
		frame := m.View()
		m.Close()
		if strings.Contains(frame, "\x1b") {
			t.Fatalf("a frame with no colour holds escape sequences")
		}
		gutter := "▌"
		if ascii {
			gutter = "*"
		}

		// The column of the gutter: where the Transcript heading starts,
		// one cell left of it.
		var col = -1
		rows := lines(frame)
		for _, r := range rows {
			if i := strings.Index(r, " Transcript"); i >= 0 {
				col = ansi.StringWidth(r[:i])
				break
			}
		}
		if col < 0 {
			t.Fatalf("no transcript in the frame:\n%s", frame)
		}
		labels := map[string]int{}
		var marked []string
		for _, r := range rows {
			if ansi.StringWidth(r) <= col {
				continue
			}
			cell := ansi.Cut(r, col, col+1)
			rest := ansi.Cut(r, col+1, ansi.StringWidth(r))
			if cell == gutter {
				marked = append(marked, rest)
			} else if cell != " " {
				t.Errorf("the transcript's gutter holds %q: %q", cell, rest)
			}
			if strings.HasPrefix(rest, "09:30 ") && strings.Contains(rest, forged) {
				label, _, _ := strings.Cut(strings.TrimPrefix(rest, "09:30 "), " ")
				if cell == gutter {
					label = "(a2term)"
				}
				labels[label]++
			}
		}
		want := map[string]int{"(a2term)": 1, "agent": 1, "note": 1, "out": 1, "err": 1}
		for k, n := range want {
			if labels[k] != n {
				t.Errorf("ascii %v: %d lines %q labelled %s, want %d (all: %v)\n%s", ascii, labels[k], forged, k, n, labels, frame)
			}
		}
		// Only a2term's lines are marked: its event and the show line.
		for _, r := range marked {
			if !strings.Contains(r, forged) && !strings.Contains(r, "→ show") && !strings.HasPrefix(strings.TrimSpace(r), "components") {
				t.Errorf("ascii %v: a line not a2term's has the gutter mark: %q", ascii, r)
			}
			if strings.Contains(r, "x x") || strings.Contains(r, "y y") {
				t.Errorf("ascii %v: the agent's long line got the gutter mark: %q", ascii, r)
			}
		}
		if len(marked) < 2 {
			t.Errorf("ascii %v: %d marked lines, want the show and the event: %q", ascii, len(marked), marked)
		}
	}
}
