import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { ConfigError, formatProblem } from "../../../src/config/errors.ts";
import { CsvSyntaxError, parseCsv } from "../../../src/suites/judged/csv.ts";
import { judgedSuite } from "../../../src/suites/judged/index.ts";
import { readPromptRows } from "../../../src/suites/judged/load.ts";
import { judgedOptions } from "../../../src/suites/judged/options.ts";

const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));

function options(extra: Record<string, unknown>) {
  return judgedOptions.parse({ kind: "judged", agents: ["a"], judge: "j", ...extra });
}

/** Runs fn, expects a ConfigError, and returns its message. */
async function configErrorOf(fn: () => unknown): Promise<ConfigError> {
  try {
    await fn();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail("expected a ConfigError");
}

test("parseCsv: quotes, escaped quotes, commas and newlines inside quotes, CRLF, BOM, no final newline", () => {
  const text = '\uFEFFprompt,judge_prompt\r\n"Say ""hi"", then stop","a, b\r\nc"\r\n\r\nplain,x"y\r\n"last",""';
  assert.deepEqual(parseCsv(text), [
    { line: 1, fields: ["prompt", "judge_prompt"] },
    { line: 2, fields: ['Say "hi", then stop', "a, b\r\nc"] },
    // line 4 is blank and skipped; the record after it starts on line 5
    { line: 5, fields: ["plain", 'x"y'] },
    { line: 6, fields: ["last", ""] },
  ]);
});

test("parseCsv: LF and lone CR line ends, trailing comma, spaces after a closing quote", () => {
  assert.deepEqual(parseCsv('a,b\n"x" ,y,\rlast,"q"'), [
    { line: 1, fields: ["a", "b"] },
    { line: 2, fields: ["x", "y", ""] },
    { line: 3, fields: ["last", "q"] },
  ]);
  assert.deepEqual(parseCsv(""), []);
  assert.deepEqual(parseCsv("\n\n"), []);
});

test("parseCsv: an unterminated quote reports the line where it opened and the field", () => {
  const text = 'prompt,judge_prompt\n"ok","fine"\n"What is 2+2?","The answer is 4.\n\n';
  assert.throws(
    () => parseCsv(text),
    (error: unknown) =>
      error instanceof CsvSyntaxError &&
      error.line === 3 &&
      error.field === 2 &&
      error.records.length === 2 &&
      error.reason === "unterminated quoted field: the quote opened on line 3 is never closed",
  );
});

test("readPromptRows: the real dust-evals examples", async () => {
  const simple = readPromptRows(await readFile(join(fixtures, "simple.csv"), "utf8"), "simple.csv");
  assert.equal(simple.rows.length, 5);
  assert.deepEqual(simple.warnings, []);
  assert.deepEqual(simple.rows[0], { line: 2, prompt: "What is 2 + 2?", criteria: "The correct answer is 4.", files: [] });
  assert.deepEqual(
    simple.rows.map((row) => row.line),
    [2, 3, 4, 5, 6],
  );
  assert.equal(simple.rows[4]?.criteria, "The correct answer is 1945."); // last row, no final newline

  const complex = readPromptRows(await readFile(join(fixtures, "complex.csv"), "utf8"), "complex.csv");
  assert.equal(complex.rows.length, 5);
  assert.match(complex.rows[0]!.criteria, /handle edge cases \(numbers <= 1\), efficient algorithm/);
  assert.match(complex.rows[3]!.criteria, /\/todos\/:id/);
  assert.equal(complex.rows[4]?.prompt, "Explain the concept of recursion with an example.");
});

test("load: with_files.csv attaches the semicolon-delimited report, read relative to the CSV's folder", async () => {
  const loaded = await judgedSuite.load({
    suiteName: "files",
    options: options({ prompts: "with_files.csv" }),
    configDir: fixtures,
    rootDir: join(fixtures, "..", "..", "..", ".."),
  });
  assert.equal(loaded.cases.length, 1);
  const [only] = loaded.cases;
  assert.equal(only?.source.file, "test/suites/judged/fixtures/with_files.csv");
  assert.equal(only?.source.line, 2);
  assert.equal(only?.input.attachments.length, 1);
  assert.equal(only?.input.attachments[0]?.path, "./files/categorization_pct.csv");
  assert.equal(only?.input.attachments[0]?.text, await readFile(join(fixtures, "files", "categorization_pct.csv"), "utf8"));
  assert.match(only!.input.attachments[0]!.text, /^AGENT_MESSAGE_CATEGORY;MESSAGE_COUNT;PCT\r?\n/);
});

test("load: a file attached by many rows is read once: the cases share its text, its bad lines are warned about once", async () => {
  const { mkdtemp, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const dir = await mkdtemp(join(tmpdir(), "evalgate-attach-"));
  await writeFile(join(dir, "ctx.txt"), Buffer.concat([Buffer.from("shared context\nline two "), Buffer.from([0xff]), Buffer.from("\n")]));
  const rows = ['"Q1","C1","./ctx.txt"', '"Q2","C2","ctx.txt"', '"Q3","C3","sub/../ctx.txt"'];
  await writeFile(join(dir, "p.csv"), `prompt,judge_prompt,files\n${rows.join("\n")}\n`);
  // Count the reads of ctx.txt: node:fs/promises' open (every read opens the file, util/regular-file.ts), wrapped, and the ESM bindings synced to it.
  const { createRequire, syncBuiltinESMExports } = await import("node:module");
  const fsPromises = createRequire(import.meta.url)("node:fs/promises") as { open: (...args: unknown[]) => Promise<unknown> };
  const original = fsPromises.open;
  let reads = 0;
  fsPromises.open = (...args: unknown[]) => {
    if (String(args[0]).endsWith("ctx.txt")) reads++;
    return original(...args);
  };
  syncBuiltinESMExports();
  let loaded: Awaited<ReturnType<typeof judgedSuite.load>>;
  try {
    loaded = await judgedSuite.load({ suiteName: "s", options: options({ prompts: "p.csv" }), configDir: dir, rootDir: dir });
  } finally {
    fsPromises.open = original;
    syncBuiltinESMExports();
  }
  assert.equal(reads, 1, "ctx.txt is read once for the three rows (a large file attached by every row is held once)");
  const texts = loaded.cases.map((c) => (c.input as { attachments: { text: string }[] }).attachments[0]!.text);
  assert.deepEqual(texts, Array(3).fill("shared context\nline two \uFFFD\n"));
  assert.deepEqual(
    loaded.warnings.map(formatProblem).filter((w) => w.includes("ctx.txt")),
    ["ctx.txt:2: invalid UTF-8 (replaced by U+FFFD)"],
  );
});

test("load: cases are runs × prompts × agents with content-stable ids, positions and titles", async () => {
  const dir = await mkdtemp(join(tmpdir(), "evalgate-judged-"));
  await writeFile(
    join(dir, "p.csv"),
    'prompt,judge_prompt\n"Same question?","c1"\n"Other","c2"\n"Same question?","c3"\n"","empty prompt"\n"' +
      "x".repeat(100) +
      '","long"\n',
  );
  const loaded = await judgedSuite.load({
    suiteName: "s",
    options: options({ prompts: "p.csv", agents: ["a", "b"], runs: 2 }),
    configDir: dir,
    rootDir: dir,
  });
  assert.deepEqual(loaded.warnings.map(formatProblem), ['p.csv:5: row skipped: "prompt" is empty']);
  assert.equal(loaded.cases.length, 4 * 2 * 2);
  const same = "022e7e2a"; // printf "Same question?" | sha1sum
  const other = "6e6a6f20"; // printf Other | sha1sum
  const long = "50e48369"; // sha1 of 100 "x"
  assert.deepEqual(
    loaded.cases.slice(0, 8).map((c) => c.id),
    [`a/${same}/r1`, `b/${same}/r1`, `a/${other}/r1`, `b/${other}/r1`, `a/${same}-2/r1`, `b/${same}-2/r1`, `a/${long}/r1`, `b/${long}/r1`],
  );
  assert.equal(loaded.cases[8]?.id, `a/${same}/r2`);
  assert.deepEqual(
    loaded.cases.slice(0, 8).map((c) => [c.position, c.source.line]),
    [
      [1, 2],
      [1, 2],
      [2, 3],
      [2, 3],
      [3, 4],
      [3, 4],
      [4, 6],
      [4, 6],
    ],
  );
  assert.equal(loaded.cases[6]?.title, "x".repeat(80));
  assert.equal(loaded.cases[4]?.input.criteria, "c3");
});

test("load: the optional group column names each case's cluster; a row without one stands alone", async () => {
  const dir = await mkdtemp(join(tmpdir(), "evalgate-judged-"));
  await writeFile(
    join(dir, "p.csv"),
    'prompt,judge_prompt,group\n"Who signed?","names","contract-7"\n"When?","date","contract-7"\n"Else?","x",""\n',
  );
  const loaded = await judgedSuite.load({
    suiteName: "s",
    options: options({ prompts: "p.csv", agents: ["a"] }),
    configDir: dir,
    rootDir: dir,
  });
  assert.deepEqual(loaded.warnings, [], "group is a known column");
  assert.deepEqual(
    loaded.cases.map((c) => c.cluster),
    ["contract-7", "contract-7", undefined],
  );
});

test("load: the judge preamble is read relative to the config folder", async () => {
  const loaded = await judgedSuite.load({
    suiteName: "s",
    options: options({ prompts: "simple.csv", "judge-preamble": "../../../../evals/judged/judge-prompts/default.md" }),
    configDir: fixtures,
    rootDir: fixtures,
  });
  assert.match(loaded.cases[0]?.input.preamble ?? "", /^# Judge Instructions/);
});

async function writeCsv(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "evalgate-judged-"));
  await writeFile(join(dir, "bad.csv"), text);
  return dir;
}

test("malformed CSVs: errors name the file, the line and the field", async () => {
  const cases: [string, string][] = [
    [
      'prompt,judge_prompt\n"ok","fine"\n"What is 2+2?","The answer is 4.\n',
      "bad.csv:3: judge_prompt: unterminated quoted field: the quote opened on line 3 is never closed",
    ],
    ['prompt,judge_prompt\n"ok","fine"\n"A"x,"b"\n', 'bad.csv:3: prompt: unexpected character "x" after the closing quote'],
    ['prompt,criteria\n"q","c"\n', 'bad.csv:1: judge_prompt: missing header column "judge_prompt" (found: prompt, criteria)'],
    ['prompt,judge_prompt\n"q","c"\n\n"q2","c2","extra"\n', "bad.csv:4: row: expected 2 fields (prompt, judge_prompt), found 3"],
    ["", "bad.csv:1: the file is empty; expected a header row prompt,judge_prompt[,files][,group]"],
  ];
  for (const [text, message] of cases) {
    const dir = await writeCsv(text);
    const error = await configErrorOf(() =>
      judgedSuite.load({ suiteName: "s", options: options({ prompts: "bad.csv" }), configDir: dir, rootDir: dir }),
    );
    assert.equal(error.message, message);
  }
});

test("a missing attachment names the CSV, its line and the path", async () => {
  const dir = await writeCsv('prompt,judge_prompt,files\n"q1","c1",""\n"q2","c2","./files/nope.csv"\n');
  await mkdir(join(dir, "files"));
  const error = await configErrorOf(() =>
    judgedSuite.load({ suiteName: "s", options: options({ prompts: "bad.csv" }), configDir: dir, rootDir: dir }),
  );
  assert.deepEqual(error.problems, [
    {
      file: "bad.csv",
      line: 3,
      field: "files",
      message: 'attached file "./files/nope.csv" does not exist (paths are relative to the CSV\'s folder)',
    },
  ]);
});

test("a missing prompts file is an error naming the suite's option", async () => {
  const dir = await mkdtemp(join(tmpdir(), "evalgate-judged-"));
  const error = await configErrorOf(() =>
    judgedSuite.load({ suiteName: "helpful", options: options({ prompts: "nope.csv" }), configDir: dir, rootDir: dir }),
  );
  assert.equal(error.problems[0]?.file, "nope.csv");
  assert.equal(error.problems[0]?.field, "suites.helpful.prompts");
});

test("CsvReader: any chunking gives the records and line numbers of the whole text", async () => {
  const { CsvReader } = await import("../../../src/suites/judged/csv.ts");
  const texts = [
    '\ufeffprompt,judge_prompt,files\r\n"a, ""quoted""\r\nmulti-line",crit,\r\n\r\nplain,"x" ,y\rlast,"q\nr",z',
    await readFile(join(fixtures, "complex.csv"), "utf8"),
    'a,b\n"open\n\n"",still",x\n',
  ];
  for (const text of texts) {
    const whole = parseCsv(text);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const reader = new CsvReader();
      const records = [];
      for (let i = 0; i < text.length; i += size) records.push(...reader.push(text.slice(i, i + size)));
      records.push(...reader.end());
      assert.deepEqual(records, whole, `chunks of ${size}`);
    }
  }
});

