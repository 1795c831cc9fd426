// A runaway answer, through the real CLI: what is kept of it (results, journal, what the judge is
// shown) is capped with a line saying how much was cut, and a secret the cut falls inside is
// redacted whole before the cut, so no piece of it is stored.
import assert from "node:assert/strict";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { MAX_ANSWER_CHARS } from "../../src/util/cap-text.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, runCli, writeSuite } from "./helpers.ts";

const SECRET = "sk-capsecret-9d41f07a";

test("answer cap: a 3 MB answer is stored as 1 MiB and a note; a secret across the cut is redacted whole", async () => {
  // The secret starts just before the cut, so a cut made before redacting would keep its first half.
  const answer = `${"a".repeat(MAX_ANSWER_CHARS - 8)}${SECRET}${"b".repeat(3_000_000)}`;
  let judgeSawChars = 0;
  const server = await startScriptedServer((request) => {
    if (isJudgeRequest(request.body)) {
      judgeSawChars = Math.max(judgeSawChars, request.rawBody.length);
      return { body: chatCompletion("Fine.\nSCORE: 3") };
    }
    return { body: chatCompletion(answer) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 1);
    const text = (await readFile(config, "utf8")).replace("model: agent-model,", "model: agent-model, api-key-env: CAP_TEST_KEY,");
    await writeFile(config, text);
    const result = await runCli(["run", "-c", config, "--quiet", "--no-cache"], { cwd: dir, env: { CAP_TEST_KEY: SECRET } });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const resultsFile = path.join(dir, "out", "results.json");
    assert.ok((await stat(resultsFile)).size < 2 * MAX_ANSWER_CHARS, "results.json holds the capped answer, not 3 MB");
    const stored = await readFile(resultsFile, "utf8");
    const note = /\[evalgate: ([\d,]+) of this answer's ([\d,]+) characters cut\]/.exec(stored);
    assert.ok(note, "the stored answer says how much was cut");
    assert.ok(Number(note[1]!.replaceAll(",", "")) > 2_900_000, note[0]);
    assert.ok(judgeSawChars < 2 * MAX_ANSWER_CHARS, `the judge was shown ${judgeSawChars} characters`);
    for (const file of await readdir(path.join(dir, "out"), { recursive: true })) {
      const full = path.join(dir, "out", String(file));
      if (!(await stat(full)).isFile()) continue;
      const content = await readFile(full, "utf8");
      assert.equal(content.includes(SECRET.slice(0, 8)), false, `${file} keeps a piece of the secret`);
    }
  } finally {
    await server.close();
  }
});
