"""A small a2term agent: it asks for a name and prints what the person sent.

Run it with:  a2term run -- python3 form.py
"""

import json
import os
import socket
import sys


class Canvas:
    """A connection to a2term: JSON-RPC 2.0, one JSON object per line."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.replies = self.sock.makefile("r", encoding="utf-8")
        self.last_id = 0

    def call(self, method, params=None):
        self.last_id += 1
        request = {"jsonrpc": "2.0", "id": self.last_id, "method": method}
        if params is not None:
            request["params"] = params
        self.sock.sendall((json.dumps(request) + "\n").encode("utf-8"))
        while True:
            line = self.replies.readline()
            if not line:
                raise ConnectionError("a2term closed the connection")
            reply = json.loads(line)
            if reply.get("id") == self.last_id:
                break
        if "error" in reply:
            raise RuntimeError(f"{method}: {json.dumps(reply['error'])}")
        return reply["result"]


FORM = [
    {"surfaceUpdate": {"surfaceId": "hello", "components": [
        {"id": "root", "component": {"Column": {"children": {"explicitList": ["title", "name", "send"]}}}},
        {"id": "title", "component": {"Text": {"text": {"literalString": "Who is there?"}, "usageHint": "h2"}}},
        {"id": "name", "component": {"TextField": {"label": {"literalString": "Your name"}, "text": {"path": "/name"}}}},
        {"id": "send", "component": {"Button": {"child": "send-label", "primary": True, "action": {
            "name": "greet", "context": [{"key": "name", "value": {"path": "/name"}}]}}}},
        {"id": "send-label", "component": {"Text": {"text": {"literalString": "Send"}}}},
    ]}},
    {"dataModelUpdate": {"surfaceId": "hello", "contents": [{"key": "name", "valueString": ""}]}},
    {"beginRendering": {"surfaceId": "hello", "root": "root"}},
]


def main():
    canvas = Canvas(os.environ["A2TERM_SOCKET"])
    canvas.call("transcript.append", {"role": "agent", "text": "Hello! Who is there?"})
    canvas.call("canvas.show", {"messages": FORM})
    result = canvas.call("canvas.wait", {"seconds": 60})
    if result.get("timedOut"):
        print("nobody answered within 60 s", flush=True)
        return 1
    action = result["action"]["userAction"]
    print(f"{action['name']} from the {result['source']}: {json.dumps(action['context'])}", flush=True)
    canvas.call("transcript.append", {"role": "agent", "text": f"Nice to meet you, {action['context']['name']}!"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
