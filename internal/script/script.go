// Package script plays scripted agents: JSONL files of steps (say, show,
// wait, on, if, label, goto, end) that talk to an a2term over its socket
// as any agent does. The demo is three scripts; a person can write more
// to try a canvas without writing an agent.
//
// A script is parsed whole before it plays ([Parse], [Load]), so a typo
// is reported with its line before anything reaches the canvas; it then
// plays as a client of the socket ([Script.Run], [Play]). Values from the
// person's last action (v0.8 or v0.9: its name, context and, for a v0.9
// surface that sends it, the data model) reach show steps only through
// ${REF} expansion of decoded JSON strings, never as pieced-together JSON
// text; inside a v0.9 formatString they become string literals of the
// expression language, so they are shown, never evaluated.
package script

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/hub"
)

// Script is a scripted agent: JSONL, one step per line. See
// docs/scripts.md for the format. A Script does not change once parsed,
// so it may be played any number of times, one play at a time or at once.
type Script struct {
	name   string
	steps  []step
	labels map[string]int // label name → index of its step
}

// step is one line of a script. Exactly one of its kinds is set.
type step struct {
	line int
	kind string // say, show, wait, on, if, label, goto, end
	text string // say; label, goto and if's target label
	show []any  // show: the messages, decoded with json.Number
	// showFile is the stream file a show step names ("": its messages
	// are in the step), and showLines where each message starts in it.
	showFile  string
	showLines []int
	wait      float64           // wait: seconds
	on        map[string]string // on: action name (or "*", "timeout") → label
	cond      string            // if: the reference tested, such as context.note or dataModel.s.pin
}

// stepKinds are the keys a step line may have.
var stepKinds = map[string]bool{"say": true, "show": true, "wait": true, "on": true, "if": true, "label": true, "goto": true, "end": true}

// IsScript reports whether data is a script rather than an A2UI stream:
// its first non-blank line is an object with a step key.
func IsScript(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(line, &obj) != nil {
			return false
		}
		for k := range obj {
			if stepKinds[k] {
				return true
			}
		}
		return false
	}
	return false
}

