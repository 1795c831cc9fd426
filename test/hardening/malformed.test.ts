// The malformed-input corpus (test/fixtures/malformed/*): every config and data file there is
// wrong in one way, and the real CLI must say so with exit 2, file:line and the field, never with
// a stack trace or a crash. Each case folder holds the files and expect.json ({file, line?, field?}).
// Two cases are made here because fixtures cannot carry them: a config over 1 MB and a symlink out.
import assert from "node:assert/strict";
import { cp, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";

const CORPUS = path.resolve(import.meta.dirname, "../fixtures/malformed");

interface Expectation {
  file: string;
  line?: number;
  field?: string;
  why?: string;
  /** A piece the message must contain (a suggestion, the allowed pattern). */
  message?: string;
}

/** Copies a case into its own temp folder (the config's folder is then the containment root) with a file outside it to escape to. */
async function stage(files: (dir: string) => Promise<void>): Promise<string> {
  const outer = await mkdtemp(path.join(tmpdir(), "evalgate-malformed-"));
  await writeFile(path.join(outer, "outside.csv"), "prompt,judge_prompt\nroot:x:0:0:secret-first-line,criteria\n");
  await writeFile(path.join(outer, "outside.txt"), "root:x:0:0:secret-first-line\n");
  const dir = path.join(outer, "case");
  await mkdir(dir);
  await files(dir);
  return dir;
}

async function corpus(): Promise<{ name: string; expect: Expectation; dir: () => Promise<string> }[]> {
  const names = (await readdir(CORPUS)).sort();
  const cases = await Promise.all(
    names.map(async (name) => ({
      name,
      expect: JSON.parse(await readFile(path.join(CORPUS, name, "expect.json"), "utf8")) as Expectation,
      dir: () => stage((dir) => cp(path.join(CORPUS, name), dir, { recursive: true })),
    })),
  );
  const header = 'version: 1\nmodels:\n  agent: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: a }\n';
  cases.push({
    name: "huge-config (generated)",
    expect: { file: "evalgate.yml" },
    dir: () => stage((dir) => writeFile(path.join(dir, "evalgate.yml"), `${header}${"# padding\n".repeat(120_000)}suites: {}\n`)),
  });
  cases.push({
    name: "prompts-symlink-outside (generated)",
    expect: { file: "evalgate.yml", line: 6, field: "suites.qa.prompts" },
    dir: () =>
      stage(async (dir) => {
        await writeFile(
          path.join(dir, "evalgate.yml"),
          `${header}  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: j }\nsuites:\n  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge }\n`,
        );
        await symlink(path.join(dir, "..", "outside.csv"), path.join(dir, "prompts.csv"));
      }),
  });
  return cases;
}

const cases = await corpus();

test("the corpus holds at least 50 malformed inputs", () => {
  assert.ok(cases.length >= 50, `only ${cases.length} cases`);
});

for (const testCase of cases) {
  test(`malformed: ${testCase.name}`, async () => {
    const dir = await testCase.dir();
    const { file, line, field } = testCase.expect;
    for (const args of [["validate"], ["run", "--dry-run"]]) {
      const result = await runCli([...args, "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
      const what = `${args.join(" ")} on ${testCase.name}:\n${result.stderr}${result.stdout}`;
      assert.equal(result.code, 2, what);
      assert.doesNotMatch(result.stderr, /\n\s+at .+:\d+:\d+\)?\n/, `stack trace in ${what}`);
      assert.doesNotMatch(result.stderr, /Cannot read properties|is not a function|undefined \(reading/, what);
      assert.ok(result.stderr.includes(line === undefined ? file : `${file}:${line}`), `expected ${file}:${line ?? ""} in ${what}`);
      if (field) assert.ok(result.stderr.includes(field), `expected the field ${field} in ${what}`);
      if (testCase.expect.message)
        assert.ok(result.stderr.includes(testCase.expect.message), `expected "${testCase.expect.message}" in ${what}`);
      // Nothing from a file outside the case is echoed.
      assert.doesNotMatch(result.stderr, /secret-first-line|root:x:0/, what);
      assert.ok(result.stderr.length < 4000, `message too long in ${what}`);
    }
  });
}
