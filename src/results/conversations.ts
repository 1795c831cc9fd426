// What a conversations case writes to results.json as its details: the thread and FlexEval's metric
// rows. Types only: the suite writes them, the SQLite writer reads them into FlexEval's tables.

/** The object a conversations metric is computed on (FlexEval's metric_level). */
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
