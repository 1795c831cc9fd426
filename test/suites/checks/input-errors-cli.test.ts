// A check that cannot be evaluated is bad input: exit 2 with file:line and the field, every problem
// of every suite in one pass, before any request (the scripted server counts none).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { runCli } from "../../engine/helpers.ts";
import { type CheckServer, csv, startCheckServer, writeProject } from "./project.ts";

let server: CheckServer;

before(async () => {
  server = await startCheckServer();
});

after(() => server.server.close());

test("every check that cannot be evaluated, at its line, in one pass, before any request", async () => {
  const dir = await writeProject(
    server.server.url,
    `  qa:
    kind: judged
    prompts: qa.csv
    agents: [agent]
    checks:
      - { contains: "{{anwser}}" }
      - { regex: "^[A-Z" }
      - { json-schema: schemas/remote.json }
      - { json-schema: schemas/broken.json }
      - { json-schema: schemas/missing.json }
      - { json-schema: schemas/slow.json }
      - { json-schema: schemas/draft7.json }
      - { json-schema: schemas/typo.json }
      - { equals: "{{answer}}" }
  outside:
    kind: judged
    prompts: qa.csv
    agents: [agent]
    checks: [{ json-schema: ../outside.json }]`,
    {
      "qa.csv": csv(
        ["prompt", "answer"],
        [
          ["one", "Paris"],
          ["two", ""],
          ["three", "Rome"],
        ],
      ),
      "schemas/remote.json": JSON.stringify({ $ref: "https://example.com/reply.json" }),
      "schemas/broken.json": '{\n  "type": "object",\n  "properties": { "a": 1, }\n}\n',
      "schemas/slow.json": JSON.stringify({ type: "string", pattern: "^(a|a)*\\1$" }),
      "schemas/draft7.json": JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", type: "object" }),
      "schemas/typo.json": JSON.stringify({ type: "object", requried: ["price"] }),
    },
  );
  for (const command of [["validate"], ["run", "--no-cache"]]) {
    const result = await runCli([...command, "-c", "evalgate.yml"], { cwd: dir });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    const errors = result.stderr.split("\n").filter((line) => line.startsWith("error: "));
    const expected = [
      /^error: evalgate\.yml:13: suites\.qa\.checks\[0\]\.contains: \{\{anwser\}\}: the prompts CSV qa\.csv has no column "anwser" \(did you mean "answer"\?\); its columns: prompt, answer$/,
      /^error: evalgate\.yml:14: suites\.qa\.checks\[1\]\.regex: not a valid regular expression: \/\^\[A-Z\/: Unterminated character class$/,
      /^error: schemas\/remote\.json: suites\.qa\.checks\[2\]\.json-schema: cannot use this schema: \$ref "https:\/\/example\.com\/reply\.json" is not defined in the file: evalgate never fetches a schema/,
      /^error: schemas\/broken\.json:3: suites\.qa\.checks\[3\]\.json-schema: cannot use this schema: not JSON: /,
      /^error: evalgate\.yml:17: suites\.qa\.checks\[4\]\.json-schema: "schemas\/missing\.json" does not exist \(paths are relative to the config's folder\)$/,
      /^error: schemas\/slow\.json: suites\.qa\.checks\[5\]\.json-schema: cannot use this schema: pattern "\^\(a\|a\)\*\\\\1\$" is not a regular expression V8 can match in linear time/,
      /^error: schemas\/draft7\.json: suites\.qa\.checks\[6\]\.json-schema: cannot use this schema: its \$schema is "http:\/\/json-schema\.org\/draft-07\/schema#": json-schema checks read draft 2020-12/,
      /^error: schemas\/typo\.json: suites\.qa\.checks\[7\]\.json-schema: cannot use this schema: unknown keyword: "requried"/,
      /^error: qa\.csv:3: answer: empty, and the check equals-1 fills \{\{answer\}\} from it: give every row a value$/,
      /^error: evalgate\.yml:26: suites\.outside\.checks\[0\]\.json-schema: "\.\.\/outside\.json" is outside the repository/,
    ];
    for (const pattern of expected)
      assert.ok(
        errors.some((line) => pattern.test(line)),
        `${command[0]}: no line matches ${pattern}:\n${errors.join("\n")}`,
      );
    assert.equal(errors.length, expected.length, errors.join("\n"));
    assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
  }
  assert.equal(server.server.requests.length, 0, "nothing was sent");
});

test("a check's own mistakes are the config's: one kind per check, options of its kind, unique names, a judge or checks", async () => {
  const dir = await writeProject(
    server.server.url,
    `  qa:
    kind: judged
    prompts: qa.csv
    agents: [agent]
    checks:
      - { contains: "a", regex: "b" }
      - { max-length: 10, case-sensitive: true }
      - { contain: "x" }
      - { regex: "x", flags: "gi" }
      - { contains: "a", name: same }
      - { equals: "b", name: same }
      - { regex: "c", name: "no spaces" }
  bare: { kind: judged, prompts: qa.csv, agents: [agent] }
  judgeless: { kind: judged, prompts: qa.csv, agents: [agent], checks: [{ json: true }], judge-preamble: p.md }`,
    { "qa.csv": csv(["prompt"], [["one"]]) },
  );
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  for (const pattern of [
    /evalgate\.yml:13:\d+: suites\.qa\.checks\[0\]: names 2 kinds \(contains, regex\): one kind per check/,
    /evalgate\.yml:14:\d+: suites\.qa\.checks\[1\]\.case-sensitive: does not apply to max-length/,
    /evalgate\.yml:15:\d+: suites\.qa\.checks\[2\]\.contain: unknown key \(did you mean "contains"\?\)/,
    /evalgate\.yml:16:\d+: suites\.qa\.checks\[3\]\.flags: regular-expression flags among i, m, s, u, v, each once/,
    /evalgate\.yml:18:\d+: suites\.qa\.checks\[5\]\.name: the check name "same" is also that of checks\[4\]/,
    /evalgate\.yml:19:\d+: suites\.qa\.checks\[6\]\.name: a check name is letters, digits, _ \. -/,
    /evalgate\.yml:20:\d+: suites\.bare\.judge: required: a judged suite grades its answers with a judge, checks, or both/,
    /evalgate\.yml:21:\d+: suites\.judgeless\.judge-preamble: needs a judge: this suite has none \(only checks\)/,
  ])
    assert.match(result.stderr, pattern);
  assert.equal(server.server.requests.length, 0);
});
