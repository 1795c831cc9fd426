// Waits that could outlive the run, through the real CLI against a scripted OpenAI-compatible server
// on 127.0.0.1: a provider announcing a reset years away or a limit of almost nothing, a timeout past
// what a Node timer holds, a FIFO where a results file should be, a thread so long its metrics would
// go quadratic. Each ends within the run's deadline or at SIGTERM, with no TimeoutOverflowWarning,
// the absurd value named once, and nothing that was computed lost.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { isJudgeRequest, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, type ScriptedReply, startScriptedServer } from "../servers/scripted.ts";

const readResults = async (dir: string) => JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;

/** Every answer says the requests are used up until a reset 11,000 years away (OpenAI's header form). */
const RESET_YEARS_AWAY: ScriptedReply["headers"] = {
  "x-ratelimit-limit-requests": "100",
  "x-ratelimit-remaining-requests": "0",
  "x-ratelimit-reset-requests": "99999999h",
};

function answering(headers: ScriptedReply["headers"]) {
  return startScriptedServer((request) => ({
    body: chatCompletion(isJudgeRequest(request.body) ? "Fine.\nSCORE: 3" : "An answer."),
    headers,
  }));
}

test("waits: a reset years away ends at the deadline (exit 3), named once, no timer overflow; the finished cases are kept", async () => {
  const server = await answering(RESET_YEARS_AWAY);
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    const started = Date.now();
    const result = await runCli(["run", "-c", config, "--deadline", "2s"], { cwd: dir });
    const ranFor = Date.now() - started;
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.doesNotMatch(result.stderr, /TimeoutOverflowWarning/);
    assert.match(result.stdout, /deadline reached \(2s\): \d of 6 cases not run/);
    const named =
      result.stdout.match(/its rate-limit headers said nothing is left for [^;]+; starts were held at most 1m at a time/g) ?? [];
    // Once per endpoint (agent and judge are two), however many answers said it.
    assert.equal(named.length, 2, result.stdout);
    // Bounded by the deadline, not by the reset (start-up of the CLI and the reports on top).
    assert.ok(ranFor < 20_000, `ran for ${ranFor} ms`);
    const results = await readResults(dir);
    assert.equal(results.run.notes?.length, 2);
    const finished = results.suites.qa!.cases;
    assert.ok(finished.length >= 1 && finished.every((c) => c.status === "scored"), "the cases answered before the hold are kept");
  } finally {
    await server.close();
  }
});

test("waits: without a deadline, SIGTERM ends the hold at once (exit 130) and the journal keeps what finished", async () => {
  const server = await answering(RESET_YEARS_AWAY);
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    const run = runCli(["run", "-c", config], { cwd: dir });
    // Once requests have come (the first answers announced the hold), stop it as a CI runner would.
    while (server.requests.length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    run.child.kill("SIGTERM");
    const result = await run;
    assert.equal(result.code, 130, result.stderr);
    assert.ok(Date.now() - signalled < 10_000, "ended at the signal, not at the reset");
    assert.doesNotMatch(result.stderr, /TimeoutOverflowWarning/);
    assert.match(result.stderr, /interrupted after \d+ finished cases; they are kept in .*journal\.jsonl/);
  } finally {
    await server.close();
  }
});

test("waits: a limit of almost nothing per minute is read as 1 a minute and named; a timeout of 24 days (the longest) is no instant timeout", async () => {
  const server = await answering({ "x-ratelimit-limit-requests": "0.0000001", "x-ratelimit-remaining-requests": "5" });
  try {
    // More cases than the first wave of requests (sent before any answer announced the limit).
    const { dir, config } = await writeSuite(server.url, 12);
    await writeFile(config, (await readFile(config, "utf8")).replaceAll("max-retries: 1 }", "max-retries: 1, timeout: 24d }"));
    const result = await runCli(["run", "-c", config, "--deadline", "2s"], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr); // one request a minute: the deadline comes first
    assert.doesNotMatch(result.stderr, /TimeoutOverflowWarning/);
    assert.match(result.stdout, /its rate-limit headers announced 1e-7 requests a minute; read as 1 request a minute/);
    const results = await readResults(dir);
    // Whatever was answered was answered: the longest timeout set as a 1 ms timer would have failed every request.
    for (const c of results.suites.qa!.cases) assert.doesNotMatch(c.error?.message ?? "", /no answer within/);
  } finally {
    await server.close();
  }
});

test("waits: a FIFO given as a results file is refused at once (exit 2), never waited on", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-fifo-"));
  const fifo = path.join(dir, "base.json");
  execFileSync("mkfifo", [fifo]);
  const { config } = await writeSuite("http://127.0.0.1:9", 2);
  const compared = await runCli(["compare", fifo, fifo, "-c", config], { cwd: dir });
  assert.equal(compared.code, 2, compared.stderr);
  assert.match(compared.stderr, /base\.json: is a FIFO \(named pipe\), not a regular file/);
  const run = await runCli(["run", "-c", config, "--baseline", fifo, "--dry-run"], { cwd: dir });
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /base\.json.*FIFO/);
});

/** A conversations suite over one thread of `messages` messages, its metrics as given. */
async function longThread(messages: number, metrics: string, graderUrl?: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-long-thread-"));
  const input = Array.from({ length: messages }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `message ${i}` }));
  const short = [
    { role: "user", content: "hello" },
    { role: "assistant", content: "hi" },
  ];
  await writeFile(path.join(dir, "data.jsonl"), `${JSON.stringify({ input: short })}\n${JSON.stringify({ input })}\n`);
  await writeFile(path.join(dir, "rubrics.yaml"), 'kind:\n  prompt: "Is it kind? {content}"\n  choice_scores: { "Yes": 1, "No": 0 }\n');
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
output-dir: out
models:
  grader: { provider: openai, base-url: "${graderUrl ?? "http://127.0.0.1:9"}/v1", model: grader, retry-backoff: 1ms }
suites:
  convs:
    kind: conversations
    dataset: data.jsonl
    rubrics: rubrics.yaml
    grader: grader
    metrics:
${metrics}
gate: { min-score: 0 }
`,
  );
  return dir;
}

test("waits: a 200,000-message thread is scored in linear time; a message-level rubric on it is refused at load naming the line", async () => {
  const functions = await longThread(200_000, "      function:\n        - { name: string_length, level: Message }");
  const scored = await runCli(["run", "-q", "--no-cache", "-c", "evalgate.yml"], { cwd: functions });
  assert.equal(scored.code, 0, scored.stdout + scored.stderr);
  const cases = (await readResults(functions)).suites["convs"]!.cases;
  assert.equal(cases.length, 2);
  // Every message was measured: the per-role counts of the long thread add up to its length.
  const metrics = cases[1]!.metrics;
  assert.equal((metrics["string_length@message|user|n"] ?? 0) + (metrics["string_length@message|assistant|n"] ?? 0), 200_000);
  assert.equal(metrics["string_length@message|user|min"], "message 0".length);

  const rubric = await longThread(200_000, "      rubric:\n        - { name: kind, level: Message }");
  const refused = await runCli(["run", "-q", "--no-cache", "-c", "evalgate.yml"], { cwd: rubric });
  assert.equal(refused.code, 2, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /data\.jsonl:2: input: this thread of 200,000 messages is too long for the message-level rubric "kind"/);
  assert.doesNotMatch(refused.stderr, /data\.jsonl:1/, "the short thread is fine");
});
