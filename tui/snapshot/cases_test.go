package snapshot

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProjectSnapshots checks the project's own flows, as CI does with
// a2term snapshot check testdata/snapshots.
func TestProjectSnapshots(t *testing.T) {
	var out bytes.Buffer
	res, err := Check("../../testdata/snapshots", &out)
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed > 0 || res.Cases < 6 {
		t.Fatalf("%+v (a2term snapshot update testdata/snapshots rewrites them; read the diff):\n%s", res, out.String())
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCheckAndUpdate walks the workflow: update writes the golden files,
// check passes; a changed stream fails check with a unified diff; a
// refused one fails and leaves its golden file; update takes the change.
func TestCheckAndUpdate(t *testing.T) {
	dir := t.TempDir()
	order, err := os.ReadFile(orderForm)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "order.jsonl"), string(order))
	write(t, filepath.Join(dir, "order.keys"), "# the gift box (the name has the focus at first)\ntab tab\nspace\n")
	write(t, filepath.Join(dir, "order.size"), "60x10\n")
	write(t, filepath.Join(dir, "flow.jsonl"), string(order))
	write(t, filepath.Join(dir, "flow.flags"), `--frames --keys "tab type:\"B\""`+"\n")

	var out bytes.Buffer
	if res, err := Check(dir, &out); err != nil || res.Failed != 2 || !strings.Contains(out.String(), "no order.golden yet") {
		t.Fatalf("check before update: %+v %v\n%s", res, err, out.String())
	}
	out.Reset()
	if res, err := Update(dir, &out); err != nil || res.Updated != 2 || res.Failed != 0 {
		t.Fatalf("update: %+v %v\n%s", res, err, out.String())
	}
	golden := read(t, filepath.Join(dir, "order.golden"))
	if !strings.Contains(golden, ">x< Gift wrap") || len(strings.Split(golden, "\n")) != 11 {
		t.Errorf("order.golden (60x10, the box checked):\n%s", golden)
	}
	if g := read(t, filepath.Join(dir, "flow.golden")); !strings.Contains(g, "=== 1: tab") || !strings.Contains(g, `=== 2: type:"B"`) {
		t.Errorf("flow.golden (flags):\n%s", g)
	}
	out.Reset()
	if res, err := Check(dir, &out); err != nil || res.Failed != 0 || res.Cases != 2 {
		t.Fatalf("check after update: %+v %v\n%s", res, err, out.String())
	}
	out.Reset()
	if res, _ := Update(dir, &out); res.Updated != 0 {
		t.Errorf("a second update rewrote %d files", res.Updated)
	}

	write(t, filepath.Join(dir, "order.jsonl"), strings.Replace(string(order), "Gift wrap", "Gift box", 1))
	out.Reset()
	res, err := Check(dir, &out)
	if err != nil || res.Failed != 1 {
		t.Fatalf("check of a changed stream: %+v %v", res, err)
	}
	for _, want := range []string{"--- " + filepath.Join(dir, "order.golden"), "+++ order as drawn now", "- >x< Gift wrap", "+ >x< Gift box", "@@ "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the diff lacks %q:\n%s", want, out.String())
		}
	}
	if read(t, filepath.Join(dir, "order.golden")) != golden {
		t.Error("check changed a golden file")
	}

	write(t, filepath.Join(dir, "order.jsonl"), `{"beginRendering":{"surfaceId":"s","root":"r"}}`+"\n"+`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"r","component":{"Nope":{}}}]}}`+"\n")
	out.Reset()
	if res, _ := Update(dir, &out); res.Failed != 1 || !strings.Contains(out.String(), "order.golden left as it was") {
		t.Errorf("update of a refused stream: %+v\n%s", res, out.String())
	}
	if read(t, filepath.Join(dir, "order.golden")) != golden {
		t.Error("update overwrote the golden file of a refused stream")
	}

	write(t, filepath.Join(dir, "gone.golden"), "x\n")
	out.Reset()
	if res, _ := Check(dir, &out); !strings.Contains(out.String(), "gone.golden: no gone.jsonl draws it") || res.Failed != 2 {
		t.Errorf("an orphan golden file: %+v\n%s", res, out.String())
	}
}

func TestCaseFilesAreChecked(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.jsonl"), "")
	for _, tc := range []struct{ file, data, want string }{
		{"a.size", "big", `"big" is not a size`},
		{"a.flags", "--nope", "flag provided but not defined"},
		{"a.flags", "stray", `"stray" is not a flag`},
		{"a.flags", `--keys "tab`, "a quote is not closed"},
		{"a.keys", "tab nope", `unknown key "nope"`},
	} {
		os.Remove(filepath.Join(dir, "a.size"))
		os.Remove(filepath.Join(dir, "a.flags"))
		os.Remove(filepath.Join(dir, "a.keys"))
		write(t, filepath.Join(dir, tc.file), tc.data)
		var out bytes.Buffer
		res, err := Check(dir, &out)
		if err != nil || res.Failed != 1 || !strings.Contains(out.String(), tc.want) {
			t.Errorf("%s %q: %+v %v\n%s", tc.file, tc.data, res, err, out.String())
		}
	}
	if _, err := Check(filepath.Join(dir, "missing"), &bytes.Buffer{}); err == nil {
		t.Error("no error for a missing folder")
	}
}
