// Writes the TestBench's own result files in its exact formats, so a team diffing them against its
// TestBench history sees only real differences:
//   <outDir>/sgi/<runId>/<title>/tables/scenario_summary.csv   Metric,Value rows (pandas to_csv)
//   <outDir>/sgi/<runId>/<title>/tables/test_case_results.csv  one row per scored test case
//   <outDir>/sgi/<runId>/<title>/scenario_results.json         the summary as {Metric: Value}
//   <outDir>/sgi/<runId>/<title>/test_cases/<stem>.json        each scored case's report
// Numbers are formatted as Python does (f"{x:.2f}", float repr, json.dump(indent=4)). Only scored
// cases appear, as in the TestBench, which drops the cases its server failed on; evalgate's own
// results.json keeps them. Deliberate differences: a ":" in the title becomes "-" in the folder
// name (portable paths), and a cost that is unknown (model missing from llm_cost.yml, where the
// TestBench would have failed the case) is written "unknown", its totals as lower bounds.
import path from "node:path";
import { writeOutputFile } from "../../config/output-file.ts";
import type { CaseResult, SuiteResults } from "../../results/types.ts";
import { PyFloat, pandasCsv, pythonFixed, pythonFloatRepr, pythonJsonDumps } from "../../util/python-format.ts";
import { redact } from "../../util/redact.ts";
import type { CaseCost } from "./cost.ts";
import type { CriterionResult, InstructionRef } from "./score.ts";

export const TEST_CASE_COLUMNS = [
  "Test Case",
  "Test Case Detected Correctly",
  "Test Case Score (%)",
  "Expected Points",
  "Total Returned Points",
  "Cost",
  "Request Time (s)",
  "Wrong < Points",
  "Wrong > Points",
] as const;

/** What run-case keeps in a scored case's details for this export. */
export interface TestbenchDetails {
  test_case: string;
  expected_score: number;
  returned_score: number;
  test_case_detected_correctly: boolean;
  test_case_score_percent: number;
  /** Present when the suite has a price table. */
  cost?: CaseCost;
  criteria_results: CriterionResult[];
  /** The feedback items as the server sent them (camelCase or snake_case). */
  feedback: Record<string, unknown>[];
}

interface ExportCase {
  name: string;
  testbench: TestbenchDetails;
  /** Whether any returned item referenced a known instruction: Python's sum() of none is the int 0. */
  returnedAny: boolean;
  requestSeconds: number;
  costUsd: number | null;
  wrongLess: number;
  wrongMore: number;
  fullyCorrect: boolean;
  scoreMatch: boolean;
}

export async function exportSgiArtifacts(suite: SuiteResults, ctx: { outDir: string; runId: string }): Promise<string[]> {
  // The TestBench has no notion of repeats: export the first one.
  const cases = suite.cases.filter((c) => c.repeat === 0);
  const titles = [...new Set(cases.map((c) => c.tags.scenario ?? ""))];
  const written: string[] = [];
  const write = async (file: string, text: string) => {
    await writeOutputFile(file, redact(text));
    written.push(file);
  };
  for (const title of titles) {
    const scored = cases.flatMap((c) => ((c.tags.scenario ?? "") === title && c.status === "scored" ? toExportCase(c) : []));
    const folder = path.join(ctx.outDir, "sgi", ctx.runId, safeFolderName(title));
    const summary = summaryRows(scored);
    await write(
      path.join(folder, "tables", "scenario_summary.csv"),
      pandasCsv([["Metric", "Value"], ...summary.map(([k, v]) => [k, String(v)])]),
    );
    await write(path.join(folder, "tables", "test_case_results.csv"), testCaseCsv(scored));
    await write(path.join(folder, "scenario_results.json"), pythonJsonDumps(Object.fromEntries(summary)));
    for (const c of scored)
      await write(path.join(folder, "test_cases", `${c.name}.json`), pythonJsonDumps(testCaseJson(c.testbench, c.returnedAny)));
  }
  return written;
}

