// Every check kind through the real CLI against a scripted agent on 127.0.0.1: one suite per kind
// (and per case rule), whose first row's answer passes the check and whose second row's fails it,
// with the reason a reviewer reads. No judge: the server sees the agent's requests only.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { runCli } from "../../engine/helpers.ts";
import { type CheckServer, csv, type GatedResults, readResults, startCheckServer, writeProject } from "./project.ts";

interface KindCase {
  /** The check as written in evalgate.yml. */
  check: string;
  /** The answers to row 1 (passes) and row 2 (fails). */
  answers: [string, string];
  /** Extra columns of the rows, read by {{column}}. */
  columns?: Record<string, [string, string]>;
  /** The failing row's reason. */
  reason: RegExp;
}

const SCHEMA = JSON.stringify({ type: "object", properties: { price: { type: "number" } }, required: ["price"] });

const KINDS: KindCase[] = [
  {
    check: '{ contains: "{{order}}" }',
    columns: { order: ["A17", "B99"] },
    answers: ["Order A17 ships today.", "Order A17 ships today."],
    reason: /^does not contain "B99"$/,
  },
  { check: '{ contains: "order a17" }', answers: ["ORDER A17 ships.", "Order A71 ships."], reason: /^does not contain "order a17"$/ },
  {
    check: '{ contains: "ORDER", case-sensitive: true }',
    answers: ["ORDER 5", "order 5"],
    reason: /^does not contain "ORDER" \(case-sensitive\)$/,
  },
  {
    check: '{ not-contains: "As an AI" }',
    answers: ["Sure, here it is.", "Sure! as an ai model, I cannot."],
    reason: /^contains "As an AI" at character 7: "Sure! as an ai model, I cannot\."$/,
  },
  {
    check: '{ equals: "{{exact}}" }',
    columns: { exact: ["Paris", "Paris"] },
    answers: ["Paris", "Paris."],
    reason: /^is not "Paris": the answer is "Paris\." \(6 characters\)$/,
  },
  {
    check: '{ equals: "paris", case-sensitive: false }',
    answers: ["PARIS", "Paris "],
    reason: /^is not "paris" \(ignoring case\): the answer is "Paris " \(6 characters\)$/,
  },
  {
    check: '{ starts-with: "dear" }',
    answers: ["Dear Ann, thanks.", "Hello Ann, thanks."],
    reason: /^does not start with "dear": it starts "Hello Ann, thanks\."$/,
  },
  {
    check: '{ ends-with: "Regards" }',
    answers: ["Thanks, regards", "Thanks."],
    reason: /^does not end with "Regards": it ends "Thanks\."$/,
  },
  { check: "{ one-of: [yes, no] }", answers: ["no", "Yes"], reason: /^is none of "yes", "no": the answer is "Yes"$/ },
  { check: "{ max-length: 5 }", answers: ["😀😀😀😀😀", "123456"], reason: /^is 6 characters long, over max-length 5$/ },
  { check: '{ regex: "^[A-Z][a-z]+$" }', answers: ["Yes", "yes"], reason: /^does not match \/\^\[A-Z\]\[a-z\]\+\$\/$/ },
  // The row's value is literal text in the pattern: "a.c" matches "A.C" (flag i) but not "abc".
  {
    check: '{ regex: "^order {{order}}$", flags: i }',
    columns: { order: ["a.c", "a.c"] },
    answers: ["ORDER A.C", "order abc"],
    reason: /^does not match \/\^order a\\x2ec\$\/i$/,
  },
  { check: "{ json: true }", answers: [' {"a": [1, 2]}\n', "{a: 1}"], reason: /^is not JSON: / },
  {
    check: "{ json-schema: schemas/reply.json }",
    answers: ['{"price": 3}', '{"price": "3"}'],
    reason: /^does not match schemas\/reply\.json: \/price must be number$/,
  },
  {
    check: "{ json-schema: schemas/reply.json, name: priced }",
    answers: ['{"price": 3.5}', 'Sure! {"price": 3}'],
    reason: /^is not JSON: /,
  },
];

