// A 429 is usually a rate refusal: wait, pace, try again. Some say the provider's quota is used up:
// OpenAI's `insufficient_quota`, a body saying a daily limit is reached, or a wait (Retry-After, or
// the reset of a limit at 0) of an hour or more, or longer than the run has left. No retry can be
// answered within the run then, so the run stops with exit 3 ("OpenAI's quota for gpt-4o-mini is
// used up"), never waiting for hours, never reading as a regression. Pure: no I/O.
import { endpointUrl, type ModelConfig } from "../config/models.ts";
import { formatWait } from "../util/timers.ts";
import { MAX_RETRY_AFTER_MS } from "./retry.ts";

/** A 429 asking to wait this long or longer is a quota used up, deadline or not. */
export const QUOTA_WAIT_MS = 3_600_000;
/** A body is searched this far for the words of a used-up quota (they come first in every provider's error). */
const BODY_SEARCH_CHARS = 64 * 1024;

/** What providers write in a 429 whose quota is used up, and how the message names it. */
const BODY_SIGNS: { sign: RegExp; says: string }[] = [
  { sign: /insufficient_quota|exceeded your current quota/i, says: "the provider answered insufficient_quota" },
  {
    sign: /\b(daily|per[ -]day|a day|each day|requests per day|tokens per day|RPD|TPD)\b[\s\S]{0,80}\b(limit|quota)|\b(limit|quota)\b[\s\S]{0,80}\b(daily|per[ -]day|RPD|TPD)\b/i,
    says: "the provider says a daily limit is reached",
  },
];

/** The provider's own words for a used-up quota in a 429's body, as our message names them; null when it says none. */
export function quotaSaidInBody(body: string): string | null {
  const head = body.length > BODY_SEARCH_CHARS ? body.slice(0, BODY_SEARCH_CHARS) : body;
  return BODY_SIGNS.find(({ sign }) => sign.test(head))?.says ?? null;
}

export interface RefusalFacts {
  /** What the body says (quotaSaidInBody), or null. */
  bodySays: string | null;
  /** The wait the refusal asks for (Retry-After, or the reset of an exhausted limit), in ms; null when it names none. */
  waitMs: number | null;
  /** Time left before the run's deadline, in ms; null without a deadline. */
  remainingMs: number | null;
}

/** Why a 429 means the quota is used up for this run, or null when waiting for it is worth it. */
export function quotaExhausted({ bodySays, waitMs, remainingMs }: RefusalFacts): string | null {
  if (bodySays) return bodySays;
  if (waitMs === null) return null;
  if (waitMs >= QUOTA_WAIT_MS) return `it asks to wait ${formatWait(waitMs)}`;
  // A wait past the deadline that no retry would wait out (they wait at most MAX_RETRY_AFTER_MS): the
  // run cannot be answered in time. A shorter one is waited for until the deadline ends it.
  if (remainingMs !== null && waitMs > remainingMs && waitMs > MAX_RETRY_AFTER_MS)
    return `it asks to wait ${formatWait(waitMs)}, past the run's deadline (${formatWait(remainingMs)} left)`;
  return null;
}

/** Hosts whose provider has a name people know; any other endpoint is named by its host. */
const KNOWN_HOSTS: { host: RegExp; name: string }[] = [
  { host: /(^|\.)openai\.com$/, name: "OpenAI" },
  { host: /\.openai\.azure\.com$/, name: "Azure OpenAI" },
  { host: /(^|\.)anthropic\.com$/, name: "Anthropic" },
];

/** "OpenAI's quota for gpt-4o-mini": whose quota a model's requests use, for the message that stops the run. */
export function quotaOwner(name: string, config: ModelConfig): string {
  let host = "";
  try {
    host = new URL(endpointUrl(config)?.value ?? "").host;
  } catch {
    // a URL that does not parse fails at its first request; the provider's name stands in
  }
  const known = KNOWN_HOSTS.find((entry) => entry.host.test(host.replace(/:\d+$/, "")))?.name;
  const provider = known ?? (host || config.provider);
  const model = "model" in config && typeof config.model === "string" ? config.model : name;
  return `${provider}'s quota for ${model}`;
}
