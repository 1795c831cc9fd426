// The agent suite's judge on the final answer, through the real CLI: a real MCP server process, a
// command agent, and a judge on a scripted OpenAI-style server on 127.0.0.1. A passing and a failing
// verdict, a judge that gives no verdict (the scorer's error: exit 3 past max-error-rate), the judge's
// key never in the agent's or the server's environment, and a judge that is the agent refused.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../../../src/config/load.ts";
import { baselineForGate } from "../../../src/engine/rejudge.ts";
import type { AgentDetails } from "../../../src/results/agent.ts";
import type { Results } from "../../../src/results/types.ts";
import { startedGroups, survivors } from "../../engine/command-project.ts";
import { runCli } from "../../engine/helpers.ts";
import { chatCompletion, type ScriptedReply, startScriptedServer } from "../../servers/scripted.ts";
import { agentProject, nodeCommand } from "./project.ts";

const JUDGE_KEY = "judge-key-5b1e93c07a42";
const env = { JUDGE_KEY };

const CASES = [
  { id: "open", instruction: "call get_ticket T-1", expected_calls: [{ name: "get_ticket" }], judge_prompt: "Says that T-1 is open." },
  { id: "missing", instruction: "call get_ticket T-9", expected_calls: [{ name: "get_ticket" }], judge_prompt: "Says that T-9 is open." },
];

/**
 * The judge: 3 of 3 when the graded answer says what the criteria ask, else 0; `broken` answers with
 * no score at all. As the completion judge: yes once the conversation holds "T-1 is open".
 */
let broken = false;
/** A stricter judge: every final answer 0. */
let strict = false;
const judge = await startScriptedServer((request): ScriptedReply => {
  const messages = (request.body as { messages: { content: string }[] }).messages;
  const prompt = String(messages[0]!.content);
  if (broken) return { body: chatCompletion("I would rather not say.") };
  if (prompt.startsWith("You check whether a conversation"))
    return { body: chatCompletion(messages[1]!.content.includes("T-1 is open") ? "yes" : "no") };
  const answer = /<agent_response>\n([\s\S]*?)\n<\/agent_response>/.exec(prompt)![1]!;
  const wanted = /Says that (T-\d) is open/.exec(prompt)![1]!;
  if (strict) return { body: chatCompletion("Reasoning.\nSCORE: 0") };
  return { body: chatCompletion(`Reasoning.\nSCORE: ${answer.includes(`${wanted} is open`) ? 3 : 0}`) };
});
after(() => judge.close());

async function project(suiteKeys = ", judge: grader", cases: object[] = CASES, gate = "{ min-score: 0.4 }"): Promise<string> {
  return agentProject("evalgate-agent-judge-", {
    mcp: `{ name: desk-mcp, command: ${nodeCommand("mcp/server.mjs")} }`,
    cases,
    suiteKeys,
    gate,
    models: `  grader: { provider: openai, base-url: "${judge.url}/v1", model: judge-model, api-key-env: JUDGE_KEY, max-retries: 0 }\n`,
  });
}

const results = async (dir: string) => JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
const log = (dir: string, name: string) => readFile(path.join(dir, "out", "logs", `${name}.log`), "utf8").catch(() => "");

async function everythingWritten(dir: string): Promise<string> {
  const texts: string[] = [];
  for (const entry of await readdir(path.join(dir, "out"), { withFileTypes: true, recursive: true }))
    if (entry.isFile()) texts.push(await readFile(path.join(entry.parentPath, entry.name), "utf8"));
  return texts.join("\n");
}

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", process.env.CHROMIUM_PATH].find((file) => file && existsSync(file));

/** The case's dialog in the HTML report, as headless Chromium shows it (test/report/browser.test.ts runs the page's own script the same way). */
async function openedCase(report: string, search: string): Promise<string> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(report).href);
    await page.fill("#case-search", search);
    await page.locator("#case-table tbody tr:visible").first().click();
    return await page.locator("#case-dialog").innerText();
  } finally {
    await browser.close();
  }
}

