// The example suite (evals/) with today's model ids, through the real CLI, against a fake that
// answers as OpenAI's and Anthropic's APIs answer in late 2026 (test/servers/today-apis.ts):
// gpt-5-mini agents from the prompt files, a gpt-5 judge and grader, a gpt-5-nano simulated user,
// an o4-mini completion judge and claude-opus-4-7 for the .prompt.yml files. Before the model rules
// this run was exit 3 with most cases refused; now no request is refused, every case is scored, and
// every setting left out is named with where it came from: by `validate` before any request, and in
// the console, results.json, the comment and the HTML.
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { parseDocument } from "yaml";
import { startDemoTargets } from "../../src/demo/index.ts";
import { judgedPersonas } from "../../src/demo/personas/judged.ts";
import { supportPersonas } from "../../src/demo/personas/support.ts";
import type { Results } from "../../src/results/types.ts";
import { escapeMarkdownText } from "../../src/util/escape.ts";
import { escapeHtml } from "../../src/util/escape-chars.ts";
import { runCli } from "../engine/helpers.ts";
import { startTodayApis, type TodayApis } from "../servers/today-apis.ts";

const EVALS = path.resolve(import.meta.dirname, "../../evals");

/** Each example model as a team runs it today: provider, model id and, for Claude, its own entry. */
const TODAY: Record<string, Record<string, unknown>> = {
  "demo-agent-good": { model: "gpt-5-mini" },
  "demo-agent-sloppy": { model: "gpt-5-mini" },
  "demo-judge": { model: "gpt-5" },
  "demo-user": { model: "gpt-5-nano" },
  "demo-completion-judge": { model: "o4-mini" },
  "demo-prompt-bot": {
    provider: "anthropic",
    "base-url": "${EVALGATE_DEMO_URL}",
    model: "claude-opus-4-7",
    "api-key-env": "ANTHROPIC_API_KEY",
  },
};

/**
 * Reasoning and prompt-cache tokens are totalled apart, per model (the names that share a model id
 * summed) as the fake sent them, and the run's total is in results.json, the console and the comment.
 */
function assertTokensAsReported(
  results: Results,
  reported: TodayApis["reported"],
  models: Record<string, { model?: string }>,
  console: string,
  comment: string,
): void {
  const tokens = results.run.tokens!;
  assert.ok(tokens, "results.json has the run's tokens");
  for (const [id, sent] of reported) {
    const names = Object.keys(models).filter((name) => models[name]!.model === id);
    // An id no model entry names was asked by a system under test itself (the command agent): not evalgate's tokens.
    if (names.length === 0) continue;
    const counted = { input: 0, output: 0, cachedInput: 0, cacheWrite: 0, reasoning: 0 };
    for (const name of names)
      for (const key of Object.keys(counted) as (keyof typeof counted)[]) counted[key] += tokens.byModel[name]?.[key] ?? 0;
    assert.deepEqual(counted, sent, id);
  }
  assert.ok(tokens.reasoning > 0, JSON.stringify(tokens));
  const n = (count: number) => count.toLocaleString("en-US");
  const cache = [
    ...(tokens.cachedInput ? [`${n(tokens.cachedInput)} from the prompt cache`] : []),
    ...(tokens.cacheWrite ? [`${n(tokens.cacheWrite)} written to it`] : []),
  ];
  const line = `${n(tokens.input)} tokens in${cache.length ? ` (${cache.join(", ")})` : ""}, ${n(tokens.output)} out (${n(tokens.reasoning)} reasoning)`;
  assert.ok(console.includes(line), `console: ${line}\n${console.slice(-600)}`);
  assert.ok(comment.includes(line), `comment: ${line}`);
}

/** A copy of evals/ whose hosted models are today's ids, each with its key's variable. */
async function todaysSuite(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-today-"));
  await cp(EVALS, dir, { recursive: true });
  const doc = parseDocument(await readFile(path.join(dir, "evalgate.yml"), "utf8"));
  for (const [name, change] of Object.entries(TODAY)) {
    const model = (doc.getIn(["models", name]) as { toJSON(): Record<string, unknown> }).toJSON();
    doc.setIn(["models", name], doc.createNode({ ...model, "api-key-env": "OPENAI_API_KEY", ...change }));
  }
  await writeFile(path.join(dir, "evalgate.yml"), doc.toString());
  return dir;
}

