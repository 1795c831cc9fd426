// Hostile model output in every GitHub-facing render (comment, job summary, check run summary and
// annotations, JUnit) and the terminal text: inert, well-formed and within GitHub's size limits.
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { annotationsFor, completeCheckRun } from "../../src/github/checks.ts";
import type { GitHubClient } from "../../src/github/client.ts";
import { COMMENT_MARKER } from "../../src/github/comment.ts";
import { renderJUnit } from "../../src/report/junit.ts";
import { CHECK_SUMMARY_MAX_BYTES, COMMENT_MAX_CHARS, renderMarkdownReport, SUMMARY_MAX_BYTES } from "../../src/report/markdown.ts";
import { renderTextReport } from "../../src/report/text.ts";
import type { CaseResult } from "../../src/results/types.ts";
import { caseResult, gate, metric, results, suite } from "../gate/fixtures.ts";

const PAYLOADS: Record<string, string> = {
  html: '<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:x">y</a>',
  mention: "ping @octocat and @github/security please",
  reference: "fixes #123 and GH-7 and o/r#9",
  fence: "```\n</details>\n```js\nevil()\n```",
  pipes: "a | b || c \\| d |",
  marker: `${COMMENT_MARKER} <!-- evalgate:report --> --> <!--`,
  workflow: "::set-output name=x::y\n::add-mask::z\n::error file=a::pwned\n%0A::warning::w",
  ansi: "\u001b[31mred\u001b[0m \u001b]8;;http://evil\u0007link\u001b]8;;\u0007 \u001b[2J",
  huge: "A".repeat(1024 * 1024),
  surrogates: "lone \ud800 high and \udfff low, split 😀".repeat(3) + "\ud83d",
  cdata: "]]><evil/><![CDATA[",
};

function hostileRun() {
  const names = Object.keys(PAYLOADS);
  const cases = (scoreOf: (i: number) => number, errored: boolean): CaseResult[] =>
    names.map((name, i) =>
      caseResult("bot", `case-${name}`, errored && i % 2 === 0 ? {} : { score: scoreOf(i) }, {
        title: PAYLOADS[name]!,
        source: { file: "evals/cases.jsonl", line: i + 1 },
        ...(errored && i % 2 === 0 ? { status: "error" as const, error: { kind: "endpoint" as const, message: PAYLOADS[name]! } } : {}),
      }),
    );
  const base = results({
    bot: suite(
      { score: metric(0.9) },
      cases(() => 1, false),
    ),
  });
  const head = results({
    bot: suite(
      { score: metric(0.4) },
      cases(() => 0.2, true),
    ),
  });
  return { base, head, verdict: evaluateGate(head, base, gate()) };
}

/** No lone surrogates: UTF-8 round-trips only well-formed text. */
function isWellFormed(text: string): boolean {
  return Buffer.from(text, "utf8").toString("utf8") === text;
}

