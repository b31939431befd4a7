// a2term's canvas for GitHub Copilot, written by `a2term copilot install`.
// Install it again to update it: it is the extension of the a2term that
// wrote it, and names that binary below.
//
// The canvas "a2term" opens an a2term canvas: a running a2term when
// A2TERM_SOCKET names one or one answers at the default socket (the
// person's terminal), else `a2term serve` of its own, whose web mirror the
// Copilot App shows in its canvas panel. Its actions show, wait and state
// are a2term's socket API. The tools a2term_show, a2term_wait and
// a2term_state do the same for agents without a canvas panel (the Copilot
// CLI): on the open canvas, else on the running a2term.
//
// The mirror's one-time link goes to the host's canvas panel only, never
// into an action's or a tool's result: the agent never holds a link that
// acts as the person. Nor does it connect to a socket another user made,
// or one in a directory others can enter (checkSocket).

import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { CanvasError, createCanvas, joinSession } from "@github/copilot-sdk/extension";

const A2TERM_BIN = "a2term";
const A2TERM_VERSION = "devel";

// Limits, as a2term's agent API has them.
const MAX_WAIT = 600; // seconds one canvas.wait may ask for
const MAX_WAIT_PER_CALL = 50; // what one action or tool call waits: under hosts' request timeouts
const MAX_REPLY = 64 << 20; // bytes of one reply from the socket
const START_TIMEOUT = 20000; // ms for a2term serve to say where it listens
const STOP_GRACE = 5000; // ms between SIGTERM and SIGKILL

function binary() {
  return A2TERM_BIN !== "a2term" && existsSync(A2TERM_BIN) ? A2TERM_BIN : "a2term";
}

// defaultSocket is where a plain `a2term` listens (agentsock.DefaultSocketPath).
function defaultSocket() {
  const runtime = process.env.XDG_RUNTIME_DIR;
  if (runtime) return join(runtime, "a2term", "a2term.sock");
  return join(tmpdir(), `a2term-${process.getuid ? process.getuid() : 0}`, "a2term.sock");
}

// FIX_IT is what a refusal of a place another user may hold says to do.
const FIX_IT = "do not use it: remove it (as its owner, or root) or use a directory of your own (A2TERM_SOCKET, or XDG_RUNTIME_DIR)";

// userName names the user uid as a2term does: "name (uid N)", or "uid N"
// when the name does not resolve.
function userName(uid) {
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const f = line.split(":");
      if (f.length > 2 && f[0] && f[2] === String(uid)) return `${f[0]} (uid ${uid})`;
    }
  } catch {
    // no passwd file: the uid alone
  }
  return `uid ${uid}`;
}

// checkSocket checks, before every connection, what a2term's own clients
// check (statedir.CheckSocket), as tmux and ssh-agent check their sockets:
// the socket's directory is a directory (not a symbolic link) of this
// user that nobody else can enter (0700), and the socket a socket of this
// user. Another user who created the default socket's directory first (a
// shared /tmp, with XDG_RUNTIME_DIR unset) and served an a2term of their
// own there would otherwise read what the agent shows and press in the
// person's name. It throws a CanvasError socket_not_private naming the
// path and its owner, or lstat's error for a path that is not there.
// Windows has no Unix sockets at a path, nor uids: nothing to check.
function checkSocket(path) {
  if (!process.getuid) return;
  const uid = process.getuid();
  const sock = resolve(path);
  const dir = dirname(sock);
  const refuse = (why) => {
    throw new CanvasError("socket_not_private", why);
  };
  const d = lstatSync(dir);
  if (!d.isDirectory()) {
    // One another user made first points wherever they like.
    const what = d.isSymbolicLink() && d.uid !== uid ? `not a directory but a symbolic link of another user, ${userName(d.uid)}` : "not a directory (a symbolic link or a file)";
    refuse(`a2term socket directory ${dir} is ${what}: ${FIX_IT}`);
  }
  if (d.uid !== uid) refuse(`a2term socket directory ${dir} belongs to another user, ${userName(d.uid)}: whoever runs an a2term there would see what your agent shows and press in your name; ${FIX_IT}`);
  if (d.mode & 0o077) refuse(`a2term socket directory ${dir} is open to other users (mode ${(d.mode & 0o777).toString(8).padStart(4, "0")}): make it 0700 (chmod 700 ${dir}) or use another directory`);
  const s = lstatSync(sock);
  if (!s.isSocket()) throw new Error(`a2term socket ${sock}: the path exists and is not a socket; remove it or use another path`);
  if (s.uid !== uid) refuse(`a2term socket ${sock} belongs to another user, ${userName(s.uid)}: it would see what your agent shows and press in your name; ${FIX_IT}`);
}

