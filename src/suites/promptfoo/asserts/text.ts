// promptfoo 0.123's text asserts, each as its handler computes pass, score and reason (src/assertions/
// contains.ts, equals.ts, startsWith.ts, regex.ts, levenshtein.ts, cost.ts, latency.ts). `inverse`
// is the not- form. A value of the wrong shape throws, as promptfoo's invariant does; the caller makes
// that the assert's failure.
import { isDeepStrictEqual } from "node:util";
import { type GradingResult, passFail } from "./result.ts";

export class AssertValueError extends Error {
  override readonly name = "AssertValueError";
}

function need(condition: boolean, message: string): asserts condition {
  if (!condition) throw new AssertValueError(message);
}

const not = (inverse: boolean) => (inverse ? "not " : "");

export function equalsAssert(value: unknown, output: string, inverse: boolean): GradingResult {
  let pass: boolean;
  let shown = value;
  if (typeof value === "object") {
    try {
      pass = isDeepStrictEqual(value, JSON.parse(output)) !== inverse;
    } catch {
      pass = inverse;
    }
    shown = JSON.stringify(value);
  } else pass = (String(value) === output) !== inverse;
  return passFail(pass, `Expected output "${output}" to ${not(inverse)}equal "${shown}"`);
}

const isContainsValue = (value: unknown) =>
  (typeof value === "string" && value !== "") || (typeof value === "number" && !Number.isNaN(value));

export function containsAssert(value: unknown, output: string, inverse: boolean, caseless: boolean): GradingResult {
  need(isContainsValue(value), `"${caseless ? "icontains" : "contains"}" assertion type must have a string or number value`);
  const fold = (text: string) => (caseless ? text.toLowerCase() : text);
  const pass = fold(output).includes(fold(String(value))) !== inverse;
  return passFail(pass, `Expected output to ${not(inverse)}contain "${value}"`);
}

/** contains-any, contains-all and their icontains forms: a string value is split on commas ("a, \"b,c\""). */
export function containsListAssert(type: string, value: unknown, output: string, inverse: boolean): GradingResult {
  need(Boolean(value), `"${type}" assertion type must have a value`);
  const list = typeof value === "string" ? splitCommaValues(value) : value;
  need(Array.isArray(list), `"${type}" assertion type must have an array value`);
  const caseless = type.startsWith("i");
  const fold = (text: string) => (caseless ? text.toLowerCase() : text);
  const has = (item: unknown) => fold(output).includes(fold(String(item)));
  if (type.endsWith("-any")) {
    const pass = list.some(has) !== inverse;
    return passFail(pass, `Expected output to ${not(inverse)}contain one of "${list.join(", ")}"`);
  }
  const missing = list.filter((item) => !has(item));
  const pass = (missing.length === 0) !== inverse;
  return passFail(pass, `Expected output to ${not(inverse)}contain all of [${list.join(", ")}]. Missing: [${missing.join(", ")}]`);
}

/** promptfoo's comma-separated values: fields trimmed, "quoted, fields" kept whole (\" and "" escape a quote). */
export function splitCommaValues(value: string): string[] {
  const fields: string[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < value.length && /\s/.test(value[i]!)) i++;
  };
  while (i < value.length) {
    while (i < value.length && (/\s/.test(value[i]!) || value[i] === ",")) i++;
    if (i >= value.length) break;
    if (value[i] === '"') {
      let field = "";
      let closed = false;
      for (i++; i < value.length; ) {
        const next = value[i + 1];
        if ((value[i] === "\\" && (next === '"' || next === "\\")) || (value[i] === '"' && next === '"')) {
          field += next;
          i += 2;
        } else if (value[i] === '"') {
          i++;
          closed = true;
          break;
        } else field += value[i++];
      }
      need(closed, "Unterminated quoted field in contains assertion value");
      fields.push(field);
      skipSpace();
      need(i >= value.length || value[i] === ",", "Expected comma after quoted field in contains assertion value");
    } else {
      const start = i;
      while (i < value.length && value[i] !== ",") i++;
      fields.push(value.slice(start, i).trim());
    }
  }
  return fields;
}

export function startsWithAssert(value: unknown, output: string, inverse: boolean): GradingResult {
  need(typeof value === "string" && value !== "", '"starts-with" assertion type must have a string value');
  const pass = output.startsWith(value) !== inverse;
  return passFail(pass, `Expected output to ${not(inverse)}start with "${value}"`);
}

export function regexAssert(value: unknown, output: string, inverse: boolean): GradingResult {
  need(typeof value === "string" && value !== "", '"regex" assertion type must have a string value');
  let regex: RegExp;
  try {
    regex = new RegExp(value);
  } catch (error) {
    return { pass: false, score: 0, reason: `Invalid regex pattern: ${(error as Error).message}` };
  }
  const pass = regex.test(output) !== inverse;
  return passFail(pass, `Expected output to ${not(inverse)}match regex "${value}"`);
}

export function levenshteinAssert(value: unknown, output: string, inverse: boolean, threshold = 5): GradingResult {
  need(typeof value === "string", '"levenshtein" assertion type must have a string value');
  const distance = levenshtein(output, value);
  const pass = distance <= threshold !== inverse;
  return passFail(pass, `Levenshtein distance ${distance} is ${inverse ? "less than or equal to" : "greater than"} threshold ${threshold}`);
}

/** Edit distance in UTF-16 code units, as fastest-levenshtein counts it. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** cost and latency: at most the threshold passes; a number the provider did not give throws (promptfoo's message). */
export function limitAssert(
  type: "cost" | "latency",
  measured: number | undefined,
  threshold: number | undefined,
  inverse: boolean,
): GradingResult {
  if (threshold === undefined)
    throw new AssertValueError(
      type === "cost" ? "Cost assertion must have a threshold" : "Latency assertion must have a threshold in milliseconds",
    );
  if (measured === undefined)
    throw new AssertValueError(
      type === "cost"
        ? "Cost assertion does not support providers that do not return cost"
        : "Latency assertion does not support cached results. Rerun the eval with --no-cache",
    );
  const pass = measured <= threshold !== inverse;
  const relation = inverse ? "less than or equal to" : "greater than";
  return passFail(
    pass,
    type === "cost"
      ? `Cost ${measured.toPrecision(2)} is ${relation} threshold ${threshold}`
      : `Latency ${measured}ms is ${relation} threshold ${threshold}ms`,
  );
}
