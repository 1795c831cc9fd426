// The prompt-file reader on real files (test/fixtures/prompt-files, provenance in its README): each
// format reads as the tool that wrote it reads it, and bad files are problems with file:line and the
// field, all at once. The template's one-pass rule and its escape are checked here too.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { formatProblem } from "../../src/config/errors.ts";
import { type PromptFile, parsePromptFile, readPromptFile } from "../../src/config/prompt-file.ts";
import { fillTemplate, MissingValueError, placeholdersIn } from "../../src/config/prompt-template.ts";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/prompt-files");

async function fixture(name: string): Promise<PromptFile> {
  const read = await readPromptFile(path.join(FIXTURES, name), name);
  if ("problems" in read) assert.fail(read.problems.map(formatProblem).join("\n"));
  return read.prompt;
}

function problemsOf(text: string, file = "bot.prompt.yml"): string[] {
  const read = parsePromptFile(text, file);
  assert.ok("problems" in read, "expected problems");
  return read.problems.map(formatProblem);
}

test("gh-models' own test file reads as its prompt_test.go asserts (name, model, parameters, messages, testData, evaluators)", () => {
  // The YAML body of TestPromptFile "loads and parses prompt file" (github/gh-models pkg/prompt/prompt_test.go).
  const read = parsePromptFile(
    `
name: Test Prompt
description: A test prompt file
model: openai/gpt-4o
modelParameters:
  temperature: 0.5
  maxTokens: 100
messages:
  - role: system
    content: You are a helpful assistant.
  - role: user
    content: "Hello {{name}}"
testData:
  - name: "Alice"
  - name: "Bob"
evaluators:
  - name: contains-greeting
    string:
      contains: "hello"
`,
    "test.prompt.yml",
  );
  assert.ok("prompt" in read);
  const { prompt } = read;
  assert.equal(prompt.format, "prompt-yml");
  assert.equal(prompt.name, "Test Prompt");
  assert.equal(prompt.description, "A test prompt file");
  assert.equal(prompt.model, "openai/gpt-4o");
  assert.deepEqual(prompt.modelParameters, { temperature: 0.5, maxTokens: 100 });
  assert.deepEqual(
    prompt.messages.map((m) => [m.role, m.content, m.line]),
    [
      ["system", "You are a helpful assistant.", 10],
      ["user", "Hello {{name}}", 12],
    ],
  );
  assert.deepEqual(prompt.messages[1]!.placeholders, [{ name: "name", line: 12 }]);
  assert.deepEqual(
    prompt.testData.map((d) => d.values),
    [{ name: "Alice" }, { name: "Bob" }],
  );
  assert.deepEqual(prompt.evaluators, [{ name: "contains-greeting", line: 17, string: { contains: "hello" } }]);
});

test("gh-models' examples: parameters, a jsonSchema given as JSON text, testData and the three kinds of evaluator", async () => {
  const schema = await fixture("gh-models-json_schema_prompt.prompt.yml");
  assert.equal(schema.responseFormat, "json_schema");
  assert.equal(schema.jsonSchema?.name, "animal_description");
  assert.equal(schema.jsonSchema?.strict, true);
  assert.deepEqual(schema.jsonSchema?.schema["required"], ["name", "habitat", "diet"]);
  assert.deepEqual(
    schema.testData.map((d) => d.values["animal"]),
    ["dog", "cat", "elephant"],
  );
  assert.deepEqual(schema.messages[1]!.placeholders, [{ name: "animal", line: 41 }]);

  const json = await fixture("gh-models-json_response_prompt.prompt.yml");
  assert.equal(json.responseFormat, "json_object");
  assert.equal(json.jsonSchema, undefined);

  const sample = await fixture("gh-models-sample_prompt.prompt.yml");
  assert.deepEqual(sample.modelParameters, { temperature: 0.5, maxTokens: 50 });
  assert.deepEqual(
    sample.evaluators.map((e) => ("string" in e ? "string" : "uses" in e ? `uses ${e.uses}` : "llm")),
    ["string", "uses github/similarity"],
  );

  const failing = await fixture("gh-models-failing_test_prompt.prompt.yml");
  assert.deepEqual(failing.modelParameters, { temperature: 0.7, maxTokens: 150 });
  assert.equal(failing.evaluators.length, 2);

  // A block scalar: each placeholder on its own line of the file.
  const advanced = await fixture("gh-models-advanced_template_prompt.prompt.yml");
  assert.deepEqual(
    advanced.messages[0]!.placeholders.map((p) => `${p.name}:${p.line}`),
    [
      "assistant_persona:11",
      "expertise_level:11",
      "domain:11",
      "tone:12",
      "formality_level:12",
      "user_name:14",
      "user_role:14",
      "company:14",
    ],
  );
  assert.equal(advanced.messages[1]!.placeholders.find((p) => p.name === "input")?.line, 22);

  // 4-space indentation, a temperature and nothing else.
  const generate = await fixture("gh-models-test_generate.prompt.yml");
  assert.deepEqual(generate.modelParameters, { temperature: 0.2 });
  assert.deepEqual(
    generate.messages.map((m) => m.role),
    ["system", "user"],
  );
  const variables = await fixture("gh-models-template_variables_prompt.prompt.yml");
  assert.deepEqual(
    variables.messages.flatMap((m) => m.placeholders.map((p) => p.name)),
    ["persona", "domain", "name", "topic", "input"],
  );
});

