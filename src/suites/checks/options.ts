// The `checks:` list in evalgate.yml, as a pure schema built from the table of kinds (kinds.ts):
// each entry names one kind with its value, and may add `name`, `case-sensitive` (the text kinds)
// or `flags` (regex). Also the checks' names, which the metrics `check/<name>` carry.
import * as z from "zod";
import { CHECK_KINDS } from "./kinds.ts";

/** A check's name: what follows `check/` in its metric, so a gate.metrics glob can name it. */
const CHECK_NAME = /^[A-Za-z0-9_.-]+$/;

const keyShape = Object.fromEntries(CHECK_KINDS.map((entry) => [entry.key, entry.value.optional().describe(entry.description)]));

/** One entry of `checks:`, as written: the kind's key with its value, and the options. */
export type CheckSpec = {
  name?: string | undefined;
  "case-sensitive"?: boolean | undefined;
  flags?: string | undefined;
} & Record<string, unknown>;

/** The kinds an entry names (it must name exactly one). */
export function kindKeysOf(spec: Record<string, unknown>): string[] {
  return CHECK_KINDS.map((entry) => entry.key).filter((key) => spec[key] !== undefined);
}

export const checkSpec = z
  .strictObject({
    ...keyShape,
    name: z
      .string()
      .regex(CHECK_NAME, "a check name is letters, digits, _ . - (it names the metric check/<name>)")
      .max(64)
      .optional()
      .describe("the check's name in its metric check/<name>; default: the kind and its count among the checks of that kind (contains-1)"),
    "case-sensitive": z
      .boolean()
      .optional()
      .describe("compare case (contains, not-contains, starts-with and ends-with ignore it unless true)"),
    flags: z
      .string()
      .regex(/^(?!.*(.).*\1)[imsuv]*$/, "regular-expression flags among i, m, s, u, v, each once")
      .optional()
      .describe("regular-expression flags (regex): i, m, s, u, v"),
  })
  .superRefine((spec, ctx) => {
    const keys = kindKeysOf(spec);
    if (keys.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: keys.length
          ? `names ${keys.length} kinds (${keys.join(", ")}): one kind per check`
          : `names no kind: one of ${CHECK_KINDS.map((entry) => entry.key).join(", ")}`,
      });
      return;
    }
    const entry = CHECK_KINDS.find((candidate) => candidate.key === keys[0])!;
    if (spec["case-sensitive"] !== undefined && entry.caseSensitive === undefined)
      ctx.addIssue({ code: "custom", path: ["case-sensitive"], message: `does not apply to ${entry.key}` });
    if (spec.flags !== undefined && !entry.flags)
      ctx.addIssue({ code: "custom", path: ["flags"], message: `does not apply to ${entry.key}` });
    if (spec.flags?.includes("u") && spec.flags.includes("v"))
      ctx.addIssue({ code: "custom", path: ["flags"], message: "u and v cannot be used together" });
  });

export const checksOption = z
  .array(checkSpec)
  .min(1)
  .superRefine((specs, ctx) => {
    const names = checkNames(specs as CheckSpec[]);
    names.forEach((name, index) => {
      const first = names.indexOf(name);
      if (first !== index)
        ctx.addIssue({
          code: "custom",
          path: [index, ...(specs[index]!.name !== undefined ? ["name"] : [])],
          message: `the check name "${name}" is also that of checks[${first}]: name each check once`,
        });
    });
  })
  .optional()
  .describe("exact checks on each answer; metrics check_pass_rate and check/<name> (docs/checks.md)");

/** Each check's name: its own, or its kind and its count among the checks of that kind ("contains-2"). */
export function checkNames(specs: readonly CheckSpec[]): string[] {
  const counts = new Map<string, number>();
  return specs.map((spec) => {
    const key = kindKeysOf(spec)[0] ?? "check";
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return spec.name ?? `${key}-${count}`;
  });
}
