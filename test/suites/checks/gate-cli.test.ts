// Checks in the gate, through the real CLI against a scripted server: with a judge, both are asked
// and pass_rate needs both; against a baseline, a check that newly fails fails the gate naming the
// check (McNemar on the per-case pass), and every report shows the failing check per case with the
// model's text escaped.
import assert from "node:assert/strict";
import { copyFile, readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "../../engine/helpers.ts";
import { type CheckServer, csv, readResults, startCheckServer, writeProject } from "./project.ts";

let server: CheckServer;

before(async () => {
  server = await startCheckServer();
});

after(() => server.server.close());

test("checks with a judge: the judge grades every answer, the checks run beside it, pass_rate needs both", async () => {
  const rows = [
    ["q1", "Name the capital of France.", "Paris", "The capital is Paris.", 3],
    ["q2", "Name the capital of Italy.", "Rome", "The capital is Milan.", 3],
    ["q3", "Name the capital of Spain.", "Madrid", "Madrid, I think.", 0],
    ["q4", "Name the capital of Peru.", "Lima", "No idea.", 0],
  ] as const;
  for (const [prompt, , , answer, score] of rows) {
    server.answers.set(prompt, answer);
    server.scores.set(answer, score);
  }
  const before = server.server.requests.length;
  const dir = await writeProject(
    server.server.url,
    '  qa: { kind: judged, prompts: qa.csv, agents: [agent], judge: judge, judge-runs: 2, scale: 0-3, checks: [{ contains: "{{answer}}" }] }',
    {
      "qa.csv": csv(
        ["prompt", "judge_prompt", "answer"],
        rows.map(([prompt, criteria, answer]) => [prompt, criteria, answer]),
      ),
    },
    "gate: { min-score: 0 }",
  );
  const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const requests = server.server.requests.slice(before).map((r) => (r.body as { model: string }).model);
  assert.equal(requests.filter((model) => model === "agent-model").length, 4);
  assert.equal(requests.filter((model) => model === "judge-model").length, 8, "2 votes on each of 4 answers");

  const suite = (await readResults(dir)).suites["qa"]!;
  const byPrompt = new Map(suite.cases.map((c) => [(c.details as { prompt: string }).prompt, c]));
  const expected = { q1: [1, 1, 1], q2: [1, 0, 0], q3: [0, 1, 0], q4: [0, 0, 0] } as const; // score, check, pass
  for (const [prompt, [score, check, pass]] of Object.entries(expected)) {
    const c = byPrompt.get(prompt)!;
    assert.deepEqual([c.metrics["score"], c.metrics["check/contains-1"], c.metrics["pass"]], [score, check, pass], prompt);
  }
  assert.match(byPrompt.get("q2")!.failedChecks![0]!.reason, /^does not contain "Rome"$/);
  assert.equal(suite.metrics["score"]!.value, 0.5);
  assert.equal(suite.metrics["check_pass_rate"]!.value, 0.5);
  assert.equal(suite.metrics["pass_rate"]!.value, 0.25);
  assert.equal(suite.metrics["pass_rate"]!.perCase, "pass");
  assert.match(suite.metrics["pass_rate"]!.description!, /and passing every check/);
  assert.equal(suite.judge?.name, "judge");
  const details = byPrompt.get("q2")!.details as { checks: unknown[]; votes: unknown[] };
  assert.deepEqual(details.checks, [{ name: "contains-1", passed: false, reason: 'does not contain "Rome"' }]);
  assert.equal(details.votes.length, 2);
});

const HOSTILE = "As an AI <img src=x onerror=alert(1)> | @octocat **bold** `code`";

test("a check that newly fails against the baseline fails the gate naming it; every report shows it, escaped", async () => {
  // Sixteen cases: with fail-inside-noise: false the drop must be significant after Holm's correction over the suite's three gated checks.
  const prompts = Array.from({ length: 16 }, (_, i) => `question ${i + 1}`);
  for (const prompt of prompts) server.answers.set(prompt, `A fine answer to ${prompt}.`);
  const dir = await writeProject(
    server.server.url,
    '  qa: { kind: judged, prompts: qa.csv, agents: [agent], checks: [{ not-contains: "As an AI", name: no-ai }, { max-length: 200 }] }',
    {
      "qa.csv": csv(
        ["prompt"],
        prompts.map((prompt) => [prompt]),
      ),
    },
    "gate: { min-score: 0, fail-inside-noise: false }",
  );
  const base = await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: dir });
  assert.equal(base.code, 0, base.stdout + base.stderr);
  await copyFile(path.join(dir, "out", "results.json"), path.join(dir, "base.json"));

  // Twelve answers of sixteen now say what the check forbids, with text that must stay text in every report.
  for (const prompt of prompts.slice(0, 12)) server.answers.set(prompt, `${HOSTILE} (${prompt})`);
  const outputs = ["--html", "r.html", "--markdown", "c.md", "--junit", "j.xml", "--csv-dir", "csv", "--sqlite", "r.db"];
  const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--baseline", "base.json", ...outputs], { cwd: dir });
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /check\/no-ai: dropped 75% \(1 → 0\.250\), over max-drop 5%/);
  assert.match(run.stdout, /check_pass_rate: dropped 75%/);
  assert.match(
    run.stdout,
    /↓ question \d+\s+1 → 0\.500\s+fails check no-ai: contains "As an AI" at character 1: "As an AI <img src=x onerror=alert\(1\)> \| @octocat \*\*bold\*\* `c…"\s+qa\.csv:\d+/,
  );
  assert.doesNotMatch(run.stdout, /check\/max-length-1: dropped/);

  const results = await readResults(dir);
  const rows = results.verdict.suites[0]!.rows;
  for (const name of ["check/no-ai", "check_pass_rate"]) {
    const row = rows.find((r) => r.metric === name)!;
    assert.equal(row.status, "fail", name);
    assert.deepEqual([row.noise?.mcnemar?.worse, row.noise?.mcnemar?.better], [12, 0], `${name}: McNemar on the per-case pass`);
    assert.ok(row.noise!.adjusted!.p < 0.05, `${name}: significant after Holm's correction`);
  }
  const regressed = results.verdict.suites[0]!.changes.filter((c) => c.kind === "regressed");
  assert.equal(regressed.length, 12);
  assert.match(
    regressed[0]!.failedChecks![0]!.reason,
    /^contains "As an AI" at character 1: "As an AI <img src=x onerror=alert\(1\)> \| @octocat/,
  );

  const read = (file: string) => readFile(path.join(dir, file), "utf8");
  const markdown = await read("c.md");
  assert.match(markdown, /\| Failing check +\|/);
  assert.match(
    markdown,
    /\| check no-ai: contains &quot;As an AI&quot; at character 1: &quot;As an AI &lt;img src=x onerror=alert\(1\)&gt; \\\| @&#8203;octocat \\\*\\\*bold\\\*\\\* \\`c…&quot; \|/,
  );
  const html = await read("r.html");
  assert.match(html, /<th>Failing check<\/th>/);
  assert.match(html, /check no-ai: contains &quot;As an AI&quot; at character 1: &quot;As an AI &lt;img src=x onerror=alert\(1\)&gt;/);
  const junit = await read("j.xml");
  assert.match(
    junit,
    /<failure message="regressed: 1 → 0\.500; fails check no-ai: contains &quot;As an AI&quot; at character 1: &quot;As an AI &lt;img src=x onerror=alert\(1\)&gt; \| @\u200boctocat/,
  );
  for (const [name, text] of [
    ["c.md", markdown],
    ["r.html", html],
    ["j.xml", junit],
  ] as const)
    assert.doesNotMatch(text, /<img src=x/, `${name}: the answer's markup stays text`);
  const cases = await read("csv/cases.csv");
  assert.match(cases.split("\r\n")[0]!, /,response,failed_checks,/);
  assert.match(cases, /"no-ai: contains ""As an AI"" at character 1: ""As an AI <img src=x onerror=alert\(1\)> \| @octocat/);

  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(path.join(dir, "r.db"));
  try {
    const checks = db
      .prepare("SELECT check_name, passed, reason FROM case_checks WHERE case_id = ?")
      .all(results.suites["qa"]!.cases.find((c) => (c.details as { prompt: string }).prompt === "question 1")!.caseId) as {
      check_name: string;
      passed: number;
      reason: string | null;
    }[];
    assert.deepEqual(checks.map((c) => [c.check_name, c.passed]).sort(), [
      ["max-length-1", 1],
      ["no-ai", 0],
    ]);
    assert.match(checks.find((c) => c.check_name === "no-ai")!.reason!, /^contains "As an AI" at character 1/);
    const gateCase = db.prepare("SELECT reason FROM gate_cases WHERE state = 'regressed' LIMIT 1").get() as { reason: string };
    assert.match(gateCase.reason, /fails check no-ai: contains "As an AI"/);
  } finally {
    db.close();
  }
});