test("actions/ai-inference's fixtures and GitHub Docs' example read too", async () => {
  const schema = await fixture("ai-inference-json-schema.prompt.yml");
  assert.equal(schema.jsonSchema?.name, "describe_animal");
  assert.deepEqual(schema.messages[1]!.placeholders, [{ name: "animal", line: 6 }]);
  const simple = await fixture("ai-inference-simple.prompt.yml");
  assert.deepEqual(
    simple.messages[1]!.placeholders.map((p) => p.name),
    ["a", "b"],
  );
  const docs = await fixture("github-docs-text-summarizer.prompt.yml");
  assert.equal(docs.messages[1]!.content, 'Summarize the given text, beginning with "Summary -":\n<text>\n{{input}}\n</text>\n');
  assert.deepEqual(docs.messages[1]!.placeholders, [{ name: "input", line: 13 }]);
  assert.deepEqual(docs.evaluators, [{ name: "Output should start with 'Summary -'", line: 21, string: { startsWith: "Summary -" } }]);
});

test("a JSON or YAML list of {role, content} is the messages; a .txt or .md file is the system message", async () => {
  const list = await fixture("promptfoo-github-action-prompt1.json");
  assert.equal(list.format, "messages");
  assert.deepEqual(
    list.messages.map((m) => [m.role, m.content, m.line]),
    [
      ["system", "You are a helpful assistant.", 2],
      ["user", "Who won the world series in {{ year }}?", 3],
    ],
  );
  assert.deepEqual(list.messages[1]!.placeholders, [{ name: "year", line: 3 }]);

  const text = await fixture("promptfoo-chat-messages-format-system.txt");
  assert.equal(text.format, "text");
  assert.equal(text.messages.length, 1);
  assert.equal(text.messages[0]!.role, "system");
  assert.equal(text.messages[0]!.content.split("\n").length, 3);
  assert.ok(text.messages[0]!.content.endsWith("trends."), "the trailing space and line end are not sent");

  const yaml = parsePromptFile("- role: System\n  content: Be brief.\n- role: user\n  content: |\n    Hello\n    {{name}}\n", "chat.yaml");
  assert.ok("prompt" in yaml);
  assert.deepEqual(
    yaml.prompt.messages.map((m) => m.role),
    ["system", "user"],
  );
  assert.deepEqual(yaml.prompt.messages[1]!.placeholders, [{ name: "name", line: 6 }]);

  const markdown = parsePromptFile("# Persona\n\nYou help {{customer}}.\n", "persona.md");
  assert.ok("prompt" in markdown);
  assert.deepEqual(markdown.prompt.messages[0]!.placeholders, [{ name: "customer", line: 3 }]);
});

test("the hash is the file's identity: the same text the same hash, one changed byte another", () => {
  const a = parsePromptFile("You are careful.\n", "a.md");
  const b = parsePromptFile("You are careful.\n", "b.md");
  const c = parsePromptFile("You are careful!\n", "a.md");
  assert.ok("prompt" in a && "prompt" in b && "prompt" in c);
  assert.equal(a.prompt.hash, b.prompt.hash);
  assert.notEqual(a.prompt.hash, c.prompt.hash);
  assert.match(a.prompt.hash, /^[0-9a-f]{16}$/);
});

test("every problem of a .prompt.yml at once, with its line and field, and a did-you-mean for a typo", () => {
  const problems = problemsOf(
    [
      "name: Bot",
      "modelParamters: { temperature: 0.5 }",
      "responseFormat: invalid_format",
      "messages:",
      "  - role: narrator",
      "    content: Once upon a time",
      "  - rol: user",
      "    content: Hi",
    ].join("\n"),
  );
  assert.deepEqual(problems, [
    'bot.prompt.yml:2:1: modelParamters: unknown key (did you mean "modelParameters"?)',
    'bot.prompt.yml:3:17: responseFormat: expected one of "text", "json_object", "json_schema", got "invalid_format"',
    // A missing key is placed at the list that should hold it, as in evalgate.yml.
    "bot.prompt.yml:4:1: messages[1].role: required: expected string",
    'bot.prompt.yml:5:11: messages[0].role: expected one of "system", "user", "assistant", got "narrator"',
    'bot.prompt.yml:7:5: messages[1].rol: unknown key (did you mean "role"?)',
  ]);
});