let server: CheckServer;
let dir: string;
let run: Awaited<ReturnType<typeof runCli>>;
let results: GatedResults;

before(async () => {
  server = await startCheckServer();
  const files: Record<string, string> = { "schemas/reply.json": SCHEMA };
  const suites = KINDS.map((kind, k) => {
    const columns = Object.keys(kind.columns ?? {});
    const rows = [0, 1].map((r) => {
      const prompt = `kind ${k} row ${r + 1}`;
      server.answers.set(prompt, kind.answers[r as 0 | 1]);
      return [prompt, ...columns.map((column) => kind.columns![column]![r as 0 | 1])];
    });
    files[`k${k}.csv`] = csv(["prompt", ...columns], rows);
    return `  k${k}: { kind: judged, prompts: k${k}.csv, agents: [agent], checks: [${kind.check}] }`;
  });
  dir = await writeProject(server.server.url, suites.join("\n"), files);
  run = await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: dir });
  results = await readResults(dir);
});

after(() => server.server.close());

test("every kind: the passing row records 1 and no failure, the failing row 0 and its reason", () => {
  assert.equal(run.code, 1, run.stdout + run.stderr); // each suite's check_pass_rate is 0.5, under min-score 0.8
  for (const [k, kind] of KINDS.entries()) {
    const suite = results.suites[`k${k}`]!;
    const [passing, failing] = [...suite.cases].sort((a, b) => a.source.line! - b.source.line!);
    const metric = Object.keys(passing!.metrics).find((name) => name.startsWith("check/"))!;
    assert.ok(metric, `k${k}: a check metric`);
    assert.equal(passing!.status, "scored", `${kind.check}: ${JSON.stringify(passing!.error)}`);
    assert.equal(
      passing!.metrics[metric],
      1,
      `${kind.check} on ${JSON.stringify(kind.answers[0])}: ${JSON.stringify(passing!.failedChecks)}`,
    );
    assert.equal(passing!.metrics["check_pass"], 1);
    assert.equal(passing!.failedChecks, undefined);
    assert.equal(failing!.metrics[metric], 0, `${kind.check} on ${JSON.stringify(kind.answers[1])}`);
    assert.equal(failing!.metrics["check_pass"], 0);
    assert.equal(failing!.failedChecks?.length, 1);
    assert.equal(`check/${failing!.failedChecks![0]!.name}`, metric);
    assert.match(failing!.failedChecks![0]!.reason, kind.reason, kind.check);
    assert.equal(suite.metrics["check_pass_rate"]?.value, 0.5);
    assert.equal(suite.metrics[metric]?.value, 0.5);
    assert.equal(suite.metrics["check_pass_rate"]?.gated, true);
  }
});

test("default names are the kind and its count; a check's name wins", () => {
  assert.ok("check/contains-1" in results.suites["k0"]!.metrics);
  assert.ok("check/json-schema-1" in results.suites["k13"]!.metrics);
  assert.ok("check/priced" in results.suites["k14"]!.metrics);
  assert.deepEqual(results.suites["k14"]!.breakdowns?.["checks"], [{ check: "priced", passed: 1, failed: 1, errors: 0, passRate: 0.5 }]);
});

test("checks alone ask the agent only: no judge request, one request per case", () => {
  assert.equal(server.requestsTo("judge-model"), 0);
  assert.equal(server.requestsTo("agent-model"), KINDS.length * 2);
  assert.equal(results.run.requests, KINDS.length * 2);
  for (const suite of Object.values(results.suites)) {
    assert.equal(suite.judge, undefined);
    assert.ok(!("score" in suite.metrics) && !("pass_rate" in suite.metrics), "no judge metric without a judge");
  }
});

test("the console names each failing case's check", () => {
  assert.match(
    run.stdout,
    /↓ kind 4 row 2\s+0\s+fails check equals-1: is not "Paris": the answer is "Paris\." \(6 characters\)\s+k4\.csv:3/,
  );
  assert.match(run.stdout, /check_pass_rate: 0\.500 is under min-score 0\.800/);
});
