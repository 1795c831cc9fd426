// The pacer: when the next request to one endpoint (host and provider model) may start. Concurrency
// caps how many are in flight; the pacer spaces their starts evenly at the rate the provider allows,
// because providers enforce per-minute limits over much shorter windows, and a burst is refused
// even when the minute's count is not reached.
//
// The rate is the lowest of what is known: the config's `rate:` and `tokens-per-minute`, the
// provider's rate-limit headers (./rate-headers.ts), and a rate learned from 429s (AIMD: cut on a
// refusal, grow back while answers come). Until the first refusal or header there is no rate: starts
// are not held back at all. A 429's Retry-After delays only that request's retry (transport.ts), and
// the refusals of requests sent before the last cut could show say nothing new and cut nothing.
// The learned rate belongs to a host (limits.ts): a host may enforce one limit across its models.

export interface PacerOptions {
  /** Requests per second the config allows (`rate:`). */
  requestsPerSecond?: number;
  /** Tokens per minute the config allows (`tokens-per-minute`). */
  tokensPerMinute?: number;
  /** The clock (performance.now() by default), injectable for tests. */
  now?: () => number;
  /** Aborted when nothing more may be sent: every wait rejects with its reason. */
  stop?: AbortSignal;
}

/** What one answer says about the endpoint's capacity. */
export interface PaceFeedback {
  /** Refused for rate (429). */
  refused: boolean;
  /** When the attempt was let through (performance.now()). */
  startedAt: number;
  /** Tokens the answer used (its usage), when known. */
  tokens?: number | null;
  /** The provider's own limits, from its rate-limit headers. */
  limits?: ProviderLimits | null;
}

/** Limits a provider announced, as sustained rates. */
export interface ProviderLimits {
  requestsPerSecond?: number;
  tokensPerSecond?: number;
  /** Nothing is left until this long from now (remaining 0), in ms. */
  exhaustedForMs?: number;
}

export interface PacerState {
  /** Requests per second the pacer holds to now (Infinity: not limited). */
  rate: number;
  /** The rate learned from refusals alone (Infinity before the first). */
  learnedRate: number;
  refused: number;
  cuts: number;
}

export interface Pacer {
  /** Resolves when the next request may start; an abort of `signal` or of the pacer's stop leaves the queue. */
  wait(signal?: AbortSignal): Promise<void>;
  feedback(answer: PaceFeedback): void;
  /** Folds in a configured limit (the lowest wins when several models share the endpoint). */
  configure(options: Pick<PacerOptions, "requestsPerSecond" | "tokensPerMinute">): void;
  readonly state: PacerState;
}

/** On a refusal keep this share of the rate. */
const DECREASE = 0.8;
/** Growth per second while no refusal has shown where the limit is: double, as TCP's slow start. */
const UNKNOWN_GROWTH = 1;
/** Growth per second back up to just under the rate of the last refusal, as a share of that rate. */
const RECOVERY_GROWTH = 0.25;
/** Growth per second past that, probing whether the limit was raised, as a share of the rate. */
const PROBE_GROWTH = 0.03;
/** Recovery ends this close under the rate that was refused; probing starts there. */
const RECOVERY_TARGET = 0.95;
/**
 * After a cut, refusals of requests started within this long cut nothing more: they were sent
 * before the slower pace could show. Not the Retry-After: providers round it up to whole seconds,
 * and a second at a pace just too high is a second of refusals.
 */
const MIN_QUIET_MS = 250;
/** Starts this late (or one interval, when longer) are made up for: a busy event loop does not lower the pace. */
const CATCH_UP_MS = 30;
/** Never slower than one request in ten seconds. */
const MIN_RATE = 0.1;
/** Weight of the newest answer in the running mean of tokens per request. */
const TOKEN_MEAN_WEIGHT = 0.2;

