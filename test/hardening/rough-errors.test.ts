// Rough errors, by class, through the real CLI: every duration read by one rule (more than 0, at most
// a stated maximum a Node timer holds), bounds that do not contradict themselves, negative numbers
// after a flag, placeholder names that are Object.prototype's, a regex worker that outlives the run,
// a `ready:` URL that could be another server's, numbers past any sense, JSON Schemas too large or
// that do not compile, and whose error a command target's protocol fault is.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

/** A folder holding `files` (name → text), evalgate.yml among them. */
async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-rough-"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

const PROMPTS = 'prompt,judge_prompt\n"Q1","fine"\n';

/** A judged suite whose models are on a closed port: only load-time problems are looked at. */
function judgedConfig(agent: string, judge = "", extra = ""): string {
  return `version: 1
output-dir: out
models:
  agent: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: a${agent} }
  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: j${judge} }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }
${extra}`;
}

const DURATION_RULE = /expected a duration more than 0 and at most 24d, such as 500ms, 30s, 2m or 14d \(or whole milliseconds\)/;

test('durations: 0, "0s" and "99999999h" in every duration of the config are exit 2 by one rule that says why', async () => {
  for (const [value, why] of [
    ["0", "got 0 (that is no time)"],
    ['"0s"', 'got "0s" (that is no time)'],
    ['"99999999h"', 'got "99999999h" (longer than that)'],
    ["2147483648", "got 2147483648 (longer than that)"],
  ] as const) {
    const start = `, start: { command: "sleep 60", ready: "http://127.0.0.1:{{port}}/v1/health", timeout: ${value} }`;
    const dir = await project({
      "prompts.csv": PROMPTS,
      "evalgate.yml": judgedConfig(`, timeout: ${value}${start}`, `, retry-backoff: ${value}`, `run: { deadline: ${value} }\n`),
    });
    const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    for (const field of ["models.agent.timeout", "models.agent.start.timeout", "models.judge.retry-backoff", "run.deadline"]) {
      const line = result.stderr.split("\n").find((text) => text.includes(`${field}:`));
      assert.ok(line, `${field} not named for ${value}: ${result.stderr}`);
      assert.match(line, DURATION_RULE);
      assert.ok(line.endsWith(why), line);
    }
    assert.doesNotMatch(result.stderr, /at least 0, got 0|TimeoutOverflowWarning/);
  }
});

test("durations: the CLI's flags read by the same rule; an age (cache max-age) may be longer, up to its own stated maximum", async () => {
  const dir = await project({ "prompts.csv": PROMPTS, "evalgate.yml": judgedConfig("", "", "cache: { max-age: 90d }\n") });
  const valid = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(valid.code, 0, valid.stderr);
  for (const [flag, value, why] of [
    ["--deadline", "0s", "(that is no time)"],
    ["--timeout", "30d", "(longer than that)"],
    ["--retry-backoff", "0", "(that is no time)"],
  ] as const) {
    const result = await runCli(["run", "-c", "evalgate.yml", flag, value], { cwd: dir });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, new RegExp(`${flag} expects a duration more than 0 and at most 24d`));
    assert.ok(result.stderr.includes(`got "${value}" ${why}`), result.stderr);
  }
  const age = await runCli(["cache", "stats", "-c", "evalgate.yml", "--max-age", "99999d"], { cwd: dir });
  assert.equal(age.code, 2, age.stderr);
  assert.match(age.stderr, /--max-age expects a duration more than 0 and at most 3650d/);
});

test('bounds: an exclusive bound reads "more than 0", never "at least 0, got 0"', async () => {
  const dir = await project({ "prompts.csv": PROMPTS, "evalgate.yml": judgedConfig(", max-tokens: 0") });
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /models\.agent\.max-tokens: value must be more than 0, got 0/);
});

test("flags: a negative number after a flag that takes a value is that flag's value, and its parser says what it expects", async () => {
  const dir = await project({ "prompts.csv": PROMPTS, "evalgate.yml": judgedConfig("") });
  for (const [flag, value] of [
    ["--repeat", "-1"],
    ["--concurrency", "-5"],
    ["--sample", "-.5"],
  ] as const) {
    const result = await runCli(["run", "-c", "evalgate.yml", flag, value], { cwd: dir });
    assert.equal(result.code, 2, result.stderr);
    assert.doesNotMatch(result.stderr, /ambiguous/);
    assert.match(result.stderr, new RegExp(`${flag} expects a whole number .*, got "${value.replace(".", "\\.")}"`));
  }
});

