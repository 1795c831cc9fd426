// One conversations case (one thread): in completion mode, ask the target to answer the thread's last
// user turn first; then compute the metrics and summarise them into per-case values the aggregation
// pools (see case-metrics.ts).

import { isEndpointError } from "../../models/errors.ts";
import type { ChatMessage, ChatResponse, Role } from "../../models/types.ts";
import type { ConversationDetails, ConversationMetricRow } from "../../results/conversations.ts";
import type { Case } from "../../results/types.ts";
import { redact } from "../../util/redact.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { targetAnswered } from "../target-answered.ts";
import { firstMetricErrors, summarizeRows } from "./case-metrics.ts";
import { evaluateThread } from "./evaluate.ts";
import { ratedGrades } from "./human.ts";
import type { ConversationInput, WholeInput } from "./load.ts";
import type { ConversationsOptions } from "./options.ts";
import { runStreamedThread } from "./stream-run.ts";
import { conversationTemplateVars, lastUserText } from "./template-vars.ts";
import { buildThread, promptForCompletion, type RawThread, type ThreadObject } from "./thread.ts";

function toChatRole(role: string): Role {
  return role === "assistant" || role === "ai" ? "assistant" : role === "tool" ? "tool" : role === "system" ? "system" : "user";
}

function describe(thread: ThreadObject, input: WholeInput, rows: ConversationMetricRow[]): ConversationDetails {
  return {
    file: input.file,
    line: input.line,
    systemPrompt: thread.systemPrompt,
    metadata: thread.metadata,
    messages: thread.messages.map((m) => ({
      index: m.index,
      turn: m.turnIndex,
      role: m.role,
      content: m.content,
      metadata: m.metadata,
      ...(m.isCompletion ? { isCompletion: true as const } : {}),
    })),
    turns: thread.turns.map((t) => ({ index: t.index, role: t.role })),
    toolCalls: thread.toolCalls.map((c) => ({
      index: c.index,
      message: c.messageIndex,
      turn: c.turnIndex,
      id: c.id,
      name: c.name,
      args: c.args,
      response: c.response,
    })),
    rows,
  };
}

type ConversationContext = RunContext & { options: ConversationsOptions };

/** A completion asked for: the thread with the target's answer, or the case's error outcome when the target failed. */
type Completed = { raw: RawThread; requests: number; costUsd: number | null; completion: NonNullable<ConversationDetails["completion"]> };

export function runConversationCase(testCase: Case<ConversationInput>, ctx: ConversationContext): Promise<CaseOutcome> {
  const { input } = testCase;
  if (!("thread" in input)) return runStreamedThread(testCase, ctx, (whole) => runWholeThread(whole as WholeInput, ctx));
  return runWholeThread(input, ctx);
}

async function runWholeThread(input: WholeInput, ctx: ConversationContext): Promise<CaseOutcome> {
  const { options } = ctx;
  let raw: RawThread = input.thread;
  let requests = 0;
  let costUsd: number | null = 0;
  let completion: ConversationDetails["completion"];
  if (input.plan.mode === "completion") {
    const completed = await askForCompletion(input, ctx);
    if ("status" in completed) return completed;
    ({ raw, requests, costUsd, completion } = completed);
  }

  const thread = buildThread(raw);
  const grader = options.grader ? ctx.models.chat(options.grader) : null;
  const moderation = moderationService(ctx);
  const outcome = await evaluateThread(thread, input.plan.metrics, {
    grader,
    signal: ctx.signal,
    completionOnly: input.plan.mode === "completion",
    services: { moderate: moderation.moderate },
  });
  const { moderated } = moderation;
  requests += outcome.requests + moderated.requests;
  costUsd =
    costUsd === null || outcome.costUsd === null || moderated.costUsd === null ? null : costUsd + outcome.costUsd + moderated.costUsd;

  const details = { ...describe(thread, input, outcome.rows), ...(completion ? { completion } : {}) };
  const unreachable = outcome.rows.filter((row) => row.error?.kind === "endpoint");
  const metrics = { ...summarizeRows(outcome.rows, options), ...ratedGrades(outcome.rows, thread, input.human) };
  if (unreachable.length > 0) {
    // A grade that could not be asked leaves the case unsure: an error, never a silent pass.
    return {
      status: "error",
      error: { kind: "endpoint", message: `${unreachable.length} grade(s) failed: ${unreachable[0]!.error!.message}`, side: "scorer" },
      metrics,
      costUsd,
      requests,
      details,
    };
  }
  const metricErrors = firstMetricErrors(outcome.rows);
  return { status: "scored", metrics, costUsd, requests, details, ...(metricErrors ? { metricErrors } : {}) };
}

/** The target answers the thread's last user turn; its answer replaces what followed it. */
async function askForCompletion(input: WholeInput, ctx: ConversationContext): Promise<Completed | CaseOutcome> {
  const raw = input.thread;
  const prompt = promptForCompletion(raw);
  const messages: ChatMessage[] = [
    ...(raw.systemPrompt !== null ? [{ role: "system" as const, content: raw.systemPrompt }] : []),
    ...prompt.map((m): ChatMessage => ({ role: toChatRole(m.role), content: m.content })),
  ];
  const target = ctx.options.target!;
  try {
    const response = await ctx.models.chat(target).chat(
      {
        messages,
        purpose: "target",
        sample: ctx.repeat,
        placeholders: conversationTemplateVars(input)?.values ?? {},
        // For templated HTTP targets: the student's last words and the conversation so far.
        vars: {
          prompt: lastUserText(input),
          messages: messages.map((m) => ({ role: m.role, content: m.content })),
        },
      },
      ctx.signal,
    );
    return {
      raw: { ...raw, messages: [...prompt, completionMessage(response)] },
      requests: response.cached ? 0 : 1,
      costUsd: response.costUsd,
      completion: { model: response.model, latencyMs: response.latencyMs },
    };
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    const message = redact(error.message);
    return {
      status: "error",
      error: {
        kind: "endpoint",
        message: `completion from ${target}: ${message}`,
        side: "system",
        ...(targetAnswered(error) ? { answered: true } : {}),
      },
      metrics: {},
      costUsd: null,
      requests: 1,
      details: {
        ...describe(buildThread({ ...raw, messages: prompt }), input, []),
        completion: { model: target, latencyMs: 0, error: message },
      },
    };
  }
}

function completionMessage(response: ChatResponse): RawThread["messages"][number] {
  return {
    role: "assistant",
    content: response.text,
    toolCalls: response.toolCalls.map((c) => ({
      id: c.id,
      name: c.name,
      args: JSON.stringify(c.arguments),
      arguments: c.arguments,
    })),
    metadata: {},
    isCompletion: true,
    usage: {
      promptTokens: response.usage?.inputTokens ?? null,
      completionTokens: response.usage?.outputTokens ?? null,
      modelName: response.model,
    },
  };
}

/** The suite's moderation model as a metric service, counting the requests and cost it adds to the case. */
function moderationService(ctx: ConversationContext) {
  const moderation = ctx.options.moderation ? ctx.models.moderation(ctx.options.moderation) : null;
  const moderated = { requests: 0, costUsd: 0 as number | null };
  const moderate = moderation
    ? async (text: string, extra: Record<string, unknown>) => {
        const result = await moderation.moderate(text, extra, ctx.signal);
        if (!result.cached) moderated.requests++;
        moderated.costUsd = moderated.costUsd === null || result.costUsd === null ? null : moderated.costUsd + result.costUsd;
        return result.categoryScores;
      }
    : null;
  return { moderate, moderated };
}
