// The sharded action end to end: src/action.ts with the real engine against a scripted model server
// and the scripted GitHub API, each step its own process with a fresh output folder (a new runner).
// Shards comment, check and store nothing; the merge step reports once, with the verdict an
// unsharded run gives on the same cases; a missing or duplicate shard is an infrastructure error.
// The response cache goes through the real @actions/cache toolkit and a scripted cache service.
import assert from "node:assert/strict";
import { cp, mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import type { GateVerdict } from "../../src/gate/types.ts";
import type { Results } from "../../src/results/types.ts";
import { isJudgeRequest, startEvalServer, writeSuite } from "../engine/helpers.ts";
import { startActionsCacheServer } from "../servers/actions-cache.ts";
import { type FakeGitHub, startGitHubServer } from "../servers/github.ts";
import type { ScriptedServer } from "../servers/scripted.ts";
import { type ActionStepRun, pullRequestEvent, runActionStep } from "./action-step.ts";

const SHA = "4444444444444444444444444444444444444444";

let models: ScriptedServer;
let github: FakeGitHub;
let suite: { dir: string; config: string };

before(async () => {
  models = await startEvalServer();
  github = await startGitHubServer();
  // 12 prompts: every shard of 4 gets some; odd questions score 1 of 3, so the gate has something to say.
  suite = await writeSuite(models.url, 12, "baseline: { store: branch, store-failed: true }\n");
});
after(async () => {
  await github.close();
  await models.close();
});

function output(run: ActionStepRun, name: string): string | undefined {
  return new RegExp(`^${name}<<(\\S+)\n([\\s\\S]*?)\n\\1$`, "m").exec(run.outputs)?.[2];
}

/** One action step on a new runner: the output folder is gone, the downloads folder stays. */
async function step(inputs: Record<string, string>, event: { name: string; payload: unknown }, env: Record<string, string> = {}) {
  const { dir } = suite;
  await rm(path.join(dir, "out"), { recursive: true, force: true });
  return runActionStep({
    cwd: dir,
    githubUrl: github.url,
    event,
    inputs: { "github-token": "ghs_shardTestToken123", config: "evalgate.yml", ...inputs },
    env: {
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: dir,
      GITHUB_RUN_ID: "7",
      GITHUB_SHA: SHA,
      GITHUB_REF_NAME: "main",
      ...env,
    },
  });
}

const pullRequest = (number: number) => pullRequestEvent(number, SHA, `feature-${number}`);
const push = { name: "push", payload: { after: SHA, repository: { default_branch: "main" } } };

/** Runs shards 1..total and "uploads" each results file into downloads/<name>/shard-i/ (as download-artifact lays them out). */
async function runShards(name: string, total: number, event: { name: string; payload: unknown }, skip: number[] = []) {
  for (let index = 1; index <= total; index++) {
    if (skip.includes(index)) continue;
    const run = await step({ shard: `${index}/${total}` }, event);
    assert.equal(run.code, 0, run.log);
    const file = output(run, "results-path")!;
    assert.equal(path.basename(file), `results-shard-${index}-of-${total}.json`);
    assert.match(run.summary, new RegExp(`shard ${index}/${total}`));
    const upload = path.join(suite.dir, "downloads", name, `shard-${index}`);
    await mkdir(upload, { recursive: true });
    await cp(file, path.join(upload, path.basename(file)));
  }
}

async function resultsOf(run: ActionStepRun): Promise<Results> {
  return JSON.parse(await readFile(output(run, "results-path")!, "utf8")) as Results;
}

test("four shards and a merge step: one comment and one check run, with an unsharded run's verdict", async () => {
  await runShards("pr", 4, pullRequest(5));
  assert.equal(github.comments.get(5)?.length ?? 0, 0, "a shard posts no comment");
  assert.equal(github.checkRuns.length, 0, "a shard creates no check run");

  const merged = await step({ merge: "downloads/pr/**/results-shard-*.json" }, pullRequest(5));
  const verdict = output(merged, "verdict");
  assert.ok(verdict === "pass" || verdict === "fail", merged.log);
  assert.equal(merged.code, verdict === "pass" ? 0 : 1, merged.log);
  assert.equal(github.comments.get(5)?.length, 1);
  assert.equal(github.checkRuns.length, 1);
  assert.equal(github.checkRuns[0]!.conclusion, verdict === "pass" ? "success" : "failure");
  assert.match(github.comments.get(5)![0]!.body, /evalgate: gate (passed|failed)/);
  const a = await resultsOf(merged); // read now: the next step is a new runner

  const whole = await step({}, pullRequest(6));
  assert.equal(output(whole, "verdict"), verdict, whole.log);
  assert.equal(whole.code, merged.code);
  const b = await resultsOf(whole);
  assert.equal(a.run.mergedFrom, 4);
  assert.equal(a.suites.qa!.cases.length, 12);
  // Timings differ between any two runs; everything else is the same.
  const measured = (results: Results) =>
    Object.fromEntries(Object.entries(results.suites.qa!.metrics).filter(([, metric]) => metric.unit !== "ms"));
  assert.deepEqual(measured(a), measured(b));
  assert.deepEqual(a.suites.qa!.counts, b.suites.qa!.counts);
  const gate = (results: Results) => {
    const { verdict: v, failures, errors, suites } = results.verdict as GateVerdict;
    const rows = suites.map((s) => ({
      status: s.status,
      reasons: s.reasons,
      rows: s.rows.filter((row) => row.unit !== "ms").map(({ metric, now, status, failing }) => ({ metric, now, status, failing })),
      failingCases: s.failingCases.map((c) => c.caseId),
    }));
    return { v, failures, errors, rows };
  };
  assert.deepEqual(gate(a), gate(b), "the merged verdict is the unsharded run's");
  // The two reports say the same (their links and headers aside).
  assert.equal(github.checkRuns[1]!.output?.title, github.checkRuns[0]!.output?.title);
});

test("a missing or duplicated shard is an infrastructure error (exit 3), never a verdict on fewer cases", async () => {
  await runShards("gap", 3, pullRequest(8), [2]);
  const missing = await step({ merge: "downloads/gap/*/results-shard-*.json" }, pullRequest(8));
  assert.equal(missing.code, 3, missing.log);
  assert.equal(output(missing, "verdict"), "error");
  assert.match(missing.log, /shard 2\/3 is missing/);
  assert.equal(github.comments.get(8)?.length, 1);
  assert.match(github.comments.get(8)![0]!.body, /shard 2\/3 is missing/);
  const check = github.checkRuns.at(-1)!;
  assert.equal(check.conclusion, "failure");

  await runShards("twice", 2, pullRequest(9));
  await cp(
    path.join(suite.dir, "downloads/twice/shard-1/results-shard-1-of-2.json"),
    path.join(suite.dir, "downloads/twice/shard-2/results-shard-1-of-2.json"),
  );
  const duplicate = await step({ merge: "downloads/twice/**/*.json" }, pullRequest(9));
  assert.equal(duplicate.code, 3, duplicate.log);
  assert.match(duplicate.log, /shard 1\/2 is there 2 times/);

  const nothing = await step({ merge: "downloads/none/*.json" }, pullRequest(9));
  assert.equal(nothing.code, 3, nothing.log);
  assert.match(nothing.log, /no shard results file matched/);

  const both = await step({ merge: "x.json", shard: "1/2" }, pullRequest(9));
  assert.equal(both.code, 2, both.log);
});

test("on a push, only the merge step stores the baseline", async () => {
  const before = github.refSha("evalgate-baselines");
  await runShards("push", 2, push);
  assert.equal(github.refSha("evalgate-baselines"), before, "a shard stores no baseline");
  const merged = await step({ merge: "downloads/push/**/results-shard-*.json" }, push);
  assert.ok(merged.code === 0 || merged.code === 1, merged.log);
  assert.equal(output(merged, "baseline-stored"), "true", merged.log);
  const stored = JSON.parse(github.readFile("evalgate-baselines", "baselines/main/results.json")!) as Results;
  assert.equal(stored.suites.qa!.counts.cases, 12, "the whole merged run is the baseline");
  assert.equal(stored.run.mergedFrom, 2);
});

test("the action restores the response cache: the second run on unchanged inputs sends no judge request", async () => {
  const cache = await startActionsCacheServer();
  try {
    const judge = () => models.requests.filter((request) => isJudgeRequest(request.body)).length;
    const first = await step({}, pullRequest(11), cache.env);
    assert.ok([0, 1].includes(first.code), first.log);
    assert.match(first.log, /response cache: saved 12 entries/);
    const before = judge();
    const second = await step({}, pullRequest(11), cache.env);
    assert.equal(second.code, first.code, second.log);
    assert.match(second.log, /response cache: restored 12 entries/);
    assert.equal(judge(), before, "no judge request on the second run");
    assert.match(second.log, /unchanged since/);

    const refreshed = await step({ "refresh-cache": "true" }, pullRequest(11), cache.env);
    assert.equal(refreshed.code, first.code, refreshed.log);
    assert.equal(judge(), before + 12, "refresh-cache asks every judge request again");
    assert.match(refreshed.log, /response cache: saved 12 entries/, "the overwritten answers are saved under a new key");

    const optedOut = await step({ "response-cache": "false" }, pullRequest(11), cache.env);
    assert.doesNotMatch(optedOut.log, /response cache:/);
    assert.equal(judge(), before + 24, "without the cache every judge request is sent again");
  } finally {
    await cache.close();
  }
});

test("once a baseline with durations is stored, a pull request's shards are dealt by it; the verdict is the unsharded run's, a missing shard still exit 3", async () => {
  assert.ok(github.readFile("evalgate-baselines", "baselines/main/results.json"), "the push test stored main's baseline");
  const stored = JSON.parse(github.readFile("evalgate-baselines", "baselines/main/results.json")!) as Results;
  assert.ok(
    stored.suites.qa!.cases.every((c) => c.latencyMs > 0),
    "the stored baseline keeps each case's duration",
  );
  await runShards("balanced", 4, pullRequest(12));
  const shardFiles = [1, 2, 3, 4].map((i) => path.join(suite.dir, `downloads/balanced/shard-${i}/results-shard-${i}-of-4.json`));
  const shards = await Promise.all(shardFiles.map(async (file) => JSON.parse(await readFile(file, "utf8")) as Results));
  const keys = new Set(shards.map((shard) => shard.run.selection.shard!.balancedBy));
  assert.equal(keys.size, 1);
  assert.match([...keys][0]!, /^[0-9a-f]{16}$/, "dealt by the baseline's durations");
  assert.equal(new Set(shards.flatMap((shard) => (shard.suites.qa?.cases ?? []).map((c) => c.caseId))).size, 12);

  const merged = await step({ merge: "downloads/balanced/**/results-shard-*.json" }, pullRequest(12));
  const whole = await step({}, pullRequest(13));
  assert.equal(output(merged, "verdict"), output(whole, "verdict"), merged.log);
  assert.equal(merged.code, whole.code);
  // The cells, not the padding: a timing row's width differs between any two runs.
  const rows = (text: string) =>
    text
      .split("\n")
      .filter((line) => /^\| (score|pass\\_rate) /.test(line))
      .map((line) => line.split("|").map((cell) => cell.trim()));
  assert.equal(rows(github.comments.get(12)![0]!.body).length, 2, github.comments.get(12)![0]!.body);
  assert.deepEqual(rows(github.comments.get(12)![0]!.body), rows(github.comments.get(13)![0]!.body));

  await rm(path.join(suite.dir, "downloads/balanced/shard-3"), { recursive: true });
  const missing = await step({ merge: "downloads/balanced/**/results-shard-*.json" }, pullRequest(12));
  assert.equal(missing.code, 3, missing.log);
  assert.match(missing.log, /shard 3\/4 is missing/);
});
