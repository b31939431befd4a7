package script

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
)

// demoDir holds the demo's scripts, which the binary embeds: the tests
// play them from there.
const demoDir = "../../cmd/a2term/demo"

// scripted is a hub listening on a socket in a private directory, with
// scripts playing as its agent, a client of that socket.
type scripted struct {
	t    *testing.T
	hub  *hub.Hub
	errc chan error
}

func startScripts(t *testing.T, parts ...string) *scripted {
	t.Helper()
	scripts := make([]*Script, len(parts))
	for i, p := range parts {
		s, err := Load(filepath.Join(demoDir, p+".script.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		scripts[i] = s
	}
	return startParsed(t, scripts...)
}

func startParsed(t *testing.T, scripts ...*Script) *scripted {
	t.Helper()
	dir, err := os.MkdirTemp("", "a2t-")
	if err != nil {
		t.Fatal(err)
	}
	h := hub.New(hub.Options{})
	srv, err := agentsock.Listen(h, filepath.Join(dir, "a.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &scripted{t: t, hub: h, errc: make(chan error, 1)}
	go func() { s.errc <- Play(ctx, srv.Path(), scripts) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.errc:
		case <-time.After(10 * time.Second):
			t.Error("the script did not end when cancelled")
		}
		srv.Close()
		h.Close()
		os.RemoveAll(dir)
	})
	return s
}

// until waits, up to a bounded deadline, for cond to hold of the hub's
// snapshot, waking on each change.
func (s *scripted) until(what string, cond func(hub.Snapshot) bool) hub.Snapshot {
	s.t.Helper()
	ch, unsub := s.hub.Subscribe()
	defer unsub()
	timer := time.NewTimer(10 * time.Second)
	defer timer.Stop()
	for {
		if snap := s.hub.Snapshot(); cond(snap) {
			return snap
		}
		select {
		case <-ch:
		case err := <-s.errc:
			s.errc <- err
			if snap := s.hub.Snapshot(); cond(snap) {
				return snap
			}
			s.t.Fatalf("waiting for %s: the script ended: %v", what, err)
		case <-timer.C:
			s.t.Fatalf("waiting for %s: timed out; transcript:\n%s", what, scriptTranscript(s.hub.Snapshot()))
		}
	}
}

func (s *scripted) shown(surface string) {
	s.t.Helper()
	s.until("surface "+surface, func(snap hub.Snapshot) bool { return snap.Canvas.Surface(surface) != nil })
}

func (s *scripted) said(prefix string) string {
	s.t.Helper()
	var line string
	s.until("the agent to say "+prefix, func(snap hub.Snapshot) bool {
		for _, e := range snap.Transcript {
			if e.Role == hub.RoleAgent && strings.HasPrefix(e.Text, prefix) {
				line = e.Text
				return true
			}
		}
		return false
	})
	return line
}

func (s *scripted) set(source hub.Source, surface, node string, v any) {
	s.t.Helper()
	if err := s.hub.SetValue(source, surface, node, v); err != nil {
		s.t.Fatal(err)
	}
}

func (s *scripted) press(source hub.Source, surface, node string) {
	s.t.Helper()
	if err := s.hub.Press(source, surface, node, s.hub.Snapshot().Canvas.Version()); err != nil {
		s.t.Fatal(err)
	}
}

// textIs waits until the Text node shows want.
func (s *scripted) textIs(surface, node, want string) {
	s.t.Helper()
	s.until(surface+"/"+node+" showing "+want, func(snap hub.Snapshot) bool {
		sf := snap.Canvas.Surface(surface)
		if sf == nil || sf.Tree() == nil || sf.Tree().Find(node) == nil {
			return false
		}
		p, ok := sf.Tree().Find(node).Props.(*a2ui.TextProps)
		return ok && p.Text == want
	})
}

func scriptTranscript(snap hub.Snapshot) string {
	var b strings.Builder
	for _, e := range snap.Transcript {
		b.WriteString(string(e.Role) + ": " + e.Text + "\n")
	}
	return b.String()
}

// TestDemoScriptsInOrder plays the whole demo through the socket: the
// person types a note and presses in the web, saves the settings in the
// terminal and submits the gallery.
func TestDemoScriptsInOrder(t *testing.T) {
	s := startScripts(t, "invoices", "settings", "gallery")
	s.shown("invoices")
	s.said("Here are the invoices you still owe.")
	s.set(hub.Terminal, "invoices", "note", "see you soon")
	s.press(hub.Web, "invoices", "pay-both")
	s.shown("settings")
	if got, want := s.said("You chose"), `You chose pay_both in the web. Paying both invoices, € 1,329.90 in all. Your note "see you soon" goes with it.`; got != want {
		t.Errorf("said %q, want %q", got, want)
	}
	s.textIs("invoices", "summary", "Paid INV-1042 and INV-1057.")
	s.said("While we are at it: how should I notify you?")

	// The settings speak A2UI v0.9.1: Save is disabled by its checks
	// until the PIN is four digits, and a line formats what is set.
	s.set(hub.Terminal, "settings", "notify", false)
	s.set(hub.Web, "settings", "volume", 3.0)
	s.textIs("settings", "summary", "Volume 3 of 10, quiet until Tuesday 1 December, 08:00")
	if err := s.hub.Press(hub.Terminal, "settings", "save", s.hub.Snapshot().Canvas.Version()); !errors.Is(err, &a2ui.Error{Code: a2ui.CodeChecksFailed}) {
		t.Fatalf("Save pressed before the PIN was given: %v", err)
	}
	s.set(hub.Terminal, "settings", "pin", "1234")
	s.press(hub.Terminal, "settings", "save")
	report := s.said("Saved your settings: ")
	for _, want := range []string{"notifications false", "volume 3", `by ["email"]`, "quiet until 2026-12-01T08:00:00", "Your PIN is set"} {
		if !strings.Contains(report, want) {
			t.Errorf("settings report %q lacks %s", report, want)
		}
	}
	// The PIN is an obscured field: the transcript never shows it.
	if strings.Contains(report, "1234") {
		t.Errorf("the settings report shows the PIN: %q", report)
	}

	s.shown("gallery")
	s.said("That is all I needed.")
	s.press(hub.Web, "gallery", "i-go")
	if got := s.said("The gallery sent: "); !strings.HasPrefix(got, "The gallery sent: {") {
		t.Errorf("gallery report %q", got)
	}
	// The gallery keeps answering.
	s.press(hub.Terminal, "gallery", "i-go")
	s.until("a second gallery report", func(snap hub.Snapshot) bool {
		return strings.Count(scriptTranscript(snap), "agent: The gallery sent: ") == 2
	})
}

// TestInvoicesScriptBranches checks the other answers of the invoices part.
func TestInvoicesScriptBranches(t *testing.T) {
	for _, tc := range []struct {
		name, button  string
		untick1042    bool
		said, summary string
	}{
		{"selected", "pay-selected", false, "You chose pay_selected in the terminal. Paying INV-1042.", "Paid INV-1042."},
		{"none", "pay-selected", true, "You chose pay_selected in the terminal. You pressed Pay selected with nothing ticked, so I paid nothing.", "Nothing paid: no invoice was ticked."},
		{"not now", "not-now", false, "You chose not_now in the terminal. Understood, nothing is paid. I will remind you next week.", "Nothing paid; a reminder is set for next week."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startScripts(t, "invoices")
			s.shown("invoices")
			if tc.untick1042 {
				// The check boxes are instances of a template, one per
				// invoice.
				s.set(hub.Terminal, "invoices", "pick:INV-1042", false)
			}
			s.press(hub.Terminal, "invoices", tc.button)
			if got := s.said("You chose"); got != tc.said {
				t.Errorf("said %q, want %q", got, tc.said)
			}
			s.textIs("invoices", "summary", tc.summary)
			select {
			case err := <-s.errc:
				s.errc <- err
				if err != nil {
					t.Errorf("the script failed: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Error("the invoices script did not end after answering")
			}
		})
	}
}

func TestScriptParseErrors(t *testing.T) {
	files := map[string]string{"ok.jsonl": `{"beginRendering": {"surfaceId": "s", "root": "r"}}`}
	open := func(name string) ([]byte, error) {
		if d, ok := files[name]; ok {
			return []byte(d), nil
		}
		return nil, os.ErrNotExist
	}
	for _, tc := range []struct{ name, text, want string }{
		{"bad json", "{\"say\": \"hi\"}\n\n{\"say\": \n", `t.jsonl:3: not a JSON object`},
		{"unknown step", "{\"say\": \"hi\"}\n{\"sya\": \"hi\"}\n", `t.jsonl:2: unknown step "sya"`},
		{"unknown label", "{\"label\": \"a\"}\n{\"wait\": 1}\n{\"on\": {\"x\": \"b\"}}\n", `t.jsonl:3: unknown label "b"`},
		{"unknown goto", "{\"goto\": \"nowhere\"}\n", `t.jsonl:1: unknown label "nowhere"`},
		{"missing file", "{\"show\": \"ok.jsonl\"}\n{\"show\": \"gone.jsonl\"}\n", `t.jsonl:2: show "gone.jsonl"`},
		{"two keys", "{\"say\": \"a\", \"wait\": 1}\n", `t.jsonl:1: a step has exactly one key`},
		{"duplicate label", "{\"label\": \"a\"}\n{\"label\": \"a\"}\n", `t.jsonl:2: label "a" is defined twice`},
		{"bad if", "{\"if\": \"note\", \"goto\": \"a\"}\n{\"label\": \"a\"}\n", `t.jsonl:1: "if" takes`},
	} {
		_, err := Parse("t.jsonl", []byte(tc.text), open)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %s…", tc.name, err, tc.want)
		}
	}
}

func TestIsScript(t *testing.T) {
	for _, p := range []string{"invoices", "settings", "gallery"} {
		stream, err := os.ReadFile(filepath.Join(demoDir, p+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		scr, err := os.ReadFile(filepath.Join(demoDir, p+".script.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if IsScript(stream) || !IsScript(scr) {
			t.Errorf("%s: IsScript(stream)=%v IsScript(script)=%v", p, IsScript(stream), IsScript(scr))
		}
	}
	for _, tc := range []struct {
		text string
		want bool
	}{{"\n\n{\"say\": \"hi\"}\n", true}, {"{\"beginRendering\": {}}", false}, {"not json", false}, {"", false}} {
		if got := IsScript([]byte(tc.text)); got != tc.want {
			t.Errorf("IsScript(%q) = %v", tc.text, got)
		}
	}
}

// TestExpandIsSafe checks that values from the person land in show
// messages as JSON strings, whatever they contain.
func TestExpandIsSafe(t *testing.T) {
	s, err := Parse("t.jsonl", []byte(`{"wait": 5}
{"show": [{"dataModelUpdate": {"surfaceId": "invoices", "path": "/summary", "contents": [{"key": ".", "valueString": "Note: ${context.note} (${source})"}]}}]}
{"say": "n=${context.n} m=${context.m.k} missing=[${context.nope}]"}
`), nil)
	if err != nil {
		t.Fatal(err)
	}
	a := lastAction{source: "web", context: map[string]any{"note": `"}]}, {"x": 1`, "n": 2.5, "m": map[string]any{"k": []any{"a"}}}}
	if got := a.expand("n=${context.n} m=${context.m.k} missing=[${context.nope}] ${source}"); got != `n=2.5 m=["a"] missing=[] web` {
		t.Errorf("expand: %q", got)
	}
	v := a.expandValue(s.steps[1].show[0])
	upd := v.(map[string]any)["dataModelUpdate"].(map[string]any)["contents"].([]any)[0].(map[string]any)["valueString"]
	if upd != `Note: "}]}, {"x": 1 (web)` {
		t.Errorf("expandValue: %q", upd)
	}
}

// TestReadmeScript parses the script example of docs/scripts.md.
func TestReadmeScript(t *testing.T) {
	data, err := os.ReadFile("../../docs/scripts.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)# Scripted agents.*?```jsonl?\n(.*?)```").FindSubmatch(data)
	if m == nil {
		t.Fatal("no script example under \"# Scripted agents\" in docs/scripts.md")
	}
	if !IsScript(m[1]) {
		t.Fatal("the example of docs/scripts.md is not recognised as a script")
	}
	// Played from disk, next to the file it shows, it answers.
	dir := t.TempDir()
	inv, err := os.ReadFile(filepath.Join(demoDir, "invoices.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "invoices.jsonl"), inv, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "example.jsonl"), m[1], 0o600); err != nil {
		t.Fatal(err)
	}
	sc, err := Load(filepath.Join(dir, "example.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	s := startParsed(t, sc)
	s.shown("invoices")
	s.set(hub.Web, "invoices", "note", "thanks")
	s.press(hub.Web, "invoices", "pay-both")
	s.said("Paying both, with your note: thanks")
	s.textIs("invoices", "summary", "Paid. Note: thanks")
}

// TestV09Script plays a script against a v0.9.1 surface that sends its
// data model: its on step follows the v0.9 action's name, its if step and
// its references read the context and the data model, a formatString
// of the canvas's own passes through untouched, and what the person
// typed lands in a formatString as text, never as an expression.
func TestV09Script(t *testing.T) {
	files := map[string]string{"form.json": `{"name": "Sign up", "description": "a wrapped v0.9.1 stream", "messages": [
{"version": "v0.9.1", "createSurface": {"surfaceId": "su", "catalogId": "` + a2ui.BasicCatalogV09ID + `", "sendDataModel": true}},
{"version": "v0.9.1", "updateComponents": {"surfaceId": "su", "components": [
  {"id": "root", "component": "Column", "children": ["hi", "email", "news", "go", "done"]},
  {"id": "hi", "component": "Text", "text": {"call": "formatString", "args": {"value": "Hello, ${/who}!"}}},
  {"id": "email", "component": "TextField", "label": "Email", "value": {"path": "/form/email"}},
  {"id": "news", "component": "CheckBox", "label": "News", "value": {"path": "/form/news"}},
  {"id": "go", "component": "Button", "child": "gl", "action": {"event": {"name": "join", "context": {"email": {"path": "/form/email"}}}}},
  {"id": "gl", "component": "Text", "text": "Join"},
  {"id": "done", "component": "Text", "text": {"path": "/done"}}]}},
{"version": "v0.9.1", "updateDataModel": {"surfaceId": "su", "value": {"who": "you", "form": {"email": "", "news": false}, "done": ""}}}]}`}
	open := func(name string) ([]byte, error) { return []byte(files[name]), nil }
	sc, err := Parse("v09.script.jsonl", []byte(`{"show": "form.json"}
{"label": "wait"}
{"wait": 60}
{"on": {"join": "joined", "*": "wait", "timeout": "wait"}}
{"label": "joined"}
{"if": "dataModel.form.news", "goto": "news"}
{"say": "${name} from ${surface} (${source}): ${context.email}, no news"}
{"goto": "show"}
{"label": "news"}
{"say": "${name} from ${surface} (${source}): ${dataModel.form.email}, with news"}
{"label": "show"}
{"show": [{"version": "v0.9.1", "updateComponents": {"surfaceId": "su", "components": [{"id": "done", "component": "Text", "text": {"call": "formatString", "args": {"value": "Welcome ${context.email}, ${/who}"}}}]}}]}
`), open)
	if err != nil {
		t.Fatal(err)
	}
	s := startParsed(t, sc)
	s.shown("su")
	s.textIs("su", "hi", "Hello, you!")
	// What the person types may look like an expression: it is shown as
	// typed.
	typed := `${/who} it's \ me`
	s.set(hub.Web, "su", "email", typed)
	s.set(hub.Web, "su", "news", true)
	s.press(hub.Web, "su", "go")
	if got, want := s.said("join from su"), "join from su (web): "+typed+", with news"; got != want {
		t.Errorf("said %q, want %q", got, want)
	}
	s.textIs("su", "done", "Welcome "+typed+", you")
}

// TestExpandLeavesOtherTemplates: ${…} that is not one of the script's
// references is the canvas's, and stays as written.
func TestExpandLeavesOtherTemplates(t *testing.T) {
	a := lastAction{name: "go", context: map[string]any{"items": []any{map[string]any{"n": "first"}}, "q": "it's"},
		dataModel: map[string]any{"form": map[string]any{"zip": "12345"}}}
	for _, tc := range []struct{ in, plain, tmpl string }{
		{"Today is ${formatDate(value: ${/now}, format: 'EEEE')}.", "Today is ${formatDate(value: ${/now}, format: 'EEEE')}.", "Today is ${formatDate(value: ${/now}, format: 'EEEE')}."},
		{"${name}: ${context.items.0.n} ${dataModel.form.zip} [${context.items.1.n}] ${relative/path}",
			"go: first 12345 [] ${relative/path}", "${'go'}: ${'first'} ${'12345'} [] ${relative/path}"},
		{"${context.q} \\${x}", "it's \\${x}", `${'it\'s'} \${x}`},
		{"${unclosed", "${unclosed", "${unclosed"},
	} {
		if got := a.expand(tc.in); got != tc.plain {
			t.Errorf("expand(%q) = %q, want %q", tc.in, got, tc.plain)
		}
		if got := a.expandTemplate(tc.in); got != tc.tmpl {
			t.Errorf("expandTemplate(%q) = %q, want %q", tc.in, got, tc.tmpl)
		}
	}
	if _, ok := a.lookup("context.items.01.n"); ok {
		t.Error("a list index written with a leading zero was read")
	}
}
