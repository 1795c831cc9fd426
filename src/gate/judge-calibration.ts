// Judges checked against people (issue 41): a judge's agreement with the human scores of the answers
// it graded (recorded with the judge, engine/judge-identity.ts) decides, under gate.judge-calibration,
// whether its metrics gate. A judge under min-kappa, or measured on fewer than min-labels answers,
// still scores: its metrics are reported, not gated, and the verdict says why in one line per suite.
import type { GateConfig } from "../config/schema.ts";
import type { JudgeCalibration, Results } from "../results/types.ts";

export interface CalibrationHold {
  /** Why the judge's metrics are not gated: "uncalibrated (κ 0.21, under min-kappa 0.6)". */
  why: string;
  /** The suite's metrics that come from the judge (every metric but its checks'). */
  metrics: string[];
}

export interface CalibrationFindings {
  /** One line per suite whose judge has labels, or whose judge must be calibrated: in every report. */
  notes: string[];
  /** By suite: the judges whose metrics are reported, not gated. */
  held: Map<string, CalibrationHold>;
}

/**
 * The judge's metrics: those it grades when its kind names them (a conversations suite's rubrics, and
 * their per-role metrics); else every metric but a check's ("check/cites", "bot/check/cites").
 */
function isJudgeMetric(name: string, grades: readonly string[] | undefined): boolean {
  if (grades) return grades.some((graded) => name === graded || name.startsWith(`${graded}/`));
  return !/(^|\/)check\//.test(name);
}

const fixed = (value: number) => value.toFixed(2);

/** "κ 0.86 (95% CI 0.78–0.93), exact agreement 80%, n = 40": the agreement in words. */
export function agreementText(calibration: JudgeCalibration): string {
  const { kappa, ciLow, ciHigh, exact, n } = calibration;
  const interval = ciLow !== null && ciHigh !== null ? ` (95% CI ${fixed(ciLow)}–${fixed(ciHigh)})` : "";
  const k = kappa === null ? "κ undefined (neither the labels nor the scores vary)" : `weighted κ ${fixed(kappa)}${interval}`;
  return `${k}, exact agreement ${Math.round(exact * 100)}%, n = ${n}`;
}

/** Why a judge does not meet gate.judge-calibration, or null when it does. */
function shortfall(calibration: JudgeCalibration | undefined, required: NonNullable<GateConfig["judge-calibration"]>): string | null {
  const minKappa = required["min-kappa"];
  const minLabels = required["min-labels"];
  if (!calibration) return `no human score among its answers (min-labels ${minLabels})`;
  if (calibration.n < minLabels) return `${calibration.n} labelled answers, under min-labels ${minLabels}`;
  if (calibration.kappa === null) return "its kappa is undefined";
  if (calibration.kappa < minKappa) return `κ ${fixed(calibration.kappa)}, under min-kappa ${minKappa}`;
  return null;
}

export function judgeCalibrationFindings(head: Results, required: GateConfig["judge-calibration"]): CalibrationFindings {
  const findings: CalibrationFindings = { notes: [], held: new Map() };
  for (const [name, suite] of Object.entries(head.suites)) {
    const judge = suite.judge;
    if (!judge || suite.carried) continue;
    const calibration = judge.calibration;
    const agreement = calibration ? `: ${agreementText(calibration)}` : "";
    if (!required) {
      if (calibration)
        findings.notes.push(
          `${name}: the judge ${judge.name} agrees with people${agreement} (not required: gate.judge-calibration is not set)`,
        );
      continue;
    }
    const short = shortfall(calibration, required);
    if (short === null) {
      findings.notes.push(`${name}: the judge ${judge.name} is calibrated against people${agreement}: its metrics gate`);
      continue;
    }
    const why = `the judge ${judge.name} is uncalibrated (${short})`;
    findings.held.set(name, { why, metrics: Object.keys(suite.metrics).filter((metric) => isJudgeMetric(metric, judge.grades)) });
    findings.notes.push(`${name}: ${why}${agreement}: its metrics are reported, not gated`);
  }
  return findings;
}

/** "suite/metric" of every metric held back from the gate. */
export function heldMetrics(findings: CalibrationFindings): Set<string> {
  return new Set([...findings.held].flatMap(([suite, hold]) => hold.metrics.map((metric) => `${suite}/${metric}`)));
}
