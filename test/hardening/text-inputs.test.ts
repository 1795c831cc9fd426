// Every user-authored text file a suite reads, not only its main data file (judged attachments and
// the judge preamble, the function-call tools file, conversation datasets and rubric files, the SGI
// manifest, diagrams, example solution and price table), goes through config/text-file.ts. Lines
// with invalid UTF-8 or NUL bytes are warnings "file:line: ..." (the first three, then how many more),
// first among the suite's warnings: through the real loaders and through the real CLI (exit 0). A
// binary, missing file or a directory is refused with exit 2, naming the file, the line and the field.
// A lone CR ends a line everywhere, so a row problem and a bad-byte warning name the same line. When
// a suite then fails to load, the bad lines read so far stay with its ConfigError: printed (and
// annotated by the action) as warnings before its errors, exit 2 all the same.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { ConfigError, formatProblem } from "../../src/config/errors.ts";
import { readJsonLines } from "../../src/config/jsonl.ts";
import { loadConfig } from "../../src/config/load.ts";
import { decodeText, TextChecker } from "../../src/config/text-file.ts";
import { reportProblems } from "../../src/github/publish.ts";
import { loadSuiteKinds } from "../../src/suites/index.ts";
import { streamPromptRows } from "../../src/suites/judged/load.ts";
import { parsePriceTable } from "../../src/suites/sgi/cost.ts";
import { runCli } from "../engine/helpers.ts";
import { judgedProject } from "./judged-project.ts";

const EVALS = path.resolve(import.meta.dirname, "../../evals");

/** The first line of evals/evalgate.yml that starts (indentation aside) with `start`: where a suite names a file. */
function configLine(start: string): number {
  const lines = readFileSync(path.join(EVALS, "evalgate.yml"), "utf8").split("\n");
  const index = lines.findIndex((line) => line.trimStart().startsWith(start));
  assert.ok(index >= 0, `evals/evalgate.yml has a line "${start}…"`);
  return index + 1;
}

type Edit = (bytes: Buffer) => Buffer;

/** Puts `bad` at the end of each listed line (before its line end). */
function atEndOf(lines: Record<number, string>): Edit {
  return (bytes) => {
    const text = bytes.toString("latin1").split("\n");
    for (const [line, bad] of Object.entries(lines)) {
      const index = Number(line) - 1;
      const current = text[index]!;
      text[index] = current.endsWith("\r") ? `${current.slice(0, -1)}${bad}\r` : `${current}${bad}`;
    }
    return Buffer.from(text.join("\n"), "latin1");
  };
}

/** Puts `bad` right after the `occurrence`-th `needle` (inside a JSON string, so the JSON stays valid). */
function after(needle: string, bad: string, occurrence = 1): Edit {
  return (bytes) => {
    let at = -1;
    for (let i = 0; i < occurrence; i++) at = bytes.indexOf(needle, at + 1);
    assert.ok(at >= 0, `no ${needle}`);
    at += needle.length;
    return Buffer.concat([bytes.subarray(0, at), Buffer.from(bad, "latin1"), bytes.subarray(at)]);
  };
}

const binary: Edit = () => Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));

/** A copy of evals/ (all four suite kinds) in a temp folder, with some files edited, turned into folders or removed. */
async function project(edits: Record<string, Edit | "directory" | "missing"> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-text-inputs-"));
  await cp(EVALS, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(dir, file);
    if (edit === "directory" || edit === "missing") {
      await rm(target);
      if (edit === "directory") await mkdir(target);
    } else await writeFile(target, edit(await readFile(target)));
  }
  return dir;
}

/** Each suite's warnings through the real loaders (as the engine calls them), paths relative to `dir`. */
async function loadWarnings(dir: string): Promise<Record<string, string[]>> {
  const loaded = await loadConfig(path.join(dir, "evalgate.yml"));
  const kinds = await loadSuiteKinds(Object.values(loaded.config.suites).map((suite) => suite.kind));
  const warnings: Record<string, string[]> = {};
  for (const [name, options] of Object.entries(loaded.config.suites)) {
    const suite = await kinds.get(options.kind)!.load({
      suiteName: name,
      options,
      configDir: loaded.dir,
      rootDir: dir,
      configFile: "evalgate.yml",
      lineOf: loaded.lineOf,
      allowedRoot: dir,
    });
    warnings[name] = suite.warnings.map(formatProblem);
  }
  return warnings;
}

