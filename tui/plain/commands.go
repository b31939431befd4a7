package plain

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
)

// Command is one thing the person can type. The help command prints this
// same list, so that help never disagrees with what the commands do.
type Command struct {
	// Names are what may be typed, the first the one help shows.
	Names []string
	// Args says what follows the name.
	Args string
	// Help says what it does.
	Help string
	// Talk says it talks to the agent (hub.View.Say): help lists it
	// only where the transport carries text (hub.Status.Talk).
	Talk bool
	run  func(s *Session, args string) error
}

// Commands returns every command, in the order help lists them.
func Commands() []Command {
	return []Command{
		{Names: []string{"press", "p"}, Args: "N", Help: "press button N (typing N alone does too); a check box is ticked or unticked, a dialog opened", run: (*Session).cmdPress},
		{Names: []string{"set", "s"}, Args: "N VALUE", Help: "type VALUE into field N (its old value is replaced; quote it as \"...\" to keep spaces at its ends, \"\" empties it), or set any input N; with no VALUE the next line is the value, not shown as you type in a hidden field", run: (*Session).cmdSet},
		{Names: []string{"toggle", "t"}, Args: "N [OPTION]", Help: "tick or untick check box N, or one option of choice N", run: (*Session).cmdToggle},
		{Names: []string{"choose", "c"}, Args: "N OPTION", Help: "choose OPTION of choice N (by its name; a choice of one replaces what was chosen), or show tab OPTION of tabs N", run: (*Session).cmdChoose},
		{Names: []string{"slide"}, Args: "N VALUE", Help: "move slider N to VALUE, or one step with + or -", run: (*Session).cmdSlide},
		{Names: []string{"date"}, Args: "N DATE [TIME]", Help: "set date and time input N, as 2026-12-24 18:00 (a date or a time alone changes only that part)", run: (*Session).cmdDate},
		{Names: []string{"clear"}, Args: "N", Help: "empty field, date or choice N", run: (*Session).cmdClear},
		{Names: []string{"open", "o"}, Args: "N", Help: "open dialog N (a button that opens one is pressed too)", run: (*Session).cmdOpen},
		{Names: []string{"close"}, Help: "close the open dialog", run: (*Session).cmdClose},
		{Names: []string{"tab"}, Args: "[SURFACE]", Help: "list the surfaces, or print SURFACE (a name or its place in the list) and make it the current one", run: (*Session).cmdTab},
		{Names: []string{"show"}, Help: "print the current surface again, whole", run: (*Session).cmdShow},
		{Names: []string{"status"}, Help: "say where agents connect, who watches, what waits", run: (*Session).cmdStatus},
		{Names: []string{"web"}, Help: "open the web mirror in a browser, or say how to reach it", run: (*Session).cmdWeb},
		{Names: []string{"say"}, Args: "TEXT", Help: "send TEXT to the agent as your message", Talk: true, run: (*Session).cmdSay},
		{Names: []string{"cancel"}, Help: "ask the agent to cancel its task", Talk: true, run: (*Session).cmdCancel},
		{Names: []string{"help", "h", "?"}, Help: "list the commands", run: (*Session).cmdHelp},
		{Names: []string{"quit", "q", "exit"}, Help: "leave a2term (an agent it started is ended)"},
	}
}

// outcome is what became of a command line.
type outcome int

const (
	done outcome = iota // carried out, or refused
	quit                // the person quits
	wait                // it names what is not shown yet; try again later
)

// errNotYet is a command naming a control or a surface not shown yet.
type errNotYet struct{ what string }

func (e errNotYet) Error() string { return e.what }

// Exec carries out one command line as if typed, and reports whether it
// was quit.
func (s *Session) Exec(line string) bool {
	return s.exec(line, false) == quit
}

// answer sets the value line that aw waited for.
func (s *Session) answer(aw *valueWait, line string) {
	if aw.echoed {
		s.opts.Echo(true)
		if s.opts.Interactive {
			s.write("\n") // the Enter the person typed did not show
		}
	}
	if !s.opts.Interactive {
		shown := line
		if aw.hidden {
			shown = hiddenValue
		}
		s.put(markPerson, "value: ", shown)
	}
	if err := s.setText(aw.key, line); err != nil {
		s.refuse(err)
	}
}

