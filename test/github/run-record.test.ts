// The record a pull request's run leaves in its check run for `/evalgate accept`
// (src/github/run-record.ts): what it keeps, that its size follows the config and never the number
// of cases, what it does when a verdict is too large, and that anything else in a check run's text
// (another version, a broken or hostile blob, a zip bomb, the wrong shape) is refused, never thrown.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import type { GateVerdict, MetricRow, SuiteVerdict } from "../../src/gate/types.ts";
import { parseRecordText, RECORD_MAX_BYTES, type RecordInput, recordResults, recordText } from "../../src/github/run-record.ts";
import type { Results } from "../../src/results/types.ts";
import { registerSecret } from "../../src/util/redact.ts";
import { caseResult, gate, metric, results, suite } from "../gate/fixtures.ts";

const HEAD = "3".repeat(40);

/** A suite of `cases` cases, recall and precision dropped from 0.9 to 0.8. */
function measured(cases: number): { head: Results; base: Results } {
  const make = (value: number) =>
    suite(
      { recall: metric(value, { n: cases }), precision: metric(value, { n: cases }), latency: metric(900, { gated: false, unit: "ms" }) },
      Array.from({ length: cases }, (_, i) =>
        caseResult(
          "bot",
          `case-${i + 1}`,
          { recall: i < (1 - value) * cases ? 0 : 1, precision: 1 },
          { title: `a title ${i} ${"x".repeat(60)}` },
        ),
      ),
    );
  return { head: results({ bot: make(0.8) }, { commit: HEAD }), base: results({ bot: make(0.9) }) };
}

function input(cases: number, overrides: Partial<RecordInput> = {}): RecordInput {
  const { head, base } = measured(cases);
  // The drop is inside the noise for a few cases: this gate fails it anyway, so the record has a failure to keep.
  const verdict = evaluateGate(head, base, gate({ "fail-inside-noise": true }));
  return {
    pullRequest: 7,
    head: HEAD,
    results: head,
    verdict,
    notes: ["Baseline: `evalgate-baselines:baselines/main/results.json`."],
    trends: { "bot/recall": "▁▃▅▇" },
    runUrl: "https://github.com/acme/bot/actions/runs/42",
    ...overrides,
  };
}

function parsed(text: string | null) {
  const read = parseRecordText(text);
  assert.ok("record" in read, "problem" in read ? read.problem : "");
  return read;
}

test("the record keeps the verdict, notes, trends and the run's facts, and no case", () => {
  const given = input(20);
  assert.equal(given.verdict.verdict, "fail");
  const { record, text } = parsed(recordText(given));
  assert.equal(record.v, 1);
  assert.equal(record.detail, "full");
  assert.equal(record.pullRequest, 7);
  assert.equal(record.head, HEAD);
  assert.deepEqual(record.verdict.failures, given.verdict.failures);
  assert.deepEqual(
    record.verdict.suites[0]!.rows.map((row) => [row.metric, row.status]),
    given.verdict.suites[0]!.rows.map((row) => [row.metric, row.status]),
  );
  assert.ok(given.verdict.suites[0]!.changes.length > 0);
  assert.deepEqual(record.verdict.suites[0]!.changes, [], "the changed cases stay out");
  assert.deepEqual(record.verdict.suites[0]!.failingCases, []);
  assert.deepEqual(record.notes, given.notes);
  assert.deepEqual(record.trends, given.trends);
  assert.equal(record.runUrl, given.runUrl);
  assert.equal(record.run.commit, HEAD);
  assert.ok(!JSON.stringify(record).includes("a title 1"), "no case title, answer or error text");
  // As a results file for the renderer: the suites' facts, no case.
  const asResults = recordResults(record);
  assert.equal(asResults.suites.bot!.counts.cases, 20);
  assert.deepEqual(asResults.suites.bot!.cases, []);
  assert.equal(text, recordText(given), "the same run gives the same record");
});

