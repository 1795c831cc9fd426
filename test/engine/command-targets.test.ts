// Command targets through the real CLI with real child processes (test/fixtures/commands/worker.mjs):
// a worker that crashes loses no case, one that prints something else than its reply, hangs or
// reports an error fails that case only, one that cannot start stops the run (exit 3, its log's end
// shown), and after every exit (0, 1, 2, 3, 130) no process of any group the run started is left.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { commandProject, startedGroups, survivors, until, workerCommand } from "./command-project.ts";
import { runCli } from "./helpers.ts";

const judge = `  judge: { provider: command, command: ${workerCommand("--judge")} }`;

async function resultsOf(dir: string): Promise<Results> {
  return JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
}

test("command: a worker that crashes on every 10th request loses no case, and leaves no process behind (exit 0)", async () => {
  const agent = `  agent: { provider: command, command: ${workerCommand("--crash-every", "10", "--grandchild")}, max-retries: 2, retry-backoff: 1ms }`;
  const project = await commandProject(40, `${agent}\n${judge}`);
  const run = await runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const results = await resultsOf(project.dir);
  assert.deepEqual(results.suites.qa!.counts, { cases: 40, scored: 40, errors: 0 }, run.stdout);
  const log = await project.log("agent");
  assert.match(log, /worker \d+ \(pid \d+\) exited with code 1/, "workers did crash");
  assert.ok(results.run.requests > 80, `the crashed requests were sent again: ${results.run.requests} requests`);
  // The crashed workers' grandchildren (sleep 300, in their group) went with them.
  assert.deepEqual(await survivors([...startedGroups(log), ...startedGroups(await project.log("judge"))]), []);
});

test("command: a crashed request is retried on a fresh worker, not on an idle one that may be about to crash too", async () => {
  // Every worker dies on its 2nd request: an idle worker that answered once would take the retry to its
  // own crash; a fresh one answers it. With one retry allowed, every case is scored only if retries go fresh.
  const agent = `  agent: { provider: command, command: ${workerCommand("--crash-every", "2")}, max-retries: 1, retry-backoff: 1ms }`;
  const project = await commandProject(20, `${agent}\n${judge}`);
  const run = await runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.deepEqual((await resultsOf(project.dir)).suites.qa!.counts, { cases: 20, scored: 20, errors: 0 }, run.stdout);
  const log = await project.log("agent");
  assert.ok((log.match(/exited with code 1/g) ?? []).length >= 5, `workers did crash:\n${log}`);
  assert.deepEqual(await survivors(startedGroups(log)), []);
});

