// Pure scoring of one test case exactly as Eunomia TestBench does it (see seed_repos.md §1):
// expected list, diff set, detection, weighted percent, score match, fully correct, wrong-fewer /
// wrong-more points and the report's mismatch pairs.
import type { FeedbackItem, ScoringScenario, SgiInstruction } from "./types.ts";

export const SCORE_TOLERANCE = 1e-6;

export interface InstructionRef {
  id: number;
  textual_id: string;
  credits: number;
  instructionDescription: string;
}

export interface ReceivedRef extends InstructionRef {
  /** The returned feedback's own description (the first item referencing this instruction). */
  feedbackDescription: string | null;
}

export interface CriterionResult {
  criterion_id: number;
  criterion_textual_id: string;
  mismatch_pairs: { expected: InstructionRef; received: ReceivedRef }[];
  missing_instructions: InstructionRef[];
  extra_instructions: ReceivedRef[];
}

export interface CaseScore {
  /** E: default_expected with this test case's replacements. */
  expected: number[];
  /** D: the replacement instruction of every diff entry for this test case. */
  diffSet: number[];
  /** R: returned instruction ids that exist in the scenario, duplicates kept. */
  returned: number[];
  /** U: returned instruction ids the scenario does not define. */
  unknown: number[];
  expectedScore: number;
  /** Σ server credits over feedback items that reference a known instruction. */
  returnedScore: number;
  /** 0..100. */
  percent: number;
  detected: boolean;
  scoreMatch: boolean;
  fullyCorrect: boolean;
  missing: number[];
  extra: number[];
  wrongLess: number;
  wrongMore: number;
  criteriaResults: CriterionResult[];
}

export function expectedFor(scenario: ScoringScenario, testCase: string): number[] {
  const replacements = new Map<number, number>();
  for (const diff of scenario.diffs) if (diff.testCase === testCase) replacements.set(diff.key, diff.replacement);
  return scenario.defaultExpected.map((id) => replacements.get(id) ?? id);
}

export function diffSetFor(scenario: ScoringScenario, testCase: string): number[] {
  return [...new Set(scenario.diffs.filter((diff) => diff.testCase === testCase).map((diff) => diff.replacement))];
}

export function scoreCase(scenario: ScoringScenario, testCase: string, feedback: FeedbackItem[]): CaseScore {
  const known = (id: number) => scenario.instructions[id - 1]?.id === id;
  const instruction = (id: number) => scenario.instructions[id - 1] as SgiInstruction;

  const expected = expectedFor(scenario, testCase);
  const diffSet = diffSetFor(scenario, testCase);
  const referenced = feedback.filter((item) => item.sgiId !== null);
  const returned = referenced.filter((item) => known(item.sgiId as number)).map((item) => item.sgiId as number);
  const unknown = referenced.filter((item) => !known(item.sgiId as number)).map((item) => item.sgiId as number);

  const expectedScore = sum(expected.map((id) => instruction(id).credits));
  const returnedScore = sum(referenced.filter((item) => known(item.sgiId as number)).map((item) => item.credits));

  const returnedSet = new Set(returned);
  const expectedSet = new Set(expected);
  const diffs = new Set(diffSet);
  const missing = expected.filter((id) => !returnedSet.has(id));
  const extra = returned.filter((id) => !expectedSet.has(id));

  let totalWeight = 0;
  let achievedWeight = 0;
  for (const id of expected) {
    const weight = diffs.has(id) ? 2 : 1;
    totalWeight += weight;
    if (returnedSet.has(id)) achievedWeight += weight;
  }
  // In the TestBench's order of operations, so the float is the same to the last bit.
  const percent = totalWeight === 0 ? 0 : (achievedWeight / totalWeight) * 100;

  const { wrongLess, wrongMore } = wrongPoints(missing, extra, instruction);
  return {
    expected,
    diffSet,
    returned,
    unknown,
    expectedScore,
    returnedScore,
    percent,
    detected: diffSet.every((id) => returnedSet.has(id)),
    scoreMatch: Math.abs(expectedScore - returnedScore) < SCORE_TOLERANCE,
    fullyCorrect: missing.length === 0 && unknown.length === 0,
    missing,
    extra,
    wrongLess,
    wrongMore,
    criteriaResults: criteriaResults(scenario, missing, extra, instruction, feedback),
  };
}

/**
 * Per criterion, pop the last missing and the last extra instruction as a pair: an extra worth more
 * (manifest credits) than the missing one is a wrong-more point, otherwise wrong-less. Leftover
 * missing ones are wrong-less; leftover extras are wrong-more if they carry credits, else wrong-less.
 */
export function wrongPoints(
  missing: number[],
  extra: number[],
  instruction: (id: number) => SgiInstruction,
): { wrongLess: number; wrongMore: number } {
  let wrongLess = 0;
  let wrongMore = 0;
  const byCriterion = new Map<number, { missing: number[]; extra: number[] }>();
  const group = (id: number) => {
    const criterionId = instruction(id).criterionId;
    let entry = byCriterion.get(criterionId);
    if (!entry) {
      entry = { missing: [], extra: [] };
      byCriterion.set(criterionId, entry);
    }
    return entry;
  };
  for (const id of missing) group(id).missing.push(id);
  for (const id of extra) group(id).extra.push(id);
  for (const entry of byCriterion.values()) {
    while (entry.missing.length > 0 && entry.extra.length > 0) {
      const lost = entry.missing.pop() as number;
      const gained = entry.extra.pop() as number;
      if (instruction(gained).credits > instruction(lost).credits) wrongMore++;
      else wrongLess++;
    }
    wrongLess += entry.missing.length;
    for (const id of entry.extra) {
      if (instruction(id).credits > 0) wrongMore++;
      else wrongLess++;
    }
  }
  return { wrongLess, wrongMore };
}

/**
 * The per-test-case report: per criterion, the sets of missing and extra ids (the TestBench uses
 * sets here, so a repeated id is listed once), paired after an ascending sort, leftovers listed.
 */
function criteriaResults(
  scenario: ScoringScenario,
  missing: number[],
  extra: number[],
  instruction: (id: number) => SgiInstruction,
  feedback: FeedbackItem[],
): CriterionResult[] {
  const results: CriterionResult[] = [];
  const ascendingSet = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  const receivedRef = (sgi: SgiInstruction): ReceivedRef => ({
    ...expectedRef(sgi),
    feedbackDescription: feedback.find((item) => item.sgiId === sgi.id)?.description ?? null,
  });
  for (const criterion of scenario.criteria) {
    const lost = ascendingSet(missing.filter((id) => instruction(id).criterionId === criterion.id));
    const gained = ascendingSet(extra.filter((id) => instruction(id).criterionId === criterion.id));
    if (lost.length === 0 && gained.length === 0) continue;
    const pairs = Math.min(lost.length, gained.length);
    results.push({
      criterion_id: criterion.id,
      criterion_textual_id: criterion.textualId,
      mismatch_pairs: lost
        .slice(0, pairs)
        .map((id, i) => ({ expected: expectedRef(instruction(id)), received: receivedRef(instruction(gained[i] as number)) })),
      missing_instructions: lost.slice(pairs).map((id) => expectedRef(instruction(id))),
      extra_instructions: gained.slice(pairs).map((id) => receivedRef(instruction(id))),
    });
  }
  return results;
}

function expectedRef(sgi: SgiInstruction): InstructionRef {
  return { id: sgi.id, textual_id: sgi.textualId, credits: sgi.credits, instructionDescription: sgi.instructionDescription };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
