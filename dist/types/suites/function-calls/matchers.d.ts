export type ArgMatcher = 
/** The seed's rule: difflib ratio of normalised str() renderings >= threshold. `source`: a number's JSON text (5.0, big ints). */
{
    kind: "similar";
    value: unknown;
    threshold: number;
    source?: string;
}
/** Deep equality, key order ignored; 5 equals 5.0, "5" does not equal 5. */
 | {
    kind: "exact";
    value: unknown;
}
/** BFCL string rule: spaces and ,./-_*^ removed, lowercased, ' read as ". */
 | {
    kind: "bfcl-string";
    value: string;
} | {
    kind: "any-of";
    options: ArgMatcher[];
}
/** Anchored regular expression tested against the value's str() rendering. */
 | {
    kind: "regex";
    pattern: string;
    flags: string;
}
/** |actual − value| <= max(absTol, relTol·|value|); numeric strings are read as numbers. */
 | {
    kind: "number";
    value: number;
    absTol: number;
    relTol: number;
}
/** Present, whatever the value. */
 | {
    kind: "any";
}
/** Nested object: each field matched recursively; extra keys fail. `fallback` is the seed's str() comparison when shapes differ. */
 | {
    kind: "object";
    fields: Record<string, ExpectedArgument>;
    fallback?: ArgMatcher;
} | {
    kind: "array";
    items: ArgMatcher[];
    ordered: boolean;
    fallback?: ArgMatcher;
};
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
export declare class MatcherSpecError extends Error {
    readonly path: string;
    constructor(path: string, message: string);
}
/**
 * An expected argument as written in a JSONL case. Plain values use the suite's leaf mode; objects
 * with a `$` marker choose a matcher: {"$anyOf": [..]} ("" among them = may be omitted),
 * {"$regex": "T-\\d+", "$flags": "i"}, {"$number": 5, "$absTol": 0.01, "$relTol": 0},
 * {"$exact": v}, {"$similar": v, "$threshold": 0.9}, {"$any": true}, {"$unordered": [..]};
 * any marker object may add "$optional": true.
 */
export declare function compileExpected(value: unknown, options: CompileOptions, path: string, source?: string): ExpectedArgument;
/**
 * A BFCL possible-answer parameter: the list of acceptable values, "" meaning "may be omitted".
 * Strings use BFCL's standardisation, numbers and booleans equality, lists are ordered, and a dict
 * holds per-key acceptable lists in turn.
 */
export declare function compileBfclParameter(acceptable: unknown, path: string): ExpectedArgument;
/** BFCL's standardize_string. */
export declare function bfclStandardize(text: string): string;
/**
 * Does `actual` satisfy the matcher? Pure and deterministic. `source` is the actual number's JSON
 * text when the parser kept it (see util/json-numbers.ts); only str() renderings use it.
 */
export declare function matchesValue(matcher: ArgMatcher, actual: unknown, source?: string): boolean;
/** Canonical deep equality: key order ignored, arrays ordered, no type coercion. */
export declare function deepEqual(a: unknown, b: unknown): boolean;
