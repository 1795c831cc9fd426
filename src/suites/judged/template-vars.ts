// What a judged case gives a prompt file's {{name}} placeholders: every column of its CSV row by its
// header, `{{prompt}}` being the message evalgate sends (the row's prompt with its attached files).
import type { Case } from "../../results/types.ts";
import type { TemplateVars } from "../kind.ts";
import type { JudgedInput } from "./load.ts";
import { agentPrompt } from "./prompt.ts";

/** `message`: the agent's message when the caller built it already (attachments make it long). */
export function judgedTemplateVars(testCase: Case<JudgedInput>, message?: string): TemplateVars {
  const { input } = testCase;
  // A check may read the judge_prompt column; the system under test is never given it.
  const { judge_prompt: _criteria, ...values } = input.vars ?? {};
  return {
    values: {
      ...values,
      prompt: message ?? agentPrompt(input.prompt, input.attachments),
      files: input.attachments.map((file) => file.path).join(";"),
    },
    // The system under test never sees how it is graded.
    withheld: { judge_prompt: "it is the judge's criteria, never shown to the system under test" },
  };
}
