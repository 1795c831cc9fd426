// The check engine as another suite kind uses it (compileChecks, runChecks, caseChecks): the case
// rule, a row's value as literal text in a regex, the regex cost rule (V8's linear engine, else a
// worker stopped at its limit), huge answers, and schemas that could reach out or stall.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { compileChecks } from "../../../src/suites/checks/compile.ts";
import { caseChecks, runChecks } from "../../../src/suites/checks/evaluate.ts";
import { checkSpec } from "../../../src/suites/checks/options.ts";
import { answerMatcher, REGEX_TIME_LIMIT_MS, RegexTimeout } from "../../../src/suites/checks/regex.ts";
import { escapeRegexLiteral, lowerCase } from "../../../src/suites/checks/text.ts";
import { capAnswer } from "../../../src/util/cap-text.ts";

async function compile(specs: Record<string, unknown>[], files: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-check-engine-"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return compileChecks(
    specs.map((spec) => checkSpec.parse(spec)),
    { configDir: dir, rootDir: dir, allowedRoot: dir, configFile: "evalgate.yml", at: ["suites", "s", "checks"] },
  );
}

async function verdicts(specs: Record<string, unknown>[], answer: string, vars: Record<string, string> = {}) {
  const { checks, problems } = await compile(specs);
  assert.deepEqual(problems, []);
  return runChecks(checks, answer, vars);
}

test("case: one character at a time (İ is i, every Σ is σ), as GitHub Models' string evaluators lower case", async () => {
  assert.equal(lowerCase("İSTANBUL ΟΔΟΣ"), "istanbul οδοσ");
  const outcomes = await verdicts(
    [{ contains: "istanbul" }, { "ends-with": "οδοσ" }, { contains: "İSTANBUL", "case-sensitive": true }],
    "İSTANBUL ΟΔΟΣ",
  );
  assert.deepEqual(
    outcomes.map((o) => ("passed" in o ? o.passed : o.error)),
    [true, true, true],
  );
});

test("a row's value is literal text in a regex, in every flag mode and inside a character class", async () => {
  const value = "a.b*c[d]-e(f)|g^h$i\\j/k{1}?+";
  for (const flags of ["", "i", "u", "v", "ims"]) {
    const [outcome] = await verdicts([{ regex: "^x{{v}}y$", flags }], `x${value}y`, { v: value });
    assert.deepEqual(outcome, { name: "regex-1", passed: true }, `flags "${flags}"`);
    const [near] = await verdicts([{ regex: "^x{{v}}y$", flags }], "xaXbbcdeefghijk1y", { v: value });
    assert.equal("passed" in near! && near.passed, false, `flags "${flags}": "." in the value is a dot, not any character`);
  }
  const [inClass] = await verdicts([{ regex: "^[{{v}}]+$", flags: "v" }], "-^]", { v: "]^-" });
  assert.deepEqual(inClass, { name: "regex-1", passed: true });
  assert.equal(new RegExp(`^${escapeRegexLiteral(value)}$`, "u").test(value), true);
});

test("regex cost: a backtracking pattern runs on the linear engine when it can, else it is stopped at the limit and is an error, never a verdict", async () => {
  const answer = `${"a".repeat(5000)}!`;
  const linear = answerMatcher("^(a+)+$", "");
  assert.equal(linear.linear, true, "no flag, no lookahead: V8's linear engine");
  assert.equal(await linear.test(answer), false);

  const backtracking = answerMatcher("^(a+)+$", "i");
  assert.equal(backtracking.linear, false, "flag i: the worker");
  assert.equal(await backtracking.test("aaa"), true, "a short answer is matched as usual");
  await assert.rejects(backtracking.test(`${"a".repeat(40)}!`), (error: unknown) => error instanceof RegexTimeout);
  assert.equal(await backtracking.test("aaaa"), true, "the next match gets a new worker");

  const [outcome] = await verdicts([{ regex: "^(a+)+$", flags: "i", name: "slow" }], `${"a".repeat(40)}!`);
  assert.deepEqual(outcome, {
    name: "slow",
    error: `check slow could not be evaluated: the regular expression ran over ${REGEX_TIME_LIMIT_MS / 1000} s on this answer and was stopped`,
  });
  const recorded = caseChecks([outcome!, { name: "other", passed: true }]);
  assert.equal(recorded.passed, null, "one check unknown and none failed: the case's pass is unknown");
  assert.equal(recorded.metrics["check_pass"], undefined);
  assert.match(recorded.metricErrors["check/slow"]!, /could not be evaluated/);
  assert.equal(recorded.metrics["check/other"], 1);
  const decided = caseChecks([outcome!, { name: "other", passed: false, reason: "no" }]);
  assert.equal(decided.metrics["check_pass"], 0, "a failing check decides the case whatever the unknown one says");
});

