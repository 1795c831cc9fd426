// Invalid UTF-8 and NUL bytes in the files read as streams (a judged suite's prompts CSV, a
// function-call suite's JSONL dataset and BFCL possible answers) are warnings naming the line, with
// the same wording, line numbers and cap as a text file read whole: through the chunked decoder
// whatever the chunking, through the real readers, and through the real CLI (validate and run). The
// last line is checked before a parser sees it, so a line with no final newline that a parser stops at
// keeps its warning too.
import assert from "node:assert/strict";
import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { formatProblem } from "../../src/config/errors.ts";
import { readJsonLines } from "../../src/config/jsonl.ts";
import { BadLines, decodeText, TextChecker, type TextFileProblem } from "../../src/config/text-file.ts";
import type { Results } from "../../src/results/types.ts";
import { CsvSyntaxError, readCsvFile } from "../../src/suites/judged/csv.ts";
import { streamPromptRows } from "../../src/suites/judged/load.ts";
import { runCli } from "../engine/helpers.ts";
import { judgedProject } from "./judged-project.ts";

const BFCL = path.resolve(import.meta.dirname, "../fixtures/bfcl");

/**
 * What a line of a text file read whole is reported with: each line's bytes checked on their own.
 * Lines end at "\n", "\r\n" or a lone "\r" (the CSV parser's rule too).
 */
function referenceWarnings(bytes: Buffer): TextFileProblem[] {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const bad: { line: number; reason: string }[] = [];
  body
    .toString("latin1")
    .split(/\r\n|\r|\n/)
    .forEach((text, index) => {
      const slice = Buffer.from(text, "latin1");
      const reasons: string[] = [];
      if (slice.includes(0)) reasons.push("NUL bytes");
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(slice);
      } catch {
        reasons.push("invalid UTF-8");
      }
      if (reasons.length) bad.push({ line: index + 1, reason: reasons.join(" and ") });
    });
  const warnings = bad.slice(0, 3).map(({ line, reason }) => ({ line, message: `${reason} (replaced by U+FFFD)` }));
  if (bad.length > 3) {
    const more = bad.length - 3;
    warnings.push({ line: bad[3]!.line, message: `and ${more} more ${more === 1 ? "line" : "lines"} with NUL bytes or invalid UTF-8` });
  }
  return warnings;
}

/** Deterministic text with every kind of trouble: bad bytes, NULs, cut sequences, a literal U+FFFD, CRLF, lone CRs. */
function sample(seed: number, lines: number): Buffer {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  const pieces = [
    Buffer.from("plain ascii, "),
    Buffer.from("é"),
    Buffer.from("漢字"),
    Buffer.from("😀"),
    Buffer.from("\uFFFD"), // a literal replacement character is valid text, not a warning
    Buffer.from([0xff]),
    Buffer.from([0x00]),
    Buffer.from([0xc3]), // a cut two-byte sequence
    Buffer.from([0xe6, 0xbc]), // a cut three-byte sequence
    Buffer.from([0xed, 0xa0, 0x80]), // a surrogate: invalid in UTF-8
  ];
  const out: Buffer[] = [Buffer.from([0xef, 0xbb, 0xbf])];
  for (let line = 0; line < lines; line++) {
    const clean = next() % 3 !== 0;
    for (let i = next() % 12; i >= 0; i--) out.push(pieces[next() % (clean ? 5 : pieces.length)]!);
    const end = next() % 6;
    out.push(Buffer.from(end < 2 ? "\r\n" : end === 2 ? "\r" : "\n"));
  }
  if (seed % 2 === 0) out.push(Buffer.from([0x61, 0xe6, 0xbc])); // a last line cut short, with no line end
  return Buffer.concat(out);
}

