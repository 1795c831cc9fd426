// Whether the system under test answered a request that failed: with something that cannot be read,
// or by refusing that one request (HTTP 400, 413, 422: a content filter, a context too long, an
// input it will not take). Either is its own failure, measured even when no case could be scored
// (gate/error-sides.ts). No answer at all (a timeout, a refused connection) and 401, 403, 404, 408,
// 429 or 5xx may be the infrastructure's: those leave the case unmeasured.
import { answeredUnusably, type EndpointError } from "../models/errors.ts";

/** The statuses by which an endpoint refuses one request, about that request (the contract's list). */
const REFUSES_THIS_REQUEST: ReadonlySet<number> = new Set([400, 413, 422]);

export function targetAnswered(error: EndpointError): boolean {
  return answeredUnusably(error) || (error.kind === "http" && error.status !== undefined && REFUSES_THIS_REQUEST.has(error.status));
}
