// Package copilot holds a2term's extension for GitHub Copilot (the
// Copilot App's canvas panel and the Copilot CLI) and installs it.
//
// The extension, extension.mjs, is embedded in the binary, so the one a
// person installs is the one their a2term was built with; Install writes
// it with that binary's path and version filled in. Copilot loads it from
// a project's .github/extensions/a2term/ or the user's extensions folder,
// starts it as a Node process, and talks to it over its standard input and
// output with the Copilot SDK (@github/copilot-sdk, which the host
// provides). The extension in turn runs `a2term serve` (or attaches to a
// running a2term) and speaks a2term's socket API: it is an agent of the
// canvas like any other, and the web mirror's link it gets from serve
// goes to the host's canvas panel, never to the agent.
package copilot

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Name is the extension's folder name, and the canvas's id.
const Name = "a2term"

//go:embed extension.mjs
var source []byte

// The lines of extension.mjs that Install fills in.
const (
	binLine     = `const A2TERM_BIN = "a2term";`
	versionLine = `const A2TERM_VERSION = "devel";`
)

// Extension returns extension.mjs for the a2term binary at bin (an
// absolute path, or "a2term" to find it on PATH when the extension runs)
// whose version is version.
func Extension(bin, version string) ([]byte, error) {
	if bytes.Count(source, []byte(binLine)) != 1 || bytes.Count(source, []byte(versionLine)) != 1 {
		return nil, errors.New("the embedded extension has no place for the binary and its version")
	}
	b, _ := json.Marshal(bin)
	v, _ := json.Marshal(version)
	out := bytes.Replace(source, []byte(binLine), []byte("const A2TERM_BIN = "+string(b)+";"), 1)
	return bytes.Replace(out, []byte(versionLine), []byte("const A2TERM_VERSION = "+string(v)+";"), 1), nil
}

// ProjectDir is where a project's extension lives: .github/extensions/
// a2term/ at the root of the git work tree that holds dir. It is an error
// when dir is in none.
func ProjectDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("the project folder %s: %w", dir, err)
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return filepath.Join(d, ".github", "extensions", Name), nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is not in a git repository: Copilot reads a project's extensions from .github/extensions at its root (use --user to install for every project)", abs)
		}
	}
}

// UserDir is where the user's extensions live: extensions/a2term/ in
// COPILOT_HOME, by default ~/.copilot.
func UserDir() (string, error) {
	home := os.Getenv("COPILOT_HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no home folder for the user's Copilot extensions: %w", err)
		}
		home = filepath.Join(h, ".copilot")
	}
	return filepath.Join(home, "extensions", Name), nil
}

// Install writes the extension for bin and version into dir (creating
// it) and returns the file's path. An extension.mjs already there is
// replaced: it is a2term's, from an earlier install.
func Install(dir, bin, version string) (string, error) {
	data, err := Extension(bin, version)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // a folder of the project's or the user's extensions, as git and Copilot make them
		return "", err
	}
	file := filepath.Join(dir, "extension.mjs")
	tmp, err := os.CreateTemp(dir, ".extension-*.mjs")
	if err != nil {
		return "", err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr, os.Chmod(tmp.Name(), 0o644)); err != nil { //nolint:gosec // a script as the repository's other files: it holds no secret
		os.Remove(tmp.Name())
		return "", err
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return file, nil
}
