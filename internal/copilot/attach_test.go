package copilot

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
)

// sdkStub stands in for @github/copilot-sdk/extension: joinSession keeps
// what the extension declares, and session.log what it tells the person.
const sdkStub = `export class CanvasError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}
export function createCanvas(c) { return c; }
export async function joinSession(config) {
  globalThis.declared = config;
  globalThis.told = [];
  return { log: async (text) => { globalThis.told.push(text); } };
}
`

// driver loads the extension and calls its a2term_state tool once, as an
// agent of the Copilot CLI would, then prints the result and what the
// person was told.
const driver = `await import("./extension.mjs");
const tool = globalThis.declared.tools.find((t) => t.name === "a2term_state");
const result = await tool.handler({}, {});
console.log(JSON.stringify({ result, told: globalThis.told }));
process.exit(0);
`

// TestExtensionRefusesAnotherUsersSocket: the extension does not attach
// to an a2term at the default socket whose directory others can enter (as
// another user's own would be: mode 0711, the socket 0666), and tells the
// person why; named in A2TERM_SOCKET, that socket is refused with the
// same reason. Made private again, it is attached to. As root, a
// directory or a socket given to another user is refused too.
func TestExtensionRefusesAnotherUsersSocket(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the extension's checks are not run here (.ci/run installs node)")
	}
	run := t.TempDir()
	h := hub.New(hub.Options{})
	defer h.Close()
	srv, err := agentsock.Listen(h, filepath.Join(run, "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	sock, dir := srv.Path(), filepath.Dir(srv.Path())
	if _, err := h.Show([]json.RawMessage{
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"bait","components":[{"id":"root","component":{"Text":{"text":{"literalString":"theirs"}}}}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"bait","root":"root"}}`),
	}); err != nil {
		t.Fatal(err)
	}

	ext := t.TempDir()
	if _, err := Install(ext, "/usr/bin/a2term", "v0.0.1"); err != nil {
		t.Fatal(err)
	}
	sdk := filepath.Join(ext, "node_modules", "@github", "copilot-sdk")
	if err := os.MkdirAll(sdk, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		filepath.Join(sdk, "package.json"): `{"name": "@github/copilot-sdk", "type": "module", "exports": {"./extension": "./extension.js"}}`,
		filepath.Join(sdk, "extension.js"): sdkStub,
		filepath.Join(ext, "driver.mjs"):   driver,
		filepath.Join(ext, "package.json"): `{"type": "module"}`,
	} {
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	state := func(socketEnv string) (text, resultType string, told []string) {
		t.Helper()
		cmd := exec.Command(node, "driver.mjs")
		cmd.Dir = ext
		cmd.Env = append(os.Environ(), "XDG_RUNTIME_DIR="+run, "A2TERM_SOCKET="+socketEnv)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("node: %v\n%s", err, out)
		}
		var got struct {
			Result struct {
				Text string `json:"textResultForLlm"`
				Type string `json:"resultType"`
			} `json:"result"`
			Told []string `json:"told"`
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("the driver printed %q: %v", out, err)
		}
		return got.Result.Text, got.Result.Type, got.Told
	}

	if err := os.Chmod(dir, 0o711); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(sock, 0o666); err != nil {
		t.Fatal(err)
	}
	text, typ, told := state("")
	if typ != "failure" || strings.Contains(text, "bait") {
		t.Errorf("the tool reached the a2term in a directory others can enter: %s %s", typ, text)
	}
	if said := strings.Join(told, "\n"); !strings.Contains(said, dir) || !strings.Contains(said, "mode 0711") {
		t.Errorf("the person is not told why (naming %s and its mode): %q", dir, told)
	}
	text, typ, _ = state(sock)
	if typ != "failure" || !strings.Contains(text, "socket_unusable") || !strings.Contains(text, dir) || !strings.Contains(text, "mode 0711") {
		t.Errorf("the socket named in A2TERM_SOCKET: %s %s", typ, text)
	}

	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if text, typ, _ = state(""); typ != "success" || !strings.Contains(text, "bait") {
		t.Errorf("the tool does not reach a private a2term: %s %s", typ, text)
	}

	if os.Getuid() != 0 {
		t.Log("not root: a directory and a socket of another user are not tried")
		return
	}
	for _, theirs := range []string{dir, sock} {
		if err := os.Lchown(theirs, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		text, typ, told = state("")
		if said := strings.Join(told, "\n"); typ != "failure" || strings.Contains(text, "bait") || !strings.Contains(said, theirs+" belongs to another user") || !strings.Contains(said, "uid 65534") {
			t.Errorf("%s of another user: %s %s; the person was told %q", theirs, typ, text, told)
		}
		if err := os.Lchown(theirs, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	// Another user's symbolic link in the directory's place (made first,
	// pointing at their own a2term's directory) is refused naming them.
	moved := dir + ".theirs"
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(moved, dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(dir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	text, typ, told = state("")
	if said := strings.Join(told, "\n"); typ != "failure" || strings.Contains(text, "bait") || !strings.Contains(said, dir+" is not a directory but a symbolic link of another user") || !strings.Contains(said, "uid 65534") {
		t.Errorf("a symbolic link of another user: %s %s; the person was told %q", typ, text, told)
	}
}
