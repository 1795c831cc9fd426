// People's labels beside the judge's scores, as case metrics the engine reads to measure the judge's
// agreement with people (engine/judge-identity.ts withCalibration). A case with one labelled grade
// carries `raw_score` and `human_score` (a judged CSV row); a case with several (a prompt-yml row's
// evaluators, a conversation's graded turns) carries `raw_score#<tag>` beside `human_score#<tag>`.
// Both are on the judge's scale; no aggregation reads these names, so they are never suite metrics.

const JUDGE = "raw_score";
const HUMAN = "human_score";

/** The case metrics of one labelled grade, tagged when a case has several. */
export function labelMetrics(judge: number, human: number, tag?: string): Record<string, number> {
  const suffix = tag === undefined ? "" : `#${tag}`;
  return { [`${JUDGE}${suffix}`]: judge, [`${HUMAN}${suffix}`]: human };
}

/** Every (judge, human) pair a case's metrics hold. */
export function labelPairs(metrics: Readonly<Record<string, number>>): { judge: number; human: number }[] {
  const pairs: { judge: number; human: number }[] = [];
  for (const [name, human] of Object.entries(metrics)) {
    if (name !== HUMAN && !name.startsWith(`${HUMAN}#`)) continue;
    const judge = metrics[JUDGE + name.slice(HUMAN.length)];
    if (typeof judge === "number" && typeof human === "number") pairs.push({ judge, human });
  }
  return pairs;
}

/** A label as written (a choice's name, or its score) read as a score of the scale; undefined when it is neither. */
export function labelScore(value: unknown, choices: readonly { name: string; score: number }[]): number | undefined {
  if (typeof value === "number") return choices.some((choice) => choice.score === value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  const named =
    choices.find((choice) => choice.name === text) ?? choices.find((choice) => choice.name.toLowerCase() === text.toLowerCase());
  if (named) return named.score;
  const number = text === "" ? Number.NaN : Number(text);
  return choices.some((choice) => choice.score === number) ? number : undefined;
}

/** The scale's distinct scores, ascending: the points agreement is measured over. */
export function scalePoints(choices: readonly { score: number }[]): number[] {
  return [...new Set(choices.map((choice) => choice.score))].sort((a, b) => a - b);
}
