package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestValidateExitCodesAndLines(t *testing.T) {
	good := filepath.Join("..", "..", "testdata", "streams", "order-form.jsonl")
	bad := filepath.Join("..", "..", "testdata", "streams", "one-bad-line.jsonl")
	goodV09 := filepath.Join("..", "..", "testdata", "streams", "order-form-v09.json")
	badV09 := filepath.Join(t.TempDir(), "bad-v09.jsonl")
	if err := os.WriteFile(badV09, []byte(`{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "Hi", "variant": "h7"}]}}
{"dataModelUpdate": {"surfaceId": "s", "contents": []}}
`), 0o600); err != nil {
		t.Fatal(err)
	}
	// A template in the data model that formats itself: it overflowed
	// the stack, and killed whatever ran it.
	selfFormat := filepath.Join(t.TempDir(), "self-format.jsonl")
	if err := os.WriteFile(selfFormat, []byte(`{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": {"call": "formatString", "args": {"value": {"path": "/t"}}}}]}}
{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/t", "value": "${formatString(value: ${/t})}"}}
`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		code    int
		want    []string // substrings of stdout, in order
		wantErr string
		notWant string
	}{
		{
			name: "accepted", args: []string{"validate", good}, code: 0,
			want: []string{good + ": ok: 3 messages, 1 surface shown, 0 warnings"},
		},
		{
			name: "batch refused at its first bad message", args: []string{"validate", bad}, code: 1,
			want:    []string{bad + ":2: message 1: bad_value: usageHint \"h7\"", bad + ": refused: the batch of 5 messages was not applied"},
			notWant: "message 3",
		},
		{
			name: "each reports every refusal and warning in order", args: []string{"validate", "--each", bad}, code: 1,
			want: []string{
				bad + ":2: message 1: bad_value",
				bad + ":4: message 3: bad_message: not JSON",
				bad + ":5: message 4: warning unknown_property: Text has no property \"color\"",
				bad + ": refused: 2 of 5 messages refused, 1 warning",
			},
			// beginRendering before its root is accepted: the surface waits.
			notWant: "message 0",
		},
		{
			name: "flags after the file", args: []string{"validate", bad, "--each"}, code: 1,
			want: []string{"2 of 5 messages refused"},
		},
		{
			name: "several files get a total", args: []string{"validate", good, bad}, code: 1,
			want: []string{"2 files: 1 accepted, 1 refused"},
		},
		{name: "no file is a usage error", args: []string{"validate"}, code: 2, wantErr: "no FILE given"},
		{name: "unreadable file", args: []string{"validate", "no-such-file.jsonl"}, code: 2, wantErr: "no-such-file.jsonl"},
		{name: "unknown flag", args: []string{"validate", "--nope", good}, code: 2, wantErr: "flag provided but not defined"},
		{name: "help explains and succeeds", args: []string{"validate", "-h"}, code: 0, wantErr: "Exit status: 0 when every file is accepted"},
		{name: "unknown command", args: []string{"frobnicate"}, code: 2, wantErr: `unknown command "frobnicate"`},
		{
			name: "a v0.9.1 stream in the specification's wrapper", args: []string{"validate", goodV09}, code: 0,
			want: []string{goodV09 + ": surface order: A2UI v0.9, basic catalog, 9 components, shown", goodV09 + ": ok: 3 messages, 1 surface shown, 0 warnings"},
		},
		{
			name: "surfaces of both versions", args: []string{"validate", "--each", bad, goodV09}, code: 1,
			want: []string{bad + ": surface s: A2UI v0.8, standard catalog, 1 component, shown", goodV09 + ": surface order: A2UI v0.9"},
		},
		{
			name: "a refused v0.9 message and its client error", args: []string{"validate", "--each", badV09}, code: 1,
			want: []string{
				badV09 + `:2: message 1: bad_value: variant "h7" is not one of h1, h2, h3, h4, h5, caption, body (surface s, component root, at /updateComponents/components/0/variant)`,
				badV09 + `:2: message 1: clientMessage {"version":"v0.9","error":{"code":"VALIDATION_FAILED","surfaceId":"s","path":"/components/0/variant","message":"variant \"h7\" is not one of h1, h2, h3, h4, h5, caption, body"}}`,
				badV09 + `:3: message 2: version_mismatch: dataModelUpdate is a v0.8 message, and surface "s" was created by v0.9 messages`,
				badV09 + `: surface s: A2UI v0.9, basic catalog, 0 components, shown once its root "root" arrives`,
				badV09 + ": refused: 2 of 3 messages refused, 0 warnings",
			},
			// A v0.8 message has no client error to send back.
			notWant: "message 2: clientMessage",
		},
		{
			name: "a template that formats itself is refused", args: []string{"validate", selfFormat}, code: 1,
			want: []string{
				selfFormat + `:2: message 1: evaluation_limit: a template read from the data model may not format another template read from the data model (surface s, component root)`,
				selfFormat + `:2: message 1: clientMessage {"version":"v0.9","error":{"code":"VALIDATION_FAILED","surfaceId":"s","path":"/components/0"`,
			},
		},
		{
			name: "and shows a marker with --lenient", args: []string{"validate", "--lenient", selfFormat}, code: 0,
			want: []string{selfFormat + `:3: message 2: warning evaluation_limit`},
		},
		{name: "help speaks of both versions", args: []string{"validate", "-h"}, code: 0, wantErr: `"version": "v0.9" (or "v0.9.1") is A2UI`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errOut)
			}
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("stdout lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			if tt.notWant != "" && strings.Contains(out, tt.notWant) {
				t.Errorf("stdout holds %q:\n%s", tt.notWant, out)
			}
			if tt.wantErr != "" && !strings.Contains(errOut, tt.wantErr) {
				t.Errorf("stderr lacks %q:\n%s", tt.wantErr, errOut)
			}
		})
	}
}

