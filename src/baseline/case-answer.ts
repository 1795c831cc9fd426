// What a reviewer compares for one case, side by side with the baseline: the answer and what was
// said about it (judge votes, calls made, feedback returned), cut from the case's details. The
// data-branch baseline stores this in place of the full details, so a later run can show the
// baseline's answer beside its own; a committed results file still has everything and is cut the
// same way when read. Every text is redacted whole, then capped with a marker.
import { clipText } from "../util/escape.ts";
import { isRecord } from "../util/is-record.ts";
import { redact } from "../util/redact.ts";

/** An answer's characters at most (about 4 KiB of text), the cut marked. */
export const ANSWER_CAP_CHARS = 4096;
/** A vote's reasoning or a feedback item's characters at most. */
const NOTE_CAP_CHARS = 1024;
/** Votes or feedback items kept at most. */
const MAX_ITEMS = 20;
const CUT_MARKER = "\n[… cut here: the rest is in the run's results.json]";

export interface CaseAnswer {
  agent?: string;
  /** The text the system under test answered (judged suites, a conversation's completion). */
  response?: string | null;
  /** The response was cut at the cap: only its head is kept (re-judging grades whole answers only). */
  responseCut?: true;
  votes?: { score: number | null; text?: string }[];
  finalScore?: number;
  /** The calls made (function-call suites), as pretty-printed JSON text. */
  calls?: string;
  feedback?: { title?: string; description?: string }[];
}

/** Redacted whole, then cut to `cap` characters with a marker saying so. */
export function capText(text: string, cap: number = ANSWER_CAP_CHARS): string {
  const clean = redact(text);
  if (clean.length <= cap) return clean;
  return `${clipText(clean, cap - CUT_MARKER.length)}${CUT_MARKER}`;
}

type Loose = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** A conversation's completion: the message the run generated, else the last assistant turn. */
function completionText(messages: unknown): string | undefined {
  if (!Array.isArray(messages)) return undefined;
  const records = messages.filter(isRecord);
  const generated = records.find((m) => m.isCompletion === true) ?? records.filter((m) => m.role === "assistant").at(-1);
  return text(generated?.content);
}

function votesOf(value: unknown): CaseAnswer["votes"] {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter(isRecord)
    .slice(0, MAX_ITEMS)
    .map((vote) => ({
      score: typeof vote.score === "number" ? vote.score : null,
      ...(text(vote.text) ? { text: capText(text(vote.text)!, NOTE_CAP_CHARS) } : {}),
    }));
}

function feedbackOf(details: Loose): CaseAnswer["feedback"] {
  const items = Array.isArray(details.feedback) ? details.feedback : isRecord(details.testbench) ? details.testbench.feedback : undefined;
  if (!Array.isArray(items)) return undefined;
  return items
    .filter(isRecord)
    .slice(0, MAX_ITEMS)
    .map((item) => ({
      ...(text(item.title) ? { title: capText(text(item.title)!, NOTE_CAP_CHARS) } : {}),
      ...(text(item.description) ? { description: capText(text(item.description)!, NOTE_CAP_CHARS) } : {}),
    }));
}

/** The answer as the view keeps it: capped, and marked when the cap cut it (or a view already said so). */
function responseView(response: string | null, cutBefore: boolean): Pick<CaseAnswer, "response" | "responseCut"> {
  if (response === null) return { response: null };
  const kept = capText(response);
  return { response: kept, ...(cutBefore || kept !== redact(response) ? { responseCut: true as const } : {}) };
}

/** The side-by-side view of a case's details (also of a view already cut: cutting twice changes nothing); undefined when there is nothing to show. */
export function caseAnswer(details: unknown): CaseAnswer | undefined {
  if (!isRecord(details)) return undefined;
  const response = details.response === null ? null : (text(details.response) ?? completionText(details.messages));
  const calls =
    typeof details.calls === "string" ? details.calls : Array.isArray(details.calls) ? JSON.stringify(details.calls, null, 1) : undefined;
  const votes = votesOf(details.votes);
  const feedback = feedbackOf(details);
  const answer: CaseAnswer = {
    ...(text(details.agent) ? { agent: text(details.agent)! } : {}),
    ...(response !== undefined ? responseView(response, details.responseCut === true) : {}),
    ...(votes?.length ? { votes } : {}),
    ...(typeof details.finalScore === "number" ? { finalScore: details.finalScore } : {}),
    ...(calls !== undefined ? { calls: capText(calls) } : {}),
    ...(feedback?.length ? { feedback } : {}),
  };
  return Object.keys(answer).length ? answer : undefined;
}

/** The one text of an answer that is diffed against the other side: the answer, else the calls, else the feedback. */
export function answerText(answer: CaseAnswer | undefined): string | undefined {
  if (!answer) return undefined;
  if (typeof answer.response === "string") return answer.response;
  if (answer.calls !== undefined) return answer.calls;
  if (answer.feedback) return answer.feedback.map((f) => [f.title, f.description].filter(Boolean).join(": ")).join("\n");
  return undefined;
}