/** Checks that hold for any text we hand to GitHub or a terminal (HTML and mentions only matter where GitHub renders it). */
function assertInert(name: string, text: string, options: { rendered?: boolean } = { rendered: true }) {
  assert.ok(isWellFormed(text), `${name}: lone surrogates`);
  assert.ok(!text.includes("\u001b"), `${name}: ANSI escape`);
  if (options.rendered) assert.ok(!/<script|<img|<a /i.test(text), `${name}: raw HTML`);
  if (options.rendered) assert.ok(!/@octocat|@github\//.test(text), `${name}: live mention`);
  assert.ok(!/^::/m.test(text), `${name}: a line that is a workflow command`);
}

test("hostile output: the comment, the job summary and the check run summary are inert and within limits", () => {
  const { head, verdict } = hostileRun();
  const renders = {
    comment: renderMarkdownReport(head, verdict, { marker: COMMENT_MARKER, maxLength: COMMENT_MAX_CHARS }),
    summary: renderMarkdownReport(head, verdict, { maxLength: SUMMARY_MAX_BYTES - 1024, measure: "bytes" }),
    check: renderMarkdownReport(head, verdict, { maxLength: CHECK_SUMMARY_MAX_BYTES, measure: "bytes" }),
  };
  assert.ok(renders.comment.length <= COMMENT_MAX_CHARS, `comment ${renders.comment.length}`);
  assert.ok(Buffer.byteLength(renders.summary) <= SUMMARY_MAX_BYTES, "summary bytes");
  assert.ok(Buffer.byteLength(renders.check) <= CHECK_SUMMARY_MAX_BYTES, "check summary, in bytes as GitHub counts them");
  for (const [name, text] of Object.entries(renders)) {
    assertInert(name, text);
    assert.ok(!/(^|[^\\&;])#123/.test(text), `${name}: live issue reference`);
    // The renderer's own fences and details blocks balance; model text adds none.
    assert.equal((text.match(/^```/gm) ?? []).length % 2, 0, `${name}: fences`);
    assert.equal((text.match(/<details>/g) ?? []).length, (text.match(/<\/details>/g) ?? []).length, `${name}: details`);
    // Every table row has as many unescaped pipes as its header.
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      if (!line.startsWith("|") || (!lines[i + 1]?.startsWith("|---") && !lines[i + 1]?.match(/^\|\s*:?-/))) return;
      const width = line.split(/(?<!\\)\|/).length;
      for (let j = i + 2; j < lines.length && lines[j]!.startsWith("|"); j++)
        assert.equal(lines[j]!.split(/(?<!\\)\|/).length, width, `${name}: ${lines[j]}`);
    });
  }
  // The marker appears once: model text cannot plant a second sticky-comment marker.
  assert.equal(renders.comment.split(COMMENT_MARKER).length - 1, 1);
});

test("hostile output: check run annotations and their upload stay within GitHub's limits", async () => {
  const { verdict } = hostileRun();
  const annotations = annotationsFor(verdict);
  assert.ok(annotations.length > 0);
  const sent: { output: { title: string; summary: string; annotations: { title: string; message: string }[] } }[] = [];
  const recorder = {
    rest: { checks: { update: async (request: (typeof sent)[number]) => sent.push(request) } },
  } as unknown as GitHubClient;
  await completeCheckRun(recorder, { owner: "o", repo: "r" }, 1, {
    conclusion: "failure",
    title: PAYLOADS.huge!,
    summary: PAYLOADS.huge! + PAYLOADS.surrogates!,
    annotations,
  });
  for (const request of sent) {
    assert.ok(request.output.title.length <= 255);
    assert.ok(Buffer.byteLength(request.output.summary) <= CHECK_SUMMARY_MAX_BYTES);
    assert.ok(isWellFormed(request.output.summary));
    for (const annotation of request.output.annotations) {
      assert.ok(annotation.title.length <= 255, "annotation title");
      assert.ok(annotation.message.length < 64 * 1024, "annotation message");
      assert.ok(isWellFormed(annotation.title) && isWellFormed(annotation.message), "well-formed");
      assert.ok(!annotation.message.includes("\u001b"), "no ANSI in annotations");
    }
  }
});

test("hostile output: JUnit is well-formed XML text with no markup from the model", () => {
  const { head, verdict } = hostileRun();
  const xml = renderJUnit(head, verdict);
  assertInert("junit", xml);
  assert.ok(!xml.includes("<evil/>") && !xml.includes("]]>"), "no CDATA or element breakout");
  assert.ok(!/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(xml), "no characters XML 1.0 forbids");
  // Tags balance: every opened testcase is closed.
  assert.equal((xml.match(/<testcase /g) ?? []).length, (xml.match(/<\/testcase>|<testcase [^>]*\/>/g) ?? []).length);
});

test("hostile output: the terminal report cannot colour, move the cursor or issue workflow commands", () => {
  const { head, verdict } = hostileRun();
  const text = renderTextReport(head, verdict, { color: false, worstCases: 20 });
  assertInert("text", text, { rendered: false });
  assert.ok(text.length < 20_000, `terminal report is ${text.length} chars`);
});