const BAD_LINES = {
  "judged/judge-prompts/default.md": atEndOf({ 1: "\xff", 3: "\x00", 7: "\xc3", 11: "\xfe", 13: "\x00" }),
  "judged/files/categorization_pct.csv": atEndOf({ 3: "\x00" }), // CRLF: the NUL goes before the CR
  "function-calls/tools.json": after("Create a support", " \xc3"), // line 6, inside a string
  "conversations/rubrics.yaml": atEndOf({ 1: " \xfe" }), // a comment
  "conversations/simple.jsonl": after("my ", "\xff", 2), // line 2, inside a string
  "sgi/bpmn_loan/manifest.yml": atEndOf({ 1: " # \xff" }),
  "sgi/bpmn_loan/test_cases/missing_start_event.json": after("Loan Applicant", "\xe9"), // line 15
  "sgi/bpmn_loan/example_solution.json": after("Loan Applicant", "\x00"), // line 15
  "sgi/llm_cost.yml": atEndOf({ 1: " # \xe9" }),
};

/** What each suite reports first, in the order its files are read. */
const EXPECTED: Record<string, string[]> = {
  "uml-feedback": [
    "sgi/bpmn_loan/manifest.yml:1: invalid UTF-8 (replaced by U+FFFD)",
    "sgi/bpmn_loan/test_cases/missing_start_event.json:15: invalid UTF-8 (replaced by U+FFFD)",
    "sgi/bpmn_loan/example_solution.json:15: NUL bytes (replaced by U+FFFD)",
    "sgi/llm_cost.yml:1: invalid UTF-8 (replaced by U+FFFD)",
  ],
  "support-bot": ["function-calls/tools.json:6: invalid UTF-8 (replaced by U+FFFD)"],
  helpfulness: [
    "judged/judge-prompts/default.md:1: invalid UTF-8 (replaced by U+FFFD)",
    "judged/judge-prompts/default.md:3: NUL bytes (replaced by U+FFFD)",
    "judged/judge-prompts/default.md:7: invalid UTF-8 (replaced by U+FFFD)",
    "judged/judge-prompts/default.md:11: and 2 more lines with NUL bytes or invalid UTF-8",
    // Attached to one row; a file attached to several rows would be reported once.
    "judged/files/categorization_pct.csv:3: NUL bytes (replaced by U+FFFD)",
  ],
  "tutor-conversations": [
    "conversations/rubrics.yaml:1: invalid UTF-8 (replaced by U+FFFD)",
    "conversations/simple.jsonl:2: invalid UTF-8 (replaced by U+FFFD)",
  ],
};

const isBadLine = (warning: string) => /\(replaced by U\+FFFD\)$| more lines? with NUL bytes or invalid UTF-8$/.test(warning);

test("the real loaders: every text file's bad lines are warnings with file:line, first among the suite's", async () => {
  const dir = await project(BAD_LINES);
  const warnings = await loadWarnings(dir);
  for (const [suite, expected] of Object.entries(EXPECTED)) {
    assert.deepEqual(warnings[suite]!.slice(0, expected.length), expected, suite);
    assert.deepEqual(warnings[suite]!.filter(isBadLine), expected, `${suite}: nothing else`);
  }
  // The untouched project says nothing about bytes.
  const clean = await loadWarnings(await project());
  assert.deepEqual(Object.values(clean).flat().filter(isBadLine), []);
});

test("validate through the real CLI: the same warnings, exit 0", async () => {
  const dir = await project(BAD_LINES);
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.equal(result.stderr, "");
  const warnings = result.stdout
    .split("\n")
    .filter((line) => line.startsWith("    warning: "))
    .map((line) => line.slice("    warning: ".length));
  assert.deepEqual(warnings.filter(isBadLine), Object.values(EXPECTED).flat());
  assert.match(result.stdout, /uml-feedback \(sgi\): 37 cases/);
  assert.match(result.stdout, /helpfulness \(judged\): 22 cases/);
  assert.match(result.stdout, /tutor-conversations \(conversations\): 5 cases/);
});

