package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/a2term/a2term/a2ui"
)

// The tests below keep the README and the manual in docs/ true to the
// code: their links lead to files and headings that exist, their pictures
// are what a2term draws, their commands and examples what it runs and
// accepts, and the component reference names the properties a2term reads.

// docPages are the repository's Markdown pages, from its top.
func docPages(t *testing.T) []string {
	t.Helper()
	pages := []string{"README.md", "CONTRIBUTING.md"}
	more, err := filepath.Glob(repoFile("docs/*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(more) == 0 {
		t.Fatal("no pages in docs/")
	}
	for _, m := range more {
		pages = append(pages, "docs/"+filepath.Base(m))
	}
	return pages
}

// prose returns a page's text outside fenced code blocks, with inline
// code taken out, so that what looks like a link in code is not read as
// one.
func prose(page string) string {
	var b strings.Builder
	fence := false
	for line := range strings.Lines(page) {
		if strings.HasPrefix(line, "```") {
			fence = !fence
			continue
		}
		if !fence {
			b.WriteString(inlineCode.ReplaceAllString(line, "``"))
		}
	}
	return b.String()
}

var (
	inlineCode = regexp.MustCompile("`[^`]*`")
	mdLink     = regexp.MustCompile(`\]\(([^)\s]+)\)`)
)

// anchors returns the anchors GitHub makes of a page's headings: lower
// case, punctuation dropped, spaces made hyphens, a repeated one numbered.
func anchors(page string) map[string]bool {
	out := map[string]bool{}
	fence := false
	for line := range strings.Lines(page) {
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		if fence || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var slug strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				slug.WriteRune(r)
			case r == ' ':
				slug.WriteByte('-')
			}
		}
		a := slug.String()
		for i := 1; out[a]; i++ {
			a = slug.String() + "-" + strconv.Itoa(i)
		}
		out[a] = true
	}
	return out
}

// TestDocLinks checks that every relative link in the README,
// CONTRIBUTING and docs/ names a file of the repository, and that a link
// to a heading names one of the page it points into.
func TestDocLinks(t *testing.T) {
	links := 0
	for _, page := range docPages(t) {
		data, err := os.ReadFile(repoFile(page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(prose(string(data)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.ToSlash(filepath.Join(filepath.Dir(page), file))
				if strings.HasPrefix(path, "../") || filepath.IsAbs(file) {
					t.Errorf("%s: link %q points outside the repository", page, target)
					continue
				}
			}
			st, err := os.Stat(repoFile(path))
			if err != nil {
				t.Errorf("%s: link %q: no file %s", page, target, path)
				continue
			}
			if anchor == "" {
				continue
			}
			if st.IsDir() || !strings.HasSuffix(path, ".md") {
				t.Errorf("%s: link %q: an anchor into %s, which is not a page", page, target, path)
				continue
			}
			into, err := os.ReadFile(repoFile(path))
			if err != nil {
				t.Fatal(err)
			}
			if !anchors(string(into))[anchor] {
				t.Errorf("%s: link %q: %s has no heading #%s", page, target, path, anchor)
			}
		}
	}
	if links < 50 {
		t.Errorf("found %d relative links in the pages; the link pattern must have stopped matching", links)
	}
}

// TestDocAnchors checks the anchor rule TestDocLinks applies.
func TestDocAnchors(t *testing.T) {
	got := anchors("# Restarting: the journal (`--state`, `--no-state`)\n```\n# not a heading\n```\n## Keys\n## Keys\n")
	for _, want := range []string{"restarting-the-journal---state---no-state", "keys", "keys-1"} {
		if !got[want] {
			t.Errorf("no anchor %q in %v", want, got)
		}
	}
	if got["not-a-heading"] {
		t.Error("a line in a code block made an anchor")
	}
}

// renderExample is a picture on a page: the render command it shows and
// what the page says it prints.
type renderExample struct {
	args []string
	want string
}

// renderExamples returns the pictures of a page: blocks that start with a
// line "$ a2term render ARGS" followed by the frame.
func renderExamples(t *testing.T, page string) []renderExample {
	t.Helper()
	data, err := os.ReadFile(repoFile(page))
	if err != nil {
		t.Fatal(err)
	}
	const open = "```text\n$ a2term render "
	var out []renderExample
	for rest := string(data); ; {
		i := strings.Index(rest, open)
		if i < 0 {
			return out
		}
		rest = rest[i+len("```text\n$ a2term "):]
		nl := strings.IndexByte(rest, '\n')
		args, err := splitArgs(rest[:nl])
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		rest = rest[nl+1:]
		end := strings.Index(rest, "```\n")
		if end < 0 {
			t.Fatalf("%s: the picture of %q does not end", page, args)
		}
		out = append(out, renderExample{args: args, want: rest[:end]})
		rest = rest[end:]
	}
}

// splitArgs splits a command line as a shell does, for the quoting the
// pages use: '…' and "…" (with \" inside).
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		case '\'', '"':
			inArg = true
			j := i + 1
			for ; j < len(s) && s[j] != c; j++ {
				if c == '"' && s[j] == '\\' && j+1 < len(s) {
					j++
				}
				cur.WriteByte(s[j])
			}
			if j == len(s) {
				return nil, errors.New("unterminated quote in " + s)
			}
			i = j
		default:
			inArg = true
			cur.WriteByte(c)
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, nil
}

func TestSplitArgs(t *testing.T) {
	got, err := splitArgs(`render --keys 'tab type:"a b" enter' --x "c \"d\"" f`)
	want := []string{"render", "--keys", `tab type:"a b" enter`, "--x", `c "d"`, "f"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("splitArgs = %q, %v; want %q", got, err, want)
	}
}

// TestDocPictures draws every picture of the README and the component
// reference with the command shown above it, and checks that the page
// shows what a2term prints.
func TestDocPictures(t *testing.T) {
	pages := map[string][]renderExample{}
	for _, page := range []string{"README.md", "docs/components.md"} {
		pages[page] = renderExamples(t, page)
		if len(pages[page]) == 0 {
			t.Errorf("%s shows no picture", page)
		}
	}
	t.Chdir(repoFile(".")) // the commands name files from the top
	for page, examples := range pages {
		for _, ex := range examples {
			code, got, errOut := runCmd(t, ex.args...)
			if code != 0 || got != ex.want {
				t.Errorf("%s: a2term %s: exit %d; the page shows:\n%s\nthe command prints:\n%s%s", page, strings.Join(ex.args, " "), code, ex.want, got, errOut)
			}
		}
	}
}

// docComponent is a component's section of docs/components.md.
type docComponent struct {
	v09, v08 []string // the properties its table names in each version
	streams  []string // the streams its pictures draw
}

// componentsDoc reads docs/components.md's sections, by heading.
func componentsDoc(t *testing.T) map[string]*docComponent {
	t.Helper()
	data, err := os.ReadFile(repoFile("docs/components.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| (`[A-Za-z]+`|—) \\| (`[A-Za-z]+`|—) \\|")
	out := map[string]*docComponent{}
	var cur *docComponent
	fence := false
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		switch {
		case !fence && strings.HasPrefix(line, "## "):
			cur = &docComponent{}
			out[strings.TrimSpace(line[3:])] = cur
		case cur == nil:
		case fence && strings.HasPrefix(line, "$ a2term render "):
			f := strings.Fields(line)
			cur.streams = append(cur.streams, f[len(f)-1])
		case !fence:
			if m := row.FindStringSubmatch(line); m != nil {
				if m[1] != "—" {
					cur.v09 = append(cur.v09, strings.Trim(m[1], "`"))
				}
				if m[2] != "—" {
					cur.v08 = append(cur.v08, strings.Trim(m[2], "`"))
				}
			}
		}
	}
	return out
}

// streamMessages reads every JSON value of a stream file.
func streamMessages(t *testing.T, file string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var m map[string]any
		if err := dec.Decode(&m); err == io.EOF {
			return out
		} else if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out = append(out, m)
	}
}

