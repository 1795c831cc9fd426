// Running one agent case. With an MCP server, evalgate runs the loop: the target answers or calls
// tools, each call goes to the server and its answer back to the target, until a final answer,
// max-steps or the case's budget. A tool's own error goes back to the target as the tool's answer;
// a server that ends or hangs fails the attempt, which is run again from the start on a fresh server
// process, and then fails the case as an error. Without a server, the target (a command target
// running its own tools) reports its trajectory with its answer, and that is checked the same way.
import { isEndpointError } from "../../models/errors.ts";
import { type McpServers, mcpServersOf } from "../../models/mcp/servers.ts";
import { McpFailure, type McpSession } from "../../models/mcp/session.ts";
import type { ChatMessage, ChatResponse } from "../../models/types.ts";
import type { AgentDetails } from "../../results/agent.ts";
import type { Case } from "../../results/types.ts";
import { clipText } from "../../util/escape.ts";
import { redact } from "../../util/redact.ts";
import { type CaseChecks, type CheckOutcome, caseChecks, runChecks } from "../checks/evaluate.ts";
import { JudgeAnswerError } from "../function-calls/completion-judge.ts";
import { OPENING_GREETING, saysStopToken, simulatorSystemPrompt } from "../function-calls/prompts.ts";
import { fromWireName, toWireTools, type WireTools } from "../function-calls/tools.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { targetAnswered } from "../target-answered.ts";
import { type CompletionVerdict, judgeCompletion } from "./completion.ts";
import type { AgentInput } from "./load.ts";
import type { AgentOptions } from "./options.ts";
import { mcpSpec } from "./server.ts";
import { checkTrajectory, type Step, type Termination } from "./trajectory.ts";

type Ctx = RunContext & { options: AgentOptions };

/** Characters of a tool's answer kept in the case's details (the target was shown up to the answer cap). */
const RESULT_EXCERPT_CHARS = 2000;
/** Runs of a case whose MCP server failed: the first, and one on a fresh server process. */
const SERVER_ATTEMPTS = 2;

/** Requests, cost and tokens of one attempt: the agent's (its steps, its cost), and the simulated user's beside them. */
class Ledger {
  requests = 0;
  costUsd: number | null = 0;
  tokens = 0;
  simulator = { requests: 0, costUsd: 0 as number | null };
  add(response: ChatResponse): ChatResponse {
    this.requests++;
    this.costUsd = plus(this.costUsd, response.costUsd);
    this.tokens += (response.usage?.inputTokens ?? 0) + (response.usage?.outputTokens ?? 0);
    return response;
  }
  addSimulator(response: ChatResponse): ChatResponse {
    this.simulator.requests++;
    this.simulator.costUsd = plus(this.simulator.costUsd, response.costUsd);
    return response;
  }
  /** Every request of the case and their cost (null when one could not be priced). */
  get total(): { requests: number; costUsd: number | null } {
    return { requests: this.requests + this.simulator.requests, costUsd: plus(this.costUsd, this.simulator.costUsd) };
  }
}

const plus = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);

export async function runAgentCase(testCase: Case<AgentInput>, ctx: Ctx): Promise<CaseOutcome> {
  const host = ctx.models.processes;
  const spec = host ? mcpSpec(ctx.options, ctx.suiteName, host.configDir, host.env) : undefined;
  try {
    if (!ctx.options.mcp) {
      const run = await runReported(testCase, ctx);
      return scored(testCase.input, ctx.options, run, await checkAnswer(testCase.input, run.steps, ctx.signal));
    }
    if (!host || !spec) throw new Error("the agent suite's MCP server needs the run's process host");
    return await runWithServer(testCase, ctx, mcpServersOf(host, ctx.suiteName, spec));
  } catch (error) {
    if (error instanceof SimulatorFailure) return failed("scorer", error.message, new Ledger(), undefined);
    if (!isEndpointError(error)) throw error;
    return failed("system", (error as Error).message, new Ledger(), undefined, targetAnswered(error));
  }
}

/** The loop on a session of the suite's server; a failing server costs the attempt, and the last one the case. */
async function runWithServer(testCase: Case<AgentInput>, ctx: Ctx, servers: McpServers): Promise<CaseOutcome> {
  const failures: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const ledger = new Ledger();
    let session: McpSession | undefined;
    const run: Run = { ledger, steps: [], termination: "answer" };
    try {
      session = await servers.acquire(ctx.signal);
      const tools = toWireTools(
        (await servers.tools(session, ctx.signal)).map((tool) => ({
          name: tool.name,
          ...(tool.description !== undefined && { description: tool.description }),
          parameters: tool.inputSchema,
        })),
      );
      await runLoop(testCase, ctx, { session, tools }, run);
      servers.release(session);
      const checked = await checkAnswer(testCase.input, run.steps, ctx.signal);
      return scored(
        testCase.input,
        ctx.options,
        { ...run, mode: "loop", ...(failures.length > 0 && { serverFailures: failures }) },
        checked,
      );
    } catch (error) {
      // A server that failed, or one stopped mid-call, is not given to the next case; after the target's own failure it is.
      if (session && (error instanceof McpFailure || ctx.signal.aborted)) servers.discard(session, error instanceof McpFailure);
      else if (session) servers.release(session);
      if (!(error instanceof McpFailure)) throw error;
      failures.push(error.message);
      if (attempt >= SERVER_ATTEMPTS || ctx.signal.aborted)
        return failed("scorer", error.message, ledger, { ...run, mode: "loop", serverFailures: failures });
    }
  }
}

