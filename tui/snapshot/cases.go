package snapshot

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/a2term/a2term/hub"
)

// Case is one snapshot of a folder: NAME.jsonl, a stream or a script
// agent, drawn as NAME.golden holds it. Beside it, optionally:
//
//	NAME.keys   what the person does (render --keys), over as many lines
//	            as it likes; a line starting with # is a comment
//	NAME.size   the terminal's size, such as 100x30 (default 80x24)
//	NAME.flags  more of render's flags, such as --frames --color ansi256
//
// so that `a2term render $(cat NAME.flags) --width 100 --height 30 --keys
// "$(cat NAME.keys)" NAME.jsonl` prints what NAME.golden holds.
type Case struct {
	// Name is the file name without .jsonl.
	Name string
	// Dir is the folder.
	Dir string
}

// Cases lists the cases of dir, by name.
func Cases(dir string) ([]Case, error) {
	files, err := filepath.Glob(filepath.Join(globEscape(dir), "*.jsonl"))
	if err != nil {
		return nil, fmt.Errorf("cases of %s: %w", dir, err)
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	var out []Case
	for _, f := range files {
		out = append(out, Case{Name: strings.TrimSuffix(filepath.Base(f), ".jsonl"), Dir: dir})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func globEscape(s string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`)
	return r.Replace(s)
}

func (c Case) path(ext string) string { return filepath.Join(c.Dir, c.Name+ext) }

// GoldenPath is the file the case is compared with.
func (c Case) GoldenPath() string { return c.path(".golden") }

// Args are the render arguments the case stands for.
func (c Case) Args() ([]string, error) {
	var args []string
	if b, err := os.ReadFile(c.path(".flags")); err == nil {
		words, err := splitWords(string(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.path(".flags"), err)
		}
		args = append(args, words...)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if b, err := os.ReadFile(c.path(".size")); err == nil {
		w, h, ok := parseSize(strings.TrimSpace(string(b)))
		if !ok {
			return nil, fmt.Errorf("%s: %q is not a size such as 100x30", c.path(".size"), strings.TrimSpace(string(b)))
		}
		args = append(args, "--width", strconv.Itoa(w), "--height", strconv.Itoa(h))
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if b, err := os.ReadFile(c.path(".keys")); err == nil {
		var keys []string
		for _, l := range strings.Split(string(b), "\n") {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				keys = append(keys, t)
			}
		}
		args = append(args, "--keys", strings.Join(keys, " "))
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return args, nil
}

func parseSize(s string) (int, int, bool) {
	ws, hs, ok := strings.Cut(s, "x")
	if !ok {
		return 0, 0, false
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	return w, h, err1 == nil && err2 == nil
}

// Render draws the case.
func (c Case) Render() ([]byte, error) {
	args, err := c.Args()
	if err != nil {
		return nil, err
	}
	fset := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	flags := AddFlags(fset)
	if err := fset.Parse(args); err != nil {
		return nil, fmt.Errorf("%s: %w", c.path(".flags"), err)
	}
	if fset.NArg() > 0 {
		return nil, fmt.Errorf("%s: %q is not a flag", c.path(".flags"), fset.Arg(0))
	}
	opts, err := flags.Options()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	scriptFile := flags.Script()
	if scriptFile != "" && !filepath.IsAbs(scriptFile) {
		scriptFile = filepath.Join(c.Dir, scriptFile)
	}
	in, err := Load(c.path(".jsonl"), scriptFile)
	if err != nil {
		return nil, err
	}
	return Render(in, opts)
}

// splitWords cuts s at blanks outside double quotes, as a shell does; a
// backslash keeps the quote or backslash after it.
func splitWords(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, started := false, false
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\\' && i+1 < len(rs) && (rs[i+1] == '"' || rs[i+1] == '\\'):
			i++
			cur.WriteRune(rs[i])
			started = true
		case r == '"':
			in, started = !in, true
		case !in && (r == ' ' || r == '\t' || r == '\n' || r == '\r'):
			if started {
				out = append(out, cur.String())
			}
			cur.Reset()
			started = false
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if in {
		return nil, errors.New("a quote is not closed")
	}
	if started {
		out = append(out, cur.String())
	}
	return out, nil
}

// Result counts what Check or Update found.
type Result struct {
	Cases   int // cases in the folder
	Failed  int // cases that differ, have no golden file, or could not be drawn
	Updated int // golden files Update rewrote
}

// Check draws every case of dir and compares it with its golden file. For
// each that differs it writes a unified diff to w (escape sequences
// written out as \x1b, so that the diff shows what changed in the
// styling too); for a case with no golden file, one that cannot be drawn
// and a golden file with no case, a line that says so. It ends with a
// line that counts them.
func Check(dir string, w io.Writer) (Result, error) {
	cases, err := Cases(dir)
	if err != nil {
		return Result{}, err
	}
	res := Result{Cases: len(cases)}
	for _, c := range cases {
		got, err := c.Render()
		if err != nil {
			res.Failed++
			fmt.Fprintf(w, "%s: %v\n", c.Name, err)
			continue
		}
		want, err := os.ReadFile(c.GoldenPath())
		if errors.Is(err, fs.ErrNotExist) {
			res.Failed++
			fmt.Fprintf(w, "%s: no %s yet (a2term snapshot update writes it)\n", c.Name, filepath.Base(c.GoldenPath()))
			continue
		}
		if err != nil {
			return res, err
		}
		if !bytes.Equal(got, want) {
			res.Failed++
			fmt.Fprint(w, udiff.Unified(c.GoldenPath(), c.Name+" as drawn now", visible(string(want)), visible(string(got))))
		}
	}
	res.Failed += orphans(dir, cases, w)
	switch {
	case res.Cases == 0:
		fmt.Fprintf(w, "no snapshots in %s (NAME.jsonl beside NAME.golden)\n", dir)
	case res.Failed == 0:
		fmt.Fprintln(w, hub.Plural(res.Cases, "snapshot matches", "snapshots match"))
	default:
		fmt.Fprintf(w, "%s, %s\n", hub.Plural(res.Cases, "snapshot", "snapshots"), hub.Plural(res.Failed, "does not match", "do not match"))
	}
	return res, nil
}

// Update draws every case of dir and writes its golden file where it
// differs, each one whole or not at all; a case that cannot be drawn
// leaves its golden file as it is. It writes a line for each file it
// rewrote and each case it could not draw.
func Update(dir string, w io.Writer) (Result, error) {
	cases, err := Cases(dir)
	if err != nil {
		return Result{}, err
	}
	res := Result{Cases: len(cases)}
	for _, c := range cases {
		got, err := c.Render()
		if err != nil {
			res.Failed++
			fmt.Fprintf(w, "%s: %v (%s left as it was)\n", c.Name, err, filepath.Base(c.GoldenPath()))
			continue
		}
		if old, err := os.ReadFile(c.GoldenPath()); err == nil && bytes.Equal(old, got) {
			continue
		}
		if err := WriteFile(c.GoldenPath(), got); err != nil {
			return res, err
		}
		res.Updated++
		fmt.Fprintf(w, "wrote %s\n", c.GoldenPath())
	}
	res.Failed += orphans(dir, cases, w)
	fmt.Fprintf(w, "%s, %d rewritten, %d not drawn\n", hub.Plural(res.Cases, "snapshot", "snapshots"), res.Updated, res.Failed)
	return res, nil
}

// orphans reports golden files that no case draws.
func orphans(dir string, cases []Case, w io.Writer) int {
	have := map[string]bool{}
	for _, c := range cases {
		have[c.Name] = true
	}
	goldens, _ := filepath.Glob(filepath.Join(globEscape(dir), "*.golden"))
	n := 0
	for _, g := range goldens {
		name := strings.TrimSuffix(filepath.Base(g), ".golden")
		if !have[name] {
			n++
			fmt.Fprintf(w, "%s: no %s.jsonl draws it (remove it, or add the case)\n", filepath.Base(g), name)
		}
	}
	return n
}

// visible writes escape characters out, so that a diff shows them.
func visible(s string) string {
	return strings.ReplaceAll(s, "\x1b", `\x1b`)
}