// TestValidateSamples runs the command over the official samples the way
// the README suggests: everything accepted with --lenient --each except
// the kitchen sink (more surfaces than one canvas holds, and a stray v0.9
// message).
func TestValidateSamples(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "a2ui-samples")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json*"))
	if len(files) == 0 {
		t.Skipf("no A2UI samples at %s; skipped", dir)
	}
	for _, f := range files {
		code, out, errOut := runCmd(t, "validate", "--lenient", "--each", f)
		base := filepath.Base(f)
		if base == "composer-theater-kitchen-sink.json" {
			if code != 1 || !strings.Contains(out, "message 49: bad_message") || !strings.Contains(out, "too_many_surfaces") {
				t.Errorf("%s: exit %d, want 1 with the stray action and the surface limit reported:\n%s", base, code, out)
			}
			continue
		}
		if code != 0 {
			t.Errorf("%s: exit %d:\n%s%s", base, code, out, errOut)
		}
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}

// TestValidateSamplesV09 checks the official v0.9.1 examples strictly, as
// one batch each, in the specification's {"name", "description",
// "messages"} wrapper: each is accepted, and its surface is a shown v0.9
// one of the basic or minimal catalog.
func TestValidateSamplesV09(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "a2ui-samples-v09")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("no A2UI v0.9.1 samples at %s; skipped", dir)
	}
	for _, f := range files {
		code, out, errOut := runCmd(t, "validate", f)
		if code != 0 || !strings.Contains(out, ": A2UI v0.9, ") || !strings.Contains(out, " catalog, ") || !strings.Contains(out, ": ok: ") {
			t.Errorf("%s: exit %d:\n%s%s", filepath.Base(f), code, out, errOut)
		}
	}
}

