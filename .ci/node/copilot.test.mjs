// a2term's Copilot extension under a stand-in Copilot runtime: the
// extension is installed by `a2term copilot install` into a fresh git
// repository, started as the Copilot CLI starts extensions (a Node child
// with SESSION_ID, JSON-RPC on its standard input and output), and driven
// over the SDK's own JSON-RPC connection (vscode-jsonrpc) with the
// method names and shapes of the SDK's generated types.

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, lchownSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { createConnection } from "node:net";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";

import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node.js";

import { Browser, a2termBinary, badForm, form, tempDir } from "./lib.mjs";

const nodeModules = join(import.meta.dirname, "node_modules");
const SESSION = "session-1";

/** @typedef {import("@github/copilot-sdk/dist/generated/rpc.js").CanvasProviderOpenRequest} CanvasProviderOpenRequest */
/** @typedef {import("@github/copilot-sdk/dist/generated/rpc.js").CanvasProviderOpenResult} CanvasProviderOpenResult */
/** @typedef {import("@github/copilot-sdk/dist/generated/rpc.js").CanvasProviderInvokeActionRequest} CanvasProviderInvokeActionRequest */
/** @typedef {import("@github/copilot-sdk/dist/generated/rpc.js").CanvasProviderCloseRequest} CanvasProviderCloseRequest */

let repo;
let host; // the stand-in runtime of the extension under test

before(async () => {
  // A project, with a2term's extension installed as a person would.
  repo = tempDir("a2term-copilot-repo-");
  execFileSync("git", ["init", "-q", repo]);
  const out = execFileSync(a2termBinary(), ["copilot", "install"], { cwd: repo, encoding: "utf8" });
  const file = join(repo, ".github", "extensions", "a2term", "extension.mjs");
  assert.ok(out.startsWith(`Wrote the a2term extension (a2term `) && out.includes(` to ${file}\n`), out);
  assert.ok(readFileSync(file, "utf8").includes(`const A2TERM_BIN = ${JSON.stringify(a2termBinary())};`), "the extension does not name this a2term");
  // The CLI resolves @github/copilot-sdk for its extensions; here it is
  // the tests' own copy.
  symlinkSync(nodeModules, join(repo, "node_modules"));
  // No a2term runs at the default socket, and none is named.
  host = await startExtension({ XDG_RUNTIME_DIR: tempDir("a2term-copilot-run-") });
});

after(async () => {
  await host?.stop();
});

// startExtension starts the installed extension as the Copilot CLI does,
// with env added to this process's (A2TERM_SOCKET removed unless given),
// and answers its side of the protocol: connect, session.resume (which
// declares its canvases and tools), session.log and the replies to tool
// calls.
async function startExtension(env) {
  const file = join(repo, ".github", "extensions", "a2term", "extension.mjs");
  const e = { ...process.env, SESSION_ID: SESSION };
  delete e.A2TERM_SOCKET;
  Object.assign(e, env);
  const child = spawn(process.execPath, [file], { cwd: repo, env: e, stdio: ["pipe", "pipe", "inherit"] });
  const rpc = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const h = { child, rpc, resumed: null, logs: [], logWaiters: [], toolWaiters: new Map() };
  let gotResume;
  const resume = new Promise((r) => {
    gotResume = r;
  });
  rpc.onRequest("connect", () => ({ protocolVersion: 3 }));
  rpc.onRequest("session.resume", (p) => {
    h.resumed = p;
    gotResume();
    return { workspacePath: repo, capabilities: {}, openCanvases: [] };
  });
  rpc.onRequest("session.log", (p) => {
    h.logs.push(p);
    h.logWaiters = h.logWaiters.filter((w) => !w(p));
    return {};
  });
  rpc.onRequest("session.tools.handlePendingToolCall", (p) => {
    h.toolWaiters.get(p.requestId)?.(p);
    return { success: true };
  });
  rpc.onRequest((method) => {
    throw new ResponseError(-32601, `the stand-in runtime has no ${method}`);
  });
  rpc.listen();
  h.stop = async () => {
    rpc.dispose();
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await gone;
    }
  };
  // logged resolves with the first session.log that matches.
  h.logged = (match) =>
    new Promise((resolve) => {
      const hit = h.logs.find(match);
      if (hit) return resolve(hit);
      h.logWaiters.push((p) => match(p) && (resolve(p), true));
    });
  await resume;
  return h;
}

/** @param {string} instanceId @returns {Promise<CanvasProviderOpenResult>} */
function open(instanceId, h = host) {
  /** @type {CanvasProviderOpenRequest} */
  const req = { sessionId: SESSION, extensionId: "a2term-test", canvasId: "a2term", instanceId, input: {} };
  return h.rpc.sendRequest("canvas.open", req);
}

