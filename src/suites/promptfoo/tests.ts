// A promptfoo config's tests, read and expanded as promptfoo 0.123 does: `tests:` inline, `file://`
// YAML/JSON/JSONL/CSV files and globs of them; `vars:` from a file; vars naming files loaded (text
// trimmed, YAML as JSON); `scenarios:` (each config entry × each scenario test); `defaultTest` merged
// (its vars, asserts first, options, threshold); a var holding a list of strings one test per value.
import path from "node:path";
import type { InputProblem } from "../../config/errors.ts";
import { parsePositionedData } from "../../config/json-positions.ts";
import { yamlProblems } from "../../config/yaml-positions.ts";
import { isRecord } from "../../util/is-record.ts";
import { parseCsv } from "../judged/csv.ts";
import { type AssertAt, checkAssertion, type SpecContext } from "./assert-spec.ts";
import { splitCommaValues } from "./asserts/text.ts";
import { testFromCsvRow } from "./csv-tests.ts";
import { expandRef, fileRef, type PfWhere, parseData, readRef } from "./files.ts";
import type { PfAssertion, PfSource, PfTest } from "./types.ts";

/** A test as written, with where it is. */
export interface RawTest {
  value: Record<string, unknown>;
  file: string;
  line: number | undefined;
  field: string;
  lineOf(fieldPath: (string | number)[]): number | undefined;
}

export interface TestsContext extends SpecContext {
  where: PfWhere;
  /** Where the test files of `tests:` are noted (repository-relative): each one's cases run on their own (LoadedSuite.units). */
  units?: Set<string>;
}

/** The raw tests a `tests:` value (or a scenario's) names: inline mappings and the tests of the files it names. */
export async function rawTests(value: unknown, at: Omit<RawTest, "value">, ctx: TestsContext): Promise<RawTest[]> {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  const found: RawTest[] = [];
  for (const [index, item] of items.entries()) {
    const field = Array.isArray(value) ? `${at.field}.${index}` : at.field;
    const line = Array.isArray(value) ? at.lineOf([index]) : at.line;
    const ref = fileRef(item);
    if (ref !== undefined) found.push(...(await fileTests(ref, { ...at, field, line }, ctx)));
    else if (isRecord(item)) found.push({ value: item, file: at.file, line, field, lineOf: (p) => at.lineOf([index, ...p]) ?? line });
    else ctx.problems.push({ file: at.file, line, field, message: "a test is a mapping (vars, assert, …) or a file:// path" });
  }
  return found;
}

async function fileTests(ref: string, at: Omit<RawTest, "value" | "lineOf">, ctx: TestsContext): Promise<RawTest[]> {
  const expanded = await expandRef(ref, ctx.where);
  if ("problem" in expanded) {
    ctx.problems.push({ ...at, message: expanded.problem });
    return [];
  }
  const tests: RawTest[] = [];
  for (const absolute of expanded.files) {
    const read = await readRef(absolute, ctx.where, { ...at, message: "" });
    if ("problem" in read) {
      ctx.problems.push(read.problem);
      continue;
    }
    ctx.reads.add(absolute);
    ctx.units?.add(read.file);
    const ext = path.extname(absolute).toLowerCase();
    if (ext === ".csv") tests.push(...csvTests(read.text, read.file, ctx));
    else if (ext === ".jsonl")
      read.text.split(/\r?\n/).forEach((text, i) => {
        if (text.trim() === "") return;
        try {
          const value = JSON.parse(text);
          if (isRecord(value)) tests.push({ value, file: read.file, line: i + 1, field: `line ${i + 1}`, lineOf: () => i + 1 });
          else ctx.problems.push({ file: read.file, line: i + 1, message: "a JSONL test line is a JSON object" });
        } catch (error) {
          ctx.problems.push({ file: read.file, line: i + 1, message: `not JSON: ${(error as Error).message}` });
        }
      });
    else if (ext === ".json" || ext === ".yaml" || ext === ".yml") {
      const yaml = parsePositionedData(read.text);
      if (yaml.problems.length) {
        ctx.problems.push(...yamlProblems(yaml, read.file));
        continue;
      }
      const lineOf = (p: (string | number)[]) => yaml.positionOf(p)?.line;
      tests.push(...(await rawTests(yaml.value, { file: read.file, line: 1, field: "tests", lineOf }, ctx)));
    } else ctx.problems.push({ ...at, message: `${read.file}: promptfoo reads tests from .csv, .json, .jsonl, .yaml or .yml files` });
  }
  return tests;
}

