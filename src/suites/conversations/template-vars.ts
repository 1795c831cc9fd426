// What a conversation gives a prompt file's {{name}} placeholders in completion mode: the thread's
// metadata (the JSONL line's keys besides `input`) that are texts, numbers or booleans, and
// `{{prompt}}`, the last user message the target answers.
import { templateValue } from "../../config/prompt-template.ts";
import type { TemplateVars } from "../kind.ts";
import type { ConversationInput } from "./load.ts";
import { promptForCompletion } from "./thread.ts";

export function conversationTemplateVars(input: ConversationInput): TemplateVars | undefined {
  // Historical threads ask no target (and only they are streamed, without a thread held).
  if (input.plan.mode !== "completion" || !("thread" in input)) return undefined;
  // Null prototypes: a metadata key "__proto__" is a value like any other.
  const values: Record<string, string> = Object.create(null);
  const withheld: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(input.thread.metadata)) {
    const text = templateValue(value);
    if (text === undefined) withheld[name] = "the thread's metadata value is not a text, a number or a boolean";
    else values[name] = text;
  }
  values["prompt"] = lastUserText(input);
  return { values, withheld };
}

/** The last user message the target is asked to answer ("" when the thread has none). */
export function lastUserText(input: ConversationInput): string {
  if (!("thread" in input)) return "";
  return (
    promptForCompletion(input.thread)
      .filter((message) => message.role === "user")
      .at(-1)?.content ?? ""
  );
}