// exec carries out line. With canWait, a command that names what is not
// shown yet is not refused but left to wait (pipes: the agent may not have
// drawn it yet); it is then not echoed until it runs.
func (s *Session) exec(line string, canWait bool) outcome {
	if s.await != nil {
		aw := s.await
		s.await = nil
		s.answer(aw, line)
		return done
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return done
	}
	name, args := strings.ToLower(fields[0]), strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), fields[0]))
	var cmd *Command
	all := Commands()
	if _, err := parseNum(name); err == nil && args == "" {
		cmd, args = &all[0], name
	}
	for i := range all {
		for _, n := range all[i].Names {
			if cmd == nil && n == name {
				cmd = &all[i]
			}
		}
	}
	if canWait && !s.opts.Interactive && cmd != nil && cmd.run != nil {
		if err := s.ready(cmd.Names[0], args); err != nil {
			return wait
		}
	}
	if !s.opts.Interactive {
		s.put(markPerson, "", s.echoLine(cmd, line, args))
	}
	switch {
	case cmd == nil:
		s.say(fmt.Sprintf("There is no command %q; type help for the list.", fields[0]))
		return done
	case cmd.run == nil:
		return quit
	}
	if err := cmd.run(s, args); err != nil {
		s.refuse(err)
	}
	return done
}

// hiddenValue stands for what was typed into a hidden field.
const hiddenValue = "••••"

// echoLine is a command line as a log shows it: a value typed into a
// hidden field is not.
func (s *Session) echoLine(cmd *Command, line, args string) string {
	if cmd == nil || cmd.Names[0] != "set" {
		return line
	}
	numArg, _, hasValue := strings.Cut(args, " ")
	if !hasValue {
		return line
	}
	if k, ok := s.lookupKey(numArg); ok && s.hidden(k) {
		return strings.Fields(line)[0] + " " + numArg + " " + hiddenValue
	}
	return line
}

// ready reports whether what a command names is shown: a control number,
// or a surface for tab.
func (s *Session) ready(cmd, args string) error {
	first, _, _ := strings.Cut(args, " ")
	switch cmd {
	case "press", "set", "toggle", "choose", "slide", "date", "clear", "open":
		n, err := parseNum(first)
		if err != nil {
			return nil //nolint:nilerr // refused at once: waiting would not help
		}
		if n > len(s.byNum) {
			return errNotYet{"no control " + first + " yet"}
		}
		if _, err := s.control(first); err != nil {
			var nyet errNotYet
			if errors.As(err, &nyet) {
				return err
			}
		}
	case "tab":
		if first != "" && s.findSurface(first) == "" {
			return errNotYet{"no surface " + first + " yet"}
		}
	case "show":
		if first == "" && s.printed[s.current] == nil || first != "" && s.findSurface(first) == "" {
			return errNotYet{"no surface yet"}
		}
	}
	return nil
}

func parseNum(s string) (int, error) {
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s, "#"), "["), "]")
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not a control number", s)
	}
	return n, nil
}

// target is a control a command names, as the person last read it.
type target struct {
	key  nodeKey
	num  int
	node *a2ui.Node
	o    *outline
}

func (s *Session) lookupKey(arg string) (nodeKey, bool) {
	n, err := parseNum(arg)
	if err != nil || n > len(s.byNum) {
		return nodeKey{}, false
	}
	return s.byNum[n-1], true
}

// control finds the control numbered arg on the surfaces as last printed.
// A control that is not printed now — in a tab not shown, a dialog not
// open, outside the open dialog — is refused in this view's words; one
// that is gone is left to the hub, whose words say why.
func (s *Session) control(arg string) (target, error) {
	if arg == "" {
		return target{}, errors.New("give the control's number, as in: press 5")
	}
	n, err := parseNum(arg)
	if err != nil {
		return target{}, err
	}
	if n > len(s.byNum) {
		return target{}, errNotYet{fmt.Sprintf("there is no control %d", n)}
	}
	k := s.byNum[n-1]
	o := s.printed[k.surface]
	if o == nil {
		return target{}, fmt.Errorf("[%d] was on surface %s, which is gone", n, s.name(k.surface))
	}
	t := target{key: k, num: n, o: o, node: o.drawn[k.node]}
	if t.node == nil {
		surf := s.snap.Canvas.Surface(k.surface)
		if surf != nil && surf.Tree() != nil && surf.Tree().Find(k.node) != nil {
			return target{}, fmt.Errorf("[%d] is not shown now (it is in another tab or a dialog); type show to see what is", n)
		}
		return t, nil // gone: the hub says so
	}
	if o.modal != "" && !o.inDialog[k.node] {
		return target{}, fmt.Errorf("[%d] is behind the open dialog; close it first", n)
	}
	return t, nil
}

