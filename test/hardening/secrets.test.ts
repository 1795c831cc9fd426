// Secrets never leave: marker values (with ", \, /, + and =) for an API key, a ${VAR} in base-url
// whose name says nothing about secrets, and a header variable. A hostile agent and judge echo them
// in every form (raw, JSON-escaped, URL-encoded, base64 as in basic auth, the Authorization header
// itself) and one endpoint puts them in an error body. Every file the run writes (results.json,
// journal, cache, markdown, JUnit) and stdout/stderr must hold zero occurrences in any form.
import assert from "node:assert/strict";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { REPORT_OUTPUTS } from "../../src/report/outputs.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { pullRequestEvent, runActionStep } from "../github/action-step.ts";
import { startGitHubServer } from "../servers/github.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

const MARKERS = {
  MARKER_API_KEY: 'sk-Mk1"quote\\back/slash+plus=eq',
  ORG_CRED: "orgcred+Zq/9=x",
  HDR_TOKEN: 'hdr-"tok\\en/+=7',
};

/** Every way a value can appear in an output, computed independently of the redactor. */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const out = [secret, json, JSON.stringify(json).slice(1, -1), encodeURIComponent(secret), Buffer.from(secret).toString("base64")];
  // Basic auth: "user:secret" base64-encoded; the secret then starts at another byte alignment.
  for (const user of ["u", "us", "usr"]) {
    const whole = Buffer.from(`${user}:${secret}`).toString("base64");
    out.push(whole, whole.slice(4, -4));
  }
  return [...new Set(out)];
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

function echo(request: { headers: Record<string, unknown> }): string {
  const everything = Object.values(MARKERS).flatMap((secret) => [
    secret,
    JSON.stringify({ secret }),
    encodeURIComponent(secret),
    Buffer.from(`usr:${secret}`).toString("base64"),
  ]);
  return `Here you go: ${everything.join(" | ")} auth=${String(request.headers.authorization)} org=${String(request.headers["x-org"])}`;
}

/** The agent and the judge echo every marker; question 3's agent call fails with the markers in its error body. */
function startLeakyServer() {
  return startScriptedServer((request) => {
    const question = questionOf(request.body);
    if (question === "Question 3" && !isJudgeRequest(request.body))
      return { status: 400, body: { error: { message: `bad key ${echo(request)}` } } };
    const text = isJudgeRequest(request.body) ? `Reason: ${echo(request)}\nSCORE: 3` : `Answer to ${question}. ${echo(request)}`;
    return { body: chatCompletion(text) };
  });
}

/** A judged suite whose agent uses all three markers (key, URL variable, header variable). */
async function writeLeakySuite(serverUrl: string): Promise<{ dir: string; config: string }> {
  const { dir, config } = await writeSuite(serverUrl, 4);
  const original = await readFile(config, "utf8");
  await writeFile(
    config,
    original
      .replace(
        /agent: \{ provider: openai, base-url: "([^"]+)\/v1"/,
        'agent: { provider: openai, base-url: "$1/${ORG_CRED}/v1", api-key-env: MARKER_API_KEY, headers: { X-Org: "${HDR_TOKEN}" }',
      )
      .replace(
        /judge: \{ provider: openai, base-url: "([^"]+)\/v1"/,
        'judge: { provider: openai, base-url: "$1/v1", api-key-env: MARKER_API_KEY',
      ),
  );
  return { dir, config };
}

function assertNoMarkers(outputs: [string, string][]): void {
  for (const [name, text] of outputs) {
    for (const [variable, secret] of Object.entries(MARKERS)) {
      for (const form of forms(secret)) assert.ok(!text.includes(form), `${variable} leaked into ${name} as ${JSON.stringify(form)}`);
    }
  }
}

async function filesAsOutputs(dir: string): Promise<[string, string][]> {
  const outputs: [string, string][] = [];
  for (const file of await filesUnder(dir)) {
    if (file.endsWith("evalgate.yml")) continue; // the config names variables, not values
    outputs.push([path.relative(dir, file), await readFile(file, "utf8")]);
  }
  return outputs;
}

test("secrets: marker values never reach any output, in any form", async () => {
  const server = await startLeakyServer();
  try {
    const { dir, config } = await writeLeakySuite(server.url);
    const result = await runCli(["run", "-c", config, "--markdown", "report.md", "--junit", "junit.xml"], { cwd: dir, env: MARKERS });
    assert.ok(result.code === 0 || result.code === 1, `${result.code}\n${result.stderr}`);
    // The run really happened and the markers really were sent and echoed.
    assert.ok(server.requests.length >= 7, `${server.requests.length} requests`);
    assert.ok(String(server.requests[0]!.headers.authorization).includes(MARKERS.MARKER_API_KEY));
    const written = await filesUnder(dir);
    assert.ok(
      written.some((file) => file.includes(`${path.sep}cache${path.sep}`)),
      "the judge's answers are cached",
    );
    assert.ok(written.some((file) => file.endsWith("journal.jsonl")));
    for (const name of ["report.md", "junit.xml", path.join("out", "results.json")]) assert.ok((await stat(path.join(dir, name))).size > 0);

    const outputs: [string, string][] = [["stdout", result.stdout], ["stderr", result.stderr], ...(await filesAsOutputs(dir))];
    const results = outputs.find(([name]) => name.endsWith("results.json"))![1];
    assert.match(results, /\*\*\*/, "redacted values are visible as ***");
    assertNoMarkers(outputs);
  } finally {
    await server.close();
  }
});

