// Cost totals that never understate the spend: a case that made requests but has no known cost
// (a model without a price, or a failed request that did not say what it cost) is counted, so every total can say it is partial ("≥ $28.36, 1 case
// unpriced") instead of printing the sum of the known costs as if it were the whole.

/** Cases that sent requests but whose cost is unknown. A case that sent nothing cost nothing. */
export function countUnpricedCases(cases: readonly { costUsd: number | null; requests: number }[]): number {
  return cases.filter((c) => c.costUsd === null && c.requests > 0).length;
}

/** The sum of the known costs; null when none is known (not 0: nothing says it was free). */
export function sumKnown(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
}

export function sumUnpriced(suites: readonly { unpricedCases?: number }[]): number {
  return suites.reduce((n, suite) => n + (suite.unpricedCases ?? 0), 0);
}

/** The results.json field: written only when some case is unpriced, so a complete total carries no such field. */
export function unpricedField(count: number): { unpricedCases?: number } {
  return count > 0 ? { unpricedCases: count } : {};
}