test("the example suite with today's OpenAI and Anthropic ids: 0 refusals, every case scored, every setting left out named", async () => {
  const personas = { ...judgedPersonas, ...supportPersonas };
  const routes = {
    "gpt-5-mini": "demo-agent",
    "gpt-5": "demo-judge",
    "gpt-5-nano": "demo-user",
    "o4-mini": "demo-completion-judge",
    "claude-opus-4-7": "demo-agent",
  };
  const server = await startTodayApis({ routes, personas });
  const athena = await startDemoTargets({ ports: { openai: 0, athena: 0 }, strictPorts: true });
  const dir = await todaysSuite();
  const env = {
    ...athena.env,
    EVALGATE_DEMO_URL: server.url,
    OPENAI_API_KEY: "sk-proj-fake-0123456789",
    ANTHROPIC_API_KEY: "sk-ant-fake-0123456789",
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
  };
  const careful = await readFile(path.join(dir, "prompts", "careful.prompt.yml"), "utf8");
  const lineOf = (text: string, key: string) => text.split("\n").findIndex((line) => line.trim().startsWith(`${key}:`)) + 1;
  const facts = await readFile(path.join(dir, "prompt-yml", "facts.prompt.yml"), "utf8");
  const expected = [
    `model "demo-agent-good": prompts/careful.prompt.yml:${lineOf(careful, "temperature")} temperature 0.2: not sent, gpt-5-mini accepts only the default (1)`,
    `model "demo-agent-good": prompts/careful.prompt.yml:${lineOf(careful, "maxTokens")} maxTokens 800: sent as max_completion_tokens, gpt-5-mini takes no max_tokens`,
    `model "demo-completion-judge": the function-calls completion judge's temperature (set by evalgate) 0: not sent, o4-mini accepts only the default (1); judge "demo-completion-judge" votes at its default temperature`,
    `model "demo-prompt-bot": prompt-yml/facts.prompt.yml:${lineOf(facts, "temperature")} temperature 0.2: not sent, claude-opus-4-7 takes no temperature`,
  ];
  try {
    const valid = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env });
    assert.equal(valid.code, 0, valid.stdout + valid.stderr);
    assert.equal(server.requests.length, 0, "validate sends nothing");
    for (const line of expected) assert.ok(valid.stdout.includes(line), `validate names it: ${line}\n${valid.stdout}`);

    const args = ["run", "-c", "evalgate.yml", "-o", "results.json", "--markdown", "comment.md", "--html", "report.html"];
    const run = await runCli(args, { cwd: dir, env });
    assert.notEqual(run.code, 3, run.stdout + run.stderr);
    assert.deepEqual(
      server.refusals.map((refusal) => refusal.body),
      [],
      "no request refused",
    );
    const results = JSON.parse(await readFile(path.join(dir, "results.json"), "utf8")) as Results;
    for (const [name, suite] of Object.entries(results.suites)) {
      assert.equal(suite.counts.errors, 0, `${name}: ${JSON.stringify(suite.cases.find((c) => c.error)?.error)}`);
      assert.equal(suite.counts.scored, suite.counts.cases, name);
    }
    const comment = await readFile(path.join(dir, "comment.md"), "utf8");
    const html = await readFile(path.join(dir, "report.html"), "utf8");
    const config = parseDocument(await readFile(path.join(dir, "evalgate.yml"), "utf8")).toJS() as {
      models: Record<string, { model?: string }>;
    };
    assertTokensAsReported(results, server.reported, config.models, run.stdout, comment);
    for (const line of expected) {
      assert.ok(results.run.notes?.includes(line), `results.json: ${line}\n${results.run.notes?.join("\n")}`);
      assert.ok(run.stdout.includes(line), `console: ${line}`);
      assert.ok(comment.includes(escapeMarkdownText(line, 400)), `comment: ${line}`);
      assert.ok(html.includes(escapeHtml(line)), `html: ${line}`);
    }
  } finally {
    await athena.close();
    await server.close();
  }
});