test("its size follows the config, not the number of cases: 20 or 5,000 cases make the same record of about a kilobyte", () => {
  const small = Buffer.byteLength(recordText(input(20))!, "utf8");
  const large = Buffer.byteLength(recordText(input(5_000))!, "utf8");
  assert.ok(large < 4096, `${large} bytes`);
  assert.ok(Math.abs(large - small) < 128, `${small} and ${large} bytes`);
});

/** A verdict of `count` suites, each with `infoRows` reported-only rows and one failing row, named at random (gzip cannot fold them). */
function wideVerdict(count: number, infoRows: number): GateVerdict {
  const base = input(20).verdict;
  const template = base.suites[0]!;
  const row = (status: MetricRow["status"], failing: boolean): MetricRow => ({
    ...template.rows[0]!,
    metric: randomBytes(12).toString("hex"),
    status,
    failing,
    gated: failing,
    reason: failing ? `dropped ${randomBytes(6).toString("hex")}` : "",
  });
  const suites: SuiteVerdict[] = Array.from({ length: count }, () => {
    const rows = [row("fail", true), ...Array.from({ length: infoRows }, () => row("info", false))];
    return { ...template, suite: randomBytes(8).toString("hex"), rows, reasons: [rows[0]!.reason] };
  });
  return { ...base, suites, failures: suites.map((s) => `${s.suite}: ${s.reasons[0]}`) };
}

test("a verdict too large for the check run keeps its failing rows; one too large even so leaves no record", () => {
  const wide = { ...input(20), verdict: wideVerdict(150, 20) };
  const { record, text } = parsed(recordText(wide));
  assert.ok(Buffer.byteLength(text, "utf8") <= RECORD_MAX_BYTES);
  assert.equal(record.detail, "failures");
  assert.equal(record.verdict.suites.length, 150);
  assert.ok(
    record.verdict.suites.every((s) => s.rows.length === 1 && s.rows[0]!.failing),
    "only the failing rows",
  );
  assert.deepEqual(record.verdict.failures, wide.verdict.failures);

  assert.equal(recordText({ ...input(20), verdict: wideVerdict(3000, 0) }), null);
});

test("secrets never reach the record: it is redacted before it is zipped", () => {
  const secret = "sk-record-SECRET-value-4711";
  registerSecret(secret);
  const given = input(20, { notes: [`Baseline read with ${secret}`] });
  const { record } = parsed(recordText(given));
  assert.ok(!JSON.stringify(record).includes(secret));
  assert.match(record.notes[0]!, /Baseline read with \*\*\*/);
});

test("anything else in a check run's text is refused with the reason, never thrown", () => {
  const wrap = (payload: string, version = 1) => `<!-- evalgate:record v${version} ${payload} -->`;
  const zip = (value: unknown) => gzipSync(JSON.stringify(value)).toString("base64");
  const good = parsed(recordText(input(20))).record;
  const cases: Array<[string | null, RegExp]> = [
    [null, /holds no evalgate record/],
    ["a forged summary, nothing hidden", /holds no evalgate record/],
    [wrap(zip(good), 2), /version 2, this evalgate reads version 1/],
    [wrap("bm90IGd6aXA="), /cannot be read/],
    // 64 MiB of zeros zip to about 64 KiB: refused past 8 MiB instead of being unzipped whole.
    [wrap(gzipSync(Buffer.alloc(64 * 1024 * 1024)).toString("base64")), /cannot be read/],
    [wrap(zip({ ...good, head: "HEAD" })), /not an evalgate record \(head:/],
    [wrap(zip({ ...good, verdict: { ...good.verdict, verdict: "maybe" } })), /not an evalgate record \(verdict\.verdict:/],
    [wrap(zip({ ...good, pullRequest: "7" })), /not an evalgate record \(pullRequest:/],
    [wrap(zip("just a string")), /not an evalgate record/],
  ];
  for (const [text, problem] of cases) {
    const read = parseRecordText(text);
    assert.ok("problem" in read, String(text).slice(0, 60));
    assert.match(read.problem, problem);
  }
});