test("command: the request line carries the id, the messages, the vars and the case", async () => {
  const project = await commandProject(2, "");
  const requests = path.join(project.dir, "requests.jsonl");
  const agent = `  agent: { provider: command, command: ${workerCommand("--requests-file", requests)} }`;
  const config = await readFile(project.config, "utf8");
  await import("node:fs/promises").then((fs) => fs.writeFile(project.config, config.replace("models:\n", `models:\n${agent}\n${judge}\n`)));
  const run = await runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const sent = (await readFile(requests, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.equal(sent.length, 2);
  for (const request of sent) {
    // A judged suite's agent gets the prompt as `vars` too; no tools were offered.
    assert.deepEqual(Object.keys(request).sort(), ["case", "id", "messages", "vars"]);
    assert.equal(typeof request.id, "string");
    assert.deepEqual(
      (request.messages as { role: string }[]).map((m) => m.role),
      ["user"],
    );
    assert.equal((request.case as { suite: string }).suite, "qa");
  }
  const results = await resultsOf(project.dir);
  assert.deepEqual(sent.map((r) => (r.case as { id: string }).id).sort(), results.suites.qa!.cases.map((c) => c.caseId).sort());
});

test("command: a prompt file's messages, modelParameters and responseFormat reach the program, as parameters by OpenAI's names", async () => {
  const project = await commandProject(1, "");
  const requests = path.join(project.dir, "requests.jsonl");
  await writeFile(
    path.join(project.dir, "agent.prompt.yml"),
    'modelParameters: { temperature: 0.3, maxTokens: 64, topP: 0.9 }\nresponseFormat: json_object\nmessages:\n  - { role: system, content: Answer in JSON. }\n  - { role: user, content: "{{prompt}}" }\n',
  );
  const agent = `  agent: { provider: command, command: ${workerCommand("--requests-file", requests)}, prompt: agent.prompt.yml }`;
  const config = await readFile(project.config, "utf8");
  await writeFile(project.config, config.replace("models:\n", `models:\n${agent}\n${judge}\n`));
  const run = await runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const [request] = (await readFile(requests, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { messages: { role: string }[]; parameters?: unknown });
  assert.deepEqual(
    request!.messages.map((m) => m.role),
    ["system", "user"],
  );
  assert.deepEqual(request!.parameters, { temperature: 0.3, max_tokens: 64, top_p: 0.9, response_format: { type: "json_object" } });
});

test("command: a line that is not JSON, a hang and a reply's error each fail their own case; the hung worker is replaced", async () => {
  const flags = ["--noise-on", "Question 2:", "--hang-on", "Question 3:", "--error-on", "Question 4:"];
  const agent = `  agent: { provider: command, command: ${workerCommand(...flags)}, timeout: 800ms, max-retries: 1, retry-backoff: 1ms }`;
  const project = await commandProject(30, `${agent}\n${judge}`);
  const run = await runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  const results = await resultsOf(project.dir);
  const byQuestion = (n: number) => results.suites.qa!.cases.find((c) => c.title?.startsWith(`Question ${n}:`))!;
  assert.equal(byQuestion(1).status, "scored");
  assert.match(byQuestion(2).error!.message, /wrote a line on stdout that is not a JSON reply: debug: looking at Question 2/);
  assert.match(byQuestion(3).error!.message, /gave no answer within 800ms \(after 2 attempts\)/);
  assert.match(byQuestion(4).error!.message, /answered with an error: cannot answer that/);
  assert.equal(results.suites.qa!.counts.scored, 27, run.stdout + run.stderr);
  const log = await project.log("agent");
  assert.match(log, /was killed by SIGTERM/, "the hung worker was stopped");
  assert.deepEqual(await survivors(startedGroups(log)), []);
});

test("command: a program that dies before answering, three times, stops the run: exit 3 with the end of its log", async () => {
  const agent = `  agent: { provider: command, command: ${workerCommand("--die-at-start")}, retry-backoff: 1ms }`;
  const project = await commandProject(6, `${agent}\n${judge}`);
  const run = await runCli(["run", "-c", project.config], { cwd: project.dir });
  assert.equal(run.code, 3, run.stdout + run.stderr);
  assert.match(run.stdout + run.stderr, /failed 3 times in a row before answering anything/);
  assert.match(run.stdout + run.stderr, /ModuleNotFoundError: No module named 'nowhere'/, "the log's last lines are shown");
  const results = await resultsOf(project.dir);
  assert.match(
    results.run.errors!.join("\n"),
    /model "agent" stopped: command `.+` failed 3 times in a row before answering anything \(last: worker \d exited with code 1\); out\/logs\/agent\.log ends: "Traceback \(most recent call last\):" "ModuleNotFoundError/,
  );
  const log = await project.log("agent");
  assert.deepEqual(await survivors(startedGroups(log)), []);
});

test("command: a gate that fails (exit 1) and a config error (exit 2) leave no process either", async () => {
  const agent = `  agent: { provider: command, command: ${workerCommand("--grandchild")} }`;
  const lowJudge = `  judge: { provider: command, command: ${workerCommand("--judge", "--score", "0")} }`;
  const failing = await commandProject(4, `${agent}\n${lowJudge}`);
  const failed = await runCli(["run", "-c", failing.config, "--quiet"], { cwd: failing.dir });
  assert.equal(failed.code, 1, failed.stdout + failed.stderr);
  assert.deepEqual(await survivors([...startedGroups(await failing.log("agent")), ...startedGroups(await failing.log("judge"))]), []);

  const bad = await commandProject(4, `  agent: { provider: command, command: ${workerCommand()}, cwd: no-such-folder }\n${judge}`);
  const refused = await runCli(["run", "-c", bad.config, "--quiet"], { cwd: bad.dir });
  assert.equal(refused.code, 2, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /evalgate\.yml:5: models\.agent\.cwd: "no-such-folder" does not exist/);
  assert.ok(!existsSync(path.join(bad.dir, "out", "logs")), "nothing was started");
});

test("command: Ctrl-C mid-run exits 130 and ends every group, a worker that ignores SIGTERM included", async () => {
  const agent = `  agent: { provider: command, command: ${workerCommand("--hang-on", "Question 3:", "--grandchild", "--ignore-term")}, timeout: 60s }`;
  const project = await commandProject(8, `${agent}\n${judge}`);
  const run = runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  // Every worker started is ready (ignoring SIGTERM from now on), and the judge has one too.
  const ready = async () => {
    const log = await project.log("agent").catch(() => "");
    return startedGroups(log).length > 0 && startedGroups(log).length === log.split("ready, ignoring SIGTERM").length - 1;
  };
  await until(async () => (await ready()) && (await project.log("judge").catch(() => "")).includes("started"), 20_000, "the workers");
  run.child.kill("SIGINT");
  const interrupted = await run;
  assert.equal(interrupted.code, 130, interrupted.stdout + interrupted.stderr);
  const log = await project.log("agent");
  assert.match(log, /SIGTERM ignored/, "the worker was asked to stop first");
  assert.match(log, /was killed by SIGKILL/, "then killed after the grace period");
  assert.deepEqual(await survivors([...startedGroups(log), ...startedGroups(await project.log("judge"))]), []);
});

test("command: per-case: one process per request, each ended after its reply", async () => {
  const agent = `  agent: { provider: command, command: ${workerCommand("--per-case")}, per-case: true }`;
  const project = await commandProject(5, `${agent}\n${judge}`);
  const run = await runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const log = await project.log("agent");
  assert.equal(startedGroups(log).length, 5, log);
  assert.match(log, /case process 5 \(pid \d+\) started/);
  assert.deepEqual(await survivors(startedGroups(log)), []);
});

test("command: a program that reads all of its stdin before answering times out three times and stops the run, pointing at per-case", async () => {
  // A program that cannot loop, run as a long-lived worker: it answers only when its stdin ends.
  const program = `let text = ""; process.stdin.on("data", (d) => (text += d)); process.stdin.on("end", () => { const r = JSON.parse(text.trim().split("\\n")[0]); process.stdout.write(JSON.stringify({ id: r.id, content: "late" }) + "\\n"); });`;
  const agent = `  agent: { provider: command, command: ${JSON.stringify([process.execPath, "-e", program])}, timeout: 300ms, retry-backoff: 1ms }`;
  const project = await commandProject(4, `${agent}\n${judge}`);
  const run = await runCli(["run", "-c", project.config], { cwd: project.dir });
  assert.equal(run.code, 3, run.stdout + run.stderr);
  assert.match(
    run.stdout,
    /failed 3 times in a row before answering anything \(last: worker \d+ gave no answer within 300ms: a program that reads all of its stdin before it answers needs per-case: true\)/,
  );
  assert.deepEqual(await survivors(startedGroups(await project.log("agent"))), []);
});
