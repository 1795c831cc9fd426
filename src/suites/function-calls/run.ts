// Running one function-call case: recorded calls are scored as they are; single-turn cases (BFCL)
// ask the target once; multi-turn cases let a simulated user talk to the target until the task is
// complete (judge or stop token) or the turn limit is hit. Endpoint failures become case errors.

import { isEndpointError } from "../../models/errors.ts";
import type { ChatMessage, ChatModel, ChatResponse } from "../../models/types.ts";
import type { Case } from "../../results/types.ts";
import { redact } from "../../util/redact.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { targetAnswered } from "../target-answered.ts";
import { askCompletionJudge, JudgeAnswerError } from "./completion-judge.ts";
import type { FunctionCallInput } from "./load.ts";
import { type ActualCall, type CallScore, scoreCalls } from "./metrics.ts";
import type { FunctionCallOptions } from "./options.ts";
import { OPENING_GREETING, saysStopToken, simulatorSystemPrompt, type TranscriptEntry } from "./prompts.ts";
import { functionCallTemplateVars } from "./template-vars.ts";
import { fromWireName, toWireTools, type WireTools } from "./tools.ts";

type Ctx = RunContext & { options: FunctionCallOptions };

export type Termination = "recorded" | "single_turn" | "stop_token" | "judge" | "turn_limit";

export interface FunctionCallDetails {
  mode: "recorded" | "single-turn" | "multi-turn";
  termination?: Termination;
  turns?: number;
  transcript: TranscriptEntry[];
  /** Every call the target made, with the case's function names, in order. */
  calls: ActualCall[];
  judgeVerdicts?: { turn: number; text: string; complete: boolean }[];
  /** Turns in which the target kept calling tools past max-tool-rounds. */
  toolRoundLimitTurns?: number[];
  score?: Omit<CallScore, "metrics">;
}

/** Counts requests and sums costs (null once any cost is unknown, so a total is never understated). */
class Ledger {
  requests = 0;
  costUsd: number | null = 0;
  add(response: ChatResponse): ChatResponse {
    this.requests++;
    this.costUsd = this.costUsd === null || response.costUsd === null ? null : this.costUsd + response.costUsd;
    return response;
  }
}

export async function runFunctionCallCase(testCase: Case<FunctionCallInput>, ctx: Ctx): Promise<CaseOutcome> {
  const { input } = testCase;
  const tags = { scenarioType: input.scenarioType };
  const ledger = new Ledger();
  const details: FunctionCallDetails = {
    mode: input.recorded ? "recorded" : input.question ? "single-turn" : "multi-turn",
    transcript: [],
    calls: [],
  };
  if (input.recorded) {
    details.termination = "recorded";
    details.calls = input.recorded;
    return scored(input, details, tags, ledger, ctx.options, undefined);
  }
  if (!ctx.options.target) {
    return {
      status: "error",
      error: { kind: "input", message: "no target is configured and the case has no recorded calls" },
      metrics: {},
      tags,
      costUsd: null,
      requests: 0,
      details,
    };
  }
  try {
    if (input.question) {
      await runSingleTurn(testCase, ctx, details, ledger);
      return scored(input, details, tags, ledger, ctx.options, undefined);
    }
    const completed = await runConversation(testCase, ctx, details, ledger);
    return scored(input, details, completed ? tags : { ...tags, hit_turn_limit: "true" }, ledger, ctx.options, completed);
  } catch (error) {
    const kind = isEndpointError(error) ? "endpoint" : error instanceof JudgeAnswerError ? "judge" : undefined;
    if (!kind) throw error;
    // The target's failure is the system's; the simulator's or the completion judge's is the scorer's.
    const side = isEndpointError(error) && error.model === ctx.options.target ? "system" : "scorer";
    const answered = side === "system" && isEndpointError(error) && targetAnswered(error);
    return {
      status: "error",
      error: { kind, message: redact((error as Error).message), side, ...(answered ? { answered: true } : {}) },
      metrics: {},
      tags,
      costUsd: ledger.costUsd,
      requests: ledger.requests,
      details,
    };
  }
}

function scored(
  input: FunctionCallInput,
  details: FunctionCallDetails,
  tags: Record<string, string>,
  ledger: Ledger,
  options: FunctionCallOptions,
  completed: boolean | undefined,
): CaseOutcome {
  const { metrics, ...score } = scoreCalls(input.expected, details.calls, { ignoreCalls: options["ignore-calls"] });
  details.score = score;
  return {
    status: "scored",
    metrics: { ...metrics, ...(completed !== undefined && { completed: completed ? 1 : 0 }) },
    tags,
    costUsd: ledger.costUsd,
    requests: ledger.requests,
    details,
  };
}

/** Records the target's calls under the case's names and returns the assistant message for the thread. */
function takeReply(response: ChatResponse, wire: WireTools, details: FunctionCallDetails): ChatMessage {
  const calls = response.toolCalls.map((call) => ({ name: fromWireName(wire, call.name), arguments: call.arguments }));
  details.calls.push(...calls);
  details.transcript.push({ role: "assistant", content: response.text || null, ...(calls.length > 0 && { toolCalls: calls }) });
  return { role: "assistant", content: response.text || null, ...(response.toolCalls.length > 0 && { toolCalls: response.toolCalls }) };
}