// Conn is one connection to an a2term's socket: newline-delimited
// JSON-RPC 2.0. A call whose connection closes fails with code
// canvas_unavailable.
class Conn {
  static open(path) {
    try {
      checkSocket(path);
    } catch (err) {
      if (err instanceof CanvasError) return Promise.reject(err);
      return Promise.reject(new CanvasError("canvas_unavailable", `no a2term answers at ${path}: ${err.message}`));
    }
    return new Promise((resolve, reject) => {
      const sock = createConnection(path);
      const fail = (err) => reject(new CanvasError("canvas_unavailable", `no a2term answers at ${path}: ${err.message}`));
      sock.once("error", fail);
      sock.once("connect", () => {
        sock.off("error", fail);
        resolve(new Conn(sock, path));
      });
    });
  }

  constructor(sock, path) {
    this.sock = sock;
    this.path = path;
    this.next = 1;
    this.pending = new Map();
    this.buf = "";
    this.closed = false;
    this.onClose = () => {};
    sock.setEncoding("utf8");
    sock.on("data", (chunk) => this.read(chunk));
    sock.on("error", () => {});
    sock.on("close", () => {
      this.closed = true;
      for (const p of this.pending.values()) {
        p.reject(new CanvasError("canvas_unavailable", `the a2term at ${this.path} closed the connection`));
      }
      this.pending.clear();
      this.onClose();
    });
  }

  read(chunk) {
    this.buf += chunk;
    if (this.buf.length > MAX_REPLY) {
      this.sock.destroy();
      return;
    }
    let i;
    while ((i = this.buf.indexOf("\n")) >= 0) {
      const line = this.buf.slice(0, i);
      this.buf = this.buf.slice(i + 1);
      if (!line.trim()) continue;
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        continue;
      }
      const p = this.pending.get(msg.id);
      if (!p) continue;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(refusal(msg.error));
      else p.resolve(msg.result);
    }
  }

  call(method, params) {
    if (this.closed) {
      return Promise.reject(new CanvasError("canvas_unavailable", `the a2term at ${this.path} closed the connection`));
    }
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.sock.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  }

  close() {
    this.sock.destroy();
  }
}

// refusal turns a JSON-RPC error into a CanvasError with a2term's code
// (missing_child, bad_value, …) and a message that says what to fix.
function refusal(err) {
  const d = err && typeof err.data === "object" && err.data ? err.data : {};
  const code = typeof d.code === "string" && d.code ? d.code : `rpc_${err.code}`;
  const where = [];
  if (typeof d.index === "number" && d.index >= 0) where.push(`message ${d.index}`);
  if (d.surfaceId) where.push(`surface ${JSON.stringify(d.surfaceId)}`);
  if (d.componentId) where.push(`component ${JSON.stringify(d.componentId)}`);
  if (d.path) where.push(`at ${d.path}`);
  const text = `${code}: ${d.message || err.message}${where.length ? ` (${where.join(", ")})` : ""}`;
  const e = new CanvasError(code, `Refused, nothing changed: ${text}`);
  e.data = d;
  return e;
}

// Hub is an a2term the extension talks to: one it started (a2term serve)
// or one that runs already (attached). alive is false once it went away.
class Hub {
  constructor(kind, socket, conn) {
    this.kind = kind;
    this.socket = socket;
    this.conn = conn;
    this.alive = true;
    this.child = null;
    this.url = "";
    this.lines = [];
    this.gone = () => {};
    conn.onClose = () => this.lost("its connection closed");
  }

  lost(why) {
    if (!this.alive) return;
    this.alive = false;
    this.gone(why);
  }

  // call runs one socket method; a wait gets a connection of its own, so
  // that cancelling it (closing that connection) gives its action back
  // to the queue and leaves the other calls alone. a2term counts an
  // action as taken once the connection that got it makes another
  // request, so a wait that got one asks for canvas.info before it closes.
  async call(method, params, signal) {
    if (!this.alive) throw new CanvasError("canvas_unavailable", "the a2term behind this canvas has stopped: open the canvas again for a fresh one");
    if (method !== "canvas.wait") return this.conn.call(method, params);
    const c = await Conn.open(this.socket);
    const abort = () => c.close();
    signal?.addEventListener("abort", abort, { once: true });
    try {
      const res = await c.call(method, params);
      if (res && res.action) await c.call("canvas.info", {});
      return res;
    } finally {
      signal?.removeEventListener("abort", abort);
      c.close();
    }
  }

