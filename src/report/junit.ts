// JUnit XML for CI tools that read test reports: one <testsuite> per eval suite, one <testcase> per
// metric (failing rows as <failure>) and one per case that errored or regressed.

import type { CaseChange, GateVerdict } from "../gate/types.ts";
import { failedChecksSentence } from "../results/failed-checks.ts";
import type { CacheUse, Results, RunCacheInfo } from "../results/types.ts";
import { escapeXmlAttribute as attr, escapeXml, inertText } from "../util/escape.ts";
import { cachedAnswers, formatDelta, formatValue } from "./format.ts";

export function renderJUnit(results: Results, verdict: GateVerdict): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  const suites: string[] = [];
  // Infrastructure errors are <error>s (could not decide), never <failure>s (regressions).
  if (verdict.errors.length) {
    const cases = verdict.errors.map(
      (error) =>
        `    <testcase classname="evalgate" name="${attr(`could not decide: ${error}`)}"><error message="${attr(`could not decide: ${error}`)}" type="infrastructure"/></testcase>`,
    );
    tests += cases.length;
    errors += cases.length;
    suites.push(
      `  <testsuite name="evalgate" tests="${cases.length}" failures="0" errors="${cases.length}" time="0.000">\n${cases.join("\n")}\n  </testsuite>`,
    );
  }
  for (const suite of verdict.suites) {
    const cases: string[] = [];
    let suiteFailures = 0;
    let suiteErrors = 0;
    for (const row of suite.rows) {
      const name = `${suite.suite}/${row.metric}`;
      const message = `${formatValue(row.baseline, row.unit)} → ${formatValue(row.now, row.unit)} (${formatDelta(row)}) ${row.status}`;
      let body = `<system-out>${escapeXml(message)}</system-out>`;
      // A carried suite was not run: its metrics are skipped tests, never passes.
      if (suite.carried) body = `<skipped message="${attr(suite.carried)}"/>`;
      else if (row.failing && row.status === "error") {
        body = `<error message="${attr(`could not decide: ${row.reason}`)}" type="infrastructure">${escapeXml(message)}</error>`;
      } else if (row.failing) {
        suiteFailures++;
        body = `<failure message="${attr(row.reason)}" type="${attr(row.status)}">${escapeXml(message)}</failure>`;
      }
      cases.push(`    <testcase classname="${attr(`evalgate.${suite.suite}.metrics`)}" name="${attr(name)}">${body}</testcase>`);
    }
    for (const suiteReason of suite.reasons.filter((reason) => !suite.rows.some((row) => reason.startsWith(`${row.metric}: `)))) {
      suiteFailures++;
      cases.push(
        `    <testcase classname="${attr(`evalgate.${suite.suite}`)}" name="${attr(`${suite.suite} gate`)}"><failure message="${attr(suiteReason)}"/></testcase>`,
      );
    }
    for (const change of suite.failingCases) {
      const testcase = caseTestcase(suite.suite, change);
      cases.push(testcase.xml);
      if (testcase.unscored) suiteErrors++;
      else suiteFailures++;
    }
    tests += cases.length;
    failures += suiteFailures;
    errors += suiteErrors;
    const properties = cacheProperties(results.suites[suite.suite]?.cache, results.run.cache?.mode);
    const skipped = suite.carried ? ` skipped="${cases.length}"` : "";
    suites.push(
      `  <testsuite name="${attr(suite.suite)}" tests="${cases.length}" failures="${suiteFailures}" errors="${suiteErrors}"${skipped} time="${(suite.durationMs / 1000).toFixed(3)}">\n${properties}${cases.join("\n")}\n  </testsuite>`,
    );
  }
  out.push(
    `<testsuites name="evalgate" tests="${tests}" failures="${failures}" errors="${errors}" time="${(results.run.durationMs / 1000).toFixed(3)}">`,
  );
  out.push(...suites, "</testsuites>", "");
  return out.join("\n");
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

/** Where the suite's answers came from: `evalgate.cache.*` properties (none for files from before they were counted). */
function cacheProperties(use: CacheUse | undefined, mode: RunCacheInfo["mode"] | undefined): string {
  if (!use && !mode) return "";
  const values: [string, string | number | undefined][] = [
    ["evalgate.cache.mode", mode],
    ["evalgate.cache.hits", cachedAnswers(use)],
    ["evalgate.cache.oldest", use?.oldest],
    ["evalgate.cache.newest", use?.newest],
  ];
  const lines = values
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `      <property name="${name}" value="${attr(String(value))}"/>`);
  return `    <properties>\n${lines.join("\n")}\n    </properties>\n`;
}
