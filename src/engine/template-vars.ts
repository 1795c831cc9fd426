// An `http` model's body fills `{{vars.NAME}}` from the vars each request carries, and which vars
// those are is the suite kind's to say (SuiteKind.requestVars): an agent of a judged suite gets the
// prompt and the run, a judge gets none. A placeholder that a model's requests can never fill fails
// every one of them at run time ("the request has no var"); here it is refused before any request,
// with every other problem of the config, naming the body's line, the suite and the vars it does send.
import { varPlaceholders } from "../config/body-template.ts";
import type { InputProblem } from "../config/errors.ts";
import type { LoadedConfig } from "../config/load.ts";
import { joinPath } from "../config/zod-problems.ts";
import type { RequestVars, SuiteKind } from "../suites/kind.ts";

interface SuiteUse {
  name: string;
  options: unknown;
  suiteKind: Pick<SuiteKind, "requestVars">;
}

/** Each `{{vars.NAME}}` of an http model's body that a suite's requests to that model never carry. */
export function unfillableVars(
  loaded: Pick<LoadedConfig, "config" | "displayPath" | "lineOf">,
  suites: readonly SuiteUse[],
): InputProblem[] {
  const uses = suites.flatMap((suite) =>
    (suite.suiteKind.requestVars?.(suite.options) ?? []).map((use) => ({ suite: suite.name, ...use })),
  );
  const problems: InputProblem[] = [];
  for (const [model, config] of Object.entries(loaded.config.models)) {
    if (config.provider !== "http") continue;
    const sent = uses.filter((use) => use.model === model);
    for (const found of varPlaceholders(config.body)) {
      const unfilled = sent.filter((use) => !use.vars.includes(found.name));
      if (unfilled.length === 0) continue;
      const fieldPath = ["models", model, "body", ...found.path];
      problems.push({
        file: loaded.displayPath,
        line: loaded.lineOf(fieldPath) ?? loaded.lineOf(["models", model, "body"]),
        field: joinPath(fieldPath),
        message: `${found.placeholder} is filled by no request to model "${model}": ${unfilled.map(describeUse).join("; ")}`,
      });
    }
  }
  return problems;
}

function describeUse(use: RequestVars & { suite: string }): string {
  const carried = use.vars.length ? `the vars ${use.vars.join(", ")}` : "no vars";
  return `suite "${use.suite}" sends its ${use.role} ${carried}`;
}
