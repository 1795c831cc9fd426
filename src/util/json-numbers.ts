// JSON.parse that remembers the source text of the numbers a plain parse would misrepresent: a float
// written with an integral value (`5.0`, `1e16`, `-0.0`), which a JS number cannot tell from the int,
// and an integer a double cannot hold exactly (`12345678901234567890`). Python's json keeps both, so
// the function-call similarity matcher, which compares Python str() renderings, needs them.
//
// The parsed values stay plain JSON (numbers are still numbers, so every other consumer is
// unaffected); the source text is kept beside them, keyed by the object or array holding the number.
// A copy of the value (structuredClone, a JSON round trip) forgets it and renders as a plain parse would.

const sources = new WeakMap<object, Map<string, string>>();

/**
 * A number in value position that may lose its source text: written with a fraction or exponent,
 * with 16 or more digits, or as -0. Text inside strings can match too (then the slow path runs,
 * which is still exact); a body without a match parses with plain JSON.parse, which skips the
 * per-value reviver, and that is most model responses.
 */
const MAY_LOSE_SOURCE = /[:,[]\s*(?:-?\d+[.eE]|-?\d{16}|-0)/;

/** JSON.parse, keeping the source text of numbers whose JS value loses how they were written. */
export function parseJsonKeepingNumbers(text: string): unknown {
  if (!MAY_LOSE_SOURCE.test(text)) return JSON.parse(text);
  return JSON.parse(text, function keepSource(this: object, key: string, value: unknown, context?: { source?: string }) {
    if (typeof value === "number" && context?.source !== undefined && losesSourceText(value, context.source)) {
      let held = sources.get(this);
      if (!held) {
        held = new Map();
        sources.set(this, held);
      }
      held.set(key, context.source);
    }
    return value;
  });
}

/** The source text of `holder[key]` when it was a number whose JS value hides how it was written. */
export function numberSource(holder: unknown, key: string | number): string | undefined {
  if (typeof holder !== "object" || holder === null) return undefined;
  return sources.get(holder)?.get(String(key));
}

function losesSourceText(value: number, source: string): boolean {
  if (isIntegerLiteral(source)) return !Number.isSafeInteger(value) || Object.is(value, -0);
  return Number.isInteger(value) || !Number.isFinite(value); // written as a float, holds an integral value
}

/** JSON integer literal: Python's json reads it as an int (exact, any size); anything else is a float. */
export function isIntegerLiteral(source: string): boolean {
  return /^-?\d+$/.test(source);
}

// JSON.rawJSON (Node 21+) is not in TypeScript's ES2023 lib yet.
const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** JSON.stringify that writes kept numbers as they were written (5.0 stays 5.0), so a round trip through a file keeps them. */
export function stringifyKeepingNumbers(value: unknown): string {
  return JSON.stringify(value, function writeSource(this: unknown, key: string, item: unknown) {
    const source = typeof item === "number" ? numberSource(this, key) : undefined;
    return source === undefined ? item : rawJSON(source);
  });
}
