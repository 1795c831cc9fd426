// A secret a program prints in pieces (over several writes, with line breaks inside: `K7Q/2M9` + newline
// + `=XW4R`) never reaches a process log, not even in halves: the log's stream redaction holds back a
// line whose end may begin a secret until the next write says whether it does. A property test on the
// log itself (random secrets, random split points across writes and line breaks) and the same through
// the real CLI, a command target printing its variables in pieces.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references in configs under test
import assert from "node:assert/strict";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { createProcessLog } from "../../src/models/process/log.ts";
import { seededRandom } from "../../src/util/random.ts";
import { registerSecret } from "../../src/util/redact.ts";
import { commandProject, workerCommand } from "../engine/command-project.ts";
import { runCli } from "../engine/helpers.ts";

const SPLIT_PRINTER = path.resolve(import.meta.dirname, "../fixtures/commands/split-printer.mjs");
/** No fragment of a secret this long may be in any log. */
const FRAGMENT = 6;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789/+=";

function randomSecret(random: () => number): string {
  const length = 8 + Math.floor(random() * 33);
  return Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join("");
}

interface Cut {
  at: number;
  newline: boolean;
}

/** 1 to 4 distinct split points inside the secret, each a write boundary, a line break or both. */
function randomCuts(random: () => number, length: number): Cut[] {
  const points = new Set<number>();
  const count = 1 + Math.floor(random() * 4);
  while (points.size < count) points.add(1 + Math.floor(random() * (length - 1)));
  return [...points].sort((a, b) => a - b).map((at) => ({ at, newline: random() < 0.6 }));
}

function fragmentsIn(text: string, secret: string): string[] {
  const found: string[] = [];
  for (let at = 0; at + FRAGMENT <= secret.length; at++) {
    const fragment = secret.slice(at, at + FRAGMENT);
    if (text.includes(fragment)) found.push(fragment);
  }
  return found;
}

test("split secrets: random secrets printed at random split points (writes and line breaks) leave no 6-character fragment in the log", async () => {
  const seed = 40_3;
  const random = seededRandom(seed);
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-split-"));
  const secrets = Array.from({ length: 40 }, () => randomSecret(random));
  for (const secret of secrets) registerSecret(secret);
  for (let trial = 0; trial < 300; trial++) {
    const secret = secrets[Math.floor(random() * secrets.length)]!;
    const log = createProcessLog(dir, `trial-${trial}`);
    const stream = log.stream("worker 1");
    const writes: string[] = ["before "];
    let from = 0;
    for (const { at, newline } of [...randomCuts(random, secret.length), { at: secret.length, newline: random() < 0.5 }]) {
      writes.push(secret.slice(from, at) + (newline ? (random() < 0.3 ? "\r\n" : "\n") : ""));
      from = at;
    }
    writes.push(" after\nthe next line\n");
    for (const write of writes) stream.write(random() < 0.5 ? Buffer.from(write) : write);
    stream.end();
    log.close();
    const text = await readFile(log.file, "utf8");
    const shown = JSON.stringify(writes);
    assert.deepEqual(fragmentsIn(text, secret), [], `seed ${seed}, trial ${trial}: ${shown} left ${JSON.stringify(text)}`);
    assert.match(text, /\*\*\*/, `the secret was redacted (${shown})`);
    assert.match(text, /the next line/, `what follows is still logged (${shown})`);
  }
});

test("split secrets: a command target printing its variables in pieces across writes and lines leaks no fragment into its log", async () => {
  const random = seededRandom(4040);
  const names = ["S1", "S2", "S3", "S4", "S5", "S6"];
  const values = Object.fromEntries(names.map((name) => [name, randomSecret(random)]));
  const plan = names.flatMap((name) => [0, 1, 2].map(() => ({ name, cuts: randomCuts(random, values[name]!.length) })));
  plan.unshift({ name: "S1", cuts: [{ at: 4, newline: true }] }); // the case: a half, a line break, the rest
  // On stdout, where only replies belong, each line is quoted on its own: a secret split there too.
  const onStdout = names.map((name) => ({ name, cuts: [{ at: Math.floor(values[name]!.length / 2), newline: true }], stdout: true }));
  const env = names.map((name) => `${name}: "\${${name}}"`).join(", ");
  const agent = `  agent: { provider: command, command: ${JSON.stringify([process.execPath, SPLIT_PRINTER])}, env: { ${env} } }`;
  const judge = `  judge: { provider: command, command: ${workerCommand("--judge")} }`;
  const project = await commandProject(2, `${agent}\n${judge}`);
  const run = await runCli(["run", "-c", project.config], {
    cwd: project.dir,
    env: { ...values, SPLIT_PLAN: JSON.stringify([...plan, ...onStdout]) },
  });
  // A request waits when the program starts (it is started for one): its stdout lines fail cases, quoted in results.json.
  assert.ok(run.code === 0 || run.code === 1 || run.code === 3, run.stdout + run.stderr);
  const log = await project.log("agent");
  const results = await readFile(path.join(project.dir, "out", "results.json"), "utf8");
  assert.match(results, /wrote a line on stdout that is not a JSON reply: value: \*\*\*/);
  // Each worker the pool started printed every value: all of them are in the log, redacted.
  const redacted = log.match(/value: \*\*\*/g)?.length ?? 0;
  assert.ok(redacted >= plan.length, `every printed value is in the log, redacted:\n${log}`);
  for (const name of names) {
    assert.deepEqual(fragmentsIn(log, values[name]!), [], `${name} (${values[name]}) leaked into:\n${log}`);
    assert.deepEqual(fragmentsIn(results, values[name]!), [], `${name} (${values[name]}) leaked into results.json`);
  }
});
