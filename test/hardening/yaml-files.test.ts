// Every YAML file evalgate reads goes through the one reader (config/yaml-positions.ts): the config,
// the SGI manifest and price table, and the conversations suite's rubric and FlexEval evals files.
// A syntax error, a duplicate key and an alias bomb in a rubric or an evals file exit 2 through the
// real CLI with file:line:column, worded exactly as the same text is in the config and in an SGI
// manifest; the bomb is refused at once, not expanded; nothing throws.
import assert from "node:assert/strict";
import { copyFile, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";

const FLEXEVAL = path.resolve(import.meta.dirname, "../fixtures/flexeval");

/** Nine anchors, each a list of nine aliases of the one before: 9^9 strings if expanded. */
function aliasBomb(): string {
  const lines = [`a0: &a0 [${Array(9).fill('"lol"').join(", ")}]`];
  for (let i = 1; i <= 9; i++)
    lines.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(", ")}]`,
    );
  return `${lines.join("\n")}\n`;
}

/** Each broken text, and the one problem every YAML reader must report for it. */
const BROKEN: { name: string; text: string; problem: string }[] = [
  {
    name: "a syntax error",
    text: "asks:\n  prompt: Is it {content}?\n choice_scores: { YES: 1, NO: 0 }\n",
    problem: "3:1: YAML: All mapping items must start at the same column",
  },
  {
    name: "a duplicate key",
    text: "asks:\n  prompt: Is it {content}?\n  choice_scores: { YES: 1, NO: 0 }\n  prompt: Is it {completion}?\n",
    problem: "4:3: YAML: Map keys must be unique",
  },
  {
    name: "an alias bomb",
    text: aliasBomb(),
    problem: "2:10: YAML: too many alias expansions (more than 100): the document expands exponentially",
  },
];

const CONFIG = `version: 1
models:
  grader: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: g }
  athena: { provider: athena, url: "http://127.0.0.1:9/feedback" }
suites:
  uml: { kind: sgi, scenarios: scenarios, target: athena }
  tutor:
    kind: conversations
    dataset: simple.jsonl
    grader: grader
    rubrics: rubrics.yaml
    flexeval: { evals: evals.yaml, eval: asks }
`;

/** `evals validate` in a fresh folder; a hang fails the test (its timeout) instead of blocking the run. */
async function validate(files: Record<string, string>): Promise<{ code: number | null; stderr: string; ms: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-yaml-files-"));
  await mkdir(path.join(dir, "scenarios", "loan"), { recursive: true });
  await copyFile(path.join(FLEXEVAL, "simple.jsonl"), path.join(dir, "simple.jsonl"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  const started = Date.now();
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
  return { code: result.code, stderr: result.stderr, ms: Date.now() - started };
}

for (const { name, text, problem } of BROKEN) {
  test(`${name} in a rubric file and in a FlexEval evals file: exit 2, file:line:column, worded as in the config and an SGI manifest`, {
    timeout: 60_000,
  }, async () => {
    // The rubric file, the evals file and the SGI manifest hold the same text in one project.
    const suites = await validate({
      "evalgate.yml": CONFIG,
      "rubrics.yaml": text,
      "evals.yaml": text,
      "scenarios/loan/manifest.yml": text,
    });
    assert.equal(suites.code, 2, suites.stderr);
    assert.deepEqual(suites.stderr.split("\n"), [
      // The SGI suite's own warning, kept with its errors.
      "warning: scenarios: no llm_cost.yml price table (set costs:); every cost is reported as unknown",
      `error: scenarios/loan/manifest.yml:${problem}`,
      `error: rubrics.yaml:${problem}`,
      `error: evals.yaml:${problem}`,
      "",
    ]);
    // The config with the same text says the same.
    const config = await validate({ "evalgate.yml": text });
    assert.equal(config.code, 2, config.stderr);
    assert.equal(config.stderr, `error: evalgate.yml:${problem}\n`);
    // Refused while reading, not after expanding: a process start and a parse, well within a test's time.
    for (const run of [suites, config]) assert.ok(run.ms < 30_000, `took ${run.ms} ms`);
  });
}
