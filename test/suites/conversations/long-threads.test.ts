// Long threads are read as a stream and scored message by message (src/suites/conversations/
// long-thread.ts, stream-run.ts): the case must be the same, byte for byte, as the thread read whole.
// Each dataset (the FlexEval fixtures and a thread with everything the reader handles) is loaded
// twice through the suite kind, every line streamed and every line read whole, and each case run both
// ways; then a thread longer than the streaming threshold goes through the real CLI, resumed too.
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { caseFingerprint } from "../../../src/engine/fingerprint.ts";
import type { Results } from "../../../src/results/types.ts";
import { type ConversationInput, loadConversationsSuite } from "../../../src/suites/conversations/load.ts";
import { conversationsOptions } from "../../../src/suites/conversations/options.ts";
import { runConversationCase } from "../../../src/suites/conversations/run.ts";
import type { CaseOutcome } from "../../../src/suites/kind.ts";
import { runCli } from "../../engine/helpers.ts";

const FIXTURES = new URL("../../fixtures/flexeval/", import.meta.url);

/** Every message-level function that reads only its message, with the kwargs it needs. */
const METRICS = [
  { name: "string_length", level: "Message" },
  { name: "flesch_reading_ease", level: "Message" },
  { name: "flesch_kincaid_grade", level: "Message" },
  { name: "count_tokens", level: "Message" },
  { name: "count_emojis", level: "Message" },
  { name: "identity", level: "Message" },
  { name: "constant", level: "Message", kwargs: { response: 2.5 } },
  { name: "is_role", level: "Message", kwargs: { role: "user" } },
  { name: "index_in_thread", level: "Message" },
  { name: "message_matches_regex", level: "Message", kwargs: { expression: "help|plot" } },
  { name: "count_of_parts_matching_regex", level: "Message", kwargs: { expression: "[aeiou]" } },
  { name: "tool_was_called", level: "Message" },
  { name: "count_tool_calls", level: "Message" },
  { name: "count_tool_calls_by_name", level: "Message" },
  { name: "count_errors", level: "Message" },
];

/** A thread with what the reader must get right: system prompts, tool calls answered later, metadata on both sides, odd contents. */
function hostileThread(messages: number): string {
  const input: unknown[] = [{ role: "system", content: "You tutor maths." }];
  for (let i = 0; i < messages; i++) {
    if (i % 7 === 3)
      input.push({
        role: "assistant",
        content: null,
        tool_calls: [{ id: `c${i}`, function: { name: "calc", arguments: `{"x": ${i}, "y": 1.0}` } }],
        additional_kwargs: { calc_errors: i % 2 ? "overflow" : null },
      });
    else if (i % 7 === 4) input.push({ role: "tool", tool_call_id: `c${i - 1}`, content: `= ${i} 😀 "quoted" \\ back` });
    else if (i % 11 === 5)
      input.push({
        role: "user",
        content: [
          { type: "text", text: "parts " },
          { type: "text", text: "joined" },
        ],
      });
    else if (i % 13 === 6) input.push({ role: "user", content: 1.0, note: { deep: [1, 2.5, "x"] } });
    else input.push({ role: i % 2 ? "assistant" : "user", content: `Message ${i}: can you help with the plot? Ça va, 日本語.` });
    if (i === Math.floor(messages / 2)) input.push({ role: "system", content: "a second system message is not the prompt" });
  }
  return `{"student": "ana", "input": ${JSON.stringify(input)}, "grade": 7.0, "tags": {"a": [1, {"b": null}]}}`;
}

async function load(dir: string, dataset: string, longThreadChars: number) {
  const options = conversationsOptions.parse({ kind: "conversations", dataset, metrics: { function: METRICS } });
  return loadConversationsSuite({ suiteName: "convs", options, configDir: dir, rootDir: dir }, { longThreadChars });
}