/** A file made unusable, and the one error line the CLI must print for it (`DIR` is the project's folder). */
const REFUSED: { file: string; edit: Edit | "directory" | "missing"; error: string }[] = [
  {
    file: "judged/judge-prompts/default.md",
    edit: binary,
    error:
      "judged/judge-prompts/default.md:1: suites.helpfulness.judge-preamble: cannot read the judge preamble: is not a text file (binary content)",
  },
  {
    file: "judged/files/categorization_pct.csv",
    edit: binary,
    error: 'judged/prompts.csv:12: files: attached file "./files/categorization_pct.csv" is not a text file (binary content)',
  },
  {
    file: "judged/files/categorization_pct.csv",
    edit: "missing",
    error:
      'judged/prompts.csv:12: files: attached file "./files/categorization_pct.csv" does not exist (paths are relative to the CSV\'s folder)',
  },
  {
    file: "judged/files/categorization_pct.csv",
    edit: "directory",
    error: 'judged/prompts.csv:12: files: attached file "./files/categorization_pct.csv" is a directory; expected a text file',
  },
  {
    file: "function-calls/tools.json",
    edit: binary,
    error: "function-calls/tools.json:1: suites.support-bot.tools: cannot read the tool schemas: is not a text file (binary content)",
  },
  {
    file: "conversations/rubrics.yaml",
    edit: binary,
    error: `evalgate.yml:${configLine("rubrics:")}: suites.tutor-conversations.rubrics: the rubrics file DIR/conversations/rubrics.yaml is not a text file (binary content)`,
  },
  {
    file: "conversations/simple.jsonl",
    edit: binary,
    error: `evalgate.yml:${configLine("dataset: conversations/")}: suites.tutor-conversations.dataset: the dataset DIR/conversations/simple.jsonl is not a text file (binary content)`,
  },
  {
    file: "sgi/bpmn_loan/manifest.yml",
    edit: binary,
    error: "sgi/bpmn_loan/manifest.yml:1: manifest.yml: is not a text file (binary content)",
  },
  {
    file: "sgi/bpmn_loan/manifest.yml",
    edit: "directory",
    error: "sgi/bpmn_loan/manifest.yml: manifest.yml: is a directory; expected a YAML file",
  },
  {
    file: "sgi/bpmn_loan/test_cases/missing_start_event.json",
    edit: binary,
    error: "sgi/bpmn_loan/test_cases/missing_start_event.json:1: test case file: is not a text file (binary content)",
  },
  {
    file: "sgi/bpmn_loan/example_solution.json",
    edit: binary,
    error:
      "sgi/bpmn_loan/manifest.yml:10: exercise.example_solution: file sgi/bpmn_loan/example_solution.json is not a text file (binary content)",
  },
  {
    file: "sgi/bpmn_loan/example_solution.json",
    edit: "directory",
    error:
      "sgi/bpmn_loan/manifest.yml:10: exercise.example_solution: file sgi/bpmn_loan/example_solution.json is a directory; expected a file",
  },
  { file: "sgi/llm_cost.yml", edit: binary, error: "sgi/llm_cost.yml:1: costs: the price table is not a text file (binary content)" },
];

for (const { file, edit, error } of REFUSED) {
  const what = edit === "directory" || edit === "missing" ? edit : "binary";
  test(`validate through the real CLI: ${file} ${what} is refused with exit 2, file:line and the field`, async () => {
    const dir = await project({ [file]: edit });
    const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    // The one error, last: the warnings of the suites that loaded (the SGI manifest's) are printed before it.
    const lines = result.stderr.trimEnd().split("\n");
    assert.equal(lines.at(-1), `error: ${error.replace("DIR", dir)}`);
    assert.deepEqual(
      lines.slice(0, -1).filter((line) => !line.startsWith("warning: ")),
      [],
    );
  });
}

