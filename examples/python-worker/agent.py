#!/usr/bin/env python3
"""A tiny tool-calling "agent" as an evalgate command target (standard library only).

evalgate writes one JSON request per line on stdin:
    {"id": "7", "messages": [...], "tools": [...], "vars": {...}, "case": {"suite": ..., "id": ..., "repeat": 0}}
and reads one JSON reply per line on stdout:
    {"id": "7", "content": "...", "tool_calls": [...], "usage": {...}}   or   {"id": "7", "error": "..."}
Messages and tool calls have OpenAI's chat-completions shape. Only replies go to stdout: logs go to
stderr (evalgate keeps them in .evalgate/logs/<model>.log). The worker exits when its stdin ends.

This "agent" answers at once and always the same way, with no model and no network: it calls the tool
it is offered, filling the tool's required number arguments with the numbers of the question, in
order. Good enough for most of the example questions, wrong on some: a real agent goes here.
"""
import json
import re
import sys

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def answer(request):
    question = next((m.get("content") or "" for m in reversed(request["messages"]) if m["role"] == "user"), "")
    tools = request.get("tools") or []
    if not tools:
        return {"content": f"I can only call tools, and none was offered for: {question}"}
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
    return {"content": None, "tool_calls": [call], "usage": {"prompt_tokens": len(question.split()), "completion_tokens": len(arguments)}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            reply = answer(request)
        except Exception as error:  # a failure of this request only: evalgate fails its case, the run goes on
            reply = {"error": f"{type(error).__name__}: {error}"}
        reply["id"] = request["id"]
        print(json.dumps(reply), flush=True)
        print(f"answered {request['id']} ({(request.get('case') or {}).get('id')})", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
