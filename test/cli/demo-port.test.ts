// `evalgate demo --serve --port`: the demo targets on the ports asked for (0: any free port), said
// on start; a port that is taken is exit 2 naming it and the flags that move it; SIGTERM ends it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";

/** The servers' URLs, once the serving demo has printed them. */
async function servedUrls(child: ReturnType<typeof runCli>["child"]): Promise<Record<string, string>> {
  let out = "";
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const urls = Object.fromEntries([...out.matchAll(/^ {2}(EVALGATE_DEMO_\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
      if (Object.keys(urls).length === 2) resolve(urls);
    });
    child.once("close", (code) => reject(new Error(`demo --serve exited ${code} before serving: ${out}`)));
  });
}

test("demo --serve --port 0 --athena-port 0 serves on free ports; a taken --port is exit 2; SIGTERM ends it", async () => {
  const serving = runCli(["demo", "--serve", "--port", "0", "--athena-port", "0"], { cwd: process.cwd() });
  try {
    const urls = await servedUrls(serving.child);
    const openai = new URL(urls.EVALGATE_DEMO_URL!);
    assert.notEqual(openai.port, "4010");
    const models = await fetch(`${openai.origin}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "demo-agent", messages: [{ role: "user", content: "What is 2 + 2?" }] }),
    });
    assert.equal(models.status, 200, "the demo's OpenAI-compatible server answers on the port it printed");

    const taken = await runCli(["demo", "--serve", "--port", openai.port], { cwd: process.cwd() });
    assert.equal(taken.code, 2, taken.stderr);
    assert.match(
      taken.stderr,
      new RegExp(`port ${openai.port} is taken on 127\\.0\\.0\\.1 .*--port or --athena-port \\(0: any free port\\)`),
    );
  } finally {
    serving.child.kill("SIGTERM");
  }
  assert.equal((await serving).code, 0);
});
