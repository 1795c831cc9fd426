// Posting one test case to the Athena-compatible server until it gives a usable answer. The
// transport already retries HTTP failures (429, 5xx, network, timeouts); the TestBench also retries
// a 2xx whose body is not JSON or not the module manager's wrapper (any exception inside its retry
// loop, 3 attempts in all), so such a body is retried here too, a bounded number of times, and the
// cause is reported if it never becomes valid.
import { isEndpointError } from "../../models/errors.ts";
import { backoffDelay } from "../../models/retry.ts";
import type { JsonResponse } from "../../models/transport.ts";
import { redact } from "../../util/redact.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { targetAnswered } from "../target-answered.ts";
import type { SgiOptions } from "./options.ts";
import { type AthenaResponse, parseAthenaResponse } from "./response.ts";

export type FeedbackAnswer =
  | { ok: true; response: JsonResponse; parsed: AthenaResponse; requests: number }
  | { ok: false; error: NonNullable<CaseOutcome["error"]>; requests: number; lastBody?: unknown };

export async function requestFeedback(body: unknown, ctx: RunContext & { options: SgiOptions }): Promise<FeedbackAnswer> {
  const endpoint = ctx.models.endpoint(ctx.options.target);
  const attempts = 1 + ctx.options["invalid-retries"];
  const causes: string[] = [];
  let requests = 0;
  let lastBody: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let response: JsonResponse;
    try {
      // The pause before asking again ends with the run (Ctrl-C, the deadline, the budget), as a request's wait does.
      if (attempt > 1) await endpoint.pause(backoffDelay(attempt - 1, endpoint.config["retry-backoff"]), ctx.signal);
      response = await endpoint.post(body, ctx.signal);
    } catch (error) {
      if (!isEndpointError(error)) throw error;
      requests += error.attempts;
      // Only an unreadable 2xx body is retried here; HTTP failures were already retried by the transport.
      if (error.kind !== "parse") {
        const kind = error.kind === "fatal" ? "fatal" : "endpoint";
        const answered = targetAnswered(error) ? { answered: true as const } : {};
        return { ok: false, error: { kind, message: redact(error.message), side: "system", ...answered }, requests };
      }
      causes.push(error.message.replace(`${ctx.options.target}: `, ""));
      continue;
    }
    requests += response.attempts;
    const parsed = parseAthenaResponse(response.json);
    if (parsed.ok) return { ok: true, response, parsed: parsed.value, requests };
    causes.push(parsed.message);
    lastBody = response.json;
  }
  const message = redact(invalidMessage(ctx.options.target, causes));
  // It answered every attempt, never usably: its own failure.
  return { ok: false, error: { kind: "endpoint", message, side: "system", answered: true }, requests, lastBody };
}

/** "athena: 3 attempts, every answer invalid: <cause>" (distinct causes, in order, when they vary). */
function invalidMessage(target: string, causes: string[]): string {
  const distinct = [...new Set(causes)];
  const attempts = causes.length === 1 ? "1 attempt" : `${causes.length} attempts`;
  const what = causes.length === 1 ? "the answer was invalid" : "every answer was invalid";
  return `${target}: ${attempts}, ${what}: ${distinct.join("; then: ")}`;
}
