// src/models/undici-lite.ts imports two of undici's internal modules (not its public index), to keep
// the CLI's start-up small. Internal paths may move in any release, so undici is pinned exactly and
// this test fails loudly when the pin or the modules it relies on change.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { test } from "node:test";
import { Agent, request } from "../../src/models/undici-lite.ts";

const require = createRequire(import.meta.url);
const ROOT = new URL("../../", import.meta.url);

test("undici is pinned to an exact version, and that version is the one installed", () => {
  const wanted = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")).dependencies.undici as string;
  assert.match(
    wanted,
    /^\d+\.\d+\.\d+$/,
    `package.json must pin undici exactly (undici-lite.ts imports its internal files), not "${wanted}"`,
  );
  const installed = (require("undici/package.json") as { version: string }).version;
  assert.equal(installed, wanted, "node_modules/undici is not the pinned version: run npm ci");
});

test("the internal modules undici-lite imports exist and have the expected shape", () => {
  for (const internal of ["undici/lib/api/api-request.js", "undici/lib/dispatcher/agent.js"]) {
    assert.doesNotThrow(() => require.resolve(internal), `${internal} moved: update src/models/undici-lite.ts before bumping undici`);
  }
  assert.equal(typeof require("undici/lib/api/api-request.js"), "function", "api-request.js no longer exports request()");
  const agent = new Agent({ keepAliveTimeout: 1000 });
  assert.equal(typeof agent.dispatch, "function", "agent.js no longer exports a Dispatcher");
  return agent.close();
});

test("undici's client still requires its HTTP/2 module in the one line the bundle makes lazy", () => {
  // .ci/bundle.mjs rewrites this line so node:http2 and node:tls load on first use, not at start-up.
  const client = readFileSync(require.resolve("undici/lib/dispatcher/client.js"), "utf8");
  assert.ok(client.includes("const connectH2 = require('./client-h2.js')"), "update the lazy-http2 plugin in .ci/bundle.mjs");
  assert.equal(client.match(/connectH2\(/g)?.length, 1, "client.js calls connectH2 in more places than the one the plugin expects");
});

test("request() through the Agent reaches a server on 127.0.0.1 with method, headers and body", async () => {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ method: req.method, url: req.url, header: req.headers["x-probe"], body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const dispatcher = new Agent();
  try {
    const response = await request(`http://127.0.0.1:${port}/v1/echo?x=1`, {
      dispatcher,
      method: "POST",
      headers: { "x-probe": "yes" },
      body: "hello",
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(await response.body.json(), { method: "POST", url: "/v1/echo?x=1", header: "yes", body: "hello" });
  } finally {
    await dispatcher.close();
    server.close();
  }
});
