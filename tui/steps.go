package tui

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Step is one thing the person does in a run without a terminal (see
// Screen): a key, text typed, or a pause while the agent answers.
type Step struct {
	// Name is the step as it was written: "tab", "type:Ada", "wait".
	Name string
	// Keys are the key presses of the step: one for a key, one per
	// character for text, none for a wait.
	Keys []tea.KeyMsg
	// Wait is set for "wait": the agent answers what was done so far
	// before the next step (a script agent, a test's agent).
	Wait bool
}

// KeyNames lists the names of every key the program answers to, sorted:
// the keys of its KeyMap and of the controls' KeyMap, as the help names
// them to Bubble Tea ("tab", "shift+tab", "enter", "space", "alt+2",
// "ctrl+o" …). These and only these are the keys ParseSteps takes.
func KeyNames() []string {
	names := make([]string, 0, len(keyTable()))
	for n := range keyTable() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// keyTable maps each key name to the key press it stands for. It is built
// from the same KeyMaps the program matches keys with, so a key the help
// shows is a key a step can name, and none other.
func keyTable() map[string]tea.KeyMsg {
	var bindings []key.Binding
	for _, group := range DefaultKeyMap().full() {
		bindings = append(bindings, group...)
	}
	km := DefaultKeyMap()
	bindings = append(bindings, km.HelpQ, km.QuitQ)
	bindings = append(bindings, km.Controls.Bindings()...)
	out := map[string]tea.KeyMsg{}
	for _, b := range bindings {
		for _, s := range b.Keys() {
			k, ok := keyFor(s)
			if !ok {
				continue // a binding of a key no terminal sends: nothing to name
			}
			name := s
			if s == " " {
				name = "space"
			}
			out[name] = k
		}
		// The help's own spelling of a single key (pgdn for pgdown)
		// names it too: people type the name they read.
		if keys, h := b.Keys(), b.Help().Key; len(keys) == 1 && h != keys[0] && isKeyWord(h) {
			if k, ok := keyFor(keys[0]); ok {
				out[h] = k
			}
		}
	}
	return out
}

// isKeyWord reports whether s is one word of lower-case letters: a key's
// name as the help may abbreviate it.
func isKeyWord(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return len(s) > 1
}

// keyFor returns the key press whose Bubble Tea name is s.
func keyFor(s string) (tea.KeyMsg, bool) {
	alt := false
	base := s
	if strings.HasPrefix(s, "alt+") && len(s) > len("alt+") {
		alt, base = true, s[len("alt+"):]
	}
	var k tea.Key
	if t, ok := keyTypes()[base]; ok {
		k = tea.Key{Type: t, Alt: alt}
		if t == tea.KeySpace {
			k.Runes = []rune{' '}
		}
	} else if r, size := utf8.DecodeRuneInString(base); size == len(base) && r != utf8.RuneError && unicode.IsPrint(r) {
		k = tea.Key{Type: tea.KeyRunes, Runes: []rune{r}, Alt: alt}
	} else {
		return tea.KeyMsg{}, false
	}
	if k.String() != s {
		return tea.KeyMsg{}, false
	}
	return tea.KeyMsg(k), true
}

// keyTypes maps Bubble Tea's names of the keys that are not characters
// to their types.
func keyTypes() map[string]tea.KeyType {
	out := map[string]tea.KeyType{}
	for t := tea.KeyF20; t <= 127; t++ {
		if t == tea.KeyRunes {
			continue
		}
		if n := t.String(); n != "" {
			if _, dup := out[n]; !dup {
				out[n] = t
			}
		}
	}
	return out
}

// ParseSteps reads what the person does, as written for render --keys:
// key names separated by spaces ("tab tab enter"), "type:TEXT" for text
// (quoted, as in type:"Ada Lovelace", to hold spaces), and "wait" to let
// the agent answer. A name that is not a key is an error that lists the
// valid ones.
func ParseSteps(s string) ([]Step, error) {
	words, err := splitSteps(s)
	if err != nil {
		return nil, err
	}
	table := keyTable()
	var steps []Step
	for _, w := range words {
		switch {
		case w.name == "wait":
			steps = append(steps, Step{Name: "wait", Wait: true})
		case strings.HasPrefix(w.name, "type:"):
			text := w.name[len("type:"):]
			if text == "" {
				return nil, fmt.Errorf("keys: %q types nothing: write the text after the colon (type:Ada)", w.raw)
			}
			st := Step{Name: w.raw}
			for _, r := range text {
				if r == ' ' {
					st.Keys = append(st.Keys, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
					continue
				}
				if !unicode.IsPrint(r) {
					return nil, fmt.Errorf("keys: %q: type: takes printable text only", w.raw)
				}
				st.Keys = append(st.Keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			}
			steps = append(steps, st)
		default:
			k, ok := table[w.name]
			if !ok || w.quoted {
				return nil, fmt.Errorf("keys: unknown key %q; the keys are %s, type:TEXT and wait", w.raw, strings.Join(KeyNames(), " "))
			}
			steps = append(steps, Step{Name: w.name, Keys: []tea.KeyMsg{k}})
		}
	}
	return steps, nil
}

type stepWord struct {
	raw, name string
	quoted    bool
}

// splitSteps cuts s at spaces outside double quotes; a quote is dropped
// and what it holds kept as it is (\" and \\ for a quote and a
// backslash).
func splitSteps(s string) ([]stepWord, error) {
	var out []stepWord
	var cur, raw strings.Builder
	in, quoted, started := false, false, false
	flush := func() {
		if started {
			out = append(out, stepWord{raw: raw.String(), name: cur.String(), quoted: quoted})
		}
		cur.Reset()
		raw.Reset()
		quoted, started = false, false
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case in && r == '\\' && i+1 < len(rs) && (rs[i+1] == '"' || rs[i+1] == '\\'):
			i++
			cur.WriteRune(rs[i])
			raw.WriteRune(r)
			raw.WriteRune(rs[i])
		case r == '"':
			in = !in
			quoted, started = true, true
			raw.WriteRune(r)
		case !in && unicode.IsSpace(r):
			flush()
		default:
			cur.WriteRune(r)
			raw.WriteRune(r)
			started = true
		}
	}
	if in {
		return nil, fmt.Errorf("keys: a quote is not closed in %q", s)
	}
	flush()
	return out, nil
}
