// The demo judge grades the example suite's rubric (evals/conversations/rubrics.yaml) as FlexEval's
// grader would answer: reasoning, then the choice on its own line, repeated.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { createDemoJudge } from "../../../src/demo/personas/judge.ts";
import { fillPrompt, graderMessages, parseGrade, parseRubricFile } from "../../../src/suites/conversations/rubrics.ts";

const rubricFile = new URL("../../../evals/conversations/rubrics.yaml", import.meta.url);

async function grade(content: string): Promise<string> {
  const { rubrics, problems } = parseRubricFile(await readFile(rubricFile, "utf8"), "rubrics.yaml");
  assert.deepEqual(problems, []);
  const rubric = rubrics.get("asks_a_question")!;
  const prompt = fillPrompt(rubric.prompt, { conversation: "", context: "user: help\n", content, completion: "", tool_calls: "" });
  const messages = graderMessages(prompt, rubric).map((m) => ({ role: m.role, content: m.content }));
  const reply = createDemoJudge()({ model: "demo-judge", messages });
  const parsed = parseGrade(reply.content ?? "", rubric.choiceScores);
  assert.ok(parsed.ok, reply.content ?? "");
  return parsed.choice;
}

test("demo judge: YES for a tutor turn that asks a question, NO for one that only tells", async () => {
  assert.equal(await grade("assistant: The slope is 2. What happens to y when x grows by 1?\n"), "YES");
  assert.equal(await grade("assistant: The slope is 2.\n"), "NO");
  // Deterministic: the same prompt, the same grade, however often it is asked.
  const judge = createDemoJudge();
  const body = {
    model: "demo-judge",
    messages: [{ role: "user", content: "Then print only a single choice from ['A', 'B'] now.\n[Output]: x" }],
  };
  assert.equal(judge(body).content, judge(body).content);
});
