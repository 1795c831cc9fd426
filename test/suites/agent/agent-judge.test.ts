// The agent suite's judge on the final answer, through the real CLI: a real MCP server process, a
// command agent, and a judge on a scripted OpenAI-style server on 127.0.0.1. A passing and a failing
// verdict, a judge that gives no verdict (the scorer's error: exit 3 past max-error-rate), the judge's
// key never in the agent's or the server's environment, and a judge that is the agent refused.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import type { AgentDetails } from "../../../src/results/agent.ts";
import type { Results } from "../../../src/results/types.ts";
import { startedGroups, survivors } from "../../engine/command-project.ts";
import { runCli } from "../../engine/helpers.ts";
import { chatCompletion, type ScriptedReply, startScriptedServer } from "../../servers/scripted.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/mcp");
const JUDGE_KEY = "judge-key-5b1e93c07a42";
const env = { JUDGE_KEY };

const CASES = [
  { id: "open", instruction: "call get_ticket T-1", expected_calls: [{ name: "get_ticket" }], judge_prompt: "Says that T-1 is open." },
  { id: "missing", instruction: "call get_ticket T-9", expected_calls: [{ name: "get_ticket" }], judge_prompt: "Says that T-9 is open." },
];

/** The judge: 3 of 3 when the graded answer says what the criteria ask, else 0; `broken` answers with no score at all. */
let broken = false;
const judge = await startScriptedServer((request): ScriptedReply => {
  const prompt = String((request.body as { messages: { content: string }[] }).messages[0]!.content);
  if (broken) return { body: chatCompletion("I would rather not say.") };
  const answer = /<agent_response>\n([\s\S]*?)\n<\/agent_response>/.exec(prompt)![1]!;
  const wanted = /Says that (T-\d) is open/.exec(prompt)![1]!;
  return { body: chatCompletion(`Reasoning.\nSCORE: ${answer.includes(`${wanted} is open`) ? 3 : 0}`) };
});
after(() => judge.close());

async function project(suiteKeys = "", cases: object[] = CASES, gate = "{ min-score: 0.4 }"): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-agent-judge-"));
  await cp(FIXTURES, path.join(dir, "mcp"), { recursive: true });
  const node = JSON.stringify(process.execPath);
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
concurrency: 2
output-dir: out
models:
  agent: { provider: command, command: [${node}, mcp/agent.mjs], timeout: 10s }
  grader: { provider: openai, base-url: "${judge.url}/v1", model: judge-model, api-key-env: JUDGE_KEY, max-retries: 0 }
suites:
  desk: { kind: agent, dataset: cases.jsonl, target: agent, mcp: { name: desk-mcp, command: [${node}, mcp/server.mjs] }, max-steps: 4, judge: grader${suiteKeys} }
