// What a judged case gives a prompt file's {{name}} placeholders: every column of its CSV row by its
// header, `{{prompt}}` being the message evalgate sends (the row's prompt with its attached files).
import type { Case } from "../../results/types.ts";
import type { TemplateVars } from "../kind.ts";
import type { JudgedInput } from "./load.ts";
import { agentPrompt } from "./prompt.ts";

/** `message`: the agent's message when the caller built it already (attachments make it long). */
export function judgedTemplateVars(testCase: Case<JudgedInput>, message?: string): TemplateVars {
  const { input } = testCase;
  // A check may read the judge_prompt column, under its name or the CSV's own (`columns:` maps it);
  // the system under test is never given it: any value that is the row's criteria is withheld.
  const why = "it is the judge's criteria, never shown to the system under test";
  const values: Record<string, string> = {};
  const withheld: Record<string, string> = { judge_prompt: why };
  for (const [name, value] of Object.entries(input.vars ?? {})) {
    if (name === "judge_prompt" || (input.criteria !== "" && value === input.criteria)) withheld[name] = why;
    else values[name] = value;
  }
  return {
    values: {
      ...values,
      prompt: message ?? agentPrompt(input.prompt, input.attachments),
      files: input.attachments.map((file) => file.path).join(";"),
    },
    // The system under test never sees how it is graded.
    withheld,
  };
}
