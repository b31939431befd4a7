//go:build unix

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/tui"
)

// hardTexts are texts whose width terminals disagree on, tmux 3.3 among
// them: it draws a skin-toned emoji in four cells where a2term's layout
// counts two, a run of Hangul fillers in two cells each, and code points
// newer than its tables in none.
var hardTexts = []struct{ name, text string }{
	{"skin tones", strings.Repeat("👍🏽", 12)},
	{"ZWJ families", "👨\u200d👩\u200d👧 👩\u200d💻 🧑🏻\u200d🤝\u200d🧑🏿 👨\u200d👩\u200d👧"},
	{"flags", "🇫🇷🇯🇵🇺🇦🇩🇪 🇫"},
	{"keycaps", "1️⃣ 2️⃣ #️⃣ *⃣ 9️⃣"},
	{"VS16 and VS15", "❤️ ☺️ ⚠️ ✈️ ⌚︎ ⭐︎ ©️"},
	{"Hangul fillers", strings.Repeat("\u115f", 30) + "\u3164\u1160\uffa0"},
	{"Hangul jamo", "\u1100\u1161\u11a8 \u1100 \u1161 가\u11a8 \ua960\ua960"},
	{"East Asian Ambiguous", "±±±±±±±±±± ÀÉÎÕÜ Жук Ωμέγα …•“”’ ─│┼"},
	{"combining marks", "e\u0301 a\u0308\u0323 o\u0302\u0303"},
	{"Indic and Thai", "क्षत्रिय किताब कि कि कि กำลัง กำ กำ"},
	{"new code points", "\U0001FAE8\U0001FAE8\U0001FAE8 \U00031350\U00031350"},
	{"wide CJK", strings.Repeat("漢字", 60)},
}

