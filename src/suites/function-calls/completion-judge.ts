// The completion judge: asked after an exchange whether the simulated user's task is complete (the
// case's completion condition, on the latest part of the conversation), answering yes or no. The
// function-calls kind's, and the agent kind's simulated users end on it the same way.
import type { ChatModel, ChatResponse } from "../../models/types.ts";
import { clipText } from "../../util/escape.ts";
import type { RequestSettings } from "../kind.ts";
import { completionJudgeMessages, parseCompletionVerdict, type TranscriptEntry } from "./prompts.ts";

/** A judge reply that is neither yes nor no: the case cannot be trusted, so it is an error. */
export class JudgeAnswerError extends Error {}

/** What evalgate sets on every completion judge request: temperature 0, for votes that repeat. */
export const COMPLETION_JUDGE_SETTINGS = {
  purpose: "judge",
  temperature: 0,
  origins: { temperature: "the function-calls completion judge's temperature (set by evalgate)" },
} as const satisfies RequestSettings["settings"];

/**
 * The completion judge's verdict on the transcript so far; an answer that is neither yes nor no
 * throws JudgeAnswerError. Every answer is handed to `count` first (the case's requests and cost).
 */
export async function askCompletionJudge(
  judge: ChatModel,
  question: { condition: string; transcript: TranscriptEntry[]; sample: number },
  signal: AbortSignal,
  count: (response: ChatResponse) => void,
): Promise<{ response: ChatResponse; complete: boolean }> {
  const response = await judge.chat(
    {
      messages: completionJudgeMessages(question.condition, question.transcript),
      sample: question.sample,
      ...COMPLETION_JUDGE_SETTINGS,
      usable: (text) => parseCompletionVerdict(text) !== undefined,
    },
    signal,
  );
  count(response);
  const complete = parseCompletionVerdict(response.text);
  if (complete === undefined)
    throw new JudgeAnswerError(`the completion judge answered neither yes nor no: ${JSON.stringify(clipText(response.text, 200))}`);
  return { response, complete };
}
