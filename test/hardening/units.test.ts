// The hardening pieces one by one: the redactor's forms, path containment, text decoding,
// suggestions, empty answers and allow-outside-repo through the real CLI.
import assert from "node:assert/strict";
import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { closest, editDistance } from "../../src/config/did-you-mean.ts";
import { resolveInside } from "../../src/config/paths.ts";
import { decodeText } from "../../src/config/text-file.ts";
import type { Results } from "../../src/results/types.ts";
import { redact, redactDeep, registerSecret } from "../../src/util/redact.ts";
import { runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

test("redact: a secret is found raw, JSON-escaped, URL-encoded, HTML-escaped and inside basic-auth base64", () => {
  const secret = 'pa"ss\\wo/rd+=&<x>';
  registerSecret(secret);
  const samples = [
    `raw ${secret} end`,
    JSON.stringify({ key: secret }),
    JSON.stringify(JSON.stringify({ key: secret })),
    `https://h/?k=${encodeURIComponent(secret)}`,
    `Authorization: Basic ${Buffer.from(`user:${secret}`).toString("base64")}`,
    `Authorization: Basic ${Buffer.from(`me:${secret}`).toString("base64")}`,
    `Authorization: Basic ${Buffer.from(`x:${secret}`).toString("base64url")}`,
    secret.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!),
  ];
  for (const sample of samples) {
    const out = redact(sample);
    assert.ok(out.includes("***"), `not redacted: ${sample} -> ${out}`);
    assert.ok(!out.includes("wo/rd"), out);
  }
  // Short values are not secrets (they would redact ordinary words); unrelated text is untouched.
  registerSecret("abc");
  assert.equal(redact("abc and the rest"), "abc and the rest");
  // redactDeep keeps the structure valid and does not change its input.
  const value = { list: [secret, 1, null], [secret]: true, nested: { text: `x${secret}y` } };
  const copy = structuredClone(value);
  const out = redactDeep(value);
  assert.deepEqual(value, copy);
  assert.deepEqual(out, { list: ["***", 1, null], "***": true, nested: { text: "x***y" } });
});

test("paths: .. escapes, absolute paths and symlinks out are refused; inside is fine", async () => {
  const outer = await mkdtemp(path.join(tmpdir(), "evalgate-paths-"));
  const root = path.join(outer, "repo");
  await mkdir(path.join(root, "evals"), { recursive: true });
  await writeFile(path.join(outer, "secret.txt"), "x");
  await writeFile(path.join(root, "evals", "ok.csv"), "x");
  await symlink(path.join(outer, "secret.txt"), path.join(root, "evals", "link.csv"));
  await symlink(path.join(root, "evals", "ok.csv"), path.join(root, "evals", "inner-link.csv"));
  const at = (value: string) => resolveInside(path.join(root, "evals"), value, root);
  assert.deepEqual(at("ok.csv"), { path: path.join(root, "evals", "ok.csv") });
  assert.ok("path" in at("inner-link.csv"), "a link that stays inside is fine");
  assert.ok("path" in at("../evals/ok.csv"));
  for (const value of ["../../secret.txt", "/etc/passwd", "link.csv"]) {
    const result = at(value);
    assert.ok("error" in result, value);
    assert.match(result.error, /allow-outside-repo: true/);
  }
  assert.ok("path" in resolveInside(root, "/etc/passwd", undefined), "allowed when the config says so");
  // A name that merely starts with two dots is not an escape.
  assert.ok("path" in at("..notes.csv"));
});

test("text files: invalid UTF-8 and NUL are warnings naming the line; binary is a problem", () => {
  const read = decodeText(Buffer.concat([Buffer.from("prompt,judge_prompt\nok,fine\nbad \xff byte,x\nnul \u0000 here,y\n", "latin1")]));
  assert.ok("text" in read);
  assert.deepEqual(
    read.warnings.map((w) => w.line),
    [3, 4],
  );
  assert.match(read.warnings[0]!.message, /invalid UTF-8/);
  assert.match(read.warnings[1]!.message, /NUL/);
  const binary = decodeText(Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256)));
  assert.ok("problem" in binary);
});

