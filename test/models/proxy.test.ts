// Model calls through a proxy, as self-hosted runners behind one need: the environment's
// HTTP_PROXY/HTTPS_PROXY (loopback and NO_PROXY hosts go direct, as in the Actions toolkit) and a
// model's own `proxy:`. The proxy on 127.0.0.1 records what went through it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { redact } from "../../src/util/redact.ts";
import { startProxy } from "../servers/proxy.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

async function withProxyAndServer(
  body: (proxyUrl: string, serverPort: string, seen: () => string[], served: () => number) => Promise<void>,
) {
  const proxy = await startProxy();
  const server = await startScriptedServer(() => ({ body: chatCompletion("through") }));
  try {
    await body(
      proxy.url,
      new URL(server.url).port,
      () => proxy.seen.map((request) => `${request.method} ${request.target}`),
      () => server.requests.length,
    );
  } finally {
    await server.close();
    await proxy.close();
  }
}

test("proxy: HTTP_PROXY from the environment carries every model request", async () => {
  await withProxyAndServer(async (proxyUrl, port, seen, served) => {
    // A name only the proxy can reach (it connects to 127.0.0.1): the request cannot have gone direct.
    const registry = registryFor(
      { m: { provider: "openai", "base-url": `http://models.evalgate.test:${port}/v1`, model: "x" } },
      { env: { HTTP_PROXY: proxyUrl } },
    );
    try {
      const answers = await Promise.all(Array.from({ length: 3 }, (_, i) => registry.chat("m").chat(userAsks(`q${i}`))));
      assert.ok(answers.every((answer) => answer.text === "through"));
      assert.equal(served(), 3);
      assert.ok(seen().length >= 1, "the proxy saw the requests");
      assert.ok(
        seen().every((line) => line.includes(`models.evalgate.test:${port}`)),
        seen().join("\n"),
      );
    } finally {
      await registry.close();
    }
  });
});

test("proxy: loopback and NO_PROXY hosts go direct, as the Actions toolkit does", async () => {
  await withProxyAndServer(async (proxyUrl, port, seen, served) => {
    const registry = registryFor(
      { m: { provider: "openai", "base-url": `http://127.0.0.1:${port}/v1`, model: "x" } },
      { env: { HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl, NO_PROXY: "internal.example" } },
    );
    try {
      await registry.chat("m").chat(userAsks("hi"));
      assert.equal(served(), 1);
      assert.deepEqual(seen(), [], "127.0.0.1 is never proxied");
    } finally {
      await registry.close();
    }
  });
});

test("proxy: a model's own proxy: setting carries its requests, even to loopback; its password is redacted", async () => {
  await withProxyAndServer(async (proxyUrl, port, seen, served) => {
    const withCredentials = proxyUrl.replace("http://", "http://runner:proxy-pass-8472@");
    const registry = registryFor({
      viaProxy: { provider: "openai", "base-url": `http://127.0.0.1:${port}/v1`, model: "x", proxy: withCredentials },
      direct: { provider: "openai", "base-url": `http://127.0.0.1:${port}/v1`, model: "y" },
    });
    try {
      await registry.chat("viaProxy").chat(userAsks("one"));
      assert.equal(seen().length, 1, seen().join("\n"));
      await registry.chat("direct").chat(userAsks("two"));
      assert.equal(seen().length, 1, "the other model goes direct");
      assert.equal(served(), 2);
      assert.equal(redact(`proxy ${withCredentials}`).includes("proxy-pass-8472"), false);
    } finally {
      await registry.close();
    }
  });
});
