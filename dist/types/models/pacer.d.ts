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
/**
 * A provider's "nothing left until …" holds starts at most this long at a time (as a Retry-After is
 * waited at most this long): a reset hours or years away is a quota used up (./quota.ts), not a pause.
 */
export declare const MAX_HOLD_MS = 60000;
/** Announced limits never pace slower than one request a minute: a limit under that is absurd, and capped. */
export declare const MIN_ANNOUNCED_RATE: number;
export declare function createPacer(options?: PacerOptions): Pacer;
