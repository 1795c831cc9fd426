// Refusals in a row. Each refusal of a request started after the one before it was refused, with
// nothing admitted since, says the endpoint takes nothing right now (a window that a burst filled),
// whatever the pace: each further start then waits twice as long as the one before, up to a tenth
// of a second, until one is admitted. The learned rate (./pacer.ts) says how fast the endpoint takes
// requests; the streak says whether it takes any now. Without it a limit enforced over a second
// refuses every start for the rest of the second a burst filled.

/** The longest a streak spaces two starts (unless the pace itself is slower). */
const LONGEST_GAP_MS = 100;
/** Doublings past this add nothing: the gap is capped long before. */
const MAX_DOUBLINGS = 16;

export interface RefusalStreak {
  /** The pace to hold now, given the pace learned (starts per second). */
  pace(rate: number): number;
  /** One attempt's answer: refused (429) or not, and when it was started and answered (performance.now()). */
  answered(time: number, startedAt: number, refused: boolean): void;
}

export function createRefusalStreak(): RefusalStreak {
  let length = 0;
  /** Refusals of starts sent before this were sent before the streak's last refusal showed: they add nothing. */
  let countsFrom = Number.NEGATIVE_INFINITY;
  let lastRefusedStart = Number.NEGATIVE_INFINITY;
  return {
    pace(rate) {
      if (length <= 1) return rate;
      const spaced = rate / 2 ** Math.min(MAX_DOUBLINGS, length - 1);
      return Math.max(spaced, Math.min(rate, 1000 / LONGEST_GAP_MS));
    },
    answered(time, startedAt, refused) {
      if (refused) {
        lastRefusedStart = Math.max(lastRefusedStart, startedAt);
        if (startedAt >= countsFrom) {
          length++;
          countsFrom = time;
        }
      } else if (startedAt > lastRefusedStart) {
        // Admitted, and sent after the last refused one: the endpoint takes requests again.
        length = 0;
        countsFrom = Number.NEGATIVE_INFINITY;
      }
    },
  };
}
