// Whose error it is, through the real CLI and every report: cases the system under test failed to
// answer are a measured failure (exit 1); cases the judge could not score were not measured (exit 3,
// "could not decide"), never "FAIL". The console, the markdown (the PR comment's and the check run's
// renderer), the HTML report, JUnit and results.json each say which side the errors were on.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { GateVerdict } from "../../src/gate/types.ts";
import { annotationsFor } from "../../src/github/checks.ts";
import type { Results } from "../../src/results/types.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

const BROKEN = new Set(["Question 4", "Question 9"]);

async function runWith(side: "judge" | "agent") {
  const server = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    const judge = isJudgeRequest(request.body);
    if (BROKEN.has(question) && side === "judge" && judge) return { body: chatCompletion("I would rather not give a number.") };
    if (BROKEN.has(question) && side === "agent" && !judge) return { status: 500, body: { error: { message: "agent crashed" } } };
    return { body: chatCompletion(judge ? "Covers it.\nSCORE: 3" : `Answer to ${question}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 20);
    const outputs = ["--junit", "junit.xml", "--html", "report.html", "--markdown", "report.md"];
    const result = await runCli(["run", "-c", config, ...outputs], { cwd: dir });
    const read = (file: string) => readFile(path.join(dir, file), "utf8");
    return {
      result,
      results: JSON.parse(await read("out/results.json")) as Results,
      junit: await read("junit.xml"),
      html: await read("report.html"),
      markdown: await read("report.md"),
    };
  } finally {
    await server.close();
  }
}

test("error sides: 2 of 20 answers the judge could not score are not measured: exit 3, every report says scoring failed", async () => {
  const { result, results, junit, html, markdown } = await runWith("judge");
  assert.equal(result.code, 3, result.stdout + result.stderr);
  assert.match(result.stdout, /COULD NOT DECIDE/);
  assert.doesNotMatch(result.stdout, /\bFAIL\b/);
  assert.match(result.stdout, /18\/20 scored, 2 errors \(2 in scoring\)/);
  assert.match(
    result.stdout,
    /2 of 20 cases could not be scored \(the judge, simulator, grader or moderation endpoint failed, or scoring threw\)/,
  );
  assert.match(result.stdout, /! Question 4: what is 4 \+ 1\?\s+not scored: All judge evaluations failed/);
  const errored = results.suites.qa!.cases.filter((c) => c.status === "error");
  assert.deepEqual(
    errored.map((c) => c.error?.side),
    ["scorer", "scorer"],
  );
  assert.equal(results.suites.qa!.counts.scored, 18, "the 18 scored cases are kept");
  // The comment and the check run are rendered by the markdown report.
  assert.match(markdown, /2 errors \(2 in scoring\), max-error-rate 5%/);
  assert.match(markdown, /⚠️ not scored/);
  assert.match(html, /2 errors \(2 in scoring\), max-error-rate 5%/);
  // JUnit: an unscored case is an <error> (not measured), never a <failure> of the system.
  assert.equal((junit.match(/<error message="[^"]*All judge evaluations failed[^"]*" type="unscored">/g) ?? []).length, 2);
  assert.doesNotMatch(junit, /type="errored"/);
  assert.match(junit, /<testsuite name="qa" tests="\d+" failures="0" errors="2"/);
  // The check run's annotations on prompts.csv, from the verdict results.json carries.
  const annotations = annotationsFor(results.verdict as GateVerdict);
  assert.equal(annotations.length, 2);
  for (const annotation of annotations)
    assert.match(annotation.message, /^Not scored \(the judge, simulator, grader or moderation endpoint failed\): /);
});

test("error sides: 2 of 20 cases the system under test failed to answer are a measured failure: exit 1, every report says so", async () => {
  const { result, results, junit, html, markdown } = await runWith("agent");
  assert.equal(result.code, 1, result.stdout + result.stderr);
  assert.match(result.stdout, /\bFAIL\b/);
  assert.match(result.stdout, /18\/20 scored, 2 errors \(2 from the system under test\)/);
  assert.match(result.stdout, /error rate 10% \(2 of 20 cases: the system under test gave no usable answer\) is over max-error-rate 5%/);
  assert.deepEqual(
    results.suites.qa!.cases.filter((c) => c.status === "error").map((c) => c.error?.side),
    ["system", "system"],
  );
  assert.match(markdown, /2 errors \(2 from the system under test\), max-error-rate 5%/);
  assert.match(html, /2 errors \(2 from the system under test\), max-error-rate 5%/);
  assert.equal((junit.match(/<failure message="[^"]*HTTP 500[^"]*" type="errored">/g) ?? []).length, 2);
  assert.doesNotMatch(junit, /type="unscored"/);
});
