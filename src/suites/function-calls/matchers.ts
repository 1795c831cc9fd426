// Argument matchers: how one expected argument value is compared with what the target sent.
// Expected values are compiled once at load time into plain JSON-serialisable matcher trees, so a
// bad regex or marker is reported with its file and line before anything runs.

import { isRecord } from "../../util/is-record.ts";
import { numberSource } from "../../util/json-numbers.ts";
import { isSimilar, pythonStr } from "../../util/sequence-matcher.ts";

export type ArgMatcher =
  /** The seed's rule: difflib ratio of normalised str() renderings >= threshold. `source`: a number's JSON text (5.0, big ints). */
  | { kind: "similar"; value: unknown; threshold: number; source?: string }
  /** Deep equality, key order ignored; 5 equals 5.0, "5" does not equal 5. */
  | { kind: "exact"; value: unknown }
  /** BFCL string rule: spaces and ,./-_*^ removed, lowercased, ' read as ". */
  | { kind: "bfcl-string"; value: string }
  | { kind: "any-of"; options: ArgMatcher[] }
  /** Anchored regular expression tested against the value's str() rendering. */
  | { kind: "regex"; pattern: string; flags: string }
  /** |actual − value| <= max(absTol, relTol·|value|); numeric strings are read as numbers. */
  | { kind: "number"; value: number; absTol: number; relTol: number }
  /** Present, whatever the value. */
  | { kind: "any" }
  /** Nested object: each field matched recursively; extra keys fail. `fallback` is the seed's str() comparison when shapes differ. */
  | { kind: "object"; fields: Record<string, ExpectedArgument>; fallback?: ArgMatcher }
  | { kind: "array"; items: ArgMatcher[]; ordered: boolean; fallback?: ArgMatcher };

export interface ExpectedArgument {
  matcher: ArgMatcher;
  /** May be left out: then it counts neither as missing nor in the recall denominator. */
  optional: boolean;
}

export type LeafMode = "similarity" | "exact";

export interface CompileOptions {
  mode: LeafMode;
  threshold: number;
}

/** Thrown for malformed expected values; `path` names the argument (e.g. `priority`, `filters.0.op`). */
export class MatcherSpecError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.path = path;
  }
}

const MARKERS = ["$anyOf", "$regex", "$number", "$exact", "$similar", "$any", "$unordered"] as const;

function markerOf(value: unknown): (typeof MARKERS)[number] | undefined {
  if (!isRecord(value)) return undefined;
  return MARKERS.find((marker) => marker in value);
}

function holdsMarker(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsMarker);
  if (!isRecord(value)) return false;
  return markerOf(value) !== undefined || "$optional" in value || Object.values(value).some(holdsMarker);
}

/**
 * An expected argument as written in a JSONL case. Plain values use the suite's leaf mode; objects
 * with a `$` marker choose a matcher: {"$anyOf": [..]} ("" among them = may be omitted),
 * {"$regex": "T-\\d+", "$flags": "i"}, {"$number": 5, "$absTol": 0.01, "$relTol": 0},
 * {"$exact": v}, {"$similar": v, "$threshold": 0.9}, {"$any": true}, {"$unordered": [..]};
 * any marker object may add "$optional": true.
 */
export function compileExpected(value: unknown, options: CompileOptions, path: string, source?: string): ExpectedArgument {
  if (isRecord(value) && markerOf(value) !== undefined) {
    const optional = value.$optional === true;
    const compiled = compileMarker(value, options, path);
    return { matcher: compiled.matcher, optional: optional || compiled.optional };
  }
  if (isRecord(value) && "$optional" in value)
    throw new MatcherSpecError(path, `"$optional" needs a matcher marker beside it (${MARKERS.join(", ")})`);
  return { matcher: compileValue(value, options, path, source), optional: false };
}

