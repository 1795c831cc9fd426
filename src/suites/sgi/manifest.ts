// Reads Eunomia scenario folders (manifest.yml, example_solution.json, test_cases/*.json), maps the
// textual criterion and instruction ids to numbers in manifest order, and validates everything
// before a single request is sent.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import { excerpt, type InputProblem } from "../../config/errors.ts";
import { resolveInside } from "../../config/paths.ts";
import { configNumber } from "../../config/primitives.ts";
import type { BadLines } from "../../config/text-file.ts";
import type { Scenario, SgiCriterion, SgiDiff, SgiInstruction, SgiTestCase } from "./types.ts";
import { type LocatedYaml, mapEntries, parseLocatedYaml, ScenarioError, zodProblems } from "./yaml-lines.ts";

const instructionSchema = z.object({
  id: z.string().min(1),
  grading_scale: z.string().default(""),
  instruction_description: z.string().default(""),
  feedback: z.string().default(""),
  credits: configNumber(),
  usage_count: z.number().int().default(1),
});

const criterionSchema = z.object({
  id: z.string().min(1),
  title: z.string().default(""),
  instructions: z.array(instructionSchema).min(1),
});

// Unknown exercise keys (course_id in bpmn_loan) are dropped, as Eunomia's Exercise model does.
const exerciseSchema = z.object({
  title: z.string().min(1),
  type: z.string().default("modeling"),
  max_points: configNumber(),
  bonus_points: configNumber().default(0),
  grading_instructions: z.string().optional(),
  problem_statement: z.string().optional(),
  example_solution: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).nullable().default({}),
});

const manifestSchema = z.object({
  server_url: z.string().optional(),
  exercise: exerciseSchema,
  criteria: z.array(criterionSchema).min(1),
  default_expected: z.array(z.string()).default([]),
  test_case_diffs: z.record(z.string(), z.record(z.string(), z.string()).nullable()).nullable().default({}),
});

export interface LoadOptions {
  /** Turns an absolute path into the path shown in messages and results (relative to the repo root). */
  display(absPath: string): string;
  /** Files read must resolve inside this folder (links included); undefined when `allow-outside-repo: true`. */
  allowedRoot?: string;
}

/** Why a file may not be read (it or a link leads outside the allowed root), or undefined. */
function outsideReason(absPath: string, options: LoadOptions): string | undefined {
  const inside = resolveInside(path.dirname(absPath), absPath, options.allowedRoot);
  return "error" in inside ? inside.error : undefined;
}

/** `scenarios` may be one scenario folder or a folder of them; returns scenario folders, sorted. */
export async function discoverScenarioDirs(scenariosPath: string, options: LoadOptions): Promise<string[]> {
  const info = await stat(scenariosPath).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new ScenarioError([{ severity: "error", file: options.display(scenariosPath), message: "scenarios: no such folder" }]);
  }
  if (existsSync(path.join(scenariosPath, "manifest.yml"))) return [scenariosPath];
  const entries = await readdir(scenariosPath, { withFileTypes: true });
  const dirs = entries
    .filter((entry) => entry.isDirectory() && existsSync(path.join(scenariosPath, entry.name, "manifest.yml")))
    .map((entry) => path.join(scenariosPath, entry.name))
    .sort();
  if (dirs.length === 0) {
    throw new ScenarioError([
      { severity: "error", file: options.display(scenariosPath), message: "scenarios: no manifest.yml in this folder or its subfolders" },
    ]);
  }
  return dirs;
}

/**
 * Loads and validates one scenario. Errors throw a ScenarioError; warnings go to `warnings` (kept
 * when errors are thrown too), and the lines with NUL bytes or invalid UTF-8 in the files read to `badLines`.
 */