  // link is the mirror's pairing link for a browser that has none: the
  // unused one, or a new one once the last was used (SIGUSR1 to serve).
  async link() {
    if (!this.child) return "";
    const next = new Promise((resolve) => {
      this.waitLine = resolve;
    });
    this.child.kill("SIGUSR1");
    const line = await Promise.race([next, delay(START_TIMEOUT).then(() => null)]);
    if (line && typeof line.url === "string" && line.url) this.url = line.url;
    return this.url;
  }

  async stop() {
    this.alive = false;
    this.conn.close();
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const t = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE);
    await exited;
    clearTimeout(t);
  }
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// refusedSocket is why attach last refused the default socket (another
// user could hold it), or null: a tool with no canvas says so to the
// agent rather than that no a2term runs.
let refusedSocket = null;

// attach connects to the a2term at an explicit socket (A2TERM_SOCKET),
// which must answer, or at the default socket when one answers there.
async function attach() {
  const explicit = process.env.A2TERM_SOCKET;
  if (explicit) {
    let conn;
    try {
      conn = await Conn.open(explicit);
    } catch (err) {
      throw new CanvasError("socket_unusable", `the a2term socket ${explicit} (set by A2TERM_SOCKET) cannot be used (${err.message}): start a2term with --socket ${explicit}, or remove A2TERM_SOCKET`);
    }
    return new Hub("attached", explicit, conn);
  }
  try {
    const sock = defaultSocket();
    const hub = new Hub("attached", sock, await Conn.open(sock));
    refusedSocket = null;
    return hub;
  } catch (err) {
    // Another user's a2term: the canvas is one of our own instead, and
    // the person is told why.
    refusedSocket = null;
    if (err.code === "socket_not_private") {
      warn(`a2term: not attaching: ${err.message}`);
      refusedSocket = err.message;
    }
    return null;
  }
}

