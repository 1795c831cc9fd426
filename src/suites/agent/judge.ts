// The judge on an agent case's final answer: the judged kind's votes (judged/run.ts judgeAnswer, its
// scale, pass-score, judge-runs and early stop) on what the agent finally said, against the case's
// `judge_prompt`. A failing verdict fails the case beside its trajectory; a judge that gives no usable
// verdict makes the case an error of the scorer's (past max-error-rate, exit 3), never the agent's.
import type { AgentDetails, AgentJudgeDetails } from "../../results/agent.ts";
import type { Case, CaseResult, JudgeIdentity } from "../../results/types.ts";
import { SCALES } from "../judged/grading.ts";
import { judgePromptHash } from "../judged/load.ts";
import { judgeAnswer } from "../judged/run.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import type { AgentOptions } from "./options.ts";

/** What the judge is told of a case: the task the agent was given, and what a good final answer holds. */
export interface AgentJudgeInput {
  prompt: string;
  criteria: string;
  /** The judge-preamble file's text, when the suite sets one. */
  preamble?: string;
}

type At = (field: string, message: string) => void;

/** The case's judge_prompt: required when the suite has a judge, refused when it has none. */
export function readJudgeCriteria(record: Record<string, unknown>, options: AgentOptions, fail: At): string | undefined {
  const criteria = record.judge_prompt;
  if (options.judge === undefined) {
    if (criteria !== undefined) fail("judge_prompt", "the suite has no judge to grade the final answer against it: give the suite a judge");
    return undefined;
  }
  if (typeof criteria !== "string" || criteria.trim() === "") {
    fail("judge_prompt", `the suite's judge ${options.judge} grades the final answer against it: give the case a non-empty text`);
    return undefined;
  }
  return criteria;
}

/** The task as the judge reads it: the instruction, the case's messages, or the simulated user's task. */
export function taskOf(record: Record<string, unknown>): string {
  if (typeof record.instruction === "string") return record.instruction;
  if (typeof record.instructions === "string") return `(a simulated user talked to the agent, with this task) ${record.instructions}`;
  const messages = Array.isArray(record.messages) ? (record.messages as { role?: unknown; content?: unknown }[]) : [];
  return messages.map((message) => `${String(message.role)}: ${String(message.content)}`).join("\n");
}

/** The judge as results.json records it (the engine adds the model and its kin among the targets). */
export function agentJudgeIdentity(options: AgentOptions, preamble: string | undefined): Omit<JudgeIdentity, "model" | "reportedModels"> {
  return { name: options.judge!, promptHash: judgePromptHash(options, preamble), scale: options.scale, runs: options["judge-runs"] };
}

/**
 * The judge's votes on the final answer (`answer`; undefined when the loop ended without one: then no
 * judge is asked and the answer scores the scale's minimum, failing). Returns the judge's outcome:
 * scored with its score and pass, or an error of the judge's.
 */
export async function judgeFinalAnswer(
  judged: AgentJudgeInput,
  answer: string | undefined,
  ctx: RunContext & { options: AgentOptions },
): Promise<{ outcome: CaseOutcome | undefined; details: AgentJudgeDetails }> {
  const { options } = ctx;
  const details: AgentJudgeDetails = { model: options.judge!, criteria: judged.criteria, scale: options.scale, votes: [] };
  if (answer === undefined) return { outcome: undefined, details };
  const subject = { agent: options.target, prompt: judged.prompt, criteria: judged.criteria, attachments: [], preamble: judged.preamble };
  const outcome = await judgeAnswer(subject, { text: answer, latencyMs: 0, costUsd: 0 }, details, ctx, 0);
  return { outcome, details };
}

const plus = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);

/**
 * The agent's outcome with the judge's verdict beside its trajectory: judge_score and judge_pass
 * (a failing verdict joins the failed checks as "judge"), the judge's requests and cost added to the
 * case's. A judge error makes the case an error of the scorer's, its trajectory kept in the details.
 */
export function withJudgeVerdict(
  agent: CaseOutcome,
  judged: { outcome: CaseOutcome | undefined; details: AgentJudgeDetails },
  options: AgentOptions,
): CaseOutcome {
  const details: AgentDetails = { ...(agent.details as AgentDetails), judge: judged.details };
  const { outcome } = judged;
  const requests = agent.requests + (outcome?.requests ?? 0);
  const costUsd = plus(agent.costUsd, outcome?.costUsd ?? 0);
  if (outcome?.status === "error" && outcome.error) {
    const error = { ...outcome.error, message: `the judge ${options.judge}: ${outcome.error.message}` };
    return { status: "error", error, metrics: {}, requests, costUsd, details };
  }
  const score = outcome?.metrics["score"] ?? 0;
  const passed = outcome?.metrics["pass"] === 1;
  const scale = SCALES[options.scale];
  const raw = outcome?.metrics["raw_score"] ?? scale.min;
  const reason = outcome
    ? `the judge ${options.judge} scored the final answer ${raw} of ${scale.max} (${score.toFixed(2)}, below pass-score ${options["pass-score"]})`
    : "the loop ended without a final answer for the judge to grade";
  return {
    ...agent,
    metrics: {
      ...agent.metrics,
      judge_score: score,
      judge_pass: passed ? 1 : 0,
      ...(outcome && { judge_agreement: outcome.metrics["agreement"] ?? 0 }),
    },
    requests,
    costUsd,
    details,
    ...(!passed && { failedChecks: [...(agent.failedChecks ?? []), { name: "judge", reason }] }),
  };
}

/** The case graded by the suite's judge too, when it has one and the agent's run was measured. */
export async function judgeCase(
  input: { judge?: AgentJudgeInput },
  outcome: CaseOutcome,
  ctx: RunContext & { options: AgentOptions },
): Promise<CaseOutcome> {
  if (!input.judge || outcome.status !== "scored") return outcome;
  const last = (outcome.details as AgentDetails | undefined)?.steps.at(-1);
  const answer = last?.kind === "answer" ? last.text : undefined;
  return withJudgeVerdict(outcome, await judgeFinalAnswer(input.judge, answer, ctx), ctx.options);
}

/**
 * `rejudge-baseline`: a baseline case's stored final answer graded by the current judge, its stored
 * trajectory and checks kept (no agent call, no MCP server); null when the stored case holds no
 * trajectory (a store that kept only a summary) or was not measured.
 */
export async function rejudgeAgentCase(
  testCase: Case<{ judge?: AgentJudgeInput }>,
  stored: CaseResult,
  ctx: RunContext & { options: AgentOptions },
): Promise<CaseOutcome | null> {
  const details = stored.details as Partial<AgentDetails> | undefined;
  if (!testCase.input.judge || stored.status !== "scored" || !Array.isArray(details?.steps)) return null;
  const { judge_score: _score, judge_pass: _pass, judge_agreement: _agreement, ...metrics } = stored.metrics;
  const { judge: _judge, ...trajectory } = details as AgentDetails;
  const failedChecks = (stored.failedChecks ?? []).filter((check) => check.name !== "judge");
  const agent: CaseOutcome = {
    status: "scored",
    metrics,
    costUsd: 0,
    requests: 0,
    details: trajectory,
    ...(failedChecks.length > 0 && { failedChecks }),
  };
  const last = trajectory.steps.at(-1);
  const answer = last?.kind === "answer" ? last.text : undefined;
  return withJudgeVerdict(agent, await judgeFinalAnswer(testCase.input.judge, answer, ctx), ctx.options);
}
