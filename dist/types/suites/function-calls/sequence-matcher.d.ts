/**
 * difflib.SequenceMatcher(None, a, b).ratio(): 2·M / (len(a) + len(b)), M being the size of the
 * matching blocks found by recursive longest-match. Strings are compared by code point, as Python
 * does. With autojunk (Python's default), elements of b occurring more than 1% + 1 times are
 * "popular" and never start a match when len(b) >= 200; this changes results on long texts.
 */
export declare function sequenceRatio(a: string, b: string, options?: {
    autojunk?: boolean;
}): number;
/** The reference's normalize_text: lowercase, drop everything but ASCII letters, digits and spaces, collapse spaces, trim. */
export declare function normalizeText(text: string): string;
/** The reference's is_similar on already-rendered strings. */
export declare function isSimilar(actual: string, expected: string, threshold?: number): boolean;
/**
 * Python's str() of a JSON value as Python's json would have read it: True/False/None, ['a', 1],
 * {'k': 'v'} (key order kept). `source` is the number's JSON text when the parser kept it (see
 * util/json-numbers.ts): then `5.0` renders "5.0" and big integers keep every digit. Numbers
 * without their source text render as ints when integral (what JSON.stringify would write).
 */
export declare function pythonStr(value: unknown, source?: string): string;
export declare function pythonRepr(value: unknown, source?: string): string;
