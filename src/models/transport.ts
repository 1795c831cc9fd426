// One JSON request to an endpoint, with timeout, retries, the concurrency limiter and the fatal
// stop. A concurrency slot is held only while an attempt is on the wire, never during backoff, so
// a retrying call never starves the others. The caller's signal ends every wait and aborts what is
// on the wire; the run guard's stop (deadline, budget) ends every wait but lets what is on the wire finish.
import { clipText } from "../util/escape.ts";
import { parseJsonKeepingNumbers } from "../util/json-numbers.ts";
import { redact } from "../util/redact.ts";
import { formatWait, timerDelay } from "../util/timers.ts";
import { type Breaker, createBreaker } from "./circuit-breaker.ts";
import { refusedCredentialsAdvice } from "./credential-expiry.ts";
import { EndpointError, type EndpointErrorKind } from "./errors.ts";
import type { LearnedRule } from "./families.ts";
import type { Limiter } from "./limits.ts";
import type { PaceFeedback, ProviderLimits } from "./pacer.ts";
import { quotaExhausted, quotaSaidInBody } from "./quota.ts";
import { providerLimits, retryAfterMs } from "./rate-headers.ts";
import { type Refusal, readRefusal, refusalText } from "./refused-field.ts";
import { type AttemptOutcome, classifyOutcome, MAX_RETRY_AFTER_MS, refusesOneRequest, retryDelay } from "./retry.ts";
import { RUN_STOPPED, type RunGuard } from "./run-guard.ts";
import type { ModelStats } from "./stats.ts";
import { type Dispatcher, type ExchangeResponse, exchange } from "./undici-lite.ts";

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

const EXCERPT_CHARS = 200;
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

type AttemptResult = (
  | { ok: true; status: number; text: string; cutChars: number; latencyMs: number; invalidUtf8At?: number }
  | {
      ok: false;
      outcome: AttemptOutcome;
      detail: string;
      invalidRequest?: boolean;
      /** What a 429's body says of a quota used up (insufficient_quota, a daily limit), read from the whole body. */
      quotaSignal?: string | null;
      /** A refusal's error object (its whole message, redacted): the case's error says it in full. */
      refusal?: Refusal | null;
    }
) & { limits?: ProviderLimits | null };

/** What a 2xx body says beyond its content: its cost (for the budget) and its tokens (for the pacer). */
export interface BodyMeter {
  /** What the body cost (the model's price table); null when unknown. */
  costOf?: (json: unknown) => number | null;
  /** Tokens the answer used (input and output); null when unknown. */
  tokensOf?: (json: unknown) => number | null;
}

/** POST/PUT `spec.body` as JSON; resolves with the parsed 2xx body or throws an EndpointError. */
export async function postJson(
  channel: ModelChannel,
  spec: HttpRequestSpec,
  signal?: AbortSignal,
  meter: BodyMeter = {},
): Promise<JsonResponse> {
  const payload = JSON.stringify(spec.body);
  const headers = { "content-type": "application/json", accept: "application/json", ...spec.headers };
  const where = `${spec.method} ${spec.url}`;
  channel.breaker ??= createBreaker();
  const breaker = channel.breaker;
  for (let attempt = 1; ; attempt++) {
    throwIfStopped(channel, signal);
    throwIfRunStopped(channel);
    let probe = false;
    let settled: ReturnType<typeof settle>;
    try {
      settled = await channel.limiter.run(async (startedAt) => {
        // The breaker is asked with the slot in hand: a call that queued while it opened waits for the probe.
        probe = (await breaker.admit()) === "probe";
        // The model may have been stopped, or the caller may have given up, while this call queued.
        throwIfStopped(channel, signal);
        throwIfRunStopped(channel);
        channel.stats.requests++;
        const result = await attemptOnce(channel, spec, headers, payload, signal);
        let outcome: ReturnType<typeof settle> | undefined;
        try {
          // Settled while the slot is held, so the next queued request already sees this one's stop and cost.
          outcome = settle(channel, where, result, attempt, probe, meter.costOf);
          return outcome;
        } finally {
          // The pacer hears of it before the slot frees, so the next request starts at the new pace.
          channel.limiter.feedback(paceFeedback(result, startedAt, outcome, meter.tokensOf));
        }
      }, signal);
    } catch (error) {
      if (probe) breaker.probeAbandoned(); // no answer to judge by: the next call probes
      throw runStoppedOr(channel, error); // the run stopped while this call waited for a slot
    }
    // The freed slot's next request is written out in this turn's check phase (undici checks a
    // reused keep-alive socket there first); what the caller does with this answer waits until
    // after it, so the slot's next request is not held back by this one's scoring and journaling.
    await afterPendingWrites();
    if ("response" in settled) return settled.response;
    if ("error" in settled) throw settled.error;
    channel.stats.retries++;
    await backOff(channel, settled.failure.outcome, attempt, signal);
  }
}

