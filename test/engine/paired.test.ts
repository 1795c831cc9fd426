// Paired runs (`--pair base`, issue 41) through the real CLI, in real git repositories, against a
// scripted model server on 127.0.0.1. The provider drifts between the baseline's day and today: the
// agent gets questions 1-10 of 40 wrong for base and head alike. A prompt that says BROKEN (a pull
// request that breaks it) also gets questions 11-20 wrong.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../servers/scripted.ts";
import { emptyRepo } from "./changed-repo.ts";
import { questionOf, runCli } from "./helpers.ts";

const CASES = 40;

interface World {
  dir: string;
  git(...args: string[]): string;
  commit(files: Record<string, string>, message: string): Promise<string>;
  /** From now on the provider answers questions 1-10 wrong. */
  drift(): void;
  /** Every request waits this long (for the signal test). */
  slow(ms: number): void;
  /** From now on every request is refused (401): the run cannot decide, exit 3. */
  refuse(): void;
  server: ScriptedServer;
}

async function world(): Promise<World> {
  let drifted = false;
  let delayMs = 0;
  let refused = false;
  const server = await startScriptedServer((request) => {
    if (refused) return { status: 401, body: { error: { message: "invalid api key" } } };
    const body = request.body as { model: string; messages: { role: string; content: string }[] };
    const n = Number(questionOf(body).split(" ")[1]);
    if (body.model === "judge-model") {
      const wrong = body.messages.some((message) => message.content.includes("A wrong answer"));
      return { body: chatCompletion(`SCORE: ${wrong ? 0 : 3}`), delayMs };
    }
    const broken = body.messages.some((message) => message.role === "system" && message.content.includes("BROKEN"));
    const wrong = body.model === "agent-model" && ((drifted && n <= 10) || (broken && n <= 20));
    return { body: chatCompletion(wrong ? "A wrong answer" : `The answer is ${n + 1}.`), delayMs };
  });
  const { dir, git, commit } = await emptyRepo("evalgate-paired-");
  const rows = (n: number) => Array.from({ length: n }, (_, i) => `"Question ${i + 1}: what is ${i + 1} + 1?","The answer is ${i + 2}."`);
  await commit(
    {
      ".gitignore": ".evalgate/\nevals/baseline.json\n*.json\n*.md.out\n",
      "evals/qa.csv": `prompt,judge_prompt\n${rows(CASES).join("\n")}\n`,
      "evals/docs.csv": `prompt,judge_prompt\n${rows(4).join("\n")}\n`,
      "evals/evalgate.yml": `version: 1
concurrency: 4
output-dir: .evalgate
models:
  agent: { provider: openai, base-url: "${server.url}/v1", model: agent-model, prompt: ../prompts/system.md, retry-backoff: 1ms, max-retries: 1 }
  helper: { provider: openai, base-url: "${server.url}/v1", model: helper-model, retry-backoff: 1ms, max-retries: 1 }
  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model, retry-backoff: 1ms, max-retries: 1 }
suites:
  qa: { kind: judged, prompts: qa.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3, paths: ["prompts/**"] }
  docs: { kind: judged, prompts: docs.csv, agents: [helper], judge: judge, judge-runs: 1, scale: 0-3, paths: ["docs/**"] }
gate: { min-score: 0.3 }
baseline: { store: file, path: evals/baseline.json }
`,
      "prompts/system.md": "You answer arithmetic questions.\n",
      "docs/guide.md": "# Guide\n",
    },
    "base",
  );
  return {
    dir,
    git,
    commit,
    server,
    drift: () => {
      drifted = true;
    },
    slow: (ms) => {
      delayMs = ms;
    },
    refuse: () => {
      refused = true;
    },
  };
}

const run = (w: World, ...args: string[]) => runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", ...args], { cwd: w.dir });

/** No worktree left: git lists only the main one, and evalgate's folder in .git holds nothing. */
function assertNoWorktree(w: World): void {
  assert.equal(w.git("worktree", "list").trim().split("\n").length, 1, w.git("worktree", "list"));
  const folder = path.join(w.dir, ".git", "evalgate-pair");
  assert.deepEqual(existsSync(folder) ? readdirSync(folder) : [], []);
}

/** The baseline stored on a good day, then a pull request branch. */
async function baselineThenBranch(w: World): Promise<string> {
  const stored = await run(w, "-o", "evals/baseline.json");
  assert.equal(stored.code, 0, stored.stdout + stored.stderr);
  const main = w.git("rev-parse", "HEAD").trim();
  w.git("checkout", "-q", "-b", "pr");
  return main;
}