/** The case run, with its details as the journal's text. */
async function runCase(testCase: Parameters<typeof runConversationCase>[0]) {
  const ctx = { suiteName: "convs", options: {} as never, models: {} as never, repeat: 0, signal: new AbortController().signal };
  const outcome: CaseOutcome = await runConversationCase(testCase, {
    ...ctx,
    options: conversationsOptions.parse({ kind: "conversations", dataset: "x", metrics: { function: METRICS } }),
  });
  const { streamedDetails, details, ...rest } = outcome;
  let text = "";
  if (streamedDetails) {
    for await (const piece of streamedDetails.pieces()) text += piece.toString();
    assert.equal(Buffer.byteLength(text), streamedDetails.bytes);
    await streamedDetails.dispose();
  } else text = JSON.stringify(details);
  return { ...rest, details: text };
}

test("a streamed thread gives the same case as the thread read whole: fingerprint, metrics, errors and details, byte for byte", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-long-"));
  const datasets = ["example.jsonl", "multiturn.jsonl", "plot-convos.jsonl", "simple.jsonl", "simple_metadata.jsonl"];
  for (const name of datasets) await copyFile(new URL(name, FIXTURES), path.join(dir, name));
  // CRLF line ends and a blank line: the run finds the line again as the load counted it.
  await writeFile(path.join(dir, "hostile.jsonl"), `${hostileThread(40)}\r\n\r\n${hostileThread(300)}\r${hostileThread(5)}\n`);
  datasets.push("hostile.jsonl");
  // The spool's temporary folders go here (os.tmpdir() reads TMPDIR), so what is left is this test's.
  const spools = await mkdtemp(path.join(tmpdir(), "evalgate-spools-"));
  const previousTmp = process.env["TMPDIR"];
  process.env["TMPDIR"] = spools;
  for (const dataset of datasets) {
    const whole = await load(dir, dataset, Number.POSITIVE_INFINITY);
    const streamed = await load(dir, dataset, 0);
    assert.equal(streamed.cases.length, whole.cases.length, dataset);
    for (const [i, wholeCase] of whole.cases.entries()) {
      const streamedCase = streamed.cases[i]!;
      assert.ok("streamed" in streamedCase.input, `${dataset} case ${i} is streamed`);
      assert.ok("thread" in wholeCase.input);
      assert.equal(streamedCase.fingerprint, caseFingerprint(wholeCase.input as ConversationInput), `${dataset} case ${i} fingerprint`);
      assert.deepEqual({ ...streamedCase, input: null, fingerprint: null }, { ...wholeCase, input: null, fingerprint: null });
      assert.deepEqual(await runCase(streamedCase), await runCase(wholeCase), `${dataset} case ${i}`);
    }
  }
  if (previousTmp === undefined) delete process.env["TMPDIR"];
  else process.env["TMPDIR"] = previousTmp;
  // Nothing of the spool is left behind.
  assert.deepEqual(await readdir(spools), []);
});

test("a line not in the plain shape is read whole, and its problems are worded as ever", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-long-"));
  const lines = [
    '{"input": [{"role": "user", "content": "a"}], "input": [{"role": "user", "content": "b"}]}', // the last "input" wins
    '{"__proto__": {"x": 1}, "input": [{"role": "user", "content": "c"}]}',
    '{"input": [{"role": "user", "content": "d"},]}',
    '{"input": [{"content": "no role"}]}',
    '[{"role": "user", "content": "e"}]',
  ];
  await writeFile(path.join(dir, "odd.jsonl"), `${lines.join("\n")}\n`);
  const options = conversationsOptions.parse({
    kind: "conversations",
    dataset: "odd.jsonl",
    "on-bad-line": "skip",
    metrics: { function: METRICS },
  });
  const read = (longThreadChars: number) =>
    loadConversationsSuite({ suiteName: "convs", options, configDir: dir, rootDir: dir }, { longThreadChars });
  const [whole, streamed] = [await read(Number.POSITIVE_INFINITY), await read(0)];
  assert.deepEqual(streamed.warnings, whole.warnings);
  assert.equal(whole.warnings.filter((w) => w.message.startsWith("line skipped")).length, 3);
  assert.deepEqual(
    streamed.cases.map((c) => "thread" in c.input),
    [true, true],
  );
  assert.deepEqual(streamed.cases, whole.cases);
});

