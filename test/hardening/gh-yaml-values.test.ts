// gh models eval's reading of testData values, through the real CLI: every row of
// test/fixtures/gh-models/yaml-values.json (what gh-models' own code, with gopkg.in/yaml.v3, puts in
// place of {{key}}) is one key of one .prompt.yml row, and the message evalgate sends must hold gh's
// text for each: `017` is 15, `1_000` is 1000, every digit of `12345678901234567890` is kept, and
// `2024-05-01` is `2024-05-01 00:00:00 +0000 UTC`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";
import { config, startPromptYmlServer, writeProject } from "../suites/prompt-yml/project.ts";

const fixture = JSON.parse(await readFile(path.join(import.meta.dirname, "../fixtures/gh-models/yaml-values.json"), "utf8")) as {
  rows: { key: string; yaml: string; gh: string }[];
};

test("gh's YAML values: each testData value reaches the model as gh-models sends it (its own code's output, kept as a fixture)", async () => {
  const state = await startPromptYmlServer();
  try {
    const file = [
      "model: openai/gpt-4o-mini",
      "messages:",
      "  - role: user",
      `    content: ${JSON.stringify(fixture.rows.map(({ key }) => `${key}=[{{${key}}}]`).join("\n"))}`,
      "testData:",
      `  - ${fixture.rows[0]!.key}: ${fixture.rows[0]!.yaml}`,
      ...fixture.rows.slice(1).map(({ key, yaml }) => `    ${key}: ${yaml}`),
      "evaluators:",
      '  - { name: answered, string: { contains: "a" } }',
      "",
    ].join("\n");
    const project = await writeProject({
      "values.prompt.yml": file,
      "evalgate.yml": config(state.server.url, '  gh: { kind: prompt-yml, files: "*.prompt.yml", target: bot }'),
    });
    const result = await runCli(["run", "-c", "evalgate.yml"], { cwd: project.dir });
    assert.ok(result.code === 0 || result.code === 1, result.stdout + result.stderr);
    const [body] = state.bodiesTo("bot-model");
    assert.ok(body, "the row was sent");
    const sent = body.messages.at(-1)!.content;
    for (const { key, yaml, gh } of fixture.rows)
      assert.ok(sent.includes(`${key}=[${gh}]`), `${key}: ${yaml} should be sent as gh sends it, ${JSON.stringify(gh)}; sent:\n${sent}`);
  } finally {
    await state.server.close();
  }
});