test("TextChecker: the same warnings and text as the whole file, whatever the chunks", () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const bytes = sample(seed, seed < 3 ? 8 : 400);
    const expected = referenceWarnings(bytes);
    assert.ok(expected.length > 0, `sample ${seed} has bad lines`);
    const expectedText = new TextDecoder().decode(bytes).replace(/\u0000/g, "\uFFFD");
    const whole = decodeText(bytes);
    assert.ok("text" in whole);
    assert.deepEqual(whole.warnings, expected, `decodeText, sample ${seed}`);
    assert.equal(whole.text, expectedText);
    for (const size of [1, 2, 3, 5, 64, 4096]) {
      const checker = new TextChecker();
      let text = "";
      for (let at = 0; at < bytes.length; at += size) text += checker.push(bytes.subarray(at, at + size));
      text += checker.end();
      assert.deepEqual(checker.warnings(), expected, `sample ${seed}, chunks of ${size}`);
      assert.equal(text, expectedText, `sample ${seed}, chunks of ${size}`);
    }
  }
  // Clean text, a literal U+FFFD included, says nothing.
  const clean = new TextChecker();
  clean.push(Buffer.from("a,\uFFFD\nb,é\n"));
  clean.end();
  assert.deepEqual(clean.warnings(), []);
});

/** A prompts CSV of several 64 KiB chunks with bad lines early, late (past the first chunk) and last. */
function promptsCsv(): { bytes: Buffer; badLines: number[] } {
  const lines: Buffer[] = [Buffer.from("prompt,judge_prompt")];
  const badLines: number[] = [];
  const bad = (line: Buffer) => {
    lines.push(line);
    badLines.push(lines.length);
  };
  lines.push(Buffer.from('"Question 1: fine","ok"'));
  bad(Buffer.from('"Question 2: bad \xff byte","x"', "latin1")); // line 3
  bad(Buffer.from('"Question 3: nul \x00 here","y"', "latin1")); // line 4
  lines.push(Buffer.from('"Question 4: a literal \uFFFD is fine","z"'));
  for (let i = 5; lines.length < 3000; i++) lines.push(Buffer.from(`"Question ${i}: é漢字 ${"x".repeat(40)}","answer ${i}"`));
  bad(Buffer.concat([Buffer.from('"Question 3000: both \x00 and ', "latin1"), Buffer.from([0xc3]), Buffer.from('(","w"')])); // line 3001
  lines.push(Buffer.from('"Question 3001: a quoted field over two lines,'));
  bad(Buffer.from('the second one \xfe bad","v"', "latin1")); // line 3003, in the record starting on 3002
  bad(Buffer.concat([Buffer.from('"Question 3002: cut short",at the end '), Buffer.from([0xe6, 0xbc])])); // line 3004, no final newline
  return { bytes: Buffer.concat(lines.flatMap((line, i) => (i === 0 ? [line] : [Buffer.from("\n"), line]))), badLines };
}

test("the streamed readers report the bad lines of a multi-chunk CSV and JSONL with their numbers", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-streamed-"));
  const { bytes, badLines } = promptsCsv();
  assert.ok(bytes.length > 3 * 64 * 1024, "several chunks");
  assert.deepEqual(badLines, [3, 4, 3001, 3003, 3004]);
  const csv = path.join(dir, "prompts.csv");
  await writeFile(csv, bytes);
  const expected = [
    { line: 3, message: "invalid UTF-8 (replaced by U+FFFD)" },
    { line: 4, message: "NUL bytes (replaced by U+FFFD)" },
    { line: 3001, message: "NUL bytes and invalid UTF-8 (replaced by U+FFFD)" },
    { line: 3003, message: "and 2 more lines with NUL bytes or invalid UTF-8" },
  ];
  assert.deepEqual(referenceWarnings(bytes), expected, "the same as the whole-file reader");

  const checker = new TextChecker();
  const records = [];
  for await (const record of readCsvFile(csv, checker)) records.push(record);
  assert.deepEqual(checker.warnings(), expected);
  assert.equal(records.length, 3003, "the header and 3002 rows, one over two lines");
  assert.deepEqual(records[3]!.fields, ["Question 3: nul \uFFFD here", "y"], "a NUL is replaced, as in a file read whole");
  assert.deepEqual(records.at(-2)!.line, 3002);

  // Noted for the judged loader, as its warnings read: file:line: message.
  const noted = new BadLines();
  await streamPromptRows(csv, "evals/prompts.csv", () => {}, noted.checkerFor("evals/prompts.csv", csv));
  assert.deepEqual(
    noted.problems().map(formatProblem),
    expected.map((w) => `evals/prompts.csv:${w.line}: ${w.message}`),
  );

  // The same file as JSON lines: the same lines are named.
  const jsonl = path.join(dir, "cases.jsonl");
  const asJson = bytes
    .toString("latin1")
    .split("\n")
    .map((line) => `{"text":"${line.replace(/"/g, "'")}"}`);
  await writeFile(jsonl, Buffer.from(asJson.join("\n"), "latin1"));
  const jsonChecker = new TextChecker();
  const values = [];
  for await (const line of readJsonLines(jsonl, JSON.parse, jsonChecker)) values.push(line);
  assert.deepEqual(jsonChecker.warnings(), expected);
  assert.equal(values.filter((v) => v.error !== undefined).length, 0, "a NUL inside a string no longer breaks its JSON");
  assert.equal((values[3]!.value as { text: string }).text, "'Question 3: nul \uFFFD here','y'");
});

