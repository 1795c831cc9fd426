// Many comparisons: a run tests every gated metric of every suite at 5%, so with 20 of them a chance
// "significant" drop somewhere is likelier than not. Holm's step-down procedure (Holm 1979) keeps the
// chance of any false alarm across the run's gated comparisons at 5% whatever their dependence, and
// rejects at least what Bonferroni would. The adjusted p of the i-th smallest of m p-values is
// max over j ≤ i of min(1, (m − j + 1) · p_(j)); a drop is significant when its adjusted p < 5%.

export type Correction = "holm" | "none";

/** Holm-adjusted p-values, in the order given. */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p || a.index - b.index);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
