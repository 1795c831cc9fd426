// Pure: whether the judge votes not yet cast can still change a case's outcome (`judge-early-stop`).
// The outcome is what runJudgedCase computes from all `judge-runs` votes: scored or unreliable
// (more than half failed), and the majority score (mode on a discrete scale, median on 0-100).
// A vote still to come may give any score on the scale or fail; votes stop only when no such
// completion changes the outcome, so an early stop never changes a score, only the votes it costs.
import { majorityVote, median, type Scale, unreliableVerdict } from "./grading.ts";

export interface VoteTally {
  /** Scores of the votes cast that parsed. */
  scores: number[];
  /** Votes cast that gave no usable score. */
  failed: number;
  /** The suite's `judge-runs`. */
  total: number;
}

function remainingOf(tally: VoteTally): number {
  return tally.total - tally.scores.length - tally.failed;
}

/**
 * Mode: the leader X must stay the only mode even if every remaining vote goes to its strongest
 * rival. Ties are left to the votes (the seed's tie rule depends on which values tie), so a count
 * that could reach X's is never stopped on.
 */
function modeDecided(scores: number[], remaining: number): boolean {
  const counts = new Map<number, number>();
  for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
  const leader = Math.max(...counts.values());
  const rivals = [...counts.values()].sort((a, b) => b - a);
  // The runner-up, or a value no vote has given yet (count 0).
  const runnerUp = rivals.length > 1 ? rivals[1]! : 0;
  return runnerUp + remaining < leader;
}

/**
 * Median: adding values moves each order statistic monotonically, so for every number of remaining
 * votes that parse (0 to all of them) the extremes are all of them at the scale's minimum or all at
 * its maximum; if neither moves the median, nothing between does.
 */
function medianDecided(scores: number[], remaining: number, scale: Scale): boolean {
  const now = median(scores);
  for (let added = 1; added <= remaining; added++) {
    if (median([...scores, ...Array(added).fill(scale.min)]) !== now) return false;
    if (median([...scores, ...Array(added).fill(scale.max)]) !== now) return false;
  }
  return true;
}

/** True when no outcome of the votes still to come can change the case's status or majority score. */
export function votesDecided(tally: VoteTally, scale: Scale): boolean {
  const remaining = remainingOf(tally);
  if (remaining <= 0) return true;
  // Failures only add up: once more than half failed the case is an error whatever comes next.
  if (unreliableVerdict(tally.failed, tally.total)) return true;
  // The rest could all fail and make it one.
  if (unreliableVerdict(tally.failed + remaining, tally.total)) return false;
  if (tally.scores.length === 0) return false;
  return scale.continuous ? medianDecided(tally.scores, remaining, scale) : modeDecided(tally.scores, remaining);
}

/**
 * How many votes to cast next, together: the fewest that could decide the case if they all agreed
 * with the current majority (so a wave never holds a vote the best case would not need), else the rest.
 */
export function nextWave(tally: VoteTally, scale: Scale): number {
  const remaining = remainingOf(tally);
  const lead = tally.scores.length > 0 ? majorityVote(tally.scores, scale).finalScore : scale.min;
  for (let wave = 1; wave < remaining; wave++) {
    const agreeing = { ...tally, scores: [...tally.scores, ...Array(wave).fill(lead)] };
    if (votesDecided(agreeing, scale)) return wave;
  }
  return remaining;
}
