// The completion judge in an agent case a simulated user plays: after each of the agent's answers,
// the function-calls kind's completion judge (its question, its yes/no, temperature 0) is asked
// whether the case's task_completion_condition is met; "yes" ends the conversation, the agent's last
// answer being the final one. Its requests are the case's, not the agent's.
import type { ChatResponse } from "../../models/types.ts";
import type { AgentStep } from "../../results/agent.ts";
import { askCompletionJudge } from "../function-calls/completion-judge.ts";
import type { TranscriptEntry } from "../function-calls/prompts.ts";
import type { RunContext } from "../kind.ts";
import type { AgentInput } from "./load.ts";
import type { AgentOptions } from "./options.ts";

/** One verdict of the completion judge, after the agent's answer of a turn. */
export interface CompletionVerdict {
  turn: number;
  text: string;
  complete: boolean;
}

/** The completion judge's model for this case, or undefined when none is asked (no condition, or judge-completion: false). */
export function completionJudgeOf(input: Pick<AgentInput, "completionCondition">, options: AgentOptions): string | undefined {
  if (input.completionCondition === undefined || !options["judge-completion"]) return undefined;
  return options["completion-judge"] ?? options.simulator;
}

/** The trajectory as the completion judge reads a conversation: the user's messages, the agent's calls, the tools' answers. */
export function transcriptOf(steps: readonly AgentStep[]): TranscriptEntry[] {
  return steps.flatMap((step): TranscriptEntry[] => {
    if (step.kind === "user") return [{ role: "user", content: step.text }];
    if (step.kind === "answer") return [{ role: "assistant", content: step.text }];
    return [
      { role: "assistant", content: null, toolCalls: [{ name: step.name, arguments: step.arguments }] },
      { role: "tool", name: step.name, content: step.result ?? null },
    ];
  });
}

/**
 * Asks the completion judge after turn `turn`; undefined when the case has none. Its response is
 * handed to `count` (the case's requests and cost); an endpoint failure or an answer that is neither
 * yes nor no throws, for the caller to make the scorer's error.
 */
export async function judgeCompletion(
  input: Pick<AgentInput, "completionCondition">,
  steps: readonly AgentStep[],
  turn: number,
  ctx: RunContext & { options: AgentOptions },
  count: (response: ChatResponse) => void,
): Promise<CompletionVerdict | undefined> {
  const model = completionJudgeOf(input, ctx.options);
  if (model === undefined) return undefined;
  const question = { condition: input.completionCondition!, transcript: transcriptOf(steps), sample: ctx.repeat };
  const { response, complete } = await askCompletionJudge(ctx.models.chat(model), question, ctx.signal, count);
  return { turn, text: response.text, complete };
}
