package main

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/tui"
)

//go:embed demo/*.jsonl
var demoFiles embed.FS

// demoParts are the demo's surfaces, in the order the demo agent opens
// them, with what each shows.
var demoParts = []struct{ name, about string }{
	{"invoices", "invoices still owed: cards, a note field and three buttons"},
	{"settings", "a settings form: check box, slider, choices, date and time, an obscured PIN"},
	{"gallery", "a gallery of all 18 components: a picture, tabs, a dialog, every input"},
}

const demoAbout = `
Demo plays a built-in agent, so you can see what a2term is for with nothing
else installed. The agent shows the invoices you still owe and waits for
you; what you choose opens the next surface: a settings form, then a
gallery of every component. Switch between surfaces with ctrl+n / ctrl+p,
move between controls with tab, and read the conversation in the
transcript (beside the surface at 100 columns or more, ctrl+t otherwise).

--script NAME shows one part only; --list lists the parts.`

func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("demo", "demo [--list] [--script NAME]", demoAbout, stderr)
	list := fs.Bool("list", false, "list the parts of the demo and exit")
	script := fs.String("script", "", "play only this part (see --list)")
	ascii := fs.Bool("ascii", false, "draw with ASCII glyphs only")
	images := fs.String("images", "on", "draw pictures (on) or their alt text (off)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "a2term demo: unexpected argument %q\n", rest[0])
		return exitUsage
	}
	if *images != "on" && *images != "off" {
		fmt.Fprintf(stderr, "a2term demo: --images %q: use on or off\n", *images)
		return exitUsage
	}
	if *list {
		for _, p := range demoParts {
			fmt.Fprintf(stdout, "%-10s %s\n", p.name, p.about)
		}
		return exitOK
	}
	parts := []string{"invoices", "settings", "gallery"}
	if *script != "" {
		if _, err := demoFiles.ReadFile("demo/" + *script + ".jsonl"); err != nil {
			fmt.Fprintf(stderr, "a2term demo: no part %q (see a2term demo --list)\n", *script)
			return exitUsage
		}
		parts = []string{*script}
	}
	board := bridge.NewBoard(a2ui.Options{}, nil)
	agent := &demoAgent{board: board, parts: parts}
	board.OnAction(agent.react)
	agent.open(0)

	r, ssh := terminalRenderer()
	m := tui.New(board, tui.Options{Renderer: r, Widgets: components.Options{ASCII: *ascii, NoImages: *images == "off"}})
	defer m.Close()
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion()}
	if ssh {
		opts = append(opts, tea.WithFPS(20))
	}
	if _, err := tea.NewProgram(m, opts...).Run(); err != nil {
		fmt.Fprintf(stderr, "a2term demo: %v\n", err)
		return exitRefused
	}
	return exitOK
}

// demoAgent answers the person's actions the way an agent would: it says
// what it understood, updates the surface, and opens the next part.
type demoAgent struct {
	board  *bridge.Board
	parts  []string
	mu     sync.Mutex // one answer at a time, in the order of the actions
	opened int
}

func (a *demoAgent) open(i int) {
	if i >= len(a.parts) || i < a.opened {
		return
	}
	a.opened = i + 1
	data, _ := demoFiles.ReadFile("demo/" + a.parts[i] + ".jsonl")
	raws, _ := a2ui.SplitStream(data)
	msgs := make([]json.RawMessage, len(raws))
	for j, r := range raws {
		msgs[j] = r
	}
	a.board.Append(bridge.RoleAgent, demoIntro[a.parts[i]])
	if _, _, err := a.board.Show(msgs); err != nil {
		a.board.Append(bridge.RoleNote, "the demo could not show "+a.parts[i]+": "+err.Error())
	}
}

var demoIntro = map[string]string{
	"invoices": "Here are the invoices you still owe. Tick the ones to pay, add a note if you like, and choose.",
	"settings": "While we are at it: how should I notify you? I opened your settings.",
	"gallery":  "That is all I needed. The last tab shows every kind of component a2term draws; try them.",
}

func (a *demoAgent) react(act *a2ui.UserAction, source bridge.Source) {
	// Runs outside the board's lock: showing from here is safe.
	go a.answer(act, source)
}

func (a *demoAgent) answer(act *a2ui.UserAction, source bridge.Source) {
	a.mu.Lock()
	defer a.mu.Unlock()
	ctx := func(k string) any { v, _ := act.Context.Get(k); return v }
	next := -1
	for i, p := range a.parts {
		if p == act.SurfaceID {
			next = i + 1
		}
	}
	switch act.Name {
	case "pay_both", "pay_selected", "not_now":
		note, _ := ctx("note").(string)
		var said, summary string
		switch act.Name {
		case "pay_both":
			said, summary = "Paying both invoices, € 1,329.90 in all.", "Paid INV-1042 and INV-1057."
		case "pay_selected":
			var picked []string
			if inv, ok := ctx("invoices").(*a2ui.Object); ok {
				for _, k := range inv.Keys() {
					v, _ := inv.Get(k)
					if o, ok := v.(*a2ui.Object); ok {
						if sel, _ := o.Get("selected"); sel == true {
							picked = append(picked, k)
						}
					}
				}
			}
			if len(picked) == 0 {
				said, summary = "You pressed Pay selected with nothing ticked, so I paid nothing.", "Nothing paid: no invoice was ticked."
			} else {
				said, summary = "Paying "+strings.Join(picked, " and ")+".", "Paid "+strings.Join(picked, " and ")+"."
			}
		case "not_now":
			said, summary = "Understood, nothing is paid. I will remind you next week.", "Nothing paid; a reminder is set for next week."
		}
		if note != "" {
			said += fmt.Sprintf(" Your note %q goes with it.", note)
		}
		a.board.Append(bridge.RoleAgent, fmt.Sprintf("You chose %s in the %s. %s", act.Name, source, said))
		upd, _ := json.Marshal(map[string]any{"dataModelUpdate": map[string]any{"surfaceId": "invoices", "path": "/summary",
			"contents": []any{map[string]any{"key": ".", "valueString": summary}}}})
		a.board.Show([]json.RawMessage{upd})
	case "save_settings":
		a.board.Append(bridge.RoleAgent, "Saved your settings: "+string(a2ui.MarshalValue(ctx("settings"))))
	case "gallery_submit":
		a.board.Append(bridge.RoleAgent, "The gallery sent: "+string(a2ui.MarshalValue(ctx("values"))))
		return
	default:
		return
	}
	if next > 0 {
		a.open(next)
	}
}
