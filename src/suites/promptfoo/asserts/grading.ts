// What a model-graded assert is given (GradeInput) and how it asks the suite's judge (Ask): shared by
// graded.ts and relevance.ts, which import it rather than each other.
import type { ChatMessage } from "../../../models/types.ts";
import type { PfAssertion, PfTestOptions } from "../types.ts";

export interface GradeInput {
  type: string;
  assertion: PfAssertion;
  /** The rendered assert value (rubric, criteria, reference answer). */
  value: unknown;
  output: string;
  /** The rendered prompt the system under test was sent. */
  prompt: string;
  vars: Record<string, unknown>;
  options: PfTestOptions;
}

/** Asks the judge; `generation` tells apart requests asked more than once (answer-relevance's questions), for the cache. */
export type Ask = (
  messages: ChatMessage[],
  readable: (reply: string) => boolean,
  generation?: number,
) => Promise<{ reply: string } | { error: string }>;