// splitArg splits a command's arguments into the first and the rest. The
// rest may be quoted, as in set 3 "", for a value that is empty or starts
// or ends with spaces.
func splitArg(args string) (string, string) {
	a, b, _ := strings.Cut(strings.TrimSpace(args), " ")
	b = strings.TrimSpace(b)
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		if u, err := strconv.Unquote(b); err == nil {
			b = u
		}
	}
	return a, b
}

func (s *Session) cmdPress(args string) error {
	arg, _ := splitArg(args)
	t, err := s.control(arg)
	if err != nil {
		return err
	}
	if t.node == nil {
		return s.press(t)
	}
	switch t.node.Type {
	case "Button":
		return s.press(t)
	case a2ui.GenericType:
		if p, _ := t.node.Props.(*a2ui.GenericProps); p != nil && p.Action != "" {
			return s.press(t)
		}
	case "CheckBox":
		return s.cmdToggle(args)
	case "Modal":
		return s.cmdOpen(args)
	}
	return fmt.Errorf("[%d] is a %s, not a button; %s", t.num, s.kindOf(t), s.hint(t))
}

// press presses a button as last printed; a button in a dialog's entry
// point opens the dialog too, as in the full-screen program.
func (s *Session) press(t target) error {
	if m, ok := t.o.opens[t.key.node]; ok && t.o.modal == "" {
		s.openDialog(t.o, m)
	}
	if err := s.view.Press(hub.Terminal, t.key.surface, t.key.node, t.o.version); err != nil {
		return err
	}
	// A link: a2term opens nothing; the person is given the address.
	if t.node != nil {
		if p, ok := t.node.Props.(*a2ui.ButtonProps); ok && p.Call == "openUrl" {
			s.say(components.OpenNotice(p.URL) + ".")
		}
	}
	return nil
}

func (s *Session) kindOf(t target) string {
	for _, it := range t.o.items {
		if it.key == t.key.node && it.num > 0 {
			return it.kind
		}
	}
	return strings.ToLower(t.node.Type)
}

// hint says which command a control takes.
func (s *Session) hint(t target) string {
	n := strconv.Itoa(t.num)
	if t.node == nil {
		return "type help for the commands"
	}
	switch t.node.Type {
	case "TextField":
		return "type into it with: set " + n + " TEXT"
	case "CheckBox":
		return "tick it with: toggle " + n
	case "Slider":
		return "move it with: slide " + n + " VALUE"
	case "DateTimeInput":
		return "set it with: date " + n + " 2026-12-24 18:00"
	case "MultipleChoice":
		return "choose with: choose " + n + " OPTION"
	case "Tabs":
		return "show a tab with: choose " + n + " TITLE"
	case "Modal":
		return "open it with: open " + n
	case "Button":
		return "press it with: press " + n
	case a2ui.GenericType:
		if p, _ := t.node.Props.(*a2ui.GenericProps); p != nil && p.Input != nil {
			return "fill it in with: set " + n + " VALUE"
		}
		return "press it with: press " + n
	}
	return "type help for the commands"
}

func (s *Session) set(t target, v any) error {
	return s.view.SetValue(hub.Terminal, t.key.surface, t.key.node, v)
}

func (s *Session) hidden(k nodeKey) bool {
	surf := s.snap.Canvas.Surface(k.surface)
	if surf == nil || surf.Tree() == nil {
		return false
	}
	n := surf.Tree().Find(k.node)
	if n == nil {
		return false
	}
	p, ok := n.Props.(*a2ui.TextFieldProps)
	return ok && p.TextFieldType == "obscured"
}

// setText sets a field to what the person typed.
func (s *Session) setText(k nodeKey, text string) error {
	return s.view.SetValue(hub.Terminal, k.surface, k.node, text)
}

