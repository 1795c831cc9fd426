#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/models/retry.ts
var FATAL_STATUSES = /* @__PURE__ */ new Set([401, 403, 404, 410]);
var MAX_BACKOFF_MS = 3e4;
var MAX_RETRY_AFTER_MS = 6e4;
function classifyOutcome(outcome) {
  if (outcome.kind !== "status") return "retry";
  const { status } = outcome;
  if (FATAL_STATUSES.has(status)) return "fatal";
  if (status === 429 || status >= 500) return "retry";
  return "fail";
}
function backoffDelay(attempt, baseMs, random = Math.random, capMs = MAX_BACKOFF_MS) {
  const exponential = baseMs * 2 ** Math.max(0, attempt - 1);
  const jittered = exponential * (1 + 0.3 * random());
  return Math.min(capMs, Math.round(jittered));
}
function parseRetryAfter(header, now = Date.now()) {
  if (header === null || header === void 0) return null;
  const text = header.trim();
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1e3);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
function retryDelay(attempt, outcome, baseMs, random = Math.random, now = Date.now()) {
  if (outcome.kind === "status" && (outcome.status === 429 || outcome.status === 503)) {
    const asked = parseRetryAfter(outcome.retryAfter, now);
    if (asked !== null) return Math.min(MAX_RETRY_AFTER_MS, asked);
  }
  return backoffDelay(attempt, baseMs, random);
}

export {
  MAX_RETRY_AFTER_MS,
  classifyOutcome,
  backoffDelay,
  parseRetryAfter,
  retryDelay
};
