// One JSON request to an endpoint, with timeout, retries, the concurrency limiter and the fatal
// stop. A concurrency slot is held only while an attempt is on the wire, never during backoff, so
// a retrying call never starves the others. The caller's signal ends every wait and aborts what is
// on the wire; the run guard's stop (deadline, budget) ends every wait but lets what is on the wire finish.
import { clipText } from "../report/escape.ts";
import { parseJsonKeepingNumbers } from "../util/json-numbers.ts";
import { redact } from "../util/redact.ts";
import { BREAKER_THRESHOLD, extendStreak, type FailureStreak, failureSignature } from "./circuit-breaker.ts";
import { EndpointError, type EndpointErrorKind } from "./errors.ts";
import type { JsonResponse } from "./json-endpoint.ts";
import type { Limiter } from "./limits.ts";
import { type AttemptOutcome, classifyOutcome, MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelay } from "./retry.ts";
import { RUN_STOPPED, type RunGuard } from "./run-guard.ts";
import type { ModelStats } from "./stats.ts";
import { type Dispatcher, exchange } from "./undici-lite.ts";

export interface HttpRequestSpec {
  url: string;
  method: "POST" | "PUT";
  headers: Record<string, string>;
  body: unknown;
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
  /**
   * The run's deadline and budget, checked before every request. Its signal ends the backoff sleep
   * here; the limiter's waits end with it too when the limits were created with it as their `stop`.
   */
  guard?: RunGuard;
  /** Failed attempts in a row that failed the same way (the circuit breaker). */
  streak?: FailureStreak;
  /** Injectable for tests: jitter source and the backoff sleep (ended by either signal, rejecting with its reason). */
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal | undefined, stop: AbortSignal | undefined) => Promise<void>;
}

const EXCERPT_CHARS = 200;
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

type AttemptResult =
  | { ok: true; status: number; text: string; latencyMs: number }
  | { ok: false; outcome: AttemptOutcome; detail: string; invalidRequest?: boolean };

/** POST/PUT `spec.body` as JSON; resolves with the parsed 2xx body or throws an EndpointError. */
export async function postJson(
  channel: ModelChannel,
  spec: HttpRequestSpec,
  signal?: AbortSignal,
  /** What a 2xx body cost (the model's price table), for the run's budget; null when unknown. */
  costOf?: (json: unknown) => number | null,
): Promise<JsonResponse> {
  const payload = JSON.stringify(spec.body);
  const headers = { "content-type": "application/json", accept: "application/json", ...spec.headers };
  const where = `${spec.method} ${spec.url}`;
  for (let attempt = 1; ; attempt++) {
    throwIfStopped(channel, signal);
    throwIfRunStopped(channel);
    let settled: ReturnType<typeof settle>;
    try {
      settled = await channel.limiter.run(async (startedAt) => {
        // The model may have been stopped, or the caller may have given up, while this call queued.
        throwIfStopped(channel, signal);
        throwIfRunStopped(channel);
        channel.stats.requests++;
        const result = await attemptOnce(channel, spec, headers, payload, signal);
        // Tell the model's adaptive limit before the slot frees, so the next request sees the new limit.
        const load = loadFeedback(result);
        if (load) channel.limiter.feedback({ ...load, startedAt });
        // Settled while the slot is held, so the next queued request already sees this one's stop and cost.
        return settle(channel, where, result, attempt, costOf);
      }, signal);
    } catch (error) {
      throw runStoppedOr(channel, error); // the run stopped while this call waited for a slot
    }
    // The freed slot's next request is written out in this turn's check phase (undici checks a
    // reused keep-alive socket there first); what the caller does with this answer waits until
    // after it, so the slot's next request is not held back by this one's scoring and journaling.
    await afterPendingWrites();
    if ("response" in settled) return settled.response;
    if ("error" in settled) throw settled.error;
    const result = settled.failure;
    channel.stats.retries++;
    const delay = retryDelay(attempt, result.outcome, channel.policy.backoffMs, channel.random);
    try {
      await (channel.sleep ?? abortableSleep)(delay, signal, channel.guard?.signal);
    } catch (error) {
      throw runStoppedOr(channel, error); // the run stopped while this call backed off
    }
  }
}

type AttemptFailure = Extract<AttemptResult, { ok: false }>;