test("GitHub Models' rules: json_schema needs a jsonSchema with a name and a schema; bad JSON text is named at its line", () => {
  assert.deepEqual(problemsOf("responseFormat: json_schema\nmessages:\n  - role: user\n    content: Hello\n"), [
    "bot.prompt.yml:1:1: jsonSchema: responseFormat json_schema needs a jsonSchema",
  ]);
  assert.deepEqual(problemsOf('responseFormat: json_schema\njsonSchema: "{not json"\nmessages:\n  - role: user\n    content: Hi\n'), [
    "bot.prompt.yml:2: jsonSchema: not valid JSON: Expected property name or '}' in JSON at position 1 (line 1 column 2)",
  ]);
  const [missingName] = problemsOf("jsonSchema: '{\"schema\": {}}'\nmessages:\n  - role: user\n    content: Hi\n");
  assert.match(missingName!, /^bot\.prompt\.yml:1: jsonSchema: name: .*expected JSON with name and schema/);
  // The mapping form (gh-models before it switched to JSON text) reads the same.
  const mapped = parsePromptFile(
    "responseFormat: json_schema\njsonSchema:\n  name: answer\n  schema: { type: object }\nmessages:\n  - role: user\n    content: Hi\n",
    "bot.prompt.yml",
  );
  assert.ok("prompt" in mapped);
  assert.deepEqual(mapped.prompt.jsonSchema, { name: "answer", schema: { type: "object" } });
});

test("an empty file, a scalar, no messages, an unknown extension and a binary file are each a problem", async () => {
  assert.deepEqual(problemsOf(""), ["bot.prompt.yml:1: the prompt file is empty"]);
  assert.deepEqual(problemsOf("   \n", "system.md"), ["system.md:1: the prompt file is empty"]);
  assert.deepEqual(problemsOf("just text"), ['bot.prompt.yml:1:1: expected a mapping with messages:, got "just text"']);
  assert.deepEqual(problemsOf("messages: []\n"), ["bot.prompt.yml:1:11: messages: list length must be at least 1, got 0"]);
  assert.deepEqual(problemsOf("- role: user\n  content: 3\n", "chat.yml"), ["chat.yml:2:12: messages[0].content: expected string, got 3"]);
  assert.deepEqual(problemsOf("Hello", "prompt.jinja"), [
    "prompt.jinja: unknown prompt file type: expected .prompt.yml, .yml, .yaml or .json (messages), or .md or .txt (a system message)",
  ]);
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-prompt-"));
  await writeFile(path.join(dir, "bin.md"), Buffer.from([0x00, 0x01, 0x02, 0xff]));
  const binary = await readPromptFile(path.join(dir, "bin.md"), "bin.md");
  assert.ok("problems" in binary);
  assert.match(formatProblem(binary.problems[0]!), /^bin\.md:1: is not a text file/);
});

test("placeholders fill in one pass: a value holding {{x}} is sent as that text, \\{{ writes {{, other braces are text", () => {
  const template = 'Hello {{ name }} from {{city}}. Literal: \\{{name}}. JSON: {{"a": 1}}. {{#each}}';
  assert.deepEqual(
    placeholdersIn(template).map((p) => p.name),
    ["name", "city"],
  );
  assert.equal(
    fillTemplate(template, { name: "{{city}}", city: "Paris $& $1" }),
    'Hello {{city}} from Paris $& $1. Literal: {{name}}. JSON: {{"a": 1}}. {{#each}}',
  );
  assert.throws(
    () => fillTemplate("{{a}} {{b}} {{a}}", { b: "" }),
    (error: unknown) => error instanceof MissingValueError && error.missing.join() === "a",
  );
});

test("placeholder names are read as gh-models reads them: spaces between words, any script, a leading digit", () => {
  const template = "{{user name}} in {{город}}, {{1st}} try, {{ café_2.b-c }}";
  assert.deepEqual(
    placeholdersIn(template).map((p) => p.name),
    ["user name", "город", "1st", "café_2.b-c"],
  );
  assert.equal(
    fillTemplate(template, { "user name": "Ann", город: "Москва", "1st": "first", "café_2.b-c": "x" }),
    "Ann in Москва, first try, x",
  );
  assert.throws(
    () => fillTemplate(template, { "user name": "Ann" }),
    (error: unknown) => error instanceof MissingValueError && error.missing.join() === "город,1st,café_2.b-c",
  );
  // gh replaces {{key}} for whatever a row's key holds: so does evalgate, where the case has that key.
  assert.equal(fillTemplate('{{"a": 1}} {{#each}}', { '"a": 1': "json", "#each": "loop" }), "json loop");
});