gate: ${gate}
`,
  );
  await writeFile(path.join(dir, "cases.jsonl"), `${cases.map((c) => JSON.stringify(c)).join("\n")}\n`);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  return dir;
}

const results = async (dir: string) => JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
const log = (dir: string, name: string) => readFile(path.join(dir, "out", "logs", `${name}.log`), "utf8").catch(() => "");

async function everythingWritten(dir: string): Promise<string> {
  const texts: string[] = [];
  for (const entry of await readdir(path.join(dir, "out"), { withFileTypes: true, recursive: true }))
    if (entry.isFile()) texts.push(await readFile(path.join(entry.parentPath, entry.name), "utf8"));
  return texts.join("\n");
}

async function assertNothingLeft(dir: string): Promise<void> {
  const logs = [await log(dir, "desk-mcp"), await log(dir, "agent")];
  assert.deepEqual(await survivors(logs.flatMap(startedGroups)), []);
}

test("agent judge: the final answer is graded by the judge's votes; a failing verdict fails the case and is named in every report", async () => {
  const dir = await project(", judge-runs: 3");
  const run = await runCli(["run", "-c", "evalgate.yml", "--html", "report.html", "--markdown", "comment.md"], { cwd: dir, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const suite = (await results(dir)).suites["desk"]!;
  const byId = Object.fromEntries(suite.cases.map((c) => [c.caseId, c]));
  assert.equal(byId["open"]!.metrics["judge_score"], 1);
  assert.equal(byId["open"]!.metrics["judge_pass"], 1);
  assert.equal(byId["missing"]!.metrics["judge_score"], 0);
  assert.equal(byId["missing"]!.metrics["trajectory_pass"], 1, "the trajectory passed; the judge did not");
  assert.deepEqual(byId["missing"]!.failedChecks, [
    { name: "judge", reason: "the judge grader scored the final answer 0 of 3 (0.00, below pass-score 0.5)" },
  ]);
  assert.equal(byId["open"]!.requests, 2 + 3, "the agent's two requests and the judge's three votes");
  const details = byId["open"]!.details as AgentDetails;
  assert.equal(details.judge!.votes.length, 3);
  assert.equal(details.judge!.criteria, "Says that T-1 is open.");
  assert.equal(suite.metrics["judge_pass_rate"]!.value, 0.5);
  assert.equal(suite.metrics["judge_pass_rate"]!.gated, true);
  assert.equal(suite.metrics["judge_score"]!.gated, true);
  assert.equal(suite.judge?.name, "grader");
  assert.equal(suite.judge?.runs, 3);
  assert.match(suite.judge?.promptHash ?? "", /^[0-9a-f]{12}$/);
  assert.match(await readFile(path.join(dir, "report.html"), "utf8"), /the judge grader scored the final answer 0 of 3/);

  // The judge's key reached neither the agent's process nor the MCP server's, and was written nowhere.
  assert.match(await log(dir, "agent"), /given JUDGE_KEY: false/);
  assert.match(await log(dir, "desk-mcp"), /given JUDGE_KEY: false/);
  assert.ok(
    judge.requests.every((request) => request.headers.authorization === `Bearer ${JUDGE_KEY}`),
    "the judge had it",
  );
  for (const text of [await everythingWritten(dir), run.stdout, run.stderr, await readFile(path.join(dir, "report.html"), "utf8")])
    assert.ok(!text.includes(JUDGE_KEY));
  await assertNothingLeft(dir);
});

test("agent judge: a drop of the judge's pass rate against the baseline fails the gate (exit 1)", async () => {
  const dir = await project(
    ", judge-runs: 1",
    [CASES[0]!, { ...CASES[1]!, judge_prompt: "Says that T-1 is open." }],
    "{ min-score: 0.4, fail-inside-noise: true }",
  );
  const base = await runCli(["run", "-c", "evalgate.yml", "-q", "-o", "baseline.json"], { cwd: dir, env });
  assert.equal(base.code, 0, base.stdout + base.stderr);
  const server = path.join(dir, "mcp", "server.mjs");
  await writeFile(server, (await readFile(server, "utf8")).replace("T-1 is open", "T-1 is closed"));
  const head = await runCli(["run", "-c", "evalgate.yml", "--baseline", "baseline.json", "--markdown", "comment.md"], { cwd: dir, env });
  assert.equal(head.code, 1, head.stdout + head.stderr);
  assert.match(head.stdout, /judge_pass_rate/);
  // The failing case is named with the judge's verdict, as a failed check is.
  const reason = /the judge grader scored the final answer 0 of 3/;
  assert.match(head.stdout, reason);
  assert.match(await readFile(path.join(dir, "comment.md"), "utf8"), reason);
});

test("agent judge: a judge that gives no verdict makes the case the scorer's error, not the agent's: exit 3 past max-error-rate", async () => {
  broken = true;
  try {
    const dir = await project(", judge-runs: 1");
    const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
    assert.equal(run.code, 3, run.stdout + run.stderr);
    const suite = (await results(dir)).suites["desk"]!;
    assert.deepEqual(suite.counts, { cases: 2, scored: 0, errors: 2 });
    const error = suite.cases[0]!.error!;
    assert.equal(error.side, "scorer");
    assert.match(error.message, /^the judge grader: All judge evaluations failed/);
    assert.ok((suite.cases[0]!.details as AgentDetails).steps.length > 0, "the trajectory is kept");
    await assertNothingLeft(dir);
  } finally {
    broken = false;
  }
});

test("agent judge: bad input is exit 2 before any request: a case without judge_prompt, a judge-only key without a judge, a judge that is the agent", async () => {
  const dir = await project("", [{ ...CASES[0]!, judge_prompt: undefined }]);
  const missing = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env });
  assert.equal(missing.code, 2, missing.stdout + missing.stderr);
  assert.match(missing.stderr, /cases\.jsonl:1.*judge_prompt.*the suite's judge grader grades the final answer against it/);

  const yml = path.join(dir, "evalgate.yml");
  const config = await readFile(yml, "utf8");
  await writeFile(yml, config.replace(", judge: grader", ", judge-preamble: preamble.md"));
  await writeFile(path.join(dir, "cases.jsonl"), `${JSON.stringify({ ...CASES[0]!, judge_prompt: undefined })}\n`);
  const judgeOnly = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env });
  assert.equal(judgeOnly.code, 2, judgeOnly.stdout + judgeOnly.stderr);
  assert.match(judgeOnly.stderr, /judge-preamble.*needs a judge/);

  await writeFile(
    yml,
    `${config.replace("judge: grader", "judge: agent").replace("gate: { min-score: 0.4 }", "gate: { min-score: 0.4, judge-independence: required }")}`,
  );
  await writeFile(path.join(dir, "cases.jsonl"), `${JSON.stringify(CASES[0])}\n`);
  const own = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env });
  assert.equal(own.code, 2, own.stdout + own.stderr);
  assert.match(own.stderr, /the judge agent is not independent: the same model as the system under test agent/);
});
