// The "conversations" suite kind: FlexEval's metrics over conversations (seed 002) — function metrics
// and LLM-graded rubrics at the thread, turn, message and tool-call levels, historical or on new
// completions from a target, aggregated per role.
import type { SuiteKind } from "../kind.ts";
import { aggregateConversations } from "./aggregate.ts";
import { objectsOf } from "./case-metrics.ts";
import { type ConversationInput, loadConversationsSuite } from "./load.ts";
import type { ConversationsOptions } from "./options.ts";
import { runConversationCase } from "./run.ts";
import { conversationTemplateVars } from "./template-vars.ts";

export type { ConversationInput } from "./load.ts";
export type { ConversationsOptions } from "./options.ts";

export const conversationsSuite: SuiteKind<ConversationsOptions, ConversationInput> = {
  kind: "conversations",
  load: loadConversationsSuite,
  modelsUsed: (options) => [
    ...(options.mode === "completion" && options.target ? [options.target] : []),
    ...(options.grader ? [options.grader] : []),
    ...(options.moderation ? [options.moderation] : []),
  ],
  targets: (options) => (options.mode === "completion" && options.target ? [options.target] : []),
  templateVars: (testCase) => conversationTemplateVars(testCase.input),
  // run.ts: a completion is asked with the last user turn and the conversation; a rubric's grader with none.
  requestVars: (options) => [
    ...(options.mode === "completion" && options.target ? [{ model: options.target, role: "target", vars: ["prompt", "messages"] }] : []),
    ...(options.grader ? [{ model: options.grader, role: "grader", vars: [] }] : []),
  ],
  runCase: runConversationCase,
  aggregate: aggregateConversations,
  // A thread is a cluster of the objects its Turn, Message or ToolCall metrics average.
  clusters: { by: "thread", unitsOf: (result, metric) => objectsOf(result.metrics, metric) },
};