test("suggestions: Damerau-Levenshtein counts a swap of neighbours as one edit", () => {
  assert.equal(editDistance("agnet", "agent"), 1);
  assert.equal(editDistance("agnet", "agents"), 2);
  assert.equal(closest("agnet", ["agents", "judge", "runs"]), "agents");
  assert.equal(closest("jduge", ["agents", "judge"]), "judge");
  assert.equal(closest("zzz", ["agents", "judge"]), undefined);
});

test("empty answers: content null is an error on that case unless the suite says allow-empty: true", async () => {
  const server = await startScriptedServer((request) =>
    (request.body as { model: string }).model === "judge-model" ? { body: chatCompletion("SCORE: 3") } : { body: chatCompletion(null) },
  );
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    const strict = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    let results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
    assert.notEqual(strict.code, 0, "an agent that answers nothing never passes");
    assert.deepEqual(
      results.suites.qa!.cases.map((c) => [c.status, /empty answer/.test(c.error?.message ?? "")]),
      [
        ["error", true],
        ["error", true],
      ],
    );
    await writeFile(config, (await readFile(config, "utf8")).replace("scale: 0-3 }", "scale: 0-3, allow-empty: true }"));
    const lenient = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(lenient.code, 0, lenient.stderr);
    results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
    assert.deepEqual(
      results.suites.qa!.cases.map((c) => c.status),
      ["scored", "scored"],
    );
  } finally {
    await server.close();
  }
});

test("allow-outside-repo: true lets the config name a file outside its folder", async () => {
  const server = await startScriptedServer(() => ({ body: chatCompletion("SCORE: 3") }));
  try {
    const { dir, config } = await writeSuite(server.url, 1);
    const outside = path.join(path.dirname(dir), `${path.basename(dir)}-shared.csv`);
    await writeFile(outside, "prompt,judge_prompt\nQuestion 1: hi,fine\n");
    const text = (await readFile(config, "utf8")).replace("prompts: prompts.csv", `prompts: ../${path.basename(outside)}`);
    await writeFile(config, text);
    const refused = await runCli(["validate", "-c", config], { cwd: dir });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /evalgate\.yml:\d+:?\d* suites\.qa\.prompts: .*outside/);
    await writeFile(config, `${text}allow-outside-repo: true\n`);
    const allowed = await runCli(["validate", "-c", config], { cwd: dir });
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stdout, /qa \(judged\): 1 case$/m);
  } finally {
    await server.close();
  }
});

test("paths: an SGI manifest cannot read an example solution outside the repository", async () => {
  const outer = await mkdtemp(path.join(tmpdir(), "evalgate-sgi-paths-"));
  const dir = path.join(outer, "case");
  await cp(path.resolve(import.meta.dirname, "../../evals/sgi/bpmn_loan"), path.join(dir, "scenarios", "loan"), { recursive: true });
  await writeFile(path.join(outer, "outside.json"), '{"secret": "root:x:0:0"}');
  const manifest = path.join(dir, "scenarios", "loan", "manifest.yml");
  await writeFile(
    manifest,
    (await readFile(manifest, "utf8")).replace(/example_solution: .*/, 'example_solution: "../../../outside.json"'),
  );
  await writeFile(
    path.join(dir, "evalgate.yml"),
    'version: 1\nmodels:\n  athena: { provider: athena, url: "http://127.0.0.1:9/feedback" }\nsuites:\n  uml: { kind: sgi, scenarios: scenarios, target: athena }\n',
  );
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 2, result.stderr + result.stdout);
  assert.match(result.stderr, /scenarios\/loan\/manifest\.yml.*example_solution: .*allow-outside-repo: true/);
  assert.doesNotMatch(result.stderr, /root:x/);
});
