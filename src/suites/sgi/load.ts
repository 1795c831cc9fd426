// Turns the suite's `scenarios` folder (and price table) into cases, validating everything first.
import path from "node:path";
import type { InputProblem } from "../../config/errors.ts";
import { type BadLines, withLoadWarnings } from "../../config/text-file.ts";
import type { Case } from "../../results/types.ts";
import type { LoadContext, LoadedSuite } from "../kind.ts";
import { loadPriceTable, type PriceTable } from "./cost.ts";
import { discoverScenarioDirs, type LoadOptions, loadScenario } from "./manifest.ts";
import type { SgiOptions } from "./options.ts";
import type { Scenario, SgiTestCase } from "./types.ts";
import { ScenarioError } from "./yaml-lines.ts";

export interface SgiInput {
  /** Shared by every case of the scenario. */
  scenario: Scenario;
  testCase: SgiTestCase;
  /** null when no price table was found: costs are then unknown. */
  prices: PriceTable | null;
}

export function loadSgiSuite(ctx: LoadContext & { options: SgiOptions }): Promise<LoadedSuite<SgiInput>> {
  return withLoadWarnings((badLines, warnings) => readSgiSuite(ctx, badLines, warnings));
}

async function readSgiSuite(
  ctx: LoadContext & { options: SgiOptions },
  badLines: BadLines,
  warnings: InputProblem[],
): Promise<Omit<LoadedSuite<SgiInput>, "warnings">> {
  const display = (absPath: string) => path.relative(ctx.rootDir, absPath).split(path.sep).join("/") || ".";
  const options: LoadOptions = { display, ...(ctx.allowedRoot !== undefined ? { allowedRoot: ctx.allowedRoot } : {}) };
  const scenariosPath = path.resolve(ctx.configDir, ctx.options.scenarios);

  const dirs = await discoverScenarioDirs(scenariosPath, options);
  const scenarios: Scenario[] = [];
  const errors: InputProblem[] = [];
  for (const dir of dirs) {
    try {
      scenarios.push(await loadScenario(dir, options, badLines, warnings));
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      errors.push(...error.problems);
    }
  }
  const titles = new Map<string, Scenario>();
  for (const scenario of scenarios) {
    const first = titles.get(scenario.title);
    if (first) {
      errors.push({
        severity: "error",
        file: scenario.manifestFile,
        message: `exercise.title "${scenario.title}" is also the title of ${first.manifestFile}; titles name the result folders and must differ`,
      });
    }
    titles.set(scenario.title, scenario);
  }

  const prices = await resolvePriceTable(ctx.options.costs, ctx.configDir, scenariosPath, display, warnings, badLines).catch(
    (error: unknown) => {
      if (error instanceof ScenarioError) errors.push(...error.problems);
      else throw error;
      return null;
    },
  );
  if (errors.length > 0) throw new ScenarioError(errors);

  const cases: Case<SgiInput>[] = [];
  for (const scenario of scenarios) {
    for (const testCase of scenario.testCases) {
      const diffLine = scenario.diffs.find((diff) => diff.testCase === testCase.name)?.line;
      cases.push({
        id: `${scenario.name}/${testCase.name}`,
        title: `${scenario.name}/${testCase.name}`,
        // A scenario's test cases share its submission and grading instructions: the gate compares them as one cluster.
        cluster: scenario.name,
        source: diffLine === undefined ? { file: testCase.file } : { file: scenario.manifestFile, line: diffLine },
        input: { scenario, testCase, prices },
      });
    }
  }
  return { cases };
}

/**
 * `costs:` when given; otherwise an llm_cost.yml next to the scenarios (Eunomia keeps it in the
 * folder of scenario folders), looked up in the scenarios folder and then its parent.
 */
async function resolvePriceTable(
  costs: string | undefined,
  configDir: string,
  scenariosPath: string,
  display: (absPath: string) => string,
  warnings: InputProblem[],
  badLines: BadLines,
): Promise<PriceTable | null> {
  if (costs) {
    const absPath = path.resolve(configDir, costs);
    return loadPriceTable(absPath, display(absPath), badLines);
  }
  for (const candidate of [path.join(scenariosPath, "llm_cost.yml"), path.join(path.dirname(scenariosPath), "llm_cost.yml")]) {
    if (badLines.exists(candidate)) return loadPriceTable(candidate, display(candidate), badLines);
  }
  warnings.push({ file: display(scenariosPath), message: "no llm_cost.yml price table (set costs:); every cost is reported as unknown" });
  return null;
}