/**
 * The wait before the next attempt. A rate refusal waits what it was told; any other backoff ends when
 * the model answers again, so an outage costs its own length, not that plus the longest backoff that
 * was running when it ended. Ended by the caller's signal and by the run's stop.
 */
async function backOff(channel: ModelChannel, outcome: AttemptOutcome, attempt: number, signal: AbortSignal | undefined): Promise<void> {
  const delay = retryDelay(attempt, outcome, channel.policy.backoffMs, channel.random);
  noteCappedWait(channel, outcome);
  const refused = outcome.kind === "status" && outcome.status === 429;
  const wake = refused ? undefined : new AbortController();
  if (wake) {
    channel.backoffs ??= new Set();
    channel.backoffs.add(wake);
  }
  try {
    await (channel.sleep ?? abortableSleep)(delay, signal, channel.guard?.signal, wake?.signal);
  } catch (error) {
    throw runStoppedOr(channel, error); // the run stopped while this call backed off
  } finally {
    if (wake) channel.backoffs?.delete(wake);
  }
}

type AttemptFailure = Extract<AttemptResult, { ok: false }>;

/** One attempt's outcome: the parsed body (its cost recorded), an error that ends the call, or a failure to retry. */
function settle(
  channel: ModelChannel,
  where: string,
  result: AttemptResult,
  attempt: number,
  probe: boolean,
  costOf: BodyMeter["costOf"],
): { response: JsonResponse } | { error: EndpointError } | { failure: AttemptFailure } {
  const breaker = channel.breaker!;
  if (result.ok) {
    endpointAnswered(channel);
    const response = parseBody(channel.name, where, result, attempt);
    if (costOf) channel.guard?.recordCost(costOf(response.json));
    return { response };
  }
  const status = result.outcome.kind === "status" ? result.outcome.status : undefined;
  if (status !== undefined && refusesOneRequest(status)) {
    // About this request (a content filter, a context too long), not the endpoint, which answered:
    // the call fails, the breaker closes (a probe that drew it too), the model goes on.
    endpointAnswered(channel);
    const tries = attempt === 1 ? "" : ` (after ${attempt} attempts)`;
    const refusal = result.refusal ?? undefined;
    const what = refusal ? `answered HTTP ${status}: ${refusalText(refusal)}` : failureText(result);
    return {
      error: new EndpointError("http", channel.name, redact(`${where} ${what}${tries}`), { status, attempts: attempt, refusal }),
    };
  }
  const usedUp = status === 429 ? quotaUsedUp(channel, result) : null;
  if (usedUp) {
    if (probe) breaker.probeAbandoned(); // the model is stopped: whoever waits for the probe finds it so
    return { error: stopForQuota(channel, usedUp, attempt) };
  }
  const decision = result.invalidRequest ? "fatal" : classifyOutcome(result.outcome);
  if (decision === "retry" && attempt <= channel.policy.maxRetries) {
    // A rate refusal says nothing about the model being up: the probe is someone else's to send.
    if (!probe || status === 429) {
      if (probe) breaker.probeAbandoned();
      return { failure: result };
    }
  }
  const description = `${where} ${failureText(result)}`;
  const neverWorks = decision === "fatal";
  const opened = breaker.failedForGood(result.outcome, description, neverWorks);
  const advice = neverWorks ? refusedCredentialsAdvice(status, result.detail, channel.answered ?? 0) : "";
  if (probe) {
    breaker.probeFailed();
    const why = opened && opened !== description ? `${opened}, and a probe request ${failureText(result)}` : description;
    return { error: stop(channel, `${why}; stopping every call to this model${advice}`, status, attempt) };
  }
  if (neverWorks) {
    const message = result.invalidRequest ? `cannot send ${where}: ${result.detail}` : `${description}${advice}`;
    return { error: new EndpointError("fatal", channel.name, redact(message), { status, attempts: attempt }) };
  }
  const tries = attempt === 1 ? "" : ` (after ${attempt} attempts)`;
  return {
    error: new EndpointError(errorKind(result.outcome), channel.name, redact(`${description}${tries}`), { status, attempts: attempt }),
  };
}

