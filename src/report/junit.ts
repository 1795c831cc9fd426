// JUnit XML for CI tools that read test reports: one <testsuite> per eval suite, one <testcase> per
// metric (failing rows as <failure>) and one per case that errored or regressed. The verdict's notes
// go to the <system-out> of the suite they name (others to the "evalgate" suite's), and a judge's
// agreement with people to its suite's <properties> (evalgate.judge.*), where CI report readers show them;
// so does where a paired run's baseline came from (evalgate.baseline.*, and its line in <system-out>).

import type { CaseChange, GateVerdict, MetricRow, SuiteVerdict } from "../gate/types.ts";
import { failedChecksSentence } from "../results/failed-checks.ts";
import type { CacheUse, JudgeIdentity, Results, RunCacheInfo } from "../results/types.ts";
import { escapeXmlAttribute as attr, escapeXml, inertText } from "../util/escape.ts";
import { cachedAnswers, formatDelta, formatValue } from "./format.ts";

export function renderJUnit(results: Results, verdict: GateVerdict): string {
  const suites = verdict.suites.map((suite) => suiteXml(suite, results, notesOf(verdict.notes, suite.suite)));
  const general = generalSuite(verdict);
  const all = [...(general ? [general] : []), ...suites];
  const sum = (key: "tests" | "failures" | "errors") => all.reduce((total, suite) => total + suite[key], 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="evalgate" tests="${sum("tests")}" failures="${sum("failures")}" errors="${sum("errors")}" time="${(results.run.durationMs / 1000).toFixed(3)}">`,
    ...all.map((suite) => suite.xml),
    "</testsuites>",
    "",
  ].join("\n");
}

interface SuiteXml {
  xml: string;
  tests: number;
  failures: number;
  errors: number;
}

/** A suite's notes: those that start with its name ("qa: the judge …", "qa/score: …"). */
function notesOf(notes: readonly string[], suite: string): string[] {
  return notes.filter((note) => note.startsWith(`${suite}: `) || note.startsWith(`${suite}/`));
}

/**
 * The "evalgate" <testsuite>: infrastructure errors as <error>s (could not decide, never a regression),
 * and the verdict's notes that name no suite in its <system-out>; none when there is neither.
 */
function generalSuite(verdict: GateVerdict): SuiteXml | null {
  const named = new Set(verdict.suites.flatMap((suite) => notesOf(verdict.notes, suite.suite)));
  const notes = verdict.notes.filter((note) => !named.has(note));
  if (!verdict.errors.length && !notes.length) return null;
  const cases = verdict.errors.map(
    (error) =>
      `    <testcase classname="evalgate" name="${attr(`could not decide: ${error}`)}"><error message="${attr(`could not decide: ${error}`)}" type="infrastructure"/></testcase>`,
  );
  const out = systemOut(notes);
  const body = [...cases, ...(out ? [out] : [])].join("\n");
  return {
    xml: `  <testsuite name="evalgate" tests="${cases.length}" failures="0" errors="${cases.length}" time="0.000">\n${body}\n  </testsuite>`,
    tests: cases.length,
    failures: 0,
    errors: cases.length,
  };
}

/** Notes as a <testsuite>'s <system-out>, a line each (model text in them is already inert). */
function systemOut(notes: readonly string[]): string {
  return notes.length ? `    <system-out>${escapeXml(notes.join("\n"))}</system-out>` : "";
}

/** One eval suite: a <testcase> per metric (failing rows as <failure>), one per failing case; its judge and notes. */
function suiteXml(suite: SuiteVerdict, results: Results, notes: readonly string[]): SuiteXml {
  const cases = suite.rows.map((row) => metricTestcase(suite, row));
  let failures = suite.rows.filter((row) => row.failing && row.status !== "error" && !suite.carried).length;
  let errors = 0;
  for (const suiteReason of suite.reasons.filter((reason) => !suite.rows.some((row) => reason.startsWith(`${row.metric}: `)))) {
    failures++;
    cases.push(
      `    <testcase classname="${attr(`evalgate.${suite.suite}`)}" name="${attr(`${suite.suite} gate`)}"><failure message="${attr(suiteReason)}"/></testcase>`,
    );
  }
  for (const change of suite.failingCases) {
    const testcase = caseTestcase(suite.suite, change);
    cases.push(testcase.xml);
    if (testcase.unscored) errors++;
    else failures++;
  }
  const ran = results.suites[suite.suite];
  const properties = propertiesXml([
    ...baselineProperties(suite),
    ...cacheProperties(ran?.cache, results.run.cache?.mode),
    ...judgeProperties(ran?.judge, suite),
  ]);
  const out = systemOut(suite.baselineFrom ? [suite.baselineFrom.text, ...notes] : notes);
  const skipped = suite.carried ? ` skipped="${cases.length}"` : "";
  const body = [...cases, ...(out ? [out] : [])].join("\n");
  return {
    xml: `  <testsuite name="${attr(suite.suite)}" tests="${cases.length}" failures="${failures}" errors="${errors}"${skipped} time="${(suite.durationMs / 1000).toFixed(3)}">\n${properties}${body}\n  </testsuite>`,
    tests: cases.length,
    failures,
    errors,
  };
}

function metricTestcase(suite: SuiteVerdict, row: MetricRow): string {
  const name = `${suite.suite}/${row.metric}`;
  const message = `${formatValue(row.baseline, row.unit)} → ${formatValue(row.now, row.unit)} (${formatDelta(row)}) ${row.status}`;
  let body = `<system-out>${escapeXml(message)}</system-out>`;
  // A carried suite was not run: its metrics are skipped tests, never passes.
  if (suite.carried) body = `<skipped message="${attr(suite.carried)}"/>`;
  else if (row.failing && row.status === "error") {
    body = `<error message="${attr(`could not decide: ${row.reason}`)}" type="infrastructure">${escapeXml(message)}</error>`;
  } else if (row.failing) {
    body = `<failure message="${attr(row.reason)}" type="${attr(row.status)}">${escapeXml(message)}</failure>`;
  } else if (!row.gated && row.reason) {
    body = `<system-out>${escapeXml(`${message}: ${row.reason}`)}</system-out>`;
  }
  return `    <testcase classname="${attr(`evalgate.${suite.suite}.metrics`)}" name="${attr(name)}">${body}</testcase>`;
}

/** The judge's agreement with people (`evalgate.judge.*`): what it was measured on, and whether its metrics gate. */
function judgeProperties(judge: JudgeIdentity | undefined, suite: SuiteVerdict): [string, string | number | undefined][] {
  const calibration = judge?.calibration;
  if (!judge || (!calibration && !suite.judgeHeld)) return [];
  return [
    ["evalgate.judge", judge.name],
    ["evalgate.judge.labels", calibration?.n ?? 0],
    ["evalgate.judge.exact-agreement", calibration?.exact],
    ["evalgate.judge.kappa", calibration?.kappa ?? undefined],
    ["evalgate.judge.kappa-ci-low", calibration?.ciLow ?? undefined],
    ["evalgate.judge.kappa-ci-high", calibration?.ciHigh ?? undefined],
    ["evalgate.judge.kappa-weights", calibration?.weights],
    ["evalgate.judge.gated", suite.judgeHeld ? "false" : "true"],
    ["evalgate.judge.held", suite.judgeHeld],
  ];
}

function propertiesXml(values: readonly [string, string | number | undefined][]): string {
  const lines = values
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `      <property name="${name}" value="${attr(String(value))}"/>`);
  return lines.length ? `    <properties>\n${lines.join("\n")}\n    </properties>\n` : "";
}

/**
 * One failing case as a <testcase>: a <failure> of the system under test, or an <error> (type
 * "unscored") when the scorer could not score it: not measured, never a failure of the system.
 */
function caseTestcase(suite: string, change: CaseChange): { xml: string; unscored: boolean } {
  const where = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
  const checks = change.failedChecks?.length ? `; fails ${inertText(failedChecksSentence(change.failedChecks), 600)}` : "";
  const message =
    change.kind === "errored"
      ? inertText(change.error ?? "error")
      : `${change.kind}: ${formatValue(change.before, "ratio")} → ${formatValue(change.after, "ratio")}${checks}`;
  const unscored = change.kind === "errored" && change.errorSide === "scorer";
  const tag = unscored ? "error" : "failure";
  const type = unscored ? "unscored" : change.kind;
  const line = change.source.line ? ` line="${change.source.line}"` : "";
  return {
    xml: `    <testcase classname="${attr(`evalgate.${suite}.cases`)}" name="${attr(inertText(change.title || change.caseId, 200))}" file="${attr(change.source.file)}"${line}><${tag} message="${attr(message)}" type="${type}">${escapeXml(`${where}: ${message}`)}</${tag}></testcase>`,
    unscored,
  };
}

/** Where a paired run's baseline column came from (`evalgate.baseline.from`: paired or stored), said first in <system-out> too. */
function baselineProperties(suite: SuiteVerdict): [string, string | number | undefined][] {
  const from = suite.baselineFrom;
  if (!from) return [];
  return [
    ["evalgate.baseline.from", from.kind],
    ...(from.kind === "paired" ? [["evalgate.baseline.base", from.base] as [string, string]] : []),
  ];
}

/** Where the suite's answers came from: `evalgate.cache.*` properties (none for files from before they were counted). */
function cacheProperties(use: CacheUse | undefined, mode: RunCacheInfo["mode"] | undefined): [string, string | number | undefined][] {
  if (!use && !mode) return [];
  return [
    ["evalgate.cache.mode", mode],
    ["evalgate.cache.hits", cachedAnswers(use)],
    ["evalgate.cache.oldest", use?.oldest],
    ["evalgate.cache.newest", use?.newest],
  ];
}
