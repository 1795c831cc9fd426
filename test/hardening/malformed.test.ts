// The malformed-input corpus (test/fixtures/malformed/*): every config and data file there is
// wrong in one way, and evalgate must say so as bad input (a ConfigError: exit 2) with file:line and
// the field, never with a stack trace or a crash. Each case folder holds the files and expect.json
// ({file, line?, field?}). Two cases are made here because fixtures cannot carry them: a config over
// 1 MB and a symlink out. Every case runs in-process through the API's `validate`; one case per kind
// of problem also runs as the real CLI (`validate` and `run --dry-run`), for the exit code and stderr.
import assert from "node:assert/strict";
import { cp, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { ConfigError, validate } from "../../src/index.ts";
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

/** One case per kind of problem: a missing file, YAML syntax, the schema, bad bytes, a data file, a path escape, a secret, sgi. */
const AS_PROCESS = new Set([
  "config-missing",
  "yaml-unclosed-quote",
  "misspelt-top-key",
  "config-invalid-utf8",
  "prompts-broken-quoting",
  "jsonl-invalid-line",
  "prompts-dotdot-outside",
  "model-unset-key-variable",
  "sgi-manifest-yaml-error",
  "huge-config (generated)",
]);

test("every case chosen to run as a process is in the corpus", () => {
  const names = new Set(cases.map((testCase) => testCase.name));
  assert.deepEqual(
    [...AS_PROCESS].filter((name) => !names.has(name)),
    [],
  );
});

/** What is printed about bad input (stderr, or a ConfigError's format()) names the place and stays short and inside the case. */
function assertReported(printed: string, expect: Expectation, what: string): void {
  const { file, line, field, message } = expect;
  assert.ok(printed.includes(line === undefined ? file : `${file}:${line}`), `expected ${file}:${line ?? ""} in ${what}`);
  if (field) assert.ok(printed.includes(field), `expected the field ${field} in ${what}`);
  if (message) assert.ok(printed.includes(message), `expected "${message}" in ${what}`);
  // Nothing from a file outside the case is echoed.
  assert.doesNotMatch(printed, /secret-first-line|root:x:0/, what);
  assert.ok(printed.length < 4000, `message too long in ${what}`);
}

describe("malformed corpus, in-process", { concurrency: 4 }, () => {
  for (const testCase of cases) {
    test(`malformed: ${testCase.name}`, async () => {
      const dir = await testCase.dir();
      const error = await validate(path.join(dir, "evalgate.yml"), { ...process.env, CI: "true" }).then(
        () => assert.fail(`${testCase.name} was accepted`),
        (error: unknown) => error,
      );
      assert.ok(error instanceof ConfigError, `${testCase.name}: expected a ConfigError (exit 2), got ${String(error)}`);
      // Paths are shown relative to the working directory: the case's own folder is cut off, as when the CLI runs in it.
      const shown = path.relative(process.cwd(), dir).split(path.sep).join("/");
      const printed = error.format().replaceAll(`${shown}/`, "");
      assertReported(printed, testCase.expect, `${testCase.name}:\n${printed}`);
    });
  }
});

describe("malformed corpus, as CLI processes", { concurrency: 4 }, () => {
  for (const testCase of cases.filter((each) => AS_PROCESS.has(each.name))) {
    test(`malformed (CLI): ${testCase.name}`, async () => {
      const dir = await testCase.dir();
      // --strict: an unset key is an error here, as it is for a run (plain validate lists it as a warning).
      for (const args of [
        ["validate", "--strict"],
        ["run", "--dry-run"],
      ]) {
        const result = await runCli([...args, "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
        const what = `${args.join(" ")} on ${testCase.name}:\n${result.stderr}${result.stdout}`;
        assert.equal(result.code, 2, what);
        assert.doesNotMatch(result.stderr, /\n\s+at .+:\d+:\d+\)?\n/, `stack trace in ${what}`);
        assert.doesNotMatch(result.stderr, /Cannot read properties|is not a function|undefined \(reading/, what);
        assertReported(result.stderr, testCase.expect, what);
      }
    });
  }
});
