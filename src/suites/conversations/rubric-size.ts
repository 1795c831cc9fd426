// A rubric graded below the Thread level shows the grader each object with the whole conversation
// before it (FlexEval's format_input_for_rubric): one request per message, turn or tool call, each
// holding every message before it. The text that takes grows with the square of the thread: a
// 200,000-message thread would put some 10^10 characters into prompts. Such a thread is refused at
// load (exit 2, naming its line) instead of being built prompt by prompt until memory runs out.
import type { PlannedMetric } from "./plan.ts";
import { isMachineRole, type RawThread } from "./thread.ts";

/** Characters of conversation one sub-thread rubric may put into one thread's prompts, summed over its requests. */
export const MAX_RUBRIC_CONTEXT_CHARS = 20_000_000;

/** What each level's prompts hold before their own object, summed over the objects: from prefix sums, in linear time. */
function contextChars(thread: RawThread): { Message: number; Turn: number; ToolCall: number } {
  let before = 0; // characters of the messages before the current one, as rubricValues renders them ("role: content\n")
  const sums = { Message: 0, Turn: 0, ToolCall: 0 };
  let previousMachine: boolean | null = null;
  for (const message of thread.messages) {
    const machine = isMachineRole(message.role);
    if (machine !== previousMachine) sums.Turn += before; // a turn starts here
    previousMachine = machine;
    sums.Message += before;
    const own = message.role.length + message.content.length + 3;
    sums.ToolCall += message.toolCalls.length * (before + own); // a tool call's context includes its message
    before += own;
  }
  return sums;
}

/**
 * Why this thread is too large for the suite's sub-thread rubrics, or null. Completion mode grades
 * only the objects holding the completion (a few requests, each one conversation long): never too large.
 */
export function rubricContextProblem(
  thread: RawThread,
  metrics: readonly PlannedMetric[],
  mode: "historical" | "completion",
): string | null {
  if (mode === "completion") return null;
  let sums: ReturnType<typeof contextChars> | undefined;
  for (const metric of metrics) {
    if (metric.type !== "rubric" || metric.level === "Thread") continue;
    sums ??= contextChars(thread);
    const chars = sums[metric.level];
    if (chars <= MAX_RUBRIC_CONTEXT_CHARS) continue;
    const level = metric.level === "ToolCall" ? "tool call" : metric.level.toLowerCase();
    return (
      `this thread of ${thread.messages.length.toLocaleString("en-US")} messages is too long for the ${level}-level rubric "${metric.evaluation}": ` +
      `one grader request per ${level}, each with the conversation before it, would hold ${chars.toExponential(1)} characters, ` +
      `over the ${MAX_RUBRIC_CONTEXT_CHARS.toLocaleString("en-US")} allowed per thread; split the thread, or grade it at the Thread level`
    );
  }
  return null;
}
