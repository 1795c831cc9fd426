// The gate's context from a loaded config: the suite kinds' aggregates (to recompute a baseline over
// the cases a partial run ran), the baseline's max age and the clock. One place for the CLI and the action.
import type { EvalgateConfig } from "../config/schema.ts";
import type { GateContext } from "../gate/types.ts";
import { loadSuiteKinds, type SuiteKinds } from "../suites/index.ts";

export async function gateContextFor(config: EvalgateConfig | null, extra: GateContext = {}): Promise<GateContext> {
  const kinds = config ? await loadSuiteKinds(Object.values(config.suites).map((suite) => suite.kind)) : new Map();
  const maxAge = config?.baseline["max-age"];
  return {
    ...(config ? { aggregate: suiteAggregator(config, kinds) } : {}),
    clustering: (_suite, kind) => kinds.get(kind)?.clusters ?? null,
    ...(maxAge !== undefined ? { maxBaselineAgeMs: maxAge } : {}),
    now: new Date(),
    ...extra,
  };
}

/** A suite's metrics over some of its cases, by the suite kind's own aggregate; null when the config has no such suite. */
function suiteAggregator(config: EvalgateConfig, kinds: SuiteKinds): NonNullable<GateContext["aggregate"]> {
  return (suite, kind, cases) => {
    const options = Object.hasOwn(config.suites, suite) ? config.suites[suite] : undefined;
    const suiteKind = kinds.get(kind);
    if (!options || options.kind !== kind || !suiteKind) return null;
    return suiteKind.aggregate(cases, options).metrics;
  };
}
