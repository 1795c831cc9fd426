#!/usr/bin/env python3
"""A tiny OpenAI-compatible service, started by evalgate from the checkout (standard library only).

evalgate runs this before the model's first request (`start:` in evalgate.yml), gives it a free port
as the environment variable PORT, polls GET /health until it answers 200, sends the suite's requests
to POST /v1/chat/completions, and stops it (SIGTERM to its process group) when the run ends. Its
output goes to .evalgate/logs/<model>.log.

The "agent" behind the route answers at once and always the same way, with no model and no network:
it calls the tool it is offered, filling the tool's required number arguments with the numbers of the
question, in order. A real service (FastAPI, Flask, a Node server...) goes here.
"""
import json
import os
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def complete(body):
    question = next((m.get("content") or "" for m in reversed(body["messages"]) if m["role"] == "user"), "")
    tools = body.get("tools") or []
    message = {"role": "assistant", "content": f"I can only call tools, and none was offered for: {question}"}
    if tools:
        function = tools[0]["function"]
        parameters = function.get("parameters", {})
        properties = parameters.get("properties", {})
        numbers = NUMBER.findall(question.replace(",", ""))
        arguments = {}
        for name in parameters.get("required", []):
            kind = properties.get(name, {}).get("type")
            if kind in ("integer", "number", "float") and numbers:
                text = numbers.pop(0)
                arguments[name] = int(text) if kind == "integer" and "." not in text else float(text)
        call = {"id": "call_1", "type": "function", "function": {"name": function["name"], "arguments": json.dumps(arguments)}}
        message = {"role": "assistant", "content": None, "tool_calls": [call]}
    return {
        "id": "chatcmpl-example",
        "object": "chat.completion",
        "model": body.get("model", "example"),
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if tools else "stop"}],
        "usage": {"prompt_tokens": len(question.split()), "completion_tokens": 1},
    }


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/health":
            self.reply(200, {"status": "ok"})
        else:
            self.reply(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self):
        if self.path != "/v1/chat/completions":
            self.reply(404, {"error": {"message": f"no route {self.path}"}})
            return
        length = int(self.headers.get("content-length") or 0)
        try:
            body = json.loads(self.rfile.read(length))
        except ValueError:
            self.reply(400, {"error": {"message": "the body is not JSON"}})
            return
        self.reply(200, complete(body))

    def reply(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == "__main__":
    port = int(os.environ.get("PORT", "8000"))
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(f"listening on http://127.0.0.1:{port}", file=sys.stderr, flush=True)
    server.serve_forever()
