package components

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// layTrip is a Tabs "tabs" with three tabs; the second holds a button.
func layTrip() *a2ui.Node {
	return layTabs("tabs", []string{"Flights", "Hotel", "Car"},
		layText("p0", "Lisbon → Porto, Friday 09:40."),
		layColumn("p1", "stretch", layText("p1t", "Hotel Miramar, two nights."), layButton("book", "Book")),
		layText("p2", "No car booked."))
}

func TestTabsGolden(t *testing.T) {
	st := NewState()
	n := layTrip()
	states := ctlStates("tabs", st)
	delete(states, "nocolor_focused")
	goldenStates(t, "first", n, states)

	second := NewState()
	second.Node("tabs").Tab = 1
	goldenStates(t, "second", n, map[string]*Context{
		"idle":            {Theme: testTheme(termenv.TrueColor), State: second},
		"focused":         {Theme: testTheme(termenv.TrueColor), State: second, Focus: "tabs"},
		"nocolor_focused": {Theme: testTheme(termenv.Ascii), State: second, Focus: "tabs"},
		"button_focused":  {Theme: testTheme(termenv.TrueColor), State: second, Focus: "book"},
	})

	// More titles than 30 columns hold, the 7th selected.
	many := layMany()
	far := NewState()
	far.Node("tabs").Tab = 6
	goldenStates(t, "many", many, map[string]*Context{
		"focused":       {Theme: testTheme(termenv.TrueColor), State: far, Focus: "tabs"},
		"ascii_focused": ctlStates("tabs", far)["ascii_focused"],
	})
}

var layManyTitles = []string{"Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett"}

func layMany() *a2ui.Node {
	var ch []*a2ui.Node
	for i, title := range layManyTitles {
		ch = append(ch, layText(fmt.Sprintf("p%d", i), "Content of "+title))
	}
	return layTabs("tabs", layManyTitles, ch...)
}

func TestTabsDraw(t *testing.T) {
	n := layTrip()
	c := layCtx(termenv.TrueColor, false, "")
	b := Render(n, 40, c)
	checkBlock(t, b, 40)
	want := " Flights │ Hotel │ Car\n" + strings.Repeat("─", 40) + "\nLisbon → Porto, Friday 09:40."
	if got := plain(b); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// The strip is the focusable whole, then one part per title.
	assertFocusMark(t, b, "tabs")
	if h := b.Hits[0]; h.W != 40 || h.H != 1 || h.Y != 0 {
		t.Errorf("strip hit %+v, want the whole first line", h)
	}
	strip := layLines(b)[0]
	for i, title := range []string{"Flights", "Hotel", "Car"} {
		h := b.Hits[1+i]
		if h.Part != i || h.Node != "tabs" || h.Focusable || h.Y != 0 || h.W != len(title)+2 || h.X != layCol(strip, title)-1 {
			t.Errorf("title %d hit %+v, want it over %q", i, h, title)
		}
	}
	if len(b.Hits) != 4 {
		t.Errorf("a text tab adds no hits: %+v", b.Hits)
	}

	// Only the selected tab's content is drawn, with its hits below the
	// strip.
	c.State.Node("tabs").Tab = 1
	b = Render(n, 40, c)
	checkBlock(t, b, 40)
	got := plain(b)
	if !strings.Contains(got, "Hotel Miramar") || strings.Contains(got, "Lisbon") || strings.Contains(got, "No car") {
		t.Errorf("second tab:\n%s", got)
	}
	if h, ok := layHit(b, "book"); !ok || h.Y != 3 || !h.Focusable {
		t.Errorf("the button of the second tab: %+v", h)
	}
	// A tab index out of range (the agent removed tabs) is kept in range.
	c.State.Node("tabs").Tab = 9
	if got := plain(Render(n, 40, c)); !strings.Contains(got, "No car booked.") {
		t.Errorf("tab out of range:\n%s", got)
	}
	c.State.Node("tabs").Tab = -2
	if got := plain(Render(n, 40, c)); !strings.Contains(got, "Lisbon") {
		t.Errorf("negative tab:\n%s", got)
	}
}

func TestTabsFocusShows(t *testing.T) {
	n := layTrip()
	st := NewState()
	assertFocusShows(t, n, st, 40)

	color := Render(n, 40, &Context{Theme: testTheme(termenv.TrueColor), State: st, Focus: "tabs"})
	if !strings.Contains(color.Lines[0], "\x1b[") {
		t.Errorf("focused strip in colour has no styling: %q", color.Lines[0])
	}
	if got := layLines(color)[0]; !strings.HasPrefix(got, " Flights ") {
		t.Errorf("in colour the titles keep their place: %q", got)
	}
	for focus, want := range map[string]string{"": "[Flights]│ Hotel │ Car", "tabs": ">Flights<│ Hotel │ Car"} {
		b := Render(n, 40, &Context{Theme: testTheme(termenv.Ascii), State: st, Focus: focus})
		checkBlock(t, b, 40)
		if strings.Contains(b.String(), "\x1b[") {
			t.Errorf("no colour, yet styled: %q", b.String())
		}
		if got := strings.TrimRight(layLines(b)[0], " "); got != want {
			t.Errorf("no colour, focus %q: %q, want %q", focus, got, want)
		}
	}
}

