// `evalgate baseline save|show` through the real CLI, in real git repositories: a whole passing run
// becomes the file the config's `store: file` reads; a failed gate only with --force; a partial run
// or one the config contradicts never; `show` names the file or the data branch's commit, age and
// whether it was made with this evalgate.yml.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { runCli } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

// The agent answers; the judge scores question n with 3 when n is even, 1 when odd.
const server = await startScriptedServer((request) => {
  const body = request.body as { model: string; messages: { content: string }[] };
  const n = Number(/Question (\d+)/.exec(body.messages.map((m) => m.content).join(" "))?.[1] ?? 0);
  return { body: chatCompletion(body.model === "judge-model" ? `Ok.\nSCORE: ${n % 2 === 0 ? 3 : 1}` : `Answer ${n}`) };
});
after(() => server.close());

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd, encoding: "utf8" });

/** A git repository with evals/evalgate.yml: a judged suite of 4 prompts, the gate's min-score and baseline block given. */
async function project(minScore: number, baseline = "{ store: file, path: evals/baseline.json }"): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "evalgate-baseline-"));
  git(root, "init", "-q", "-b", "main");
  await mkdir(path.join(root, "evals"));
  const rows = [1, 2, 3, 4].map((n) => `"Question ${n}: what is ${n} + 1?","${n + 1}"`);
  await writeFile(path.join(root, "evals", "prompts.csv"), `prompt,judge_prompt\n${rows.join("\n")}\n`);
  await writeFile(
    path.join(root, "evals", "evalgate.yml"),
    `version: 1
models:
  agent: { provider: openai, base-url: "${server.url}/v1", model: agent-model }
  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1 }
gate: { min-score: ${minScore} }
baseline: ${baseline}
`,
  );
  return root;
}

test("save: a whole passing run becomes the baseline file, and show names it", async () => {
  const root = await project(0.1);
  const none = await runCli(["baseline", "show"], { cwd: root });
  assert.equal(none.code, 0, none.stderr);
  assert.match(
    none.stdout,
    /baseline: evals\/baseline\.json \(baseline\.store: file\)\n {2}none yet: "evalgate run", then "evalgate baseline save"/,
  );

  assert.equal((await runCli(["run", "-q"], { cwd: root })).code, 0);
  const save = await runCli(["baseline", "save"], { cwd: root });
  assert.equal(save.code, 0, save.stderr);
  assert.match(save.stdout, /^saved evals\/baseline\.json: the baseline of 1 suite \(4 cases\)/);
  assert.equal(
    await readFile(path.join(root, "evals", "baseline.json"), "utf8"),
    await readFile(path.join(root, ".evalgate", "results.json"), "utf8"),
  );
  const show = await runCli(["baseline", "show", "--json"], { cwd: root });
  const found = JSON.parse(show.stdout);
  assert.equal(found.store, "file");
  assert.equal(found.found, true);
  assert.equal(found.sameConfig, true);
  assert.deepEqual(found.suites, { qa: 4 });

  // The next run is compared with it.
  const again = await runCli(["run"], { cwd: root });
  assert.match(again.stdout, /compared with the baseline stored for main/);
});

test("save refuses a failed gate unless --force, and a partial run always", async () => {
  const root = await project(0.9); // half the answers score 1 of 3: under 0.9
  assert.equal((await runCli(["run", "-q"], { cwd: root })).code, 1);
  const refused = await runCli(["baseline", "save"], { cwd: root });
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /was not saved as the baseline: the gate failed .*; --force keeps it anyway/);
  const forced = await runCli(["baseline", "save", "--force"], { cwd: root });
  assert.equal(forced.code, 0, forced.stderr);
  assert.match(forced.stdout, /its gate failed: kept with --force/);

  await runCli(["run", "-q", "--sample", "2", "-o", "sample.json"], { cwd: root });
  const partial = await runCli(["baseline", "save", "sample.json", "--force"], { cwd: root });
  assert.equal(partial.code, 2);
  assert.match(partial.stderr, /sample\.json was not saved as the baseline: a partial run \(.*\) is never a baseline/);
});

test("save checks the run against the config: a file that contradicts it is bad input", async () => {
  const root = await project(0.1);
  assert.equal((await runCli(["run", "-q"], { cwd: root })).code, 0);
  const results = JSON.parse(await readFile(path.join(root, ".evalgate", "results.json"), "utf8"));
  results.suites.qa.metrics.score.value = 1; // not what its cases give
  await writeFile(path.join(root, "forged.json"), JSON.stringify(results));
  const forged = await runCli(["baseline", "save", "forged.json"], { cwd: root });
  assert.equal(forged.code, 2);
  assert.match(forged.stderr, /score/);
  const missing = await runCli(["baseline", "save", "nowhere.json"], { cwd: root });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nowhere\.json does not exist/);
});

test("store: branch: save needs --to; show reads the data branch from git", async () => {
  const root = await project(0.1, "{ store: branch }");
  assert.equal((await runCli(["run", "-q"], { cwd: root })).code, 0);
  const refused = await runCli(["baseline", "save"], { cwd: root });
  assert.equal(refused.code, 2);
  assert.match(
    refused.stderr,
    /baseline\.store is "branch": the action stores the baseline on the "evalgate-baselines" data branch.*--to <file>/s,
  );

  const before = await runCli(["baseline", "show", "--branch", "main"], { cwd: root });
  assert.match(
    before.stdout,
    /evalgate-baselines:baselines\/main\/results\.json \(baseline\.store: branch\)\n {2}the action reads it on GitHub/,
  );

  // The data branch as the action leaves it, here committed with git.
  git(root, "checkout", "-q", "--orphan", "evalgate-baselines");
  await mkdir(path.join(root, "baselines", "main"), { recursive: true });
  await writeFile(
    path.join(root, "baselines", "main", "results.json"),
    await readFile(path.join(root, ".evalgate", "results.json"), "utf8"),
  );
  git(root, "add", "baselines");
  git(root, "commit", "-q", "-m", "baseline");
  git(root, "checkout", "-q", "-b", "main");
  const show = await runCli(["baseline", "show", "--branch", "main"], { cwd: root });
  assert.equal(show.code, 0, show.stderr);
  assert.match(show.stdout, /^baseline: evalgate-baselines:baselines\/main\/results\.json \(baseline\.store: branch\)/);
  assert.match(show.stdout, /config {3}made with this evalgate\.yml/);
  assert.match(show.stdout, /suites {3}qa \(4 cases\)/);
});
