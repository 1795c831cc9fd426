// `evalgate baseline save|show`: make the baseline the config's `baseline.store: file` reads from a
// finished run, under the same rules as the action's store (baseline/policy.ts), and say which
// baseline a run would be compared with. No `cp`, no guessing which results are whole.
import path from "node:path";
import { partialRunReason, unfitForBaseline } from "../baseline/policy.ts";
import { type LoadedConfig, loadConfig } from "../config/load.ts";
import { checkOutputPaths, writeOutputFile } from "../config/output-file.ts";
import { compareResults } from "../engine/compare.ts";
import { findRepositoryRoot } from "../engine/git.ts";
import { engineOutputDir } from "../engine/output-dir.ts";
import { ResultsFileError, readResultsFile } from "../engine/results-file.ts";
import type { Results } from "../results/types.ts";
import { EXIT } from "../util/exit-codes.ts";
import { readRegularFile } from "../util/regular-file.ts";
import { describeBaseline, findBaseline } from "./baseline-show.ts";
import { parseCommand } from "./command-args.ts";
import { ENVIRONMENT_OPTIONS } from "./environment.ts";
import { UsageError } from "./errors.ts";
import { formatOptionsHelp, type OptionTable } from "./option-table.ts";
import { configOption, SHARED_OPTIONS } from "./shared-options.ts";

const BASELINE_OPTIONS = {
  config: configOption("the suite config: its baseline store and path, its suites and gate"),
  to: { type: "string", arg: "<file>", help: "save: write the baseline here instead of the config's baseline.path" },
  force: {
    type: "boolean",
    help: "save: keep a run whose gate failed as the baseline (a partial run, or one with errors, is never kept)",
  },
  branch: { type: "string", arg: "<name>", help: "show: the branch whose baseline (store: branch; default: the current git branch)" },
  json: SHARED_OPTIONS.json,
  ...ENVIRONMENT_OPTIONS,
} as const satisfies OptionTable;

const HELP = `Usage: evalgate baseline save [results.json] [--to <file>] [--force]
       evalgate baseline show [--branch <name>] [--json]

  save   make a finished run (default: <output-dir>/results.json) the baseline the config's
         baseline.store: file reads (baseline.path): only a whole run whose every suite was measured,
         and whose gate passed unless --force. Commit the file: pull requests are compared with it.
  show   which baseline a run would be compared with: the file or the data branch, its commit,
         its age, and whether it was made with this evalgate.yml

${formatOptionsHelp(BASELINE_OPTIONS)}`;

type BaselineValues = Awaited<ReturnType<typeof parseCommand<typeof BASELINE_OPTIONS>>>["values"];

export async function baselineCommand(argv: string[]): Promise<number> {
  const { values, positionals } = await parseCommand(argv, BASELINE_OPTIONS, { positionals: true });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.pass;
  }
  const [action, ...rest] = positionals;
  if (action === "save") {
    if (rest.length > 1) throw new UsageError(`unexpected argument "${rest[1]}"`);
    return saveBaseline(values, rest[0]);
  }
  if (action === "show") {
    if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
    return showBaseline(values);
  }
  throw new UsageError(`baseline expects "save" or "show", got ${action ? `"${action}"` : "nothing"}`);
}

/** Where `save` writes: --to, else the file store's path (from the repository's root, as the action reads it). */
function saveTarget(loaded: LoadedConfig, to: string | undefined): string {
  if (to !== undefined) return path.resolve(to);
  const store = loaded.config.baseline;
  if (store.store === "file") return path.resolve(findRepositoryRoot(loaded.dir) ?? process.cwd(), store.path);
  const where =
    store.store === "branch"
      ? `"branch": the action stores the baseline on the "${store.branch}" data branch after a whole, passing push to a gated branch`
      : `"none": runs are held to the thresholds alone`;
  throw new UsageError(`${loaded.displayPath}: baseline.store is ${where}. To save a file anyway, name it with --to <file>.`);
}

/** A results file the user points at: missing or not a results file is bad input (exit 2). */
async function readGivenResults(file: string, hint: string): Promise<Results> {
  try {
    return await readResultsFile(file);
  } catch (error) {
    if (error instanceof ResultsFileError && error.reason === "missing") throw new UsageError(`${shown(file)} does not exist${hint}`);
    if (error instanceof ResultsFileError && error.reason !== "unreadable") throw new UsageError(error.message);
    throw error;
  }
}

async function saveBaseline(values: BaselineValues, given: string | undefined): Promise<number> {
  const loaded = await loadConfig(values.config);
  const source = path.resolve(given ?? path.join(engineOutputDir(loaded), "results.json"));
  const target = saveTarget(loaded, values.to);
  if (source === target) throw new UsageError(`${shown(source)} is already the baseline file`);
  await checkOutputPaths([target], "baseline");
  const head = await readGivenResults(source, given === undefined ? ': run "evalgate run" first, or name a results file' : "");
  // Said first: a partial run also lacks suites, which the check against the config would name instead.
  if (head.run.partial?.length) return notSaved(source, partialRunReason(head.run.partial));
  if (head.run.demo && !values.force)
    return notSaved(
      source,
      "it was made by evalgate demo: the demo targets played the models, so pull requests would be compared with the demo's answers, not your system's; run it for real (evalgate run), or --force keeps it anyway",
    );
  // The gate again, under this config's rules against the current baseline: the file's own verdict
  // is not trusted, and a file that contradicts the config is refused here (exit 2), as compare does.
  const current = await readResultsFile(target).catch(() => null);
  const { verdict } = await compareResults(current, head, { configPath: loaded.path });
  const unfit = unfitForBaseline({ verdict, partial: head.run.partial }, values.force || loaded.config.baseline["store-failed"]);
  if (unfit) return notSaved(source, `${unfit.reason}${unfit.forcible ? "; --force keeps it anyway" : ""}`);
  await writeOutputFile(target, await readRegularFile(source, "utf8"));
  const cases = Object.values(head.suites).reduce((sum, suite) => sum + suite.counts.cases, 0);
  const suites = Object.keys(head.suites).length;
  process.stdout.write(
    [
      `saved ${shown(target)}: the baseline of ${suites} suite${suites === 1 ? "" : "s"} (${cases} cases), from the run of ${head.run.finishedAt}${head.run.commit ? ` at ${head.run.commit.slice(0, 7)}` : ""}${verdict.verdict === "fail" ? " (its gate failed: kept with --force)" : ""}`,
      `commit it (git add ${shown(target)}): pull requests are compared with the baseline as it is on their base branch`,
    ].join("\n") + "\n",
  );
  return EXIT.pass;
}

async function showBaseline(values: BaselineValues): Promise<number> {
  const loaded = await loadConfig(values.config);
  const found = await findBaseline(loaded, values.branch);
  process.stdout.write(values.json ? `${JSON.stringify(found, null, 2)}\n` : describeBaseline(found));
  return EXIT.pass;
}

function notSaved(source: string, why: string): number {
  process.stderr.write(`evalgate: ${shown(source)} was not saved as the baseline: ${why}\n`);
  return EXIT.badInput;
}

const shown = (file: string) => path.relative(process.cwd(), file) || file;
