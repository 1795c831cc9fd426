// File globs for `paths:`, matched in time linear in the path times the pattern, whatever either
// holds. picomatch (util/glob.ts) compiles a glob to a backtracking regular expression: "*a*a*a*a*b"
// against a long name takes minutes, and its "**" skips names with a line break. Here a glob is read
// into segments and each segment into tokens, and both levels are matched by the greedy wildcard
// walk (back to the last star on a mismatch), which is never exponential.
//
// The syntax, as picomatch reads it for the common cases (test/util/path-glob.test.ts compares):
//   `*` any run of characters within a "/" segment (line breaks too), `**` as a whole segment any
//   number of segments (none too), `?` one character but "/", `[a-z]` / `[!a]` / `[^a]` one character
//   of (or not of) a set, `{a,b}` either (nested allowed), `\x` the character x. Everything else,
//   "(", ")", "+", "@", "!" after the start, stands for itself. A leading "./" is dropped.
// Refused (pathGlobProblem): what matches nothing or cannot be read one way: an empty glob, "***",
// an unclosed "[" or "{", a range in braces, a leading or trailing "/", an empty, "." or ".." segment.

/** Longest glob accepted, and most alternatives its braces may expand to: matching stays a few ms per path. */
const MAX_GLOB_LENGTH = 1024;
const MAX_ALTERNATIVES = 64;

type CharToken =
  | { kind: "char"; char: string }
  | { kind: "any" }
  | { kind: "star" }
  | { kind: "set"; negated: boolean; test: (c: string) => boolean };
type Segment = { kind: "globstar" } | { kind: "segment"; tokens: CharToken[] };

/** Why `pattern` (one `paths:` entry, a leading "!" already removed) cannot be used; undefined when it can. */
export function pathGlobProblem(pattern: string): string | undefined {
  try {
    compileAlternatives(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A matcher of repository-relative paths ("a/b/c.md"). Throws on a glob pathGlobProblem refuses. */
export function pathGlob(pattern: string): (path: string) => boolean {
  const alternatives = compileAlternatives(pattern);
  return (path) => {
    const segments = path.split("/");
    return alternatives.some((alternative) => matchSegments(alternative, segments));
  };
}

const compiled = new Map<string, (path: string) => boolean>();

/** A `paths:` list read as GitHub reads it: the last pattern that matches decides; a "!" pattern excludes. */
export function matchPathFilters(patterns: readonly string[], path: string): boolean {
  let included = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!");
    const body = negated ? pattern.slice(1) : pattern;
    let match = compiled.get(body);
    if (!match) {
      match = pathGlob(body);
      compiled.set(body, match);
    }
    if (match(path)) included = !negated;
  }
  return included;
}

function compileAlternatives(pattern: string): Segment[][] {
  if (pattern.length === 0) throw new Error('nothing after "!": an empty glob matches no file');
  if (pattern.length > MAX_GLOB_LENGTH) throw new Error(`longer than ${MAX_GLOB_LENGTH} characters`);
  if (/(?<!\\)\*\*\*/.test(pattern))
    throw new Error('"***" means nothing "**" (any folders) or "*" (within one) does not: write one of them');
  const body = pattern.startsWith("./") ? pattern.slice(2) : pattern;
  if (body.startsWith("/")) throw new Error("starts with /: globs are relative to the repository root");
  return expandBraces(body).map(compileSegments);
}

/**
 * `{a,b}` into its alternatives, nested braces included; a brace group without a comma stays literal,
 * as picomatch reads it. Stops past MAX_ALTERNATIVES, before "{a,b}{a,b}…" can grow exponentially.
 */
function expandBraces(pattern: string, budget = { left: MAX_ALTERNATIVES * 16 }): string[] {
  if (--budget.left < 0) throw new Error(`its braces expand to more than ${MAX_ALTERNATIVES} globs`);
  const open = findUnescaped(pattern, "{", 0);
  if (open < 0) return [pattern];
  const group = braceGroup(pattern, open);
  const head = pattern.slice(0, open);
  const tail = pattern.slice(group.close + 1);
  const inside = pattern.slice(open + 1, group.close);
  if (group.commas.length === 0) {
    if (inside.includes("..")) throw new Error(`"{${inside}}": ranges in braces are not supported; list the values ({1,2,3})`);
    return expandBraces(`${head}\\{${inside}\\}${tail}`, budget);
  }
  const bounds = [open, ...group.commas, group.close];
  const all = bounds.slice(1).flatMap((end, k) => expandBraces(`${head}${pattern.slice(bounds[k]! + 1, end)}${tail}`, budget));
  if (all.length > MAX_ALTERNATIVES) throw new Error(`its braces expand to more than ${MAX_ALTERNATIVES} globs`);
  return all;
}

/** The "}" closing the "{" at `open`, and the commas directly inside it. */
function braceGroup(pattern: string, open: number): { close: number; commas: number[] } {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") i++;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return { close: i, commas };
    else if (char === "," && depth === 1) commas.push(i);
  }
  throw new Error('unclosed "{": write "\\{" for a literal brace');
}

function findUnescaped(text: string, char: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === char) return i;
  }
  return -1;
}