test("an aborted run ends a regex match in the worker", async () => {
  const controller = new AbortController();
  const matching = answerMatcher("^(a+)+$", "i").test(`${"a".repeat(40)}!`, controller.signal);
  setTimeout(() => controller.abort(new Error("interrupted")), 50);
  await assert.rejects(matching, /interrupted/);
});

test("a 1 MiB answer: every kind answers, the reason quotes a short excerpt", async () => {
  const answer = `${"lorem ipsum ".repeat(87_382)}As an AI`;
  const outcomes = await verdicts(
    [{ contains: "as an ai" }, { "not-contains": "As an AI" }, { "max-length": 1000 }, { regex: "ipsum\\s+lorem" }, { json: true }],
    answer,
  );
  assert.deepEqual(
    outcomes.map((o) => ("passed" in o ? o.passed : o.error)),
    [true, false, false, true, false],
  );
  for (const outcome of outcomes)
    if ("reason" in outcome && outcome.reason) assert.ok(outcome.reason.length <= 400, outcome.reason.slice(0, 80));
  assert.match((outcomes[1] as { reason: string }).reason, /^contains "As an AI" at character 1,048,585: "…/);
  assert.match((outcomes[2] as { reason: string }).reason, /^is 1,048,592 characters long, over max-length 1,000$/);
});

test("an answer cut at 1 MiB: what its kept part decides is decided, the rest is an error, never a verdict on text nobody read", async () => {
  const whole = `Order A17. ${"lorem ipsum ".repeat(200_000)}As an AI, I end here.`;
  const kept = capAnswer(whole);
  const outcomes = await verdicts(
    [
      { contains: "A17" },
      { contains: "I end here" },
      { "not-contains": "lorem" },
      { "not-contains": "As an AI" },
      { "max-length": 2_000_000 },
      { "max-length": 3_000_000 },
      { "ends-with": "here." },
      { json: true },
    ],
    kept,
  );
  const shown = outcomes.map((o) => ("error" in o ? "error" : o.passed));
  assert.deepEqual(shown, [true, "error", false, "error", false, true, "error", "error"]);
  assert.match(
    (outcomes[1] as { error: string }).error,
    /^check contains-2 could not be evaluated: the answer had 2,400,032 characters and only its first 1,048,576 were kept/,
  );
  assert.match(
    (outcomes[4] as { reason: string }).reason,
    /^is 2,400,032 characters long \(UTF-16 units; all but the first 1 MiB cut\), over max-length 2,000,000$/,
  );
  // A short answer that writes a cut line of its own is not a cut answer: it is checked whole.
  const [spoofed] = await verdicts([{ "max-length": 100 }], "Fine.\n[evalgate: 5 of this answer's 9,999,999 characters cut]");
  assert.deepEqual(spoofed, { name: "max-length-1", passed: true });
});

test("schemas: nothing is fetched, a slow pattern is refused, a deep answer is a check error, not a crash", async () => {
  const { problems } = await compile(
    [{ "json-schema": "remote.json" }, { "json-schema": "id.json" }, { "json-schema": "look.json" }, { "json-schema": "unicode.json" }],
    {
      "remote.json": JSON.stringify({ properties: { a: { $ref: "http://127.0.0.1:9/never.json" } } }),
      "id.json": JSON.stringify({ $id: "https://example.com/root.json", properties: { a: { $ref: "other.json" } } }),
      "look.json": JSON.stringify({ type: "string", pattern: "^(?!x)a" }),
      "unicode.json": JSON.stringify({ type: "string", pattern: "^\\p{L}+$" }),
    },
  );
  assert.deepEqual(
    problems.map((p) => [p.file, p.field]),
    [
      ["remote.json", "suites.s.checks[0].json-schema"],
      ["id.json", "suites.s.checks[1].json-schema"],
      ["look.json", "suites.s.checks[2].json-schema"],
      ["unicode.json", "suites.s.checks[3].json-schema"],
    ],
  );
  assert.match(
    problems[0]!.message,
    /\$ref "http:\/\/127\.0\.0\.1:9\/never\.json" is not defined in the file: evalgate never fetches a schema/,
  );
  assert.match(problems[1]!.message, /\$ref "https:\/\/example\.com\/other\.json" is not defined in the file/);
  assert.match(problems[2]!.message, /not a regular expression V8 can match in linear time/);
  assert.match(problems[3]!.message, /needs Unicode mode/);

  const { checks } = await compile([{ "json-schema": "tree.json" }], {
    "tree.json": JSON.stringify({ $defs: { node: { type: "array", items: { $ref: "#/$defs/node" } } }, $ref: "#/$defs/node" }),
  });
  const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
  const [outcome] = await runChecks(checks, deep, {});
  assert.deepEqual(outcome, {
    name: "json-schema-1",
    error: "check json-schema-1 could not be evaluated: Maximum call stack size exceeded",
  });
  const [wrong] = await runChecks(checks, "[[1]]", {});
  assert.deepEqual(wrong, { name: "json-schema-1", passed: false, reason: "does not match tree.json: /0/0 must be array" });
});
