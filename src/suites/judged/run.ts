// One judged case: ask the agent, then ask the judge `judge-runs` times and take the majority.
// Endpoint failures and unusable verdicts become reported case errors, never exceptions.

import { isEndpointError } from "../../models/errors.ts";
import type { ChatResponse } from "../../models/types.ts";
import type { JudgeVoteDetail } from "../../results/agent.ts";
import type { Case } from "../../results/types.ts";
import { redact } from "../../util/redact.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { targetAnswered } from "../target-answered.ts";
import { checkAnswer, checksOnlyOutcome, withChecks } from "./checks.ts";
import type { JudgedCaseDetails } from "./details.ts";
import { nextWave, votesDecided } from "./early-stop.ts";
import { extractScore, majorityVote, normalizeScore, SCALES, type Scale, unreliableVerdict, type VoteResult } from "./grading.ts";
import type { JudgeSettings } from "./judge-options.ts";
import type { JudgedInput } from "./load.ts";
import type { JudgedOptions } from "./options.ts";
import { agentPrompt, judgePrompt } from "./prompt.ts";
import { judgedTemplateVars } from "./template-vars.ts";

function surviving(verdict: VoteResult): Pick<JudgedCaseDetails, "finalScore" | "agreement" | "variance"> {
  return { finalScore: verdict.finalScore, agreement: verdict.agreement, variance: verdict.variance };
}

/** Sums known costs; null as soon as one answer's cost is unknown, so a total is never understated. */
function totalCost(responses: Pick<ChatResponse, "costUsd">[]): number | null {
  let total = 0;
  for (const response of responses) {
    if (response.costUsd === null) return null;
    total += response.costUsd;
  }
  return total;
}

/** What the judge is told of the answer it grades: a judged row's, or an agent case's final answer. */
export type JudgeSubject = Pick<JudgedInput, "agent" | "prompt" | "criteria" | "attachments" | "preamble" | "human">;
/** What the judge's part writes into a case's details. */
export type JudgeDetails = Pick<JudgedCaseDetails, "votes" | "skippedVotes" | "finalScore" | "agreement" | "variance">;
type JudgeContext = RunContext & { options: JudgeSettings };

async function castVote(text: string, sample: number, scale: Scale, ctx: JudgeContext, judge: string) {
  try {
    const response = await ctx.models
      .chat(judge)
      // A vote that does not parse is never cached: the next run asks again.
      .chat(
        { messages: [{ role: "user", content: text }], purpose: "judge", sample, usable: (answer) => extractScore(answer, scale).ok },
        ctx.signal,
      );
    const parsed = extractScore(response.text, scale);
    const vote: JudgeVoteDetail = {
      sample,
      text: response.text,
      score: parsed.ok ? parsed.score : null,
      ...(parsed.ok ? {} : { error: { kind: "judge" as const, message: parsed.reason } }),
      ...(response.requestId ? { conversationId: response.requestId } : {}),
      latencyMs: response.latencyMs,
    };
    return { vote, response };
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    const vote: JudgeVoteDetail = { sample, text: null, score: null, error: { kind: "endpoint", message: redact(error.message) } };
    return { vote, response: null };
  }
}

type CastVote = Awaited<ReturnType<typeof castVote>>;

/**
 * The judge's votes on one answer: all `judge-runs` at once, or with `judge-early-stop` in waves
 * until the votes still to come cannot change the outcome (early-stop.ts). Vote i is always sample i,
 * so an early-stopped run shares its cached votes with a full one.
 */
async function castVotes(text: string, scale: Scale, ctx: JudgeContext, judge: string): Promise<CastVote[]> {
  const total = ctx.options["judge-runs"];
  const vote = (sample: number) => castVote(text, sample, scale, ctx, judge);
  if (!ctx.options["judge-early-stop"]) return Promise.all(Array.from({ length: total }, (_, sample) => vote(sample)));
  const cast: CastVote[] = [];
  for (;;) {
    const scores = cast.flatMap((c) => (c.vote.score === null ? [] : [c.vote.score]));
    const tally = { scores, failed: cast.length - scores.length, total };
    if (votesDecided(tally, scale)) return cast;
    const wave = nextWave(tally, scale);
    cast.push(...(await Promise.all(Array.from({ length: wave }, (_, i) => vote(cast.length + i)))));
  }
}

/** A case's details before anything was asked; the judge's parts only when the suite has a judge. */
export function emptyDetails(input: JudgedInput, options: Pick<JudgedOptions, "judge" | "scale">): JudgedCaseDetails {
  return {
    agent: input.agent,
    run: input.run,
    row: input.row,
    prompt: input.prompt,
    ...(options.judge ? { criteria: input.criteria, scale: SCALES[options.scale].type } : {}),
    response: null,
    timedOut: false,
    votes: [],
  };
}

export async function runJudgedCase(testCase: Case<JudgedInput>, ctx: RunContext & { options: JudgedOptions }): Promise<CaseOutcome> {
  const { input } = testCase;
  const { options } = ctx;
  const tags = { agent: input.agent };
  const details = emptyDetails(input, options);

  const message = agentPrompt(input.prompt, input.attachments);
  let answer: ChatResponse;
  try {
    answer = await ctx.models.chat(input.agent).chat(
      {
        messages: [{ role: "user", content: message }],
        purpose: "target",
        placeholders: judgedTemplateVars(testCase, message).values,
        // Runs and repeats are deliberate re-asks: distinct samples if someone turns the target cache on.
        sample: ctx.repeat * options.runs + (input.run - 1),
        vars: { prompt: input.prompt, run: input.run },
      },
      ctx.signal,
    );
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    details.timedOut = error.kind === "timeout";
    return {
      status: "error",
      error: { kind: "endpoint", message: redact(error.message), side: "system", ...(targetAnswered(error) ? { answered: true } : {}) },
      metrics: { timeout: details.timedOut ? 1 : 0 },
      tags,
      costUsd: null,
      requests: 1,
      details,
    };
  }
  details.response = answer.text;
  details.agentDurationMs = answer.latencyMs;
  if (answer.requestId) details.conversationId = answer.requestId;
  // A null or blank reply is a failure of the system under test, not an answer a lenient judge may pass.
  if (answer.text.trim() === "" && !options["allow-empty"]) {
    return {
      status: "error",
      error: {
        kind: "endpoint",
        message: `empty answer: ${input.agent} replied with no text (set allow-empty: true to judge empty answers)`,
        side: "system",
        answered: true,
      },
      metrics: { timeout: 0 },
      tags,
      costUsd: answer.costUsd,
      requests: 1,
      details,
    };
  }

  return gradeAnswer(input, answer, details, ctx);
}