// TestDocValidateExample runs each validate example docs/cli.md shows
// (one per version) and checks that it shows what the command really
// prints.
func TestDocValidateExample(t *testing.T) {
	doc, err := os.ReadFile(repoFile("docs/cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(filepath.Join("..", "..")); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	const prompt = "$ a2term validate "
	examples := 0
	for rest := string(doc); ; {
		i := strings.Index(rest, prompt)
		if i < 0 {
			break
		}
		rest = rest[i+len(prompt):]
		nl := strings.IndexByte(rest, '\n')
		args := strings.Fields(rest[:nl])
		rest = rest[nl+1:]
		want := rest[:strings.Index(rest, "```")]
		examples++
		code, got, errOut := runCmd(t, append([]string{"validate"}, args...)...)
		if code != 1 || got != want {
			t.Errorf("a2term validate %s: exit %d (want 1); docs/cli.md shows:\n%s\nthe command prints:\n%s%s", strings.Join(args, " "), code, want, got, errOut)
		}
	}
	if examples != 2 {
		t.Errorf("docs/cli.md shows %d validate examples, want 2 (v0.9.1 and v0.8)", examples)
	}
}

// TestDocPrimerExamples: the one-page primer, docs/a2ui.md, shows the
// same form in v0.9.1 and then in v0.8 before its first section, and
// a2term accepts both as written.
func TestDocPrimerExamples(t *testing.T) {
	doc, err := os.ReadFile(repoFile("docs/a2ui.md"))
	if err != nil {
		t.Fatal(err)
	}
	section := string(doc)
	i := strings.Index(section, "# A2UI in one page\n")
	if i < 0 {
		t.Fatal("docs/a2ui.md lost its primer")
	}
	section = section[i+1:]
	section = section[:strings.Index(section, "\n## ")]
	var blocks []string
	for rest := section; ; {
		i := strings.Index(rest, "```json\n")
		if i < 0 {
			break
		}
		rest = rest[i+len("```json\n"):]
		end := strings.Index(rest, "```\n")
		blocks = append(blocks, rest[:end])
		rest = rest[end:]
	}
	if len(blocks) != 2 {
		t.Fatalf("the primer has %d examples, want 2 (v0.9.1, then v0.8)", len(blocks))
	}
	for i, want := range []string{"surface order: A2UI v0.9, basic catalog, 4 components, shown", "surface order: A2UI v0.8, standard catalog, 4 components, shown"} {
		file := filepath.Join(t.TempDir(), "primer.jsonl")
		if err := os.WriteFile(file, []byte(blocks[i]), 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCmd(t, "validate", file)
		if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "0 warnings") {
			t.Errorf("example %d: exit %d, want %q:\n%s%s", i+1, code, want, out, errOut)
		}
	}
}

// TestValidateScript: a script agent is read as a script, not refused
// as a stream of unknown messages: a step that is not one is refused
// with its line, and a well-formed script whose messages are accepted is
// accepted.
func TestValidateScript(t *testing.T) {
	dir := t.TempDir()
	bad, good := filepath.Join(dir, "bad.script.jsonl"), filepath.Join(dir, "good.script.jsonl")
	if err := os.WriteFile(bad, []byte("{\"say\":\"hi\"}\n{\"sya\":\"x\"}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(good, []byte("{\"say\":\"hi\"}\n{\"show\":[{\"beginRendering\":{\"surfaceId\":\"s\",\"root\":\"r\"}}]}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, "validate", bad)
	if code != exitRefused || !strings.Contains(out, bad+`: refused: bad.script.jsonl:2: unknown step "sya"`) || strings.Contains(out, "unknown message kind") {
		t.Errorf("a bad script: %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "validate", good)
	if code != exitOK || out != good+": ok: a script agent, 1 show step (1 message), 0 warnings\n" {
		t.Errorf("a good script: %d\n%s", code, out)
	}
}

// TestValidateScriptShows: validate checks the messages of a script's
// show steps as a stream's, each step one batch applied in the order of
// the lines to one canvas: a refused step is reported with the script's
// line (and, for a step naming a stream file, that file's line) and the
// message's index, a warning likewise, and the script is refused.
func TestValidateScriptShows(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "agent.script.jsonl")
	const v09 = `{"version":"v0.9",`
	const catalog = `"catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"`
	files := map[string]string{
		name: `{"say":"hi"}
{"show":[` + v09 + `"createSurface":{"surfaceId":"s",` + catalog + `}},` + v09 + `"updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"Hi ${context.name}","variant":"h7"}]}}]}
{"wait":5}
{"show":"form.jsonl"}
{"show":[` + v09 + `"createSurface":{"surfaceId":"v",` + catalog + `}}]}
{"show":[` + v09 + `"updateDataModel":{"surfaceId":"v","path":"/name","value":"${context.name}"}}]}
{"show":"bad.jsonl"}
`,
		filepath.Join(dir, "form.jsonl"): `{"beginRendering":{"surfaceId":"f","root":"t"}}

{"surfaceUpdate":{"surfaceId":"f","components":[{"id":"t","component":{"Text":{"text":{"literalString":"Hi"},"color":"red"}}}]}}
`,
		filepath.Join(dir, "bad.jsonl"): `
{"surfaceUpdate":{"surfaceId":"b","components":[{"id":"t","component":{"Text":{"text":{"literalString":"Hi"},"usageHint":"h7"}}}]}}
`,
	}
	for f, data := range files {
		if err := os.WriteFile(f, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCmd(t, "validate", name)
	for _, want := range []string{
		name + `:2: show: message 1: bad_value: variant "h7" is not one of`,
		name + `:2: show: message 1: clientMessage {"version":"v0.9","error":{"code":"VALIDATION_FAILED","surfaceId":"s"`,
		name + `:4: show form.jsonl:3: message 1: warning unknown_property: Text has no property "color"`,
		name + `:7: show bad.jsonl:2: message 0: bad_value: usageHint "h7" is not one of`,
		name + ": refused: 2 of 5 show steps refused, 1 warning\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("validate says:\n%s%s\nwant it to say %q", out, errOut, want)
		}
	}
	// The data model of surface v, created by the step before, is
	// accepted: the steps share one canvas.
	if strings.Contains(out, name+":6:") || code != exitRefused {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestValidateOneMessage: a refused file of one message says so, without
// the advice to check message by message.
func TestValidateOneMessage(t *testing.T) {
	f := filepath.Join(t.TempDir(), "one.jsonl")
	if err := os.WriteFile(f, []byte(`{"version":"v0.9","surfaceUpdate":{"surfaceId":"n","components":[]}}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, "validate", f)
	if code != exitRefused || !strings.Contains(out, f+": refused: its one message was not applied\n") || strings.Contains(out, "--each") ||
		!strings.Contains(out, `"surfaceId":"n"`) {
		t.Errorf("%d\n%s", code, out)
	}
}

// TestValidateEmptyFile: a file with no message in it is refused, not
// reported as a stream that is fine.
func TestValidateEmptyFile(t *testing.T) {
	for _, body := range []string{"", "\n\n", "[]"} {
		f := filepath.Join(t.TempDir(), "empty.jsonl")
		if err := os.WriteFile(f, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if code, out, _ := runCmd(t, "validate", f); code != exitRefused || !strings.Contains(out, f+": refused: the file holds no message") {
			t.Errorf("%q: %d\n%s", body, code, out)
		}
	}
}
