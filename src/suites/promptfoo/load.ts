// Reads a promptfoo suite: the config `config:` names, its prompts, providers (routed by model-map)
// and tests expanded as promptfoo expands them; one case per test × provider × prompt, in promptfoo's
// order. Everything that would make a request or a grade a guess is exit 2 here, with file and line,
// before any request.
import { statSync } from "node:fs";
import path from "node:path";
import { ConfigError, excerpt, type InputProblem } from "../../config/errors.ts";
import { resolveInside } from "../../config/paths.ts";
import { parsePromptfooConfig } from "../../config/promptfoo-file.ts";
import { scriptParts } from "../../config/promptfoo-providers.ts";
import { yamlProblems } from "../../config/yaml-positions.ts";
import type { Case, TargetIdentity } from "../../results/types.ts";
import { isRecord } from "../../util/is-record.ts";
import { redact } from "../../util/redact.ts";
import type { LoadContext, LoadedSuite } from "../kind.ts";
import { isGraded } from "./assert-spec.ts";
import { GRADING_PROMPTS_TEXT } from "./asserts/graded.ts";
import { fileRef, type PfWhere, readRef } from "./files.ts";
import { stableHash as contentHash } from "./hash.ts";
import type { PromptfooOptions } from "./options.ts";
import { readPrompts } from "./prompts.ts";
import { readProviders } from "./providers.ts";
import { checkTest, mergeScenario, type RawTest, rawTests, type TestsContext, varCombinations, withDefaults } from "./tests.ts";
import type { PfAssertion, PfPrompt, PfProvider, PfSource, PfTest } from "./types.ts";

/** What a case's prompt and provider are: shared by the cases of a group, not part of what a case asks. */
export interface PromptfooSubject {
  group: string;
  prompt: PfPrompt;
  provider: PfProvider;
  /** The promptfoo config's folder (scripts run there, their files resolve against it). */
  baseDir: string;
}

export interface PromptfooInput extends PfTest {
  subject: PromptfooSubject;
}

type Ctx = LoadContext & { options: PromptfooOptions };

interface Parsed {
  prompts: PfPrompt[];
  providers: PfProvider[];
  tests: { test: PfTest; source: PfSource }[];
  reads: string[];
  folders: string[];
  /** The test files of `tests:`, repository-relative. */
  units: string[];
  baseDir: string;
}

export async function loadPromptfooSuite(ctx: Ctx): Promise<LoadedSuite<PromptfooInput>> {
  const parsed = await readConfig(ctx);
  const leftOut = unchangedLeftOut(ctx, parsed.tests);
  const cases: Case<PromptfooInput>[] = [];
  const ids = new Map<string, number>();
  for (const { test, source } of parsed.tests) {
    if (leftOut.has(source.file)) continue;
    const combinations = test.options.disableVarExpansion ? [test.vars] : varCombinations(test.vars);
    for (const vars of combinations)
      for (const provider of parsed.providers)
        for (const prompt of parsed.prompts) {
          const subject = { group: `${prompt.key}@${provider.key}`, prompt, provider, baseDir: parsed.baseDir };
          cases.push(testCase({ ...test, vars, subject }, source, ids, cases.length));
        }
  }
  const kept = ctx.keep ? cases.filter((c) => ctx.keep!(c.id)) : cases;
  const sources = new Set(parsed.tests.map(({ source }) => source.file));
  return {
    cases: kept,
    warnings: [],
    ...(ctx.keep ? { total: cases.length } : {}),
    reads: parsed.reads,
    readFolders: parsed.folders,
    units: parsed.units,
    ...identities(ctx, parsed),
    ...(leftOut.size
      ? {
          partial: `${ctx.suiteName}: ${leftOut.size} of ${sources.size} test files not run, unchanged since ${ctx.unchangedFiles!.since} (${[...leftOut].slice(0, 5).join(", ")})`,
        }
      : {}),
  };
}

/**
 * With a change request that changed only test files of `tests:` (engine/carry.ts): the files of
 * tests (the config's inline tests among them) unchanged and measured by the baseline, whose cases
 * are left out; none when every file would be (the suite was touched some other way: it runs whole).
 */
function unchangedLeftOut(ctx: Ctx, tests: readonly { source: PfSource }[]): Set<string> {
  if (!ctx.unchangedFiles) return new Set();
  const files = new Set(tests.map(({ source }) => source.file));
  const unchanged = [...files].filter((file) => ctx.unchangedFiles!.has(file));
  return unchanged.length < files.size ? new Set(unchanged) : new Set();
}