/** Replaces the first `needle` with `bad` (bytes as latin1). */
function replacing(needle: string, bad: string): Edit {
  return (bytes) => {
    const text = bytes.toString("latin1");
    assert.ok(text.includes(needle), `no ${needle}`);
    return Buffer.from(text.replace(needle, bad), "latin1");
  };
}

test("a suite that fails to load keeps the bad lines read so far, printed before its errors: every suite kind (real CLI, exit 2)", async () => {
  // In each suite a bad byte breaks the very line that fails: a cp1252 quote in YAML, a NUL in a
  // JSON line, a cp1252 quote in a CSV row, a stray byte after a YAML block scalar header. Files
  // read before (the judge preamble) or after (the price table) the failing one keep their lines too.
  const dir = await project({
    "sgi/bpmn_loan/manifest.yml": replacing('title: "Process', "title: \x93Process"),
    "sgi/llm_cost.yml": BAD_LINES["sgi/llm_cost.yml"],
    "function-calls/cases.jsonl": replacing('{"id":"create_ticket-2",', '{"id":"create_ticket-2",\x00'),
    "judged/judge-prompts/default.md": atEndOf({ 3: "\xff" }),
    "judged/prompts.csv": replacing('France?","The', 'France?\x94,"The'),
    "conversations/rubrics.yaml": replacing("prompt: |-", "prompt: |-\xff"),
  });
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.equal(result.stdout, "");
  // JSON.parse's own words vary with the Node version.
  assert.deepEqual(result.stderr.replace(/(not valid JSON: ).*/, "$1…").split("\n"), [
    "warning: sgi/bpmn_loan/manifest.yml:4: invalid UTF-8 (replaced by U+FFFD)",
    "warning: sgi/llm_cost.yml:1: invalid UTF-8 (replaced by U+FFFD)",
    "error: sgi/bpmn_loan/manifest.yml:4:10: YAML: Nested mappings are not allowed in compact mappings",
    "warning: function-calls/cases.jsonl:2: NUL bytes (replaced by U+FFFD)",
    "error: function-calls/cases.jsonl:2: not valid JSON: …",
    "warning: judged/judge-prompts/default.md:3: invalid UTF-8 (replaced by U+FFFD)",
    "warning: judged/prompts.csv:3: invalid UTF-8 (replaced by U+FFFD)",
    'error: judged/prompts.csv:3: prompt: unexpected character "T" after the closing quote',
    "warning: conversations/rubrics.yaml:4: invalid UTF-8 (replaced by U+FFFD)",
    "error: conversations/rubrics.yaml:4:13: YAML: Block scalar header includes extra characters: |-\uFFFD",
    // Then, once per dataset format the errors are about, where it is written down.
    "note: the format of function-calls/cases.jsonl is written down in schemas/function-calls.schema.json (evalgate schema --dataset function-calls)",
    "note: the format of judged/prompts.csv is written down in schemas/judged-csv.schema.json (evalgate schema --dataset judged-csv)",
    "",
  ]);
});

test("the real loaders: a file that is gone once the config was checked is a problem naming it, not a crash", async () => {
  const dir = await project();
  const yml = path.join(dir, "evalgate.yml");
  const config = await readFile(yml, "utf8");
  const gone = async (edit: (config: string) => string, suite: string): Promise<string> => {
    await writeFile(yml, edit(config));
    const loaded = await loadConfig(yml);
    const options = loaded.config.suites[suite]!;
    const kind = (await loadSuiteKinds([options.kind])).get(options.kind)!;
    const ctx = { suiteName: suite, options, configDir: dir, rootDir: dir, configFile: "evalgate.yml", lineOf: loaded.lineOf };
    const error = await kind.load(ctx).then(
      () => assert.fail(`${suite} loaded`),
      (error: unknown) => error,
    );
    assert.ok(error instanceof ConfigError, String(error));
    return error.message;
  };
  assert.equal(
    await gone((c) => c.replace("judge-prompts/default.md", "judge-prompts/gone.md"), "helpfulness"),
    "judged/judge-prompts/gone.md: suites.helpfulness.judge-preamble: cannot read the judge preamble: file not found",
  );
  assert.equal(
    await gone((c) => c.replace("function-calls/tools.json", "function-calls/gone.json"), "support-bot"),
    "function-calls/gone.json: suites.support-bot.tools: cannot read the tool schemas: file not found",
  );
  assert.equal(
    await gone((c) => c.replace("conversations/rubrics.yaml", "conversations/gone.yaml"), "tutor-conversations"),
    `evalgate.yml:${configLine("rubrics:")}: suites.tutor-conversations.rubrics: the rubrics file ${dir}/conversations/gone.yaml does not exist`,
  );
  assert.equal(
    await gone((c) => c.replace("sgi/llm_cost.yml", "sgi/gone.yml"), "uml-feedback"),
    "sgi/gone.yml: costs: price table not found",
  );
});