/** The endpoint answered (an answer, or a refusal of one request): it is up. The breaker closes and backoffs after an overload end. */
function endpointAnswered(channel: ModelChannel): void {
  channel.answered = (channel.answered ?? 0) + 1;
  channel.breaker!.succeeded();
  if (channel.backoffs?.size) {
    for (const backoff of channel.backoffs) backoff.abort();
    channel.backoffs.clear();
  }
}

/**
 * Why a 429 means the provider's quota for this model is used up (./quota.ts), or null for a rate
 * refusal worth waiting for. The wait it asks for is its Retry-After or the reset of a limit it
 * says is exhausted, whichever is later; the run's deadline is how long there is.
 */
function quotaUsedUp(channel: ModelChannel, result: AttemptFailure): string | null {
  const outcome = result.outcome;
  const asked = outcome.kind === "status" ? (outcome.retryAfterMs ?? null) : null;
  const reset = result.limits?.exhaustedForMs ?? null;
  const waitMs = asked === null && reset === null ? null : Math.max(asked ?? 0, reset ?? 0);
  return quotaExhausted({ bodySays: result.quotaSignal ?? null, waitMs, remainingMs: channel.guard?.remainingMs() ?? null });
}

/** A used-up quota stops the model and the run: no later call could be answered before the run ends. */
function stopForQuota(channel: ModelChannel, why: string, attempts: number): EndpointError {
  const whose = channel.quotaOwner ?? `the quota of model "${channel.name}"`;
  const message = `${whose} is used up (${why}); stopping the run`;
  const error = stop(channel, message, 429, attempts);
  channel.guard?.halt(`${channel.name}: ${whose} is used up`);
  return error;
}

/** A Retry-After longer than a retry waits (MAX_RETRY_AFTER_MS) is named once: the retry came sooner than asked. */
function noteCappedWait(channel: ModelChannel, outcome: AttemptOutcome): void {
  const asked = outcome.kind === "status" ? outcome.retryAfterMs : null;
  if (asked === null || asked === undefined || asked <= MAX_RETRY_AFTER_MS) return;
  channel.note?.(
    `${channel.name} retry-after`,
    `model "${channel.name}": asked to wait ${formatWait(asked)} before a retry (Retry-After); a retry waits at most ${formatWait(MAX_RETRY_AFTER_MS)}`,
  );
}

/** What the pacer learns from one attempt: a 429 is a refusal; any answer may carry the provider's limits. */
function paceFeedback(
  result: AttemptResult,
  startedAt: number,
  settled: ReturnType<typeof settle> | undefined,
  tokensOf: BodyMeter["tokensOf"],
): PaceFeedback {
  const refused = !result.ok && result.outcome.kind === "status" && result.outcome.status === 429;
  const json = settled && "response" in settled ? settled.response.json : undefined;
  return {
    refused,
    startedAt,
    tokens: json !== undefined && tokensOf ? tokensOf(json) : null,
    limits: result.limits ?? null,
  };
}

