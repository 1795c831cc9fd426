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
// Refusals in a row stretch the pace further until one start is admitted (./refusal-streak.ts).
import { formatWait, timerDelay } from "../util/timers.ts";
import { createRefusalStreak } from "./refusal-streak.ts";
import { MAX_RETRY_AFTER_MS } from "./retry.ts";

export interface PacerOptions {
  /** Requests per second the config allows (`rate:`). */
  requestsPerSecond?: number;
  /** Tokens per minute the config allows (`tokens-per-minute`). */
  tokensPerMinute?: number;
  /** The clock (performance.now() by default), injectable for tests. */
  now?: () => number;
  /** Aborted when nothing more may be sent: every wait rejects with its reason. */
  stop?: AbortSignal;
  /** The endpoint, as notes name it ("api.openai.com gpt-4o-mini"). */
  name?: string;
  /** Told once per key of an absurd announced limit or reset, and how it was capped: the run names it in its notes. */
  note?: (key: string, text: string) => void;
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

/** On the first refusal keep this share of the rate the burst was sent at. */
const FIRST_DECREASE = 0.8;
/** On a refusal at a paced rate keep this share: at or past the last refused rate, or soon after another cut. */
const DECREASE = 0.8;
/**
 * On a lone refusal under the last refused rate keep this share. A limit enforced over a short window
 * refuses a start that the timers or the network bunched even at a pace under it; a small cut holds
 * the pace close to it. A pace really too high draws more refusals within the next second, and the
 * full cut.
 */
const LONE_DECREASE = 0.9;
/** A refusal this long after the last cut is a lone one. */
const LONE_REFUSAL_MS = 1000;
/** Growth per second while no refusal has shown where the limit is: triple, faster than TCP's slow start. */
const UNKNOWN_GROWTH = 2;
/** Growth per second back up to just under the rate of the last refusal, as a share of that rate. */
const RECOVERY_GROWTH = 0.25;
/**
 * Growth per second past that, probing whether the limit was raised, as a share of the rate: slow,
 * as each probe that reaches the limit costs a refusal and its Retry-After.
 */
const PROBE_GROWTH = 0.01;
/** Recovery ends this close under the rate that was refused; probing starts there. */
const RECOVERY_TARGET = 0.95;
/**
 * After a cut, refusals of requests started within this long cut nothing more: they were sent
 * before the slower pace could show. Not the Retry-After: providers round it up to whole seconds,
 * and a second at a pace just too high is a second of refusals.
 */
const MIN_QUIET_MS = 250;
/**
 * A start this late still keeps the schedule (timers fire a millisecond or so late); a later one
 * starts the schedule again from now. Making up a longer delay would send the next starts closer
 * together than the pace, and a limit enforced over a short window refuses exactly those.
 */
const LATE_TOLERANCE_MS = 2;
/** Never slower than one request in ten seconds. */
const MIN_RATE = 0.1;
/** Weight of the newest answer in the running mean of tokens per request. */
const TOKEN_MEAN_WEIGHT = 0.2;
/**
 * A provider's "nothing left until …" holds starts at most this long at a time (as a Retry-After is
 * waited at most this long): a reset hours or years away is a quota used up (./quota.ts), not a pause.
 */
export const MAX_HOLD_MS = MAX_RETRY_AFTER_MS;
/** Announced limits never pace slower than one request a minute: a limit under that is absurd, and capped. */
export const MIN_ANNOUNCED_RATE = 1 / 60;

export function createPacer(options: PacerOptions = {}): Pacer {
  const now = options.now ?? (() => performance.now());
  const learner = createRateLearner(now());
  const note = (key: string, text: string) =>
    options.note?.(`${options.name ?? "endpoint"} ${key}`, `${options.name ?? "the endpoint"}: ${text}`);
  const limits = createLimitSet(options, note);
  const state: PacerState = { rate: limits.rate(learner.rate), learnedRate: Number.POSITIVE_INFINITY, refused: 0, cuts: 0 };
  const update = () => {
    state.learnedRate = learner.rate;
    state.rate = limits.rate(learner.rate);
  };
  const streak = createRefusalStreak();
  const queue = createStartQueue({
    now,
    stop: options.stop,
    rate: () => streak.pace(state.rate),
    started: (time) => learner.started(time),
  });

  return {
    state,
    wait: (signal) => queue.wait(signal),
    feedback({ refused, startedAt, tokens, limits: announced }) {
      const time = now();
      if (announced) {
        limits.announce(announced);
        if (announced.exhaustedForMs) queue.holdUntil(time + holdFor(announced.exhaustedForMs, note));
      }
      if (tokens && tokens > 0) limits.tokensUsed(tokens);
      streak.answered(time, startedAt, refused);
      if (refused) {
        state.refused++;
        if (learner.refused(time, startedAt, state.rate)) state.cuts++;
      } else {
        learner.answered(time);
      }
      update();
      queue.pump();
    },
    configure(configured) {
      limits.configure(configured);
      update();
    },
  };
}

/** How long "nothing left for `ms`" holds starts: at most MAX_HOLD_MS, a longer one named once. */
function holdFor(ms: number, note: (key: string, text: string) => void): number {
  if (ms <= MAX_HOLD_MS) return ms;
  note(
    "reset",
    `its rate-limit headers said nothing is left for ${formatWait(ms)}; starts were held at most ${formatWait(MAX_HOLD_MS)} at a time`,
  );
  return MAX_HOLD_MS;
}

/** The limits known from the config and the provider's headers, and the rate they leave with a learned one. */
function createLimitSet(options: Pick<PacerOptions, "requestsPerSecond" | "tokensPerMinute">, note: (key: string, text: string) => void) {
  let configuredRate = Number.POSITIVE_INFINITY;
  let configuredTokensPerSecond = Number.POSITIVE_INFINITY;
  let announced: ProviderLimits = {};
  let tokensPerRequest: number | null = null;
  const configure = (limits: Pick<PacerOptions, "requestsPerSecond" | "tokensPerMinute">) => {
    if (limits.requestsPerSecond) configuredRate = Math.min(configuredRate, limits.requestsPerSecond);
    if (limits.tokensPerMinute) configuredTokensPerSecond = Math.min(configuredTokensPerSecond, limits.tokensPerMinute / 60);
  };
  configure(options);
  return {
    configure,
    announce(limits: ProviderLimits) {
      announced = { ...announced, ...limits };
      const perSecond = announced.requestsPerSecond;
      if (perSecond !== undefined && perSecond < MIN_ANNOUNCED_RATE) {
        note("limit", `its rate-limit headers announced ${formatRate(perSecond)}; read as 1 request a minute`);
        announced.requestsPerSecond = MIN_ANNOUNCED_RATE;
      }
    },
    tokensUsed(tokens: number) {
      tokensPerRequest = tokensPerRequest === null ? tokens : tokensPerRequest + TOKEN_MEAN_WEIGHT * (tokens - tokensPerRequest);
    },
    /** The lowest of every known limit and `learned`. */
    rate(learned: number): number {
      const tokenRate = Math.min(configuredTokensPerSecond, announced.tokensPerSecond ?? Number.POSITIVE_INFINITY);
      let byTokens = tokensPerRequest && Number.isFinite(tokenRate) ? tokenRate / tokensPerRequest : Number.POSITIVE_INFINITY;
      if (byTokens < MIN_ANNOUNCED_RATE) {
        note(
          "tokens",
          `its token limit (${formatRate(tokenRate, "tokens")}) leaves under 1 request a minute at ${Math.round(tokensPerRequest!)} tokens a request; paced at 1 a minute`,
        );
        byTokens = MIN_ANNOUNCED_RATE;
      }
      return Math.min(configuredRate, announced.requestsPerSecond ?? Number.POSITIVE_INFINITY, byTokens, learned);
    },
  };
}

/**
 * The rate learned from refusals (AIMD): none until the first refusal; cut on a refusal, grown back
 * while answers come, fast up to just under the last refused rate, slowly past it.
 */
function createRateLearner(startedAt: number) {
  let rate = Number.POSITIVE_INFINITY;
  /** The learned rate last refused: recovery aims just under it. */
  let refusedAt = Number.POSITIVE_INFINITY;
  /** Refusals of requests started within MIN_QUIET_MS of the last cut say what it already said. */
  let lastCutAt = Number.NEGATIVE_INFINITY;
  let lastGrowthAt = startedAt;
  /** Starts in the last second, for the first estimate of the rate and the ceiling on growth. */
  const recentStarts: number[] = [];
  const startsInLastSecond = (time: number) => {
    while (recentStarts.length > 0 && recentStarts[0]! < time - 1000) recentStarts.shift();
    return recentStarts.length;
  };

  const cut = (time: number, current: number) => {
    if (!Number.isFinite(rate)) {
      // The first refusal: the rate so far is what the starts of the last second show. A burst is
      // not a rate, so it does not mark where the limit is: growth stays fast until a paced rate is refused.
      rate = Math.max(MIN_RATE, Math.min(current, Math.max(1, startsInLastSecond(time))) * FIRST_DECREASE);
    } else {
      // A refusal under the last refused rate moves the mark halfway down: one bunched start does not
      // set the limit, and a limit that was really lowered brings more refusals.
      // A lone refusal under the mark is a start the timers or the network bunched: a small cut holds it.
      const underMark = Number.isFinite(refusedAt) && rate < refusedAt;
      const lone = time - lastCutAt > LONE_REFUSAL_MS;
      refusedAt = underMark ? (refusedAt + rate) / 2 : rate;
      rate = Math.max(MIN_RATE, rate * (underMark && lone ? LONE_DECREASE : DECREASE));
    }
    lastGrowthAt = time;
    lastCutAt = time;
  };

  return {
    get rate() {
      return rate;
    },
    started(time: number) {
      recentStarts.push(time);
    },
    /** A refusal of a request started at `startedAt`; true when it cut the rate. */
    refused(time: number, startedAt: number, current: number): boolean {
      if (startedAt < lastCutAt + MIN_QUIET_MS) return false;
      cut(time, current);
      return true;
    },
    answered(time: number) {
      const seconds = Math.min(1, (time - lastGrowthAt) / 1000);
      lastGrowthAt = time;
      if (!Number.isFinite(rate)) return;
      const target = RECOVERY_TARGET * refusedAt;
      // Never far above what is actually sent: a rate the endpoint was never asked for says nothing.
      const grown = Math.min(rate + growthPerSecond(rate, refusedAt) * seconds, Math.max(rate, 2 * startsInLastSecond(time) + 1));
      rate = rate < target ? Math.min(grown, target) : grown;
    },
  };
}

/** How fast a learned `rate` grows while answers come: fast while no paced refusal marked the limit, fast back up to just under the mark, slowly past it. */
function growthPerSecond(rate: number, refusedAt: number): number {
  if (!Number.isFinite(refusedAt)) return rate * UNKNOWN_GROWTH;
  return rate < RECOVERY_TARGET * refusedAt ? refusedAt * RECOVERY_GROWTH : rate * PROBE_GROWTH;
}

interface StartQueueOptions {
  now: () => number;
  stop: AbortSignal | undefined;
  /** The pace to hold now, in starts per second (Infinity: none). */
  rate: () => number;
  /** Told of every start it lets through. */
  started: (time: number) => void;
}

interface Waiter {
  grant(): void;
  fail(reason: unknown): void;
}

/** The queue of requests waiting for their start, let through one interval apart (or after a hold). */
function createStartQueue({ now, stop, rate, started }: StartQueueOptions) {
  const waiting: Waiter[] = [];
  /** When the last start was due: the next is due one interval (at the current rate) after it. */
  let lastDueAt = Number.NEGATIVE_INFINITY;
  let holdUntil = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

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
      const pace = rate();
      const interval = Number.isFinite(pace) ? 1000 / pace : 0;
      const due = Math.max(lastDueAt + interval, holdUntil);
      if (time < due) {
        timer ??= setTimeout(
          () => {
            timer = undefined;
            pump();
          },
          Math.max(1, timerDelay(due - time)),
        );
        return;
      }
      // A start a timer's slack late keeps the schedule, so the pace holds on average; a later one
      // (the event loop was busy, or the queue was idle) starts it again from now: no burst.
      lastDueAt = time - due <= LATE_TOLERANCE_MS ? due : time;
      started(time);
      waiting.shift()!.grant();
    }
  };

  return {
    pump,
    holdUntil(time: number) {
      holdUntil = Math.max(holdUntil, time);
    },
    wait: (signal?: AbortSignal) => joinQueue(waiting, signal, stop, pump, clearTimerIfIdle),
  };
}

/** Queues a waiter and lets the queue run; an abort of `signal` takes it out again, of `stop` rejects it before it queues. */
function joinQueue(
  waiting: Waiter[],
  signal: AbortSignal | undefined,
  stop: AbortSignal | undefined,
  pump: () => void,
  left: () => void,
): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (stop?.aborted) return Promise.reject(stop.reason);
  return new Promise<void>((resolve, reject) => {
    const waiter: Waiter = {
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
      left();
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", leave, { once: true });
    waiting.push(waiter);
    pump();
  });
}

/** "0.5 requests a minute": a per-second rate as a per-minute one, the unit providers announce. */
function formatRate(perSecond: number, unit = "requests"): string {
  const perMinute = perSecond * 60;
  return `${perMinute >= 1 ? Math.round(perMinute) : Number(perMinute.toPrecision(2))} ${unit} a minute`;
}
