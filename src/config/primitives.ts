// Small reusable zod pieces for evalgate.yml.
import * as z from "zod";
import { clipText } from "../util/escape.ts";
import { pathGlobProblem } from "../util/path-glob.ts";

const DAY_MS = 86_400_000;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS } as const;
const DURATION_TEXT = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/;

/** The longest wait: 24 days, which a Node timer holds as it is (setTimeout takes at most 2^31−1 ms, about 24.8 days). */
export const MAX_WAIT_MS = 24 * DAY_MS;
/** The longest age (`max-age`): ten years; an age is compared with, never waited out. */
export const MAX_AGE_MS = 3650 * DAY_MS;

/**
 * The one rule for every duration, in evalgate.yml and on the command line: "30s", "2m", "500ms",
 * "14d" or a whole number of milliseconds, more than 0 and at most `maxMs` (said in days).
 */
export function readDuration(value: unknown, maxMs: number): { ms: number } | { expected: string; why: string } {
  const text = typeof value === "string" ? value.trim() : undefined;
  const match = text === undefined ? undefined : DURATION_TEXT.exec(text);
  const ms =
    typeof value === "number"
      ? value
      : match
        ? Math.round(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS])
        : text !== undefined && /^\d+$/.test(text)
          ? Number(text)
          : Number.NaN;
  if (Number.isInteger(ms) && ms > 0 && ms <= maxMs) return { ms };
  return {
    expected: `a duration more than 0 and at most ${maxMs / DAY_MS}d, such as 500ms, 30s, 2m or 14d (or whole milliseconds)`,
    why: Number.isNaN(ms) ? "" : ms <= 0 ? " (that is no time)" : ms > maxMs ? " (longer than that)" : " (not whole milliseconds)",
  };
}

/** A duration in evalgate.yml, read by the one rule, in milliseconds: a wait (at most 24d) unless `maxMs` says otherwise. */
export function durationOf(maxMs: number) {
  // What editors see (evalgate.schema.json); the rule itself is readDuration's, with its message.
  const forEditors = [
    { type: "integer", exclusiveMinimum: 0, maximum: maxMs },
    { type: "string", pattern: "^\\s*(\\d+|\\d+(\\.\\d+)?\\s*(ms|s|m|h|d))\\s*$" },
  ];
  return z
    .union([z.number(), z.string()])
    .meta({ anyOf: forEditors })
    .transform((value, ctx) => {
      const read = readDuration(value, maxMs);
      if ("ms" in read) return read.ms;
      const got = typeof value === "string" ? JSON.stringify(value) : String(value);
      ctx.addIssue({ code: "custom", message: `expected ${read.expected}, got ${got}${read.why}` });
      return z.NEVER;
    });
}

/** A wait: a timeout, a backoff, a deadline. */
export const duration = durationOf(MAX_WAIT_MS);
/** An age something is compared with. */
export const age = durationOf(MAX_AGE_MS);

/** "100/s", "600/min", "5000/h" or a number of requests per second; read as requests per second. */
export const requestRate = z
  .union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?\s*\/\s*(s|min|h)$/, "a rate such as 100/s, 600/min or 5000/h")])
  .transform((value) => (typeof value === "number" ? value : parseRate(value)))
  .refine((perSecond) => perSecond > 0, "a rate above zero");

export function parseRate(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*\/\s*(s|min|h)$/.exec(text.trim());
  if (!match) throw new Error(`not a rate: ${text}`);
  return Number(match[1]) / { s: 1, min: 60, h: 3600 }[match[2] as "s" | "min" | "h"];
}

/**
 * The largest magnitude of a configured number (a score, a threshold, a price, a budget): past any
 * real one, and far from where a sum or a mean over a run overflows to Infinity (1e308 twice does).
 */
export const NUMBER_LIMIT = 1e9;

/** A configured number: finite, from -1e9 to 1e9 (narrow it further with .min and .max). */
export const configNumber = () => z.number().min(-NUMBER_LIMIT).max(NUMBER_LIMIT);

/** An environment variable's name: secrets are referenced, never written into the config. */
export const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name such as OPENAI_API_KEY");

/** A configured model's name, as used under `models:`. */
export const modelRef = z.string().min(1);

export const ratio = z.number().min(0).max(1);

/** A suite's `repeat:`: runs of every case (each a fresh request); `--repeat` overrides it for every suite. */
export const suiteRepeat = z
  .number()
  .int()
  .min(1)
  .max(1000)
  .optional()
  .describe(
    "run every case this many times, each a fresh request to the system under test and the judge (pass^k, pass@k and the spread between and within cases come with it); --repeat overrides it",
  );

/**
 * A suite's `paths:`: what it depends on besides its own eval files and config block, as globs in
 * GitHub's `on.<event>.paths` syntax relative to the repository root ("!pattern" excludes).
 */
export const suitePaths = z
  .array(
    z
      .string()
      .min(1)
      .superRefine((glob, ctx) => {
        const problem = pathGlobProblem(glob.startsWith("!") ? glob.slice(1) : glob);
        if (problem)
          ctx.addIssue({ code: "custom", message: `${JSON.stringify(clipText(glob, 80))} cannot be matched safely: ${problem}` });
      }),
  )
  .min(1)
  .optional()
  .describe(
    "globs of what the suite depends on (GitHub paths-filter syntax, from the repository root): with --changed-since or on a pull request, a suite none of whose files changed is carried from the baseline instead of run",
  );