func TestTabsKeys(t *testing.T) {
	n := layTrip()
	c := layCtx(termenv.TrueColor, false, "tabs")
	st := c.State.Node("tabs")
	ctl, ok := ControlFor(n)
	if !ok {
		t.Fatal("Tabs is not a control")
	}
	for _, step := range []struct {
		key  string
		kind IntentKind
		tab  int
	}{
		{"right", Handled, 1},
		{"right", Handled, 2},
		{"right", Ignored, 2}, // at the end
		{"left", Handled, 1},
		{"home", Handled, 0},
		{"left", Ignored, 0}, // at the start
		{"end", Handled, 2},
		{"left", Handled, 1},
	} {
		got := ctl.Key(n, st, ctlKey(step.key), c)
		if got != (Intent{Kind: step.kind}) || st.Tab != step.tab {
			t.Errorf("%s: %+v, tab %d; want kind %d, tab %d", step.key, got, st.Tab, step.kind, step.tab)
		}
		b := Render(n, 40, c)
		if sel := layLines(b)[0]; layCol(sel, []string{"Flights", "Hotel", "Car"}[step.tab]) < 0 {
			t.Errorf("%s: strip %q", step.key, sel)
		}
	}
	for _, k := range append(append([]string{}, programKeys...), "up", "down", "enter", "space", "x") {
		before := *st
		if got := ctl.Key(n, st, ctlKey(k), c); got.Kind != Ignored || *st != before {
			t.Errorf("%s: %+v, state %+v -> %+v; want it ignored", k, got, before, *st)
		}
	}
}

func TestTabsClick(t *testing.T) {
	n := layTrip()
	c := layCtx(termenv.TrueColor, false, "")
	st := c.State.Node("tabs")
	b := Render(n, 40, c)
	for _, title := range []string{"Car", "Flights", "Hotel"} {
		// Click where the title is drawn, as the program does: the last
		// hit under the cell is the most specific.
		x := layCol(layLines(b)[0], title)
		var hit Hit
		for _, h := range b.Hits {
			if x >= h.X && x < h.X+h.W && h.Y == 0 {
				hit = h
			}
		}
		got := Tabs{}.Click(n, st, hit.Part, c)
		if got.Kind != Handled {
			t.Errorf("click on %s: %+v", title, got)
		}
		b = Render(n, 40, c)
		if want := map[string]int{"Flights": 0, "Hotel": 1, "Car": 2}[title]; st.Tab != want {
			t.Errorf("click on %s selected %d", title, st.Tab)
		}
	}
	// A click on the strip outside the titles changes nothing.
	st.Tab = 1
	if got := (Tabs{}).Click(n, st, -1, c); got.Kind != Handled || st.Tab != 1 {
		t.Errorf("click on the strip: %+v tab %d", got, st.Tab)
	}
}

// TestTabsTooManyTitles selects each tab of a strip wider than the width:
// its title is drawn in full, with a hit over it.
func TestTabsTooManyTitles(t *testing.T) {
	n := layMany()
	for _, w := range []int{12, 20, 30, 45} {
		for _, p := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
			for sel, title := range layManyTitles {
				c := layCtx(p, p == termenv.Ascii, "tabs")
				c.State.Node("tabs").Tab = sel
				b := Render(n, w, c)
				checkBlock(t, b, w)
				strip := layLines(b)[0]
				x := layCol(strip, title)
				if x < 0 {
					t.Errorf("w=%d %v: tab %d %q not in view: %q", w, p, sel, title, strip)
					continue
				}
				var hit *Hit
				for i := range b.Hits {
					if b.Hits[i].Part == sel {
						hit = &b.Hits[i]
					}
				}
				if hit == nil || hit.X != x-1 || hit.W != len(title)+2 {
					t.Errorf("w=%d %v: tab %d drawn at %d in %q, hit %+v", w, p, sel, x, strip, hit)
				}
				if !strings.Contains(strings.Join(strings.Fields(plain(b)), " "), "Content of "+title) {
					t.Errorf("w=%d: content of %q missing", w, title)
				}
				// Every title hit lies over its title.
				for _, h := range b.Hits[1:] {
					if h.Y != 0 {
						continue
					}
					label := []rune(strip)[h.X : h.X+h.W]
					if !strings.HasPrefix(layManyTitles[h.Part], strings.Trim(string(label), " []<>")) {
						t.Errorf("w=%d: hit %+v over %q, not part of %q", w, h, string(label), layManyTitles[h.Part])
					}
				}
			}
		}
	}
}

func TestTabsWidthSweep(t *testing.T) {
	for _, n := range []*a2ui.Node{layTrip(), layMany()} {
		for sel := 0; sel < len(n.Children); sel++ {
			for name, c := range ctlStates("tabs", NewState()) {
				c.State.Node("tabs").Tab = sel
				for w := 1; w <= 100; w++ {
					b := Render(n, w, c)
					checkBlock(t, b, w)
					if len(b.Hits) == 0 || b.Hits[0].Node != "tabs" || !b.Hits[0].Focusable {
						t.Errorf("%s w=%d: not focusable", name, w)
					}
				}
			}
		}
	}
	empty := layTabs("tabs", nil)
	if b := Render(empty, 10, layCtx(termenv.TrueColor, false, "")); b.H() != 0 || b.W != 10 {
		t.Errorf("tabs without tabs: %+v", b)
	}
}