/** `source`: the JSON text of `value` when it is a number whose JS value hides how it was written. */
function compileValue(value: unknown, options: CompileOptions, path: string, source?: string): ArgMatcher {
  if (isRecord(value) && markerOf(value) !== undefined) {
    const compiled = compileExpected(value, options, path);
    if (compiled.optional) throw new MatcherSpecError(path, `"$optional" only applies to object fields and top-level arguments`);
    return compiled.matcher;
  }
  const fallback = holdsMarker(value) ? undefined : leaf(value, options);
  if (isRecord(value)) {
    const fields: Record<string, ExpectedArgument> = {};
    for (const [key, item] of Object.entries(value))
      fields[key] = compileExpected(item, options, `${path}.${key}`, numberSource(value, key));
    return { kind: "object", fields, ...(fallback && { fallback }) };
  }
  if (Array.isArray(value)) {
    return {
      kind: "array",
      items: value.map((item, i) => compileValue(item, options, `${path}.${i}`, numberSource(value, i))),
      ordered: true,
      ...(fallback && { fallback }),
    };
  }
  return leaf(value, options, source);
}

function leaf(value: unknown, options: CompileOptions, source?: string): ArgMatcher {
  if (options.mode === "exact") return { kind: "exact", value };
  return { kind: "similar", value, threshold: options.threshold, ...(source !== undefined && { source }) };
}

function compileMarker(spec: Record<string, unknown>, options: CompileOptions, path: string): ExpectedArgument {
  const marker = markerOf(spec) as (typeof MARKERS)[number];
  const body = spec[marker];
  const number = (key: string, fallback: number): number => {
    const raw = spec[key] ?? fallback;
    if (typeof raw !== "number" || !Number.isFinite(raw) || raw < 0)
      throw new MatcherSpecError(path, `${key} must be a non-negative number`);
    return raw;
  };
  switch (marker) {
    case "$anyOf": {
      if (!Array.isArray(body) || body.length === 0) throw new MatcherSpecError(path, `"$anyOf" must be a non-empty array`);
      const values = body.filter((item) => item !== "");
      return {
        matcher: { kind: "any-of", options: values.map((item, i) => compileValue(item, options, `${path}.$anyOf.${i}`)) },
        optional: values.length < body.length,
      };
    }
    case "$regex": {
      if (typeof body !== "string") throw new MatcherSpecError(path, `"$regex" must be a string`);
      const flags = typeof spec.$flags === "string" ? spec.$flags : "";
      try {
        new RegExp(body, flags);
      } catch (error) {
        throw new MatcherSpecError(path, `invalid regex: ${(error as Error).message}`);
      }
      return { matcher: { kind: "regex", pattern: body, flags }, optional: false };
    }
    case "$number":
      if (typeof body !== "number" || !Number.isFinite(body)) throw new MatcherSpecError(path, `"$number" must be a number`);
      return { matcher: { kind: "number", value: body, absTol: number("$absTol", 0), relTol: number("$relTol", 0) }, optional: false };
    case "$exact":
      return { matcher: { kind: "exact", value: body }, optional: false };
    case "$similar": {
      const threshold = number("$threshold", options.threshold);
      if (threshold > 1) throw new MatcherSpecError(path, `$threshold must be at most 1`);
      const source = numberSource(spec, "$similar");
      return { matcher: { kind: "similar", value: body, threshold, ...(source !== undefined && { source }) }, optional: false };
    }
    case "$any":
      return { matcher: { kind: "any" }, optional: false };
    case "$unordered":
      if (!Array.isArray(body)) throw new MatcherSpecError(path, `"$unordered" must be an array`);
      return {
        matcher: { kind: "array", items: body.map((item, i) => compileValue(item, options, `${path}.${i}`)), ordered: false },
        optional: false,
      };
  }
}

/**
 * A BFCL possible-answer parameter: the list of acceptable values, "" meaning "may be omitted".
 * Strings use BFCL's standardisation, numbers and booleans equality, lists are ordered, and a dict
 * holds per-key acceptable lists in turn.
 */
export function compileBfclParameter(acceptable: unknown, path: string): ExpectedArgument {
  if (!Array.isArray(acceptable)) throw new MatcherSpecError(path, "a BFCL possible answer must be a list of acceptable values");
  const values = acceptable.filter((item) => item !== "");
  return {
    matcher: { kind: "any-of", options: values.map((item, i) => compileBfclValue(item, `${path}.${i}`)) },
    optional: values.length < acceptable.length,
  };
}