function compileSegments(pattern: string): Segment[] {
  const parts = splitUnescaped(pattern, "/");
  if (parts.length > 1 && parts.at(-1) === "") throw new Error('ends with "/": a glob names files (write "folder/**")');
  return parts.map((part): Segment => {
    if (part === "" || part === "." || part === "..") throw new Error(`holds an empty, "." or ".." folder, which no file path has`);
    return part === "**" ? { kind: "globstar" } : { kind: "segment", tokens: compileTokens(part) };
  });
}

function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function compileTokens(segment: string): CharToken[] {
  const chars = [...segment];
  const tokens: CharToken[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === "\\") tokens.push({ kind: "char", char: chars[++i] ?? "\\" });
    else if (char === "?") tokens.push({ kind: "any" });
    else if (char === "*") {
      // "**" inside a segment ("a**b", "**-alpha") is one star, as picomatch reads it.
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
    } else if (char === "[") {
      const set = readSet(chars, i);
      tokens.push(set.token);
      i = set.end;
    } else tokens.push({ kind: "char", char });
  }
  return tokens;
}

/** `[...]` from chars[start]: its token and the index of its "]". */
function readSet(chars: string[], start: number): { token: CharToken; end: number } {
  let i = start + 1;
  const negated = chars[i] === "!" || chars[i] === "^";
  if (negated) i++;
  const ranges: [string, string][] = [];
  for (let first = true; i < chars.length; first = false, i++) {
    let char = chars[i]!;
    if (char === "]" && !first) {
      const test = (c: string) => ranges.some(([low, high]) => c >= low && c <= high);
      return { token: { kind: "set", negated, test }, end: i };
    }
    if (char === "[" && chars[i + 1] === ":") throw new Error('"[:class:]" sets are not supported; list the characters ([a-zA-Z])');
    if (char === "\\") char = chars[++i] ?? "\\";
    if (chars[i + 1] === "-" && chars[i + 2] !== undefined && chars[i + 2] !== "]") {
      const high = chars[i + 2] === "\\" ? (chars[i + 3] ?? "\\") : chars[i + 2]!;
      ranges.push([char, high]);
      i += chars[i + 2] === "\\" ? 3 : 2;
    } else ranges.push([char, char]);
  }
  throw new Error('unclosed "[": write "\\[" for a literal bracket');
}

/**
 * Whether `items` match `pattern`, where a "star" element matches any run of items and every other
 * element exactly one: the greedy walk, which on a mismatch lets the last star take one more item.
 * At most |pattern| × |items| element tests.
 */
function wildcardMatch<P, I>(pattern: P[], items: I[], isStar: (p: P) => boolean, matchOne: (p: P, item: I) => boolean): boolean {
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = 0;
  while (i < items.length) {
    if (p < pattern.length && isStar(pattern[p]!)) {
      starP = p++;
      starI = i;
    } else if (p < pattern.length && matchOne(pattern[p]!, items[i]!)) {
      p++;
      i++;
    } else if (starP >= 0) {
      p = starP + 1;
      i = ++starI;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}

function matchSegments(pattern: Segment[], segments: string[]): boolean {
  return wildcardMatch(
    pattern,
    segments,
    (segment) => segment.kind === "globstar",
    (segment, name) => segment.kind === "segment" && matchSegment(segment.tokens, name),
  );
}

function matchSegment(tokens: CharToken[], name: string): boolean {
  // A lone "*" names a folder or file, never an empty one (git lists none).
  if (name === "") return false;
  return wildcardMatch(tokens, [...name], (token) => token.kind === "star", matchChar);
}

function matchChar(token: CharToken, char: string): boolean {
  switch (token.kind) {
    case "char":
      return token.char === char;
    case "any":
      return char !== "/";
    case "set":
      return token.test(char) !== token.negated && char !== "/";
    default:
      return false;
  }
}
