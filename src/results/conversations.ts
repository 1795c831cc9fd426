// What a conversations suite writes into results.json: each case's details (the thread, its metric
// rows) and the suite's breakdowns. The report renders and the SQLite writer stores them, without
// the suite kind's code.

/** A conversation's levels, as FlexEval names them. */
export type ConversationLevel = "Thread" | "Turn" | "Message" | "ToolCall";

/** One row of FlexEval's metric table. */
export interface ConversationMetricRow {
  evaluation: string;
  type: "function" | "rubric";
  metric: string;
  level: ConversationLevel;
  /** Index of the object at its level (0 for the thread). */
  object: number;
  /** The object's role: the message's or turn's role, a tool call's message role, "thread". */
  role: string;
  /** FlexEval's metric_value: the raw value (a rubric's choice score); null when skipped, invalid or failed. */
  value: number | null;
  /** 0..1 for rubrics (over the rubric's score range); the raw value for functions. */
  normalized: number | null;
  kwargs: Record<string, unknown>;
  skipped?: true;
  /** A function that threw, or a grader that could not be reached. */
  error?: { kind: "metric" | "endpoint"; message: string };
  rubric?: {
    prompt: string;
    completion: string | null;
    model: string;
    /** The choice read from the answer, or "__invalid__" (FlexEval's marker). */
    score: string;
    invalidReason?: string;
    promptTokens: number | null;
    completionTokens: number | null;
    costUsd: number | null;
  };
}

/** What a conversations case writes to results.json (and the SQLite file's FlexEval tables). */
export interface ConversationDetails {
  file: string;
  line: number;
  systemPrompt: string | null;
  metadata: Record<string, unknown>;
  messages: {
    index: number;
    turn: number;
    role: string;
    content: string;
    metadata: Record<string, unknown>;
    isCompletion?: true;
  }[];
  turns: { index: number; role: string }[];
  toolCalls: { index: number; message: number; turn: number; id: string; name: string; args: string; response: string | null }[];
  rows: ConversationMetricRow[];
  completion?: { model: string; latencyMs: number; error?: string };
}

/** One row of `breakdowns.roles`: a metric's statistics over one role's objects. */
export interface RoleStats {
  metric: string;
  role: string;
  n: number;
  mean: number;
  min: number;
  max: number;
}

/** One row of `breakdowns.metrics`: what was not scored, per metric. */
export interface MetricCounts {
  metric: string;
  kind: "function" | "rubric";
  scored: number;
  skipped: number;
  invalid: number;
  errors: number;
}