function compileBfclValue(value: unknown, path: string): ArgMatcher {
  if (typeof value === "string") return { kind: "bfcl-string", value };
  if (Array.isArray(value)) return { kind: "array", items: value.map((item, i) => compileBfclValue(item, `${path}.${i}`)), ordered: true };
  if (isRecord(value)) {
    const fields: Record<string, ExpectedArgument> = {};
    for (const [key, item] of Object.entries(value)) fields[key] = compileBfclParameter(item, `${path}.${key}`);
    return { kind: "object", fields };
  }
  return { kind: "exact", value };
}

/** BFCL's standardize_string. */
export function bfclStandardize(text: string): string {
  return text
    .replace(/[ ,./\-_*^]/g, "")
    .toLowerCase()
    .replace(/'/g, '"');
}

/**
 * Does `actual` satisfy the matcher? Pure and deterministic. `source` is the actual number's JSON
 * text when the parser kept it (see util/json-numbers.ts); only str() renderings use it.
 */
export function matchesValue(matcher: ArgMatcher, actual: unknown, source?: string): boolean {
  switch (matcher.kind) {
    case "similar":
      return isSimilar(pythonStr(actual, source), pythonStr(matcher.value, matcher.source), matcher.threshold);
    case "exact":
      return deepEqual(matcher.value, actual);
    case "bfcl-string":
      return typeof actual === "string" && bfclStandardize(actual) === bfclStandardize(matcher.value);
    case "any-of":
      return matcher.options.some((option) => matchesValue(option, actual, source));
    case "regex":
      return new RegExp(`^(?:${matcher.pattern})$`, matcher.flags).test(pythonStr(actual, source));
    case "number": {
      const number = typeof actual === "number" ? actual : typeof actual === "string" && actual.trim() !== "" ? Number(actual) : Number.NaN;
      if (!Number.isFinite(number)) return false;
      return Math.abs(number - matcher.value) <= Math.max(matcher.absTol, matcher.relTol * Math.abs(matcher.value));
    }
    case "any":
      return true;
    case "object":
      if (!isRecord(actual)) return matcher.fallback ? matchesValue(matcher.fallback, actual, source) : false;
      return matchesObject(matcher.fields, actual);
    case "array":
      if (!Array.isArray(actual)) return matcher.fallback ? matchesValue(matcher.fallback, actual, source) : false;
      if (actual.length !== matcher.items.length) return false;
      if (matcher.ordered) return matcher.items.every((item, i) => matchesValue(item, actual[i], numberSource(actual, i)));
      return perfectMatching(matcher.items, actual);
  }
}

function matchesObject(fields: Record<string, ExpectedArgument>, actual: Record<string, unknown>): boolean {
  for (const key of Object.keys(actual)) if (!(key in fields)) return false;
  return Object.entries(fields).every(([key, field]) =>
    key in actual ? matchesValue(field.matcher, actual[key], numberSource(actual, key)) : field.optional,
  );
}

/** Unordered arrays: every expected item pairs with a distinct actual item (Kuhn's augmenting paths). */
function perfectMatching(items: ArgMatcher[], actual: unknown[]): boolean {
  const ownerOf = new Array<number>(actual.length).fill(-1);
  const tryItem = (item: number, seen: boolean[]): boolean => {
    for (let j = 0; j < actual.length; j++) {
      if (seen[j] || !matchesValue(items[item] as ArgMatcher, actual[j], numberSource(actual, j))) continue;
      seen[j] = true;
      if (ownerOf[j] === -1 || tryItem(ownerOf[j] as number, seen)) {
        ownerOf[j] = item;
        return true;
      }
    }
    return false;
  };
  return items.every((_, item) => tryItem(item, new Array<boolean>(actual.length).fill(false)));
}

/** Canonical deep equality: key order ignored, arrays ordered, no type coercion. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}