func (s *Session) cmdSet(args string) error {
	arg, value := splitArg(args)
	t, err := s.control(arg)
	if err != nil {
		return err
	}
	if t.node == nil {
		return s.set(t, value)
	}
	switch p := t.node.Props.(type) {
	case *a2ui.GenericProps:
		if p.Input == nil {
			return fmt.Errorf("[%d] is a %s with no field; %s", t.num, p.Type, s.hint(t))
		}
		if p.Input.Kind == a2ui.InputBoolean {
			b, ok := parseBool(value)
			if !ok {
				return fmt.Errorf("[%d] takes on or off: set %d on, or set %d off", t.num, t.num, t.num)
			}
			return s.set(t, b)
		}
		return s.set(t, value)
	case *a2ui.TextFieldProps:
		if value == "" && !strings.Contains(args, " ") {
			return s.askValue(t, p)
		}
		return s.set(t, value)
	case *a2ui.CheckBoxProps:
		b, ok := parseBool(value)
		if !ok {
			return fmt.Errorf("[%d] is a check box: set %d on, or set %d off", t.num, t.num, t.num)
		}
		return s.set(t, b)
	case *a2ui.SliderProps:
		return s.cmdSlide(args)
	case *a2ui.DateTimeInputProps:
		return s.cmdDate(args)
	case *a2ui.MultipleChoiceProps:
		var sel []string
		for _, part := range strings.Split(value, ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			v, err := option(p, part)
			if err != nil {
				return fmt.Errorf("[%d]: %w", t.num, err)
			}
			sel = append(sel, v)
		}
		return s.set(t, sel)
	case *a2ui.TabsProps:
		return s.cmdChoose(args)
	}
	return fmt.Errorf("[%d] is a %s, which takes no value; %s", t.num, s.kindOf(t), s.hint(t))
}

// askValue makes the next line the value of a field; a hidden field's is
// typed with the terminal's echo off.
func (s *Session) askValue(t target, p *a2ui.TextFieldProps) error {
	aw := &valueWait{key: t.key, hidden: p.TextFieldType == "obscured"}
	what := fmt.Sprintf("Type the value of [%d] %s on the next line", t.num, strconv.Quote(p.Label))
	if aw.hidden && s.opts.Interactive {
		if s.opts.Echo != nil && s.opts.Echo(false) {
			aw.echoed = true
			what += "; it does not show as you type"
		} else {
			what += "; this terminal will show it as you type"
		}
	}
	s.await = aw
	s.say(what + ":")
	return nil
}

func parseBool(v string) (bool, bool) {
	switch strings.ToLower(v) {
	case "on", "yes", "y", "true", "checked", "1", "x":
		return true, true
	case "off", "no", "n", "false", "unchecked", "0", "":
		return false, true
	}
	return false, false
}

func (s *Session) cmdToggle(args string) error {
	arg, opt := splitArg(args)
	t, err := s.control(arg)
	if err != nil {
		return err
	}
	if t.node == nil {
		return s.set(t, true)
	}
	switch p := t.node.Props.(type) {
	case *a2ui.CheckBoxProps:
		return s.set(t, !p.Value)
	case *a2ui.MultipleChoiceProps:
		if opt == "" {
			return fmt.Errorf("name the option: toggle %d OPTION", t.num)
		}
		v, err := option(p, opt)
		if err != nil {
			return fmt.Errorf("[%d]: %w", t.num, err)
		}
		sel := without(p.Selections, v)
		if len(sel) == len(p.Selections) {
			sel = append(sel, v)
		}
		return s.set(t, inOrder(p, sel))
	}
	return fmt.Errorf("[%d] is a %s, not a check box; %s", t.num, s.kindOf(t), s.hint(t))
}

func (s *Session) cmdChoose(args string) error {
	arg, opt := splitArg(args)
	t, err := s.control(arg)
	if err != nil {
		return err
	}
	if opt == "" {
		return fmt.Errorf("name what to choose: choose %s OPTION", arg)
	}
	if t.node == nil {
		return s.set(t, []string{opt})
	}
	switch p := t.node.Props.(type) {
	case *a2ui.MultipleChoiceProps:
		v, err := option(p, opt)
		if err != nil {
			return fmt.Errorf("[%d]: %w", t.num, err)
		}
		if p.MaxAllowedSelections == 1 {
			return s.set(t, []string{v})
		}
		if contains(p.Selections, v) {
			s.say(fmt.Sprintf("[%d] has %s chosen already.", t.num, opt))
			return nil
		}
		return s.set(t, inOrder(p, append(append([]string{}, p.Selections...), v)))
	case *a2ui.TabsProps:
		i, err := pick(p.Titles, opt)
		if err != nil {
			return fmt.Errorf("[%d]: %w", t.num, err)
		}
		s.showTab(t, i)
		return nil
	}
	return fmt.Errorf("[%d] is a %s, not a choice; %s", t.num, s.kindOf(t), s.hint(t))
}