// commonProps are the properties every component has, listed once in
// the reference's first table rather than in each component's.
var commonProps = []string{"id", "component", "weight", "accessibility"}

// usedProps adds to used, by component type, the properties the
// components of a stream's messages give.
func usedProps(msgs []map[string]any, used map[string]map[string]bool) {
	add := func(typ string, props map[string]any) {
		if used[typ] == nil {
			used[typ] = map[string]bool{}
		}
		for k := range props {
			used[typ][k] = true
		}
	}
	for _, m := range msgs {
		if u, ok := m["updateComponents"].(map[string]any); ok {
			for _, c := range u["components"].([]any) {
				c := c.(map[string]any)
				add(c["component"].(string), c)
			}
		}
		if u, ok := m["surfaceUpdate"].(map[string]any); ok {
			for _, c := range u["components"].([]any) {
				c := c.(map[string]any)
				for typ, props := range c["component"].(map[string]any) {
					add(typ, props.(map[string]any))
				}
				add("*", c)
			}
		}
	}
}

// sorted lists a set's members but the common properties, in order.
func sorted(set map[string]bool) []string {
	var out []string
	for k := range set {
		if !slices.Contains(commonProps, k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TestDocComponents checks the component reference against what a2term
// reads: a section for each of the 18 components with a picture; its
// v0.9.1 properties exactly those its pictures' streams give (streams
// a2term accepts without a warning, and v0.9.1 refuses a property a
// component does not have), and its v0.8 properties exactly those
// testdata/components/v08.jsonl gives, which a2term accepts without a
// warning (v0.8 warns of an unknown property).
func TestDocComponents(t *testing.T) {
	doc := componentsDoc(t)
	t.Chdir(repoFile(".")) // the pages name files from the top
	const v08 = "testdata/components/v08.jsonl"
	check := func(file string) {
		code, out, errOut := runCmd(t, "validate", file)
		if code != 0 || !strings.Contains(out, ", 0 warnings") {
			t.Errorf("a2term validate %s: exit %d, want 0 with no warning:\n%s%s", file, code, out, errOut)
		}
	}
	check(v08)
	used08 := map[string]map[string]bool{}
	usedProps(streamMessages(t, v08), used08)
	all09 := map[string]map[string]bool{}
	for _, typ08 := range a2ui.ComponentTypes() {
		typ := typ08
		if typ08 == "MultipleChoice" {
			typ = "ChoicePicker" // v0.9's name
		}
		sec := doc[typ]
		if sec == nil {
			t.Errorf("docs/components.md has no section %q", typ)
			continue
		}
		if len(sec.streams) == 0 {
			t.Errorf("%s: no picture", typ)
		}
		used09 := map[string]map[string]bool{}
		for _, f := range sec.streams {
			check(f)
			msgs := streamMessages(t, f)
			usedProps(msgs, used09)
			usedProps(msgs, all09)
		}
		if got, want := sorted(used09[typ]), slices.Sorted(slices.Values(sec.v09)); !slices.Equal(got, want) {
			t.Errorf("%s: the table names the v0.9.1 properties %q, its streams give %q: each property in both", typ, want, got)
		}
		if got, want := sorted(used08[typ08]), slices.Sorted(slices.Values(sec.v08)); !slices.Equal(got, want) {
			t.Errorf("%s: the table names the v0.8 properties %q, %s gives %q: each property in both", typ, want, v08, got)
		}
	}
	every := doc["Every component"]
	if every == nil {
		t.Fatal(`docs/components.md has no section "Every component"`)
	}
	any09 := map[string]bool{}
	for _, props := range all09 {
		for k := range props {
			any09[k] = true
		}
	}
	for _, p := range every.v09 {
		if !slices.Contains(commonProps, p) || !any09[p] {
			t.Errorf("Every component: v0.9.1 property %q is not a common one given by a stream", p)
		}
	}
	for _, p := range every.v08 {
		if !slices.Contains(commonProps, p) || !used08["*"][p] {
			t.Errorf("Every component: v0.8 property %q is not a common one given by %s", p, v08)
		}
	}
	if len(every.v09) != len(commonProps) || len(every.v08) != len(commonProps)-1 {
		t.Errorf("Every component lists %q (v0.9.1) and %q (v0.8), want %q and all but accessibility", every.v09, every.v08, commonProps)
	}
}

// TestReadmeCommands checks the README's two commands: the test command
// is the one CI runs, and the demo command names the demo.
func TestReadmeCommands(t *testing.T) {
	readme, err := os.ReadFile(repoFile("README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(repoFile(".ci/run"))
	if err != nil {
		t.Fatal(err)
	}
	const marker = "# The README's test command.\n"
	i := bytes.Index(ci, []byte(marker))
	if i < 0 {
		t.Fatalf(".ci/run has no line %q before its test command", marker)
	}
	cmd := string(ci[i+len(marker):])
	cmd = cmd[:strings.IndexByte(cmd, '\n')]
	m := regexp.MustCompile("(?s)```sh\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("the README has no sh block")
	}
	var lines []string
	for line := range strings.Lines(string(m[1])) {
		cmdline, _, _ := strings.Cut(line, "#")
		lines = append(lines, strings.TrimSpace(cmdline))
	}
	if want := []string{"go run ./cmd/a2term demo", cmd}; !slices.Equal(lines, want) {
		t.Errorf("the README's first commands are %q, want %q", lines, want)
	}
}

// TestReadmeExample checks that a2term accepts the README's A2UI example
// as written.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile(repoFile("README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)\n## What an agent sends\n.*?```json\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal(`no JSON example under "## What an agent sends" in the README`)
	}
	file := filepath.Join(t.TempDir(), "example.jsonl")
	if err := os.WriteFile(file, m[1], 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "validate", file)
	if code != 0 || !strings.Contains(out, "surface hello: A2UI v1.0, basic catalog, 4 components, shown") || !strings.Contains(out, ", 0 warnings") {
		t.Errorf("a2term validate: exit %d:\n%s%s", code, out, errOut)
	}
}

// TestContributingListsEveryPackage checks CONTRIBUTING's list of
// packages against the tree: each directory with Go files other than
// tests (outside testdata) is listed once, and nothing else is.
func TestContributingListsEveryPackage(t *testing.T) {
	data, err := os.ReadFile(repoFile("CONTRIBUTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(data), "<!-- packages: start -->\n")
	list, _, ok2 := strings.Cut(list, "<!-- packages: end -->")
	if !ok || !ok2 {
		t.Fatal("CONTRIBUTING.md has no list of packages between its markers")
	}
	var listed []string
	item := regexp.MustCompile("^- `([a-z0-9_/]+)/` — .+\n$")
	for line := range strings.Lines(list) {
		m := item.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("CONTRIBUTING.md: %q is not a line \"- `path/` — what it holds\"", line)
			continue
		}
		listed = append(listed, m[1])
	}
	var found []string
	root := repoFile(".")
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			if rel := filepath.ToSlash(rel); rel != "." && !slices.Contains(found, rel) {
				found = append(found, rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(found)
	if got := slices.Sorted(slices.Values(listed)); !slices.Equal(got, found) {
		t.Errorf("CONTRIBUTING.md lists the packages %q; the tree has %q", got, found)
	}
}