async function attemptOnce(
  channel: ModelChannel,
  spec: HttpRequestSpec,
  headers: Record<string, string>,
  payload: string,
  callerSignal: AbortSignal | undefined,
): Promise<AttemptResult> {
  const { timeoutMs } = channel.policy;
  const started = performance.now();
  const sent = spec.sign ? await spec.sign({ url: spec.url, method: spec.method, headers, body: payload }) : headers;
  const call = exchange(channel.dispatcher, spec.url, {
    method: spec.method,
    headers: sent,
    body: payload,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  // Our timeout and the caller's signal both abort the exchange. A plain listener (removed
  // afterwards) instead of AbortSignal.any keeps nothing attached to long-lived signals.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    call.abort(new Error(`no answer within ${timeoutMs}ms`));
  }, timerDelay(timeoutMs));
  const onCallerAbort = () => call.abort(callerSignal?.reason as Error);
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    // The whole body is read, success or not, so the connection goes back to the pool.
    const response = await call.response;
    const latencyMs = performance.now() - started;
    const limits = providerLimits(response.headers);
    if (response.status >= 200 && response.status < 300) {
      return answered(response, latencyMs, limits);
    }
    return {
      ok: false,
      outcome: { kind: "status", status: response.status, retryAfterMs: retryAfterMs(response.headers) },
      detail: `HTTP ${response.status}: ${excerpt(response.text)}`,
      limits,
      ...(response.status === 429 ? { quotaSignal: quotaSaidInBody(response.text) } : {}),
      ...(refusesOneRequest(response.status) ? { refusal: redactedRefusal(response.text) } : {}),
    };
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    const code = (error as { code?: string }).code;
    if (timedOut || (code && TIMEOUT_CODES.has(code))) {
      return { ok: false, outcome: { kind: "timeout" }, detail: `gave no answer within ${timeoutMs}ms` };
    }
    const message = error instanceof Error ? error.message : String(error);
    // A request undici refuses to build (bad URL, bad header) will never work: not a network blip.
    const invalidRequest = code === "UND_ERR_INVALID_ARG" || error instanceof TypeError;
    return { ok: false, outcome: { kind: "network" }, detail: `failed: ${code ? `${code} ` : ""}${message}`, invalidRequest };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

/** A 2xx answer as an attempt's result: its text, what was cut from it, and where it stops being UTF-8, if it does. */
function answered(response: ExchangeResponse, latencyMs: number, limits: ProviderLimits | null): AttemptResult {
  const { status, text, cutChars, invalidUtf8At } = response;
  return { ok: true, status, text, cutChars, latencyMs, limits, ...(invalidUtf8At !== undefined ? { invalidUtf8At } : {}) };
}

function parseBody(
  model: string,
  where: string,
  result: { status: number; text: string; cutChars: number; latencyMs: number; invalidUtf8At?: number },
  attempts: number,
): JsonResponse {
  if (result.invalidUtf8At !== undefined) {
    // JSON is UTF-8: bytes that are not would reach the judge and the reports as U+FFFD, an answer nobody sent.
    const what = `a body that is not valid UTF-8 (its first bad byte at offset ${result.invalidUtf8At})`;
    throw new EndpointError("parse", model, redact(`${where} answered HTTP ${result.status} with ${what}: ${excerpt(result.text)}`), {
      status: result.status,
      attempts,
    });
  }
  let json: unknown;
  try {
    json = parseJsonKeepingNumbers(result.text); // tool-call arguments keep 5.0 and big integers as written
  } catch {
    throw new EndpointError(
      "parse",
      model,
      redact(`${where} answered HTTP ${result.status} with a body that is not JSON: ${excerpt(result.text)}`),
      {
        status: result.status,
        attempts,
      },
    );
  }
  const bodyChars = result.text.length + result.cutChars; // as sent: a body whose strings were cut is not cached
  return { json, status: result.status, latencyMs: Math.round(result.latencyMs * 100) / 100, attempts, bodyChars };
}

/** Throws when the caller gave up or the model was stopped by a fatal answer. */
export function throwIfStopped(channel: ModelChannel, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason;
  const fatal = channel.fatal;
  if (fatal) {
    // A fresh error per call (own stack), same kind, status and message as the first failure.
    throw new EndpointError("fatal", channel.name, fatal.message, { status: fatal.status, attempts: 0 });
  }
}

/** Throws when the run reached its deadline or budget: nothing new is sent. */
export function throwIfRunStopped(channel: ModelChannel): void {
  const reason = channel.guard?.check();
  if (reason) throw runStoppedError(channel, reason);
}

function runStoppedError(channel: ModelChannel, reason: string): EndpointError {
  return new EndpointError("stopped", channel.name, `${RUN_STOPPED}: ${reason}`, { attempts: 0 });
}

/** A wait ended by the run guard's signal becomes the same "stopped" error as throwIfRunStopped's; anything else is itself. */
export function runStoppedOr(channel: ModelChannel, error: unknown): unknown {
  const guard = channel.guard;
  if (guard?.signal.aborted && error === guard.signal.reason) return runStoppedError(channel, guard.check() ?? "");
  return error;
}

function stop(channel: ModelChannel, message: string, status: number | undefined, attempts: number): EndpointError {
  channel.fatal ??= { message: redact(message), status };
  return new EndpointError("fatal", channel.name, channel.fatal.message, { status: channel.fatal.status, attempts });
}

function errorKind(outcome: AttemptOutcome): EndpointErrorKind {
  return outcome.kind === "status" ? "http" : outcome.kind;
}

function failureText(result: { detail: string }): string {
  return result.detail.startsWith("HTTP") ? `answered ${result.detail}` : result.detail;
}

/** A refusal's error object with its words redacted; null when the body holds none. */
function redactedRefusal(text: string): Refusal | null {
  const refusal = readRefusal(text);
  return refusal ? { ...refusal, message: redact(refusal.message) } : null;
}

/** A short, single-line, redacted piece of a response body for error messages. */
export function excerpt(text: string): string {
  const flat = redact(text).replace(/\s+/g, " ").trim();
  if (flat === "") return "(empty body)";
  return clipText(flat, EXCERPT_CHARS + 1);
}

/** Sleeps `ms` for a caller of this model: ended by `signal`, and by the run guard's stop as a "stopped" error. */
export async function pauseOn(channel: ModelChannel, ms: number, signal: AbortSignal | undefined): Promise<void> {
  throwIfRunStopped(channel);
  try {
    await (channel.sleep ?? abortableSleep)(ms, signal, channel.guard?.signal);
  } catch (error) {
    throw runStoppedOr(channel, error);
  }
}

const afterPendingWrites = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sleeps `ms`; an abort of `signal` (the caller's) or `stop` (the run guard's) ends it at once,
 * rejecting with its reason; an abort of `wake` ends it at once too, resolving.
 */
export function abortableSleep(
  ms: number,
  signal: AbortSignal | undefined,
  stop: AbortSignal | undefined,
  wake?: AbortSignal,
): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (stop?.aborted) return Promise.reject(stop.reason);
  if (wake?.aborted) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const end = (aborted: AbortSignal | undefined) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      stop?.removeEventListener("abort", onStop);
      wake?.removeEventListener("abort", onWake);
      if (aborted) reject(aborted.reason);
      else resolve();
    };
    const onAbort = () => end(signal);
    const onStop = () => end(stop);
    const onWake = () => end(undefined);
    const timer = setTimeout(() => end(undefined), timerDelay(ms));
    signal?.addEventListener("abort", onAbort, { once: true });
    stop?.addEventListener("abort", onStop, { once: true });
    wake?.addEventListener("abort", onWake, { once: true });
  });
}
