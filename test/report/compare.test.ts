import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { test } from "node:test";
import { compareCommand } from "../../src/cli/compare.ts";
import { metric, results, suite } from "../gate/fixtures.ts";

function sink(): Writable & { text: string } {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      stream.text += chunk;
      done();
    },
  }) as Writable & { text: string };
  stream.text = "";
  return stream;
}

test("evalgate compare: exit 0 on pass, 1 on a failed gate, 2 on bad input; --branch picks the profile", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "evalgate-compare-"));
  const base = path.join(dir, "base.json");
  const head = path.join(dir, "head.json");
  const config = path.join(dir, "evalgate.yml");
  await writeFile(base, JSON.stringify(results({ bot: suite({ recall: metric(0.9) }) })));
  await writeFile(head, JSON.stringify(results({ bot: suite({ recall: metric(0.88) }) })));
  await writeFile(config, 'version: 1\nmodels: {}\nsuites: {}\ngate:\n  profiles:\n    "release/**": { max-drop: 0.01 }\n');
  const out = sink();
  assert.equal(await compareCommand(base, head, { configPath: config, stdout: out }), 0);
  assert.match(out.text, /^evalgate PASS/);
  const strict = sink();
  assert.equal(await compareCommand(base, head, { configPath: config, branch: "release/3", stdout: strict }), 1);
  assert.match(strict.text, /recall: dropped 2.2% \(0.900 → 0.880\), over max-drop 1%/);
  const json = sink();
  assert.equal(await compareCommand(base, head, { configPath: config, branch: "release/3", json: true, stdout: json }), 1);
  assert.equal(JSON.parse(json.text).verdict, "fail");
  const err = sink();
  assert.equal(await compareCommand(path.join(dir, "missing.json"), head, { configPath: config, stdout: sink(), stderr: err }), 2);
  assert.match(err.text, /missing\.json: file not found/);
});

test("evalgate compare: a run that could not decide (stopped model, nothing measured) exits 3, not 1", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "evalgate-compare-"));
  const base = path.join(dir, "base.json");
  const head = path.join(dir, "head.json");
  await writeFile(base, JSON.stringify(results({ bot: suite({ recall: metric(0.9) }) })));
  await writeFile(
    head,
    JSON.stringify(results({ bot: suite({ recall: metric(0.5) }) }, { errors: ['model "bot" stopped: POST http://x answered HTTP 403'] })),
  );
  const out = sink();
  assert.equal(await compareCommand(base, head, { stdout: out }), 3);
  assert.match(out.text, /^evalgate COULD NOT DECIDE/);
  assert.match(out.text, /could not decide: model "bot" stopped: .*HTTP 403/);
  await writeFile(head, JSON.stringify(results({ bot: suite({ recall: metric(null) }) })));
  assert.equal(await compareCommand(base, head, { stdout: sink() }), 3, "nothing measured");
});