test("messages: {{__proto__}}, {{constructor}} and {{toString}} are names like any other, never Object.prototype's values", async () => {
  const dir = await project({
    "prompts.csv": 'prompt,judge_prompt,city\n"Q1","fine",Paris\n',
    "system.md": "You are {{__proto__}}, {{constructor}} and {{toString}} in {{city}}.\n",
    "evalgate.yml": judgedConfig(", prompt: system.md"),
  });
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 2, result.stderr);
  for (const name of ["__proto__", "constructor", "toString"])
    assert.ok(
      result.stderr.includes(`{{${name}}} has no value in prompts.csv:2 (suite qa, model agent); the case gives {{city}}`),
      result.stderr,
    );
  assert.doesNotMatch(result.stderr, /\[object Object\]|native code/);
});

test("regex: a pattern run in the worker (flag i) does not keep the process alive after the run", async () => {
  const server = await startScriptedServer(() => ({ body: chatCompletion("Order 17 is on its way") }));
  try {
    const dir = await project({
      "prompts.csv": 'prompt\n"Q1"\n"Q2"\n',
      "evalgate.yml": `version: 1
output-dir: out
models:
  agent: { provider: openai, base-url: "${server.url}/v1", model: a }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], checks: [{ regex: "^order \\\\d+", flags: i }] }
`,
    });
    const run = runCli(["run", "-c", "evalgate.yml"], { cwd: dir });
    // From the last line the run prints to the process's end: the worker's idle timer is 5 s.
    let printedAt = 0;
    run.child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("results: out/results.json")) printedAt = performance.now();
    });
    const result = await run;
    const lingered = performance.now() - printedAt;
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.ok(printedAt > 0, result.stdout);
    assert.ok(lingered < 3000, `the process lived ${Math.round(lingered)} ms after the run`);
  } finally {
    await server.close();
  }
});

test("ready: with {{port}}, a ready URL on another host or port than the model's is exit 2 unless ready-elsewhere says it is meant", async () => {
  const model = (ready: string) => `, start: { command: "sleep 60", ready: "${ready}" }`;
  const config = (ready: string, url = "http://127.0.0.1:{{port}}/v1") =>
    judgedConfig(model(ready)).replace('base-url: "http://127.0.0.1:9/v1", model: a', `base-url: "${url}", model: a`);
  for (const [ready, url, asks, on] of [
    ["http://127.0.0.1:8080/health", undefined, "127.0.0.1:8080", "127.0.0.1:{{port}}"],
    ["http://localhost:{{port}}/health", undefined, "localhost:{{port}}", "127.0.0.1:{{port}}"],
    ["http://127.0.0.1:{{port}}/health", "http://127.0.0.1:8000/v1", "127.0.0.1:{{port}}", "127.0.0.1:8000"],
  ] as const) {
    const dir = await project({ "prompts.csv": PROMPTS, "evalgate.yml": config(ready, url) });
    const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.ok(
      result.stderr.includes(`evalgate.yml:4:`) &&
        result.stderr.includes(`models.agent.start.ready: asks ${asks}, but the model's base-url is on ${on}`),
      result.stderr,
    );
  }
  const meant = await project({
    "prompts.csv": PROMPTS,
    "evalgate.yml": config("http://127.0.0.1:8081/health").replace('/health" }', '/health", ready-elsewhere: true }'),
  });
  const allowed = await runCli(["validate", "-c", "evalgate.yml"], { cwd: meant });
  assert.equal(allowed.code, 0, allowed.stderr);
  const same = await project({ "prompts.csv": PROMPTS, "evalgate.yml": config("http://127.0.0.1:{{port}}/health") });
  assert.equal((await runCli(["validate", "-c", "evalgate.yml"], { cwd: same })).code, 0);
});

