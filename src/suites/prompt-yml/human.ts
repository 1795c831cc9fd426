// People's labels in a `.prompt.yml` file: a testData row's `human` field gives the grade a person
// gave the answer, on a judged evaluator's scale (an llm evaluator's choice, by name or score; a
// github/ built-in's rating 1–5). With one judged evaluator in the file it is the label itself; with
// several, a mapping from evaluator name to label. The field is the judge's calibration, never a
// placeholder value or the case's content (gh models eval would send `{{human}}`; evalgate refuses it).
import type { InputProblem } from "../../config/errors.ts";
import type { PromptFile } from "../../config/prompt-file.ts";
import { labelScore, scalePoints } from "../human-labels.ts";
import { RATING_SCORES } from "./builtins.ts";
import { asksJudge, type CompiledEvaluator } from "./evaluators.ts";

export const HUMAN_FIELD = "human";

type Judged = Exclude<CompiledEvaluator, { kind: "string" }>;

/** An evaluator's scale as labels name it: an llm evaluator's choices, a built-in's ratings 1–5 (scores 0–1). */
export function evaluatorChoices(evaluator: Judged): { name: string; score: number }[] {
  if (evaluator.kind === "llm") return evaluator.choices.map((choice) => ({ name: choice.choice, score: choice.score }));
  return Object.entries(RATING_SCORES).map(([rating, score]) => ({ name: rating, score }));
}

/** The labels of a file's rows (by row index: evaluator name → score on its scale), and every problem with them. */
export function rowLabels(prompt: PromptFile, evaluators: readonly CompiledEvaluator[]) {
  const judged = evaluators.filter(asksJudge) as Judged[];
  const labels = new Map<number, Record<string, number>>();
  const problems: InputProblem[] = [];
  for (const [index, row] of prompt.testData.entries()) {
    if (!Object.hasOwn(row.values, HUMAN_FIELD)) continue;
    const at = { file: prompt.file, line: row.line, field: `testData[${index}].${HUMAN_FIELD}` };
    const read = readLabel(row.values[HUMAN_FIELD], judged);
    if ("problem" in read) problems.push({ ...at, message: read.problem });
    else labels.set(index, read.labels);
  }
  return { labels, problems };
}

function readLabel(value: unknown, judged: readonly Judged[]): { labels: Record<string, number> } | { problem: string } {
  if (judged.length === 0) return { problem: "the file has no llm or github/ evaluator: a human label is a judge's calibration" };
  const names = judged.map((evaluator) => evaluator.label).join(", ");
  const given =
    value !== null && typeof value === "object" && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : undefined;
  if (!given && judged.length > 1)
    return { problem: `the file has ${judged.length} judged evaluators (${names}): give human: as a mapping from evaluator name to label` };
  const entries = given ?? [[judged[0]!.label, value] as [string, unknown]];
  const labels: Record<string, number> = {};
  for (const [name, label] of entries) {
    const evaluator = judged.find((candidate) => candidate.label === name || candidate.name === name);
    if (!evaluator) return { problem: `"${name}" is not a judged evaluator of the file (${names})` };
    const choices = evaluatorChoices(evaluator);
    const score = labelScore(label, choices);
    if (score === undefined)
      return {
        problem: `${JSON.stringify(label)} is not on the scale of "${evaluator.label}": one of ${choices.map((choice) => `${choice.name} (${choice.score})`).join(", ")}`,
      };
    labels[evaluator.name] = score;
  }
  return { labels };
}

/** The row without its label: what the messages and evaluators read, and what the case is. */
export function withoutLabel(values: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(values, HUMAN_FIELD)) return values;
  const { [HUMAN_FIELD]: _label, ...rest } = values;
  return rest;
}

/** The points every labelled evaluator of the suite shares, or the problem when their scales differ (agreement is measured on one scale). */
export function labelledPoints(labelled: readonly { file: string; evaluator: Judged }[]): { points?: number[]; problem?: InputProblem } {
  let first: { file: string; evaluator: Judged; points: number[] } | undefined;
  for (const { file, evaluator } of labelled) {
    const points = scalePoints(evaluatorChoices(evaluator));
    if (!first) first = { file, evaluator, points };
    else if (points.join() !== first.points.join())
      return {
        problem: {
          file,
          line: evaluator.line,
          field: `evaluators[${evaluator.index}]`,
          message: `"${evaluator.label}" is labelled on the scale ${points.join(", ")}, "${first.evaluator.label}" (${first.file}:${first.evaluator.line}) on ${first.points.join(", ")}: the judge's agreement with people is measured on one scale; label evaluators of one scale per suite`,
        },
      };
  }
  return first ? { points: first.points } : {};
}
