// The "sgi" suite kind: grades the feedback of an Athena-compatible server on Eunomia TestBench
// scenarios (structured grading instructions), with the TestBench's own formulas and files.
import type { SuiteKind } from "../kind.ts";
import { aggregateSgi } from "./aggregate.ts";
import { exportSgiArtifacts } from "./export.ts";
import { loadSgiSuite, type SgiInput } from "./load.ts";
import type { SgiOptions } from "./options.ts";
import { runSgiCase } from "./run-case.ts";

export type { SgiInput } from "./load.ts";
export type { SgiOptions } from "./options.ts";

export const sgiSuite: SuiteKind<SgiOptions, SgiInput> = {
  kind: "sgi",
  load: loadSgiSuite,
  modelsUsed: (options) => [options.target],
  runCase: runSgiCase,
  aggregate: (results) => aggregateSgi(results),
  clusters: { by: "scenario" },
  wantsArtifacts: (options) => options.export,
  exportArtifacts: (suite, ctx) => exportSgiArtifacts(suite, ctx),
};
