// The action's real entry (src/action.ts) with the real engine: the example suite against the
// demo targets, reported to the scripted GitHub API as a pull request.
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { startDemoTargets } from "../../src/demo/index.ts";
import { startGitHubServer } from "../servers/github.ts";
import { pullRequestEvent, runActionStep } from "./action-step.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("src/action.ts runs the example suite with the real engine and reports on the PR", async () => {
  const demo = await startDemoTargets({ ports: { openai: 0, athena: 0 } });
  const github = await startGitHubServer();
  try {
    const work = await mkdtemp(path.join(os.tmpdir(), "evalgate-real-"));
    await cp(path.join(root, "evals"), path.join(work, "evals"), { recursive: true });
    const sha = "3333333333333333333333333333333333333333";
    const { code, log, outputs, summary } = await runActionStep({
      cwd: work,
      githubUrl: github.url,
      event: pullRequestEvent(3, sha),
      inputs: {
        "github-token": "ghs_fakeToken12345",
        config: "evals/evalgate.yml",
        sample: "2",
        html: ".evalgate/report.html",
        sqlite: ".evalgate/results.sqlite",
      },
      env: demo.env,
    });
    const verdict = /verdict<<.*\n(\w+)\n/.exec(outputs)?.[1];
    assert.ok(verdict === "pass" || verdict === "fail", `${verdict}\n${log}`);
    assert.equal(code, verdict === "pass" ? 0 : 1, log);
    const results = JSON.parse(await readFile(/results-path<<.*\n(.*)\n/.exec(outputs)![1]!, "utf8"));
    assert.ok(Object.keys(results.suites).length >= 1);
    const comments = github.comments.get(3) ?? [];
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /### (✅|❌) evalgate: gate (passed|failed)/);
    assert.equal(github.checkRuns.length, 1);
    assert.equal(github.checkRuns[0]!.conclusion, verdict === "pass" ? "success" : "failure");
    assert.match(summary, /evalgate: gate/);
    // Every path output is absolute, as the runner's later steps may run in another folder.
    for (const name of ["results-path", "report-path", "junit-path", "html-path", "sqlite-path"]) {
      const value = new RegExp(`${name}<<.*\n(.*)\n`).exec(outputs)?.[1];
      assert.ok(value && path.isAbsolute(value), `${name}: ${value}`);
      await readFile(value); // and names a file that was written
    }
  } finally {
    await github.close();
    await demo.close();
  }
});