/** A CR-only (old Mac) prompts CSV: a quoted prompt over two lines, bad bytes on lines 5 and 6, and `row6` as line 6. */
function crOnlyCsv(row6: string): Buffer {
  const lines = [
    "prompt,judge_prompt",
    '"What is 2 + 2?","4"',
    '"A quoted prompt\rover two lines","ok"',
    '"Bad \xff byte","fine"',
    row6,
    '"Last","x"',
  ];
  return Buffer.from(lines.join("\r"), "latin1");
}

test("a CR-only CSV: a row warning and a bad-byte warning on the same row name the same line (real CLI, exit 0)", async () => {
  const dir = await judgedProject(crOnlyCsv('"Skipped \xfe too",""'));
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.deepEqual(
    result.stdout.split("\n").filter((line) => line.includes("warning:")),
    [
      "    warning: prompts.csv:5: invalid UTF-8 (replaced by U+FFFD)",
      "    warning: prompts.csv:6: invalid UTF-8 (replaced by U+FFFD)",
      '    warning: prompts.csv:6: row skipped: "judge_prompt" is empty',
    ],
  );
  assert.match(result.stdout, /qa \(judged\): 4 cases/);
});

test("a CR-only CSV: a row error and a bad-byte warning on the same row name the same line, and both are printed (real loader, real CLI)", async () => {
  const csv = crOnlyCsv('"Wrong \xfe count","x","y"');
  const dir = await judgedProject(csv);
  const checker = new TextChecker();
  const error = await streamPromptRows(path.join(dir, "prompts.csv"), "prompts.csv", () => {}, checker).then(
    () => assert.fail("loaded"),
    (error: unknown) => error,
  );
  assert.ok(error instanceof ConfigError);
  assert.deepEqual(
    error.problems.map((p) => [p.line, p.field]),
    [[6, "row"]],
  );
  assert.deepEqual(
    checker.warnings().map((w) => w.line),
    [5, 6],
  );
  // The same lines as the whole-file reader's (decodeText) and the CLI's.
  assert.deepEqual(
    (decodeText(csv) as { warnings: { line?: number }[] }).warnings.map((w) => w.line),
    [5, 6],
  );
  // The load fails, and the bad lines read before it stay with the error: line 6's bad byte is printed with line 6's problem.
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.equal(
    result.stderr,
    [
      "warning: prompts.csv:5: invalid UTF-8 (replaced by U+FFFD)",
      "warning: prompts.csv:6: invalid UTF-8 (replaced by U+FFFD)",
      "error: prompts.csv:6: row: expected 2 fields (prompt, judge_prompt), found 3",
      "note: the format of prompts.csv is written down in schemas/judged-csv.schema.json (evalgate schema --dataset judged-csv)",
      "",
    ].join("\n"),
  );
});

