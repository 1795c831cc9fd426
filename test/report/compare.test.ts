// `evalgate compare` on two results files made by real runs against the scripted server: exit 0 on
// pass, 1 on a failed gate, 2 on bad input, 3 when the run could not decide.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { isJudgeRequest, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

type JudgeMode = "good" | "one-worse" | "no-verdict";

/** The judge gives 3 to every answer; "one-worse": 0 to Question 2; "no-verdict": an answer without a SCORE line. */
async function withRuns(
  body: (dir: string, config: string, runAs: (mode: JudgeMode, out: string) => Promise<number | null>) => Promise<void>,
) {
  let mode: JudgeMode = "good";
  const server = await startScriptedServer((request) => {
    if (!isJudgeRequest(request.body)) return { body: chatCompletion("An answer") };
    const text = (request.body as { messages: { content: string }[] }).messages.map((m) => m.content).join("\n");
    if (mode === "no-verdict") return { body: chatCompletion("I cannot tell.") };
    return { body: chatCompletion(`SCORE: ${mode === "one-worse" && text.includes("Question 2:") ? 0 : 3}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    const gate = 'gate:\n  min-score: 0.5\n  max-drop: 0.5\n  fail-inside-noise: true\n  profiles:\n    "release/**": { max-drop: 0.01 }';
    await writeFile(config, (await readFile(config, "utf8")).replace("gate: { min-score: 0.5 }", gate));
    const runAs = async (next: JudgeMode, out: string) => {
      mode = next;
      return (await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", out], { cwd: dir })).code;
    };
    await body(dir, config, runAs);
  } finally {
    await server.close();
  }
}

test("evalgate compare: exit 0 on pass, 1 on a failed gate, 2 on bad input; --branch picks the profile", async () => {
  await withRuns(async (dir, config, runAs) => {
    assert.equal(await runAs("good", "base.json"), 0);
    assert.equal(await runAs("one-worse", "head.json"), 0);
    const compare = (...args: string[]) => runCli(["compare", "-c", config, ...args], { cwd: dir });
    const pass = await compare("base.json", "head.json");
    assert.equal(pass.code, 0, pass.stdout + pass.stderr);
    assert.match(pass.stdout, /^evalgate PASS/);
    const strict = await compare("--branch", "release/3", "base.json", "head.json");
    assert.equal(strict.code, 1);
    assert.match(strict.stdout, /score: dropped 16.7% \(1 → 0.833\), over max-drop 1%/);
    const json = await compare("--branch", "release/3", "--json", "base.json", "head.json");
    assert.equal(json.code, 1);
    assert.equal(JSON.parse(json.stdout).verdict, "fail");
    const missing = await compare("missing.json", "head.json");
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /missing\.json: file not found/);
  });
});

test("evalgate compare: a run that could not decide (stopped model, nothing measured) exits 3, not 1", async () => {
  await withRuns(async (dir, config, runAs) => {
    assert.equal(await runAs("good", "base.json"), 0);
    assert.equal(await runAs("no-verdict", "unjudged.json"), 3);
    assert.equal(await runAs("good", "head.json"), 0);
    const results = JSON.parse(await readFile(path.join(dir, "head.json"), "utf8"));
    results.run.errors = ['model "agent" stopped: POST http://x answered HTTP 403'];
    await writeFile(path.join(dir, "stopped.json"), JSON.stringify(results));
    const stopped = await runCli(["compare", "-c", config, "base.json", "stopped.json"], { cwd: dir });
    assert.equal(stopped.code, 3, stopped.stdout + stopped.stderr);
    assert.match(stopped.stdout, /^evalgate COULD NOT DECIDE/);
    assert.match(stopped.stdout, /could not decide: model "agent" stopped: .*HTTP 403/);
    const unjudged = await runCli(["compare", "-c", config, "base.json", "unjudged.json"], { cwd: dir });
    assert.equal(unjudged.code, 3, "nothing measured");
  });
});
