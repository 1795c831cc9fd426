// Small reusable zod pieces for evalgate.yml.
import * as z from "zod";
import { clipText } from "../util/escape.ts";
import { pathGlobProblem } from "../util/path-glob.ts";

/** "30s", "2m", "500ms", "14d" or a number of milliseconds. */
export const duration = z
  .union([z.number().int().positive(), z.string().regex(/^\d+(\.\d+)?\s*(ms|s|m|h|d)$/, "a duration such as 500ms, 30s, 2m or 14d")])
  .transform((value) => (typeof value === "number" ? value : parseDuration(value)));

export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  const scale = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "ms" | "s" | "m" | "h" | "d"];
  return Math.round(Number(match[1]) * scale);
}

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