export function createPacer(options: PacerOptions = {}): Pacer {
  const now = options.now ?? (() => performance.now());
  const { stop } = options;
  let configuredRate = options.requestsPerSecond ?? Number.POSITIVE_INFINITY;
  let configuredTokensPerSecond = options.tokensPerMinute ? options.tokensPerMinute / 60 : Number.POSITIVE_INFINITY;
  let announced: ProviderLimits = {};
  let tokensPerRequest: number | null = null;
  const state: PacerState = { rate: configuredRate, learnedRate: Number.POSITIVE_INFINITY, refused: 0, cuts: 0 };
  /** The learned rate last refused: recovery aims just under it. */
  let refusedAt = Number.POSITIVE_INFINITY;
  /** Refusals of requests started before this say what the last cut already said. */
  let quietUntil = Number.NEGATIVE_INFINITY;
  let lastGrowthAt = now();
  /** Starts in the last second, for the first estimate of the rate. */
  const recentStarts: number[] = [];
  /** When the last start was due: the next is due one interval (at the current rate) after it. */
  let lastDueAt = Number.NEGATIVE_INFINITY;
  let holdUntil = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiting: { grant(): void; fail(reason: unknown): void }[] = [];

  const recompute = () => {
    const tokenRate = Math.min(configuredTokensPerSecond, announced.tokensPerSecond ?? Number.POSITIVE_INFINITY);
    const byTokens = tokensPerRequest && Number.isFinite(tokenRate) ? tokenRate / tokensPerRequest : Number.POSITIVE_INFINITY;
    state.rate = Math.min(configuredRate, announced.requestsPerSecond ?? Number.POSITIVE_INFINITY, byTokens, state.learnedRate);
  };

  const clearTimerIfIdle = () => {
    if (waiting.length === 0 && timer) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
  stop?.addEventListener(
    "abort",
    () => {
      for (const waiter of waiting.splice(0)) waiter.fail(stop.reason);
      clearTimerIfIdle();
    },
    { once: true },
  );

  const pump = () => {
    while (waiting.length > 0) {
      const time = now();
      const interval = Number.isFinite(state.rate) ? 1000 / state.rate : 0;
      const due = Math.max(lastDueAt + interval, holdUntil);
      if (time < due) {
        if (!timer) {
          timer = setTimeout(
            () => {
              timer = undefined;
              pump();
            },
            Math.max(1, Math.ceil(due - time)),
          );
        }
        return;
      }
      // A start a little late (a timer fired late, the event loop was busy) keeps the schedule, so the
      // pace holds on average; after an idle spell the schedule starts again from now: no burst.
      lastDueAt = time - due <= Math.max(interval, CATCH_UP_MS) ? due : time;
      recentStarts.push(time);
      waiting.shift()!.grant();
    }
  };

  const grow = (time: number) => {
    const seconds = Math.min(1, (time - lastGrowthAt) / 1000);
    lastGrowthAt = time;
    const learned = state.learnedRate;
    if (!Number.isFinite(learned)) return;
    const target = RECOVERY_TARGET * refusedAt;
    const perSecond = !Number.isFinite(refusedAt)
      ? learned * UNKNOWN_GROWTH
      : learned < target
        ? refusedAt * RECOVERY_GROWTH
        : learned * PROBE_GROWTH;
    // Never far above what is actually sent: a rate the endpoint was never asked for says nothing.
    pruneStarts(time);
    const grown = Math.min(learned + perSecond * seconds, Math.max(learned, 2 * recentStarts.length + 1));
    state.learnedRate = learned < target ? Math.min(grown, target) : grown;
  };

  const pruneStarts = (time: number) => {
    while (recentStarts.length > 0 && recentStarts[0]! < time - 1000) recentStarts.shift();
  };

  const cut = (time: number) => {
    pruneStarts(time);
    // The first refusal: the rate so far is what the starts of the last second show. A burst is not
    // a rate, so that first estimate does not mark where the limit is: growth stays fast until a
    // paced rate is refused.
    const paced = Number.isFinite(state.learnedRate);
    const current = paced ? state.learnedRate : Math.min(state.rate, Math.max(1, recentStarts.length));
    if (paced) refusedAt = current;
    state.learnedRate = Math.max(MIN_RATE, current * DECREASE);
    state.cuts++;
    lastGrowthAt = time;
    quietUntil = time + MIN_QUIET_MS;
  };

  return {
    state,
    wait(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (stop?.aborted) return Promise.reject(stop.reason);
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          grant() {
            signal?.removeEventListener("abort", leave);
            resolve();
          },
          fail(reason: unknown) {
            signal?.removeEventListener("abort", leave);
            reject(reason);
          },
        };
        const leave = () => {
          const at = waiting.indexOf(waiter);
          if (at >= 0) waiting.splice(at, 1);
          clearTimerIfIdle();
          reject(signal!.reason);
        };
        signal?.addEventListener("abort", leave, { once: true });
        waiting.push(waiter);
        pump();
      });
    },
    feedback({ refused, startedAt, tokens, limits }) {
      const time = now();
      if (limits) {
        announced = { ...announced, ...limits };
        if (limits.exhaustedForMs) holdUntil = Math.max(holdUntil, time + limits.exhaustedForMs);
      }
      if (tokens && tokens > 0) {
        tokensPerRequest = tokensPerRequest === null ? tokens : tokensPerRequest + TOKEN_MEAN_WEIGHT * (tokens - tokensPerRequest);
      }
      if (refused) {
        state.refused++;
        if (startedAt >= quietUntil) cut(time);
      } else {
        grow(time);
      }
      recompute();
      pump();
    },
    configure(limits) {
      if (limits.requestsPerSecond) configuredRate = Math.min(configuredRate, limits.requestsPerSecond);
      if (limits.tokensPerMinute) configuredTokensPerSecond = Math.min(configuredTokensPerSecond, limits.tokensPerMinute / 60);
      recompute();
    },
  };
}