test("a thread past the streaming threshold runs through the CLI, and --resume keeps it", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-long-"));
  const messages = 30_000; // ~1.9 MB of JSON: over the 1 MiB threshold
  const input = Array.from({ length: messages }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `message ${i}` }));
  await writeFile(path.join(dir, "data.jsonl"), `{"input": [{"role": "system", "content": "sys"}]}\n${JSON.stringify({ input, id: 7 })}\n`);
  await writeFile(
    path.join(dir, "evalgate.yml"),
    "version: 1\noutput-dir: out\nmodels: {}\nsuites:\n  convs:\n    kind: conversations\n    dataset: data.jsonl\n    metrics: { function: [{ name: string_length, level: Message }, { name: index_in_thread, level: Message }] }\ngate: { min-score: 0 }\n",
  );
  const first = await runCli(["run", "-c", path.join(dir, "evalgate.yml"), "--quiet", "--no-cache"], { cwd: dir });
  assert.equal(first.code, 0, first.stderr);
  const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
  const cases = results.suites["convs"]!.cases;
  const long = cases.find((c) => c.source?.line === 2)!;
  const details = long.details as {
    messages: { content: string }[];
    turns: unknown[];
    rows: { metric: string; object: number; value: number }[];
  };
  assert.equal(details.messages.length, messages);
  assert.equal(details.turns.length, messages);
  assert.equal(details.rows.length, 2 * messages);
  assert.deepEqual(details.rows[messages + 123], {
    evaluation: "index_in_thread",
    type: "function",
    level: "Message",
    object: 123,
    role: "assistant",
    kwargs: {},
    metric: "index_in_thread",
    value: 123,
    normalized: 123,
  });
  const lengths = input.map((m) => m.content.length);
  assert.equal(long.metrics["string_length@message"], lengths.reduce((a, b) => a + b, 0) / messages);
  assert.equal(long.metrics["index_in_thread@message|user|max"], messages - 2);
  const resumed = await runCli(["run", "-c", path.join(dir, "evalgate.yml"), "--quiet", "--no-cache", "--resume"], { cwd: dir });
  assert.equal(resumed.code, 0, resumed.stderr);
  const again = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
  assert.equal(again.run.resumedCases, 2);
  assert.deepEqual(again.suites["convs"]!.cases, cases);
});

test("a run stopped by SIGTERM while it scores a long thread leaves no spool folder behind", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-long-"));
  const spools = await mkdtemp(path.join(tmpdir(), "evalgate-spools-"));
  const input = Array.from({ length: 120_000 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `message ${i}` }));
  await writeFile(path.join(dir, "data.jsonl"), `${JSON.stringify({ input })}\n`);
  await writeFile(
    path.join(dir, "evalgate.yml"),
    "version: 1\noutput-dir: out\nmodels: {}\nsuites:\n  convs:\n    kind: conversations\n    dataset: data.jsonl\n    metrics: { function: [{ name: string_length, level: Message }] }\ngate: { min-score: 0 }\n",
  );
  const run = runCli(["run", "-c", path.join(dir, "evalgate.yml"), "--quiet", "--no-cache"], { cwd: dir, env: { TMPDIR: spools } });
  // Stopped once the thread's spool folder exists, that is while its messages are being scored.
  // Only evalgate's spool folders count: the built CLI keeps Node's compile cache in the same TMPDIR.
  const threadSpools = async () => (await readdir(spools)).filter((name) => name.startsWith("evalgate-thread-"));
  const started = Date.now();
  while ((await threadSpools()).length === 0 && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 20));
  assert.equal((await threadSpools()).length, 1, "the run started scoring the thread");
  run.child.kill("SIGTERM");
  const stopped = await run;
  assert.equal(stopped.code, 130, stopped.stderr);
  assert.deepEqual(await threadSpools(), []);
});
