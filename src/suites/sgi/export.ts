// Writes the TestBench's own result files, so users of Eunomia keep their tooling:
// <outDir>/sgi/<runId>/<title>/tables/{scenario_summary.csv,test_case_results.csv},
// scenario_results.json and test_cases/<name>.json.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CaseResult, SuiteResults } from "../../engine/types.ts";
import { redact } from "../../util/redact.ts";
import { perScenario, type ScenarioFigures } from "./aggregate.ts";

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

export async function exportSgiArtifacts(suite: SuiteResults, ctx: { outDir: string; runId: string }): Promise<string[]> {
  // The TestBench has no notion of repeats: export the first one.
  const cases = suite.cases.filter((c) => c.repeat === 0);
  const figures = perScenario(cases);
  const written: string[] = [];
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, redact(text), "utf8");
    written.push(file);
  };

  for (const [title, scenarioFigures] of Object.entries(figures)) {
    const folder = path.join(ctx.outDir, "sgi", ctx.runId, safeFolderName(title));
    const ofScenario = cases.filter((c) => (c.tags.scenario ?? "") === title);
    const scored = ofScenario.filter((c) => c.status === "scored");
    await write(path.join(folder, "tables", "scenario_summary.csv"), summaryCsv(scenarioFigures));
    await write(path.join(folder, "tables", "test_case_results.csv"), testCaseCsv(scored));
    await write(
      path.join(folder, "scenario_results.json"),
      `${JSON.stringify(scenarioJson(title, scenarioFigures, ofScenario), null, 4)}\n`,
    );
    for (const c of scored) {
      const testbench = (c.details as { testbench?: unknown } | undefined)?.testbench;
      if (testbench) await write(path.join(folder, "test_cases", `${testCaseName(c)}.json`), `${JSON.stringify(testbench, null, 4)}\n`);
    }
  }
  return written;
}

/** Eunomia names the folder by the exercise title with spaces turned into underscores. */
export function safeFolderName(title: string): string {
  return title.replace(/ /g, "_").replace(/[/\\:*?"<>|]/g, "-") || "scenario";
}

function testCaseName(c: CaseResult): string {
  return c.caseId.slice(c.caseId.lastIndexOf("/") + 1);
}

function summaryCsv(f: ScenarioFigures): string {
  const rows: [string, string][] = [
    ["Total Cases", String(f.scored)],
    ["Fully Correct Cases", String(f.fully_correct)],
    ["Score Matched Count", String(f.score_matched)],
    ["Average Test Case Score", f.average_score_percent === null ? "" : `${round(f.average_score_percent, 2)}%`],
    ["Correctly Detected Test Cases / Total Cases", `${f.detected} / ${f.scored}`],
    ["Total Cost", usd(f.total_cost_usd)],
    ["Average Cost", usd(f.average_cost_usd)],
    ["Average Request Time (s)", f.average_request_time_ms === null ? "" : String(round(f.average_request_time_ms / 1000, 2))],
  ];
  return csv([["Metric", "Value"], ...rows]);
}

function testCaseCsv(scored: CaseResult[]): string {
  const rows = scored.map((c) => [
    testCaseName(c),
    c.metrics.detected === 1 ? "Yes" : "No",
    String(round((c.metrics.score ?? 0) * 100, 2)),
    String(c.metrics.expected_points ?? ""),
    String(c.metrics.returned_points ?? ""),
    usd(c.costUsd),
    String(round((c.metrics.request_time_ms ?? 0) / 1000, 2)),
    String(c.metrics.wrong_less ?? 0),
    String(c.metrics.wrong_more ?? 0),
  ]);
  return csv([[...TEST_CASE_COLUMNS], ...rows]);
}

function scenarioJson(title: string, f: ScenarioFigures, cases: CaseResult[]): Record<string, unknown> {
  return {
    scenario: title,
    total_cases: f.scored,
    fully_correct: `${f.fully_correct} / ${f.scored}`,
    score_matched: `${f.score_matched} / ${f.scored}`,
    average_test_case_score: f.average_score_percent === null ? null : `${round(f.average_score_percent, 2)}%`,
    correctly_detected: `${f.detected} / ${f.scored}`,
    total_cost: usd(f.total_cost_usd),
    average_cost: usd(f.average_cost_usd),
    average_request_time: f.average_request_time_ms === null ? null : `${round(f.average_request_time_ms / 1000, 2)} s`,
    failed_tests_due_to_server: cases
      .filter((c) => c.status === "error")
      .map((c) => ({ test_case: testCaseName(c), error: c.error?.message })),
  };
}

function usd(value: number | null): string {
  return value === null ? "unknown" : `$${round(value, 6)}`;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function csv(rows: string[][]): string {
  const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${rows.map((row) => row.map(cell).join(",")).join("\n")}\n`;
}
