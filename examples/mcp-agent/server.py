#!/usr/bin/env python3
"""The support desk's MCP server in Python, standard library only: the same three tools as
server.mjs, MCP over stdio (JSON-RPC 2.0, one message a line). Use it with
`mcp: { name: support-mcp, command: [python3, server.py] }`. A real server would use the official
Python SDK (`mcp`); this one spells the protocol out so it runs with nothing installed. Logs go to
stderr (evalgate keeps them in .evalgate/logs/<server name>.log); stdout carries messages only."""
import json
import re
import sys

TICKETS = {
    "T-1001": {"id": "T-1001", "title": "Printer on floor 2 jams", "status": "open", "priority": "low"},
    "T-1002": {"id": "T-1002", "title": "VPN drops every hour", "status": "open", "priority": "high"},
}

TOOLS = [
    {
        "name": "search_tickets",
        "description": "Search existing support tickets by words of their title. Use it to find a ticket before you look it up.",
        "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
    },
    {
        "name": "get_ticket",
        "description": "Look up one support ticket by its id (T-1234): its title, status and priority.",
        "inputSchema": {"type": "object", "properties": {"ticket_id": {"type": "string"}}, "required": ["ticket_id"]},
    },
    {
        "name": "create_ticket",
        "description": "Open a new support ticket with a title and a priority (low, normal or high).",
        "inputSchema": {
            "type": "object",
            "properties": {"title": {"type": "string"}, "priority": {"type": "string", "enum": ["low", "normal", "high"]}},
            "required": ["title"],
        },
    },
]


def text(value, is_error=False):
    result = {"content": [{"type": "text", "text": value if isinstance(value, str) else json.dumps(value)}]}
    return {**result, "isError": True} if is_error else result


def call(name, args):
    if name == "search_tickets":
        words = [w for w in re.split(r"\W+", str(args.get("query", "")).lower()) if w]
        return text([t for t in TICKETS.values() if any(w in t["title"].lower() for w in words)])
    if name == "get_ticket":
        ticket = TICKETS.get(args.get("ticket_id"))
        return text(ticket) if ticket else text(f"no ticket {args.get('ticket_id')}", is_error=True)
    if name == "create_ticket":
        if not args.get("title"):
            return text("a title is required", is_error=True)
        ticket = {"id": f"T-{1001 + len(TICKETS)}", "title": args["title"], "status": "open", "priority": args.get("priority", "normal")}
        TICKETS[ticket["id"]] = ticket
        return text(ticket)
    raise LookupError(f"unknown tool: {name}")


def answer(request):
    method, params = request["method"], request.get("params") or {}
    if method == "initialize":
        return {"protocolVersion": params["protocolVersion"], "capabilities": {"tools": {}}, "serverInfo": {"name": "support-desk", "version": "1.0.0"}}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call":
        return call(params["name"], params.get("arguments") or {})
    if method == "ping":
        return {}
    raise NotImplementedError(f"method not found: {method}")


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    if "id" not in request:
        continue  # a notification (initialized, cancelled): nothing to answer
    try:
        reply = {"jsonrpc": "2.0", "id": request["id"], "result": answer(request)}
    except LookupError as error:
        reply = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32602, "message": str(error)}}
    except NotImplementedError as error:
        reply = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": str(error)}}
    print(json.dumps(reply), flush=True)
