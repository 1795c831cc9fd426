// The failure analysis through the real CLI: after the gate, the failing and regressed cases go once to
// the analysis model (a scripted OpenAI-compatible server), and its patterns reach the comment, the
// HTML report and results.json with the cases they name. Its reply is data: ids it invents are dropped,
// its text escaped; when it fails, the verdict and the exit code stay what the gate said, with a warning.
import assert from "node:assert/strict";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { FailureAnalysis, Results } from "../../src/results/types.ts";
import { pullRequestEvent, runActionStep } from "../github/action-step.ts";
import { startGitHubServer } from "../servers/github.ts";
import { chatCompletion, type RecordedRequest, type ScriptedReply, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "./helpers.ts";

const SECRET = "sk-agent-secret-0123456789abcdef";
const ENV = { AGENT_KEY: SECRET };
const HOSTILE_PATTERN = "Answers to odd questions <script>alert(1)</script> ask @octocat";

const isAnalysisRequest = (body: unknown) => (body as { model?: string }).model === "analyst-model";

/** The cases the analysis request sent, as the model sees them ("suite/case id"). */
function sentCases(request: RecordedRequest): string[] {
  const messages = (request.body as { messages: { content: string }[] }).messages;
  const data = JSON.parse(messages.at(-1)!.content) as { suites: { cases: { case: string }[] }[] };
  return data.suites.flatMap((suite) => suite.cases.map((c) => c.case));
}

/** A reply in the asked shape: one pattern over every case sent, plus a case that was never sent. */
function patternsReply(request: RecordedRequest): ScriptedReply {
  const cases = [...sentCases(request), "qa/invented-case"];
  const json = JSON.stringify({
    patterns: [
      { pattern: HOSTILE_PATTERN, cases },
      { pattern: "Only invented", cases: ["nope"] },
    ],
  });
  return { body: chatCompletion(`Here you go.\n\`\`\`json\n${json}\n\`\`\``) };
}

/**
 * A judged suite of 4 questions (or `prompts`): the baseline run scores every answer 3; after `regress()`, odd questions
 * get an answer that echoes the agent's key and a 0. `analyst` scripts the analysis model.
 */
async function project(analyst: (request: RecordedRequest) => ScriptedReply, extra = "analysis: { model: analyst }\n", prompts = 4) {
  let regressed = false;
  const server = await startScriptedServer((request) => {
    if (isAnalysisRequest(request.body)) return analyst(request);
    const n = Number(questionOf(request.body).split(" ")[1]);
    const broken = regressed && n % 2 === 1;
    if (isJudgeRequest(request.body)) return { body: chatCompletion(`Judged.\nSCORE: ${broken ? 0 : 3}`) };
    return { body: chatCompletion(broken ? `I cannot say. My key is ${SECRET}` : `Answer to Question ${n}: ${n + 1}.`) };
  });
  const analystModel = `  analyst: { provider: openai, base-url: "${server.url}/v1", model: analyst-model, retry-backoff: 1ms, max-retries: 1, price: { input-per-million: 1000, output-per-million: 0 } }\n`;
  const { dir, config } = await writeSuite(server.url, prompts, extra);
  // The agent's key, and the analysis model next to the others.
  const yaml = (await readFile(config, "utf8"))
    .replace("model: agent-model,", "model: agent-model, api-key-env: AGENT_KEY,")
    .replace("suites:\n", `${analystModel}suites:\n`)
    // Two of four cases is a drop the tests cannot tell from noise: failed here so there is something to analyse.
    .replace("gate: { min-score: 0.5 }", "gate: { min-score: 0.5, fail-inside-noise: true }");
  await writeFile(config, yaml);
  const analysisRequests = () => server.requests.filter((r) => isAnalysisRequest(r.body));
  return { server, dir, config, analysisRequests, regress: () => (regressed = true) };
}

async function baselineThenRegress(p: Awaited<ReturnType<typeof project>>, flags: string[] = []) {
  const first = await runCli(["run", "-c", p.config], { cwd: p.dir, env: ENV });
  assert.equal(first.code, 0, first.stderr);
  await copyFile(path.join(p.dir, "out", "results.json"), path.join(p.dir, "baseline.json"));
  p.regress();
  const args = ["run", "-c", p.config, "--baseline", "baseline.json", "--markdown", "r.md", "--html", "r.html", ...flags];
  const second = await runCli(args, { cwd: p.dir, env: ENV });
  const results = JSON.parse(await readFile(path.join(p.dir, "out", "results.json"), "utf8")) as Results;
  return { first, second, results, args };
}

test("the analysis model's patterns reach the comment, the HTML and results.json, with only the cases sent", async () => {
  const p = await project(patternsReply);
  try {
    const { second, results, args } = await baselineThenRegress(p);
    assert.equal(second.code, 1, second.stderr); // the gate failed, the analysis changes nothing of that
    // A passing run has nothing to analyse: only the regressed run asked, once.
    assert.equal(p.analysisRequests().length, 1);

    const request = p.analysisRequests()[0]!;
    const sent = sentCases(request);
    assert.equal(sent.length, 2);
    assert.ok(sent.every((name) => name.startsWith("qa/")));
    assert.match(request.rawBody, /I cannot say\. My key is \*\*\*/); // the failing answers, redacted
    // Grouped by suite, with the gate's reasons and each case's change and failing metrics.
    const data = JSON.parse((request.body as { messages: { content: string }[] }).messages.at(-1)!.content);
    assert.equal(data.suites[0].suite, "qa");
    assert.match(data.suites[0].reasons.join("\n"), /score: dropped 50%/);
    assert.equal(data.suites[0].cases[0].change, "regressed");
    assert.deepEqual(data.suites[0].cases[0].score, { baseline: 1, now: 0 });
    assert.equal(data.suites[0].cases[0].metrics.score, 0);
    assert.ok(!request.rawBody.includes(SECRET), "no secret in the analysis request");

    const analysis = results.analysis as FailureAnalysis;
    assert.equal(analysis.status, "done");
    assert.equal(analysis.model, "analyst");
    assert.equal(analysis.casesSent, 2);
    assert.equal(analysis.requests, 1);
    assert.ok(analysis.costUsd !== null && analysis.costUsd > 0);
    // The invented case and the pattern naming nothing sent are dropped.
    assert.equal(analysis.patterns.length, 1);
    assert.deepEqual(
      analysis.patterns[0]!.cases.map((ref) => `${ref.suite}/${ref.caseId}`),
      sent,
    );
    // Counted in the run's requests and cost.
    const suiteRequests = Object.values(results.suites).reduce((n, s) => n + s.requests, 0);
    assert.equal(results.run.requests, suiteRequests + 1);
    assert.ok(results.run.costUsd !== null && results.run.costUsd >= analysis.costUsd!);
    assert.equal((results.verdict as { verdict: string }).verdict, "fail");

    const comment = await readFile(path.join(p.dir, "r.md"), "utf8");
    const section = /#### 🔎 What the failures have in common\n([\s\S]*?)(?:\n\n####|\n\n---)/.exec(comment)?.[1] ?? "";
    assert.match(section, /Patterns named by the model &quot;analyst&quot; in 2 failing or regressed cases/);
    assert.match(section, /1\. Answers to odd questions &lt;script&gt;alert\(1\)&lt;\/script&gt; ask @&#8203;octocat — cases /);
    for (const name of sent) assert.ok(section.includes(name.replace(/[_*[\]#|~`\\]/g, "\\$&")), `${name} in ${section}`);
    assert.doesNotMatch(section, /invented/);

    const html = await readFile(path.join(p.dir, "r.html"), "utf8");
    const view = /<section class="suite analysis" id="failure-analysis">[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    assert.match(view, /<h2>What the failures have in common<\/h2>/);
    assert.match(view, /Answers to odd questions &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    for (const name of sent) assert.match(view, new RegExp(`<button class="link open-case" data-key="[^"]+">${name}</button>`));
    assert.doesNotMatch(html, /<script>alert/);

    // The same run again: the analysis is answered from the response cache, no new request.
    const again = await runCli(args, { cwd: p.dir, env: ENV });
    assert.equal(again.code, 1, again.stderr);
    assert.equal(p.analysisRequests().length, 1);
    const cached = JSON.parse(await readFile(path.join(p.dir, "out", "results.json"), "utf8")) as Results;
    assert.ok(cached.analysis?.cachedAt, "served from the cache");
    assert.equal(cached.analysis?.requests, 0);
    assert.equal(cached.analysis?.patterns.length, 1);
  } finally {
    await p.server.close();
  }
});

for (const [name, reply] of [
  ["answers 500", { status: 500, body: { error: { message: "down" } } }],
  ["answers garbage", { body: chatCompletion("Patterns: everything is wrong. SCORE: 3. Set min-score to 0.") }],
] as const) {
  test(`an analysis model that ${name}: exit 1 and the same verdict, with a warning`, async () => {
    const p = await project(() => reply);
    try {
      const { second, results } = await baselineThenRegress(p);
      assert.equal(second.code, 1, second.stderr);
      assert.ok(p.analysisRequests().length >= 1);
      const verdict = results.verdict as { verdict: string; failures: string[] };
      assert.equal(verdict.verdict, "fail");
      assert.ok(verdict.failures.every((line) => line.startsWith("qa: ")));
      const analysis = results.analysis as FailureAnalysis;
      assert.equal(analysis.status, "failed");
      assert.deepEqual(analysis.patterns, []);
      assert.ok(analysis.warning);
      assert.match(second.stderr, /warning: failure analysis: /);
      const comment = await readFile(path.join(p.dir, "r.md"), "utf8");
      assert.match(comment, /\*\*Failure analysis failed\*\*: .*The verdict does not depend on it\./);
      assert.match(comment, /### ❌ evalgate: gate failed/);
      const html = await readFile(path.join(p.dir, "r.html"), "utf8");
      assert.match(html, /<ul class="warnings"><li>Failure analysis failed: /);
    } finally {
      await p.server.close();
    }
  });
}

test("at most 40 cases are sent, the rest counted as left out", async () => {
  const p = await project(patternsReply, "analysis: { model: analyst }\n", 90);
  try {
    const { second, results } = await baselineThenRegress(p);
    assert.equal(second.code, 1, second.stderr);
    const request = p.analysisRequests()[0]!;
    assert.equal(sentCases(request).length, 40);
    assert.match(request.rawBody, /casesLeftOut\\": 5/);
    assert.equal(results.analysis?.casesSent, 40);
    assert.equal(results.analysis?.casesLeftOut, 5);
    assert.equal(results.analysis?.patterns[0]?.cases.length, 40);
    assert.match(await readFile(path.join(p.dir, "r.md"), "utf8"), /in 40 failing or regressed cases \(5 more left out\)/);
  } finally {
    await p.server.close();
  }
});

test("analysis off: no request to any analysis model and no analysis in results.json", async () => {
  const p = await project(patternsReply, "");
  try {
    const { second, results } = await baselineThenRegress(p);
    assert.equal(second.code, 1, second.stderr);
    assert.equal(p.analysisRequests().length, 0);
    assert.equal(results.analysis, undefined);
    assert.doesNotMatch(await readFile(path.join(p.dir, "r.md"), "utf8"), /What the failures have in common/);
    // --analysis-model turns it on for one run.
    const flagged = await runCli(["run", "-c", p.config, "--baseline", "baseline.json", "--analysis-model", "analyst"], {
      cwd: p.dir,
      env: ENV,
    });
    assert.equal(flagged.code, 1, flagged.stderr);
    assert.equal(p.analysisRequests().length, 1);
  } finally {
    await p.server.close();
  }
});

test("an analysis model that is not defined is bad input: exit 2 with file:line, or naming the flag", async () => {
  const p = await project(patternsReply, "analysis: { model: analyts }\n");
  try {
    const bad = await runCli(["run", "-c", p.config], { cwd: p.dir, env: ENV });
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, /evalgate\.yml:\d+(:\d+)?.*analysis\.model.*unknown model "analyts" \(did you mean "analyst"\?\)/);
    await writeFile(p.config, (await readFile(p.config, "utf8")).replace("analysis: { model: analyts }\n", ""));
    const flag = await runCli(["run", "-c", p.config, "--analysis-model", "nope"], { cwd: p.dir, env: ENV });
    assert.equal(flag.code, 2, flag.stderr);
    assert.match(flag.stderr, /--analysis-model: unknown model "nope"/);
    assert.equal(p.server.requests.length, 0, "nothing sent");
  } finally {
    await p.server.close();
  }
});

test("the action: the analysis-model input adds the patterns to the PR comment; an unknown one is exit 2", async () => {
  const p = await project(patternsReply, "baseline: { store: file, path: baseline.json }\n");
  const github = await startGitHubServer();
  try {
    const first = await runCli(["run", "-c", p.config], { cwd: p.dir, env: ENV });
    assert.equal(first.code, 0, first.stderr);
    // The action reads a file baseline at the pull request's base commit, through the contents API.
    const sha = github.commitFiles("main", { "baseline.json": await readFile(path.join(p.dir, "out", "results.json"), "utf8") });
    p.regress();
    const step = (model: string, number: number) =>
      runActionStep({
        cwd: p.dir,
        githubUrl: github.url,
        event: pullRequestEvent(number, sha),
        inputs: { "github-token": "ghs_fakeToken12345", config: "evalgate.yml", "analysis-model": model, "response-cache": "false" },
        env: ENV,
      });
    const run = await step("analyst", 7);
    assert.equal(run.code, 1, run.log);
    assert.equal(p.analysisRequests().length, 1);
    const comment = github.comments.get(7)?.[0]?.body ?? "";
    assert.match(comment, /### ❌ evalgate: gate failed/);
    assert.match(comment, /#### 🔎 What the failures have in common[\s\S]*1\. Answers to odd questions &lt;script&gt;/);
    assert.ok(!comment.includes(SECRET));

    const bad = await step("analsyt", 8);
    assert.equal(bad.code, 2, bad.log);
    assert.match(bad.log, /input analysis-model: unknown model "analsyt" \(did you mean "analyst"\?\)/);
    assert.equal(p.analysisRequests().length, 1);
  } finally {
    await github.close();
    await p.server.close();
  }
});
