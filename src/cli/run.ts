// `evalgate run`: run the suites, gate them against the baseline, print and write the reports.
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { plural } from "../config/errors.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { readResultsFile } from "../engine/results-file.ts";
import { planEvaluation, type RunOptions, type RunPlan, runEvaluation } from "../engine/run.ts";
import type { Results } from "../engine/types.ts";
import { evaluateGate } from "../gate/evaluate.ts";
import type { GateVerdict } from "../gate/types.ts";
import { renderJUnit } from "../report/junit.ts";
import { renderMarkdownReport } from "../report/markdown.ts";
import { renderTextReport } from "../report/text.ts";
import { redact } from "../util/redact.ts";
import { EXIT } from "./errors.ts";
import { type ParsedRunArgs, parseRunArgs, RUN_OPTIONS_HELP, toRunOptions } from "./options.ts";

export async function runCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(`Usage: evalgate run [options]\n\n${RUN_OPTIONS_HELP}\n`);
    return EXIT.pass;
  }
  return runWithOptions(toRunOptions(values, env), values);
}

export async function runWithOptions(options: RunOptions, values: ParsedRunArgs): Promise<number> {
  if (options.dryRun) {
    printPlan(await planEvaluation(options));
    return EXIT.pass;
  }
  // Read an explicit baseline first: a bad file should fail before any money is spent.
  const explicitBaseline = values.baseline ? await readResultsFile(String(values.baseline)) : undefined;
  let baselineNote = "";
  const outcome = await runEvaluation({
    ...options,
    decide: async (results, { config, rootDir }) => {
      const { baseline, note } = explicitBaseline
        ? { baseline: explicitBaseline, note: `baseline: ${values.baseline}` }
        : await localBaseline(config, rootDir);
      baselineNote = note;
      return evaluateGate(results, baseline, config.gate, { branch: values.branch ? String(values.branch) : results.run.branch });
    },
  });
  const verdict = outcome.results.verdict as GateVerdict;
  await writeReports(outcome.results, verdict, values);
  if (values.json) process.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else {
    const text = renderTextReport(outcome.results, verdict, { color: process.stdout.isTTY ?? false });
    process.stdout.write(`${text}\n${baselineNote}\nresults: ${path.relative(process.cwd(), outcome.resultsPath)}\n`);
  }
  return verdict.verdict === "pass" ? EXIT.pass : EXIT.gateFailed;
}

async function writeReports(results: Results, verdict: GateVerdict, values: ParsedRunArgs): Promise<void> {
  if (values.markdown) await writeFile(String(values.markdown), redact(renderMarkdownReport(results, verdict, {})));
  if (values.junit) await writeFile(String(values.junit), redact(renderJUnit(results, verdict)));
}

/** Locally only a `file` baseline can be read; the branch store lives on GitHub. */
async function localBaseline(config: EvalgateConfig, rootDir: string): Promise<{ baseline: Results | null; note: string }> {
  const store = config.baseline;
  if (store.store === "file") {
    const file = path.resolve(rootDir, store.path);
    const present = await access(file).then(
      () => true,
      () => false,
    );
    if (!present) return { baseline: null, note: `baseline: none yet (${store.path} does not exist), thresholds only` };
    return { baseline: await readResultsFile(file), note: `baseline: ${store.path}` };
  }
  if (store.store === "branch") {
    return { baseline: null, note: `baseline: the "${store.branch}" branch is read on GitHub; pass --baseline <file> to compare locally` };
  }
  return { baseline: null, note: "baseline: none (thresholds only)" };
}

function printPlan(plan: RunPlan): void {
  const lines = [`dry run: ${plan.loaded.displayPath} is valid; no request sent`];
  for (const suite of plan.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases.length, "case")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  lines.push(`  models: ${plan.models.join(", ") || "none"}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