/**
 * The answer's grade: its checks, then the judge's votes (when the suite has a judge), combined.
 * `agentRequests` is what asking the agent cost in requests (0 for a stored answer re-judged).
 */
export async function gradeAnswer(
  input: JudgedInput,
  answer: Pick<ChatResponse, "text" | "latencyMs" | "costUsd">,
  details: JudgedCaseDetails,
  ctx: RunContext & { options: JudgedOptions },
  agentRequests = 1,
): Promise<CaseOutcome> {
  const checked = await checkAnswer(input, answer.text, ctx.signal);
  if (!ctx.options.judge) {
    if (!checked) throw new Error("a judged suite without a judge has checks (the options schema says so)");
    return checksOnlyOutcome(checked, answer, details, { tags: { agent: input.agent }, requests: agentRequests });
  }
  const judged = await judgeAnswer(input, answer, details, ctx, agentRequests);
  return checked ? withChecks(judged, checked, details) : judged;
}

/**
 * An answer whose votes failed past the majority: an error. As dust-evals does, the surviving votes'
 * majority stays on the result for information; the case is still an error, so none of it reaches
 * the suite's metrics.
 */
function unreliableOutcome(
  unreliable: string,
  votes: {
    scores: number[];
    failed: JudgeDetails["votes"];
    scale: Scale;
    details: JudgeDetails;
    latencyMs: number;
    voteCounts: Record<string, number>;
    base: Pick<CaseOutcome, "tags" | "costUsd" | "requests" | "details">;
  },
): CaseOutcome {
  const { scores, failed, scale, details, latencyMs, voteCounts, base } = votes;
  if (scores.length > 0) Object.assign(details, surviving(majorityVote(scores, scale)));
  const reasons = failed.map((vote) => `vote ${vote.sample + 1}: ${vote.error?.message}`).join("; ");
  // A judge that answered nonsense is a "judge" error; one that could not be reached is an endpoint error.
  const kind = failed.some((vote) => vote.error?.kind === "judge") ? "judge" : "endpoint";
  return {
    status: "error",
    error: { kind, message: `${unreliable} (${reasons})`, side: "scorer" },
    metrics: { timeout: 0, duration_ms: latencyMs, failed_votes: failed.length, ...voteCounts },
    ...base,
  };
}

/**
 * The judge's part of a case: its votes on an answer and their majority. `answer` is what the agent
 * said (a stored one when a baseline is re-judged: then it costs nothing and sent no request here).
 */
export async function judgeAnswer(
  input: JudgeSubject,
  answer: Pick<ChatResponse, "text" | "latencyMs" | "costUsd">,
  details: JudgeDetails,
  ctx: JudgeContext,
  agentRequests = 1,
): Promise<CaseOutcome> {
  const { options } = ctx;
  const scale = SCALES[options.scale];
  const tags = { agent: input.agent };
  const text = judgePrompt({
    prompt: input.prompt,
    response: answer.text,
    criteria: input.criteria,
    scale,
    ...(input.preamble !== undefined ? { preamble: input.preamble } : {}),
    attachmentPaths: input.attachments.map((file) => file.path),
  });
  const cast = await castVotes(text, scale, ctx, ctx.options.judge!);
  details.votes = cast.map((c) => c.vote);
  const skipped = options["judge-runs"] - cast.length;
  if (skipped > 0) details.skippedVotes = skipped;
  const responses = [answer, ...cast.flatMap((c) => (c.response ? [c.response] : []))];
  const failed = details.votes.filter((vote) => vote.score === null);
  // Votes served from the cache were not requests.
  const requests = agentRequests + cast.filter((c) => !c.response?.cached).length;
  const base = { tags, costUsd: totalCost(responses), requests, details };
  const voteCounts: Record<string, number> = options["judge-early-stop"] ? { skipped_votes: skipped } : {};

  const scores = details.votes.flatMap((vote) => (vote.score === null ? [] : [vote.score]));
  const unreliable = unreliableVerdict(failed.length, options["judge-runs"]);
  if (unreliable) return unreliableOutcome(unreliable, { scores, failed, scale, details, latencyMs: answer.latencyMs, voteCounts, base });

  const verdict = majorityVote(scores, scale);
  Object.assign(details, surviving(verdict));
  const normalized = normalizeScore(verdict.finalScore, scale);
  return {
    status: "scored",
    metrics: {
      score: normalized,
      raw_score: verdict.finalScore,
      // People's score of this answer, beside the judge's: the suite's calibration (engine/judge-identity.ts).
      ...(input.human !== undefined ? { human_score: input.human } : {}),
      pass: normalized >= options["pass-score"] ? 1 : 0,
      agreement: verdict.agreement,
      variance: verdict.variance,
      duration_ms: answer.latencyMs,
      failed_votes: failed.length,
      ...voteCounts,
      timeout: 0,
    },
    ...base,
  };
}