test("a check whose definition changed since the baseline is said to have changed", async () => {
  server.answers.set("only", "Fine.");
  const write = (value: string) =>
    writeProject(
      server.server.url,
      `  qa: { kind: judged, prompts: qa.csv, agents: [agent], checks: [{ contains: "${value}", name: tone }] }`,
      {
        "qa.csv": csv(["prompt"], [["only"]]),
      },
      "gate: { min-score: 0 }",
    );
  const dir = await write("fine");
  assert.equal((await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: dir })).code, 0);
  await copyFile(path.join(dir, "out", "results.json"), path.join(dir, "base.json"));
  const edited = await write("great");
  await copyFile(path.join(dir, "base.json"), path.join(edited, "base.json"));
  const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--baseline", "base.json"], { cwd: edited });
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(
    run.stdout,
    /note: qa: the check tone changed since the baseline \(value, options or schema file\): its metric compares answers graded by different checks/,
  );
});

test("several agents: each agent's check metrics are gated on their own, paired on that agent's cases", async () => {
  server.answers.set("multi", "Judged well.");
  const dir = await writeProject(
    server.server.url,
    '  qa: { kind: judged, prompts: qa.csv, agents: [agent, judge], checks: [{ starts-with: "judged", name: opening }] }',
    { "qa.csv": csv(["prompt"], [["multi"]]) },
    "gate: { min-score: 0 }",
  );
  const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const metrics = (await readResults(dir)).suites["qa"]!.metrics;
  assert.equal(metrics["check_pass_rate"]!.gated, false, "the blend of agents is reported only");
  assert.equal(metrics["check/opening"]!.gated, false);
  for (const agent of ["agent", "judge"]) {
    assert.equal(metrics[`${agent}/check_pass_rate`]!.gated, true);
    assert.equal(metrics[`${agent}/check_pass_rate`]!.perCase, `${agent}/check_pass`);
    assert.equal(metrics[`${agent}/check/opening`]!.value, 1, `${agent}: "Judged well." and "Judged.…" start with "judged"`);
  }
});