// Parse reads the script name, whose text is data; open reads a file that
// a show step names, relative to the script. Errors name the script and
// the line.
func Parse(name string, data []byte, open func(string) ([]byte, error)) (*Script, error) {
	s := &Script{name: name, labels: map[string]int{}}
	fail := func(line int, format string, args ...any) (*Script, error) {
		return nil, fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	for i, raw := range bytes.Split(data, []byte("\n")) {
		n := i + 1
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 {
			continue
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return fail(n, "not a JSON object: %v", err)
		}
		st := step{line: n}
		if c, ok := obj["if"]; ok {
			st.kind = "if"
			g, ok := obj["goto"]
			if len(obj) != 2 || !ok {
				return fail(n, `an "if" step has exactly "if" and "goto"`)
			}
			if json.Unmarshal(c, &st.cond) != nil || !strings.HasPrefix(st.cond, "context.") && !strings.HasPrefix(st.cond, "dataModel.") {
				return fail(n, `"if" takes a string such as "context.note" or "dataModel.form.email"`)
			}
			if json.Unmarshal(g, &st.text) != nil || st.text == "" {
				return fail(n, `"goto" takes a label name`)
			}
			s.steps = append(s.steps, st)
			continue
		}
		if len(obj) != 1 {
			return fail(n, "a step has exactly one key (say, show, wait, on, if, label, goto or end)")
		}
		var v json.RawMessage
		for k, val := range obj {
			st.kind, v = k, val
		}
		var err error
		switch st.kind {
		case "say", "label", "goto":
			if json.Unmarshal(v, &st.text) != nil || st.text == "" {
				return fail(n, "%q takes a non-empty string", st.kind)
			}
			if st.kind == "label" {
				if _, dup := s.labels[st.text]; dup {
					return fail(n, "label %q is defined twice", st.text)
				}
				s.labels[st.text] = len(s.steps)
			}
		case "wait":
			if json.Unmarshal(v, &st.wait) != nil || st.wait < 0 || st.wait > hub.MaxWait.Seconds() {
				return fail(n, `"wait" takes a number of seconds from 0 to %d`, int(hub.MaxWait.Seconds()))
			}
		case "on":
			if json.Unmarshal(v, &st.on) != nil || len(st.on) == 0 {
				return fail(n, `"on" takes an object of action names to labels`)
			}
		case "end":
			var b bool
			if json.Unmarshal(v, &b) != nil || !b {
				return fail(n, `"end" takes true`)
			}
		case "show":
			if st.show, st.showFile, st.showLines, err = parseShow(v, open); err != nil {
				return fail(n, "%v", err)
			}
		default:
			return fail(n, "unknown step %q", st.kind)
		}
		s.steps = append(s.steps, st)
	}
	for _, st := range s.steps {
		var targets []string
		switch st.kind {
		case "goto", "if":
			targets = []string{st.text}
		case "on":
			for _, t := range st.on {
				targets = append(targets, t)
			}
		}
		for _, t := range targets {
			if _, ok := s.labels[t]; !ok {
				return fail(st.line, "unknown label %q", t)
			}
		}
	}
	return s, nil
}

// parseShow reads a show step's value: a list of A2UI messages, or the
// name of a JSONL file of them (then also where each message starts in
// it).
func parseShow(v json.RawMessage, open func(string) ([]byte, error)) (msgs []any, file string, lines []int, err error) {
	if json.Unmarshal(v, &file) == nil {
		data, err := open(file)
		if err != nil {
			return nil, "", nil, fmt.Errorf("show %q: %w", file, err)
		}
		raws, at, err := a2ui.SplitStreamLines(data)
		if err != nil {
			return nil, "", nil, fmt.Errorf("show %q: %w", file, err)
		}
		var b bytes.Buffer
		b.WriteByte('[')
		for i, r := range raws {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(r)
		}
		b.WriteByte(']')
		v, lines = b.Bytes(), at
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(&msgs); err != nil || len(msgs) == 0 {
		return nil, "", nil, errors.New(`"show" takes a non-empty list of A2UI messages or a file name`)
	}
	return msgs, file, lines, nil
}

// Show is one show step of a script, for checking what it shows without
// playing it (a2term validate).
type Show struct {
	// Line is the step's line in the script.
	Line int
	// File is the stream file the step names, as written in it ("": the
	// messages are in the step); Lines holds where each message starts
	// in that file.
	File  string
	Lines []int
	// Messages are what the step sends when it plays before the script
	// has waited for an action: every reference to the last action
	// (${context.KEY} and the others) is empty. References only ever
	// reach the inside of decoded strings, so each message has the shape
	// it has whenever it plays.
	Messages []json.RawMessage
}

// Shows returns the script's show steps, in the order of their lines.
func (s *Script) Shows() ([]Show, error) {
	var out []Show
	var none lastAction
	for _, st := range s.steps {
		if st.kind != "show" {
			continue
		}
		msgs, err := none.messages(st)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: show: %w", s.name, st.line, err)
		}
		out = append(out, Show{Line: st.line, File: st.showFile, Lines: st.showLines, Messages: msgs})
	}
	return out, nil
}

// messages are the messages of show step st with a's values expanded,
// encoded again.
func (a *lastAction) messages(st step) ([]json.RawMessage, error) {
	msgs := make([]json.RawMessage, len(st.show))
	for i, m := range st.show {
		b, err := json.Marshal(a.expandValue(m))
		if err != nil {
			return nil, fmt.Errorf("show message %d: %w", i+1, err)
		}
		msgs[i] = b
	}
	return msgs, nil
}

// Load reads and parses a script file from disk; show files are relative
// to it.
func Load(file string) (*Script, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(file)
	return Parse(filepath.Base(file), data, func(name string) ([]byte, error) {
		if filepath.IsAbs(name) {
			return os.ReadFile(name)
		}
		return os.ReadFile(filepath.Join(dir, name))
	})
}

// lastAction is what a script's references read: the last action waited
// for.
type lastAction struct {
	name, surface, source string
	context               map[string]any
	// dataModel is the surface's data model, sent with the action of a
	// v0.9 surface created with sendDataModel; nil otherwise.
	dataModel map[string]any
	timedOut  bool
}

// Name is the script's file name, as errors give it.
func (s *Script) Name() string { return s.name }

// Run plays the script as an agent of the a2term that c is connected to,
// until it ends, ctx ends or the connection fails.
func (s *Script) Run(ctx context.Context, c *client.Client) error {
	var last lastAction
	for pc := 0; pc < len(s.steps); {
		st := s.steps[pc]
		pc++
		fail := func(err error) error { return fmt.Errorf("%s:%d: %s: %w", s.name, st.line, st.kind, err) }
		switch st.kind {
		case "say":
			if err := c.Append(ctx, hub.RoleAgent, last.expand(st.text)); err != nil {
				return fail(err)
			}
		case "show":
			msgs, err := last.messages(st)
			if err != nil {
				return fail(err)
			}
			if _, err := c.Show(ctx, msgs...); err != nil {
				return fail(err)
			}
		case "wait":
			res, err := c.Wait(ctx, st.wait)
			if err != nil {
				return fail(err)
			}
			last = lastAction{source: string(res.Source), timedOut: res.TimedOut}
			if !res.TimedOut {
				a, err := client.ReadAction(res)
				if err != nil {
					return fail(err)
				}
				last.name, last.surface, last.context, last.dataModel = a.Name, a.SurfaceID, a.Context, a.DataModel
			}
		case "on":
			key := last.name
			if last.timedOut {
				key = "timeout"
			}
			if t, ok := st.on[key]; ok {
				pc = s.labels[t]
			} else if t, ok := st.on["*"]; ok && !last.timedOut {
				pc = s.labels[t]
			}
		case "if":
			if v, ok := last.lookup(st.cond); ok && truthy(v) {
				pc = s.labels[st.text]
			}
		case "goto":
			pc = s.labels[st.text]
		case "end":
			return nil
		}
	}
	return nil
}

// isRef reports whether ref is one of a script's references: source,
// name, surface, context.KEY or dataModel.KEY. Anything else between ${
// and } (a v0.9 formatString's ${/path} or ${now()}) is not the script's.
func isRef(ref string) bool {
	switch ref {
	case "source", "name", "surface":
		return true
	}
	return strings.HasPrefix(ref, "context.") || strings.HasPrefix(ref, "dataModel.")
}

// lookup resolves a reference: source, name, surface, or context.KEY or
// dataModel.KEY with dots between nested keys (a number is an index into
// a list).
func (a *lastAction) lookup(ref string) (any, bool) {
	switch ref {
	case "source":
		return a.source, true
	case "name":
		return a.name, true
	case "surface":
		return a.surface, true
	}
	var v any
	rest, ok := strings.CutPrefix(ref, "context.")
	if ok {
		v = a.context
	} else if rest, ok = strings.CutPrefix(ref, "dataModel."); ok {
		v = a.dataModel
	} else {
		return nil, false
	}
	for _, k := range strings.Split(rest, ".") {
		switch c := v.(type) {
		case map[string]any:
			if v, ok = c[k]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(c) || strconv.Itoa(i) != k {
				return nil, false
			}
			v = c[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// truthy is false for what is missing, false, 0, "" and empty lists and
// maps.
func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case float64:
		return v != 0
	case []any:
		return len(v) > 0
	case map[string]any:
		return len(v) > 0
	}
	return true
}

// expand replaces each ${REF} in text with its value: strings as they are,
// other values JSON-encoded, a reference to nothing with nothing. What is
// not a reference of the script's stays as written.
func (a *lastAction) expand(text string) string {
	return a.expandWith(text, func(s string) string { return s })
}

// expandTemplate is expand for the value of a v0.9 formatString, where
// ${…} is an expression the canvas evaluates: each value becomes a string
// literal of that language, ${'…'}, so that what the person typed is
// shown as typed and never read as an expression.
func (a *lastAction) expandTemplate(text string) string {
	return a.expandWith(text, func(s string) string {
		if s == "" {
			return ""
		}
		r := strings.NewReplacer(`\`, `\\`, `'`, `\'`)
		return "${'" + r.Replace(s) + "'}"
	})
}

func (a *lastAction) expandWith(text string, quote func(string) string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, "${")
		if i < 0 {
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			break
		}
		ref := text[i+2 : i+j]
		if !isRef(ref) {
			b.WriteString(text[:i+2])
			text = text[i+2:]
			continue
		}
		b.WriteString(text[:i])
		if v, ok := a.lookup(ref); ok {
			if s, ok := v.(string); ok {
				b.WriteString(quote(s))
			} else if js, err := json.Marshal(v); err == nil {
				b.WriteString(quote(string(js)))
			}
		}
		text = text[i+j+1:]
	}
	b.WriteString(text)
	return b.String()
}

// expandValue expands the references in every string of a decoded JSON
// value; the result is encoded again, never pieced together as text.
func (a *lastAction) expandValue(v any) any {
	switch v := v.(type) {
	case string:
		return a.expand(v)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = a.expandValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = a.expandValue(e)
		}
		if v["call"] == "formatString" {
			if args, ok := v["args"].(map[string]any); ok {
				if tmpl, ok := args["value"].(string); ok {
					out["args"].(map[string]any)["value"] = a.expandTemplate(tmpl)
				}
			}
		}
		return out
	}
	return v
}

// Play connects to the a2term at socket and plays the scripts in turn, as
// one agent.
func Play(ctx context.Context, socket string, scripts []*Script) error {
	c, err := client.Dial(ctx, socket)
	if err != nil {
		return err
	}
	defer c.Close()
	for _, s := range scripts {
		if err := s.Run(ctx, c); err != nil {
			return err
		}
	}
	return nil
}
