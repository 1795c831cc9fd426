// What a provider's response headers say about its limits, read the same way for every answer (a
// 429 or a 2xx). Both providers state per-minute limits and refill them continuously, so the
// sustained rate is the limit over 60 s; "remaining 0" holds every start until its reset.
//   OpenAI:    x-ratelimit-{limit,remaining,reset}-{requests,tokens}; reset is a duration ("1s", "6m0s", "20ms")
//   Anthropic: anthropic-ratelimit-{requests,tokens,input-tokens}-{limit,remaining,reset}; reset is an RFC 3339 time
//   Both:      retry-after (seconds or an HTTP date), retry-after-ms
import type { IncomingHttpHeaders } from "node:http";
import type { ProviderLimits } from "./pacer.ts";
import { parseRetryAfter } from "./retry.ts";

type Headers = IncomingHttpHeaders;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const count = (headers: Headers, name: string): number | undefined => {
  const text = header(headers, name)?.trim();
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
};

const DURATION_UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** OpenAI's reset durations: "1s", "6m0s", "1h2m3.5s", "20ms". Null when unreadable. */
export function parseResetDuration(text: string | undefined): number | null {
  const trimmed = text?.trim();
  if (!trimmed || !/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(trimmed)) return null;
  let ms = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)) ms += Number(amount) * DURATION_UNITS[unit!]!;
  return Math.round(ms);
}

/** Anthropic's reset times (RFC 3339) as ms from `now`; null when unreadable. */
function untilTime(text: string | undefined, now: number): number | null {
  if (!text) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** How long a refused request should wait: retry-after-ms first (precise), then retry-after. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | null {
  const ms = count(headers, "retry-after-ms");
  if (ms !== undefined) return Math.round(ms);
  return parseRetryAfter(header(headers, "retry-after"), now);
}

interface Family {
  limit: string;
  remaining: string;
  /** Milliseconds to the reset, from the header's text. */
  resetMs: (headers: Headers) => number | null;
}

const openAI = (kind: "requests" | "tokens"): Family => ({
  limit: `x-ratelimit-limit-${kind}`,
  remaining: `x-ratelimit-remaining-${kind}`,
  resetMs: (headers) => parseResetDuration(header(headers, `x-ratelimit-reset-${kind}`)),
});

const anthropic = (kind: "requests" | "tokens" | "input-tokens", now: number): Family => ({
  limit: `anthropic-ratelimit-${kind}-limit`,
  remaining: `anthropic-ratelimit-${kind}-remaining`,
  resetMs: (headers) => untilTime(header(headers, `anthropic-ratelimit-${kind}-reset`), now),
});

/** One limit's sustained rate per second, and how long it is exhausted for (remaining 0). */
function readFamily(headers: Headers, families: Family[]): { perSecond?: number; exhaustedForMs?: number } {
  for (const family of families) {
    const limit = count(headers, family.limit);
    if (!limit) continue;
    const remaining = count(headers, family.remaining);
    const reset = remaining === 0 ? family.resetMs(headers) : null;
    return { perSecond: limit / 60, ...(reset ? { exhaustedForMs: reset } : {}) };
  }
  return {};
}

/** The limits the headers announce; null when they announce none. */
export function providerLimits(headers: Headers, now: number = Date.now()): ProviderLimits | null {
  const requests = readFamily(headers, [openAI("requests"), anthropic("requests", now)]);
  const tokens = readFamily(headers, [openAI("tokens"), anthropic("tokens", now), anthropic("input-tokens", now)]);
  const exhaustedForMs = Math.max(requests.exhaustedForMs ?? 0, tokens.exhaustedForMs ?? 0);
  if (requests.perSecond === undefined && tokens.perSecond === undefined) return null;
  return {
    ...(requests.perSecond !== undefined ? { requestsPerSecond: requests.perSecond } : {}),
    ...(tokens.perSecond !== undefined ? { tokensPerSecond: tokens.perSecond } : {}),
    ...(exhaustedForMs > 0 ? { exhaustedForMs } : {}),
  };
}