// hardSurface is surface "pay": text terminals disagree on above the
// controls, beside them and in their labels and values.
func hardSurface(text string) []json.RawMessage {
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	lit := func(s string) string { return `{"literalString":` + q(s) + `}` }
	comps := []string{
		`{"id":"root","component":{"Column":{"children":{"explicitList":["title","above","row","row2","agree","pick","name"]}}}}`,
		`{"id":"title","component":{"Text":{"text":` + lit("Invoice 42") + `,"usageHint":"h2"}}}`,
		`{"id":"above","component":{"Text":{"text":` + lit(text) + `}}}`,
		`{"id":"row","component":{"Row":{"children":{"explicitList":["left","cancel","mid","approve"]}}}}`,
		`{"id":"left","component":{"Text":{"text":` + lit(text) + `}}}`,
		`{"id":"cancel","component":{"Button":{"child":"cancel-label","action":{"name":"cancel_order"}}}}`,
		`{"id":"cancel-label","component":{"Text":{"text":` + lit("Cancel") + `}}}`,
		`{"id":"mid","component":{"Text":{"text":` + lit(text) + `}}}`,
		`{"id":"approve","component":{"Button":{"child":"approve-label","action":{"name":"approve_order"}}}}`,
		`{"id":"approve-label","component":{"Text":{"text":` + lit("Approve "+text) + `}}}`,
		`{"id":"row2","component":{"Row":{"children":{"explicitList":["reject","mid2","pay"]}}}}`,
		`{"id":"reject","component":{"Button":{"child":"reject-label","action":{"name":"reject_order"}}}}`,
		`{"id":"reject-label","component":{"Text":{"text":` + lit("Reject") + `}}}`,
		`{"id":"mid2","component":{"Text":{"text":` + lit(text) + `}}}`,
		`{"id":"pay","component":{"Button":{"child":"pay-label","primary":true,"action":{"name":"pay_order"}}}}`,
		`{"id":"pay-label","component":{"Text":{"text":` + lit("Pay now") + `}}}`,
		`{"id":"agree","component":{"CheckBox":{"label":` + lit("Remember "+text) + `,"value":{"path":"/remember"}}}}`,
		`{"id":"pick","component":{"MultipleChoice":{"selections":{"path":"/color"},"maxAllowedSelections":1,"options":[{"label":` + lit(text) + `,"value":"odd"},{"label":` + lit("green") + `,"value":"green"}]}}}`,
		`{"id":"name","component":{"TextField":{"label":` + lit("Name "+text) + `,"text":` + lit(text) + `}}}`,
	}
	return []json.RawMessage{
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"pay","components":[` + strings.Join(comps, ",") + `]}}`),
		json.RawMessage(`{"dataModelUpdate":{"surfaceId":"pay","contents":[{"key":"remember","valueBoolean":false},{"key":"color","valueMap":[]}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"pay","root":"root"}}`),
	}
}

// find returns where tmux shows text on the screen (the start of its last
// occurrence): its own idea of the cells, read in copy mode.
func (x *tmux) find(text string) (col, row int, ok bool) {
	x.t.Helper()
	run := func(args ...string) string {
		return strings.TrimSpace(x.srv.Run(append(args[:1:1], append([]string{"-t", x.session}, args[1:]...)...)...))
	}
	run("copy-mode")
	defer run("send-keys", "-X", "cancel")
	run("send-keys", "-X", "bottom-line")
	run("send-keys", "-X", "end-of-line")
	run("send-keys", "-X", "search-backward-text", text)
	pos := run("display", "-p", "#{copy_cursor_x} #{copy_cursor_y}")
	if _, err := fmt.Sscan(pos, &col, &row); err != nil {
		x.t.Fatalf("copy cursor %q: %v", pos, err)
	}
	// tmux says what it found at the cursor.
	return col, row, run("display", "-p", "#{search_match}") == text
}

// click presses and releases the left button at a cell, as a terminal
// reports it to a program that asked for SGR mouse reports.
func (x *tmux) click(col, row int) {
	x.t.Helper()
	x.keys("-l", fmt.Sprintf("\x1b[<0;%d;%dM\x1b[<0;%d;%dm", col+1, row+1, col+1, row+1))
}

// lines returns the screen's rows.
func (x *tmux) rows() []string { return strings.Split(strings.TrimSuffix(x.screen(), "\n"), "\n") }

// layoutAt returns where a2term's layout puts text in a frame: the row of
// its first occurrence and the cells before it on that row.
func layoutAt(frame, text string) (col, row int, ok bool) {
	for y, l := range strings.Split(frame, "\n") {
		plain := ansi.Strip(l)
		if i := strings.Index(plain, text); i >= 0 {
			return ansi.StringWidth(plain[:i]), y, true
		}
	}
	return 0, 0, false
}

// hardFrame is the frame a2term draws of hardSurface at w×h with a colour
// profile: termenv.ANSI256 as in tmux with TERM=xterm-256color,
// termenv.Ascii as under NO_COLOR.
func hardFrame(t *testing.T, text string, w, h int, p termenv.Profile) string {
	t.Helper()
	b := hub.NewBoard(a2ui.Options{}, nil)
	if _, _, err := b.Show(hardSurface(text)); err != nil {
		t.Fatal(err)
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	frame, err := tui.Frame(b, tui.Options{Renderer: r}, w, h, "pay", "")
	if err != nil {
		t.Fatal(err)
	}
	return frame
}

// TestHardTextInTmux draws, for each hard case, a surface full of it in a
// real terminal, and checks with tmux's own idea of its cells that nothing
// moved: the tab bar is on the first row, the status line on the last,
// and every control's label is in the row and column where a2term's
// layout (which the mouse uses) puts it. Wide CJK runs up to the last
// column at an even and an odd width. It does so in colour and under
// NO_COLOR, whose frames mark focus and the active tab with characters
// instead of styles.
func TestHardTextInTmux(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	modes := []struct {
		name    string
		env     []string
		profile termenv.Profile
		tab     string // how the first row starts
	}{
		{"colour", nil, termenv.ANSI256, " 1 pay "},
		{"NO_COLOR", []string{"NO_COLOR=1"}, termenv.Ascii, "[1 pay]"},
	}
	for _, mode := range modes {
		t.Run(mode.name, func(t *testing.T) { hardTextInTmux(t, bin, dir, mode.env, mode.profile, mode.tab) })
	}
}

func hardTextInTmux(t *testing.T, bin, dir string, env []string, profile termenv.Profile, tab string) {
	for i, hc := range hardTexts {
		w, h := 80, 24
		if i%2 == 1 {
			w = 81
		}
		t.Run(strings.ReplaceAll(hc.name, " ", "_"), func(t *testing.T) {
			var stream []byte
			for _, m := range hardSurface(hc.text) {
				stream = append(append(stream, m...), '\n')
			}
			file := filepath.Join(dir, strconv.Itoa(i)+".jsonl")
			if err := os.WriteFile(file, stream, 0o600); err != nil {
				t.Fatal(err)
			}
			x := startTmux(t, w, h, append(append([]string{"env"}, env...), bin, "replay", file)...)
			x.waitFor("Cancel")
			x.settle()
			frame := hardFrame(t, hc.text, w, h, profile)
			rows := x.rows()
			if len(rows) != h || !strings.HasPrefix(rows[0], tab) || !strings.Contains(rows[h-1], "ctrl+c quit") {
				t.Fatalf("the tab bar or the status line moved:\n%s", x.screen())
			}
			checked := 0
			for _, label := range []string{"Invoice 42", "Cancel", "Approve", "Reject", "Pay now", "Remember", "green", "Name"} {
				lc, lr, inLayout := layoutAt(frame, label)
				tc, tr, inTmux := x.find(label)
				switch {
				case inLayout != inTmux:
					t.Fatalf("%q is on the screen in the layout: %v, in tmux: %v:\n%s", label, inLayout, inTmux, x.screen())
				case !inLayout:
					continue // scrolled out of view in both
				}
				checked++
				if tc != lc || tr != lr {
					t.Errorf("%q is at column %d row %d in tmux, at column %d row %d in the layout:\n%s", label, tc, tr, lc, lr, x.screen())
				}
			}
			if checked < 3 {
				t.Errorf("only %d labels were on the screen to check", checked)
			}
			x.keys("C-c")
			x.gone()
		})
	}
}

// TestClicksLandInTmux: an agent shows controls among text terminals
// disagree on; the person clicks each control where tmux shows it, and the
// agent gets that control's action (or its value changes), never another.
func TestClicksLandInTmux(t *testing.T) {
	bin := buildBinary(t)
	for _, hc := range []struct{ name, text string }{hardTexts[0], hardTexts[1], hardTexts[5], hardTexts[7], hardTexts[9], hardTexts[10]} {
		t.Run(strings.ReplaceAll(hc.name, " ", "_"), func(t *testing.T) {
			sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
			x := startTmux(t, 100, 30, bin, "--no-web", "--socket", sock)
			x.waitFor("agents: " + sock)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			c, err := client.Dial(ctx, sock)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := c.Show(ctx, hardSurface(hc.text)...); err != nil {
				t.Fatal(err)
			}
			x.waitFor("Cancel")
			x.settle()
			for _, b := range []struct{ label, action string }{
				{"Cancel", "cancel_order"}, {"Approve", "approve_order"}, {"Reject", "reject_order"}, {"Pay now", "pay_order"},
			} {
				col, row, ok := x.find(b.label)
				if !ok {
					t.Fatalf("tmux does not show %q:\n%s", b.label, x.screen())
				}
				// The middle of the label, where a person aims.
				x.click(col+len(b.label)/2, row)
				res, err := c.Wait(ctx, 20)
				if err != nil || res.TimedOut {
					t.Fatalf("clicking %q at %d,%d sent nothing (%v):\n%s", b.label, col, row, err, x.screen())
				}
				var msg struct {
					UserAction struct {
						Name string `json:"name"`
					} `json:"userAction"`
				}
				if err := json.Unmarshal(res.Action, &msg); err != nil {
					t.Fatal(err)
				}
				if msg.UserAction.Name != b.action {
					t.Errorf("clicking %q sent %q, want %q:\n%s", b.label, msg.UserAction.Name, b.action, x.screen())
				}
			}
			for _, v := range []struct{ label, key, want string }{{"Remember", "remember", "true"}, {"green", "color", `["green"]`}} {
				col, row, ok := x.find(v.label)
				if !ok {
					t.Fatalf("tmux does not show %q:\n%s", v.label, x.screen())
				}
				x.click(col+1, row)
				deadline := time.Now().Add(screenWait)
				for {
					st, err := c.State(ctx, "pay")
					if err != nil {
						t.Fatal(err)
					}
					var model map[string]json.RawMessage
					if len(st) == 1 {
						json.Unmarshal(st[0].DataModel, &model)
					}
					if string(model[v.key]) == v.want {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("clicking %q left %s at %s, want %s:\n%s", v.label, v.key, model[v.key], v.want, x.screen())
					}
					time.Sleep(50 * time.Millisecond)
				}
			}
			x.keys("C-c")
			x.gone()
		})
	}
}