test("long prompts: prompt-cache and reasoning tokens totalled apart in results.json, the console and the comment; a judge at its default temperature named beside its votes", async () => {
  const routes = { "gpt-5-mini": "demo-agent", "claude-sonnet-4-5": "demo-agent", "gpt-5": "demo-judge" };
  const server = await startTodayApis({ routes, personas: judgedPersonas });
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-tokens-"));
  // The fake reports a cache read for a prompt of 2,048 tokens or more, and Anthropic a cache write below that (from 1,024).
  const policy = (chars: number) => "The refund policy, in full: ".padEnd(chars, " Refunds are paid within 14 days.");
  const rows = ["prompt,judge_prompt", ...[9000, 5000].map((chars) => `"${policy(chars)} How long do refunds take?","14 days."`)];
  await writeFile(path.join(dir, "prompts.csv"), `${rows.join("\n")}\n`);
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
models:
  mini: { provider: openai, base-url: "${server.url}/v1", model: gpt-5-mini }
  sonnet: { provider: anthropic, base-url: "${server.url}", model: claude-sonnet-4-5 }
  judge: { provider: openai, base-url: "${server.url}/v1", model: gpt-5, temperature: 0 }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [mini, sonnet], judge: judge, judge-runs: 1, scale: 0-3 }
`,
  );
  try {
    const env = { OPENAI_API_KEY: "sk-proj-fake-0123456789", ANTHROPIC_API_KEY: "sk-ant-fake-0123456789" };
    const args = [
      "run",
      "-c",
      "evalgate.yml",
      "-o",
      "results.json",
      "--markdown",
      "comment.md",
      "--html",
      "report.html",
      "--sqlite",
      "results.db",
      "--no-cache",
    ];
    const run = await runCli(args, { cwd: dir, env });
    assert.notEqual(run.code, 3, run.stdout + run.stderr);
    assert.deepEqual(server.refusals, []);
    const results = JSON.parse(await readFile(path.join(dir, "results.json"), "utf8")) as Results;
    assert.deepEqual(sqliteTokens(path.join(dir, "results.db")), results.run.tokens!.byModel, "SQLite's run_tokens, model by model");
    const models = { mini: { model: "gpt-5-mini" }, sonnet: { model: "claude-sonnet-4-5" }, judge: { model: "gpt-5" } };
    const comment = await readFile(path.join(dir, "comment.md"), "utf8");
    assertTokensAsReported(results, server.reported, models, run.stdout, comment);
    const { byModel } = results.run.tokens!;
    assert.ok(byModel["mini"]!.cachedInput > 0 && byModel["mini"]!.reasoning > 0, JSON.stringify(byModel["mini"]));
    assert.ok(byModel["sonnet"]!.cachedInput > 0 && byModel["sonnet"]!.cacheWrite > 0, JSON.stringify(byModel["sonnet"]));
    // gpt-5 takes only its default temperature: the judge's identity says so, and the page says it beside every case's votes.
    assert.equal(results.suites["qa"]!.judge?.defaultTemperature, "gpt-5 accepts only the default (1)");
    const html = await readFile(path.join(dir, "report.html"), "utf8");
    const beside = 'judge \\"judge\\" voted at its default temperature: gpt-5 accepts only the default (1)';
    assert.equal(html.split(beside).length - 1, results.suites["qa"]!.cases.length, "in each case's data, shown under its votes");
    assert.match(html, /c\.judgeTemperature/);
  } finally {
    await server.close();
  }
});

/** run_tokens of the file's one run, as results.json's byModel. */
function sqliteTokens(file: string): Record<string, Record<string, number>> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare("SELECT * FROM run_tokens ORDER BY model").all() as Record<string, number | string>[];
    return Object.fromEntries(
      rows.map((row) => [
        row["model"],
        {
          input: row["input_tokens"],
          output: row["output_tokens"],
          cachedInput: row["cached_input_tokens"],
          cacheWrite: row["cache_write_tokens"],
          reasoning: row["reasoning_tokens"],
        },
      ]),
    );
  } finally {
    db.close();
  }
}
