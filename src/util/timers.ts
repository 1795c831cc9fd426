// What a Node timer can hold. setTimeout takes at most 2^31−1 ms (about 24.8 days): a longer delay
// is set to 1 ms with a TimeoutOverflowWarning, so a wait a server or a config made absurd would
// fire at once, and a loop that waits again would flood the log. Every timer evalgate sets goes
// through timerDelay; a longer wait is waited out in steps (or capped before it gets here).

/** setTimeout's longest delay. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a delay setTimeout holds as it is: at least 0, at most MAX_TIMER_MS (not-a-number: 0). */
export function timerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(Math.ceil(ms), MAX_TIMER_MS);
}

/** A wait as a person reads it: "250ms", "30s", "5m", "3h 20m", "12 days". */
export function formatWait(ms: number): string {
  if (!Number.isFinite(ms)) return "forever";
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)}s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)}m`;
  if (ms < 48 * 3_600_000) {
    const hours = Math.floor(ms / 3_600_000);
    const minutes = Math.round((ms % 3_600_000) / 60_000);
    return minutes ? `${hours}h ${minutes}m` : `${hours}h`;
  }
  const days = ms / 86_400_000;
  return days < 100_000 ? `${Math.round(days)} days` : `${days.toExponential(1)} days`;
}