test("secrets: the action's comment, check run, annotations, job summary, outputs and log hold no marker", async () => {
  const server = await startLeakyServer();
  const github = await startGitHubServer();
  try {
    const { dir, config } = await writeLeakySuite(server.url);
    const { code, log } = await runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: pullRequestEvent(5, "4444444444444444444444444444444444444444"),
      inputs: { "github-token": "ghs_fakeToken12345", config },
      env: MARKERS,
    });
    assert.ok(code === 0 || code === 1, `exit ${code}\n${log}`);
    assert.equal(github.comments.get(5)?.length, 1, log);
    assert.equal(github.checkRuns.length, 1);
    assert.ok(github.checkRuns[0]!.annotations.length > 0, "the failed case is annotated");
    const sent = github.requests.map((request, i): [string, string] => [
      `GitHub request ${i} ${request.method} ${request.path}`,
      JSON.stringify(request.body ?? ""),
    ]);
    assertNoMarkers([["action log", log], ...sent, ...(await filesAsOutputs(dir))]);
  } finally {
    await github.close();
    await server.close();
  }
});

/** Whether `text` holds a cut form of a secret: a prefix of 3 or more characters of any form, right before a "…". */
function cutForms(text: string): string[] {
  const found: string[] = [];
  for (const secret of Object.values(MARKERS)) {
    for (const form of forms(secret)) {
      for (let length = 3; length < form.length; length++)
        if (text.includes(`${form.slice(0, length)}…`)) found.push(form.slice(0, length));
    }
  }
  return found;
}

test("secrets: an error message cut in the middle of a secret leaves no prefix of it, in any form or sink", async () => {
  // The agent's error body puts the URL-encoded header value (and its other forms) across every
  // place a message is cut: the transport's excerpt, the markdown's and JUnit's clipped lines.
  const server = await startScriptedServer((request) => {
    if (isJudgeRequest(request.body)) return { body: chatCompletion("SCORE: 3") };
    const n = Number(questionOf(request.body).split(" ")[1]);
    const encoded = encodeURIComponent(String(request.headers["x-org"]));
    const message = `${"x".repeat(150 + n * 7)} extra-enc=${encoded} raw=${String(request.headers["x-org"])} ${"y".repeat(400)}`;
    return { status: 400, body: { error: { message } } };
  });
  try {
    const { dir, config } = await writeLeakySuite(server.url);
    const result = await runCli(
      ["run", "-c", config, "--no-cache", "--markdown", "report.md", "--junit", "junit.xml", "--html", "r.html"],
      {
        cwd: dir,
        env: MARKERS,
      },
    );
    assert.equal(result.code, 1, result.stdout + result.stderr); // every case refused with 400: the target's own failure
    const outputs: [string, string][] = [["stdout", result.stdout], ["stderr", result.stderr], ...(await filesAsOutputs(dir))];
    assert.ok(
      outputs.some(([, text]) => text.includes("extra-enc=")),
      "the error body reached the outputs",
    );
    assertNoMarkers(outputs);
    for (const [name, text] of outputs) assert.deepEqual(cutForms(text), [], `a cut secret in ${name}`);
  } finally {
    await server.close();
  }
});

test("secrets: every report output (src/report/outputs.ts) holds no marker, whether run, report or the action wrote it", async () => {
  const server = await startLeakyServer();
  const github = await startGitHubServer();
  try {
    const { dir, config } = await writeLeakySuite(server.url);
    const targets = (prefix: string) => REPORT_OUTPUTS.map((output) => [output, `${prefix}-${output.name}`] as const);
    const flags = (prefix: string) => targets(prefix).flatMap(([output, target]) => [`--${output.flag}`, target]);
    const run = await runCli(["run", "-c", config, ...flags("run")], { cwd: dir, env: MARKERS });
    assert.ok(run.code === 0 || run.code === 1, `${run.code}\n${run.stderr}`);
    const report = await runCli(["report", path.join("out", "results.json"), ...flags("report")], { cwd: dir, env: MARKERS });
    assert.equal(report.code, 0, report.stderr);
    const step = await runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: pullRequestEvent(6, "6666666666666666666666666666666666666666"),
      inputs: {
        "github-token": "ghs_fakeToken12345",
        config,
        ...Object.fromEntries(targets("action").map(([output, target]) => [output.actionInput, target])),
      },
      env: MARKERS,
    });
    assert.ok(step.code === 0 || step.code === 1, `exit ${step.code}\n${step.log}`);
    for (const prefix of ["run", "report", "action"]) {
      for (const [output, target] of targets(prefix)) {
        for (const file of output.files(target)) assert.ok((await stat(path.join(dir, file))).size > 0, `${prefix}: ${file}`);
      }
    }
    for (const output of REPORT_OUTPUTS) {
      const value = new RegExp(`${output.actionOutput}<<.*\n(.*)\n`).exec(step.outputs)?.[1];
      assert.equal(value, path.join(dir, `action-${output.name}`), output.actionOutput);
    }
    const outputs: [string, string][] = [
      ["run stdout", run.stdout],
      ["run stderr", run.stderr],
      ["report stdout", report.stdout],
      ["report stderr", report.stderr],
      ["action log", step.log],
      ...(await filesAsOutputs(dir)),
    ];
    // The answers echo the markers, so a report that shows answers would show them unless redacted.
    assert.ok(
      outputs.some(([name, text]) => name === "report-html" && text.includes("***")),
      "redacted values are visible as ***",
    );
    assertNoMarkers(outputs);
  } finally {
    await github.close();
    await server.close();
  }
});
