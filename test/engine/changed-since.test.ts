// --changed-since through the real CLI in a real git repository: a suite whose `paths:`, eval files and
// config did not change is carried from the baseline (0 requests, marked in every report), never stored.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { decideStore } from "../../src/baseline/policy.ts";
import type { GateVerdict } from "../../src/gate/types.ts";
import type { Results } from "../../src/results/types.ts";
import type { ScriptedServer } from "../servers/scripted.ts";
import { type ChangedRepo, createChangedRepo, FULL_RUN_REQUESTS } from "./changed-repo.ts";
import { runCli, startEvalServer } from "./helpers.ts";

let server: ScriptedServer;
let repo: ChangedRepo;
let base: string;

before(async () => {
  server = await startEvalServer();
  repo = await createChangedRepo(server.url);
  // The baseline: a whole run of the base commit, committed as the file store.
  const made = await runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", "--out", "evals/baseline.json"], {
    cwd: repo.dir,
  });
  assert.equal(made.code, 0, made.stderr + made.stdout);
  base = await repo.commit({}, "baseline"); // git add -A takes evals/baseline.json
});
after(() => server.close());

const run = (...args: string[]) =>
  runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", "--changed-since", base, ...args], { cwd: repo.dir });

async function readResults(): Promise<Results> {
  return JSON.parse(await readFile(path.join(repo.dir, ".evalgate/results.json"), "utf8")) as Results;
}

