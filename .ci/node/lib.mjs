// Helpers of the host tests: the a2term binary, and a browser's part in
// the web mirror (pair with the one-time link, read the canvas version
// from the event stream, press a button), done over HTTP as the page's
// own script does it.

import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

let built = "";

// tempDir is a fresh directory of the tests' own, named from prefix and
// removed when the test file's process ends.
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// a2termBinary is A2TERM_BIN when set (.ci/run builds it once), else a
// fresh build of ./cmd/a2term.
export function a2termBinary() {
  if (process.env.A2TERM_BIN && existsSync(process.env.A2TERM_BIN)) return process.env.A2TERM_BIN;
  if (!built) {
    built = join(tempDir("a2term-bin-"), "a2term");
    execFileSync("go", ["build", "-o", built, "./cmd/a2term"], { cwd: repoRoot, stdio: "inherit" });
  }
  return built;
}

// Browser is one paired browser of a web mirror.
export class Browser {
  // pair opens the one-time link, as a browser would, and keeps the
  // session cookie and the page's CSRF value.
  static async pair(link) {
    const u = new URL(link);
    if (u.hostname !== "127.0.0.1") throw new Error(`not a loopback link: ${link}`);
    const res = await fetch(link, { redirect: "manual" });
    if (res.status !== 200) throw new Error(`pairing: status ${res.status}`);
    const cookie = (res.headers.get("set-cookie") || "").split(";")[0];
    if (!cookie) throw new Error("pairing set no cookie");
    const b = new Browser(u.origin, cookie);
    const page = await b.get("/");
    if (page.status !== 200) throw new Error(`the page: status ${page.status}`);
    const html = await page.text();
    const m = html.match(/name="a2term-csrf" content="([0-9a-f]+)"/);
    if (!m) throw new Error("the page has no CSRF value");
    b.csrf = m[1];
    b.html = html;
    return b;
  }

  constructor(origin, cookie) {
    this.origin = origin;
    this.cookie = cookie;
    this.csrf = "";
  }

  get(path, init = {}) {
    return fetch(this.origin + path, { ...init, headers: { Cookie: this.cookie, ...(init.headers || {}) } });
  }

  // version reads the canvas version from the first event of /events
  // (its id: line), as the page learns it.
  async version() {
    const ac = new AbortController();
    const res = await this.get("/events", { signal: ac.signal });
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let text = "";
    try {
      while (!text.includes("\n\n")) {
        const { value, done } = await reader.read();
        if (done) break;
        text += dec.decode(value, { stream: true });
      }
    } finally {
      ac.abort();
    }
    const m = text.match(/^id: ?(\d+)$/m);
    if (!m) throw new Error(`no id in the first event: ${text.slice(0, 200)}`);
    return Number(m[1]);
  }

  // press presses a button, as the page does.
  async press(surfaceId, nodeId) {
    const version = await this.version();
    const res = await fetch(this.origin + "/api/press", {
      method: "POST",
      headers: {
        Cookie: this.cookie,
        "Content-Type": "application/json",
        "X-A2term-CSRF": this.csrf,
        Origin: this.origin,
      },
      body: JSON.stringify({ surfaceId, nodeId, version }),
    });
    if (!res.ok) throw new Error(`press: status ${res.status} ${await res.text()}`);
  }
}

// form is surface main: a note field and a pay button whose action
// carries the note.
export const form = [
  {
    surfaceUpdate: {
      surfaceId: "main",
      components: [
        { id: "root", component: { Column: { children: { explicitList: ["note", "pay"] } } } },
        { id: "note", component: { TextField: { label: { literalString: "Note" }, text: { path: "/note" } } } },
        { id: "pay", component: { Button: { child: "l1", action: { name: "pay", context: [{ key: "note", value: { path: "/note" } }] } } } },
        { id: "l1", component: { Text: { text: { literalString: "Pay" } } } },
      ],
    },
  },
  { dataModelUpdate: { surfaceId: "main", contents: [{ key: "note", valueString: "hello" }] } },
  { beginRendering: { surfaceId: "main", root: "root" } },
];

// badForm names a child that is not there.
export const badForm = [
  { surfaceUpdate: { surfaceId: "main", components: [{ id: "root", component: { Column: { children: { explicitList: ["gone"] } } } }] } },
  { beginRendering: { surfaceId: "main", root: "root" } },
];