// showTab shows tab i of a Tabs and prints what it holds.
func (s *Session) showTab(t target, i int) {
	vs := s.viewState(t.key.surface)
	vs.tabs[t.key.node] = i
	surf := s.snap.Canvas.Surface(t.key.surface)
	if surf == nil {
		return
	}
	o := s.build(surf)
	s.printed[t.key.surface] = o
	p := t.node.Props.(*a2ui.TabsProps)
	s.say(fmt.Sprintf("%s: [%d] shows tab %s:", s.name(t.key.surface), t.num, strconv.Quote(p.Titles[i])))
	// What the tab holds: the items after the strip, deeper than it.
	for j, it := range o.items {
		if it.key != t.key.node || it.num == 0 {
			continue
		}
		for _, in := range o.items[j+1:] {
			if in.depth <= it.depth || in.dialog {
				break
			}
			s.printItem(in)
		}
		break
	}
}

func (s *Session) cmdSlide(args string) error {
	arg, v := splitArg(args)
	t, err := s.control(arg)
	if err != nil {
		return err
	}
	if t.node == nil {
		f, _ := strconv.ParseFloat(v, 64)
		return s.set(t, f)
	}
	p, ok := t.node.Props.(*a2ui.SliderProps)
	if !ok {
		return fmt.Errorf("[%d] is a %s, not a slider; %s", t.num, s.kindOf(t), s.hint(t))
	}
	var f float64
	switch v {
	case "+", "up":
		f = math.Min(p.Max, p.Value+p.Step)
	case "-", "down":
		f = math.Max(p.Min, p.Value-p.Step)
	default:
		f, err = strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("[%d] takes a number from %s to %s, or + or -", t.num, formatNumber(p.Min, p.Step), formatNumber(p.Max, p.Step))
		}
	}
	return s.set(t, f)
}

func (s *Session) cmdDate(args string) error {
	arg, v := splitArg(args)
	t, err := s.control(arg)
	if err != nil {
		return err
	}
	if t.node == nil {
		return s.set(t, v)
	}
	p, ok := t.node.Props.(*a2ui.DateTimeInputProps)
	if !ok {
		if tf, ok := t.node.Props.(*a2ui.TextFieldProps); ok && tf.TextFieldType == "date" {
			return s.set(t, v)
		}
		return fmt.Errorf("[%d] is a %s, not a date input; %s", t.num, s.kindOf(t), s.hint(t))
	}
	iso, err := isoDateTime(v, p)
	if err != nil {
		return fmt.Errorf("[%d]: %w", t.num, err)
	}
	return s.set(t, iso)
}

func (s *Session) cmdClear(args string) error {
	arg, _ := splitArg(args)
	t, err := s.control(arg)
	if err != nil {
		return err
	}
	if t.node == nil {
		return s.set(t, "")
	}
	switch t.node.Props.(type) {
	case *a2ui.TextFieldProps, *a2ui.DateTimeInputProps:
		return s.set(t, "")
	case *a2ui.MultipleChoiceProps:
		return s.set(t, []string{})
	case *a2ui.CheckBoxProps:
		return s.set(t, false)
	}
	return fmt.Errorf("[%d] is a %s, which holds nothing to clear", t.num, s.kindOf(t))
}

func (s *Session) cmdOpen(args string) error {
	arg, _ := splitArg(args)
	t, err := s.control(arg)
	if err != nil {
		return err
	}
	if t.node == nil {
		return s.press(t)
	}
	if t.node.Type == "Modal" {
		if t.o.modal == t.key.node {
			s.say(fmt.Sprintf("[%d] is open already.", t.num))
			return nil
		}
		s.openDialog(t.o, t.key.node)
		return nil
	}
	if _, ok := t.o.opens[t.key.node]; ok {
		return s.press(t)
	}
	return fmt.Errorf("[%d] opens no dialog; %s", t.num, s.hint(t))
}

