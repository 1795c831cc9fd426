// Small statistics shared by the engine (spread across repeats) and the gate (noise).

export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return values.length ? sum / values.length : Number.NaN;
}

/** Population standard deviation: what results.json writes as Metric.spread. */
export function populationSd(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - m) ** 2)));
}