async function assertNothingLeft(dir: string): Promise<void> {
  const logs = [await log(dir, "desk-mcp"), await log(dir, "agent")];
  assert.deepEqual(await survivors(logs.flatMap(startedGroups)), []);
}

test("agent judge: the final answer is graded by the judge's votes; a failing verdict fails the case and is named in every report", async () => {
  const dir = await project(", judge: grader, judge-runs: 3");
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
  if (CHROMIUM)
    assert.match(
      await openedCase(path.join(dir, "report.html"), "missing"),
      /What the judge looks for in the final answer\s+Says that T-9 is open\.[\s\S]*Judge votes \(final 0 · agreement 1\)/,
    );

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
    ", judge: grader, judge-runs: 1",
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
    const dir = await project(", judge: grader, judge-runs: 1");
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
  const dir = await project(undefined, [{ ...CASES[0]!, judge_prompt: undefined }]);
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

test("agent completion judge: it ends a simulated user's conversation once the case's condition is met; an unreadable verdict is the scorer's error", async () => {
  const conversation = {
    id: "two-asks",
    instructions: "call get_ticket T-1, then call get_ticket T-9",
    task_completion_condition: "the assistant said that T-1 is open",
    expected_calls: [{ name: "get_ticket", arguments: { ticket_id: "T-1" } }],
  };
  const dir = await project(", simulator: user, completion-judge: grader", [conversation]);
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const result = (await results(dir)).suites["desk"]!.cases[0]!;
  const details = result.details as AgentDetails;
  assert.deepEqual(
    details.steps.map((step) => step.kind),
    ["user", "call", "answer"],
    "the judge said yes after the first turn: the user's second ask never came",
  );
  assert.deepEqual(
    details.completion?.map((verdict) => [verdict.turn, verdict.text, verdict.complete]),
    [[1, "yes", true]],
  );
  assert.equal(result.metrics["steps"], 2, "the agent's requests only");
  assert.equal(result.requests, 4, "the simulated user's message and the completion judge's verdict beside them");
  assert.equal((judge.requests.at(-1)!.body as { temperature?: number }).temperature, 0);

  // judge-completion: false leaves the conversation to the stop token: both asks are made.
  const yml = path.join(dir, "evalgate.yml");
  await writeFile(
    yml,
    (await readFile(yml, "utf8")).replace("completion-judge: grader", "completion-judge: grader, judge-completion: false"),
  );
  const off = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
  assert.equal(off.code, 0, off.stdout + off.stderr);
  const whole = (await results(dir)).suites["desk"]!.cases[0]!.details as AgentDetails;
  assert.equal(whole.steps.filter((step) => step.kind === "user").length, 2);
  assert.equal(whole.completion, undefined);

  broken = true;
  try {
    await writeFile(yml, (await readFile(yml, "utf8")).replace(", judge-completion: false", ""));
    const failed = await runCli(["run", "-c", "evalgate.yml", "-q", "--refresh-cache"], { cwd: dir, env });
    assert.equal(failed.code, 3, failed.stdout + failed.stderr);
    const error = (await results(dir)).suites["desk"]!.cases[0]!.error!;
    assert.equal(error.side, "scorer");
    assert.match(error.message, /the completion judge answered neither yes nor no/);
  } finally {
    broken = false;
  }
  await assertNothingLeft(dir);

  await writeFile(
    path.join(dir, "cases.jsonl"),
    `${JSON.stringify({ ...CASES[0], judge_prompt: undefined, task_completion_condition: "done" })}\n`,
  );
  const bad = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env });
  assert.equal(bad.code, 2, bad.stdout + bad.stderr);
  assert.match(bad.stderr, /cases\.jsonl:1.*task_completion_condition.*give the case instructions/);
});

