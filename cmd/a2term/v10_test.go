package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

// The project's own A2UI v1.0 streams, in the shapes of the
// specification's examples: a form made by one createSurface with its
// components and data model, and a list built by later updates.
var (
	signupV10 = filepath.Join("..", "..", "testdata", "streams", "signup-v10.jsonl")
	shelfV10  = filepath.Join("..", "..", "testdata", "streams", "reading-list-v10.jsonl")
)

// TestValidateV10 checks validate on v1.0: both streams are accepted and
// named v1.0 with their catalog; a stream breaking v1.0's rules is refused
// at the message that breaks them, and --each names each refusal.
func TestValidateV10(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{signupV10, "surface signup: A2UI v1.0, basic catalog, 11 components, shown"},
		{shelfV10, "surface shelf: A2UI v1.0, basic catalog, 10 components, shown"},
	} {
		code, out, errOut := runCmd(t, "validate", tc.file)
		if code != 0 || !strings.Contains(out, tc.want) || !strings.Contains(out, ", 0 warnings") {
			t.Errorf("validate %s: exit %d:\n%s%s", tc.file, code, out, errOut)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad-v10.jsonl")
	if err := os.WriteFile(bad, []byte(`{"version": "v1.0", "createSurface": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "no catalog"}]}}
{"version": "v1.0", "createSurface": {"surfaceId": "t", "catalogId": "`+a2ui.BasicCatalogV10ID+`", "components": [{"id": "root", "component": "Text", "text": "Hi", "variant": "h2"}]}}
{"version": "v1.0", "updateDataModel": {"surfaceId": "t", "path": "/a"}}
`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, "validate", "--each", bad)
	for _, want := range []string{bad + ":1: message 0: no_catalog", bad + ":2: message 1: bad_value", bad + ":3: message 2: missing_property", "3 of 3 messages refused"} {
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("validate --each of a bad v1.0 stream: exit %d, lacks %q:\n%s", code, want, out)
		}
	}
}

// TestRenderV10 renders the v1.0 streams at 80 and 120 columns, after
// keys, and as the web page: every text, the placeholder of an empty
// field, the Markdown heading, the failing checks and their clearing.
func TestRenderV10(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
		not  []string
	}{
		{
			[]string{"--width", "80", "--height", "24", signupV10},
			[]string{"Join the reading club", "Four questions, then you are in.", "> Grace Hopper|", "[ grace@example.org ", "✗ Not an email address", "(•) Paper", "( ) Digital", "Books a month 1 ", "[x] Send me the monthly letter", "[ Join ]", "✗ Give a name and an address first"},
			[]string{"## Join"},
		},
		{
			[]string{"--width", "80", "--height", "24", "--keys", "tab type:grace@example.org", signupV10},
			[]string{"> grace@example.org|", "[ Join ]"},
			[]string{"✗ Not an email address", "✗ Give a name and an address first"},
		},
		{
			[]string{"--width", "120", "--height", "40", shelfV10},
			[]string{"On the shelf", "Ada has 3 books to read.", "★ The Left Hand of Darkness €9.50", "★ Invisible Cities €11.00", "★ Piranesi €14.25", "Prices include delivery.", "Transcript", "→ show shelf: 10 components"},
			[]string{"### On"},
		},
		{
			[]string{"--web", shelfV10},
			[]string{`h4.md-h "On the shelf"`, `small.a2-text.a2-caption "Ada has 3 books to read."`, `p.a2-text.a2-body "Invisible Cities"`, `p.a2-text.a2-body "€11.00"`},
			nil,
		},
	} {
		code, out, errOut := runCmd(t, append([]string{"render"}, tc.args...)...)
		if code != 0 {
			t.Errorf("render %q: exit %d: %s", tc.args, code, errOut)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("render %q lacks %q:\n%s", tc.args, w, out)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(out, w) {
				t.Errorf("render %q shows %q:\n%s", tc.args, w, out)
			}
		}
	}
}

// TestSnapshotV10: a v1.0 stream's golden file is written, then matches,
// and a changed text in its createSurface is reported as the difference.
func TestSnapshotV10(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(signupV10)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "signup.jsonl")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCmd(t, "snapshot", "update", dir); code != 0 || !strings.Contains(out, "wrote ") {
		t.Fatalf("update: exit %d\n%s", code, out)
	}
	golden, err := os.ReadFile(filepath.Join(dir, "signup.golden"))
	if err != nil || !strings.Contains(string(golden), "Join the reading club") {
		t.Fatalf("the golden file (%v):\n%s", err, golden)
	}
	if code, out, _ := runCmd(t, "snapshot", "check", dir); code != 0 || !strings.Contains(out, "1 snapshot matches") {
		t.Errorf("check: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), "Join the reading club", "Join the chess club", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCmd(t, "snapshot", "check", dir); code != 1 || !strings.Contains(out, "+ │ Join the chess club") || !strings.Contains(out, "- │ Join the reading club") {
		t.Errorf("check of a changed v1.0 stream: exit %d\n%s", code, out)
	}
}

// TestValidateNamesCatalogs checks that validate names a surface's
// catalog the same way whatever its version: the specification's
// catalogs by their short names, a catalog definition's by its id, and a
// v1.0 surface without a default catalog as such.
func TestValidateNamesCatalogs(t *testing.T) {
	streams := filepath.Join("..", "..", "testdata", "streams")
	catalogs := filepath.Join("..", "..", "testdata", "catalogs")
	noDefault := filepath.Join(t.TempDir(), "no-default.jsonl")
	if err := os.WriteFile(noDefault, []byte(`{"version": "v1.0", "createSurface": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "Hi", "catalogId": "`+a2ui.BasicCatalogV10ID+`"}]}}
`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{filepath.Join(streams, "order-form.jsonl")}, "surface order: A2UI v0.8, standard catalog, 7 components, shown"},
		{[]string{filepath.Join(streams, "order-form-v09.json")}, "surface order: A2UI v0.9, basic catalog, 9 components, shown"},
		{[]string{signupV10}, "surface signup: A2UI v1.0, basic catalog, 11 components, shown"},
		{[]string{noDefault}, "surface s: A2UI v1.0, no default catalog, 1 component, shown"},
		{[]string{"--catalog", filepath.Join(catalogs, "team.json"), filepath.Join(catalogs, "team.jsonl")}, "surface team: A2UI v0.9, catalog https://example.com/a2term/catalogs/team.json, 3 components, shown"},
	} {
		code, out, errOut := runCmd(t, append([]string{"validate"}, tc.args...)...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("validate %v: exit %d, lacks %q:\n%s%s", tc.args, code, tc.want, out, errOut)
		}
	}
}