test("the action annotates them as the CLI prints them: warnings on the bad lines, then the failure (real loader)", async () => {
  const dir = await judgedProject(crOnlyCsv('"Wrong \xfe count","x","y"'));
  const loaded = await loadConfig(path.join(dir, "evalgate.yml"));
  const options = loaded.config.suites.qa!;
  const kind = (await loadSuiteKinds([options.kind])).get(options.kind)!;
  const ctx = { suiteName: "qa", options, configDir: dir, rootDir: dir, configFile: "evalgate.yml", lineOf: loaded.lineOf };
  const error = await kind.load(ctx).then(
    () => assert.fail("loaded"),
    (error: unknown) => error,
  );
  assert.ok(error instanceof ConfigError);
  // The workflow commands go to stdout: caught here, not mixed into the test's output.
  const logged: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => logged.push(String(chunk)) > 0) as typeof process.stdout.write;
  let annotations: ReturnType<typeof reportProblems>;
  try {
    annotations = reportProblems(error);
  } finally {
    process.stdout.write = write;
  }
  assert.deepEqual(
    annotations.map((a) => [a.path, a.start_line, a.annotation_level, a.message]),
    [
      ["prompts.csv", 5, "warning", "invalid UTF-8 (replaced by U+FFFD)"],
      ["prompts.csv", 6, "warning", "invalid UTF-8 (replaced by U+FFFD)"],
      ["prompts.csv", 6, "failure", "row: expected 2 fields (prompt, judge_prompt), found 3"],
    ],
  );
  assert.deepEqual(
    logged.map((line) => line.trim()),
    [
      "::warning title=evalgate config,file=prompts.csv,line=5::invalid UTF-8 (replaced by U+FFFD)",
      "::warning title=evalgate config,file=prompts.csv,line=6::invalid UTF-8 (replaced by U+FFFD)",
      "::error title=evalgate config,file=prompts.csv,line=6::row: expected 2 fields (prompt, judge_prompt), found 3",
    ],
  );
});

test("CR-only JSON lines and YAML: a parse problem and a bad-byte warning on the same line name the same line", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-cr-only-"));
  const jsonl = path.join(dir, "cases.jsonl");
  // Line 2 ends with CRLF, the others with a lone CR; line 3 is both bad JSON and bad bytes.
  await writeFile(jsonl, Buffer.from('{"a":1}\r{"b":"\xff"}\r\n{"c": \xfe\r\r{"d":4}', "latin1"));
  const checker = new TextChecker();
  const lines = [];
  for await (const line of readJsonLines(jsonl, JSON.parse, checker)) lines.push(line);
  assert.deepEqual(
    lines.map((l) => [l.line, l.error === undefined]),
    [
      [1, true],
      [2, true],
      [3, false],
      [5, true],
    ],
  );
  assert.deepEqual(
    checker.warnings().map((w) => w.line),
    [2, 3],
  );

  // The yaml library ends lines only at "\n"; YAML positions follow the product's rule all the same.
  const prices = Buffer.from(
    '# prices \xff\rllm_costs:\r  gpt-4o:\r    input_cost_per_million: 2.5\r    output_cost_per_million: "ten \xfe"\r',
    "latin1",
  );
  const read = decodeText(prices);
  assert.ok("text" in read);
  assert.deepEqual(
    read.warnings.map((w) => w.line),
    [1, 5],
  );
  assert.throws(
    () => parsePriceTable(read.text, "llm_cost.yml"),
    (error: unknown) =>
      error instanceof ConfigError && error.message.startsWith("llm_cost.yml:5: llm_costs.gpt-4o.output_cost_per_million: "),
  );
});

test("run with command-line flags reads the config like validate: binary, bad bytes and YAML errors exit 2 with file:line", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-flags-config-"));
  const yml = path.join(dir, "evalgate.yml");
  const cases: [Buffer, RegExp][] = [
    [binary(Buffer.alloc(0)), /^error: evalgate\.yml:1: is not a text file \(binary content\)\n$/],
    [Buffer.from("version: 1\n# caf\xe9\nmodels: {}\n", "latin1"), /^error: evalgate\.yml:2: invalid UTF-8 \(replaced by U\+FFFD\)\n$/],
    // Was exit 3 with the yaml library's own message.
    [
      Buffer.from("version: 1\nmodels: {a: [\n"),
      /^error: evalgate\.yml:3:1: YAML: Flow sequence in block collection must be sufficiently indented/,
    ],
  ];
  for (const [bytes, expected] of cases) {
    await writeFile(yml, bytes);
    const result = await runCli(["run", "-c", "evalgate.yml", "--timeout", "5s", "--dry-run"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stderr, expected);
  }
});
