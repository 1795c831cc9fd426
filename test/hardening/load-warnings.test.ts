// What loading the suites notes about the input, through the real CLI: one line format for every
// problem and warning ("file:line: message", as compilers write it), whether the load succeeds
// (validate, exit 0) or fails (exit 2).
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";

const MODELS = `models:
  agent: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: a }
  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: j }
`;

/** A project in a temp folder: evalgate.yml and the files it names (bytes as latin1). */
async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-load-warnings-"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), Buffer.from(text, "latin1"));
  return dir;
}

const JUDGED = `version: 1
${MODELS}suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge }
`;

test("a warning reads the same, file:line: message, when the load succeeds and when it fails (real CLI)", async () => {
  const rows = 'prompt,judge_prompt\n"Bad \xff byte","c1"\n"Fine","c2"\n';
  const valid = await runCli(["validate", "-c", "evalgate.yml"], { cwd: await project({ "evalgate.yml": JUDGED, "prompts.csv": rows }) });
  assert.equal(valid.code, 0, valid.stdout + valid.stderr);
  const warning = "prompts.csv:2: invalid UTF-8 (replaced by U+FFFD)";
  assert.deepEqual(
    valid.stdout.split("\n").filter((line) => line.includes("warning:")),
    [`    warning: ${warning}`],
  );

  const broken = await project({ "evalgate.yml": JUDGED, "prompts.csv": `${rows}"Three","fields","here"\n` });
  for (const command of [["validate"], ["run", "--quiet"]]) {
    const failed = await runCli([...command, "-c", "evalgate.yml"], { cwd: broken, env: { EVALGATE_DEBUG: "" } });
    assert.equal(failed.code, 2, failed.stdout + failed.stderr);
    assert.equal(failed.stderr, `warning: ${warning}\nerror: prompts.csv:4: row: expected 2 fields (prompt, judge_prompt), found 3\n`);
  }
});