async function readConfig(ctx: Ctx): Promise<Parsed> {
  const configField = {
    file: ctx.configFile ?? "evalgate.yml",
    line: ctx.lineOf?.(["suites", ctx.suiteName, "config"]),
    field: `suites.${ctx.suiteName}.config`,
  };
  const inside = resolveInside(ctx.configDir, ctx.options.config, ctx.allowedRoot);
  if ("error" in inside) throw new ConfigError([{ ...configField, message: inside.error }]);
  const where: PfWhere = { baseDir: path.dirname(inside.path), rootDir: ctx.rootDir, allowedRoot: ctx.allowedRoot, folders: new Set() };
  const read = await readRef(inside.path, where, { ...configField, message: "" });
  if ("problem" in read) throw new ConfigError([read.problem]);
  const yaml = parsePromptfooConfig(inside.path, read.text);
  if (yaml.problems.length) throw new ConfigError(yamlProblems(yaml, read.file));
  if (!isRecord(yaml.value))
    throw new ConfigError([{ file: read.file, line: 1, message: "a promptfoo config is a mapping (prompts, providers, tests)" }]);
  const config = yaml.value;
  const lineOf = (p: (string | number)[]) => yaml.positionOf(p)?.line;
  const problems: InputProblem[] = [];
  const reads = new Set<string>([inside.path]);
  const tctx: TestsContext = { where, reads, problems };
  const prompts = await readPrompts(config["prompts"], { where, file: read.file, lineOf, reads, problems });
  const providers = readProviders(config["providers"] ?? config["targets"], {
    suiteName: ctx.suiteName,
    map: ctx.options["model-map"] ?? {},
    models: ctx.models,
    file: read.file,
    baseDir: where.baseDir,
    lineOf,
    problems,
  });
  const units = new Set<string>();
  const tests = await configTests(config, read.file, lineOf, tctx, units);
  problems.push(...judgeProblems(ctx, tests));
  if (problems.length) throw new ConfigError(problems);
  for (const file of programFiles(providers, tests, where.baseDir)) reads.add(file);
  return { prompts, providers, tests, reads: [...reads], folders: [...where.folders!], units: [...units], baseDir: where.baseDir };
}

/**
 * The programs a run executes, absolute, so a change to one is a change to the suite: a Python
 * provider's file, the files an exec: command names (as promptfoo hashes them for its cache), and
 * `file://` transforms (the provider's, a test's, an assert's).
 */
function programFiles(providers: readonly PfProvider[], tests: readonly { test: PfTest }[], baseDir: string): string[] {
  const scriptOf = (ref: string) => path.resolve(baseDir, ref.replace(/:[A-Za-z_$][\w$]*$/, ""));
  const files: string[] = [];
  const transform = (value: string | undefined) => {
    if (value?.startsWith("file://")) files.push(scriptOf(value.slice("file://".length)));
  };
  const asserts = (list: readonly PfAssertion[]): void =>
    list.forEach((a) => {
      transform(a.transform);
      asserts(a.assert ?? []);
    });
  for (const provider of providers) {
    transform(provider.transform);
    const python = /^(?:python:|file:\/\/)(.+\.py)(?::\w+)?$/.exec(provider.id)?.[1];
    if (python) files.push(path.resolve(baseDir, python));
    if (provider.id.startsWith("exec:"))
      files.push(
        ...scriptParts(provider.id.slice(5)).flatMap((part) => (isFile(path.resolve(baseDir, part)) ? [path.resolve(baseDir, part)] : [])),
      );
  }
  for (const { test } of tests) {
    transform(test.options.transform);
    asserts(test.assert);
  }
  return files;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The config's tests with defaultTest merged, scenarios expanded (promptfoo's buildTestsFromSuite). */