// openDialog opens a Modal of a printed surface and prints its content.
func (s *Session) openDialog(o *outline, modal string) {
	s.viewState(o.surface).modal = modal
	surf := s.snap.Canvas.Surface(o.surface)
	if surf == nil {
		return
	}
	no := s.build(surf)
	s.printed[o.surface] = no
	s.say(s.name(o.surface) + ": dialog open (close it with: close):")
	for _, it := range no.items {
		if it.dialog {
			s.printItem(it)
		}
	}
}

func (s *Session) cmdClose(string) error {
	for _, id := range s.sortedPrinted() {
		vs := s.views[id]
		if vs == nil || vs.modal == "" {
			continue
		}
		vs.modal = ""
		if surf := s.snap.Canvas.Surface(id); surf != nil {
			s.printed[id] = s.build(surf)
		}
		s.say(s.name(id) + ": dialog closed.")
		return nil
	}
	return errors.New("no dialog is open")
}

func (s *Session) shownIDs() []string {
	var out []string
	for _, surf := range s.snap.Canvas.Surfaces() {
		if surf.Shown() && s.printed[surf.ID()] != nil {
			out = append(out, surf.ID())
		}
	}
	return out
}

// findSurface finds a printed surface by id or by place (1 is the first).
func (s *Session) findSurface(arg string) string {
	ids := s.shownIDs()
	for _, id := range ids {
		if id == arg {
			return id
		}
	}
	for _, id := range ids {
		if strings.EqualFold(id, arg) {
			return id
		}
	}
	if n, err := strconv.Atoi(arg); err == nil && n >= 1 && n <= len(ids) {
		return ids[n-1]
	}
	return ""
}

func (s *Session) cmdTab(args string) error {
	arg := strings.TrimSpace(args)
	if arg == "" {
		ids := s.shownIDs()
		if len(ids) == 0 {
			s.say("No surface is shown yet.")
			return nil
		}
		var parts []string
		for i, id := range ids {
			p := fmt.Sprintf("%d %s", i+1, s.name(id))
			if id == s.current {
				p += " (current)"
			}
			parts = append(parts, p)
		}
		s.say("Surfaces: " + strings.Join(parts, ", ") + ".")
		return nil
	}
	id := s.findSurface(arg)
	if id == "" {
		return errNotYet{fmt.Sprintf("there is no surface %q; type tab for the list", arg)}
	}
	s.current = id
	s.printSurface(s.printed[id], "")
	return nil
}

func (s *Session) cmdShow(args string) error {
	if arg := strings.TrimSpace(args); arg != "" {
		return s.cmdTab(arg)
	}
	o := s.printed[s.current]
	if o == nil {
		s.say("No surface is shown yet.")
		return nil
	}
	s.printSurface(o, "")
	return nil
}

func (s *Session) cmdStatus(string) error {
	st := s.snap.Status
	if st.Listening != "" {
		s.say("Agents connect at " + st.Listening + ".")
	}
	if st.WebURL == "" {
		s.say("The web mirror is off.")
	} else {
		s.say(fmt.Sprintf("The web mirror is on; %s (type web to reach it).", hub.Plural(st.Viewers, "page watches", "pages watch")))
	}
	s.say(hub.Plural(st.Queued, "action waits", "actions wait") + " for the agent.")
	if st.Task != "" {
		s.say("The agent's task: " + st.Task + ".")
	}
	return nil
}

func (s *Session) cmdWeb(string) error {
	if s.opts.OpenWeb == nil {
		return errors.New("the web mirror is off")
	}
	for _, l := range s.opts.OpenWeb() {
		if l != "" {
			// The words are the full-screen program's, whose key for
			// this is ctrl+o.
			s.say(strings.ReplaceAll(l, "ctrl+o", "typing web"))
		}
	}
	return nil
}

func (s *Session) cmdSay(args string) error {
	text := strings.TrimSpace(args)
	if text == "" {
		return errors.New("say what? as in: say book a table for two")
	}
	// The hub decides, and says why not: nothing carries text here, or
	// an attached terminal's hub is older than this a2term.
	return s.view.Say(text)
}

func (s *Session) cmdCancel(string) error {
	if err := s.view.CancelTask(); err != nil {
		return err
	}
	s.say("The agent was asked to cancel its task.")
	return nil
}

