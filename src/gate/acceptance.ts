// Accepted regressions: a maintainer's "this drop is meant", on the record. An acceptance names the
// failing metrics it covers ("suite/metric", a suite's error rate as "suite/error-rate"), who gave it,
// why, and the head commit it was given for. Applied to a verdict, it marks those failing rows
// accepted (shown, no longer failing); the verdict passes only when nothing else fails. An
// infrastructure error is never accepted: a gate that could not decide cannot be told it passed.
// Pure: the GitHub side (who may accept, where acceptances are kept) is src/github/.
import type { Acceptance, AcceptanceEntry, GateVerdict, MetricRow, SuiteVerdict } from "./types.ts";

/** The key of a suite's error-rate failure (max-error-rate), which is the suite's, not a metric row's. */
export const ERROR_RATE_KEY = "error-rate";

/** Names every failing metric (`/evalgate accept all`). */
export const ALL_FAILING = "all";

const rowReason = (row: MetricRow) => `${row.metric}: ${row.reason}`;

/** The failures a suite has that an acceptance can name: its failing rows, and its error rate. */
function suiteFailures(suite: SuiteVerdict): { key: string; reason: string; row?: MetricRow }[] {
  const rows = suite.rows.filter((row) => row.failing && row.status === "fail");
  const fromRows = new Set(rows.map(rowReason));
  return [
    ...rows.map((row) => ({ key: `${suite.suite}/${row.metric}`, reason: rowReason(row), row })),
    // the suite's other reasons are its error rate (gate/evaluate.ts)
    ...suite.reasons.filter((reason) => !fromRows.has(reason)).map((reason) => ({ key: `${suite.suite}/${ERROR_RATE_KEY}`, reason })),
  ];
}

/** Every failure an acceptance could cover, as "suite/metric" keys, in report order. */
export function failingMetrics(verdict: GateVerdict): string[] {
  if (verdict.verdict !== "fail") return [];
  return [...new Set(verdict.suites.flatMap((suite) => suiteFailures(suite).map((failure) => failure.key)))];
}

/**
 * The failing metrics that `targets` name: "all", a suite (its failing metrics), or "suite/metric".
 * Names that match no failure come back as problems, said the way a person reads them.
 */
export function resolveTargets(verdict: GateVerdict, targets: string[]): { keys: string[]; problems: string[] } {
  const failing = failingMetrics(verdict);
  const keys = new Set<string>();
  const problems: string[] = [];
  for (const target of targets) {
    const named =
      target === ALL_FAILING
        ? failing
        : target.includes("/")
          ? failing.filter((key) => key === target)
          : failing.filter((key) => key.startsWith(`${target}/`));
    if (named.length === 0) problems.push(knows(verdict, target) ? `${target} is not failing` : `there is no suite or metric ${target}`);
    for (const key of named) keys.add(key);
  }
  return { keys: [...keys], problems };
}

/** Whether the verdict has a suite, or a suite's metric (or error rate), by this name. */
function knows(verdict: GateVerdict, target: string): boolean {
  if (target === ALL_FAILING) return true;
  return verdict.suites.some(
    (suite) =>
      target === suite.suite ||
      target === `${suite.suite}/${ERROR_RATE_KEY}` ||
      suite.rows.some((row) => target === `${suite.suite}/${row.metric}`),
  );
}

/** Who accepted `key`: the first entry naming it (an earlier acceptance is not rewritten by a later one). */
function acceptorOf(acceptance: Acceptance, key: string): AcceptanceEntry | undefined {
  return acceptance.entries.find((entry) => entry.metrics.includes(key));
}

/** "accepted in #7 by @alice: cheaper model" (the words are data: escaped where they are shown). */
export function acceptedLine(entry: Pick<AcceptanceEntry, "by" | "reason">, pullRequest: number): string {
  return `accepted in #${pullRequest} by @${entry.by}${entry.reason ? `: ${entry.reason}` : ""}`;
}

/**
 * The verdict with the failures `acceptance` names marked accepted; it passes when no other failure
 * remains. A verdict of "error" is returned as it is, and so is one the acceptance names nothing of.
 */
export function applyAcceptance(verdict: GateVerdict, acceptance: Acceptance | undefined): GateVerdict {
  if (!acceptance?.entries.length || verdict.verdict === "error") return verdict;
  const accepted: string[] = [...(verdict.accepted ?? [])];
  const suites = verdict.suites.map((suite) => {
    const taken = suiteFailures(suite).flatMap((failure) => {
      const entry = acceptorOf(acceptance, failure.key);
      return entry ? [{ ...failure, entry }] : [];
    });
    if (taken.length === 0) return suite;
    const takenReasons = new Set(taken.map((failure) => failure.reason));
    const by = (entry: AcceptanceEntry) => ({ by: entry.by, reason: entry.reason, via: entry.via, pullRequest: acceptance.pullRequest });
    const rows = suite.rows.map((row) => {
      const failure = taken.find((candidate) => candidate.row === row);
      return failure ? { ...row, status: "accepted" as const, failing: false, accepted: by(failure.entry) } : row;
    });
    const reasons = suite.reasons.filter((reason) => !takenReasons.has(reason));
    for (const failure of taken)
      accepted.push(`${suite.suite}: ${failure.reason} — ${acceptedLine(failure.entry, acceptance.pullRequest)}`);
    const status: SuiteVerdict["status"] = suite.status === "fail" && reasons.length === 0 ? "pass" : suite.status;
    return { ...suite, rows, reasons, status, accepted: [...(suite.accepted ?? []), ...taken.map((failure) => failure.reason)] };
  });
  const failures = suites.flatMap((suite) => suite.reasons.map((reason) => `${suite.suite}: ${reason}`));
  return {
    ...verdict,
    verdict: failures.length > 0 ? "fail" : "pass",
    suites,
    failures,
    ...(accepted.length ? { accepted } : {}),
    acceptance,
  };
}

/** The logins whose acceptances cover a failure of `verdict`, in the order they were given. */
export function acceptors(verdict: GateVerdict): string[] {
  const covered = new Set(
    verdict.suites.flatMap((suite) => [
      ...suite.rows.filter((row) => row.status === "accepted").map((row) => `${suite.suite}/${row.metric}`),
      ...(suite.accepted?.some((reason) => !suite.rows.some((row) => reason === rowReason(row)))
        ? [`${suite.suite}/${ERROR_RATE_KEY}`]
        : []),
    ]),
  );
  const entries = verdict.acceptance?.entries ?? [];
  return [...new Set(entries.filter((entry) => entry.metrics.some((key) => covered.has(key))).map((entry) => entry.by))];
}
