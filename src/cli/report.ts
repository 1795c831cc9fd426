import { ConfigError, formatProblem } from "../config/errors.ts";
import { STDOUT } from "../config/output-file.ts";
import { compareResults } from "../engine/compare.ts";
import { readHistoryFiles } from "../engine/history-files.ts";
import { ResultsFileError, readResultsFile } from "../engine/results-file.ts";
import { storedVerdict } from "../gate/stored-verdict.ts";
import { checkReportTargets, inputFromResults, writeReportOutputs } from "../report/outputs.ts";
import { renderTextReport } from "../report/text.ts";
import type { Results } from "../results/types.ts";
import { EXIT } from "../util/exit-codes.ts";
import { redact } from "../util/redact.ts";
import { readRegularFile } from "../util/regular-file.ts";
import { wantsColor } from "./color.ts";
import { parseCommand } from "./command-args.ts";
import { ENVIRONMENT_OPTIONS } from "./environment.ts";
import { UsageError } from "./errors.ts";
import { formatOptionsHelp, type OptionTable, type OptionValues } from "./option-table.ts";
import { OUTPUT_OPTIONS, optionalConfigOption, outputTargets, SHARED_OPTIONS } from "./shared-options.ts";

const REPORT_COMMAND_OPTIONS = {
  ...OUTPUT_OPTIONS,
  csv: { type: "string", arg: "<dir>", help: "deprecated: the old name of --csv-dir" },
  history: SHARED_OPTIONS.history,
  baseline: { type: "string", arg: "<file>", help: "gate again against this results file (default: the verdict stored in results.json)" },
  config: optionalConfigOption("evalgate.yml whose suites, metrics and gate apply with --baseline"),
  branch: { type: "string", arg: "<name>", help: "pick the gate profile of this branch with --baseline" },
  details: SHARED_OPTIONS.details,
  ...ENVIRONMENT_OPTIONS,
} as const satisfies OptionTable;

type ReportValues = OptionValues<typeof REPORT_COMMAND_OPTIONS>;

const HELP = `Usage: evalgate report <results.json> [options]

Renders the reports of a finished run. With no report file asked for, prints the summary.

${formatOptionsHelp(REPORT_COMMAND_OPTIONS)}`;

/** A results file given on the command line: missing or not a results file is bad input (exit 2); unreadable stays exit 3. */
async function readInputFile(file: string) {
  try {
    return await readResultsFile(file);
  } catch (error) {
    if (error instanceof ResultsFileError && error.reason !== "unreadable") throw new UsageError(error.message);
    throw error;
  }
}

/** `report --csv DIR` was the name before the output flags were unified with `run`'s (`--csv` there is the prompts CSV). */
function withCsvAlias(values: ReportValues): ReportValues {
  if (values.csv === undefined) return values;
  process.stderr.write("evalgate: report --csv is deprecated; use --csv-dir (the same name as on run)\n");
  return { ...values, "csv-dir": values["csv-dir"] ?? values.csv };
}

export async function reportCommand(argv: string[]): Promise<number> {
  const parsed = await parseCommand(argv, REPORT_COMMAND_OPTIONS, { positionals: true });
  const { positionals } = parsed;
  if (parsed.values.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.pass;
  }
  if (positionals.length !== 1) throw new UsageError("report needs one results file: evalgate report results.json --html report.html");
  const values = withCsvAlias(parsed.values);
  const targets = outputTargets(values);
  await checkReportTargets(targets);
  const history = values.history ? await readHistoryFiles(values.history) : [];
  const file = positionals[0]!;
  const results = await readInputFile(file);
  // with --baseline its answers go beside the new ones (a stored verdict alone has no baseline answers)
  const baseline = values.baseline ? await readInputFile(values.baseline) : null;
  const verdict = await verdictFor(results, baseline, values);
  // An output that cannot be written costs only itself: the others are written, then it is named (exit 3).
  const failed: string[] = [];
  const input = inputFromResults(results, verdict, { resultsText: () => readRegularFile(file, "utf8"), baseline, history });
  const written = (
    await writeReportOutputs(targets, input, (output, error, target) => {
      const why = error instanceof ConfigError ? error.problems.map(formatProblem).join("; ") : String((error as Error)?.message ?? error);
      failed.push(`--${output.flag} ${target} could not be written: ${why}`);
    })
  ).flatMap((output) => output.files);
  const files = written.filter((name) => name !== STDOUT);
  // With a report on stdout the list of files moves to stderr, so the report can be piped.
  const list = written.length > files.length ? process.stderr : process.stdout;
  if (files.length) list.write(`${files.map((name) => `wrote ${name}`).join("\n")}\n`);
  else if (!written.length && !failed.length)
    process.stdout.write(renderTextReport(results, verdict, { color: wantsColor(process.stdout), details: values.details }));
  for (const line of failed) process.stderr.write(redact(`evalgate: error: ${line}\n`));
  return failed.length ? EXIT.runtime : EXIT.pass;
}

/** The verdict stored in the results, or the gate run again (against --baseline, or when none is stored). */
async function verdictFor(results: Results, baseline: Results | null, values: ReportValues) {
  const stored = storedVerdict(results);
  if (stored && !baseline) return stored;
  const { verdict } = await compareResults(baseline, results, {
    ...(values.config ? { configPath: values.config } : {}),
    ...(values.branch ? { branch: values.branch } : {}),
  });
  return verdict;
}