/** A config with a judged suite, a function-call suite with recorded calls and a BFCL suite, each file with bad lines. */
async function badInputs(): Promise<{ dir: string; config: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-streamed-cli-"));
  await writeFile(path.join(dir, "prompts.csv"), promptsCsv().bytes);
  const recorded = (n: number, extra = "") =>
    `{"id":"case-${n}","scenarioType":"lookup${extra}","expected_function_calls":[{"functionName":"f","arguments":{}}],"actual_function_calls":[{"functionName":"f","arguments":{}}]}`;
  await writeFile(
    path.join(dir, "cases.jsonl"),
    Buffer.concat([
      Buffer.from(`${recorded(1)}\n\n${recorded(2)}\n`),
      Buffer.from(`${recorded(3, "\x00")}\n`, "latin1"), // line 4
      Buffer.from(`${recorded(4)}\n`),
      Buffer.from(`${recorded(5, "\xe9")}\n`, "latin1"), // line 6: Latin-1, not UTF-8
    ]),
  );
  await mkdir(path.join(dir, "bfcl"));
  await cp(path.join(BFCL, "BFCL_v4_simple_python.head100.jsonl"), path.join(dir, "bfcl", "simple.jsonl"));
  const answers = (await readFile(path.join(BFCL, "possible_answer", "BFCL_v4_simple_python.head100.jsonl"), "latin1")).split("\n");
  answers[6] = answers[6]!.replace('{"id"', '{"note": "\xff", "id"'); // line 7: Latin-1 in a key the reader ignores
  await cp(path.join(BFCL, "possible_answer"), path.join(dir, "bfcl", "possible_answer"), { recursive: true });
  await writeFile(path.join(dir, "bfcl", "possible_answer", "simple.jsonl"), Buffer.from(answers.join("\n"), "latin1"));
  const config = path.join(dir, "evalgate.yml");
  await writeFile(
    config,
    `version: 1
output-dir: out
models:
  agent: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: a }
  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: j }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge }
  calls: { kind: function-calls, dataset: cases.jsonl }
  bfcl: { kind: function-calls, dataset: bfcl/simple.jsonl, target: agent }
gate: { min-score: 0.5 }
`,
  );
  return { dir, config };
}

