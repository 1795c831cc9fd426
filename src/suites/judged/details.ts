// What a judged case writes to results.json as its details: the agent's answer, each judge vote, the checks.

import type { CheckOutcome } from "../checks/evaluate.ts";
import type { Scale } from "./grading.ts";

export interface JudgeVoteDetail {
  /** 0-based vote index, also the request's `sample` so each vote is cached on its own. */
  sample: number;
  /** The judge's full answer (its reasoning), null when the call failed. */
  text: string | null;
  score: number | null;
  error?: { kind: "endpoint" | "judge"; message: string };
  conversationId?: string;
  latencyMs?: number;
}

/** What a judged case writes to results.json as its details. */
export interface JudgedCaseDetails {
  agent: string;
  run: number;
  row: number;
  prompt: string;
  /** The row's judge_prompt; absent when the suite has no judge. */
  criteria?: string;
  /** Absent when the suite has no judge. */
  scale?: Scale["type"];
  response: string | null;
  conversationId?: string;
  agentDurationMs?: number;
  timedOut: boolean;
  votes: JudgeVoteDetail[];
  /** Votes not cast because they could not change the outcome (`judge-early-stop`); absent when every vote was cast. */
  skippedVotes?: number;
  finalScore?: number;
  agreement?: number;
  variance?: number;
  /** Each check on the answer, in the suite's order: passed, failed with its reason, or an error. */
  checks?: CheckOutcome[];
}
