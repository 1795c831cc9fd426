// People's ratings in a conversations dataset (FlexEval JSONL): a message may carry
// `"human_ratings": {"<rubric>": "<choice>"}` — the grade a person gave it on the rubric's scale (a
// choice key, or its score) — and the thread line itself the same key for thread-level rubrics. A
// Message-level grade is compared with its message's rating, a Turn-level one with the rating of the
// turn's last rated message, a Thread-level one with the line's. Ratings are the grader's calibration:
// taken out of the metadata the metrics and the case's fingerprint read. Stored conversations only
// (historical mode): in completion mode the graded answers are new, and nobody rated them.
import type { InputProblem } from "../../config/errors.ts";
import type { ConversationMetricRow } from "../../results/conversations.ts";
import { isRecord } from "../../util/is-record.ts";
import { labelMetrics, labelScore, scalePoints } from "../human-labels.ts";
import { metricKey } from "./case-metrics.ts";
import type { PlannedMetric } from "./plan.ts";
import type { Rubric } from "./rubrics.ts";
import type { RawThread, ThreadObject } from "./thread.ts";

export const RATINGS_KEY = "human_ratings";

/** A thread's ratings as scores on each rubric's scale: the line's, and each message's by its index among the messages. */
export interface ThreadRatings {
  thread?: Record<string, number>;
  messages?: Record<number, Record<string, number>>;
}

/** The thread without its ratings, the ratings read against the suite's rubrics, and every problem with them (at the line). */
export function takeRatings(
  raw: RawThread,
  rubrics: ReadonlyMap<string, Rubric>,
  at: { file: string; line: number },
): { thread: RawThread; ratings?: ThreadRatings; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const read = (value: unknown, field: string) => readRatings(value, rubrics, { ...at, field }, problems);
  const { [RATINGS_KEY]: own, ...metadata } = raw.metadata;
  const ratings: ThreadRatings = {};
  if (own !== undefined) ratings.thread = read(own, RATINGS_KEY);
  const byMessage: Record<number, Record<string, number>> = {};
  const messages = raw.messages.map((message, index) => {
    if (!Object.hasOwn(message.metadata, RATINGS_KEY)) return message;
    const { [RATINGS_KEY]: given, ...rest } = message.metadata;
    byMessage[index] = read(given, `messages[${index}].${RATINGS_KEY}`);
    return { ...message, metadata: rest };
  });
  if (Object.keys(byMessage).length) ratings.messages = byMessage;
  const rated = ratings.thread !== undefined || ratings.messages !== undefined;
  return { thread: { ...raw, metadata, messages }, ...(rated ? { ratings } : {}), problems };
}

function readRatings(
  value: unknown,
  rubrics: ReadonlyMap<string, Rubric>,
  at: Omit<InputProblem, "message">,
  problems: InputProblem[],
): Record<string, number> {
  if (!isRecord(value)) {
    problems.push({ ...at, message: 'expected an object of rubric name → rating, e.g. {"is_helpful": "YES"}' });
    return {};
  }
  const scores: Record<string, number> = {};
  for (const [name, rating] of Object.entries(value)) {
    const rubric = rubrics.get(name);
    if (!rubric) {
      problems.push({
        ...at,
        field: `${at.field}.${name}`,
        message: `no rubric metric "${name}" in the suite (${[...rubrics.keys()].join(", ") || "none"})`,
      });
      continue;
    }
    const choices = rubric.choiceScores.map(([choice, score]) => ({ name: choice, score }));
    const score = labelScore(rating, choices);
    if (score === undefined)
      problems.push({
        ...at,
        field: `${at.field}.${name}`,
        message: `${JSON.stringify(rating)} is not on the scale of rubric "${name}": one of ${choices.map((c) => `${c.name} (${c.score})`).join(", ")}`,
      });
    else scores[name] = score;
  }
  return scores;
}

/** The rubrics the suite's metrics grade with, by name. */
export function plannedRubrics(metrics: readonly PlannedMetric[]): Map<string, Rubric> {
  return new Map(metrics.flatMap((metric) => (metric.rubric ? [[metric.evaluation, metric.rubric] as const] : [])));
}

/** The points the rated rubrics share, or the problem when their scales differ (agreement is measured on one scale). */
export function ratedPoints(
  rated: ReadonlySet<string>,
  rubrics: ReadonlyMap<string, Rubric>,
): { points?: number[]; problem?: InputProblem } {
  let first: { rubric: Rubric; points: number[] } | undefined;
  for (const name of rated) {
    const rubric = rubrics.get(name)!;
    const points = scalePoints(rubric.choiceScores.map(([, score]) => ({ score })));
    if (!first) first = { rubric, points };
    else if (points.join() !== first.points.join())
      return {
        problem: {
          file: rubric.file,
          line: rubric.line,
          field: name,
          message: `rated on the scale ${points.join(", ")}, rubric "${first.rubric.name}" (${first.rubric.file}:${first.rubric.line}) on ${first.points.join(", ")}: the grader's agreement with people is measured on one scale; rate rubrics of one scale per suite`,
        },
      };
  }
  return first ? { points: first.points } : {};
}

/** The rubric names a thread's ratings name. */
export function ratedRubrics(ratings: ThreadRatings | undefined): string[] {
  if (!ratings) return [];
  return [...Object.keys(ratings.thread ?? {}), ...Object.values(ratings.messages ?? {}).flatMap((scores) => Object.keys(scores))];
}

/** Each rated grade's score beside the person's rating, tagged "<metric>@<level>.<object>" (human-labels.ts). */
export function ratedGrades(rows: readonly ConversationMetricRow[], thread: ThreadObject, ratings: ThreadRatings | undefined) {
  const metrics: Record<string, number> = {};
  if (!ratings) return metrics;
  for (const row of rows) {
    if (row.type !== "rubric" || row.value === null) continue;
    const rating = ratingOf(row, thread, ratings);
    if (rating !== undefined) Object.assign(metrics, labelMetrics(row.value, rating, `${metricKey(row)}.${row.object}`));
  }
  return metrics;
}

function ratingOf(row: ConversationMetricRow, thread: ThreadObject, ratings: ThreadRatings): number | undefined {
  const rubric = row.evaluation;
  if (row.level === "Thread") return ratings.thread?.[rubric];
  if (row.level === "Message") return ratings.messages?.[row.object]?.[rubric];
  if (row.level !== "Turn") return undefined;
  const rated = thread.turns[row.object]?.messages.filter((message) => ratings.messages?.[message.index]?.[rubric] !== undefined);
  const last = rated?.at(-1);
  return last ? ratings.messages![last.index]![rubric] : undefined;
}
