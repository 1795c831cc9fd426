// The built CLI (dist/cli.js) starts its engine bundle with a V8 code cache made by the first start
// of a command (src/cli/engine-bundle.ts): written once, used untouched by the next start, replaced
// when it belongs to another bundle or V8 refuses it, never in the way when it can't be written. Each
// test gives the CLI its own NODE_COMPILE_CACHE folder.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { startEvalServer, writeSuite } from "../engine/helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILT_CLI = path.join(ROOT, "dist/cli.js");
const EXAMPLE = path.join(ROOT, "evals/evalgate.yml");

interface Started {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startNode(args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<Started> {
  const inherited = { ...process.env };
  delete inherited.NODE_DISABLE_COMPILE_CACHE;
  const child = spawn(process.execPath, args, { cwd, env: { ...inherited, ...env, CI: "true" }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

const startCli = (args: string[], env: Record<string, string>, nodeArgs: string[] = [], cwd = ROOT) =>
  startNode([...nodeArgs, BUILT_CLI, ...args], env, cwd);

/** The cache files under a compile-cache folder (Node puts them in a folder per Node version). */
async function cacheFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.split(path.sep).at(-2) === "evalgate").map((entry) => path.join(folder, entry));
}

const validate = (env: Record<string, string>) => startCli(["validate", "-c", EXAMPLE], env);

test("the first start of a command writes its cache; the next start uses it as it is", async () => {
  const folder = await mkdtemp(path.join(tmpdir(), "evalgate-code-cache-"));
  const first = await validate({ NODE_COMPILE_CACHE: folder });
  assert.equal(first.code, 0, first.stderr);
  const [file, ...others] = await cacheFiles(folder);
  assert.ok(file, "validate wrote no cache");
  assert.deepEqual(others, []);
  assert.match(path.basename(file), /^validate-[0-9a-f]{16}\.bin$/);
  const written = await stat(file);
  assert.match((await readFile(file)).subarray(0, 100).toString("latin1"), /^evalgate code cache v1 [0-9a-f]{64}\n/);

  const second = await validate({ NODE_COMPILE_CACHE: folder });
  assert.equal(second.code, 0, second.stderr);
  assert.equal(second.stdout, first.stdout);
  const after = await stat(file);
  // Rewritten only when missing, made for another bundle, or refused by V8: untouched means used.
  assert.equal(after.mtimeMs, written.mtimeMs);
  assert.equal(after.ino, written.ino);
});

test("a cache made for another bundle, or one V8 refuses, is replaced and the command runs as usual", async () => {
  const folder = await mkdtemp(path.join(tmpdir(), "evalgate-code-cache-"));
  assert.equal((await validate({ NODE_COMPILE_CACHE: folder })).code, 0);
  const [file] = await cacheFiles(folder);
  assert.ok(file);
  const good = await readFile(file);
  const header = good.subarray(0, good.indexOf(10) + 1);

  await writeFile(file, Buffer.concat([Buffer.from(`evalgate code cache v1 ${"0".repeat(64)}\n`), good.subarray(header.length)]));
  const otherBundle = await validate({ NODE_COMPILE_CACHE: folder });
  assert.equal(otherBundle.code, 0, otherBundle.stderr);
  assert.ok((await readFile(file)).subarray(0, header.length).equals(header), "a cache for another bundle is replaced by this bundle's");

  await writeFile(file, Buffer.concat([header, Buffer.from("not V8's code cache at all ".repeat(1000))]));
  const refused = await validate({ NODE_COMPILE_CACHE: folder });
  assert.equal(refused.code, 0, refused.stderr);
  assert.equal(refused.stdout, otherBundle.stdout);
  const replaced = await readFile(file);
  assert.ok(replaced.subarray(0, header.length).equals(header));
  assert.ok(!replaced.includes("not V8's code cache"), "the refused cache was replaced by a real one");
});

test("a cache folder other users can write to is neither read nor written", { skip: process.getuid === undefined }, async () => {
  const folder = await mkdtemp(path.join(tmpdir(), "evalgate-code-cache-"));
  assert.equal((await validate({ NODE_COMPILE_CACHE: folder })).code, 0);
  const [file] = await cacheFiles(folder);
  assert.ok(file);
  assert.equal((await stat(path.dirname(file))).mode & 0o777, 0o700);
  const good = await readFile(file);
  // As if another user had put code there: read, V8 would refuse it and the CLI would write its own.
  const planted = Buffer.concat([good.subarray(0, good.indexOf(10) + 1), Buffer.from("someone else's code ".repeat(1000))]);
  await writeFile(file, planted);
  await chmod(path.dirname(file), 0o777);
  const started = await validate({ NODE_COMPILE_CACHE: folder });
  assert.equal(started.code, 0, started.stderr);
  assert.ok((await readFile(file)).equals(planted), "the planted file was read (and replaced)");
});

test("no cache when Node's compile cache is off or its folder can't be made; the command runs all the same", async () => {
  const folder = await mkdtemp(path.join(tmpdir(), "evalgate-code-cache-"));
  const off = await validate({ NODE_COMPILE_CACHE: folder, NODE_DISABLE_COMPILE_CACHE: "1" });
  assert.equal(off.code, 0, off.stderr);
  assert.deepEqual(await cacheFiles(folder), []);

  const aFile = path.join(folder, "a-file");
  await writeFile(aFile, "");
  const unusable = await validate({ NODE_COMPILE_CACHE: path.join(aFile, "cache") });
  assert.equal(unusable.code, 0, unusable.stderr);
  assert.equal(unusable.stdout, off.stdout);
});

test("a run's cache, made under V8's own flags though the run tunes them, is used by the next run as it is", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    const folder = await mkdtemp(path.join(tmpdir(), "evalgate-code-cache-"));
    const run = () => startCli(["run", "-c", config, "--no-cache", "--json"], { NODE_COMPILE_CACHE: folder }, [], dir);
    const first = await run();
    // The scripted judge fails a third of the cases: the gate's verdict is not the point here.
    assert.ok(first.code === 0 || first.code === 1, first.stderr);
    const [file, ...others] = await cacheFiles(folder);
    assert.ok(file && others.length === 0);
    assert.match(path.basename(file), /^run-[0-9a-f]{16}\.bin$/);
    const written = await stat(file);
    const second = await run();
    assert.equal(second.code, first.code, second.stderr);
    const outcome = (stdout: string) =>
      (JSON.parse(stdout).suites as { status: string; rows: { unit: string }[]; counts: unknown }[]).map(({ status, rows, counts }) => ({
        status,
        counts,
        scores: rows.filter((row) => row.unit !== "ms"), // latencies differ run to run
      }));
    assert.deepEqual(outcome(second.stdout), outcome(first.stdout));
    assert.equal((await stat(file)).mtimeMs, written.mtimeMs, "refused (other flags?) and written again");
  } finally {
    await server.close();
  }
});
