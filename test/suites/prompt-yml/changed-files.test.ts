// `paths:` skipping per file, through the real CLI in a real git repository: with --changed-since, a
// prompt-yml suite runs only the .prompt.yml files that changed; the others are left out (named in the
// run's partial reason, so the run is never stored as a baseline) and compared with nothing. Anything
// else the suite reads changing (a file its paths: match, its config block) runs every file.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { decideStore } from "../../../src/baseline/policy.ts";
import { runCli } from "../../engine/helpers.ts";
import { config, type Project, type PromptYmlServer, promptFile, readResults, startPromptYmlServer, writeProject } from "./project.ts";

let server: PromptYmlServer;
let project: Project;
let base: string;

const file = (name: string, system = "You answer.") =>
  promptFile({
    head: [],
    system,
    rows: [`{ input: "paths ${name}1", expected: "${name}1" }`, `{ input: "paths ${name}2", expected: "${name}2" }`],
    evaluators: ["{ name: right, string: { contains: '{{expected}}' } }"],
  });

before(async () => {
  server = await startPromptYmlServer();
  for (const name of ["a", "b", "c"]) for (const i of [1, 2]) server.answers.set(`paths ${name}${i}`, `It is ${name}${i}.`);
  project = await writeProject(
    {
      "prompts/a.prompt.yml": file("a"),
      "prompts/b.prompt.yml": file("b"),
      "prompts/c.prompt.yml": file("c"),
      "prompts/README.md": "# Prompts\n",
      "evalgate.yml": config(
        server.server.url,
        '  prompts: { kind: prompt-yml, files: prompts/*.prompt.yml, target: bot, paths: ["prompts/**"] }',
        "gate: { min-score: 0.5 }\nbaseline: { store: file, path: baseline.json }",
      ),
    },
    { git: true },
  );
  const made = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet", "--out", "baseline.json"], { cwd: project.dir });
  assert.equal(made.code, 0, made.stdout + made.stderr);
  base = project.commit("base and its baseline");
});
after(() => server.server.close());

const run = () => runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet", "--changed-since", base], { cwd: project.dir });
const inputsSent = (from: number) =>
  server
    .bodiesTo("bot-model", from)
    .map((body) => body.messages.at(-1)!.content)
    .sort();

test("an edited .prompt.yml runs alone: the unchanged files are left out and named, the run is never a baseline", async () => {
  await project.write({ "prompts/b.prompt.yml": file("b", "You answer briefly.") });
  project.commit("edit b");
  const from = server.server.requests.length;
  const result = await run();
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.deepEqual(inputsSent(from), ["paths b1", "paths b2"]);
  const results = await readResults(project.dir);
  const partial = results.run.partial ?? [];
  assert.ok(
    partial.includes(`prompts: 2 of 3 files not run, unchanged since ${base} (prompts/a.prompt.yml, prompts/c.prompt.yml)`),
    partial.join("\n"),
  );
  const suite = results.suites["prompts"]!;
  assert.deepEqual(
    Object.keys(suite.metrics)
      .filter((name) => name.endsWith("/pass_rate"))
      .sort(),
    ["b/pass_rate", "b/right/pass_rate"],
  );
  assert.ok(
    results.verdict.notes.some((note) => note.startsWith("partial run (")),
    results.verdict.notes.join("\n"),
  );
  assert.ok(
    results.verdict.notes.some((note) => /the prompt of b changed/.test(note)),
    results.verdict.notes.join("\n"),
  );
  const store = decideStore({
    event: "push",
    branch: "main",
    isPullRequest: false,
    request: "auto",
    config: { store: "branch", "gated-branches": ["main"], branch: "evalgate-baselines" },
    verdict: results.verdict,
    partial: results.run.partial,
  });
  assert.equal(store.store, false);
  assert.match(store.reason, /partial run .*2 of 3 files not run.* is never a baseline/);
});

test("a changed file the suite's paths: match that is not one of its .prompt.yml files runs every file", async () => {
  await project.write({ "prompts/README.md": "# Prompts\n\nHow to write one.\n" });
  project.commit("readme");
  const from = server.server.requests.length;
  const result = await run();
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.equal(inputsSent(from).length, 6);
  assert.equal((await readResults(project.dir)).run.partial, undefined);
});

test("an edited suite block runs every file, whatever changed besides", async () => {
  await project.write({
    "evalgate.yml": config(
      server.server.url,
      '  prompts: { kind: prompt-yml, files: prompts/*.prompt.yml, target: bot, paths: ["prompts/**"], description: edited }',
      "gate: { min-score: 0.5 }\nbaseline: { store: file, path: baseline.json }",
    ),
  });
  project.commit("config");
  const from = server.server.requests.length;
  const result = await run();
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.equal(inputsSent(from).length, 6);
});