test("agent judge: rejudge-baseline sends the baseline's stored final answers to the current judge, and compares like with like", async () => {
  const cases = [CASES[0]!, { ...CASES[1]!, judge_prompt: "Says that T-1 is open." }];
  // The judge's scores are held to the baseline's only: a stricter judge scores every answer 0.
  const gate = "{ min-score: 0, fail-inside-noise: true }";
  const dir = await project(", judge: grader, judge-runs: 1, rejudge-baseline: true", cases, gate);
  const base = await runCli(["run", "-c", "evalgate.yml", "-q", "-o", "baseline.json"], { cwd: dir, env });
  assert.equal(base.code, 0, base.stdout + base.stderr);
  strict = true;
  try {
    const before = judge.requests.length;
    const head = await runCli(["run", "-c", "evalgate.yml", "--baseline", "baseline.json", "--no-cache"], { cwd: dir, env });
    assert.equal(head.code, 0, head.stdout + head.stderr);
    assert.match(head.stdout, /desk: the baseline's 2 stored answers were re-judged by the current judge/);
    assert.equal(judge.requests.length - before, 4, "the head's two votes and the baseline's two, no more");
    assert.deepEqual((await results(dir)).run.rejudged?.answers, 2);

    // Without re-judging, the stricter judge reads as a drop of the agent's.
    const yml = path.join(dir, "evalgate.yml");
    await writeFile(yml, (await readFile(yml, "utf8")).replace(", rejudge-baseline: true", ""));
    const compared = await runCli(["run", "-c", "evalgate.yml", "--baseline", "baseline.json", "--no-cache"], { cwd: dir, env });
    assert.equal(compared.code, 1, compared.stdout + compared.stderr);
  } finally {
    strict = false;
  }
  // Loading the cases to re-judge lists no tools: no server was started for it (nor its log written).
  assert.equal(existsSync(path.join(dir, ".evalgate", "logs", "desk-mcp.log")), false, "re-judging started no server");
});

test("agent judge: the judge's command-line flags (--judge-runs) reach an agent suite with a judge, as they do a judged suite", async () => {
  const dir = await project(", judge: grader, judge-runs: 1");
  const run = await runCli(["run", "-c", "evalgate.yml", "--judge-runs", "3", "--verbose"], { cwd: dir, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stderr, /"judge-runs": 3/);
  const byId = Object.fromEntries((await results(dir)).suites["desk"]!.cases.map((c) => [c.caseId, c]));
  assert.equal((byId["open"]!.details as AgentDetails).judge!.votes.length, 3);
  assert.equal(byId["open"]!.requests, 2 + 3, "the agent's two requests and the flag's three votes");
  await assertNothingLeft(dir);
});

test("agent judge: re-judging every suite (the action's rejudge-baseline) passes over an agent suite with no judge, saying nothing of answers", async () => {
  const dir = await project(
    "",
    CASES.map(({ judge_prompt: _criteria, ...unjudged }) => unjudged),
  );
  const base = await runCli(["run", "-c", "evalgate.yml", "-q", "-o", "baseline.json"], { cwd: dir, env });
  assert.equal(base.code, 0, base.stdout + base.stderr);
  const { config } = await loadConfig(path.join(dir, "evalgate.yml"));
  const stored = JSON.parse(await readFile(path.join(dir, "baseline.json"), "utf8")) as Results;
  const gated = await baselineForGate({ head: stored, baseline: stored, config, dirs: { rootDir: dir, configDir: dir }, env, all: true });
  assert.deepEqual(gated.notes, [], "no note that the baseline 'holds no answers to re-judge'");
  assert.equal(gated.baseline, stored, "the baseline is compared as stored");
  assert.equal(stored.run.rejudged, undefined, "nothing was sent to re-judge");
});

test("agent judge: a judge's flag on a config with no suite that has a judge is exit 2 saying so", async () => {
  const dir = await project(
    "",
    CASES.map(({ judge_prompt: _criteria, ...unjudged }) => unjudged),
  );
  const run = await runCli(["run", "-c", "evalgate.yml", "--rejudge-baseline"], { cwd: dir, env });
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.match(run.stderr, /--rejudge-baseline: no suite of the config has a judge for it to change/);
});