function invoke(instanceId, actionName, input, h = host) {
  /** @type {CanvasProviderInvokeActionRequest} */
  const req = { sessionId: SESSION, extensionId: "a2term-test", canvasId: "a2term", instanceId, actionName, input };
  return h.rpc.sendRequest("canvas.action.invoke", req);
}

function close(instanceId, h = host) {
  /** @type {CanvasProviderCloseRequest} */
  const req = { sessionId: SESSION, extensionId: "a2term-test", canvasId: "a2term", instanceId };
  return h.rpc.sendRequest("canvas.close", req);
}

let requestN = 0;
// callTool is the runtime's external_tool.requested broadcast, answered
// by session.tools.handlePendingToolCall.
function callTool(toolName, args, h = host) {
  const requestId = `req-${++requestN}`;
  const done = new Promise((r) => h.toolWaiters.set(requestId, r));
  h.rpc.sendNotification("session.event", {
    sessionId: SESSION,
    event: {
      id: requestId,
      parentId: null,
      timestamp: new Date().toISOString(),
      ephemeral: true,
      type: "external_tool.requested",
      data: { requestId, sessionId: SESSION, toolCallId: `call-${requestN}`, toolName, arguments: args },
    },
  });
  return done;
}

// servePids are the extension's a2term serve children, read from /proc.
function servePids() {
  const pids = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmd = readFileSync(`/proc/${d}/cmdline`, "utf8").split("\0");
      if (ppid === host.child.pid && cmd[1] === "serve") pids.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

// exited resolves once the process pid has ended (or is a zombie, not
// yet reaped by its parent).
async function exited(pid) {
  const deadline = Date.now() + 20000;
  const gone = () => {
    if (!existsSync(`/proc/${pid}`)) return true;
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat[stat.lastIndexOf(")") + 2];
    return state === "Z" || state === "X";
  };
  while (!gone()) {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not exit`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("the extension declares the a2term canvas, its actions and the same three tools", () => {
  const resumed = host.resumed;
  assert.equal(resumed.sessionId, SESSION);
  const canvas = resumed.canvases.find((c) => c.id === "a2term");
  assert.ok(canvas, "no a2term canvas declared");
  assert.deepEqual(canvas.actions.map((a) => a.name), ["show", "wait", "state"]);
  for (const a of canvas.actions) assert.equal(a.inputSchema.type, "object", `${a.name} has no input schema`);
  assert.deepEqual(canvas.actions.find((a) => a.name === "show").inputSchema.required, ["messages"]);
  assert.deepEqual(resumed.tools.map((t) => t.name), ["a2term_show", "a2term_wait", "a2term_state"]);
});

test("open serves the mirror on loopback, show then wait gets a browser's press, refusals carry a2term's code", async () => {
  const opened = await open("i1");
  assert.equal(opened.title, "a2term");
  assert.ok(opened.status, "no status");
  assert.match(opened.url, /^http:\/\/127\.0\.0\.1:\d+\/pair\/[1-9A-HJ-NP-Za-km-z]{22}$/);
  const browser = await Browser.pair(opened.url);
  assert.match(browser.html, /<title>a2term/);

  const shown = await invoke("i1", "show", { messages: form });
  assert.equal(shown.surfaces[0].surfaceId, "main");
  assert.equal(shown.surfaces[0].shown, true);
  assert.ok(!JSON.stringify(shown).includes("/pair/"), "the agent is handed a link");

  await assert.rejects(invoke("i1", "show", { messages: badForm }), (err) => {
    assert.ok(err instanceof ResponseError);
    assert.equal(err.data.code, "missing_child");
    assert.match(err.message, /Refused, nothing changed/);
    return true;
  });

  const waiting = invoke("i1", "wait", { seconds: 30 });
  await browser.press("main", "pay");
  const got = await waiting;
  assert.equal(got.action.userAction.name, "pay");
  assert.equal(got.action.userAction.context.note, "hello");
  assert.equal(got.source, "web");

  // The tools use the open canvas.
  const st = await callTool("a2term_state", {});
  assert.equal(st.error, undefined, st.error);
  assert.equal(st.result.resultType, "success");
  assert.match(st.result.textResultForLlm, /"surfaceId":"main"/);
  const empty = await callTool("a2term_wait", { seconds: 0 });
  assert.match(empty.result.textResultForLlm, /"timedOut":true/);

  // Re-opening the same instance is the same canvas: same mirror, same
  // surfaces, and a link of its own for the panel that reloads.
  const again = await open("i1");
  assert.equal(new URL(again.url).origin, new URL(opened.url).origin);
  assert.notEqual(again.url, opened.url, "a used link was handed out again");
  const state = await invoke("i1", "state", {});
  assert.equal(state.surfaces[0].surfaceId, "main");
  assert.equal(servePids().length, 1);
});

test("when the hub goes away the instance is unavailable, and opening it again gives a fresh URL", async () => {
  const before = await open("i1");
  const [pid] = servePids();
  assert.ok(pid, "no a2term serve runs");
  process.kill(pid, "SIGKILL");
  await host.logged((l) => l.level === "warning" && /a2term canvas i1 is unavailable/.test(l.message));
  await assert.rejects(invoke("i1", "state", {}), (err) => err.data?.code === "canvas_unavailable");
  const fresh = await open("i1");
  assert.match(fresh.url, /^http:\/\/127\.0\.0\.1:\d+\/pair\/[1-9A-HJ-NP-Za-km-z]{22}$/);
  assert.notEqual(new URL(fresh.url).origin, new URL(before.url).origin);
  await Browser.pair(fresh.url);
  assert.deepEqual((await invoke("i1", "state", {})).surfaces, []);
});

test("close stops the a2term serve it started", async () => {
  const opened = await open("i1");
  const pids = servePids();
  assert.equal(pids.length, 1);
  await close("i1");
  await exited(pids[0]);
  await assert.rejects(fetch(opened.url), /fetch failed/);
  await assert.rejects(invoke("i1", "state", {}), (err) => err.data?.code === "canvas_not_open");
});

test("with no canvas open and no a2term running, the tools say what to do", async () => {
  const res = await callTool("a2term_show", { messages: form });
  assert.equal(res.result.resultType, "failure");
  assert.match(res.result.textResultForLlm, /"code":"no_a2term"/);
  assert.match(res.result.textResultForLlm, /start a2term/);
});

test("A2TERM_SOCKET attaches the canvas to the a2term running there, and close leaves it running", async (t) => {
  const dir = tempDir("a2term-copilot-sock-");
  const sock = join(dir, "s", "a2term.sock");
  const serve = spawn(a2termBinary(), ["serve", "--no-web", "--socket", sock], { stdio: ["ignore", "pipe", "inherit"] });
  t.after(() => serve.kill("SIGTERM"));
  await new Promise((resolve, reject) => {
    serve.stdout.once("data", resolve);
    serve.once("exit", () => reject(new Error("a2term serve exited")));
  });
  const h = await startExtension({ A2TERM_SOCKET: sock, XDG_RUNTIME_DIR: dir });
  t.after(() => h.stop());
  const opened = await open("a1", h);
  assert.equal(opened.url, undefined, "an attached canvas has no link to give");
  assert.ok(opened.status.includes(sock), opened.status);
  const shown = await invoke("a1", "show", { messages: form }, h);
  assert.equal(shown.surfaces[0].surfaceId, "main");
  await close("a1", h);
  assert.equal(serve.exitCode, null, "close stopped an a2term it did not start");
  // The tools reach the same a2term.
  const st = await callTool("a2term_state", {}, h);
  assert.match(st.result.textResultForLlm, /"surfaceId":"main"/);

  // A named socket that cannot be used is an error, not a canvas of its own.
  const bad = await startExtension({ A2TERM_SOCKET: join(dir, "none.sock"), XDG_RUNTIME_DIR: dir });
  t.after(() => bad.stop());
  await assert.rejects(open("b1", bad), (err) => err.data?.code === "socket_unusable" && /A2TERM_SOCKET/.test(err.message));
});

// socketCall makes one call on an a2term's socket (newline-delimited
// JSON-RPC 2.0, docs/agent-api.md) and resolves with its result.
function socketCall(path, method, params) {
  return new Promise((resolve, reject) => {
    const sock = createConnection(path);
    // An a2term that never answers fails the test rather than hangs it.
    sock.setTimeout(10_000, () => sock.destroy(new Error(`${method}: no answer from the a2term at ${path} in 10 s`)));
    let buf = "";
    sock.setEncoding("utf8");
    sock.once("error", reject);
    sock.once("close", () => reject(new Error(`${method}: the a2term at ${path} closed the connection`)));
    sock.on("data", (s) => {
      buf += s;
      const i = buf.indexOf("\n");
      if (i < 0) return;
      sock.end();
      const reply = JSON.parse(buf.slice(0, i));
      if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
      else resolve(reply.result);
    });
    sock.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })}\n`);
  });
}

