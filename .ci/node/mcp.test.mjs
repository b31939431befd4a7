// a2term mcp driven by the official MCP TypeScript client, registered as
// the Claude Code snippet of docs/mcp.md says: show, a refused batch, a press in
// the web mirror received by a wait, and a 60 s wait that outlives a
// 15 s request timeout on progress alone. The client validates every
// structuredContent against the tool's outputSchema itself.

import assert from "node:assert/strict";
import { readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { after, before, test } from "node:test";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

import { Browser, a2termBinary, badForm, form, repoRoot, tempDir } from "./lib.mjs";

// readmeEntry is the a2term entry of the Claude Code snippet of
// docs/mcp.md.
function readmeEntry() {
  const readme = readFileSync(join(repoRoot, "docs", "mcp.md"), "utf8");
  const m = readme.match(/### Claude Code[\s\S]*?```json\n([\s\S]*?)```/);
  assert.ok(m, "docs/mcp.md has no Claude Code JSON snippet");
  const entry = JSON.parse(m[1]).mcpServers.a2term;
  assert.equal(entry.command, "a2term");
  return entry;
}

let client;
let stderr = "";

before(async () => {
  const entry = readmeEntry();
  // The command as written, found on PATH: this build of a2term.
  const binDir = tempDir("a2term-path-");
  symlinkSync(a2termBinary(), join(binDir, "a2term"));
  // No a2term runs at the default socket: a2term mcp runs a canvas of its
  // own and hands the agent the mirror's one-time link.
  const env = {
    PATH: binDir + delimiter + process.env.PATH,
    HOME: process.env.HOME || tmpdir(),
    XDG_RUNTIME_DIR: tempDir("a2term-mcp-"),
  };
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env, stderr: "pipe" });
  transport.stderr.on("data", (d) => {
    stderr += d;
  });
  client = new Client({ name: "a2term-host-test", version: "1" });
  await client.connect(transport);
});

after(async () => {
  await client?.close();
});

// summary is a result's second text block; the first is its JSON alone.
function summary(res) {
  assert.equal(res.content.length, 2, "not a JSON block and a summary block");
  return res.content[1].text;
}

test("the server says who it is and lists four tools with output schemas", async () => {
  const v = client.getServerVersion();
  assert.equal(v.name, "a2term");
  assert.ok(v.version, "no version");
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ["canvas_info", "canvas_show", "canvas_state", "canvas_wait"]);
  for (const t of tools) {
    assert.equal(t.outputSchema?.type, "object", `${t.name} has no output schema`);
    assert.equal(t.annotations?.openWorldHint, false, `${t.name} openWorldHint`);
  }
  assert.equal(tools.find((t) => t.name === "canvas_state").annotations.readOnlyHint, true);
});

test("show, a refused batch, and a press in the web mirror received by a wait", async () => {
  const shown = await client.callTool({ name: "canvas_show", arguments: { messages: form } });
  assert.ok(!shown.isError, summary(shown));
  assert.equal(shown.structuredContent.surfaces[0].surfaceId, "main");
  assert.match(summary(shown), /^Shown: main \(4 components\)\./);
  assert.deepEqual(JSON.parse(shown.content[0].text), shown.structuredContent);
  const link = shown.structuredContent.webUrl;
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/pair\/[1-9A-HJ-NP-Za-km-z]{22}$/);
  assert.ok(!stderr.includes(link), "the log holds the link");

  const refused = await client.callTool({ name: "canvas_show", arguments: { messages: badForm } });
  assert.equal(refused.isError, true);
  assert.equal(JSON.parse(refused.content[0].text).error.code, "missing_child");
  assert.match(summary(refused), /Fix: /);

  const browser = await Browser.pair(link);
  let progress = 0;
  const waiting = client.callTool({ name: "canvas_wait", arguments: { seconds: 60 } }, undefined, {
    onprogress: () => {
      progress++;
    },
  });
  // The wait is under way once the transcript says so; the page's stream
  // carries it.
  await untilTranscript(browser, "waiting for the person");
  await browser.press("main", "pay");
  const res = await waiting;
  assert.ok(!res.isError, summary(res));
  assert.equal(res.structuredContent.action.userAction.name, "pay");
  assert.equal(res.structuredContent.action.userAction.context.note, "hello");
  assert.equal(res.structuredContent.source, "web");
  assert.equal(summary(res), 'The person pressed pay on main (web): note="hello"');

  const info = await client.callTool({ name: "canvas_info", arguments: {} });
  assert.equal(info.structuredContent.canvas, "standalone");
  assert.equal(info.structuredContent.web, true);
  assert.equal(info.structuredContent.webUrl, undefined, "the link is still given once it was used");
});

test("a 60 s wait outlives a 15 s request timeout on progress", { timeout: 120000 }, async () => {
  let progress = 0;
  let last = 0;
  const started = Date.now();
  const res = await client.callTool({ name: "canvas_wait", arguments: { seconds: 60 } }, undefined, {
    timeout: 15000,
    resetTimeoutOnProgress: true,
    onprogress: (p) => {
      assert.ok(p.progress > last, "progress does not increase");
      assert.equal(p.total, 60);
      last = p.progress;
      progress++;
    },
  });
  assert.ok(!res.isError, summary(res));
  assert.equal(res.structuredContent.timedOut, true);
  assert.equal(res.structuredContent.action, null);
  assert.ok(Date.now() - started >= 59000, "the wait did not last 60 s");
  assert.ok(progress >= 8, `only ${progress} progress notifications`);
  assert.match(summary(res), /call canvas_wait again/);
});

// untilTranscript reads the page's event stream until the transcript
// has a line with text.
async function untilTranscript(browser, text) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 20000);
  try {
    const res = await browser.get("/events", { signal: ac.signal });
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let got = "";
    while (!got.includes(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before the transcript said ${text}`);
      got += dec.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
}
