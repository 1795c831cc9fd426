// FlexEval parity through the real CLI: Python regexes (refused at load when untranslatable),
// on-bad-line, content as FlexEval stores it, and openai_moderation_api against a scripted
// OpenAI-compatible /moderations route on 127.0.0.1 (cached like judge votes, priced by usage).
import assert from "node:assert/strict";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import type { ConversationDetails } from "../../../src/results/conversations.ts";
import type { Results } from "../../../src/results/types.ts";
import { runCli } from "../../engine/helpers.ts";
import { moderationResult, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";

let server: ScriptedServer;
before(async () => {
  server = await startScriptedServer((request) => {
    const body = request.body as { model: string; input: string };
    if (request.path !== "/v1/moderations") return { status: 404, body: { error: { message: "no such route" } } };
    if (body.model === "down") return { status: 503, body: { error: { message: "moderation overloaded" } } };
    const harsh = /stupid/i.test(body.input) ? 0.9 : 0.01;
    return {
      body: moderationResult({ harassment: harsh, "harassment/threatening": harsh / 10, "self-harm": 0.001 }, { usage: { prompt: 1000 } }),
    };
  });
});
after(() => server.close());

const THREADS = [
  {
    input: [
      { role: "user", content: "Is it yes?" },
      { role: "assistant", content: "Yes, yes. YES!\n" },
    ],
  },
  {
    input: [
      { role: "user", content: 42 },
      { role: "assistant", content: "Привет мир, you are stupid" },
    ],
  },
];

async function suiteDir(suite: string, lines: string[] = THREADS.map((t) => JSON.stringify(t))): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-flexeval-"));
  await writeFile(path.join(dir, "data.jsonl"), `${lines.join("\n")}\n`);
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
output-dir: out
models:
  mod: { provider: openai, base-url: "${server.url}/v1", model: omni-moderation-latest, retry-backoff: 1ms, max-retries: 1, price: { input-per-million: 2, output-per-million: 0 } }
  down: { provider: openai, base-url: "${server.url}/v1", model: down, retry-backoff: 1ms, max-retries: 0 }
suites:
  convs:
${suite}
gate: { min-score: 0 }
`,
  );
  return dir;
}

const run = (dir: string, extra: string[] = ["--no-cache"]) =>
  runCli(["run", "-q", ...extra, "-c", "evalgate.yml", "-o", "results.json"], { cwd: dir });
const readResults = async (dir: string) => JSON.parse(await readFile(path.join(dir, "results.json"), "utf8")) as Results;
const rowsOf = async (dir: string, evaluation: string) =>
  (await readResults(dir)).suites["convs"]!.cases.flatMap((c) =>
    (c.details as ConversationDetails).rows.filter((r) => r.evaluation === evaluation).map((r) => [r.role, r.metric, r.value]),
  );

test("regex metrics: Python patterns count as Python counts; numbers in content are read as str()", async () => {
  const dir = await suiteDir(`    kind: conversations
    dataset: data.jsonl
    metrics:
      function:
        - { name: message_matches_regex, level: Message, kwargs: { expression: '(?i)\\byes\\b' } }
        - { name: message_matches_regex, level: Message, kwargs: { expression: '\\w+' } }
        - { name: count_of_parts_matching_regex, level: Thread, kwargs: { expression: '!$' } }
        - { name: count_of_parts_matching_regex, level: Thread, kwargs: { expression: '^\\d+$' } }`);
  const result = await run(dir);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  // Python: re.findall(r"(?i)\byes\b", …) → 1, 3, 0, 0; \w+ on Cyrillic is 5 words (JavaScript's ASCII \w: 4 pieces);
  // "!$" matches before the final newline; the user's 42 is the text "42".
  assert.deepEqual(
    (await rowsOf(dir, "message_matches_regex")).filter((r) => r[1] === "(?i)\\byes\\b"),
    [
      ["user", "(?i)\\byes\\b", 1],
      ["assistant", "(?i)\\byes\\b", 3],
      ["user", "(?i)\\byes\\b", 0],
      ["assistant", "(?i)\\byes\\b", 0],
    ],
  );
  assert.deepEqual(
    (await rowsOf(dir, "message_matches_regex")).filter((r) => r[1] === "\\w+").map((r) => r[2]),
    [3, 3, 1, 5],
  );
  assert.deepEqual(
    (await rowsOf(dir, "count_of_parts_matching_regex")).map((r) => r[2]),
    [1, 0, 0, 1],
  );
});

test("a regex with no exact JavaScript translation is refused at load: exit 2 with the line and the field", async () => {
  const dir = await suiteDir(`    kind: conversations
    dataset: data.jsonl
    metrics:
      function:
        - { name: string_length, level: Message }
        - { name: message_matches_regex, level: Message, kwargs: { expression: '(?>a+)b' } }`);
  const result = await run(dir);
  assert.equal(result.code, 2, result.stderr + result.stdout);
  assert.match(result.stderr, /evalgate\.yml:13.*suites\.convs\.metrics\.function\[1\]\.kwargs\.expression.*atomic group/);
  assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
});

test("on-bad-line: error stops with exit 2; skip reports every skipped line and counts them", async () => {
  const lines = [JSON.stringify(THREADS[0]), "{not json", JSON.stringify({ messages: [] }), JSON.stringify(THREADS[1])];
  const metrics = `    dataset: data.jsonl
    metrics:
      function:
        - { name: string_length, level: Thread }`;
  const strict = await suiteDir(`    kind: conversations\n${metrics}`, lines);
  const stopped = await run(strict);
  assert.equal(stopped.code, 2);
  assert.match(stopped.stderr, /data\.jsonl:2/);
  const lenient = await suiteDir(`    kind: conversations\n    on-bad-line: skip\n${metrics}`, lines);
  const result = await run(lenient);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const suite = (await readResults(lenient)).suites["convs"]!;
  assert.equal(suite.cases.length, 2);
  const warnings = suite.warnings.join("\n");
  assert.match(warnings, /data\.jsonl:2.*line skipped: not valid JSON/);
  assert.match(warnings, /data\.jsonl:3.*line skipped: expected "input"/);
  assert.match(warnings, /2 dataset line\(s\) skipped \(on-bad-line: skip\)/);
  // string_length in code points; the user's 42 counts as "42".
  assert.deepEqual(
    (await rowsOf(lenient, "string_length")).map((r) => r[2]),
    ["Is it yes?".length + "Yes, yes. YES!\n".length, 2 + [..."Привет мир, you are stupid"].length],
  );
});

test("openai_moderation_api: category scores per message from the configured /moderations endpoint, cached, priced", async () => {
  const dir = await suiteDir(`    kind: conversations
    dataset: data.jsonl
    moderation: mod
    metrics:
      function:
        - { name: openai_moderation_api, level: Message, gate: { role: assistant, at-most: 0.95 } }`);
  const before = server.requests.length;
  const first = await run(dir, []);
  assert.equal(first.code, 0, first.stderr + first.stdout);
  const sent = server.requests.slice(before);
  assert.equal(sent.length, 4);
  // Threads are scored concurrently: the requests arrive in any order.
  const yes = sent.find((request) => (request.body as { input?: string }).input === "Yes, yes. YES!\n");
  assert.deepEqual(yes?.body, { model: "omni-moderation-latest", input: "Yes, yes. YES!\n" });
  assert.ok(
    sent.every((request) => request.headers["authorization"] === undefined),
    "no key configured, none sent",
  );
  const rows = await rowsOf(dir, "openai_moderation_api");
  assert.deepEqual(
    rows.filter((r) => r[1] === "harassment").map((r) => r[2]),
    [0.01, 0.01, 0.01, 0.9],
  );
  assert.ok(rows.some((r) => r[1] === "harassment/threatening"));
  const suite = (await readResults(dir)).suites["convs"]!;
  // 4 calls x 1000 input tokens x $2 per million.
  assert.ok(Math.abs(suite.costUsd! - 0.008) < 1e-12, String(suite.costUsd));
  // The same inputs again: every score from the cache, nothing sent.
  const again = await run(dir, []);
  assert.equal(again.code, 0, again.stderr + again.stdout);
  assert.equal(server.requests.length, before + 4);
});

test("openai_moderation_api: no moderation model is a config error; an unreachable one makes the threads errors", async () => {
  const missing = await suiteDir(`    kind: conversations
    dataset: data.jsonl
    metrics:
      function:
        - { name: openai_moderation_api, level: Message }`);
  const refused = await run(missing);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /openai_moderation_api needs the suite's moderation: model/);
  const wrongProvider = await suiteDir(`    kind: conversations
    dataset: data.jsonl
    moderation: mod
    metrics:
      function:
        - { name: openai_moderation_api, level: Message }`);
  const config = path.join(wrongProvider, "evalgate.yml");
  await writeFile(config, (await readFile(config, "utf8")).replace("mod: { provider: openai,", "mod: { provider: anthropic,"));
  const mismatch = await run(wrongProvider);
  assert.equal(mismatch.code, 2, mismatch.stderr);
  assert.match(mismatch.stderr, /suites\.convs\.moderation: model "mod" has provider anthropic/);
  const down = await suiteDir(`    kind: conversations
    dataset: data.jsonl
    moderation: down
    metrics:
      function:
        - { name: openai_moderation_api, level: Message }`);
  const result = await run(down);
  assert.notEqual(result.code, 0, "a gate that could not measure never passes");
  const suite = (await readResults(down)).suites["convs"]!;
  assert.ok(suite.cases.every((c) => c.status === "error"));
});

test("content FlexEval would read differently is reported once per file, with its first line", async () => {
  const lines = [
    JSON.stringify(THREADS[0]),
    JSON.stringify({
      input: [
        { role: "user", content: [{ type: "text", text: "Hi" }] },
        { role: "assistant", content: "Hello" },
      ],
    }),
    JSON.stringify({
      input: [
        { role: "user", content: "x" },
        { role: "assistant", content: null, tool_calls: [] },
      ],
    }),
    JSON.stringify({ input: [{ role: "user", content: [{ type: "text", text: "again" }] }] }),
  ];
  const dir = await suiteDir(
    `    kind: conversations
    dataset: data.jsonl
    metrics:
      function:
        - { name: string_length, level: Message }`,
    lines,
  );
  const result = await run(dir);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const warnings = (await readResults(dir)).suites["convs"]!.warnings.join("\n");
  assert.match(warnings, /data\.jsonl:2.*list of parts is read as its text parts joined.*2 thread\(s\)/);
  assert.match(warnings, /data\.jsonl:3.*null or missing content.*FlexEval refuses such a thread.*1 thread\(s\)/);
  assert.deepEqual(
    (await rowsOf(dir, "string_length")).slice(2).map((r) => r[2]),
    [2, 5, 1, 0, 5],
  );
});
