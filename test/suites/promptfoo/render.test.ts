// The promptfoo kind's templating keeps nunjucks' own results while it compiles a template once and
// renders plain text as it is (suites/promptfoo/render.ts), compared with nunjucks' renderString
// itself; and a promptfoo config is parsed once for a run, never given stale (config/promptfoo-file.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import nunjucks from "nunjucks";
import { parseAndKeepPromptfooConfig, parsePromptfooConfig } from "../../../src/config/promptfoo-file.ts";
import { renderPrompt, renderString } from "../../../src/suites/promptfoo/render.ts";

const reference = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });
reference.addGlobal("env", {});
const nunjucksRender = (template: string, vars: Record<string, unknown>) => {
  try {
    return reference.renderString(template, vars);
  } catch (error) {
    return `throws ${(error as Error).message}`;
  }
};
const ours = (template: string, vars: Record<string, unknown>) => {
  try {
    return renderString(template, vars, {});
  } catch (error) {
    return `throws ${(error as Error).message}`;
  }
};

test("renderString gives what nunjucks' renderString gives: plain text, a template rendered again with other vars, a stray delimiter", () => {
  const templates = [
    "plain text with { braces } and % and # and a \\ and <b>&</b>",
    "",
    "a lone #} is nunjucks' error",
    "{# a comment #}kept",
    "{{ question }}",
    "{{question}}!",
    "{% if n > 1 %}many{% else %}one{% endif %}",
    "{{ missing }} stays empty",
    "{% raw %}{{ raw }}{% endraw %}",
    "{{ unclosed",
  ];
  for (const template of templates)
    for (const vars of [{ question: "What is 2 + 2?", n: 1 }, { question: "Why?", n: 3 }, {}])
      assert.equal(ours(template, vars), nunjucksRender(template, vars), `${template} with ${JSON.stringify(vars)}`);
  // More templates than are kept compiled: each still renders from its own text.
  for (let i = 0; i < 100; i++) assert.equal(renderString(`{{ a }}-${i}`, { a: i * 2 }, {}), `${i * 2}-${i}`);
  assert.equal(renderPrompt("Q: {{question}}", { question: "{{n}} apples\n", n: 3 }, {}), "Q: 3 apples");
});

test("a promptfoo config's parse is given to its loader once, and only for the same text", () => {
  const file = "/nowhere/promptfooconfig.yaml";
  const kept = parseAndKeepPromptfooConfig(file, "prompts: [a]\n");
  assert.equal(parsePromptfooConfig(file, "prompts: [a]\n"), kept);
  // Taken: a second load parses again (the first one's caller may have changed what it was given).
  const again = parsePromptfooConfig(file, "prompts: [a]\n");
  assert.notEqual(again, kept);
  assert.deepEqual(again.value, { prompts: ["a"] });
  // The file changed between the two reads: its new text is parsed.
  parseAndKeepPromptfooConfig(file, "prompts: [a]\n");
  assert.deepEqual(parsePromptfooConfig(file, "prompts: [b]\n").value, { prompts: ["b"] });
});