test("numbers: an llm choice score of ±1e308 and every other configured number past ±1e9 are exit 2 at their line, before any request", async () => {
  const dir = await project({
    "scored.prompt.yml": `name: scored
model: openai/gpt-4o-mini
messages:
  - { role: user, content: "{{q}}" }
testData:
  - { q: "one" }
evaluators:
  - name: huge
    llm:
      modelId: openai/gpt-4o
      prompt: "Grade {{completion}}"
      choices:
        - { choice: "good", score: 1e308 }
        - { choice: "bad", score: -1e308 }
`,
    "evalgate.yml": `version: 1
output-dir: out
models:
  bot: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: b, price: { input-per-million: 1e308, output-per-million: 1 } }
  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: j }
suites:
  gh: { kind: prompt-yml, files: "*.prompt.yml", target: bot, judge: judge }
gate: { min-score: -1e308 }
run: { budget-usd: 1e308 }
`,
  });
  const result = await runCli(["run", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  for (const expected of [
    /scored\.prompt\.yml:13:\d*:? ?evaluators\[0\]\.llm\.choices\[0\]\.score: value must be at most 1000000000, got 1e\+308/,
    /scored\.prompt\.yml:14:\d*:? ?evaluators\[0\]\.llm\.choices\[1\]\.score: value must be at least -1000000000, got -1e\+308/,
    /evalgate\.yml:4:\d+: models\.bot\.price\.input-per-million: value must be at most 1000000000, got 1e\+308/,
    /evalgate\.yml:8:\d+: gate\.min-score: value must be at least 0, got -1e\+308/,
    /evalgate\.yml:9:\d+: run\.budget-usd: value must be at most 1000000000, got 1e\+308/,
  ])
    assert.match(result.stderr, expected);
});

test("sizes: a json-schema check's file over 1 MiB, or nested too deeply to compile, is exit 2 at load naming the file", async () => {
  let deep = '{"type":"string"}';
  for (let i = 0; i < 3000; i++) deep = `{"type":"object","properties":{"a":${deep}}}`;
  const wide = JSON.stringify({
    type: "object",
    properties: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`field${i}`, { type: "string" }])),
  });
  assert.ok(wide.length > 1024 * 1024);
  const dir = await project({
    "prompts.csv": 'prompt\n"Q1"\n',
    "wide.json": wide,
    "deep.json": deep,
    "evalgate.yml": `version: 1
output-dir: out
models:
  agent: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: a }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], checks: [{ json-schema: wide.json }, { json-schema: deep.json }] }
`,
  });
  const result = await runCli(["run", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.match(
    result.stderr,
    /evalgate\.yml:6: suites\.qa\.checks\[0\]\.json-schema: wide\.json is 1\.8 MB, more than the 1\.0 MB allowed/,
  );
  assert.match(
    result.stderr,
    /deep\.json: .*cannot use this schema: nested too deeply to validate with \(Maximum call stack size exceeded\)/,
  );
});

/** A command target that answers each request with another id, except the requests whose prompt contains `right`. */
const WRONG_ID_WORKER = `
const rl = require("node:readline").createInterface({ input: process.stdin });
rl.on("line", (line) => {
  const request = JSON.parse(line);
  const right = JSON.stringify(request).includes("right");
  process.stdout.write(JSON.stringify({ id: right ? request.id : "someone-else", content: "Paris" }) + "\\n");
});
`;

test("whose error: a command target replying with the wrong id fails the gate (exit 1) whether or not one answer was right", async () => {
  for (const rows of [
    ["wrong 1", "wrong 2", "wrong 3"],
    ["right 1", "wrong 2", "wrong 3"],
  ]) {
    const dir = await project({
      "worker.js": WRONG_ID_WORKER,
      "prompts.csv": `prompt\n${rows.map((row) => `"${row}"`).join("\n")}\n`,
      "evalgate.yml": `version: 1
output-dir: out
models:
  bot: { provider: command, command: [node, worker.js], retry-backoff: 1ms, max-retries: 0 }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [bot], checks: [{ contains: paris }] }
`,
    });
    const result = await runCli(["run", "-c", "evalgate.yml"], { cwd: dir });
    assert.equal(result.code, 1, `${rows[0]}: ${result.stdout}${result.stderr}`);
    assert.match(
      result.stdout,
      /error rate [\d.]+% \(\d of 3 cases: the system under test gave no usable answer\) is over max-error-rate 5%/,
    );
    assert.match(result.stdout, /replied with id "someone-else" to request/);
    assert.doesNotMatch(result.stdout, /COULD NOT DECIDE|nothing measured/);
  }
});