/** Eunomia names the folder by the exercise title with spaces turned into underscores. */
export function safeFolderName(title: string): string {
  return title.replace(/ /g, "_").replace(/[/\\:*?"<>|]/g, "-") || "scenario";
}

function toExportCase(c: CaseResult): ExportCase[] {
  const details = c.details as { testbench?: TestbenchDetails; returned_instructions?: unknown[] } | undefined;
  if (!details?.testbench) return [];
  return [
    {
      name: c.caseId.slice(c.caseId.lastIndexOf("/") + 1),
      testbench: details.testbench,
      returnedAny: (details.returned_instructions?.length ?? 0) > 0,
      requestSeconds: (c.metrics.request_time_ms ?? 0) / 1000,
      costUsd: c.costUsd,
      wrongLess: c.metrics.wrong_less ?? 0,
      wrongMore: c.metrics.wrong_more ?? 0,
      fullyCorrect: c.metrics.fully_correct === 1,
      scoreMatch: c.metrics.score_match === 1,
    },
  ];
}

/** ScenarioResult's figures, summed in case order as Python's sum() does. */
function summaryRows(cases: ExportCase[]): [string, string | number][] {
  const n = cases.length;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const count = (test: (c: ExportCase) => boolean) => cases.filter(test).length;
  const average = (values: number[]) => (n > 0 ? sum(values) / n : 0);
  const priced = cases.flatMap((c) => (c.costUsd === null ? [] : [c.costUsd]));
  const unpriced = n - priced.length;
  const totalCost = sum(priced);
  const detected = count((c) => c.testbench.test_case_detected_correctly);
  return [
    ["Total Cases", n],
    ["Fully Correct Cases", count((c) => c.fullyCorrect)],
    ["Score Matched Count", count((c) => c.scoreMatch)],
    ["Average Test Case Score", pythonFixed(average(cases.map((c) => c.testbench.test_case_score_percent)), 2)],
    ["Correctly Detected Test Cases / Total Cases", `${detected} / ${n}`],
    ["Total Cost", costTotal(totalCost, unpriced, n)],
    ["Average Cost", costTotal(n > 0 ? totalCost / n : 0, unpriced, n)],
    ["Average Request Time (s)", pythonFixed(average(cases.map((c) => c.requestSeconds)), 4)],
  ];
}

/** A total over cases some of which have no known cost: a lower bound that says so, or unknown. */
function costTotal(value: number, unpriced: number, n: number): string {
  if (unpriced === 0) return pythonFixed(value, 4);
  if (unpriced === n) return "unknown";
  return `≥ ${pythonFixed(value, 4)}, ${unpriced} case${unpriced === 1 ? "" : "s"} unpriced`;
}

function testCaseCsv(cases: ExportCase[]): string {
  // pandas builds the frame from the rows, then adds the two Wrong columns: with no rows, only they remain.
  if (cases.length === 0) return pandasCsv([["Wrong < Points", "Wrong > Points"]]);
  // A case with no recognised item has the int 0; pandas makes the column float when any row is.
  const returnedIsFloat = cases.some((c) => c.returnedAny);
  const rows = cases.map((c) => [
    c.name,
    c.testbench.test_case_detected_correctly ? "Yes" : "No",
    pythonFixed(c.testbench.test_case_score_percent, 2),
    pythonFloatRepr(c.testbench.expected_score),
    returnedIsFloat ? pythonFloatRepr(c.testbench.returned_score) : "0",
    c.testbench.cost === undefined ? "0.0000" : c.costUsd === null ? "unknown" : pythonFixed(c.costUsd, 4),
    pythonFixed(c.requestSeconds, 4),
    String(c.wrongLess),
    String(c.wrongMore),
  ]);
  return pandasCsv([[...TEST_CASE_COLUMNS], ...rows]);
}

/** TestCaseResult.to_dict(): floats where Python holds floats, the feedback as the pydantic model dumps it. */
function testCaseJson(t: TestbenchDetails, returnedAny: boolean): Record<string, unknown> {
  const float = (value: number | null) => (value === null ? null : new PyFloat(value));
  const instruction = (ref: InstructionRef & { feedbackDescription?: string | null }) => ({
    id: ref.id,
    textual_id: ref.textual_id,
    credits: new PyFloat(ref.credits),
    instructionDescription: ref.instructionDescription,
    ...("feedbackDescription" in ref && { feedbackDescription: ref.feedbackDescription ?? null }),
  });
  const out: Record<string, unknown> = {
    test_case: t.test_case,
    expected_score: new PyFloat(t.expected_score),
    returned_score: returnedAny ? new PyFloat(t.returned_score) : t.returned_score,
    test_case_detected_correctly: t.test_case_detected_correctly,
    test_case_score_percent: new PyFloat(t.test_case_score_percent),
  };
  if (t.cost) {
    out.cost = {
      total_cost: float(t.cost.total_cost),
      total_input_cost: float(t.cost.total_input_cost),
      total_output_cost: float(t.cost.total_output_cost),
      details: t.cost.details.map((d) => ({
        llm: d.llm,
        input_cost: float(d.input_cost),
        output_cost: float(d.output_cost),
        total: float(d.total),
      })),
    };
  }
  if (t.criteria_results.length > 0) {
    out.criteria_results = t.criteria_results.map((r) => ({
      criterion_id: r.criterion_id,
      criterion_textual_id: r.criterion_textual_id,
      mismatch_pairs: r.mismatch_pairs.map((pair) => ({ expected: instruction(pair.expected), received: instruction(pair.received) })),
      missing_instructions: r.missing_instructions.map(instruction),
      extra_instructions: r.extra_instructions.map(instruction),
    }));
  }
  out.feedback = t.feedback.map(snakeCaseFeedback);
  return out;
}

/** Eunomia's ModelingFeedback model dumped by field name: every field, in declaration order, credits a float. */
function snakeCaseFeedback(item: Record<string, unknown>): Record<string, unknown> {
  const pick = (...keys: string[]) => {
    for (const key of keys) if (item[key] !== undefined) return item[key];
    return undefined;
  };
  const credits = pick("credits");
  return {
    id: pick("id") ?? null,
    title: pick("title") ?? null,
    description: pick("description") ?? null,
    credits: new PyFloat(typeof credits === "number" ? credits : Number(credits ?? 0)),
    structured_grading_instruction_id: pick("structured_grading_instruction_id", "structuredGradingInstructionId") ?? null,
    is_graded: pick("is_graded", "isGraded") ?? null,
    meta: pick("meta") ?? {},
    exercise_id: pick("exercise_id", "exerciseId") ?? null,
    submission_id: pick("submission_id", "submissionId") ?? null,
    element_ids: pick("element_ids", "elementIds") ?? [],
    reference: pick("reference") ?? null,
  };
}