test("a commit touching only docs/ runs 0 requests for a suite with paths: [prompts/**], and every report says it was carried", async () => {
  await repo.commit({ "docs/guide.md": "# Guide\n\nMore words.\n" }, "docs only");
  const sent = server.requests.length;
  const result = await run("--markdown", ".evalgate/report.md", "--html", ".evalgate/report.html", "--junit", ".evalgate/junit.xml");
  assert.equal(result.code, 0, result.stderr + result.stdout);
  assert.equal(server.requests.length - sent, 0, "no request for an untouched suite");
  assert.match(result.stdout, /no suite measured, 1 carried from the baseline \(not run\)/);
  assert.match(
    result.stdout,
    /not run: nothing under prompts\/\*\*, evals\/qa\.csv or its block in evals\/evalgate\.yml changed since [0-9a-f]{40}/,
  );

  const results = await readResults();
  assert.match(results.suites.qa!.carried!.reason, /^not run: nothing under prompts\/\*\*/);
  assert.equal(results.suites.qa!.requests, 0);
  assert.deepEqual(results.run.changedSince?.carried, ["qa"]);
  const verdict = results.verdict as GateVerdict;
  assert.deepEqual(verdict.carried, ["qa"]);
  assert.equal(verdict.suites[0]!.status, "carried", "a carried suite is never a pass of something measured");
  assert.ok(
    verdict.suites[0]!.rows.every((row) => row.now === null && row.baseline !== null),
    "the numbers are the baseline's, none measured now",
  );

  const markdown = await readFile(path.join(repo.dir, ".evalgate/report.md"), "utf8");
  assert.match(markdown, /gate passed — no suite measured, 1 carried from the baseline/);
  assert.match(markdown, /⏭️ \*\*qa\*\* — not run: nothing under prompts\/\\\*\\\*/);
  assert.match(markdown, /1 suite not run \(carried\)/);
  const junit = await readFile(path.join(repo.dir, ".evalgate/junit.xml"), "utf8");
  assert.match(junit, /<testsuite name="qa" tests="6" failures="0" errors="0" skipped="6"/);
  assert.match(junit, /<skipped message="not run: nothing under prompts\/\*\*/);
  const html = await readFile(path.join(repo.dir, ".evalgate/report.html"), "utf8");
  assert.match(html, /not run: nothing under prompts\/\*\*/);
  assert.match(html, /Suites carried \(not run\)/);

  // Carried numbers are never gated again as if measured: compare refuses the file (exit 2).
  const compared = await runCli(["compare", "evals/baseline.json", ".evalgate/results.json", "-c", "evals/evalgate.yml"], {
    cwd: repo.dir,
  });
  assert.equal(compared.code, 2, compared.stderr);
  assert.match(compared.stderr, /suites\.qa: carried from the baseline, not measured by this run/);

  // Never a baseline: the run is partial, so even a gated push would not store it.
  assert.ok(results.run.partial?.some((reason) => /qa carried from the baseline/.test(reason)));
  const store = decideStore({
    event: "push",
    branch: "main",
    isPullRequest: false,
    request: "auto",
    config: { store: "branch", "gated-branches": ["main"], branch: "evalgate-baselines" },
    verdict,
    partial: results.run.partial,
  });
  assert.equal(store.store, false);
  assert.match(store.reason, /partial run .*carried from the baseline.* is never a baseline/);
});

test("--all runs the untouched suite all the same", async () => {
  const sent = server.requests.length;
  const result = await run("--all");
  assert.equal(result.code, 0, result.stderr + result.stdout);
  assert.equal(server.requests.length - sent, FULL_RUN_REQUESTS);
  assert.equal((await readResults()).suites.qa!.carried, undefined);
  assert.match(result.stdout, /1 of 1 suite passed/);
});

test("the config counts by suite block: another suite's block leaves qa carried, qa's block or the gate runs it", async () => {
  const configFile = path.join(repo.dir, "evals/evalgate.yml");
  const original = await readFile(configFile, "utf8");
  const qaBlock = /^ {2}qa: .*$/m.exec(original)![0];
  // Uncommitted edits count: each one is made in the work tree and compared with HEAD.
  const runEdited = async (edited: string) => {
    await writeFile(configFile, edited);
    const sent = server.requests.length;
    const result = await runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", "--changed-since", "HEAD"], { cwd: repo.dir });
    await writeFile(configFile, original);
    assert.equal(result.code, 0, result.stderr + result.stdout);
    return { result, requests: server.requests.length - sent, results: await readResults() };
  };
  const added = await runEdited(
    original.replace(
      qaBlock,
      `${qaBlock}\n  other: { kind: judged, prompts: qa.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }`,
    ),
  );
  assert.equal(added.requests, FULL_RUN_REQUESTS, "only the new suite ran");
  assert.ok(added.results.suites.qa!.carried);
  assert.equal(added.results.suites.other!.carried, undefined);
  assert.match(added.result.stdout, /1 of 1 measured suite passed, 1 carried from the baseline \(not run\)/);

  const ownBlock = await runEdited(original.replace(qaBlock, qaBlock.replace("kind: judged,", "kind: judged, description: edited,")));
  assert.equal(ownBlock.requests, FULL_RUN_REQUESTS);
  assert.equal(ownBlock.results.suites.qa!.carried, undefined);

  const gate = await runEdited(original.replace("min-score: 0.5", "min-score: 0.4"));
  assert.equal(gate.requests, FULL_RUN_REQUESTS, "a gate edit may change every suite's verdict");
  assert.equal(gate.results.suites.qa!.carried, undefined);
});

test("a commit touching prompts/ runs the suite", async () => {
  await repo.commit({ "prompts/system.md": "You answer arithmetic questions, briefly.\n" }, "prompt change");
  const sent = server.requests.length;
  const result = await run();
  assert.equal(result.code, 0, result.stderr + result.stdout);
  assert.equal(server.requests.length - sent, FULL_RUN_REQUESTS);
  const results = await readResults();
  assert.equal(results.suites.qa!.carried, undefined);
  assert.equal(results.run.partial, undefined, "a run that measured every suite is whole");
  assert.deepEqual(results.run.changedSince?.carried, []);
});

test("a ref git cannot read is a usage error (exit 2) before any request", async () => {
  const sent = server.requests.length;
  const result = await runCli(["run", "-c", "evals/evalgate.yml", "--changed-since", "no-such-ref"], { cwd: repo.dir });
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /--changed-since: the files changed since no-such-ref could not be listed/);
  assert.equal(server.requests.length, sent);
});