func (s *Session) cmdHelp(string) error {
	s.say("Commands (N is a control's number, as printed in brackets):")
	talk := s.view.Snapshot().Status.Talk
	for _, c := range Commands() {
		if c.Talk && !talk {
			continue
		}
		head := c.Names[0]
		if c.Args != "" {
			head += " " + c.Args
		}
		s.putLines(markOther, "", []string{"- " + head + ": " + c.Help})
	}
	return nil
}

// option finds an option of a choice by its value or its label, ignoring
// case, or by the start of one when only one starts so.
func option(p *a2ui.MultipleChoiceProps, name string) (string, error) {
	values := make([]string, len(p.Options))
	labels := make([]string, len(p.Options))
	for i, o := range p.Options {
		values[i], labels[i] = o.Value, o.Label
	}
	for i, v := range values {
		if v == name {
			return values[i], nil
		}
	}
	i, err := pick(labels, name)
	if err != nil {
		if j, err2 := pick(values, name); err2 == nil {
			return values[j], nil
		}
		return "", err
	}
	return values[i], nil
}

// pick finds name among names: exactly, then ignoring case, then as the
// start of only one.
func pick(names []string, name string) (int, error) {
	for i, n := range names {
		if n == name {
			return i, nil
		}
	}
	for i, n := range names {
		if strings.EqualFold(n, name) {
			return i, nil
		}
	}
	found := -1
	for i, n := range names {
		if strings.HasPrefix(strings.ToLower(n), strings.ToLower(name)) {
			if found >= 0 {
				return 0, fmt.Errorf("%q could be %s or %s; type more of it", name, names[found], n)
			}
			found = i
		}
	}
	if found < 0 {
		return 0, fmt.Errorf("there is no %q; the choices are %s", name, strings.Join(names, ", "))
	}
	return found, nil
}

func contains(xs []string, v string) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

func without(xs []string, v string) []string {
	out := []string{}
	for _, x := range xs {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}

// inOrder lists the selected values in the options' order, as the
// full-screen program sends them.
func inOrder(p *a2ui.MultipleChoiceProps, sel []string) []string {
	out := []string{}
	for _, o := range p.Options {
		if contains(sel, o.Value) && !contains(out, o.Value) {
			out = append(out, o.Value)
		}
	}
	return out
}

// isoDateTime reads what the person typed for a date input — "2026-12-24
// 18:00", "2026-12-24", "18:00", or ISO 8601 — into the ISO 8601 value
// the input takes. A date alone keeps the time the input has, a time alone
// its date.
func isoDateTime(v string, p *a2ui.DateTimeInputProps) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", errors.New("give a date, a time or both, as 2026-12-24 18:00")
	}
	var date, tm string
	for _, part := range strings.Fields(strings.Replace(v, "T", " ", 1)) {
		switch {
		case len(part) == 10 && part[4] == '-' && part[7] == '-':
			date = part
		case strings.Contains(part, ":"):
			tm = part
		default:
			return "", fmt.Errorf("%q is neither a date (2026-12-24) nor a time (18:00)", part)
		}
	}
	oldDate, oldTime := "", ""
	if old := p.Value; old != "" {
		if d, t, ok := strings.Cut(old, "T"); ok {
			oldDate, oldTime = d, t
		} else if strings.Contains(old, ":") {
			oldTime = old
		} else {
			oldDate = old
		}
	}
	if tm != "" && strings.Count(tm, ":") == 1 && len(tm) == 5 {
		tm += ":00"
	}
	withDate := p.EnableDate
	withTime := p.EnableTime || !p.EnableDate
	if date == "" && withDate {
		date = oldDate
	}
	if tm == "" && withTime {
		tm = oldTime
		if tm == "" && date != "" {
			tm = "00:00:00"
		}
	}
	switch {
	case withDate && withTime && date != "" && tm != "":
		return date + "T" + tm, nil
	case withDate && withTime && date == "":
		return "", errors.New("this input takes a date too, as 2026-12-24 18:00")
	case withDate:
		if date == "" {
			return "", errors.New("this input takes a date, as 2026-12-24")
		}
		return date, nil
	}
	if tm == "" {
		return "", errors.New("this input takes a time, as 18:00")
	}
	return tm, nil
}
