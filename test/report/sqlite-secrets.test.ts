// Secrets never reach the SQLite file: an agent and a judge that echo the API key (raw, JSON-escaped,
// URL-encoded, base64) into answers, reasoning and an error body, in a run that regresses against its
// baseline, so the gate's new text columns (reasons, judge notes, answers) all carry model text.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

const SECRET = 'sk-Sq1"quote\\back/slash+plus=eq';

/** Every form the key may take in an output, computed without the redactor. */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [secret, json, JSON.stringify(json).slice(1, -1), encodeURIComponent(secret), Buffer.from(secret).toString("base64")];
}

const echo = (authorization: unknown) =>
  `key=${String(authorization)} json=${JSON.stringify({ SECRET })} url=${encodeURIComponent(SECRET)} b64=${Buffer.from(SECRET).toString("base64")}`;

/** Every value of every table, as text. */
function everyValue(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    return tables.map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())).join("\n");
  } finally {
    db.close();
  }
}

test("--sqlite: the key echoed into answers, judge notes, reasons and errors is redacted in every table", async () => {
  let regressed = false;
  const server = await startScriptedServer((request) => {
    const n = Number(questionOf(request.body).split(" ")[1]);
    if (isJudgeRequest(request.body)) {
      const score = regressed && n === 1 ? 0 : 3;
      return { body: chatCompletion(`Reasoning ${echo(request.headers.authorization)}\nSCORE: ${score}`) };
    }
    if (regressed && n === 10) return { status: 400, body: { error: { message: `bad key ${echo(request.headers.authorization)}` } } };
    return { body: chatCompletion(`Answer to Question ${n}. ${regressed && n === 1 ? echo(request.headers.authorization) : ""}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 10);
    const original = await readFile(config, "utf8");
    await writeFile(
      config,
      original
        .replace(/model: (agent|judge)-model,/g, "model: $1-model, api-key-env: SQLITE_TEST_KEY,")
        .replace("gate: {", "gate: { max-error-rate: 0.2,"),
    );
    const env = { SQLITE_TEST_KEY: SECRET };
    const base = await runCli(["run", "-c", config, "-q", "--no-cache", "-o", "base.json"], { cwd: dir, env });
    assert.equal(base.code, 0, base.stderr + base.stdout);
    regressed = true;
    const head = await runCli(["run", "-c", config, "-q", "--no-cache", "--baseline", "base.json", "--sqlite", "r.db"], { cwd: dir, env });
    assert.ok(head.code === 0 || head.code === 1, head.stderr + head.stdout);
    assert.ok(String(server.requests.at(-1)!.headers.authorization).includes(SECRET), "the key was sent");

    const db = new DatabaseSync(path.join(dir, "r.db"), { readOnly: true });
    try {
      const states = db
        .prepare("SELECT state, reason, judge_notes, answer FROM gate_cases WHERE state != 'unchanged' ORDER BY state")
        .all() as {
        state: string;
        reason: string;
        judge_notes: string | null;
        answer: string | null;
      }[];
      assert.deepEqual(
        states.map((row) => row.state),
        ["errored", "regressed"],
      );
      const [errored, fell] = states;
      assert.match(errored!.reason, /^error: .*bad key key=Bearer \*\*\*/);
      assert.match(fell!.judge_notes!, /Reasoning key=Bearer \*\*\*/);
      assert.match(fell!.answer!, /Answer to Question 1\. key=Bearer \*\*\*/);
    } finally {
      db.close();
    }
    const text = everyValue(path.join(dir, "r.db"));
    for (const form of forms(SECRET)) assert.ok(!text.includes(form), `the key leaked as ${JSON.stringify(form)}`);
  } finally {
    await server.close();
  }
});