export async function loadScenario(dir: string, options: LoadOptions, badLines: BadLines, warnings: InputProblem[]): Promise<Scenario> {
  const manifestPath = path.join(dir, "manifest.yml");
  const manifestFile = options.display(manifestPath);
  const { manifest, yaml, text } = await readManifest(manifestPath, manifestFile, options, badLines);

  const problems: InputProblem[] = [];
  const at = (p: readonly PropertyKey[]) => yaml.lineAt(p);
  const error = (line: number | undefined, message: string) => problems.push({ severity: "error", file: manifestFile, line, message });
  const warn = (line: number | undefined, message: string) => problems.push({ severity: "warning", file: manifestFile, line, message });

  const { criteria, instructions, byText } = mapIds(manifest.criteria, at, error);
  const defaultExpected: number[] = [];
  manifest.default_expected.forEach((textual, i) => {
    const instruction = byText.get(textual);
    if (instruction) defaultExpected.push(instruction.id);
    else error(at(["default_expected", i]), `default_expected: "${textual}" is not an instruction id of any criterion`);
  });

  const testCases = await readTestCases(dir, options, problems, badLines);
  const diffs = readDiffs(yaml, manifest.test_case_diffs ?? {}, byText, new Set(defaultExpected), error, warn);
  const withFiles = new Set(testCases.map((tc) => tc.name));
  warnUnpaired(yaml, testCases, diffs, warn);

  const exampleSolution = await readExampleSolution(
    dir,
    manifest.exercise.example_solution,
    options,
    (message) => error(at(["exercise", "example_solution"]), message),
    badLines,
  );

  warnings.push(...problems.filter((p) => p.severity === "warning"));
  const errors = problems.filter((p) => p.severity !== "warning");
  if (errors.length > 0) throw new ScenarioError(errors);

  const { example_solution: _named, meta, ...exercise } = manifest.exercise;
  const scenario: Scenario = {
    name: path.basename(dir),
    title: manifest.exercise.title,
    manifestFile,
    exercise: {
      id: stableExerciseId(manifest.exercise.title, text),
      ...exercise,
      ...(exampleSolution === undefined ? {} : { example_solution: exampleSolution }),
      meta: meta ?? {},
    },
    criteria,
    instructions,
    defaultExpected,
    diffs: diffs.filter((diff) => withFiles.has(diff.testCase)),
    testCases,
  };
  return scenario;
}

/** manifest.yml read, parsed with its lines and checked by the schema; any problem throws a ScenarioError. */
async function readManifest(manifestPath: string, manifestFile: string, options: LoadOptions, badLines: BadLines) {
  const outside = outsideReason(manifestPath, options);
  if (outside) throw new ScenarioError([{ severity: "error", file: manifestFile, message: `manifest.yml: ${outside}` }]);
  const read = await badLines.readWhole(manifestPath, manifestFile, "a YAML file");
  if ("problem" in read)
    throw new ScenarioError([
      { severity: "error", file: manifestFile, line: read.problem.line, message: `manifest.yml: ${read.problem.message}` },
    ]);
  const { text } = read;
  const { yaml, problems: syntaxProblems } = parseLocatedYaml(text, manifestFile);
  if (syntaxProblems.length > 0) throw new ScenarioError(syntaxProblems);
  const parsed = manifestSchema.safeParse(yaml.value);
  if (!parsed.success) throw new ScenarioError(zodProblems(parsed.error, manifestSchema, yaml, manifestFile));
  return { manifest: parsed.data, yaml, text };
}

/** A diff entry without its test case file is ignored, and a test case without a diff entry expects every default: both warned. */
function warnUnpaired(
  yaml: LocatedYaml,
  testCases: SgiTestCase[],
  diffs: { testCase: string; line?: number }[],
  warn: (line: number | undefined, message: string) => void,
): void {
  const withFiles = new Set(testCases.map((tc) => tc.name));
  const withDiffs = new Set(diffs.map((diff) => diff.testCase));
  for (const diff of diffs) {
    if (!withFiles.has(diff.testCase)) {
      warn(diff.line, `test_case_diffs: "${diff.testCase}" has no file test_cases/${diff.testCase}.json; the entry is ignored`);
    }
  }
  const diffsLine = mapEntries(yaml, []).find((entry) => entry.key === "test_case_diffs")?.line;
  for (const tc of testCases) {
    if (!withDiffs.has(tc.name)) {
      warn(
        diffsLine,
        `test case "${tc.name}" (${tc.file}) has no test_case_diffs entry, so every default_expected instruction is expected for it`,
      );
    }
  }
}

/** Criteria 1..N and instructions 1..M (global) in manifest order; duplicate ids are errors. */
function mapIds(
  manifestCriteria: z.output<typeof criterionSchema>[],
  at: (p: readonly PropertyKey[]) => number | undefined,
  error: (line: number | undefined, message: string) => void,
): { criteria: SgiCriterion[]; instructions: SgiInstruction[]; byText: Map<string, SgiInstruction> } {
  const criteria: SgiCriterion[] = [];
  const instructions: SgiInstruction[] = [];
  const byText = new Map<string, SgiInstruction>();
  const criterionIds = new Map<string, number>();
  manifestCriteria.forEach((c, ci) => {
    const firstLine = criterionIds.get(c.id);
    if (firstLine !== undefined)
      error(at(["criteria", ci, "id"]), `criteria: duplicate criterion id "${c.id}" (first at line ${firstLine})`);
    else criterionIds.set(c.id, at(["criteria", ci, "id"]) ?? 0);
    const criterion: SgiCriterion = { id: ci + 1, textualId: c.id, title: c.title, instructionIds: [] };
    c.instructions.forEach((sgi, si) => {
      const line = at(["criteria", ci, "instructions", si, "id"]);
      if (byText.has(sgi.id)) {
        error(line, `criteria.${c.id}: duplicate instruction id "${sgi.id}" (instruction ids must be unique across the scenario)`);
        return;
      }
      const instruction: SgiInstruction = {
        id: instructions.length + 1,
        textualId: sgi.id,
        criterionId: criterion.id,
        criterionTextualId: c.id,
        credits: sgi.credits,
        gradingScale: sgi.grading_scale,
        instructionDescription: sgi.instruction_description,
        feedback: sgi.feedback,
        usageCount: sgi.usage_count,
      };
      instructions.push(instruction);
      byText.set(sgi.id, instruction);
      criterion.instructionIds.push(instruction.id);
    });
    criteria.push(criterion);
  });
  return { criteria, instructions, byText };
}

