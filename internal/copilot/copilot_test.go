package copilot

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExtensionNamesItsBinary(t *testing.T) {
	bin := `/opt/a "quoted"/a2term`
	data, err := Extension(bin, "v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(bin)
	for _, want := range []string{"const A2TERM_BIN = " + string(b) + ";", `const A2TERM_VERSION = "v1.2.3";`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the extension lacks %s", want)
		}
	}
	if bytes.Contains(data, []byte(binLine)) || bytes.Contains(data, []byte(versionLine)) {
		t.Error("a placeholder is left in the extension")
	}
	for _, want := range []string{`from "@github/copilot-sdk/extension"`, `id: "a2term"`, "joinSession(", "createCanvas(", `["serve", "--no-state", "--socket", socket]`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the extension lacks %s", want)
		}
	}
}

func TestInstall(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	file, err := Install(dir, "/usr/bin/a2term", "v1")
	if err != nil {
		t.Fatal(err)
	}
	if file != filepath.Join(dir, "extension.mjs") {
		t.Errorf("installed at %s", file)
	}
	fi, err := os.Stat(file)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("the file: %v %v", fi, err)
	}
	// Again, for another version: replaced, nothing else left behind.
	if _, err := Install(dir, "/usr/bin/a2term", "v2"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(file)
	if !bytes.Contains(data, []byte(`const A2TERM_VERSION = "v2";`)) {
		t.Error("a second install did not replace the extension")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files", len(entries))
	}
}

func TestDirs(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(root, "x", "y")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := ProjectDir(sub)
	if err != nil || got != filepath.Join(root, ".github", "extensions", "a2term") {
		t.Errorf("ProjectDir(%s) = %s, %v", sub, got, err)
	}
	outside := t.TempDir()
	if _, err := ProjectDir(outside); err == nil || !strings.Contains(err.Error(), "--user") {
		t.Errorf("ProjectDir outside a repository: %v", err)
	}
	t.Setenv("COPILOT_HOME", filepath.Join(root, "home"))
	if got, err := UserDir(); err != nil || got != filepath.Join(root, "home", "extensions", "a2term") {
		t.Errorf("UserDir with COPILOT_HOME = %s, %v", got, err)
	}
	t.Setenv("COPILOT_HOME", "")
	t.Setenv("HOME", root)
	if got, err := UserDir(); err != nil || got != filepath.Join(root, ".copilot", "extensions", "a2term") {
		t.Errorf("UserDir = %s, %v", got, err)
	}
}