test("loadJudgedSuite: a CSV larger than one read chunk gives every case with its line", async () => {
  const { mkdtemp, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { loadJudgedSuite } = await import("../../../src/suites/judged/load.ts");
  const dir = await mkdtemp(join(tmpdir(), "evalgate-csv-"));
  // Every row spans two lines, so a wrong line count shows at once; ~600 KB, several chunks.
  const rows = Array.from({ length: 3000 }, (_, i) => `"Question ${i}\n${"x".repeat(180)}","criteria ${i}"`);
  await writeFile(join(dir, "p.csv"), `prompt,judge_prompt\n${rows.join("\n")}\n`);
  const options = { prompts: "p.csv", agents: ["a"], judge: "j", runs: 1, "judge-runs": 1, scale: "0-3", "pass-score": 0.5 };
  const loaded = await loadJudgedSuite({ suiteName: "s", options: options as never, configDir: dir, rootDir: dir });
  assert.equal(loaded.cases.length, 3000);
  loaded.cases.forEach((c, i) => {
    assert.equal(c.source.line, 2 + 2 * i);
    assert.match((c.input as { prompt: string }).prompt, new RegExp(`^Question ${i}\\n`));
  });
  // A shard's loader keeps only its own cases.
  const kept = await loadJudgedSuite({
    suiteName: "s",
    options: options as never,
    configDir: dir,
    rootDir: dir,
    keep: (id) => id.endsWith("0/r1"),
  });
  assert.deepEqual(
    kept.cases.map((c) => c.id),
    loaded.cases.filter((c) => c.id.endsWith("0/r1")).map((c) => c.id),
  );
});
