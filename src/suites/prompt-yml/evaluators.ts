// A `.prompt.yml` file's evaluators made ready at load: `string` ones become checks of the check
// engine (equals, contains, starts-with, ends-with: gh's case rules are the engine's defaults), `llm`
// ones keep their prompt and choices, `uses: github/<name>` names one of evalgate's built-in
// prompts. Every problem is at the evaluator's line in the file, before any request.
import { createHash } from "node:crypto";
import { closest } from "../../config/did-you-mean.ts";
import type { InputProblem } from "../../config/errors.ts";
import type { PromptEvaluator } from "../../config/prompt-file.ts";
import { placeholdersIn } from "../../config/prompt-template.ts";
import { type CompiledCheck, compileChecks } from "../checks/compile.ts";
import { BUILT_IN_EVALUATORS, type BuiltInName, builtInsHash, isBuiltIn } from "./builtins.ts";
import type { LlmChoice } from "./gh-rules.ts";

/** gh's string evaluator keys, in the order gh reads them, with the check kind each one is. */
const STRING_KEYS = [
  ["equals", "equals"],
  ["contains", "contains"],
  ["startsWith", "starts-with"],
  ["endsWith", "ends-with"],
] as const;

interface EvaluatorBase {
  /** The evaluator's name in its metrics: as written, with anything but letters, digits, _ . - as "-". */
  name: string;
  /** The name as the file writes it. */
  label: string;
  /** Its place among the file's evaluators, and its line. */
  index: number;
  line: number;
  /** A hash of what it is: another hash grades differently (SuiteResults.checks). */
  definition: string;
  /** The row keys it reads (`{{name}}`), besides the answer. */
  reads: string[];
  /**
   * Whether its score says more than its pass: a built-in's rating, an llm evaluator with a choice
   * scoring other than 0 or 1. Only then is `<evaluator>/score` a metric beside its pass rate.
   */
  scored: boolean;
}

export type CompiledEvaluator = EvaluatorBase &
  (
    | { kind: "string"; check: CompiledCheck }
    | { kind: "llm"; prompt: string; systemPrompt?: string; choices: LlmChoice[]; modelId: string }
    | { kind: "builtin"; builtin: BuiltInName }
  );

/** The evaluators that ask the judge. */
export const asksJudge = (evaluator: CompiledEvaluator) => evaluator.kind !== "string";

/** "similarity check" → "similarity-check": a metric name a gate.metrics glob can name. */
export function evaluatorName(label: string): string {
  return (
    label
      .trim()
      .replace(/[^A-Za-z0-9_.-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "evaluator"
  );
}

const hash = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 12);

/** Compiles a file's evaluators; every problem at its line (field `evaluators[i]…`). */
export async function compileEvaluators(
  file: string,
  evaluators: readonly PromptEvaluator[],
): Promise<{ evaluators: CompiledEvaluator[]; problems: InputProblem[] }> {
  const compiled: CompiledEvaluator[] = [];
  const problems: InputProblem[] = [];
  const seen = new Map<string, number>();
  for (const [index, evaluator] of evaluators.entries()) {
    const at = { file, line: evaluator.line, field: `evaluators[${index}]` };
    const name = evaluatorName(evaluator.name);
    const first = seen.get(name);
    if (first !== undefined) {
      problems.push({
        ...at,
        field: `${at.field}.name`,
        message: `"${evaluator.name}" names the metric ${name}, as evaluators[${first}] does: name each evaluator once`,
      });
      continue;
    }
    seen.set(name, index);
    const base = { name, label: evaluator.name, index, line: evaluator.line };
    const made =
      "string" in evaluator
        ? await stringEvaluator(evaluator.string, base, at)
        : "llm" in evaluator
          ? llmEvaluator(evaluator.llm, base, at)
          : usesEvaluator(evaluator.uses, base, at);
    if ("problem" in made) problems.push(made.problem);
    else compiled.push(made.evaluator);
  }
  return { evaluators: compiled, problems };
}

type Made = { evaluator: CompiledEvaluator } | { problem: InputProblem };
type Base = Pick<EvaluatorBase, "name" | "label" | "index" | "line">;
type At = { file: string; line: number; field: string };

async function stringEvaluator(value: Extract<PromptEvaluator, { string: unknown }>["string"], base: Base, at: At): Promise<Made> {
  const given = STRING_KEYS.filter(([key]) => value[key] !== undefined && value[key] !== "");
  if (given.length !== 1) {
    const message = given.length
      ? `names ${given.map(([key]) => key).join(" and ")}: gh models eval would use only ${given[0]![0]}; give one per evaluator`
      : "names no text: one of equals, contains, startsWith or endsWith, not empty";
    return { problem: { ...at, field: `${at.field}.string`, message } };
  }
  const [key, kind] = given[0]!;
  const compiled = await compileChecks([{ [kind]: value[key], name: base.name }], {
    configDir: ".",
    rootDir: ".",
    allowedRoot: undefined,
    configFile: at.file,
    lineOf: () => at.line,
    at: [`${at.field}.string.${key}`],
  });
  const problem = compiled.problems[0];
  if (problem) return { problem: { ...problem, field: `${at.field}.string.${key}` } };
  const check = compiled.checks[0]!;
  return {
    evaluator: { ...base, kind: "string", check, definition: hash(["string", key, value[key]]), reads: check.columns, scored: false },
  };
}

function llmEvaluator(value: Extract<PromptEvaluator, { llm: unknown }>["llm"], base: Base, at: At): Made {
  // gh picks the first choice the reply contains: "" is in every reply, and " " in nearly every one.
  const blank = value.choices.findIndex((choice) => choice.choice.trim() === "");
  if (blank >= 0) {
    const message = `is ${value.choices[blank]!.choice === "" ? "empty" : "blank"}: every reply contains it, so it would match every reply; give the word the judge's reply names`;
    return { problem: { ...at, field: `${at.field}.llm.choices[${blank}].choice`, message } };
  }
  const reads = [...new Set(placeholdersIn(value.prompt).map((placeholder) => placeholder.name))].filter((name) => name !== "completion");
  return {
    evaluator: {
      ...base,
      kind: "llm",
      prompt: value.prompt,
      ...(value.systemPrompt !== undefined ? { systemPrompt: value.systemPrompt } : {}),
      choices: value.choices,
      modelId: value.modelId,
      definition: hash(["llm", value.prompt, value.systemPrompt ?? null, value.choices]),
      reads,
      scored: value.choices.some((choice) => choice.score !== 0 && choice.score !== 1),
    },
  };
}

function usesEvaluator(uses: string, base: Base, at: At): Made {
  const builtin = uses.startsWith("github/") ? uses.slice("github/".length) : undefined;
  if (builtin === undefined || !isBuiltIn(builtin)) {
    const names = Object.keys(BUILT_IN_EVALUATORS).map((name) => `github/${name}`);
    const suggestion = closest(uses, names);
    return {
      problem: {
        ...at,
        field: `${at.field}.uses`,
        message: `unknown evaluator "${uses}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; built in: ${names.join(", ")}`,
      },
    };
  }
  const reads = [...BUILT_IN_EVALUATORS[builtin].reads];
  return { evaluator: { ...base, kind: "builtin", builtin, definition: hash(["uses", builtin, builtInsHash()]), reads, scored: true } };
}