test("validate through the real CLI: each streamed file's bad lines are warnings with file:line, exit 0", async () => {
  const { dir, config } = await badInputs();
  const result = await runCli(["validate", "-c", config], { cwd: dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.equal(result.stderr, "");
  const warnings = result.stdout.split("\n").filter((line) => line.includes("warning:"));
  assert.deepEqual(warnings, [
    "    warning: prompts.csv:3: invalid UTF-8 (replaced by U+FFFD)",
    "    warning: prompts.csv:4: NUL bytes (replaced by U+FFFD)",
    "    warning: prompts.csv:3001: NUL bytes and invalid UTF-8 (replaced by U+FFFD)",
    "    warning: prompts.csv:3003: and 2 more lines with NUL bytes or invalid UTF-8",
    "    warning: cases.jsonl:4: NUL bytes (replaced by U+FFFD)",
    "    warning: cases.jsonl:6: invalid UTF-8 (replaced by U+FFFD)",
    "    warning: bfcl/possible_answer/simple.jsonl:7: invalid UTF-8 (replaced by U+FFFD)",
  ]);
  assert.match(result.stdout, /qa \(judged\): 3002 cases/);
  assert.match(result.stdout, /calls \(function-calls\): 5 cases/);
  assert.match(result.stdout, /bfcl \(function-calls\): 100 cases/);
});

test("run through the real CLI: the warnings reach results.json", async () => {
  const { dir, config } = await badInputs();
  // The recorded suite needs no model: nothing is sent.
  const result = await runCli(["run", "-c", config, "--suites", "calls", "--quiet", "--no-cache"], { cwd: dir });
  assert.ok(result.code === 0 || result.code === 1, result.stdout + result.stderr);
  const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
  assert.deepEqual(
    results.suites.calls!.warnings.filter((w) => w.includes("cases.jsonl:")),
    ["cases.jsonl:4: NUL bytes (replaced by U+FFFD)", "cases.jsonl:6: invalid UTF-8 (replaced by U+FFFD)"],
  );
  assert.deepEqual(
    results.suites.calls!.cases.map((c) => c.status),
    ["scored", "scored", "scored", "scored", "scored"],
  );
});

/** A prompts CSV with no final newline whose last line has both a bad byte and a CSV syntax error (line 3). */
const BROKEN_LAST_LINE = Buffer.from('prompt,judge_prompt\n"Fine","c1"\n"Bad \xff"x,"c2"', "latin1");

/** The same last line after 2000 rows, across the file's last 64 KiB chunk boundary: the error before it, the line's end after. */
function brokenLastLineAcrossChunks(): { bytes: Buffer; line: number } {
  const rows = Array.from({ length: 2000 }, (_, i) => `"Question ${i}","answer"`);
  const head = `prompt,judge_prompt\n${rows.join("\n")}\n`;
  const last = `"Bad \xff"x,"${"y".repeat(200)}"`;
  const pad = 64 * 1024 - head.length - 20; // the last line starts 20 bytes before the boundary
  assert.ok(pad > 0);
  return { bytes: Buffer.from(`${head}${"z".repeat(pad)},"c"\n${last}`, "latin1"), line: rows.length + 3 };
}

test("the real CSV reader: a parser error on the unterminated last line keeps that line's bad-byte warning", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-streamed-last-"));
  const across = brokenLastLineAcrossChunks();
  for (const { bytes, line } of [{ bytes: BROKEN_LAST_LINE, line: 3 }, across]) {
    const csv = path.join(dir, "prompts.csv");
    await writeFile(csv, bytes);
    const checker = new TextChecker();
    const error = await (async () => {
      for await (const _record of readCsvFile(csv, checker));
    })().then(
      () => assert.fail("the CSV was read"),
      (error: unknown) => error,
    );
    assert.ok(error instanceof CsvSyntaxError, String(error));
    assert.equal(error.line, line);
    assert.deepEqual(checker.warnings(), [{ line, message: "invalid UTF-8 (replaced by U+FFFD)" }]);
  }
});

test("validate through the real CLI: the unterminated last line's bad byte is printed before its syntax error, exit 2", async () => {
  const dir = await judgedProject(BROKEN_LAST_LINE);
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.equal(
    result.stderr,
    [
      "warning: prompts.csv:3: invalid UTF-8 (replaced by U+FFFD)",
      'error: prompts.csv:3: prompt: unexpected character "x" after the closing quote',
      "note: the format of prompts.csv is written down in schemas/judged-csv.schema.json (evalgate schema --dataset judged-csv)",
      "",
    ].join("\n"),
  );
});