interface Run {
  ledger: Ledger;
  steps: Step[];
  termination: Termination;
  /** The completion judge's verdicts, after each turn of a simulated user's case that has a completion condition. */
  completion?: CompletionVerdict[];
}

/** The agent loop: with a simulated user, its conversation; else one turn on the case's messages. */
function runLoop(testCase: Case<AgentInput>, ctx: Ctx, server: Server, run: Run): Promise<void> {
  if (testCase.input.userInstructions !== undefined) return runConversation(testCase, ctx, server, run);
  return agentTurn(testCase, ctx, server, run, [...testCase.input.messages]);
}

type Server = { session: McpSession; tools: WireTools };

/** The agent's turn: ask, run the calls, answer them, until it answers or a limit stops it (its requests count across turns). */
async function agentTurn(testCase: Case<AgentInput>, ctx: Ctx, server: Server, run: Run, thread: ChatMessage[]): Promise<void> {
  const { input } = testCase;
  const target = ctx.models.chat(ctx.options.target);
  while (run.ledger.requests < input.maxSteps) {
    const step = run.ledger.requests + 1;
    const response = run.ledger.add(
      await target.chat(
        { messages: thread, tools: server.tools.tools, purpose: "target", sample: ctx.repeat, vars: { case: testCase.id, step } },
        ctx.signal,
      ),
    );
    thread.push({
      role: "assistant",
      content: response.text || null,
      ...(response.toolCalls.length > 0 && { toolCalls: response.toolCalls }),
    });
    if (response.toolCalls.length === 0) {
      run.steps.push({ kind: "answer", text: response.text });
      run.termination = "answer";
      return;
    }
    for (const call of response.toolCalls) {
      const name = fromWireName(server.tools, call.name);
      const result = await server.session.call(name, call.arguments, ctx.signal);
      run.steps.push({
        kind: "call",
        name,
        arguments: call.arguments,
        result: clipText(result.text, RESULT_EXCERPT_CHARS),
        ...(result.isError && { isError: true }),
      });
      thread.push({ role: "tool", toolCallId: call.id, name: call.name, content: result.isError ? `Error: ${result.text}` : result.text });
    }
    const over = overBudget(run.ledger, input, ctx.options);
    if (over) {
      run.termination = over;
      return;
    }
  }
  run.termination = "max_steps";
}

/** The simulated user's failure: the scorer's side (an infrastructure error past max-error-rate), not the agent's. */
class SimulatorFailure extends Error {
  override readonly name = "SimulatorFailure";
}

/**
 * A simulated user (the function-calls kind's persona and stop token) talks to the agent: each of
 * its messages starts an agent turn, each final answer goes back to it, until it says the stop
 * token (the task is done), `max-turns`, or a limit of the agent's.
 */
async function runConversation(testCase: Case<AgentInput>, ctx: Ctx, server: Server, run: Run): Promise<void> {
  const simulator = ctx.models.chat(ctx.options.simulator!);
  const stopToken = ctx.options["stop-token"];
  // The simulated user sees its own thread: roles swapped, no tool messages.
  const userThread: ChatMessage[] = [
    { role: "system", content: simulatorSystemPrompt(testCase.input.userInstructions!, stopToken) },
    { role: "user", content: OPENING_GREETING },
  ];
  const thread: ChatMessage[] = [];
  for (let turn = 1; turn <= ctx.options["max-turns"]; turn++) {
    let said: string;
    try {
      said = run.ledger.addSimulator(
        await simulator.chat({ messages: userThread, purpose: "simulator", sample: ctx.repeat }, ctx.signal),
      ).text;
    } catch (error) {
      if (isEndpointError(error)) throw new SimulatorFailure(`the simulated user: ${(error as Error).message}`);
      throw error;
    }
    userThread.push({ role: "assistant", content: said });
    if (saysStopToken(said, stopToken)) return; // the agent's last answer is the final one
    run.steps.push({ kind: "user", text: said });
    thread.push({ role: "user", content: said });
    await agentTurn(testCase, ctx, server, run, thread);
    if (run.termination !== "answer") return;
    const answer = run.steps.at(-1) as { text: string };
    userThread.push({ role: "user", content: answer.text });
    if (await completedAfter(testCase, ctx, run, turn)) return; // the completion judge says the task is done
  }
  run.termination = "max_turns";
}

