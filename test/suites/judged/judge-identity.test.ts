// The judge is part of the baseline: results.json records who graded each judged suite, and a run
// whose judge differs from the baseline's says so, naming the part, in the console, the markdown
// comment and the HTML report. The real CLI against a scripted OpenAI-compatible server.
import assert from "node:assert/strict";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../../src/results/types.ts";
import { questionOf, runCli, writeSuite } from "../../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../../servers/scripted.ts";

test("a changed judge model is recorded and named in the console, the comment and the HTML report", async () => {
  // Judges answer as the provider would, naming a dated snapshot of the model asked for.
  const server = await startScriptedServer((request) => {
    const body = request.body as { model: string };
    const question = questionOf(request.body);
    if (body.model === "agent-model") return { body: chatCompletion(`Answer to ${question}`) };
    return { body: chatCompletion("Fine.\nSCORE: 3", { model: `${body.model}-2026-01-01` }) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 4);
    const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(first.code, 0, first.stderr);
    const baseline = path.join(dir, "baseline.json");
    await copyFile(path.join(dir, "out", "results.json"), baseline);
    const before = (JSON.parse(await readFile(baseline, "utf8")) as Results).suites.qa!.judge;
    assert.equal(before?.name, "judge");
    assert.equal(before?.model, "judge-model");
    assert.deepEqual(before?.reportedModels, ["judge-model-2026-01-01"]);
    assert.equal(before?.scale, "0-3");
    assert.equal(before?.runs, 1);
    assert.match(before?.promptHash ?? "", /^[0-9a-f]{12}$/);

    // The same judge again: nothing to say.
    const same = await runCli(["run", "-c", config, "--baseline", baseline], { cwd: dir });
    assert.equal(same.code, 0, same.stderr);
    assert.doesNotMatch(same.stdout + same.stderr, /judge changed/);

    await writeFile(config, (await readFile(config, "utf8")).replace("model: judge-model,", "model: judge-model-2,"));
    const md = path.join(dir, "comment.md");
    const html = path.join(dir, "report.html");
    const changed = await runCli(["run", "-c", config, "--baseline", baseline, "--markdown", md, "--html", html], { cwd: dir });
    assert.equal(changed.code, 0, changed.stderr);
    const said =
      /qa: the judge changed since the baseline \(model judge-model → judge-model-2; model the provider reported judge-model-2026-01-01 → judge-model-2-2026-01-01\)/;
    assert.match(changed.stdout + changed.stderr, said);
    assert.match(await readFile(md, "utf8"), /the judge changed since the baseline \(model judge-model → judge-model-2;/);
    assert.match(await readFile(html, "utf8"), /the judge changed since the baseline \(model judge-model → judge-model-2;/);
    assert.doesNotMatch(changed.stdout, /judge prompt or rubric/); // only the model changed
  } finally {
    await server.close();
  }
});

test("a changed judge prompt (a preamble added) and vote count are named as such", async () => {
  const server = await startScriptedServer((request) => {
    const body = request.body as { model: string };
    return { body: chatCompletion(body.model === "agent-model" ? `Answer to ${questionOf(request.body)}` : "Fine.\nSCORE: 2") };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    assert.equal((await runCli(["run", "-c", config, "--quiet"], { cwd: dir })).code, 0);
    const baseline = path.join(dir, "baseline.json");
    await copyFile(path.join(dir, "out", "results.json"), baseline);
    await writeFile(path.join(dir, "preamble.md"), "Be strict.\n");
    await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1,", "judge-runs: 3, judge-preamble: preamble.md,"));
    const changed = await runCli(["run", "-c", config, "--baseline", baseline], { cwd: dir });
    assert.equal(changed.code, 0, changed.stderr);
    assert.match(
      changed.stdout,
      /qa: the judge changed since the baseline \(judge prompt or rubric \(hash [0-9a-f]{12} → [0-9a-f]{12}\); votes per answer 1 → 3\)/,
    );
  } finally {
    await server.close();
  }
});

test("a new judge preamble is a changed judge, not 20 changed cases: the cases stay comparable, and --rejudge-baseline re-judges them", async () => {
  // The judge is stricter under the new preamble: 3 of 3 before, 2 of 3 after, for the same answers.
  const server = await startScriptedServer((request) => {
    const body = request.body as { model: string };
    if (body.model === "agent-model") return { body: chatCompletion(`Answer to ${questionOf(request.body)}`) };
    const strict = JSON.stringify(request.body).includes("Be strict.");
    return { body: chatCompletion(`Fine.\nSCORE: ${strict ? 2 : 3}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 20);
    await writeFile(path.join(dir, "preamble.md"), "Be fair.\n");
    await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1,", "judge-runs: 1, judge-preamble: preamble.md,"));
    assert.equal((await runCli(["run", "-c", config, "--quiet"], { cwd: dir })).code, 0);
    const baseline = path.join(dir, "baseline.json");
    await copyFile(path.join(dir, "out", "results.json"), baseline);
    await writeFile(path.join(dir, "preamble.md"), "Be strict.\n");

    const compared = await runCli(["run", "-c", config, "--baseline", baseline, "--json"], { cwd: dir });
    assert.equal(compared.code, 1, compared.stderr);
    const verdict = JSON.parse(compared.stdout) as { notes: string[]; suites: { changes: { kind: string }[] }[] };
    assert.ok(
      verdict.notes.some((note) => /^qa: the judge changed since the baseline \(judge prompt or rubric \(hash /.test(note)),
      verdict.notes.join("\n"),
    );
    const kinds = verdict.suites[0]!.changes.map((change) => change.kind);
    assert.equal(kinds.filter((kind) => kind === "changed").length, 0, "no case's inputs changed");
    assert.equal(kinds.filter((kind) => kind === "regressed").length, 20, "each case is compared: the new judge scores it lower");

    const from = server.requests.length;
    // --no-cache: the run before graded the same answers under the same preamble, and its votes are cached.
    const rejudged = await runCli(["run", "-c", config, "--baseline", baseline, "--rejudge-baseline", "--no-cache"], { cwd: dir });
    assert.equal(rejudged.code, 0, rejudged.stdout + rejudged.stderr);
    assert.match(rejudged.stdout, /qa: the baseline's 20 stored answers were re-judged by the current judge/);
    assert.equal(server.requests.length - from, 20 + 2 * 20, "20 answers, 20 votes on them, 20 on the baseline's");
  } finally {
    await server.close();
  }
});
