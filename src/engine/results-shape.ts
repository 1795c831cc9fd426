// What a results file must hold for its numbers to be compared: every metric value and case value a
// number (a metric's value may be null: nothing measured). A results file is data from elsewhere
// (a fork's run, a hand-edited baseline): a string where a number belongs is bad input, not a crash.

/** The first value in a results file that is not a number where one belongs, as "path: what it is"; undefined when all are. */
export function misplacedValue(results: { suites?: unknown }): string | undefined {
  if (typeof results.suites !== "object" || results.suites === null) return "suites: expected an object of suites";
  for (const [name, suite] of Object.entries(results.suites as Record<string, unknown>)) {
    const where = `suites.${name}`;
    if (typeof suite !== "object" || suite === null) return `${where}: expected a suite object`;
    const { metrics, cases } = suite as { metrics?: unknown; cases?: unknown };
    for (const [metric, entry] of Object.entries((metrics ?? {}) as Record<string, unknown>)) {
      const { value, n } = (entry ?? {}) as { value?: unknown; n?: unknown };
      if (value !== null && !isNumber(value)) return `${where}.metrics.${metric}.value is ${describe(value)}, not a number`;
      if (!isNumber(n)) return `${where}.metrics.${metric}.n is ${describe(n)}, not a number`;
    }
    if (!Array.isArray(cases)) return `${where}.cases: expected a list of cases`;
    for (const [index, result] of cases.entries()) {
      const values = (result as { metrics?: unknown } | null)?.metrics;
      for (const [metric, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
        if (!isNumber(value)) return `${where}.cases[${index}].metrics.${metric} is ${describe(value)}, not a number`;
      }
    }
  }
  return undefined;
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function describe(value: unknown): string {
  if (typeof value === "string") return `the text ${JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}…` : value)}`;
  return value === null ? "null" : Array.isArray(value) ? "a list" : `a ${typeof value}`;
}
