"""The form agent in A2UI v1.0, in a few lines: no reconnecting.

Run it with:  a2term run -- python3 form_v10.py
"""

import json
import os
import socket
import sys

sock = socket.socket(socket.AF_UNIX)
sock.connect(os.environ["A2TERM_SOCKET"])
replies = sock.makefile("r", encoding="utf-8")


def call(method, params):
    sock.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}) + "\n").encode())
    return json.loads(replies.readline())["result"]


# One createSurface holds the components and the data model. Then a2term's
# own notify function shows a notice; its answer comes through canvas.wait.
call("transcript.append", {"role": "agent", "text": "Hello! Who is there?"})
call("canvas.show", {"messages": [
    {"version": "v1.0", "createSurface": {
        "surfaceId": "hello", "catalogId": "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json",
        "components": [
            {"id": "root", "component": "Column", "children": ["title", "name", "send"]},
            {"id": "title", "component": "Text", "text": "## Who is there?"},
            {"id": "name", "component": "TextField", "label": "Your name", "placeholder": "Ada",
             "value": {"path": "/name"}},
            {"id": "send", "component": "Button", "child": "send-label", "variant": "primary",
             "action": {"event": {"name": "greet", "context": {"name": {"path": "/name"}}}},
             "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/name"}}},
                         "message": "Type your name first"}]},
            {"id": "send-label", "component": "Text", "text": "Send"}],
        "dataModel": {"name": ""}}},
    {"version": "v1.0", "callRendererFunction": {"functionCallId": "n1", "callFunction": {
        "call": "notify", "catalogId": "https://github.com/a2term/a2term/catalogs/v1_0/terminal.json",
        "args": {"message": "Type your name, then press Send"}}}},
]})
while True:
    result = call("canvas.wait", {"seconds": 60})
    if result.get("timedOut"):
        sys.exit("nobody answered within 60 s")
    # {"version": "v1.0", "rendererFunctionResponse": {...}} answers notify;
    # {"version": "v1.0", "action": {...}} is the press.
    if "action" in result["action"]:
        break
action = result["action"]["action"]
print(f"{action['name']} from the {result['source']}: {json.dumps(action['context'])}", flush=True)
call("transcript.append", {"role": "agent", "text": f"Nice to meet you, {action['context']['name']}!"})
