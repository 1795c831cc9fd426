// The one glob matcher, picomatch. Branch globs (gate.profiles, baseline.gated-branches), metric
// globs (gate.metrics, "*/cost_usd") and file globs (paths:) are read the way GitHub reads
// `on.push.branches` filters:
//   `*` matches within one "/"-separated segment, `**` as a whole segment matches across segments,
//   `[0-9]` one character of a set or range, `{main,master}` either word, `?` one character.
// A list (matchFilters) is read in order: `!pattern` removes what the patterns before it matched, and a
// later positive pattern adds branches back. A single pattern starting with `!` matches everything else.
import picomatch from "picomatch";

// dot: a branch may start with "."; noextglob: GitHub has no extglobs, so "+(" and "@(" stay literal.
const OPTIONS: picomatch.PicomatchOptions = { dot: true, noextglob: true };

const cache = new Map<string, (text: string) => boolean>();

function matcher(pattern: string): (text: string) => boolean {
  let match = cache.get(pattern);
  if (!match) {
    match = picomatch(pattern, OPTIONS);
    cache.set(pattern, match);
  }
  return match;
}

/** One pattern against a branch or "suite/metric". */
export function matchGlob(pattern: string, text: string): boolean {
  return matcher(pattern)(text);
}

/** A GitHub-style filter list: the last pattern that matches decides; a `!` pattern excludes. */
export function matchFilters(patterns: readonly string[], text: string): boolean {
  let included = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!");
    if (matcher(negated ? pattern.slice(1) : pattern)(text)) included = !negated;
  }
  return included;
}

// bash: a single `*` crosses "/" (a title is no path); the other options make braces, brackets,
// extglobs and a leading "!" plain text.
const TEXT_OPTIONS: picomatch.PicomatchOptions = {
  bash: true,
  nocase: true,
  dot: true,
  nobrace: true,
  nobracket: true,
  noextglob: true,
  nonegate: true,
};

/**
 * A glob over free text (`--filter` on case titles and ids), case-insensitive: `*` is any run of
 * characters, "/" and line breaks included, `?` one character other than "/"; every other character stands
 * for itself.
 */
export function textGlob(pattern: string): (text: string) => boolean {
  // Backslash-escaped, so parentheses, "+", "." and the like are literal rather than picomatch syntax.
  const escaped = pattern.replace(/[^*?\p{L}\p{N} ]/gu, "\\$&");
  const regex = picomatch.makeRe(escaped, TEXT_OPTIONS);
  const anyLine = new RegExp(regex.source, `${regex.flags}s`);
  return (text) => anyLine.test(text);
}

/** Whether a path holds glob syntax (`*`, `?`, `[`, `{`): it names files by pattern, not one file or folder. */
export function isPathGlob(value: string): boolean {
  return /[*?[{]/.test(value);
}

/**
 * A path glob split at its first segment with glob syntax: the folder every match is under, and the
 * pattern matched against paths relative to it ("prompts/**\/*.prompt.yml" → "prompts", "**\/*.prompt.yml").
 */
export function splitPathGlob(value: string): { base: string; pattern: string } {
  const segments = value.split("/");
  const first = segments.findIndex(isPathGlob);
  if (first < 0) return { base: value, pattern: "" };
  return { base: segments.slice(0, first).join("/") || ".", pattern: segments.slice(first).join("/") };
}
