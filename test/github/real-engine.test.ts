// The action's real entry (src/action.ts) with the real engine: the example suite against the
// demo targets, reported to the scripted GitHub API as a pull request.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { startDemoTargets } from "../../src/demo/index.ts";
import { startGitHubServer } from "../servers/github.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("src/action.ts runs the example suite with the real engine and reports on the PR", async () => {
  const demo = await startDemoTargets({ ports: { openai: 0, athena: 0 } });
  const github = await startGitHubServer();
  try {
    const work = await mkdtemp(path.join(os.tmpdir(), "evalgate-real-"));
    await cp(path.join(root, "evals"), path.join(work, "evals"), { recursive: true });
    const files = { event: path.join(work, "event.json"), summary: path.join(work, "summary.md"), output: path.join(work, "output.txt") };
    const sha = "3333333333333333333333333333333333333333";
    await writeFile(
      files.event,
      JSON.stringify({
        pull_request: {
          number: 3,
          head: { sha, ref: "f", repo: { full_name: "acme/bot" } },
          base: { sha, ref: "main", repo: { full_name: "acme/bot" } },
        },
      }),
    );
    await writeFile(files.summary, "");
    await writeFile(files.output, "");
    const child = spawn(path.join(root, "node_modules/.bin/node"), [path.join(root, "src/action.ts")], {
      cwd: work,
      env: {
        PATH: process.env.PATH ?? "",
        GITHUB_API_URL: github.url,
        GITHUB_REPOSITORY: "acme/bot",
        GITHUB_EVENT_NAME: "pull_request",
        GITHUB_EVENT_PATH: files.event,
        GITHUB_STEP_SUMMARY: files.summary,
        GITHUB_OUTPUT: files.output,
        "INPUT_GITHUB-TOKEN": "ghs_fakeToken12345",
        INPUT_CONFIG: "evals/evalgate.yml",
        INPUT_SAMPLE: "2",
        ...demo.env,
      },
    });
    let log = "";
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    const code = await new Promise<number>((resolve) => child.on("close", (value) => resolve(value ?? -1)));
    const outputs = await readFile(files.output, "utf8");
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
    assert.match(await readFile(files.summary, "utf8"), /evalgate: gate/);
  } finally {
    await github.close();
    await demo.close();
  }
});
