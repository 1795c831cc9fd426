// The Dust CLI's flags and the report command through the real CLI process: a judged suite from
// flags alone against the demo targets on 127.0.0.1, the same flags overriding a config, reports
// from a recorded results file, and exit 2 naming the flag for every wrong value.
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { startDemoTargets } from "../../src/demo/index.ts";
import { runCli } from "../engine/helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(ROOT, "test/fixtures/results");
let demo: Awaited<ReturnType<typeof startDemoTargets>>;
let dir: string;

before(async () => {
  demo = await startDemoTargets({ ports: { openai: 0, athena: 0 } });
  dir = await mkdtemp(path.join(tmpdir(), "evalgate-flags-"));
  await cp(path.join(ROOT, "evals/judged/prompts.csv"), path.join(dir, "prompts.csv"));
  await cp(path.join(ROOT, "evals/judged/files"), path.join(dir, "files"), { recursive: true });
});
after(() => demo.close());

const models = () => {
  const url = `${demo.env.EVALGATE_DEMO_URL}/v1`;
  return ["demo-agent-good", "demo-agent-sloppy", "demo-judge"].flatMap((name) => ["--model", `${name}=${url}`]);
};

const DUST = ["--agents", "demo-agent-good,demo-agent-sloppy", "--csv", "prompts.csv", "--judge", "demo-judge"];

test("no config: Dust's flags run a judged suite and write CSV, JSON and HTML", async () => {
  const flags = [
    ...DUST,
    ...models(),
    "--judge-runs",
    "3",
    "--scale",
    "0-3",
    "--runs",
    "2",
    "--timeout",
    "2m",
    "--max-retries",
    "3",
    "--retry-backoff",
    "1s",
    "--min-agreement",
    "0.7",
    "-q",
  ];
  const csv = await runCli(["run", ...flags, "--output", "csv", "--output-file", "answers.csv", "--html", "report.html"], { cwd: dir });
  // the sloppy agent is under the default min-score: the gate fails (1), which is not an error
  assert.equal(csv.code, 1, csv.stderr);
  assert.match(csv.stdout, /^evalgate FAIL {2}1 of 1 suite failed\nno baseline to compare with/);
  const rows = (await readFile(path.join(dir, "answers.csv"), "utf8")).trim().split("\r\n");
  // 11 prompts × 2 agents × 2 runs
  assert.equal(rows.length, 1 + 44);
  assert.match(
    rows[0]!,
    /^suite,kind,case_id,repeat,title,status,change,score,error,source,cost_usd,latency_ms,requests,prompt,response,tag:agent/,
  );
  assert.ok(
    rows.some((row) => row.includes("demo-agent-sloppy/") && row.includes("/r2,")),
    "second run of each answer",
  );
  assert.match(await readFile(path.join(dir, "report.html"), "utf8"), /Agent comparison/);

  const json = await runCli(["run", ...flags, "--output", "json"], { cwd: dir });
  assert.equal(json.code, 1);
  const results = JSON.parse(json.stdout);
  assert.equal(results.suites.judged.kind, "judged");
  assert.equal(results.suites.judged.counts.cases, 44);
  assert.match(json.stderr, /evalgate FAIL/, "the summary moves to stderr when stdout carries the report");

  const html = await runCli(["run", ...flags, "--output", "html", "--output-file", "dust.html"], { cwd: dir });
  assert.equal(html.code, 1);
  assert.match(await readFile(path.join(dir, "dust.html"), "utf8"), /<h1>✗ Gate failed: 1 of 1 suite failed<\/h1>/);
});

