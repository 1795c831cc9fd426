// A suite as the plan holds it: its options, its kind, its cases and what loading found. Its own
// module so that what reads a plan (its size, its judges) needs not import the planner.
import type { InputProblem } from "../config/errors.ts";
import type { SuiteConfig } from "../config/schema.ts";
import type { Case } from "../results/types.ts";
import type { LoadedSuite, SuiteKind } from "../suites/kind.ts";

export interface PlannedSuite {
  name: string;
  kind: string;
  options: SuiteConfig;
  suiteKind: SuiteKind;
  cases: Case[];
  /** Runs of every case: --repeat, else the suite's `repeat:`, else 1. */
  repeat: number;
  warnings: InputProblem[];
  judge?: LoadedSuite["judge"];
  checks?: LoadedSuite["checks"];
  /** Systems under test the suite read from files of its own (a prompt-yml suite's files). */
  targets?: LoadedSuite["targets"];
}
