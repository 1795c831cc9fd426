export type EndpointErrorKind = 
/** 401/403/404/410: the model is misconfigured or gone; its remaining work stops. */
"fatal" | "timeout" | "network"
/** Any other HTTP status that survived the retries (or was not retryable). */
 | "http"
/** The endpoint answered 2xx with something we cannot read. */
 | "parse"
/** Not sent: the run reached its deadline or budget (src/models/run-guard.ts). */
 | "stopped";
export declare class EndpointError extends Error {
    readonly name = "EndpointError";
    readonly kind: EndpointErrorKind;
    readonly model: string;
    readonly status: number | undefined;
    readonly attempts: number;
    constructor(kind: EndpointErrorKind, model: string, message: string, options?: {
        status?: number;
        attempts?: number;
        cause?: unknown;
    });
}
export declare function isEndpointError(error: unknown): error is EndpointError;
/**
 * Whether a failed call counts against its model: not when the caller gave up (interrupted) or the
 * run stopped it before sending (deadline, budget); those say nothing about the model.
 */
export declare function countsAsModelError(error: unknown, signal: AbortSignal | undefined): boolean;