test("with a config the same flags override its judged suite; --verbose prints the effective config, redacted", async () => {
  const url = `${demo.env.EVALGATE_DEMO_URL}/v1`;
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
output-dir: out
models:
  good: { provider: openai, base-url: "${url}", model: demo-agent-good, api-key-env: DEMO_KEY }
  sloppy: { provider: openai, base-url: "${url}", model: demo-agent-sloppy }
  judge: { provider: openai, base-url: "${url}", model: demo-judge }
suites:
  quality: { kind: judged, prompts: prompts.csv, agents: [sloppy], judge: judge, judge-runs: 1 }
gate: { min-score: 0.5 }
`,
  );
  const result = await runCli(
    [
      "run",
      "-c",
      "evalgate.yml",
      "--agents",
      "good",
      "--judge-runs",
      "3",
      "--runs",
      "1",
      "--timeout",
      "45s",
      "--verbose",
      "--sample",
      "3",
      "--seed",
      "1",
    ],
    {
      cwd: dir,
      env: { DEMO_KEY: "sk-demo-secret-123456" },
    },
  );
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /✓ quality {2}judged {2}3\/3 scored/);
  assert.match(result.stderr, /"agents": \[\s*"good"\s*\]/);
  assert.match(result.stderr, /"judge-runs": 3/);
  assert.match(result.stderr, /"timeout": 45000/);
  assert.match(result.stderr, /evalgate: quality\/good\/[0-9a-f]+\/r1 scored \d+ ms 4 requests agent=good/);
  assert.ok(!result.stderr.includes("sk-demo-secret-123456"));
});

test("evalgate report: HTML, CSV, markdown with trends and JUnit from a recorded results file", async () => {
  const out = await mkdtemp(path.join(tmpdir(), "evalgate-report-"));
  const result = await runCli(
    [
      "report",
      path.join(FIXTURES, "demo.json"),
      "--html",
      "r.html",
      "--csv",
      "csv",
      "--markdown",
      "r.md",
      "--junit",
      "j.xml",
      "--history",
      path.join(FIXTURES, "history"),
    ],
    { cwd: out },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /wrote r\.html\nwrote csv\/cases\.csv\nwrote csv\/metrics\.csv\nwrote r\.md\nwrote j\.xml/);
  assert.match(await readFile(path.join(out, "r.html"), "utf8"), /Trend over the last 2 baselines/);
  assert.match(await readFile(path.join(out, "r.md"), "utf8"), /\| Trend +\|/);
  const short = await runCli(["report", path.join(FIXTURES, "demo-regressed.json")], { cwd: out });
  // the verdict and a line per suite first; only the failing suite's table follows
  assert.match(
    short.stdout,
    /^evalgate FAIL {2}1 of 3 suites failed\n.*\n\n✓ uml-feedback .*\n✓ support-bot .*\n✗ helpfulness .*demo-agent-good\/score: 0\.394 is under min-score 0\.800/,
  );
  assert.ok(short.stdout.includes("helpfulness (judged)") && !short.stdout.includes("uml-feedback (sgi)"));
  assert.match(short.stdout, /Every suite's metrics: --details/);
  const summary = await runCli(["report", path.join(FIXTURES, "demo.json"), "--details"], { cwd: out });
  assert.match(summary.stdout, /^evalgate PASS {2}3 of 3 suites passed\ncompared with the baseline stored for main at a6304e8/);
  assert.match(summary.stdout, /avg_request_time_ms \(lower is better\) .* reported only/);
});

test("wrong values exit 2 and name the flag", async () => {
  const cases: [string[], RegExp][] = [
    [["--runs", "0"], /--runs expects a whole number from 1 to 100, got "0"/],
    [["--judge-runs", "many"], /--judge-runs expects a whole number from 1 to 25, got "many"/],
    [["--scale", "0-10"], /--scale expects one of binary, 0-3, 1-5, 0-100, got "0-10"/],
    [
      ["--timeout", "soon"],
      /--timeout expects a duration more than 0 and at most 24d, such as 500ms, 30s, 2m or 14d \(or whole milliseconds\), got "soon"/,
    ],
    [["--retry-backoff", "1 week"], /--retry-backoff expects a duration/],
    [["--max-retries", "11"], /--max-retries expects a whole number from 0 to 10, got "11"/],
    [["--min-agreement", "1.5"], /--min-agreement expects a number from 0 to 1 \(e\.g\. 0\.7\), got "1\.5"/],
    [["--output", "pdf"], /--output expects one of console, json, csv, html, got "pdf"/],
    [["--output", "html"], /--output html needs --output-file <file>/],
    [["--model", "judge"], /--model expects NAME=URL/],
    [["--agents", ","], /--agents expects a comma-separated list/],
  ];
  const empty = await mkdtemp(path.join(tmpdir(), "evalgate-flags-empty-"));
  for (const [args, message] of cases) {
    const result = await runCli(["run", ...args], { cwd: empty });
    assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    assert.match(result.stderr, message);
    assert.ok(!result.stderr.includes("    at "), "no stack trace");
  }
  const missingJudge = await runCli(["run", "--agents", "a", "--csv", "p.csv"], { cwd: empty });
  assert.equal(missingJudge.code, 2);
  assert.match(missingJudge.stderr, /--judge is required without a config file/);
  const unknownModel = await runCli(["run", ...DUST, "--model", "demo-judge=http://127.0.0.1:9/v1"], { cwd: empty });
  assert.equal(unknownModel.code, 2);
  assert.match(unknownModel.stderr, /--agents: no model named "demo-agent-good", "demo-agent-sloppy"; give it as --model demo-agent-good=/);
  const noConfig = await runCli(["run", "--config", "missing.yml", "--runs", "2"], { cwd: empty });
  assert.equal(noConfig.code, 2);
  assert.match(noConfig.stderr, /--config: missing\.yml does not exist/);
});
