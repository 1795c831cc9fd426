#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  SHARED_OPTIONS
} from "./chunk-WK62MJEO.js";
import {
  formatOptionsHelp,
  parseOptions
} from "./chunk-NWDDUUXL.js";
import {
  compareResults
} from "./chunk-TNU5VG36.js";
import "./chunk-XBCLNMO5.js";
import "./chunk-BMKMWACF.js";
import {
  EXIT,
  UsageError
} from "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-FB7BGH6U.js";
import "./chunk-IDREERYM.js";
import "./chunk-GGGSQSPQ.js";
import {
  readHistoryFiles
} from "./chunk-4PA3ROMF.js";
import {
  renderJUnit,
  renderMarkdownReport,
  writeCsvReports,
  writeHtmlReport
} from "./chunk-EB2ZNHPE.js";
import {
  renderTextReport
} from "./chunk-ITY52KNG.js";
import "./chunk-6ZTPLJQJ.js";
import "./chunk-V357DLSG.js";
import "./chunk-3TT36F2J.js";
import "./chunk-WFVRFHK2.js";
import "./chunk-UZVVKZBF.js";
import {
  sparklines,
  trendSeries
} from "./chunk-USJ2LF37.js";
import {
  readResultsFile
} from "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";

// src/cli/report.ts
import { writeFile } from "node:fs/promises";

// src/gate/stored-verdict.ts
function storedVerdict(results) {
  const verdict = results.verdict;
  if (!verdict) return void 0;
  return {
    ...verdict,
    errors: verdict.errors ?? [],
    notes: verdict.notes ?? [],
    suites: verdict.suites.map((suite) => ({ ...suite, errors: suite.errors ?? [] }))
  };
}

// src/cli/report.ts
var REPORT_COMMAND_OPTIONS = {
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
    help: "evalgate.yml whose gate applies with --baseline (default: evals/evalgate.yml when present)"
  },
  branch: { type: "string", arg: "<name>", help: "pick the gate profile of this branch with --baseline" },
  details: SHARED_OPTIONS.details
};
var HELP = `Usage: evalgate report <results.json> [options]

Renders the reports of a finished run. With no report file asked for, prints the summary.

${formatOptionsHelp(REPORT_COMMAND_OPTIONS)}`;
async function reportCommand(argv) {
  const { values, positionals } = parseOptions(argv, REPORT_COMMAND_OPTIONS, { positionals: true });
  if (values.help) {
    process.stdout.write(`${HELP}
`);
    return EXIT.pass;
  }
  if (positionals.length !== 1) throw new UsageError("report needs one results file: evalgate report results.json --html report.html");
  const history = values.history ? await readHistoryFiles(values.history) : [];
  const results = await readResultsFile(positionals[0]);
  let verdict = storedVerdict(results);
  if (values.baseline || !verdict) {
    const baseline = values.baseline ? await readResultsFile(values.baseline) : null;
    ({ verdict } = await compareResults(baseline, results, {
      ...values.config ? { configPath: values.config } : {},
      ...values.branch ? { branch: values.branch } : {}
    }));
  }
  const written = [];
  if (values.html) written.push(await writeHtmlReport(values.html, results, verdict, { history }));
  if (values.csv) written.push(...await writeCsvReports(values.csv, results, verdict));
  if (values.markdown) {
    await writeFile(values.markdown, renderMarkdownReport(results, verdict, { trends: sparklines(trendSeries(history, results)) }));
    written.push(values.markdown);
  }
  if (values.junit) {
    await writeFile(values.junit, renderJUnit(results, verdict));
    written.push(values.junit);
  }
  if (written.length) process.stdout.write(`${written.map((file) => `wrote ${file}`).join("\n")}
`);
  else
    process.stdout.write(
      renderTextReport(results, verdict, { color: (process.stdout.isTTY ?? false) && !process.env.NO_COLOR, details: values.details })
    );
  return EXIT.pass;
}
export {
  reportCommand
};
