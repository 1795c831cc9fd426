// Dollars as people read them, in reports and in the run guard's stop message alike.

/** "$1.23"; "≥ $1.23, 2 cases unpriced" when some cases have no known cost; "cost unknown" when none has. */
export function formatCost(usd: number | null, unpricedCases = 0): string {
  if (usd === null) return "cost unknown";
  const amount = `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
  if (unpricedCases <= 0) return amount;
  return `≥ ${amount}, ${unpricedCases} case${unpricedCases === 1 ? "" : "s"} unpriced`;
}