function readDiffs(
  yaml: LocatedYaml,
  diffsByKey: Record<string, Record<string, string> | null>,
  byText: Map<string, SgiInstruction>,
  defaultExpected: Set<number>,
  error: (line: number | undefined, message: string) => void,
  warn: (line: number | undefined, message: string) => void,
): SgiDiff[] {
  const diffs: SgiDiff[] = [];
  for (const keyEntry of mapEntries(yaml, ["test_case_diffs"])) {
    const key = byText.get(keyEntry.key);
    if (!key) {
      error(keyEntry.line, `test_case_diffs: "${keyEntry.key}" is not an instruction id of any criterion`);
      continue;
    }
    if (!defaultExpected.has(key.id)) {
      warn(
        keyEntry.line,
        `test_case_diffs: "${keyEntry.key}" is not in default_expected, so its replacements never enter the expected list`,
      );
    }
    if (!diffsByKey[keyEntry.key]) continue;
    for (const entry of mapEntries(yaml, ["test_case_diffs", keyEntry.key])) {
      const replacement = byText.get(String(entry.value));
      if (!replacement) {
        error(
          entry.line,
          `test_case_diffs.${keyEntry.key}.${entry.key}: "${String(entry.value)}" is not an instruction id of any criterion`,
        );
        continue;
      }
      diffs.push({ key: key.id, testCase: entry.key, replacement: replacement.id, line: entry.line });
    }
  }
  return diffs;
}

async function readTestCases(dir: string, options: LoadOptions, problems: InputProblem[], badLines: BadLines): Promise<SgiTestCase[]> {
  const folder = path.join(dir, "test_cases");
  const names = existsSync(folder)
    ? (await readdir(folder))
        .filter((name) => name.endsWith(".json"))
        .map((name) => name.slice(0, -".json".length))
        .sort()
    : [];
  if (names.length === 0) {
    problems.push({ severity: "error", file: options.display(folder), message: "no test_cases/*.json files" });
  }
  const testCases: SgiTestCase[] = [];
  for (const [index, name] of names.entries()) {
    const absFile = path.join(folder, `${name}.json`);
    const file = options.display(absFile);
    const outside = outsideReason(absFile, options);
    if (outside) {
      problems.push({ severity: "error", file, message: `test case file: ${outside}` });
      continue;
    }
    const read = await badLines.readWhole(absFile, file, "a JSON file");
    if ("problem" in read) {
      problems.push({ severity: "error", file, line: read.problem.line, message: `test case file: ${read.problem.message}` });
      continue;
    }
    try {
      const diagram: unknown = JSON.parse(read.text);
      if (typeof diagram !== "object" || diagram === null || Array.isArray(diagram)) throw new Error("not a JSON object");
      testCases.push({ name, file, submissionId: index, model: JSON.stringify(diagram) });
    } catch (cause) {
      problems.push({ severity: "error", file, message: `not a diagram JSON file: ${excerpt((cause as Error).message, 100)}` });
    }
  }
  return testCases;
}

/** A file name is replaced by the file's text (as Eunomia does); anything else is sent as it is. */
async function readExampleSolution(
  dir: string,
  value: string | undefined,
  options: LoadOptions,
  error: (message: string) => void,
  badLines: BadLines,
): Promise<string | undefined> {
  if (value === undefined) return undefined;
  const candidate = path.join(dir, value);
  if (existsSync(candidate) && !value.trim().startsWith("{")) {
    const outside = outsideReason(candidate, options);
    if (outside) {
      error(`exercise.example_solution: ${outside}`);
      return undefined;
    }
    const read = await badLines.readWhole(candidate, options.display(candidate), "a file");
    if ("problem" in read) {
      error(`exercise.example_solution: file ${options.display(candidate)} ${read.problem.message}`);
      return undefined;
    }
    return read.text;
  }
  if (/\.json$/i.test(value.trim())) {
    error(`exercise.example_solution: file ${options.display(candidate)} does not exist`);
    return undefined;
  }
  return value;
}

/** Eunomia draws a random exercise id in [0, 2^31 - 2]; a hash of the scenario keeps runs reproducible. */
export function stableExerciseId(title: string, manifestText: string): number {
  const digest = createHash("sha256").update(title).update("\0").update(manifestText).digest();
  return digest.readUInt32BE(0) % (2 ** 31 - 1);
}
