package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// teamFiles are the fixture catalog definition and its stream.
var teamFiles = [2]string{
	filepath.Join("..", "..", "testdata", "catalogs", "team.json"),
	filepath.Join("..", "..", "testdata", "catalogs", "team.jsonl"),
}

// TestCatalogFlag: --catalog makes render draw a definition's components
// generically, in the terminal and as the web page shows them, typing and
// a press included, and validate accept their surface; without it the
// surface's catalog is refused.
func TestCatalogFlag(t *testing.T) {
	code, out, errOut := runCmd(t, "render", "--catalog", teamFiles[0], "--width", "60", "--height", "20", "--keys", "type:Z enter", teamFiles[1])
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"◇ OrgNode", "Name: Grace Hopper", "Role: Director", "◇ TaskCard", "Task: Review the compiler", "Priority: high", "Owner", "Z|Ada", "[ Assign ]", "1 queued"} {
		if !strings.Contains(out, want) {
			t.Errorf("frame lacks %q:\n%s", want, out)
		}
	}
	code, out, errOut = runCmd(t, "render", "--catalog", teamFiles[0], "--web", teamFiles[1])
	if code != 0 {
		t.Fatalf("--web: exit %d: %s", code, errOut)
	}
	for _, want := range []string{`div.a2-generic-title "◇ TaskCard"`, `" Review the compiler"`, `input.a2-input [type="text" value="Ada"]`, `button.a2-button "Assign"`} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q:\n%s", want, out)
		}
	}
	if code, out, _ := runCmd(t, "validate", "--catalog", teamFiles[0], teamFiles[1]); code != 0 || !strings.Contains(out, "ok: 3 messages") {
		t.Errorf("validate: exit %d: %s", code, out)
	}
	if code, out, _ := runCmd(t, "validate", teamFiles[1]); code != 1 || !strings.Contains(out, "unknown_catalog") {
		t.Errorf("validate without --catalog: exit %d: %s", code, out)
	}
}

// TestCatalogFlagRefusesBadFiles: a definition a2term refuses stops the
// command with the file and the reason named.
func TestCatalogFlagRefusesBadFiles(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"catalogId":"urn:x","components":{"Surface":{}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"validate", "render"} {
		code, _, errOut := runCmd(t, cmd, "--catalog", bad, teamFiles[1])
		if code != 2 || !strings.Contains(errOut, "catalog "+bad+": ") || !strings.Contains(errOut, `"Surface"`) {
			t.Errorf("%s: exit %d: %s", cmd, code, errOut)
		}
	}
}

// TestCatalogFlagReplayAndV10: replay takes --catalog (refusing a bad
// definition with the file named, as the other commands do), and a v1.0
// definition draws its components on a v1.0 surface beside the basic
// ones in render and validate.
func TestCatalogFlagReplayAndV10(t *testing.T) {
	if code, _, errOut := runCmd(t, "replay", "--plain", "--catalog", teamFiles[0], teamFiles[1]); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errOut)
	}
	missing := filepath.Join(t.TempDir(), "missing.json")
	if code, _, errOut := runCmd(t, "replay", "--plain", "--catalog", missing, teamFiles[1]); code != 2 || !strings.Contains(errOut, "catalog "+missing+": ") {
		t.Fatalf("replay with a missing definition: exit %d: %s", code, errOut)
	}
	v10 := [2]string{filepath.Join("..", "..", "testdata", "catalogs", "team_v10.json"), filepath.Join("..", "..", "testdata", "catalogs", "team_v10.jsonl")}
	code, out, errOut := runCmd(t, "render", "--catalog", v10[0], "--width", "60", "--height", "24", v10[1])
	if code != 0 {
		t.Fatalf("render v1.0: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Team", "◇ OrgNode", "Name: Grace Hopper", "◇ TaskCard", "Task: Review the compiler", "[ Assign ]"} {
		if !strings.Contains(out, want) {
			t.Errorf("v1.0 frame lacks %q:\n%s", want, out)
		}
	}
	if code, out, _ := runCmd(t, "validate", "--catalog", v10[0], v10[1]); code != 0 || !strings.Contains(out, "ok: 1 message") {
		t.Errorf("validate v1.0: exit %d: %s", code, out)
	}
	if code, out, _ := runCmd(t, "validate", v10[1]); code != 1 || !strings.Contains(out, "unknown_catalog") {
		t.Errorf("validate v1.0 without --catalog: exit %d: %s", code, out)
	}
}
