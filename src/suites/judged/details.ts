// What a judged case writes to results.json as its details: the agent's answer, each judge vote, the checks.

import type { JudgeVoteDetail } from "../../results/agent.ts";
import type { CheckOutcome } from "../checks/evaluate.ts";
import type { Scale } from "./grading.ts";

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