async function configTests(
  config: Record<string, unknown>,
  file: string,
  lineOf: (p: (string | number)[]) => number | undefined,
  ctx: TestsContext,
  units: Set<string>,
): Promise<{ test: PfTest; source: PfSource }[]> {
  const at = (key: string) => ({ file, line: lineOf([key]), field: key, lineOf: (p: (string | number)[]) => lineOf([key, ...p]) });
  const defaults = await defaultTest(config["defaultTest"], at("defaultTest"), ctx);
  const check = async (raws: RawTest[]) => (await Promise.all(raws.map((raw) => checkTest(raw, ctx)))).filter((t) => t !== undefined);
  // Only `tests:` files are units: a scenario's cases also depend on its config entries.
  const base = await check(await rawTests(config["tests"], at("tests"), { ...ctx, units }));
  const scenarios = Array.isArray(config["scenarios"]) ? config["scenarios"] : [];
  if (config["scenarios"] !== undefined && !Array.isArray(config["scenarios"]))
    ctx.problems.push({
      file,
      line: lineOf(["scenarios"]),
      field: "scenarios",
      message: "scenarios must be a list (inline; a scenarios file is not read)",
    });
  const tests = base.length || scenarios.length ? [...base] : [{ test: { vars: {}, assert: [], options: {} } as PfTest, source: { file } }];
  for (const [index, scenario] of scenarios.entries()) {
    const sAt = (key: string) => ({
      file,
      line: lineOf(["scenarios", index, key]),
      field: `scenarios.${index}.${key}`,
      lineOf: (p: (string | number)[]) => lineOf(["scenarios", index, key, ...p]),
    });
    const data = await check(await rawTests(isRecord(scenario) ? scenario["config"] : undefined, sAt("config"), ctx));
    const own = await check(await rawTests(isRecord(scenario) ? scenario["tests"] : undefined, sAt("tests"), ctx));
    const scenarioTests = own.length
      ? own
      : [{ test: { vars: {}, assert: [], options: {} } as PfTest, source: { file, line: lineOf(["scenarios", index]) } }];
    for (const entry of data)
      for (const one of scenarioTests) tests.push({ test: mergeScenario(defaults, entry.test, one.test), source: one.source });
  }
  return tests.map(({ test, source }) => ({ test: withDefaults(test, defaults), source }));
}

async function defaultTest(value: unknown, at: Omit<RawTest, "value">, ctx: TestsContext): Promise<PfTest | undefined> {
  if (value === undefined) return undefined;
  if (fileRef(value) !== undefined || isRecord(value)) {
    const [raw] = await rawTests(value, at, ctx);
    return raw ? (await checkTest(raw, ctx))?.test : undefined;
  }
  ctx.problems.push({ file: at.file, line: at.line, field: "defaultTest", message: "defaultTest is a mapping or a file:// path" });
  return undefined;
}

/** A model-graded assert needs the suite's judge: one problem at the suite, naming the first such assert. */
function judgeProblems(ctx: Ctx, tests: readonly { test: PfTest; source: PfSource }[]): InputProblem[] {
  if (ctx.options.judge !== undefined) return [];
  const graded = (list: readonly PfAssertion[]): PfAssertion | undefined =>
    list.find((a) => isGraded(a.type)) ?? list.map((a) => graded(a.assert ?? [])).find((a) => a !== undefined);
  const found = tests.find(({ test }) => graded(test.assert));
  if (!found) return [];
  return [
    {
      file: ctx.configFile ?? "evalgate.yml",
      line: ctx.lineOf?.(["suites", ctx.suiteName]),
      field: `suites.${ctx.suiteName}.judge`,
      message: `required: ${found.source.file}${found.source.line !== undefined ? `:${found.source.line}` : ""} has a ${graded(found.test.assert)!.type} assert, which the suite's judge grades`,
    },
  ];
}

function testCase(input: PromptfooInput, source: PfSource, ids: Map<string, number>, before: number): Case<PromptfooInput> {
  const { description, vars, subject } = input;
  const slug =
    (description ?? "test")
      .replace(/[^A-Za-z0-9_.-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "test";
  const base = `${subject.group}/${slug}-${contentHash({ description, vars }).slice(0, 8)}`;
  const seen = (ids.get(base) ?? 0) + 1;
  ids.set(base, seen);
  const first = Object.values(vars).find((value) => typeof value === "string" && value.trim() !== "");
  const shown = description ?? (typeof first === "string" ? redact(first) : `test ${before + 1}`);
  return {
    id: seen > 1 ? `${base}~${seen}` : base,
    title: excerpt(`${subject.group}: ${shown}`, 80),
    source: { file: source.file, ...(source.line !== undefined ? { line: source.line } : {}) },
    position: before + 1,
    input,
  };
}

/** The suite's judge and its systems under test (each prompt × provider: the prompt's text), as results.json records them. */
function identities(ctx: Ctx, parsed: Parsed): Pick<LoadedSuite, "judge" | "targets"> {
  const targets: Record<string, TargetIdentity> = {};
  for (const provider of parsed.providers)
    for (const prompt of parsed.prompts)
      targets[`${prompt.key}@${provider.key}`] = {
        prompt: {
          file: path.relative(ctx.rootDir, path.resolve(ctx.configDir, ctx.options.config)).split(path.sep).join("/"),
          hash: contentHash({ raw: prompt.raw, provider: provider.id, transform: provider.transform }),
        },
      };
  const judge = ctx.options.judge
    ? { judge: { name: ctx.options.judge, promptHash: contentHash(GRADING_PROMPTS_TEXT), scale: "promptfoo", runs: 1 } }
    : {};
  return { ...judge, ...(Object.keys(targets).length ? { targets } : {}) };
}