test("drift: unpaired fails on the provider's bad day, --pair base passes; a PR that breaks the prompt fails paired, naming the cases", async () => {
  const w = await world();
  try {
    const main = await baselineThenBranch(w);
    // The pull request touches the prompt harmlessly: the suite's inputs changed, so it is paired.
    await w.commit({ "prompts/system.md": "You answer arithmetic questions.\nBe brief.\n" }, "reword");
    w.drift();

    const unpaired = await run(w, "-o", "unpaired.json");
    assert.equal(unpaired.code, 1, unpaired.stdout + unpaired.stderr);
    assert.match(unpaired.stdout, /score/);

    const paired = await run(w, "--pair", "base", "-o", "paired.json", "--markdown", "m.md", "--html", "r.html", "--junit", "j.xml");
    assert.equal(paired.code, 0, paired.stdout + paired.stderr);
    const sha7 = main.slice(0, 7);
    const results = JSON.parse(await readFile(path.join(w.dir, "paired.json"), "utf8"));
    assert.equal(results.run.paired.base, main, JSON.stringify(results.run.paired));
    assert.deepEqual(results.run.paired.suites, ["qa"]);
    assert.deepEqual(results.run.paired.stored, [{ suite: "docs", why: "its inputs did not change since main" }]);
    assert.equal(results.run.paired.baseHalf.requests, CASES * 2);
    const qa = results.verdict.suites.find((suite: { suite: string }) => suite.suite === "qa");
    assert.equal(qa.baselineFrom.kind, "paired");
    const score = qa.rows.find((row: { metric: string }) => row.metric === "score");
    assert.equal(score.baseline, 0.75, "the base commit's system on today's provider");
    assert.equal(score.now, 0.75);
    assert.equal(score.noise.mcnemar.p, 1);
    const docs = results.verdict.suites.find((suite: { suite: string }) => suite.suite === "docs");
    assert.equal(docs.baselineFrom.kind, "stored");
    const line = new RegExp(
      `paired with base ${sha7} \\(the merge base with main\\), run now: qa; .*Base half cost unknown, [\\d.]+ s, 80 requests; head half`,
    );
    assert.match(paired.stdout, line);
    assert.match(await readFile(path.join(w.dir, "m.md"), "utf8"), line);
    assert.match(await readFile(path.join(w.dir, "r.html"), "utf8"), new RegExp(`paired with base ${sha7}`));
    // JUnit says it per suite: a property CI readers list, and the line first in the suite's output
    const junit = await readFile(path.join(w.dir, "j.xml"), "utf8");
    const suiteXml = (name: string) => new RegExp(`<testsuite name="${name}"[\\s\\S]*?</testsuite>`).exec(junit)?.[0] ?? "";
    assert.match(
      suiteXml("qa"),
      new RegExp(
        `<property name="evalgate.baseline.from" value="paired"/>[\\s\\S]*<property name="evalgate.baseline.base" value="${main}"/>`,
      ),
    );
    assert.match(suiteXml("qa"), new RegExp(`<system-out>paired with base ${sha7}`));
    assert.match(suiteXml("docs"), /<property name="evalgate.baseline.from" value="stored"\/>/);
    assert.match(suiteXml("docs"), /<system-out>compared with the stored baseline/);
    assert.match(paired.stdout, /compared with the stored baseline \(their inputs did not change since main\): docs/);
    // The base half has its own results file, never a baseline.
    const baseText = await readFile(results.run.paired.baseHalf.results, "utf8");
    const base = JSON.parse(baseText);
    assert.equal(base.run.commit, main);
    assert.deepEqual(
      baseText.match(/"[^"]*evalgate-pair[^"]*"/g) ?? [],
      [],
      "the base half's files as the base commit names them, not the worktree's",
    );
    assert.match(base.run.partial.join(" "), /base half of a paired run/);
    assertNoWorktree(w);

    await w.commit({ "prompts/system.md": "BROKEN: answer anything.\n" }, "break the prompt");
    const broken = await run(w, "--pair", "base", "-o", "broken.json");
    assert.equal(broken.code, 1, broken.stdout + broken.stderr);
    const after = JSON.parse(await readFile(path.join(w.dir, "broken.json"), "utf8"));
    const failing = after.verdict.suites.find((suite: { suite: string }) => suite.suite === "qa");
    const row = failing.rows.find((r: { metric: string }) => r.metric === "score");
    assert.equal(row.status, "fail");
    assert.deepEqual(row.noise.mcnemar, { worse: 10, better: 0, p: 0.001953125 }, "scipy.stats.binomtest(0, 10, 0.5).pvalue");
    const named = failing.failingCases.map((change: { title: string }) => Number(/Question (\d+)/.exec(change.title)![1]));
    assert.deepEqual(
      named.sort((a: number, b: number) => a - b),
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    );
    assert.match(broken.stdout, /↓ Question (1[1-9]|20): what is/);
    assert.match(broken.stdout, /the prompt of agent changed \(prompts\/system\.md\):/);
    assertNoWorktree(w);
  } finally {
    await w.server.close();
  }
});