function csvTests(text: string, file: string, ctx: TestsContext): RawTest[] {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    ctx.problems.push({ file, message: `CSV: ${(error as Error).message}` });
    return [];
  }
  const [header, ...rows] = records;
  if (!header) return [];
  const tests: RawTest[] = [];
  for (const record of rows) {
    const row = Object.fromEntries(header.fields.map((name, i) => [name, record.fields[i] ?? ""]));
    const test = testFromCsvRow(row, splitCommaValues);
    if ("problem" in test) ctx.problems.push({ file, line: record.line, message: test.problem });
    else
      tests.push({
        value: test as unknown as Record<string, unknown>,
        file,
        line: record.line,
        field: `line ${record.line}`,
        lineOf: () => record.line,
      });
  }
  return tests;
}

/** A raw test checked: its fields' types, its vars loaded (a vars file, vars naming files), its asserts. */
export async function checkTest(raw: RawTest, ctx: TestsContext): Promise<{ test: PfTest; source: PfSource } | undefined> {
  const problem = (field: string, message: string, p: (string | number)[] = []) =>
    ctx.problems.push({ file: raw.file, line: raw.lineOf(p) ?? raw.line, field: `${raw.field}${field ? `.${field}` : ""}`, message });
  const { value } = raw;
  const before = ctx.problems.length;
  for (const key of ["provider", "providers", "prompts", "assertScoringFunction", "providerOutput"])
    if (value[key] !== undefined)
      problem(key, `${key} in a test is not run by evalgate: the suite's prompts go to every provider (docs/promptfoo.md)`, [key]);
  if (value["description"] !== undefined && typeof value["description"] !== "string")
    problem("description", "must be text", ["description"]);
  if (value["threshold"] !== undefined && typeof value["threshold"] !== "number") problem("threshold", "must be a number", ["threshold"]);
  if (value["options"] !== undefined && !isRecord(value["options"])) problem("options", "must be a mapping", ["options"]);
  const vars = await loadVars(value["vars"], raw, ctx);
  const asserts: PfAssertion[] = [];
  const list = value["assert"];
  if (list !== undefined && !Array.isArray(list)) problem("assert", "must be a list of asserts", ["assert"]);
  for (const [index, item] of (Array.isArray(list) ? list : []).entries()) {
    const at: AssertAt = { file: raw.file, line: raw.lineOf(["assert", index]) ?? raw.line, field: `${raw.field}.assert.${index}` };
    const checked = await checkAssertion(item, at, ctx);
    if (checked) asserts.push(checked);
  }
  if (ctx.problems.length > before || vars === undefined) return undefined;
  const test: PfTest = {
    vars,
    assert: asserts,
    options: isRecord(value["options"]) ? { ...value["options"] } : {},
    ...(typeof value["description"] === "string" ? { description: value["description"] } : {}),
    ...(typeof value["threshold"] === "number" ? { threshold: value["threshold"] } : {}),
  };
  return { test, source: { file: raw.file, ...(raw.line !== undefined ? { line: raw.line } : {}) } };
}

