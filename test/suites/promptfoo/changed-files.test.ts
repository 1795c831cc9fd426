// `paths:` and a promptfoo suite, through the real CLI in a real git repository: with --changed-since,
// a change to test files of `tests:` only runs those files (the others, the config's inline tests
// among them, are left out and named, so the run is never a baseline); a test file added under a glob
// runs; a file deleted from under it, or any other file the suite reads (a transform's script), runs
// the whole suite.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "../../engine/helpers.ts";
import { config, type Project, type PromptYmlServer, readResults, startPromptYmlServer, writeProject } from "../prompt-yml/project.ts";

let server: PromptYmlServer;

const testsFile = (name: string, note = "") =>
  `# tests ${name}${note}\n- description: ${name}1\n  vars: { q: ${name}1 }\n- description: ${name}2\n  vars: { q: ${name}2 }\n`;

const PF = `prompts: ["Q: {{ q }}"]
providers: [{ id: openai:gpt-5-mini, label: mini }]
defaultTest:
  options: { transform: file://transform.js }
  assert:
    - { type: contains, value: "{{ q }}" }
    - { type: javascript, value: file://check.js }
tests:
  - description: inline
    vars: { q: inline }
  - file://tests/*.yaml
`;

async function project(): Promise<{ project: Project; base: string }> {
  const made = await writeProject(
    {
      "pf/promptfooconfig.yaml": PF,
      "pf/check.js": "module.exports = (output) => output.length > 0;\n",
      "pf/transform.js": "module.exports = (output) => output;\n",
      "pf/tests/a.yaml": testsFile("a"),
      "pf/tests/b.yaml": testsFile("b"),
      "evalgate.yml": config(
        server.server.url,
        '  pf: { kind: promptfoo, config: pf/promptfooconfig.yaml, model-map: { mini: bot }, paths: ["pf/**"] }',
        "gate: { min-score: 0.5 }\nbaseline: { store: file, path: baseline.json }",
      ),
    },
    { git: true },
  );
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet", "--out", "baseline.json"], { cwd: made.dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  return { project: made, base: made.commit("base and its baseline") };
}

before(async () => {
  server = await startPromptYmlServer();
  for (const q of ["inline", "a1", "a2", "b1", "b2", "c1", "c2"]) server.answers.set(`Q: ${q}`, `It is ${q}.`);
});
after(() => server.server.close());

const asked = (from: number) =>
  server
    .bodiesTo("bot-model", from)
    .map((body) => body.messages.at(-1)!.content.slice(3))
    .sort();

async function changedRun(p: Project, base: string): Promise<{ asked: string[]; partial: string[] }> {
  const from = server.server.requests.length;
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet", "--changed-since", base], { cwd: p.dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  return { asked: asked(from), partial: (await readResults(p.dir)).run.partial ?? [] };
}

test("only the changed and added test files run; a deleted one runs everything", async () => {
  const { project: p, base } = await project();
  await p.write({ "pf/tests/b.yaml": testsFile("b", " (edited)") });
  p.commit("edit b");
  const edited = await changedRun(p, base);
  assert.deepEqual(edited.asked, ["b1", "b2"]);
  assert.ok(
    edited.partial.includes(`pf: 2 of 3 test files not run, unchanged since ${base} (pf/promptfooconfig.yaml, pf/tests/a.yaml)`),
    edited.partial.join("\n"),
  );

  await p.write({ "pf/tests/c.yaml": testsFile("c") });
  p.commit("add c");
  assert.deepEqual((await changedRun(p, base)).asked, ["b1", "b2", "c1", "c2"]);

  await rm(path.join(p.dir, "pf/tests/a.yaml"));
  p.commit("delete a");
  const deleted = await changedRun(p, base);
  assert.deepEqual(deleted.asked, ["b1", "b2", "c1", "c2", "inline"]);
  assert.deepEqual(deleted.partial, []);
});

test("a transform's script changing runs the whole suite, even outside paths:", async () => {
  const { project: p, base } = await project();
  // The suite's paths: no longer cover the script: that it is read is what makes it count.
  await p.write({
    "evalgate.yml": config(
      server.server.url,
      '  pf: { kind: promptfoo, config: pf/promptfooconfig.yaml, model-map: { mini: bot }, paths: ["pf/tests/**"] }',
      "gate: { min-score: 0.5 }\nbaseline: { store: file, path: baseline.json }",
    ),
  });
  const block = p.commit("narrow paths");
  await p.write({ "pf/transform.js": "module.exports = (output) => output.trim();\n" });
  p.commit("edit the transform");
  const script = await changedRun(p, block);
  assert.deepEqual(script.asked, ["a1", "a2", "b1", "b2", "inline"]);
  assert.ok(base);
});
