// src/models/undici-lite.ts: requests through undici's Agent with a handler that buffers the answer.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { test } from "node:test";
import { Agent } from "../../src/models/undici-dispatchers.ts";
import { exchange } from "../../src/models/undici-lite.ts";

/** A server on 127.0.0.1 whose answer each test scripts; resolves with its base URL and a closer. */
async function scriptedServer(answer: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => answer(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const dispatcher = new Agent({ keepAliveTimeout: 1000 });
  return {
    base: `http://127.0.0.1:${port}`,
    dispatcher,
    close: async () => {
      await dispatcher.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

test("exchange() through the Agent sends method, path, headers and body, and buffers the whole answer", async () => {
  const bigPart = "x".repeat(200_000); // several chunks on the wire
  const server = await scriptedServer((req, body, res) => {
    res.setHeader("content-type", "application/json");
    res.setHeader("retry-after", "7");
    res.end(JSON.stringify({ method: req.method, url: req.url, header: req.headers["x-probe"], body, bigPart }));
  });
  try {
    const call = exchange(server.dispatcher, `${server.base}/v1/echo?x=1`, {
      method: "POST",
      headers: { "x-probe": "yes", "content-type": "application/json" },
      body: "hello ✓",
    });
    const response = await call.response;
    assert.equal(response.status, 200);
    assert.equal(response.headers["retry-after"], "7");
    assert.deepEqual(JSON.parse(response.text), { method: "POST", url: "/v1/echo?x=1", header: "yes", body: "hello ✓", bigPart });
  } finally {
    await server.close();
  }
});

test("exchange() keeps error statuses and their bodies, drops a UTF-8 BOM and decodes bad bytes as U+FFFD", async () => {
  const server = await scriptedServer((req, _body, res) => {
    if (req.url === "/bom") {
      res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"ok":true}'), Buffer.from([0xff])]));
      return;
    }
    res.statusCode = 429;
    res.end("slow down");
  });
  try {
    const refused = await exchange(server.dispatcher, `${server.base}/limited`, { method: "GET", headers: {} }).response;
    assert.equal(refused.status, 429);
    assert.equal(refused.text, "slow down");
    const bom = await exchange(server.dispatcher, `${server.base}/bom`, { method: "GET", headers: {} }).response;
    assert.equal(bom.text, '{"ok":true}\uFFFD');
  } finally {
    await server.close();
  }
});

test("exchange() rejects with the reason it was aborted with, before or after the request went out", async () => {
  let received = 0;
  const server = await scriptedServer(() => {
    received++; // never answers
  });
  try {
    const early = exchange(server.dispatcher, `${server.base}/slow`, { method: "GET", headers: {} });
    const earlyReason = new Error("stopped before sending");
    early.abort(earlyReason);
    await assert.rejects(early.response, (error) => error === earlyReason);

    const late = exchange(server.dispatcher, `${server.base}/slow`, { method: "POST", headers: {}, body: "{}" });
    while (received === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const lateReason = new Error("stopped while waiting");
    late.abort(lateReason);
    await assert.rejects(late.response, (error) => error === lateReason);
  } finally {
    await server.close();
  }
});

test("exchange() rejects at once when aborted while it waits for a connection", async () => {
  const server = await scriptedServer(() => {
    // never answers: the one connection stays busy
  });
  const oneConnection = new Agent({ connections: 1 });
  try {
    const first = exchange(oneConnection, `${server.base}/busy`, { method: "GET", headers: {} });
    first.response.catch(() => {});
    const queued = exchange(oneConnection, `${server.base}/queued`, { method: "GET", headers: {} });
    const reason = new Error("interrupted");
    queued.abort(reason);
    await assert.rejects(queued.response, (error) => error === reason);
    first.abort(new Error("done"));
  } finally {
    await oneConnection.destroy();
    await server.close();
  }
});

test("exchange() reports undici's headers timeout with its code, and a URL that does not parse as a TypeError", async () => {
  const server = await scriptedServer(() => {
    // never answers
  });
  try {
    const slow = exchange(server.dispatcher, `${server.base}/slow`, { method: "GET", headers: {}, headersTimeout: 50 });
    await assert.rejects(slow.response, (error: { code?: string }) => error.code === "UND_ERR_HEADERS_TIMEOUT");
    await assert.rejects(exchange(server.dispatcher, "not a url", { method: "GET", headers: {} }).response, TypeError);
    await assert.rejects(
      exchange(server.dispatcher, `${server.base}/x`, { method: "GET", headers: { "bad header": "x" } }).response,
      (error: { code?: string }) => error.code === "UND_ERR_INVALID_ARG",
    );
  } finally {
    await server.close();
  }
});