/** A test's vars: a mapping or a file:// YAML/JSON holding one; each var naming files loaded (a glob: one value per file). */
async function loadVars(value: unknown, raw: RawTest, ctx: TestsContext): Promise<Record<string, unknown> | undefined> {
  const at = { file: raw.file, line: raw.lineOf(["vars"]) ?? raw.line, field: `${raw.field}.vars`, message: "" };
  let vars: unknown = value ?? {};
  const ref = fileRef(vars);
  if (ref !== undefined) {
    const read = await readRef(path.resolve(ctx.where.baseDir, ref), ctx.where, at);
    if ("problem" in read) return void ctx.problems.push(read.problem);
    ctx.reads.add(read.absolute);
    const data = parseData(read);
    if ("problems" in data) return void ctx.problems.push(...data.problems);
    vars = data.value;
  }
  if (!isRecord(vars)) return void ctx.problems.push({ ...at, message: "vars must be a mapping (or a file:// YAML/JSON one)" });
  const loaded: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(vars)) {
    const fileValue = fileRef(item);
    if (fileValue === undefined) {
      loaded[name] = item;
      continue;
    }
    const contents = await loadVarFiles(fileValue, { ...at, field: `${at.field}.${name}` }, ctx);
    if (contents === undefined) return undefined;
    loaded[name] = contents.length === 1 && !/[*?[{]/.test(fileValue) ? contents[0] : contents;
  }
  return loaded;
}

async function loadVarFiles(ref: string, at: InputProblem, ctx: TestsContext): Promise<string[] | undefined> {
  if (/\.(c|m)?(j|t)s$|\.py$/.test(ref))
    return void ctx.problems.push({
      ...at,
      message: `vars from a script (${ref}) are not run by evalgate; write the value, or a text/YAML file`,
    });
  const expanded = await expandRef(ref, ctx.where);
  if ("problem" in expanded) return void ctx.problems.push({ ...at, message: expanded.problem });
  const contents: string[] = [];
  for (const absolute of expanded.files) {
    const read = await readRef(absolute, ctx.where, at);
    if ("problem" in read) return void ctx.problems.push(read.problem);
    ctx.reads.add(absolute);
    if (/\.ya?ml$/i.test(absolute)) {
      const data = parseData(read);
      if ("problems" in data) return void ctx.problems.push(...data.problems);
      contents.push(JSON.stringify(data.value));
    } else contents.push(read.text.trim());
  }
  return contents;
}

/** One scenario `config:` entry merged into one of its tests (promptfoo's mergeScenarioTest). */
export function mergeScenario(defaults: PfTest | undefined, data: PfTest, test: PfTest): PfTest {
  return {
    ...(defaults ?? {}),
    ...data,
    ...test,
    vars: { ...(defaults?.vars ?? {}), ...data.vars, ...test.vars },
    options: { ...(defaults?.options ?? {}), ...data.options, ...test.options },
    assert: [...data.assert, ...test.assert],
  };
}

/** defaultTest applied to a test (promptfoo's prepareTestVariables and prepareTestCaseForEval). */
export function withDefaults(test: PfTest, defaults: PfTest | undefined): PfTest {
  const options = { ...(defaults?.options ?? {}), ...test.options };
  const threshold = test.threshold ?? defaults?.threshold;
  return {
    ...test,
    vars: { ...(defaults?.vars ?? {}), ...test.vars },
    assert: [...(test.options.disableDefaultAsserts === true ? [] : (defaults?.assert ?? [])), ...test.assert],
    options: {
      ...options,
      ...(test.options.prefix || defaults?.options.prefix ? { prefix: test.options.prefix || defaults?.options.prefix } : {}),
      ...(test.options.suffix || defaults?.options.suffix ? { suffix: test.options.suffix || defaults?.options.suffix } : {}),
    },
    ...(threshold !== undefined ? { threshold } : {}),
  };
}

/** promptfoo's generateVarCombinations: a var holding a list of strings gives one test per value. */
export function varCombinations(vars: Record<string, unknown>): Record<string, unknown>[] {
  let combinations: Record<string, unknown>[] = [{}];
  for (const [key, value] of Object.entries(vars)) {
    const values = Array.isArray(value) && typeof value[0] === "string" ? value : [value];
    combinations = combinations.flatMap((combination) => values.map((item) => ({ ...combination, [key]: item })));
  }
  return combinations;
}
