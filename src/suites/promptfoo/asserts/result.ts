// A promptfoo grading result and the way promptfoo 0.123 combines them (its AssertionsResult): a
// test's score is the weighted mean of its asserts' scores, it passes when none failed (or, with a
// test `threshold`, when the score reaches it), named metrics are weighted means too, and an
// assert-set is one result of the test, combined the same way from its own asserts.
import type { PfAssertion } from "../types.ts";

export interface GradingResult {
  pass: boolean;
  score: number;
  reason: string;
  namedScores?: Record<string, number>;
  namedScoreWeights?: Record<string, number>;
  componentResults?: GradingResult[];
  assertion?: PfAssertion;
  /** Set when the grader could not grade (no judge reply, a reply that says nothing): evalgate's "unknown", never a pass or fail. */
  ungraded?: string;
}

export const passFail = (pass: boolean, failure: string): Pick<GradingResult, "pass" | "score" | "reason"> => ({
  pass,
  score: pass ? 1 : 0,
  reason: pass ? "Assertion passed" : failure,
});

export class CombinedResult {
  private totalScore = 0;
  private totalWeight = 0;
  private failedReason: string | undefined;
  private readonly components: GradingResult[] = [];
  private readonly named: Record<string, number> = {};
  private readonly namedWeights: Record<string, number> = {};
  private ungraded: string | undefined;

  private readonly threshold: number | undefined;

  constructor(threshold: number | undefined) {
    this.threshold = threshold;
  }

  add(index: number, result: GradingResult, metric: string | undefined, weight = 1): void {
    this.totalScore += result.score * weight;
    this.totalWeight += weight;
    this.components[index] = result;
    if (result.ungraded !== undefined) this.ungraded ??= result.ungraded;
    if (metric) {
      this.named[metric] = (this.named[metric] ?? 0) + result.score * weight;
      this.namedWeights[metric] = (this.namedWeights[metric] ?? 0) + weight;
    }
    for (const [name, score] of Object.entries(result.namedScores ?? {})) {
      if (name === metric) continue;
      const incoming = (result.namedScoreWeights?.[name] ?? 1) * weight;
      this.named[name] = (this.named[name] ?? 0) + score * incoming;
      this.namedWeights[name] = (this.namedWeights[name] ?? 0) + incoming;
    }
    if (!result.pass) this.failedReason = result.reason;
  }

  result(): GradingResult {
    const score = this.totalWeight > 0 ? this.totalScore / this.totalWeight : 0;
    let pass = this.failedReason === undefined;
    let reason = this.failedReason ?? "All assertions passed";
    if (typeof this.threshold === "number" && !Number.isNaN(this.threshold)) {
      pass = score >= this.threshold;
      reason = `Aggregate score ${score.toFixed(2)} ${pass ? "≥" : "<"} ${this.threshold} threshold`;
    }
    const namedScores = Object.fromEntries(
      Object.entries(this.named).map(([name, value]) => {
        const weight = this.namedWeights[name] ?? 0;
        return [name, weight > 0 ? value / weight : 0];
      }),
    );
    const flattened = this.components.flatMap((component) =>
      component.componentResults
        ? [component, ...component.componentResults.map((child) => ({ ...child, assertion: child.assertion ?? component.assertion }))]
        : [component],
    );
    return {
      pass,
      score,
      reason,
      namedScores,
      ...(Object.keys(this.namedWeights).length ? { namedScoreWeights: { ...this.namedWeights } } : {}),
      componentResults: flattened,
      ...(this.ungraded !== undefined ? { ungraded: this.ungraded } : {}),
    };
  }
}