async function runSingleTurn(testCase: Case<FunctionCallInput>, ctx: Ctx, details: FunctionCallDetails, ledger: Ledger): Promise<void> {
  const { input } = testCase;
  const wire = toWireTools(input.tools);
  const messages = input.question ?? [];
  for (const message of messages)
    details.transcript.push({
      role: message.role === "system" ? "user" : (message.role as "user" | "assistant"),
      content: message.content,
    });
  const target = ctx.models.chat(ctx.options.target as string);
  const response = ledger.add(
    await target.chat(
      {
        messages,
        tools: wire.tools,
        purpose: "target",
        sample: ctx.repeat,
        vars: { case: testCase.id, turn: 1 },
        placeholders: functionCallTemplateVars(testCase).values,
      },
      ctx.signal,
    ),
  );
  takeReply(response, wire, details);
  details.termination = "single_turn";
}

/** The result a mocked tool returns: the case's mocked result for that function, or a neutral acknowledgement. */
function toolResult(input: FunctionCallInput, name: string): string {
  const key = Object.keys(input.mockedResults).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? { status: "success" } : input.mockedResults[key];
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Returns whether the task was completed before the turn limit. */
async function runConversation(
  testCase: Case<FunctionCallInput>,
  ctx: Ctx,
  details: FunctionCallDetails,
  ledger: Ledger,
): Promise<boolean> {
  const { input } = testCase;
  const { options } = ctx;
  const target = ctx.models.chat(options.target as string);
  const simulator = ctx.models.chat(options.simulator as string);
  const judge: ChatModel | undefined = options["judge-completion"]
    ? ctx.models.chat(options["completion-judge"] ?? (options.simulator as string))
    : undefined;
  const wire = toWireTools(input.tools);
  const stopToken = options["stop-token"];
  // The simulated user sees its own thread: roles swapped, no tool messages.
  const userThread: ChatMessage[] = [
    { role: "system", content: simulatorSystemPrompt(input.instructions, stopToken) },
    { role: "user", content: OPENING_GREETING },
  ];
  const botThread: ChatMessage[] = [];
  details.judgeVerdicts = [];
  details.turns = 0;

  while (details.turns < options["max-turns"]) {
    const said = ledger.add(await simulator.chat({ messages: userThread, purpose: "simulator", sample: ctx.repeat }, ctx.signal)).text;
    userThread.push({ role: "assistant", content: said });
    details.transcript.push({ role: "user", content: said });
    if (saysStopToken(said, stopToken)) {
      details.termination = "stop_token";
      return true;
    }
    details.turns++;
    botThread.push({ role: "user", content: said });
    const reply = await exchange(testCase, ctx, target, wire, botThread, details, ledger);
    userThread.push({ role: "user", content: reply });

    if (judge && (await judgesComplete(judge, input, ctx, details, ledger))) {
      details.termination = "judge";
      return true;
    }
  }
  details.termination = "turn_limit";
  return false;
}

/** The completion judge's verdict on the transcript so far, noted in the details. */
async function judgesComplete(
  judge: ChatModel,
  input: FunctionCallInput,
  ctx: Ctx,
  details: FunctionCallDetails,
  ledger: Ledger,
): Promise<boolean> {
  const question = { condition: input.completionCondition, transcript: details.transcript, sample: ctx.repeat };
  const { response, complete } = await askCompletionJudge(judge, question, ctx.signal, (answer) => ledger.add(answer));
  details.judgeVerdicts!.push({ turn: details.turns!, text: response.text, complete });
  return complete;
}

/** One user turn on the target's side: tool calls are answered until it replies with text. */
async function exchange(
  testCase: Case<FunctionCallInput>,
  ctx: Ctx,
  target: ChatModel,
  wire: WireTools,
  botThread: ChatMessage[],
  details: FunctionCallDetails,
  ledger: Ledger,
): Promise<string> {
  const { input } = testCase;
  const placeholders = functionCallTemplateVars(testCase).values;
  for (let round = 1; ; round++) {
    const response = ledger.add(
      await target.chat(
        {
          messages: botThread,
          tools: wire.tools,
          purpose: "target",
          sample: ctx.repeat,
          vars: { case: testCase.id, turn: details.turns, round },
          placeholders,
        },
        ctx.signal,
      ),
    );
    botThread.push(takeReply(response, wire, details));
    if (response.toolCalls.length === 0 || !ctx.options["answer-tool-calls"]) return response.text;
    for (const call of response.toolCalls) {
      const name = fromWireName(wire, call.name);
      const content = toolResult(input, name);
      botThread.push({ role: "tool", toolCallId: call.id, name: call.name, content });
      details.transcript.push({ role: "tool", name, content });
    }
    if (round >= ctx.options["max-tool-rounds"]) {
      details.toolRoundLimitTurns = [...(details.toolRoundLimitTurns ?? []), details.turns ?? 0];
      return "";
    }
  }
}