/** The completion judge's verdict after a turn (completion.ts), kept in the run; its failure is the scorer's, never the agent's. */
async function completedAfter(testCase: Case<AgentInput>, ctx: Ctx, run: Run, turn: number): Promise<boolean> {
  try {
    // Its requests are the case's, beside the simulated user's, not the agent's.
    const verdict = await judgeCompletion(testCase.input, run.steps, turn, ctx, (response) => run.ledger.addSimulator(response));
    if (verdict) run.completion = [...(run.completion ?? []), verdict];
    return verdict?.complete === true;
  } catch (error) {
    if (error instanceof JudgeAnswerError) throw new SimulatorFailure(error.message);
    if (isEndpointError(error)) throw new SimulatorFailure(`the completion judge: ${(error as Error).message}`);
    throw error;
  }
}

function overBudget(ledger: Ledger, input: AgentInput, options: AgentOptions): Termination | undefined {
  if (input.maxCost !== undefined && ledger.costUsd !== null && ledger.costUsd > input.maxCost) return "max_cost";
  if (options["max-tokens"] !== undefined && ledger.tokens > options["max-tokens"]) return "max_tokens";
  return undefined;
}

/** A target that ran its own tools: one request, its reply's tool calls are the trajectory, its content the answer. */
async function runReported(testCase: Case<AgentInput>, ctx: Ctx): Promise<Run & { mode: "reported" }> {
  const ledger = new Ledger();
  const target = ctx.models.chat(ctx.options.target);
  const response = ledger.add(
    await target.chat(
      { messages: testCase.input.messages, purpose: "target", sample: ctx.repeat, vars: { case: testCase.id } },
      ctx.signal,
    ),
  );
  const steps: Step[] = response.toolCalls.map((call) => ({
    kind: "call",
    name: call.name,
    arguments: call.arguments,
    ...(call.result !== undefined && { result: call.result }),
    ...(call.isError && { isError: true }),
  }));
  steps.push({ kind: "answer", text: response.text });
  return { ledger, steps, termination: "reported", mode: "reported" };
}

type CheckedAnswer = CaseChecks & { outcomes: CheckOutcome[] };

/** The suite's checks on the final answer (empty when the loop ended without one); undefined when the suite has none. */
async function checkAnswer(input: AgentInput, steps: readonly Step[], signal: AbortSignal): Promise<CheckedAnswer | undefined> {
  if (!input.checks) return undefined;
  const last = steps.at(-1);
  const outcomes = await runChecks(input.checks, last?.kind === "answer" ? last.text : "", input.vars ?? {}, signal);
  return { outcomes, ...caseChecks(outcomes) };
}

function scored(
  input: AgentInput,
  options: AgentOptions,
  run: Run & Pick<AgentDetails, "mode" | "serverFailures">,
  checked: CheckedAnswer | undefined,
): CaseOutcome {
  const verdict = checkTrajectory(run.steps, { ...input, ignore: options["ignore-calls"] }, run.termination);
  const { ledger } = run;
  const details: AgentDetails = {
    mode: run.mode,
    steps: run.steps,
    termination: run.termination,
    turns: ledger.requests,
    tokens: ledger.tokens,
    verdict: {
      passed: verdict.passed,
      reasons: verdict.reasons,
      ...(verdict.firstDifference && { firstDifference: verdict.firstDifference }),
    },
    ...(checked && { checks: checked.outcomes }),
    ...(run.serverFailures && { serverFailures: run.serverFailures }),
    ...(run.completion && { completion: run.completion }),
  };
  const failedChecks = [
    ...(verdict.passed ? [] : [{ name: "trajectory", reason: verdict.reasons.join("; ") }]),
    ...(checked?.failedChecks ?? []),
  ];
  return {
    status: "scored",
    metrics: {
      ...verdict.metrics,
      steps: ledger.requests,
      ...(ledger.costUsd !== null && { cost_usd: ledger.costUsd }),
      ...checked?.metrics,
    },
    costUsd: ledger.total.costUsd,
    requests: ledger.total.requests,
    details,
    ...(failedChecks.length > 0 && { failedChecks }),
    ...(checked && Object.keys(checked.metricErrors).length > 0 && { metricErrors: checked.metricErrors }),
  };
}

/**
 * A case that could not be measured: the target failed (the system's error), or its MCP server did,
 * which counts as the infrastructure's (side "scorer": the run exits 3 past max-error-rate).
 */
function failed(
  side: "system" | "scorer",
  message: string,
  ledger: Ledger,
  run: (Run & Partial<AgentDetails>) | undefined,
  answered = false,
): CaseOutcome {
  return {
    status: "error",
    error: { kind: "endpoint", message: redact(message), side, ...(answered ? { answered: true } : {}) },
    metrics: {},
    costUsd: ledger.total.costUsd,
    requests: ledger.total.requests,
    ...(run && {
      details: {
        mode: run.mode,
        steps: run.steps,
        termination: run.termination,
        turns: ledger.requests,
        tokens: ledger.tokens,
        serverFailures: run.serverFailures,
      },
    }),
  };
}
