"""A small a2term agent: it asks for a name and prints what the person sent.

Run it with:  a2term run -- python3 form.py
"""

import json
import os
import socket
import sys
import time


class Canvas:
    """A connection to a2term: JSON-RPC 2.0, one JSON object per line.

    When a2term restarts at the same socket, the connection is made again
    (for up to `reconnect` seconds) and a call that does no harm twice is
    sent again. canvas.info's canvasId says whether the canvas is the same
    (restored from a2term's journal) or a new, empty one: then on_new_canvas
    is called, to show the surfaces again.
    """

    AGAIN = {"canvas.info", "canvas.state", "canvas.wait"}

    def __init__(self, path, reconnect=30, on_new_canvas=None):
        self.path, self.reconnect, self.on_new_canvas = path, reconnect, on_new_canvas
        self.last_id = 0
        self.connect()
        self.canvas_id = self.call("canvas.info")["canvasId"]

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)
        self.replies = self.sock.makefile("r", encoding="utf-8")

    def connect_again(self):
        deadline = time.monotonic() + self.reconnect
        while True:
            self.sock.close()
            try:
                self.connect()
                self.check_canvas()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def call(self, method, params=None):
        while True:
            self.sent = False
            try:
                reply = self.exchange(method, params)
                break
            except OSError:  # the connection is lost (ConnectionError too)
                sent = self.sent
                self.connect_again()
                if sent and method not in self.AGAIN:
                    raise ConnectionError(f"{method}: a2term restarted; it may or may not have been done")
        if "error" in reply:
            raise RuntimeError(f"{method}: {json.dumps(reply['error'])}")
        return reply["result"]

    def exchange(self, method, params=None):
        self.last_id += 1
        request = {"jsonrpc": "2.0", "id": self.last_id, "method": method}
        if params is not None:
            request["params"] = params
        self.sock.sendall((json.dumps(request) + "\n").encode("utf-8"))
        self.sent = True
        while True:
            line = self.replies.readline()
            if not line:
                raise ConnectionError("a2term closed the connection")
            reply = json.loads(line)
            if reply.get("id") == self.last_id:
                return reply

    def check_canvas(self):
        info = self.exchange("canvas.info")["result"]
        if info["canvasId"] != self.canvas_id:
            self.canvas_id = info["canvasId"]
            if self.on_new_canvas:
                self.on_new_canvas(self)


BASIC_CATALOG = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"

# A2UI v0.9.1: the surface, its components, its data. Send stays disabled
# until a name is typed: its check fails while /name is empty.
FORM = [
    {"version": "v0.9.1", "createSurface": {"surfaceId": "hello", "catalogId": BASIC_CATALOG}},
    {"version": "v0.9.1", "updateComponents": {"surfaceId": "hello", "components": [
        {"id": "root", "component": "Column", "children": ["title", "name", "send"]},
        {"id": "title", "component": "Text", "text": "Who is there?", "variant": "h2"},
        {"id": "name", "component": "TextField", "label": "Your name", "value": {"path": "/name"}},
        {"id": "send", "component": "Button", "child": "send-label", "variant": "primary",
         "action": {"event": {"name": "greet", "context": {"name": {"path": "/name"}}}},
         "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/name"}}},
                     "message": "Type your name first"}]},
        {"id": "send-label", "component": "Text", "text": "Send"},
    ]}},
    {"version": "v0.9.1", "updateDataModel": {"surfaceId": "hello", "value": {"name": ""}}},
]


def show_form(canvas):
    canvas.call("canvas.show", {"messages": FORM})


def main():
    # A new, empty canvas after a restart gets the form again; a restored
    # one still has it, and the wait goes on.
    canvas = Canvas(os.environ["A2TERM_SOCKET"], on_new_canvas=show_form)
    canvas.call("transcript.append", {"role": "agent", "text": "Hello! Who is there?"})
    # Run again on the same canvas (it was stopped, or killed), the agent
    # finds its form there, and the wait gets what it left.
    if not any(s["surfaceId"] == "hello" for s in canvas.call("canvas.info")["surfaces"]):
        show_form(canvas)
    result = canvas.call("canvas.wait", {"seconds": 60})
    if result.get("timedOut"):
        print("nobody answered within 60 s", flush=True)
        return 1
    # Each press comes once, with an actionId. One handed out before, to a
    # connection that closed before it read it, comes again with
    # "redelivered": true: an agent that must not act twice (paying, say)
    # skips an actionId it has already acted on.
    if result.get("redelivered"):
        print(f"action {result['actionId']} was handed out before", flush=True)
    message = result["action"]
    # A v0.9 surface's press is {"version": "v0.9", "action": {...}};
    # a v0.8 one's would be {"userAction": {...}}.
    action = message["action"] if "version" in message else message["userAction"]
    print(f"{action['name']} from the {result['source']}: {json.dumps(action['context'])}", flush=True)
    canvas.call("transcript.append", {"role": "agent", "text": f"Nice to meet you, {action['context']['name']}!"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