test("a suite the base commit cannot load (its prompt file is new) keeps the stored baseline, saying why; the others are still paired", async () => {
  const w = await world();
  try {
    const main = await baselineThenBranch(w);
    const yml = path.join(w.dir, "evals/evalgate.yml");
    // A model the base commit does not define, with a prompt file this pull request adds.
    const config = (await readFile(yml, "utf8"))
      .replace(
        "  judge: {",
        `  writer: { provider: openai, base-url: "${w.server.url}/v1", model: helper-model, prompt: ../prompts/helper.md }\n  judge: {`,
      )
      .replace("agents: [helper]", "agents: [writer]");
    await w.commit(
      {
        "prompts/system.md": "You answer arithmetic questions.\nBe brief.\n",
        "prompts/helper.md": "You help.\n",
        "evals/evalgate.yml": config,
      },
      "a prompt for the helper",
    );
    const paired = await run(w, "--pair", "base", "-o", "paired.json");
    assert.equal(paired.code, 0, paired.stdout + paired.stderr);
    const results = JSON.parse(await readFile(path.join(w.dir, "paired.json"), "utf8"));
    assert.equal(results.run.paired.base, main, JSON.stringify(results.run.paired));
    assert.deepEqual(results.run.paired.suites, ["qa"]);
    assert.equal(results.run.paired.fallback, undefined, "one suite that cannot load does not unpair the others");
    assert.deepEqual(
      results.run.paired.stored.map((entry: { suite: string }) => entry.suite),
      ["docs"],
    );
    assert.match(results.run.paired.stored[0].why, /^the base commit's system under test could not be loaded \(.*helper\.md/);
    const from = (name: string) => results.verdict.suites.find((suite: { suite: string }) => suite.suite === name).baselineFrom.kind;
    assert.deepEqual([from("qa"), from("docs")], ["paired", "stored"]);
    assert.match(paired.stdout, /docs: compared with the stored baseline: the base commit's system under test could not be loaded/);
    assertNoWorktree(w);
  } finally {
    await w.server.close();
  }
});

test("a shallow clone without the merge base falls back to the stored baseline, saying how to fetch it; without one either, thresholds only", async () => {
  const w = await world();
  try {
    await baselineThenBranch(w);
    await w.commit({ "prompts/system.md": "You answer arithmetic questions.\nBe brief.\n" }, "reword");
    const clone = await mkdtemp(path.join(tmpdir(), "evalgate-shallow-"));
    execFileSync("git", ["clone", "-q", "--depth", "1", "--branch", "pr", `file://${w.dir}`, clone]);
    await writeFile(path.join(clone, "evals/baseline.json"), await readFile(path.join(w.dir, "evals/baseline.json")));
    const cli = (...args: string[]) =>
      runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", "--pair", "base", ...args], { cwd: clone });
    const shallow = await cli("-o", "shallow.json");
    assert.equal(shallow.code, 0, shallow.stdout + shallow.stderr);
    assert.match(
      shallow.stdout,
      /not paired: no merge base of HEAD and main \(this is a shallow clone without it\): fetch the history \(fetch-depth: 0 on actions\/checkout, or git fetch --unshallow locally\) to pair with the base commit; compared with the stored baseline/,
    );
    assert.match(shallow.stdout, /compared with the baseline stored for main/);
    const results = JSON.parse(await readFile(path.join(clone, "shallow.json"), "utf8"));
    assert.equal(results.run.paired.suites.length, 0);
    assert.equal(results.verdict.suites[0].baselineFrom.kind, "stored");
    await rm(path.join(clone, "evals/baseline.json"));
    const none = await cli("-o", "none.json");
    assert.equal(none.code, 0, none.stdout + none.stderr);
    assert.match(none.stdout, /no baseline to compare with/);
  } finally {
    await w.server.close();
  }
});

test("the base worktree is gone after the run could not decide (exit 3) and after SIGTERM (exit 130)", async () => {
  const w = await world();
  try {
    await baselineThenBranch(w);
    await w.commit({ "prompts/system.md": "You answer arithmetic questions.\nBe brief.\n" }, "reword");
    w.slow(60_000);
    const stopped = run(w, "--pair", "base", "-o", "stopped.json");
    const folder = path.join(w.dir, ".git", "evalgate-pair");
    // The signal comes as the base worktree is being checked out, before the base half's run listens
    // for signals: the run still stops then, never after the base half's requests (60 s each) answer.
    while (!existsSync(folder)) await sleep(20);
    const signalledAt = Date.now();
    stopped.child.kill("SIGTERM");
    const interrupted = await stopped;
    assert.equal(interrupted.code, 130, interrupted.stdout + interrupted.stderr);
    assert.ok(Date.now() - signalledAt < 50_000, "stopped at the signal, not once the slow requests answered");
    assertNoWorktree(w);
    w.slow(0);
    w.refuse();
    const refused = await run(w, "--pair", "base", "-o", "refused.json");
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assertNoWorktree(w);
  } finally {
    await w.server.close();
  }
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

test("a command target runs the base commit's code in the base half: the worker changed by the pull request is compared with the old one", async () => {
  const models = await startScriptedServer((request) => {
    const wrong = (request.body as { messages: { content: string }[] }).messages.some((m) => m.content.includes("A wrong answer"));
    return { body: chatCompletion(`SCORE: ${wrong ? 0 : 3}`) };
  });
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-paired-command-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", ...args], {
      cwd: dir,
      encoding: "utf8",
    });
  // The worker: one JSON request per line, one reply; `WRONG` (the PR's edit) makes it answer questions 1-12 wrong.
  const worker = (wrongUpTo: number) => `import { createInterface } from "node:readline";
const WRONG = ${wrongUpTo};
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  const n = Number(/Question (\\d+)/.exec(JSON.stringify(request.messages))[1]);
  process.stdout.write(JSON.stringify({ id: request.id, content: n <= WRONG ? "A wrong answer" : "The answer is " + (n + 1) + "." }) + "\\n");
}
`;
  try {
    const rows = Array.from({ length: 30 }, (_, i) => `"Question ${i + 1}: what is ${i + 1} + 1?","The answer is ${i + 2}."`);
    await mkdir(path.join(dir, "evals/agent"), { recursive: true });
    await writeFile(path.join(dir, ".gitignore"), ".evalgate/\n*.json\n");
    await writeFile(path.join(dir, "evals/qa.csv"), `prompt,judge_prompt\n${rows.join("\n")}\n`);
    await writeFile(path.join(dir, "evals/agent/worker.mjs"), worker(0));
    await writeFile(
      path.join(dir, "evals/evalgate.yml"),
      `version: 1
output-dir: .evalgate
models:
  agent: { provider: command, command: [node, worker.mjs], cwd: agent }
  judge: { provider: openai, base-url: "${models.url}/v1", model: judge-model, retry-backoff: 1ms, max-retries: 1 }
suites:
  qa: { kind: judged, prompts: qa.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }
gate: { min-score: 0.3 }
baseline: { store: file, path: evals/baseline.json }
`,
    );
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("commit", "-q", "-m", "base");
    const main = git("rev-parse", "HEAD").trim();
    git("checkout", "-q", "-b", "pr");
    await writeFile(path.join(dir, "evals/agent/worker.mjs"), worker(12));
    git("commit", "-q", "-am", "break the worker");
    const paired = await runCli(["run", "-c", "evals/evalgate.yml", "--quiet", "--pair", "base", "-o", "paired.json"], { cwd: dir });
    assert.equal(paired.code, 1, paired.stdout + paired.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "paired.json"), "utf8"));
    assert.deepEqual(results.run.paired.suites, ["qa"], "a suite without paths: is always paired");
    const row = results.verdict.suites[0].rows.find((r: { metric: string }) => r.metric === "score");
    assert.equal(row.baseline, 1, "the base half ran the base commit's worker");
    assert.equal(row.now, 0.6);
    assert.deepEqual([row.noise.mcnemar.worse, row.noise.mcnemar.better], [12, 0]);
    assert.ok(Math.abs(row.noise.mcnemar.p - 0.00048828125) < 1e-15, "scipy.stats.binomtest(0, 12, 0.5).pvalue");
    assert.match(paired.stdout, new RegExp(`paired with base ${main.slice(0, 7)}`));
    assert.equal(git("worktree", "list").trim().split("\n").length, 1);
  } finally {
    await models.close();
  }
});
