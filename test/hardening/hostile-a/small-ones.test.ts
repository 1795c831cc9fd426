// The small ones of issue 36, through the real CLI against scripted servers on 127.0.0.1: a reply that
// is not valid UTF-8 is named as such; names JavaScript objects inherit ("__proto__", "constructor")
// are suite names like any other; a judge's no-break space reads as dust-evals reads it; a key
// written with HTML character references is redacted in every output.
import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { questionOf, runCli, writeSuite } from "../../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../../servers/scripted.ts";

test("a reply that is not valid UTF-8 is that case's error, named as such with the offset, never a timeout or an answer of U+FFFD", async () => {
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    if (model !== "agent-model") return { body: chatCompletion("Fine.\nSCORE: 3") };
    if (questionOf(request.body) !== "Question 2") return { body: chatCompletion(`Answer to ${questionOf(request.body)}`) };
    const json = Buffer.from(JSON.stringify(chatCompletion("Answer XX")));
    json.set([0xff, 0xfe], json.indexOf("XX"));
    return { body: json };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 3, "");
    await writeFile(
      config,
      (await readFile(config, "utf8")).replace("gate: { min-score: 0.5 }", "gate: { min-score: 0.5, max-error-rate: 0.5 }"),
    );
    const result = await runCli(["run", "-c", config, "--no-cache", "--markdown", "r.md"], { cwd: dir });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    const failed = results.suites.qa.cases.filter((c: { status: string }) => c.status === "error");
    assert.equal(failed.length, 1);
    assert.match(failed[0].error.message, /answered HTTP 200 with a body that is not valid UTF-8 \(its first bad byte at offset \d+\)/);
    assert.doesNotMatch(failed[0].error.message, /no answer within/);
    const answers = results.suites.qa.cases.map((c: { details?: { response?: string } }) => c.details?.response ?? "");
    assert.ok(!answers.some((answer: string) => answer.includes("\uFFFD")), "no replacement character stands in for an answer");
    assert.equal(results.suites.qa.counts.scored, 2, "the other cases are measured");
  } finally {
    await server.close();
  }
});

test("suite names JavaScript objects inherit are names like any other: __proto__ refused at load, constructor gated, extras in a compared file treated alike", async () => {
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    return { body: chatCompletion(model === "agent-model" ? `Answer to ${questionOf(request.body)}` : "Fine.\nSCORE: 3") };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    const text = await readFile(config, "utf8");
    const block = (name: string) =>
      `\n  ${name}: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }`;
    const sent = server.requests.length;
    await writeFile(path.join(dir, "proto.yml"), text.replace("\nsuites:", `\nsuites:${block("__proto__")}`));
    const proto = await runCli(["run", "-c", "proto.yml", "--no-cache"], { cwd: dir });
    assert.equal(proto.code, 2, proto.stderr);
    assert.match(proto.stderr, /proto\.yml:\d+:\d+: suites\.__proto__: __proto__ cannot name a model or suite/);
    assert.equal(server.requests.length, sent);

    // A baseline without "constructor": the suite is new there, not the Object constructor every object inherits.
    assert.equal((await runCli(["run", "-c", config, "--no-cache", "-q"], { cwd: dir })).code, 0);
    const base = path.join(dir, "base.json");
    const baseText = await readFile(path.join(dir, "out", "results.json"), "utf8");
    await writeFile(base, baseText);
    await writeFile(path.join(dir, "ctor.yml"), text.replace("\nsuites:", `\nsuites:${block("constructor")}`));
    const ctor = await runCli(["run", "-c", "ctor.yml", "--no-cache", "--baseline", base], { cwd: dir });
    assert.equal(ctor.code, 0, ctor.stdout + ctor.stderr);
    assert.match(ctor.stdout, /✓ constructor {2}judged {2}2\/2 scored/);

    // Extra suites in a compared file: "__proto__", "constructor" and "other" alike.
    const baseline = JSON.parse(baseText);
    for (const extra of ["__proto__", "constructor", "other"]) {
      const withExtra = baseText.replace('"suites": {', `"suites": {"${extra}": ${JSON.stringify(baseline.suites.qa)},`);
      await writeFile(path.join(dir, "extra.json"), withExtra);
      const asHead = await runCli(["compare", base, "extra.json", "-c", config], { cwd: dir });
      assert.equal(asHead.code, 2, `${extra}: ${asHead.stderr}`);
      assert.match(asHead.stderr, new RegExp(`suites\\.${extra}: not in the config`));
      const asBase = await runCli(["run", "-c", config, "--no-cache", "--baseline", "extra.json"], { cwd: dir });
      assert.equal(asBase.code, 0, asBase.stderr);
      assert.match(asBase.stdout, new RegExp(`not run \\(kept from the baseline\\): ${extra}`));
    }
  } finally {
    await server.close();
  }
});

test("a judge whose score follows a no-break space, or a quoted line, is read; a key in HTML character references is redacted everywhere", async () => {
  const KEY = "sk-entity-Zq8xW2vB";
  const decimal = [...KEY].map((c) => `&#${c.codePointAt(0)};`).join("");
  const hex = [...KEY].map((c) => `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};`).join("");
  const mixed = [...KEY].map((c, i) => (i % 3 ? c : `&#X00${c.codePointAt(0)!.toString(16)};`)).join("");
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    if (model === "agent-model") return { body: chatCompletion(`Answer to ${questionOf(request.body)}: ${decimal} ${hex} ${mixed}`) };
    return { body: chatCompletion(`> The answer claims SCORE: 0\nIt echoes ${mixed}.\nSCORE:\u00a03`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    await writeFile(config, (await readFile(config, "utf8")).replace("model: agent-model,", "model: agent-model, api-key-env: AGENT_KEY,"));
    const outputs = ["--markdown", "r.md", "--html", "r.html", "--junit", "j.xml", "--sqlite", "r.db", "--csv-dir", "csv"];
    const result = await runCli(["run", "-c", config, ...outputs], { cwd: dir, env: { AGENT_KEY: KEY } });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    assert.equal(results.suites.qa.metrics.score.value, 1, "the judge's 3 is read after the no-break space");
    const texts: [string, string][] = [
      ["stdout", result.stdout],
      ["stderr", result.stderr],
    ];
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || entry.name.endsWith(".db")) continue;
      const file = path.join(entry.parentPath, entry.name);
      texts.push([path.relative(dir, file), await readFile(file, "utf8")]);
    }
    const db = new DatabaseSync(path.join(dir, "r.db"), { readOnly: true });
    texts.push([
      "r.db",
      JSON.stringify(db.prepare("SELECT * FROM cases").all()) + JSON.stringify(db.prepare("SELECT * FROM gate_cases").all()),
    ]);
    db.close();
    assert.ok(
      texts.some(([name, text]) => name.endsWith("results.json") && text.includes("Answer to Question 1: *** *** ***")),
      "the key, in each form, shows as ***",
    );
    for (const [name, text] of texts) {
      for (const form of [KEY, decimal, hex, mixed, decimal.slice(0, 60), hex.slice(0, 60)]) {
        assert.ok(!text.includes(form), `${name} holds ${form.slice(0, 40)}…`);
      }
    }
  } finally {
    await server.close();
  }
});
