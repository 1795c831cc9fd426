import { type Breaker } from "./circuit-breaker.ts";
import type { LearnedRule } from "./families.ts";
import type { Limiter } from "./limits.ts";
import { type RunGuard } from "./run-guard.ts";
import type { ModelStats } from "./stats.ts";
import { type Dispatcher } from "./undici-lite.ts";
/** A JSON answer as the transport received it. */
export interface JsonResponse {
    json: unknown;
    status: number;
    latencyMs: number;
    attempts: number;
    /** Characters of the body as received (absent for a cached body). */
    bodyChars?: number;
}
export interface HttpRequestSpec {
    url: string;
    method: "POST" | "PUT";
    headers: Record<string, string>;
    body: unknown;
    /**
     * The headers of each attempt, from what it sends (AWS Signature V4 signs the time and the body):
     * called just before the attempt goes out. The cache never sees them.
     */
    sign?: (request: SignableRequest) => Promise<Record<string, string>>;
}
/** An attempt as it goes out: what a request signer signs. */
export interface SignableRequest {
    url: string;
    method: string;
    headers: Record<string, string>;
    body: string;
}
export interface TransportPolicy {
    timeoutMs: number;
    maxRetries: number;
    backoffMs: number;
}
/** Why a model was stopped: the first fatal failure, repeated to every later call. */
export interface FatalStop {
    message: string;
    status: number | undefined;
}
/** Everything one model's requests share. `fatal` is set once and stops all later calls. */
export interface ModelChannel {
    name: string;
    dispatcher: Dispatcher;
    limiter: Limiter;
    policy: TransportPolicy;
    stats: ModelStats;
    fatal: FatalStop | null;
    /** Models the provider said answered (each reply's `model` field): part of a judge's identity in results. */
    reportedModels?: Set<string>;
    /** Why its judge or grader requests went without the temperature they asked (the model takes only its default): part of a judge's identity. */
    defaultTemperature?: string;
    /**
     * The run's deadline and budget, checked before every request. Its signal ends the backoff sleep
     * here; the limiter's waits end with it too when the limits were created with it as their `stop`.
     */
    guard?: RunGuard;
    /** Whose quota a used-up quota is, for its message: "OpenAI's quota for gpt-4o-mini" (./quota.ts). */
    quotaOwner?: string;
    /** Told once per key of a wait it capped (a Retry-After past MAX_RETRY_AFTER_MS): the run names it in its notes. */
    note?: (key: string, text: string) => void;
    /** Settings the model's API refused and named in this run, left out of its later requests (./families.ts). */
    learnedRules?: Map<string, LearnedRule>;
    /** The circuit breaker (./circuit-breaker.ts); made on the first call when not given. */
    breaker?: Breaker;
    /**
     * Injectable for tests: jitter source and the backoff sleep (ended by either signal, rejecting with
     * its reason; ended early, resolving, when `wake` aborts).
     */
    random?: () => number;
    sleep?: (ms: number, signal: AbortSignal | undefined, stop: AbortSignal | undefined, wake?: AbortSignal) => Promise<void>;
    /** Backoffs after an overload or a network failure: the next answer of this model ends them (it is back). */
    backoffs?: Set<AbortController>;
    /** Answers the endpoint gave (a refusal of one request included): a 401 after some means the credentials expired mid-run. */
    answered?: number;
}
/** What a 2xx body says beyond its content: its cost (for the budget) and its tokens (for the pacer). */
export interface BodyMeter {
    /** What the body cost (the model's price table); null when unknown. */
    costOf?: (json: unknown) => number | null;
    /** Tokens the answer used (input and output); null when unknown. */
    tokensOf?: (json: unknown) => number | null;
}
/** POST/PUT `spec.body` as JSON; resolves with the parsed 2xx body or throws an EndpointError. */
export declare function postJson(channel: ModelChannel, spec: HttpRequestSpec, signal?: AbortSignal, meter?: BodyMeter): Promise<JsonResponse>;
/** Throws when the caller gave up or the model was stopped by a fatal answer. */
export declare function throwIfStopped(channel: ModelChannel, signal: AbortSignal | undefined): void;
/** Throws when the run reached its deadline or budget: nothing new is sent. */
export declare function throwIfRunStopped(channel: ModelChannel): void;
/** A wait ended by the run guard's signal becomes the same "stopped" error as throwIfRunStopped's; anything else is itself. */
export declare function runStoppedOr(channel: ModelChannel, error: unknown): unknown;
/** A short, single-line, redacted piece of a response body for error messages. */
export declare function excerpt(text: string): string;
/** Sleeps `ms` for a caller of this model: ended by `signal`, and by the run guard's stop as a "stopped" error. */
export declare function pauseOn(channel: ModelChannel, ms: number, signal: AbortSignal | undefined): Promise<void>;
/**
 * Sleeps `ms`; an abort of `signal` (the caller's) or `stop` (the run guard's) ends it at once,
 * rejecting with its reason; an abort of `wake` ends it at once too, resolving.
 */
export declare function abortableSleep(ms: number, signal: AbortSignal | undefined, stop: AbortSignal | undefined, wake?: AbortSignal): Promise<void>;
