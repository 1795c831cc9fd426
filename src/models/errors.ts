// Failures of an endpoint. The engine turns them into reported case errors, never crashes or passes.

export type EndpointErrorKind =
  /** 401/403/404/410: the model is misconfigured or gone; its remaining work stops. */
  | "fatal"
  | "timeout"
  | "network"
  /** Any other HTTP status that survived the retries (or was not retryable). */
  | "http"
  /** The endpoint answered 2xx with something we cannot read. */
  | "parse"
  /** Not sent: the run reached its deadline or budget (src/models/run-guard.ts). */
  | "stopped";

import type { Refusal } from "./refused-field.ts";

/** A failed call whose endpoint did answer, with something that cannot be read: the endpoint's own fault. */
export function answeredUnusably(error: EndpointError): boolean {
  return error.kind === "parse";
}

export class EndpointError extends Error {
  override readonly name = "EndpointError";
  readonly kind: EndpointErrorKind;
  readonly model: string;
  readonly status: number | undefined;
  readonly attempts: number;
  /** The provider's error object, when a refused request's body carried one (redacted). */
  readonly refusal: Refusal | undefined;

  constructor(
    kind: EndpointErrorKind,
    model: string,
    message: string,
    options: { status?: number; attempts?: number; cause?: unknown; refusal?: Refusal } = {},
  ) {
    super(`${model}: ${message}`, { cause: options.cause });
    this.kind = kind;
    this.model = model;
    this.status = options.status;
    this.attempts = options.attempts ?? 1;
    this.refusal = options.refusal;
  }
}

export function isEndpointError(error: unknown): error is EndpointError {
  return error instanceof EndpointError;
}

/**
 * Whether a failed call counts against its model: not when the caller gave up (interrupted) or the
 * run stopped it before sending (deadline, budget); those say nothing about the model.
 */
export function countsAsModelError(error: unknown, signal: AbortSignal | undefined): boolean {
  return !signal?.aborted && !(isEndpointError(error) && error.kind === "stopped");
}