test("the extension does not attach to an a2term whose socket another user could hold, and says why", { timeout: 120_000 }, async (t) => {
  // An a2term at the default socket of XDG_RUNTIME_DIR=run, showing a
  // surface whose text is the bait: whoever reaches it would read it.
  const run = tempDir("a2term-copilot-theirs-");
  const sock = join(run, "a2term", "a2term.sock");
  const dir = dirname(sock);
  const serve = spawn(a2termBinary(), ["serve", "--no-state", "--no-web", "--socket", sock], { stdio: ["ignore", "pipe", "inherit"] });
  const served = new Promise((r) => serve.once("exit", r));
  t.after(async () => {
    if (serve.exitCode === null && serve.signalCode === null) {
      serve.kill("SIGTERM");
      await served;
    }
    rmSync(run, { recursive: true, force: true });
  });
  await new Promise((resolve, reject) => {
    serve.stdout.once("data", resolve);
    serve.once("exit", () => reject(new Error("a2term serve exited")));
  });
  await socketCall(sock, "canvas.show", {
    messages: [
      { surfaceUpdate: { surfaceId: "bait", components: [{ id: "root", component: { Text: { text: { literalString: "bait" } } } }] } },
      { beginRendering: { surfaceId: "bait", root: "root" } },
    ],
  });

  // state starts the extension with env, calls its a2term_state tool once,
  // as an agent of the Copilot CLI would, and stops it: the result, and
  // what the person was told. (The extension sends its session.log before
  // the tool's result, on the same connection: it is here by then.)
  /** @param {Record<string, string>} env @returns {Promise<{text: string, type: string, told: string}>} */
  const state = async (env) => {
    const h = await startExtension({ XDG_RUNTIME_DIR: run, ...env });
    try {
      const res = await callTool("a2term_state", {}, h);
      return { text: res.result.textResultForLlm, type: res.result.resultType, told: h.logs.map((l) => l.message).join("\n") };
    } finally {
      await h.stop();
    }
  };

  // As another user's own would be: a directory others can enter, and a
  // socket anyone may connect to.
  chmodSync(dir, 0o711);
  chmodSync(sock, 0o666);
  let got = await state({});
  assert.equal(got.type, "failure", `the tool reached the a2term in a directory others can enter: ${got.text}`);
  assert.ok(!got.text.includes("bait"), got.text);
  assert.ok(got.told.includes(dir) && got.told.includes("mode 0711"), `the person is not told why (naming ${dir} and its mode): ${got.told}`);
  // Nor is the agent told that no a2term runs.
  assert.match(got.text, /"code":"socket_not_private"/);
  assert.ok(got.text.includes(dir) && got.text.includes("mode 0711") && !got.text.includes("no a2term is running"), got.text);

  // Named in A2TERM_SOCKET, the same socket is refused with the same reason.
  got = await state({ A2TERM_SOCKET: sock });
  assert.equal(got.type, "failure", got.text);
  assert.match(got.text, /"code":"socket_unusable"/);
  assert.ok(got.text.includes(dir) && got.text.includes("mode 0711"), got.text);

  // Made private again, it is attached to.
  chmodSync(dir, 0o700);
  got = await state({});
  assert.equal(got.type, "success", `the tool does not reach a private a2term: ${got.text}`);
  assert.ok(got.text.includes("bait"), got.text);

  await t.test("as root, a directory, a socket or a symbolic link of another user is refused naming them", async (t) => {
    if (process.getuid() !== 0) {
      t.skip("not root: a directory, a socket and a link of another user cannot be made");
      return;
    }
    for (const theirs of [dir, sock]) {
      lchownSync(theirs, 65534, 65534);
      got = await state({});
      assert.equal(got.type, "failure", `${theirs} of another user: ${got.text}`);
      assert.ok(!got.text.includes("bait"), got.text);
      assert.ok(got.told.includes(`${theirs} belongs to another user`) && got.told.includes("uid 65534"), `${theirs} of another user: the person was told ${got.told}`);
      lchownSync(theirs, 0, 0);
    }
    // Another user's symbolic link in the directory's place (made first,
    // pointing at their own a2term's directory) is refused naming them.
    const moved = `${dir}.theirs`;
    renameSync(dir, moved);
    symlinkSync(moved, dir);
    lchownSync(dir, 65534, 65534);
    got = await state({});
    assert.equal(got.type, "failure", `a symbolic link of another user: ${got.text}`);
    assert.ok(!got.text.includes("bait"), got.text);
    assert.ok(got.told.includes(`${dir} is not a directory but a symbolic link of another user`) && got.told.includes("uid 65534"), `a symbolic link of another user: the person was told ${got.told}`);
  });
});
