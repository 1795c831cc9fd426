// What a function-call case gives a prompt file's {{name}} placeholders: its id, scenario type and
// `vars`, and `{{prompt}}` for a single-turn case (its question). A live case's user is simulated
// turn by turn, so it has no single prompt; its instructions are the simulated user's own.
import type { Case } from "../../results/types.ts";
import type { TemplateVars } from "../kind.ts";
import type { FunctionCallInput } from "./load.ts";

export function functionCallTemplateVars(testCase: Case<FunctionCallInput>): TemplateVars {
  const { input } = testCase;
  const question = input.question?.filter((message) => message.role === "user").at(-1)?.content ?? undefined;
  const withheld: Record<string, string> = {
    instructions: "they are the simulated user's task, never shown to the system under test",
    task_completion_condition: "it is the completion judge's, never shown to the system under test",
  };
  if (question === undefined)
    withheld["prompt"] =
      "a live multi-turn case has no single prompt: the simulated user's turns follow the prompt file's messages when none of them uses {{prompt}}";
  return {
    values: { ...input.vars, id: testCase.id, scenarioType: input.scenarioType, ...(question !== undefined ? { prompt: question } : {}) },
    withheld,
  };
}
