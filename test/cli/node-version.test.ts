// On a Node older than the CLI supports, evalgate says so in one sentence and exits 2, before
// anything that would break on it; `npm test` says which Node the tests need. An old Node is
// played by the current one with its version replaced before the entry runs (--import).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { runCli } from "../engine/helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** NODE_OPTIONS that make this Node report `version` (e.g. "20.11.1"). */
async function posingAs(version: string): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-old-node-"));
  const preload = path.join(dir, "pose.mjs");
  await writeFile(
    preload,
    `Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} });\nObject.defineProperty(process, "version", { value: ${JSON.stringify(`v${version}`)} });\n`,
  );
  return { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}` };
}

test("on Node 20 every command exits 2 saying how to get Node 24 in a workflow, a project and a machine, --version included", async () => {
  const env = await posingAs("20.11.1");
  for (const args of [["run"], ["--version"], ["init", "--workflow"], []]) {
    const result = await runCli(args, { cwd: ROOT, env });
    assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    const [first, ...ways] = result.stderr.trimEnd().split("\n");
    assert.equal(first, "evalgate needs Node.js 22 or later (this is v20.11.1). To get Node 24:");
    assert.deepEqual(
      ways.map((line) => /^ {2}(in a GitHub workflow|in this project|on this machine) +(\S.*)$/.exec(line)?.[1]),
      ["in a GitHub workflow", "in this project", "on this machine"],
    );
    assert.match(result.stderr, /actions\/setup-node with node-version: 24/);
    assert.match(result.stderr, /npm install --save-dev node@24/);
    assert.equal(result.stdout, "");
  }
  const current = await runCli(["--version"], { cwd: ROOT });
  assert.equal(current.code, 0, "the real Node passes the check");
});

test("the CLI's floor is package.json's engines", async () => {
  const engines = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")).engines.node as string;
  const source = await readFile(path.join(ROOT, "src/cli.ts"), "utf8");
  assert.equal(engines, `>=${/MINIMUM_NODE_MAJOR = (\d+);/.exec(source)?.[1]}`);
});

test("npm test's first step names the Node the tests need", async () => {
  const run = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [".ci/check-node.mjs"], { cwd: ROOT, env: { ...process.env, ...env } });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      child.on("close", (code) => resolve({ code, stderr }));
    });
  const old = await run(await posingAs("20.19.0"));
  assert.equal(old.code, 1);
  assert.match(
    old.stderr,
    /The tests need Node\.js 24 \(npm ci installs it into node_modules\/\.bin.*\) or 22\.18 and later; this is v20\.19\.0/,
  );
  assert.equal((await run(await posingAs("22.17.0"))).code, 1, "22.17 cannot strip types");
  assert.equal((await run({})).code, 0);
  const scripts = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
  assert.equal(scripts.pretest, "node .ci/check-node.mjs");
});
