import path from "node:path";
import { compareResults } from "../engine/compare.ts";
import { readHistoryFiles } from "../engine/history-files.ts";
import { ResultsFileError, readResultsFile } from "../engine/results-file.ts";
import { storedVerdict } from "../gate/stored-verdict.ts";
import { answerPairs } from "../report/answer-pairs.ts";
import { writeCsvReports } from "../report/csv.ts";
import { writeHtmlReport } from "../report/html/write.ts";
import { renderJUnit } from "../report/junit.ts";
import { renderMarkdownReport } from "../report/markdown.ts";
import { renderTextReport } from "../report/text.ts";
import { sparklines, trendSeries } from "../report/trends.ts";
import { EXIT } from "../util/exit-codes.ts";
import { checkOutputPaths, STDOUT, writeOutputFile } from "../util/output-file.ts";
import { redact } from "../util/redact.ts";
import { wantsColor } from "./color.ts";
import { UsageError } from "./errors.ts";
import { formatOptionsHelp, type OptionTable, parseOptions } from "./option-table.ts";
import { SHARED_OPTIONS } from "./shared-options.ts";

const REPORT_COMMAND_OPTIONS = {
  html: SHARED_OPTIONS.html,
  csv: { type: "string", arg: "<dir>", help: "write cases.csv and metrics.csv into this folder" },
  markdown: SHARED_OPTIONS.markdown,
  junit: SHARED_OPTIONS.junit,
  history: SHARED_OPTIONS.history,
  baseline: { type: "string", arg: "<file>", help: "gate again against this results file (default: the verdict stored in results.json)" },
  config: {
    type: "string",
    short: "c",
    arg: "<file>",
    help: "evalgate.yml whose suites, metrics and gate apply with --baseline (default: evals/evalgate.yml)",
  },
  branch: { type: "string", arg: "<name>", help: "pick the gate profile of this branch with --baseline" },
  details: SHARED_OPTIONS.details,
} as const satisfies OptionTable;

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

export async function reportCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, REPORT_COMMAND_OPTIONS, { positionals: true });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.pass;
  }
  if (positionals.length !== 1) throw new UsageError("report needs one results file: evalgate report results.json --html report.html");
  const csvFiles = values.csv ? [path.join(values.csv, "cases.csv"), path.join(values.csv, "metrics.csv")] : [];
  await checkOutputPaths([values.html, values.markdown, values.junit, ...csvFiles]);
  const history = values.history ? await readHistoryFiles(values.history) : [];
  const results = await readInputFile(positionals[0]!);
  let verdict = storedVerdict(results);
  // with --baseline its answers go beside the new ones (a stored verdict alone has no baseline answers)
  const baseline = values.baseline ? await readInputFile(values.baseline) : null;
  if (baseline || !verdict) {
    ({ verdict } = await compareResults(baseline, results, {
      ...(values.config ? { configPath: values.config } : {}),
      ...(values.branch ? { branch: values.branch } : {}),
    }));
  }
  const written: string[] = [];
  if (values.html) written.push(await writeHtmlReport(values.html, results, verdict, { history, baseline }));
  if (values.csv) written.push(...(await writeCsvReports(values.csv, results, verdict)));
  if (values.markdown) {
    await writeOutputFile(
      values.markdown,
      redact(
        renderMarkdownReport(results, verdict, {
          trends: sparklines(trendSeries(history, results)),
          answers: answerPairs(verdict, results, baseline),
        }),
      ),
    );
    written.push(values.markdown);
  }
  if (values.junit) {
    await writeOutputFile(values.junit, redact(renderJUnit(results, verdict)));
    written.push(values.junit);
  }
  const files = written.filter((file) => file !== STDOUT);
  // With a report on stdout the list of files moves to stderr, so the report can be piped.
  const list = written.length > files.length ? process.stderr : process.stdout;
  if (files.length) list.write(`${files.map((file) => `wrote ${file}`).join("\n")}\n`);
  else if (!written.length)
    process.stdout.write(renderTextReport(results, verdict, { color: wantsColor(process.stdout), details: values.details }));
  return EXIT.pass;
}
