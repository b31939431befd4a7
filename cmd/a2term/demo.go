package main

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

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

The same canvas is in the web mirror (a tokenized page on 127.0.0.1): press
ctrl+o to open it in a browser, or, over SSH, to see the ssh -L command
that reaches it. What you do there reaches the agent the same way.

--script NAME shows one part only; --list lists the parts.`

func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("demo", "demo [--list] [--script NAME] [--no-web] [--open]", demoAbout, stderr)
	list := fs.Bool("list", false, "list the parts of the demo and exit")
	script := fs.String("script", "", "play only this part (see --list)")
	ascii := fs.Bool("ascii", false, "draw with ASCII glyphs only")
	images := fs.String("images", "on", "draw pictures (on) or their alt text (off)")
	noWeb := fs.Bool("no-web", false, "do not start the web mirror on 127.0.0.1")
	openFlag := fs.Bool("open", false, "open the web mirror in a browser (over SSH: show how to reach it)")
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
	hub := bridge.NewHub(bridge.HubOptions{})
	defer hub.Close()
	web, openWeb, err := startWeb(hub, *noWeb, nil)
	if err != nil {
		fmt.Fprintf(stderr, "a2term demo: %v\n", err)
		return exitRefused
	}
	if web != nil {
		defer web.Close()
		if *openFlag {
			for _, l := range openWeb() {
				if l != "" {
					hub.Board().Append(bridge.RoleNote, l)
				}
			}
		}
	}
	agent := &demoAgent{hub: hub, parts: parts}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	agent.open(0)
	go agent.run(ctx)

	r, ssh := terminalRenderer()
	m := tui.New(hub, tui.Options{Renderer: r, Widgets: components.Options{ASCII: *ascii, NoImages: *images == "off"}, OpenWeb: openWeb})
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
	hub    *bridge.Hub
	parts  []string
	opened int
}

// run reads the person's actions the way an agent does, with canvas.wait,
// and answers each in turn, until ctx ends.
func (a *demoAgent) run(ctx context.Context) {
	for {
		res, err := a.hub.Wait(ctx, 60*time.Second)
		if err != nil {
			return
		}
		if res.TimedOut {
			if ctx.Err() != nil {
				return
			}
			continue
		}
		var msg struct {
			UserAction struct {
				Name      string         `json:"name"`
				SurfaceID string         `json:"surfaceId"`
				Context   map[string]any `json:"context"`
			} `json:"userAction"`
		}
		if json.Unmarshal(res.Action, &msg) == nil {
			a.answer(msg.UserAction.Name, msg.UserAction.SurfaceID, msg.UserAction.Context, res.Source)
		}
	}
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
	a.hub.Append(bridge.RoleAgent, demoIntro[a.parts[i]])
	if _, err := a.hub.Show(msgs); err != nil {
		a.hub.Append(bridge.RoleNote, "the demo could not show "+a.parts[i]+": "+err.Error())
	}
}

var demoIntro = map[string]string{
	"invoices": "Here are the invoices you still owe. Tick the ones to pay, add a note if you like, and choose.",
	"settings": "While we are at it: how should I notify you? I opened your settings.",
	"gallery":  "That is all I needed. The last tab shows every kind of component a2term draws; try them.",
}

// answer says what the agent understood of an action, updates the
// surface, and opens the next part.
func (a *demoAgent) answer(name, surfaceID string, ctx map[string]any, source bridge.Source) {
	next := -1
	for i, p := range a.parts {
		if p == surfaceID {
			next = i + 1
		}
	}
	switch name {
	case "pay_both", "pay_selected", "not_now":
		note, _ := ctx["note"].(string)
		var said, summary string
		switch name {
		case "pay_both":
			said, summary = "Paying both invoices, € 1,329.90 in all.", "Paid INV-1042 and INV-1057."
		case "pay_selected":
			var picked []string
			if inv, ok := ctx["invoices"].(map[string]any); ok {
				for k, v := range inv {
					if o, ok := v.(map[string]any); ok && o["selected"] == true {
						picked = append(picked, k)
					}
				}
			}
			sort.Strings(picked)
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
		a.hub.Append(bridge.RoleAgent, fmt.Sprintf("You chose %s in the %s. %s", name, source, said))
		upd, _ := json.Marshal(map[string]any{"dataModelUpdate": map[string]any{"surfaceId": "invoices", "path": "/summary",
			"contents": []any{map[string]any{"key": ".", "valueString": summary}}}})
		a.hub.Show([]json.RawMessage{upd})
	case "save_settings":
		js, _ := json.Marshal(ctx["settings"])
		a.hub.Append(bridge.RoleAgent, "Saved your settings: "+string(js))
	case "gallery_submit":
		js, _ := json.Marshal(ctx["values"])
		a.hub.Append(bridge.RoleAgent, "The gallery sent: "+string(js))
		return
	default:
		return
	}
	if next > 0 {
		a.open(next)
	}
}