// serve starts `a2term serve` on a socket in a private directory and
// reads where it listens from its first line. The socket is the session's
// alone, so no later a2term could restore its journal: it keeps none.
async function serve() {
  const dir = mkdtempSync(join(tmpdir(), "a2term-copilot-"));
  const socket = join(dir, "a2term.sock");
  const child = spawn(binary(), ["serve", "--no-state", "--socket", socket], { stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const errLines = [];
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (s) => {
    errLines.push(...s.split("\n").filter(Boolean));
    errLines.splice(0, Math.max(0, errLines.length - 20));
  });
  let hub = null;
  let out = "";
  let first;
  const ready = new Promise((resolve) => {
    first = resolve;
  });
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (s) => {
    out += s;
    let i;
    while ((i = out.indexOf("\n")) >= 0) {
      const line = out.slice(0, i);
      out = out.slice(i + 1);
      let msg = null;
      try {
        msg = JSON.parse(line);
      } catch {
        continue;
      }
      if (first) {
        const f = first;
        first = null;
        f(msg);
      } else if (hub && hub.waitLine) {
        const w = hub.waitLine;
        hub.waitLine = null;
        w(msg);
      }
    }
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  child.once("exit", (code, signal) => {
    children.delete(child);
    rmSync(dir, { recursive: true, force: true });
    if (hub) hub.lost(`a2term serve exited (${signal || `status ${code}`})`);
  });
  child.once("error", () => {});
  const started = await Promise.race([
    ready,
    exited.then(({ code, signal }) => ({ exit: signal || `status ${code}` })),
    delay(START_TIMEOUT).then(() => ({ exit: "no answer in time" })),
  ]);
  if (!started || started.exit || typeof started.socket !== "string") {
    child.kill("SIGKILL");
    const why = started && started.exit ? started.exit : "an unreadable first line";
    throw new CanvasError("start_failed", `a2term serve did not start (${why}): ${errLines.slice(-3).join(" / ") || "no message"}`);
  }
  let conn;
  try {
    conn = await Conn.open(started.socket);
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  hub = new Hub("serve", started.socket, conn);
  hub.child = child;
  hub.url = started.url || "";
  return hub;
}

const children = new Set();
for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(sig, () => {
    for (const c of children) c.kill("SIGTERM");
    process.exit(0);
  });
}
process.on("exit", () => {
  for (const c of children) c.kill("SIGTERM");
});

// instances are the open canvases, by the host's instanceId.
const instances = new Map();
let session = null;

function warn(text) {
  session?.log(text, { level: "warning" }).catch(() => {});
}

function status(hub) {
  if (hub.kind === "attached") return `a2term ${A2TERM_VERSION}: showing in the a2term at ${hub.socket} (your terminal)`;
  return `a2term ${A2TERM_VERSION}: the canvas of a2term serve`;
}

async function open(req) {
  const id = req.instanceId;
  const had = instances.get(id);
  if (had && had.alive) {
    // The same canvas again: a panel that reloads gets a link of its own.
    return { url: (await had.link()) || undefined, title: "a2term", status: status(had) };
  }
  instances.delete(id);
  const hub = (await attach()) || (await serve());
  hub.gone = (why) => {
    if (instances.get(id) === hub) {
      warn(`a2term canvas ${id} is unavailable: ${why}. Open it again for a fresh one.`);
    }
  };
  instances.set(id, hub);
  return { url: hub.url || undefined, title: "a2term", status: status(hub) };
}

async function close(req) {
  const hub = instances.get(req.instanceId);
  instances.delete(req.instanceId);
  if (hub) await hub.stop();
}

// Input schemas of the actions and tools.
const showSchema = {
  type: "object",
  properties: {
    messages: {
      type: "array",
      minItems: 1,
      description:
        'A2UI server-to-client messages, applied in order as one batch, all or none: each a v0.9.1 one with "version": "v0.9.1" (or "v0.9") and exactly one of createSurface, updateComponents, updateDataModel, deleteSurface, or a v0.8 one with no version and one of surfaceUpdate, dataModelUpdate, beginRendering, deleteSurface.',
      items: { type: "object", minProperties: 1 },
    },
  },
  required: ["messages"],
  additionalProperties: false,
};
const waitSchema = {
  type: "object",
  properties: {
    seconds: {
      type: "number",
      minimum: 0,
      maximum: MAX_WAIT,
      description: `How long to wait for the person, 0 to ${MAX_WAIT} seconds (0 only looks); one call waits at most ${MAX_WAIT_PER_CALL}.`,
    },
  },
  required: ["seconds"],
  additionalProperties: false,
};
const stateSchema = {
  type: "object",
  properties: { surfaceId: { type: "string", description: "Only this surface; omit for all." } },
  additionalProperties: false,
};

const showAbout =
  'Show or update surfaces on the person\'s a2term canvas. A batch of A2UI v0.9.1 messages, all or none, each with "version": "v0.9.1": createSurface {"surfaceId": "main", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json", "sendDataModel": true}, then updateComponents {"surfaceId": "main", "components": [{"id": "root", "component": "Column", "children": ["t", "note", "ok"]}, {"id": "t", "component": "Text", "text": "Hi"}, {"id": "note", "component": "TextField", "label": "Note", "value": {"path": "/note"}, "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/note"}}}, "message": "Write a note"}]}, {"id": "ok", "component": "Button", "child": "okl", "action": {"event": {"name": "pay", "context": {"note": {"path": "/note"}}}}}, {"id": "okl", "component": "Text", "text": "Pay"}]} (the component "root" is drawn; values are literals, {"path": "/…"} into the data model, or calls such as {"call": "formatCurrency", "args": {"value": {"path": "/total"}, "currency": "EUR"}}; a failing check shows its message and disables a Button), and updateDataModel {"surfaceId": "main", "path": "/note", "value": ""}. The press comes back from wait. v0.8 is accepted too: surfaceUpdate {"surfaceId", "components": [{"id": "root", "component": {"Text": {"text": {"literalString": "Hi"}}}}]}, then beginRendering {"surfaceId", "root": "root"}; a Button\'s "action": {"name": "pay", "context": [{"key": "note", "value": {"path": "/note"}}]}. A refusal changes nothing and says what to fix.';
const waitAbout = `Wait for the person's next press on the canvas, up to seconds (at most ${MAX_WAIT_PER_CALL} per call): returns the A2UI client message it became, ready to forward ({"version": "v0.9", "action": {name, surfaceId, sourceComponentId, timestamp, context}} with a2uiClientDataModel, the surface's data model, when it was created with sendDataModel; {"userAction": {...}} for v0.8), and where they pressed, or timedOut. When nothing came, call it again. Each action is delivered once, oldest first.`;
const stateAbout = "Read the canvas: each surface's components, data model with the person's current inputs, and whether it is shown.";

// run calls one action on hub and returns a2term's result; the wait is
// capped per call and logged in the transcript.
async function run(hub, action, input, signal) {
  input = input && typeof input === "object" ? input : {};
  let result;
  switch (action) {
    case "show":
      result = await hub.call("canvas.show", { messages: input.messages });
      break;
    case "wait": {
      const seconds = Math.min(Math.max(Number(input.seconds) || 0, 0), MAX_WAIT_PER_CALL);
      result = { ...(await hub.call("canvas.wait", { seconds }, signal)), seconds };
      break;
    }
    case "state":
      result = await hub.call("canvas.state", input.surfaceId ? { surfaceId: input.surfaceId } : {});
      break;
    default:
      throw new CanvasError("unknown_action", `no action ${action}: use show, wait or state`);
  }
  const line = summary(action, result);
  hub.call("transcript.append", { role: "tool", text: `copilot: ${action}: ${line}` }).catch(() => {});
  return { result, line };
}

function summary(action, r) {
  switch (action) {
    case "show": {
      const s = (r.surfaces || []).map((x) => `${x.surfaceId} (${x.components} components${x.shown ? "" : ", not shown yet"})`);
      return `Shown: ${s.join(", ") || "nothing"}.`;
    }
    case "wait": {
      const a = r.action && (r.action.userAction || r.action.action);
      if (!a) return `No answer within ${r.seconds} s: call wait again to keep waiting.`;
      return `The person pressed ${a.name} on ${a.surfaceId} (${r.source}).`;
    }
    default: {
      const s = Array.isArray(r) ? r : r.surfaces || [];
      return `${s.length} surface(s): ${s.map((x) => x.surfaceId).join(", ") || "none"}.`;
    }
  }
}

function instanceHub(id) {
  const hub = instances.get(id);
  if (!hub) throw new CanvasError("canvas_not_open", `no a2term canvas ${id} is open: open it first`);
  if (!hub.alive) throw new CanvasError("canvas_unavailable", `a2term canvas ${id} is unavailable: the a2term behind it stopped. Open it again for a fresh one.`);
  return hub;
}

function canvasAction(name, description, inputSchema) {
  return {
    name,
    description,
    inputSchema,
    handler: async (req) => (await run(instanceHub(req.instanceId), name, req.input)).result,
  };
}

// toolHub is the hub the tools use: the one open canvas, else the
// running a2term.
let toolAttached = null;
async function toolHub() {
  const open = [...instances.values()].filter((h) => h.alive);
  if (open.length === 1) return open[0];
  if (open.length > 1) throw new CanvasError("ambiguous_canvas", "more than one a2term canvas is open: use invoke_canvas_action on the one you mean");
  if (toolAttached && toolAttached.alive) return toolAttached;
  toolAttached = await attach();
  if (!toolAttached && refusedSocket) {
    throw new CanvasError("socket_not_private", `not using the a2term at the default socket, which another user could hold (${refusedSocket}): ask the person to open the a2term canvas`);
  }
  if (!toolAttached) {
    throw new CanvasError("no_a2term", `no a2term is running: ask the person to start a2term in a terminal (it listens at ${defaultSocket()}), or to open the a2term canvas`);
  }
  return toolAttached;
}

function tool(name, description, parameters) {
  return {
    name: `a2term_${name}`,
    description,
    parameters,
    skipPermission: name !== "show",
    handler: async (args, invocation) => {
      try {
        const { result, line } = await run(await toolHub(), name, args, invocation?.signal);
        return { textResultForLlm: `${JSON.stringify(result)}\n${line}`, resultType: "success" };
      } catch (err) {
        const code = err instanceof CanvasError ? err.code : "failed";
        return { textResultForLlm: `${JSON.stringify({ error: { code, message: err.message, ...(err.data || {}) } })}\n${err.message}`, resultType: "failure" };
      }
    },
  };
}

session = await joinSession({
  canvases: [
    createCanvas({
      id: "a2term",
      displayName: "a2term",
      description: "A canvas of A2UI surfaces the person sees and answers: forms, choices, tables, pictures; their presses come back to you.",
      inputSchema: { type: "object", properties: {}, additionalProperties: false },
      actions: [
        canvasAction("show", showAbout, showSchema),
        canvasAction("wait", waitAbout, waitSchema),
        canvasAction("state", stateAbout, stateSchema),
      ],
      open,
      onClose: close,
    }),
  ],
  tools: [tool("show", showAbout, showSchema), tool("wait", waitAbout, waitSchema), tool("state", stateAbout, stateSchema)],
});
