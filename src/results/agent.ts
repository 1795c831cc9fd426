// What an agent case records in its details (results.json, the journal, reports): its trajectory,
// step by step, and how it compared with what the case expected. Shared by the suite kind that
// writes it and the reports that show it.

/** One step of a trajectory: a tool call (with what the tool answered), the agent's answer, or what the simulated user said. */
export type AgentStep =
  | { kind: "call"; name: string; arguments: Record<string, unknown>; result?: string; isError?: boolean }
  | { kind: "answer"; text: string }
  | { kind: "user"; text: string };

/** Why the loop ended: the agent answered, a limit stopped it, or the agent ran its own loop and reported it. */
export type AgentTermination = "answer" | "max_steps" | "max_cost" | "max_tokens" | "max_turns" | "reported";

/** Where a trajectory first went another way than expected: a 1-based step, what was expected there, and what happened. */
export interface FirstDifference {
  step: number;
  expected: string;
  actual: string;
}

export interface AgentDetails {
  /** "loop": evalgate ran the loop against the MCP server; "reported": the target ran its own tools and reported them. */
  mode: "loop" | "reported";
  steps: AgentStep[];
  termination: AgentTermination;
  /** Requests to the target. */
  turns: number;
  /** Tokens the target reported (input and output). */
  tokens: number;
  verdict?: { passed: boolean; reasons: string[]; firstDifference?: FirstDifference };
  /** The suite's checks on the final answer, each passed, failed (with why) or not evaluated. */
  checks?: ({ name: string; passed: boolean; reason?: string } | { name: string; error: string })[];
  /** The completion judge's verdict after each turn, in a simulated user's case with a completion condition. */
  completion?: { turn: number; text: string; complete: boolean }[];
  /** The judge's votes on the final answer, when the suite has a judge. */
  judge?: AgentJudgeDetails;
  /** Attempts lost to a failing MCP server, with why. */
  serverFailures?: string[];
}

/** One judge vote as a case's details record it (the judged kind's and the agent kind's). */
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

/** The judge's part of an agent case: its votes on the final answer (the judged kind's), their majority and the case's criteria. */
export interface AgentJudgeDetails {
  model: string;
  /** The case's judge_prompt. */
  criteria: string;
  scale: string;
  votes: JudgeVoteDetail[];
  /** Votes not cast because they could not change the outcome (`judge-early-stop`). */
  skippedVotes?: number;
  finalScore?: number;
  agreement?: number;
  variance?: number;
}