/** One attempt's outcome: the parsed body (its cost recorded), an error that ends the call, or a failure to retry. */
function settle(
  channel: ModelChannel,
  where: string,
  result: AttemptResult,
  attempt: number,
  costOf: ((json: unknown) => number | null) | undefined,
): { response: JsonResponse } | { error: EndpointError } | { failure: AttemptFailure } {
  if (result.ok) {
    channel.streak = undefined;
    const response = parseBody(channel.name, where, result, attempt);
    if (costOf) channel.guard?.recordCost(costOf(response.json));
    return { response };
  }
  channel.streak = extendStreak(channel.streak, failureSignature(result.outcome));
  const status = result.outcome.kind === "status" ? result.outcome.status : undefined;
  if (channel.streak && channel.streak.count >= BREAKER_THRESHOLD) {
    const message = `${channel.streak.count} requests in a row failed the same way (last: ${where} ${failureText(result)}); stopping every call to this model instead of retrying each case`;
    return { error: stop(channel, message, status, attempt) };
  }
  if (result.invalidRequest) {
    return { error: stop(channel, `cannot send ${where}: ${result.detail}; stopping every call to this model`, undefined, attempt) };
  }
  const decision = classifyOutcome(result.outcome);
  if (decision === "fatal") {
    const message = `${where} answered ${result.detail}; stopping every call to this model (check its url, model name and key)`;
    return { error: stop(channel, message, status, attempt) };
  }
  if (decision === "fail" || attempt > channel.policy.maxRetries) {
    const tries = attempt === 1 ? "" : ` (after ${attempt} attempts)`;
    return {
      error: new EndpointError(errorKind(result.outcome), channel.name, redact(`${where} ${failureText(result)}${tries}`), {
        status,
        attempts: attempt,
      }),
    };
  }
  return { failure: result };
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
  const call = exchange(channel.dispatcher, spec.url, {
    method: spec.method,
    headers,
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
  }, timeoutMs);
  const onCallerAbort = () => call.abort(callerSignal?.reason as Error);
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    // The whole body is read, success or not, so the connection goes back to the pool.
    const response = await call.response;
    const latencyMs = performance.now() - started;
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, text: response.text, latencyMs };
    const retryAfter = response.headers["retry-after"];
    return {
      ok: false,
      outcome: { kind: "status", status: response.status, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter },
      detail: `HTTP ${response.status}: ${excerpt(response.text)}`,
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

function parseBody(
  model: string,
  where: string,
  result: { status: number; text: string; latencyMs: number },
  attempts: number,
): JsonResponse {
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
  return { json, status: result.status, latencyMs: Math.round(result.latencyMs * 100) / 100, attempts };
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
function throwIfRunStopped(channel: ModelChannel): void {
  const reason = channel.guard?.check();
  if (reason) throw runStoppedError(channel, reason);
}

function runStoppedError(channel: ModelChannel, reason: string): EndpointError {
  return new EndpointError("stopped", channel.name, `${RUN_STOPPED}: ${reason}`, { attempts: 0 });
}

/** A wait ended by the run guard's signal becomes the same "stopped" error as throwIfRunStopped's; anything else is itself. */
function runStoppedOr(channel: ModelChannel, error: unknown): unknown {
  const guard = channel.guard;
  if (guard?.signal.aborted && error === guard.signal.reason) return runStoppedError(channel, guard.check() ?? "");
  return error;
}

function stop(channel: ModelChannel, message: string, status: number | undefined, attempts: number): EndpointError {
  channel.fatal ??= { message: redact(message), status };
  return new EndpointError("fatal", channel.name, channel.fatal.message, { status: channel.fatal.status, attempts });
}

/**
 * A 429 or 503 is the provider saying "slower": the whole model backs off, honouring Retry-After.
 * An answer says "this pace works"; other failures say nothing about capacity (null).
 */
function loadFeedback(result: AttemptResult): { refused: boolean; retryAfterMs: number | null } | null {
  if (result.ok) return { refused: false, retryAfterMs: null };
  if (result.outcome.kind !== "status") return null;
  const { status, retryAfter } = result.outcome;
  if (status !== 429 && status !== 503) return null;
  const asked = parseRetryAfter(retryAfter);
  return { refused: true, retryAfterMs: asked === null ? null : Math.min(asked, MAX_RETRY_AFTER_MS) };
}

function errorKind(outcome: AttemptOutcome): EndpointErrorKind {
  return outcome.kind === "status" ? "http" : outcome.kind;
}

function failureText(result: { detail: string }): string {
  return result.detail.startsWith("HTTP") ? `answered ${result.detail}` : result.detail;
}

/** A short, single-line, redacted piece of a response body for error messages. */
export function excerpt(text: string): string {
  const flat = redact(text).replace(/\s+/g, " ").trim();
  if (flat === "") return "(empty body)";
  return clipText(flat, EXCERPT_CHARS + 1);
}

const afterPendingWrites = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Sleeps `ms`; an abort of `signal` (the caller's) or `stop` (the run guard's) ends it at once, rejecting with its reason. */
function abortableSleep(ms: number, signal: AbortSignal | undefined, stop: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (stop?.aborted) return Promise.reject(stop.reason);
  return new Promise<void>((resolve, reject) => {
    const end = (aborted: AbortSignal | undefined) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      stop?.removeEventListener("abort", onStop);
      if (aborted) reject(aborted.reason);
      else resolve();
    };
    const onAbort = () => end(signal);
    const onStop = () => end(stop);
    const timer = setTimeout(() => end(undefined), ms);
    signal?.addEventListener("abort", onAbort, { once: true });
    stop?.addEventListener("abort", onStop, { once: true });
  });
}
