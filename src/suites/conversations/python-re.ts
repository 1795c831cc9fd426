// Python's `re` syntax (str patterns, Python 3.11) translated to an equivalent JavaScript RegExp with
// the `v` flag, so FlexEval's regex metrics count what Python counts. The pattern is parsed into a
// small tree by Python's own rules (sre_parse), then written out with every construct whose meaning
// differs spelled explicitly: Unicode \w \d \s \b as Python defines them, `.` that excludes only
// "\n", `^`/`$` that know only "\n" (and `$` before a final newline), \A, \Z, inline flags.
// A construct without an exact JavaScript equivalent is refused with the reason, never approximated.

export class PythonRegexError extends Error {}

interface Flags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
  verbose: boolean;
  ascii: boolean;
}

type Category = "w" | "W" | "d" | "D" | "s" | "S";

type ClassItem = { kind: "char"; cp: number } | { kind: "range"; from: number; to: number } | { kind: "category"; category: Category };

type Node =
  | { kind: "empty" }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; branches: Node[] }
  | { kind: "char"; cp: number; ignoreCase: boolean }
  | { kind: "class"; negated: boolean; items: ClassItem[]; ascii: boolean; ignoreCase: boolean }
  | { kind: "category"; category: Category; ascii: boolean }
  | { kind: "dot"; dotAll: boolean }
  | { kind: "bol"; multiline: boolean }
  | { kind: "eol"; multiline: boolean }
  | { kind: "anchor"; which: "A" | "Z" | "b" | "B"; ascii: boolean }
  | { kind: "group"; capture: number | null; name: string | null; body: Node; ignoreCase: boolean | null }
  | { kind: "look"; ahead: boolean; negative: boolean; body: Node }
  | { kind: "backref"; group: number }
  | { kind: "repeat"; body: Node; min: number; max: number; lazy: boolean };

const OCTAL = /[0-7]/;
const DIGIT = /[0-9]/;
const HEX = /^[0-9a-fA-F]+$/;
const VERBOSE_SPACE = new Set([" ", "\t", "\n", "\r", "\v", "\f"]);
const FLAG_LETTERS = "aiLmsux";
const SIMPLE_ESCAPES: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };

/** Python's parser over the pattern's code points; positions in messages are Python's (code points). */
class Parser {
  readonly chars: string[];
  pos = 0;
  groups = 0;
  readonly names = new Map<string, number>();
  readonly open = new Set<number>();
  flags: Flags;
  /** JavaScript's flag for a pattern-wide (?i). */
  globalIgnoreCase = false;

  constructor(pattern: string) {
    this.chars = [...pattern];
    this.flags = { ignoreCase: false, multiline: false, dotAll: false, verbose: false, ascii: false };
  }

  fail(message: string, at = this.pos): never {
    throw new PythonRegexError(`${message} at position ${at}`);
  }
  peek(offset = 0): string | undefined {
    return this.chars[this.pos + offset];
  }
  eat(text: string): boolean {
    const got = this.chars.slice(this.pos, this.pos + text.length).join("");
    if (got !== text) return false;
    this.pos += text.length;
    return true;
  }
  next(): string {
    const c = this.chars[this.pos];
    if (c === undefined) this.fail("unexpected end of pattern");
    this.pos++;
    return c;
  }

  parseAlternation(top: boolean): Node {
    const branches = [this.parseSequence(top)];
    while (this.peek() === "|") {
      this.pos++;
      branches.push(this.parseSequence(false));
    }
    return branches.length === 1 ? branches[0]! : { kind: "alt", branches };
  }

  private skipVerbose(): void {
    while (this.flags.verbose) {
      const c = this.peek();
      if (c !== undefined && VERBOSE_SPACE.has(c)) this.pos++;
      else if (c === "#") while (this.peek() !== undefined && this.next() !== "\n");
      else return;
    }
  }

  parseSequence(top: boolean): Node {
    const items: Node[] = [];
    for (;;) {
      this.skipVerbose();
      const c = this.peek();
      if (c === undefined || c === "|" || c === ")") break;
      const start = this.pos;
      const repeat = this.readRepeat();
      if (repeat) {
        const last = items[items.length - 1];
        if (!last || last.kind === "bol" || last.kind === "eol" || last.kind === "anchor") this.fail("nothing to repeat", start);
        if (last.kind === "repeat") this.fail("multiple repeat", start);
        if (last.kind === "look") this.fail("evalgate cannot translate a repeated lookaround", start);
        if (this.peek() === "+") this.fail("evalgate cannot translate a possessive quantifier (no JavaScript equivalent)", start);
        const lazy = this.eat("?");
        items[items.length - 1] = { kind: "repeat", body: last, ...repeat, lazy };
        continue;
      }
      if (c === "(" && this.peek(1) === "?" && /[aiLmsux-]/.test(this.peek(2) ?? "") && this.isGlobalFlagGroup()) {
        if (!top || items.length > 0) this.fail("global flags not at the start of the expression");
        this.parseGlobalFlags();
        continue;
      }
      const atom = this.parseAtom();
      if (atom) items.push(atom);
    }
    return items.length === 1 ? items[0]! : items.length === 0 ? { kind: "empty" } : { kind: "seq", items };
  }

  /** `*`, `+`, `?` or a well-formed `{m}`, `{m,}`, `{,n}`, `{m,n}` (anything else is a literal `{`). */
  private readRepeat(): { min: number; max: number } | null {
    const c = this.peek();
    if (c === "*" || c === "+" || c === "?") {
      this.pos++;
      return { min: c === "+" ? 1 : 0, max: c === "?" ? 1 : Number.POSITIVE_INFINITY };
    }
    if (c !== "{") return null;
    const start = this.pos;
    this.pos++;
    let low = "";
    let high = "";
    while (DIGIT.test(this.peek() ?? "")) low += this.next();
    const comma = this.eat(",");
    if (comma) while (DIGIT.test(this.peek() ?? "")) high += this.next();
    else high = low;
    if (!this.eat("}")) {
      this.pos = start;
      return null;
    }
    const min = low ? Number(low) : 0;
    const max = high ? Number(high) : Number.POSITIVE_INFINITY;
    if (max < min) this.fail("min repeat greater than max repeat", start + 1);
    return { min, max };
  }

  private isGlobalFlagGroup(): boolean {
    let i = this.pos + 2;
    while (i < this.chars.length && FLAG_LETTERS.includes(this.chars[i]!)) i++;
    return this.chars[i] === ")";
  }

  private parseGlobalFlags(): void {
    this.pos += 2;
    while (this.peek() !== ")") this.setFlag(this.next(), true, true);
    this.pos++;
  }

  private setFlag(letter: string, on: boolean, global: boolean): void {
    if (letter === "L") this.fail("bad inline flags: cannot use 'L' flag with a str pattern");
    if (letter === "u") return;
    if (letter === "a") {
      if (!on) this.fail("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
      this.flags.ascii = true;
    } else if (letter === "i") {
      this.flags.ignoreCase = on;
      if (global) this.globalIgnoreCase = true;
    } else if (letter === "m") this.flags.multiline = on;
    else if (letter === "s") this.flags.dotAll = on;
    else if (letter === "x") this.flags.verbose = on;
    else this.fail(`unknown flag ${letter}`);
    if (this.flags.ascii && this.flags.ignoreCase)
      this.fail("evalgate cannot translate (?a) with (?i): Python folds case by ASCII rules there, JavaScript by Unicode's");
  }

  private parseAtom(): Node | null {
    const start = this.pos;
    const c = this.next();
    switch (c) {
      case "(":
        return this.parseGroup(start);
      case "[":
        return this.parseClass(start);
      case ".":
        return { kind: "dot", dotAll: this.flags.dotAll };
      case "^":
        return { kind: "bol", multiline: this.flags.multiline };
      case "$":
        return { kind: "eol", multiline: this.flags.multiline };
      case "\\":
        return this.parseEscape(start);
      case "*":
      case "+":
      case "?":
        return this.fail("nothing to repeat", start);
      case ")":
        return this.fail("unbalanced parenthesis", start);
      default:
        return { kind: "char", cp: c.codePointAt(0)!, ignoreCase: this.flags.ignoreCase };
    }
  }

  private parseGroup(start: number): Node | null {
    if (!this.eat("?")) return this.parseCapture(start, null);
    if (this.eat(":")) return this.parseBody(start, { kind: "group", capture: null, name: null, ignoreCase: null });
    if (this.eat("P<")) return this.parseCapture(start, this.readName(">"));
    if (this.eat("P=")) {
      const name = this.readName(")");
      const group = this.names.get(name);
      if (group === undefined) this.fail(`unknown group name '${name}'`, start + 4);
      if (this.open.has(group)) this.fail("cannot refer to an open group", start);
      return { kind: "backref", group };
    }
    if (this.eat("#")) {
      while (this.next() !== ")");
      return null;
    }
    for (const [open, ahead, negative] of [
      ["=", true, false],
      ["!", true, true],
      ["<=", false, false],
      ["<!", false, true],
    ] as const) {
      if (this.eat(open)) {
        const saved = { ...this.flags };
        const body = this.parseAlternation(false);
        this.flags = saved;
        if (!this.eat(")")) this.fail("missing ), unterminated subpattern", start);
        return { kind: "look", ahead, negative, body };
      }
    }
    if (this.peek() === ">") this.fail("evalgate cannot translate an atomic group (?>…) (no JavaScript equivalent)", start);
    if (this.peek() === "(") this.fail("evalgate cannot translate a conditional group (?(…)…|…)", start);
    return this.parseScopedFlags(start);
  }

  private parseScopedFlags(start: number): Node {
    const saved = { ...this.flags };
    let on = true;
    let ignoreCase: boolean | null = null;
    for (;;) {
      const c = this.peek();
      if (c === ":") break;
      if (c === undefined || c === ")") this.fail("missing -, : or )", this.pos);
      this.pos++;
      if (c === "-" && on) {
        on = false;
        continue;
      }
      if (c.length !== 1 || !FLAG_LETTERS.includes(c)) this.fail(`unknown extension ?${c}`, start + 1);
      this.setFlag(c, on, false);
      if (c === "i") ignoreCase = on;
    }
    this.pos++;
    const node = this.parseBody(start, { kind: "group", capture: null, name: null, ignoreCase });
    this.flags = saved;
    return node;
  }

  private parseCapture(start: number, name: string | null): Node {
    const capture = ++this.groups;
    if (name !== null) {
      if (this.names.has(name)) this.fail(`redefinition of group name '${name}'`, start + 4);
      this.names.set(name, capture);
    }
    this.open.add(capture);
    const node = this.parseBody(start, { kind: "group", capture, name, ignoreCase: null });
    this.open.delete(capture);
    return node;
  }

  private parseBody(start: number, group: Omit<Extract<Node, { kind: "group" }>, "body">): Node {
    const saved = { ...this.flags };
    const body = this.parseAlternation(false);
    this.flags = saved;
    if (!this.eat(")")) this.fail("missing ), unterminated subpattern", start);
    return { ...group, body };
  }

  private readName(end: string): string {
    const start = this.pos;
    let name = "";
    while (this.peek() !== end) {
      if (this.peek() === undefined) this.fail("missing group name terminator", start);
      name += this.next();
    }
    this.pos++;
    if (!/^[\p{ID_Start}_][\p{ID_Continue}]*$/u.test(name)) this.fail(`bad character in group name '${name}'`, start);
    return name;
  }

  /** An escape outside a class: Python's _escape. */
  private parseEscape(start: number): Node {
    const c = this.peek();
    if (c === undefined) this.fail("bad escape (end of pattern)", start);
    if ("wWdDsS".includes(c)) {
      this.pos++;
      return { kind: "category", category: c as Category, ascii: this.flags.ascii };
    }
    if ("AZbB".includes(c)) {
      this.pos++;
      return { kind: "anchor", which: c as "A" | "Z" | "b" | "B", ascii: this.flags.ascii };
    }
    if (c >= "1" && c <= "9") {
      // \ddd (three octal digits) is a character; otherwise one or two digits name a group.
      if (OCTAL.test(c) && OCTAL.test(this.peek(1) ?? "") && OCTAL.test(this.peek(2) ?? "")) {
        const value = Number.parseInt(this.chars.slice(this.pos, this.pos + 3).join(""), 8);
        if (value > 0o377)
          this.fail(`octal escape value \\${this.chars.slice(this.pos, this.pos + 3).join("")} outside of range 0-0o377`, start);
        this.pos += 3;
        return { kind: "char", cp: value, ignoreCase: this.flags.ignoreCase };
      }
      let digits = this.next();
      if (DIGIT.test(this.peek() ?? "")) digits += this.next();
      const group = Number(digits);
      if (group > this.groups) this.fail(`invalid group reference ${group}`, start + 1);
      if (this.open.has(group)) this.fail("cannot refer to an open group", start);
      return { kind: "backref", group };
    }
    return { kind: "char", cp: this.escapedChar(start, false), ignoreCase: this.flags.ignoreCase };
  }

  /** The character an escape names (both inside and outside classes), by Python's rules. */
  private escapedChar(start: number, inClass: boolean): number {
    const c = this.next();
    if (c in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[c]!;
    if (inClass && c === "b") return 8;
    const hex = (n: number) => {
      const digits = this.chars.slice(this.pos, this.pos + n).join("");
      if (digits.length !== n || !HEX.test(digits)) this.fail(`incomplete escape \\${c}${digits}`, start);
      this.pos += n;
      const value = Number.parseInt(digits, 16);
      if (value > 0x10ffff) this.fail(`bad escape \\${c}${digits}`, start);
      return value;
    };
    if (c === "x") return hex(2);
    if (c === "u") return hex(4);
    if (c === "U") return hex(8);
    if (c === "N") this.fail("evalgate cannot translate \\N{…} (named characters): write the character itself", start);
    if (OCTAL.test(c) && (inClass || c === "0")) {
      let digits = c;
      while (digits.length < 3 && OCTAL.test(this.peek() ?? "")) digits += this.next();
      const value = Number.parseInt(digits, 8);
      if (value > 0o377) this.fail(`octal escape value \\${digits} outside of range 0-0o377`, start);
      return value;
    }
    if (/[A-Za-z0-9]/.test(c)) this.fail(`bad escape \\${c}`, start);
    return c.codePointAt(0)!;
  }

  /** A character class: Python's rules (a leading `]` is literal, `[`, `&&`, `--` are literal). */
  private parseClass(start: number): Node {
    const negated = this.eat("^");
    const items: ClassItem[] = [];
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail("unterminated character set", start);
      if (c === "]" && !first) {
        this.pos++;
        break;
      }
      first = false;
      const itemStart = this.pos;
      const low = this.classAtom();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined) {
        this.pos++;
        const high = this.classAtom();
        if (low.kind !== "char" || high.kind !== "char") this.fail(`bad character range`, itemStart);
        if (high.cp < low.cp) this.fail(`bad character range`, itemStart);
        items.push({ kind: "range", from: low.cp, to: high.cp });
      } else items.push(low);
    }
    return { kind: "class", negated, items, ascii: this.flags.ascii, ignoreCase: this.flags.ignoreCase };
  }

  private classAtom(): Extract<ClassItem, { kind: "char" | "category" }> {
    const start = this.pos;
    const c = this.next();
    if (c !== "\\") return { kind: "char", cp: c.codePointAt(0)! };
    const e = this.peek();
    if (e !== undefined && "wWdDsS".includes(e)) {
      this.pos++;
      return { kind: "category", category: e as Category };
    }
    if (e === "8" || e === "9") this.fail(`bad escape \\${e}`, start);
    return { kind: "char", cp: this.escapedChar(start, true) };
  }
}

// Python's Unicode classes for str patterns; each equals Python 3.11's on every assigned code point
// (test/fixtures/python-re/classes.json).
const UNICODE_CLASS: Record<"w" | "d" | "s", string> = {
  w: "\\p{L}\\p{N}_",
  d: "\\p{Nd}",
  s: "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000",
};
const ASCII_CLASS: Record<"w" | "d" | "s", string> = { w: "A-Za-z0-9_", d: "0-9", s: "\\t-\\r " };

function categoryClass(category: Category, ascii: boolean): string {
  const set = (ascii ? ASCII_CLASS : UNICODE_CLASS)[category.toLowerCase() as "w" | "d" | "s"];
  return category === category.toLowerCase() ? `[${set}]` : `[^${set}]`;
}

/** Every character outside [A-Za-z0-9_ ] written as \u{…}: safe in and out of `v`-mode classes. */
function literal(cp: number): string {
  const c = String.fromCodePoint(cp);
  return /[A-Za-z0-9_ ]/.test(c) ? c : `\\u{${cp.toString(16)}}`;
}

const ANY = "[\\s\\S]";

// Python's one case-insensitive equivalence that Unicode's simple case folding lacks: i, I, İ and ı
// (Python compares lowercase forms; İ lowercases to i, ı uppercases to I).
const DOTTED_I = [0x49, 0x69, 0x130, 0x131];
const DOTTED_I_CLASS = `[${DOTTED_I.map(literal).join("")}]`;

function coversDottedI(items: ClassItem[]): boolean {
  return items.some((item) =>
    item.kind === "char" ? DOTTED_I.includes(item.cp) : item.kind === "range" && DOTTED_I.some((cp) => cp >= item.from && cp <= item.to),
  );
}

function boundary(which: "b" | "B", ascii: boolean): string {
  const w = categoryClass("w", ascii);
  if (which === "b") return `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;
  // Python 3.11's \B never matches in an empty string.
  return `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w})(?:(?<=${ANY})|(?=${ANY})))`;
}

function emit(node: Node): string {
  switch (node.kind) {
    case "empty":
      return "";
    case "seq":
      return node.items.map(emit).join("");
    case "alt":
      return node.branches.map(emit).join("|");
    case "char":
      return node.ignoreCase && DOTTED_I.includes(node.cp) ? DOTTED_I_CLASS : literal(node.cp);
    case "category":
      return categoryClass(node.category, node.ascii);
    case "class":
      return emitClass(node);
    case "dot":
      return node.dotAll ? ANY : "[^\\n]";
    case "bol":
      return node.multiline ? "(?<![^\\n])" : `(?<!${ANY})`;
    case "eol":
      return node.multiline ? `(?=\\n|(?!${ANY}))` : `(?=\\n?(?!${ANY}))`;
    case "anchor":
      if (node.which === "A") return `(?<!${ANY})`;
      if (node.which === "Z") return `(?!${ANY})`;
      return boundary(node.which, node.ascii);
    case "group":
      return `${groupOpening(node)}${emit(node.body)})`;
    case "look":
      return `(?${node.ahead ? "" : "<"}${node.negative ? "!" : "="}${emit(node.body)})`;
    case "backref":
      return `\\${node.group}`;
    case "repeat":
      return `${emit(node.body)}${quantifier(node.min, node.max)}${node.lazy ? "?" : ""}`;
  }
}

function emitClass(node: Extract<Node, { kind: "class" }>): string {
  const parts = node.items.map((item) =>
    item.kind === "char"
      ? literal(item.cp)
      : item.kind === "range"
        ? `${literal(item.from)}-${literal(item.to)}`
        : categoryClass(item.category, node.ascii),
  );
  if (node.ignoreCase && coversDottedI(node.items)) parts.push(...DOTTED_I.map(literal));
  return `[${node.negated ? "^" : ""}${parts.join("")}]`;
}

function groupOpening(node: Extract<Node, { kind: "group" }>): string {
  if (node.capture !== null) return node.name !== null ? `(?<${node.name}>` : "(";
  return node.ignoreCase === null ? "(?:" : node.ignoreCase ? "(?i:" : "(?-i:";
}

function quantifier(min: number, max: number): string {
  if (min === 0 && max === Number.POSITIVE_INFINITY) return "*";
  if (min === 1 && max === Number.POSITIVE_INFINITY) return "+";
  if (min === 0 && max === 1) return "?";
  return `{${min},${max === Number.POSITIVE_INFINITY ? "" : max}}`;
}

/** Width bounds (min, max) in characters, for Python's fixed-width look-behind rule. */
function width(node: Node): [number, number] {
  switch (node.kind) {
    case "empty":
    case "bol":
    case "eol":
    case "anchor":
    case "look":
      return [0, 0];
    case "char":
    case "class":
    case "category":
    case "dot":
      return [1, 1];
    case "seq":
      return node.items.map(width).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
    case "alt": {
      const widths = node.branches.map(width);
      return [Math.min(...widths.map((w) => w[0])), Math.max(...widths.map((w) => w[1]))];
    }
    case "group":
      return width(node.body);
    case "repeat": {
      const [a, b] = width(node.body);
      return [a * node.min, b === 0 ? 0 : b * node.max];
    }
    case "backref":
      return [0, Number.POSITIVE_INFINITY];
  }
}

/**
 * Where JavaScript's backreferences differ from Python's: a reference to a group that did not take
 * part matches the empty string in JavaScript and fails in Python, and JavaScript forgets a
 * repeated group's captures at each new repetition. A reference is translated only when its group
 * takes part whenever the reference is reached; look-behinds must be of fixed width, as in Python.
 */
function checkStructure(root: Node): void {
  // The path from the root to each group: the nodes above it and, for alternations, the branch taken.
  const paths = new Map<number, { node: Node; branch: number }[]>();
  const walk = (node: Node, path: { node: Node; branch: number }[], inLookbehind: boolean): void => {
    const below = (child: Node, branch = 0) => walk(child, [...path, { node, branch }], inLookbehind);
    switch (node.kind) {
      case "seq":
        for (const item of node.items) below(item);
        return;
      case "alt":
        for (const [i, branch] of node.branches.entries()) below(branch, i);
        return;
      case "group":
        if (node.capture !== null) paths.set(node.capture, [...path, { node, branch: 0 }]);
        below(node.body);
        return;
      case "look": {
        if (!node.ahead) {
          const [min, max] = width(node.body);
          if (min !== max) throw new PythonRegexError("look-behind requires fixed-width pattern");
        }
        walk(node.body, [...path, { node, branch: 0 }], inLookbehind || !node.ahead);
        return;
      }
      case "repeat":
        below(node.body);
        return;
      case "backref": {
        if (inLookbehind) throw new PythonRegexError("evalgate cannot translate a backreference inside a look-behind");
        const groupPath = paths.get(node.group)!;
        // The lowest node above both: the group must be reached on every way to the reference.
        let common = 0;
        while (common < path.length && common < groupPath.length && groupPath[common]!.node === path[common]!.node) common++;
        const split = groupPath[common - 1];
        const divergesInAlternation = split && split.node.kind === "alt" && split.branch !== path[common - 1]!.branch;
        const conditional = groupPath
          .slice(common)
          .some(
            ({ node: above }) =>
              above.kind === "alt" || (above.kind === "repeat" && above.min === 0) || (above.kind === "look" && above.negative),
          );
        if (divergesInAlternation || conditional)
          throw new PythonRegexError(
            `evalgate cannot translate the reference to group ${node.group}: the group may not take part in the match (Python then fails the reference, JavaScript matches empty)`,
          );
        return;
      }
      default:
        return;
    }
  };
  walk(root, [], false);
}

/** Whether this runtime's RegExp has modifiers (`(?i:…)`: V8 12.5, Node 23; Node 22 lacks them). */
export const SCOPED_CASE_SUPPORTED = (() => {
  try {
    // biome-ignore lint/complexity/useRegexLiterals: a literal would be a syntax error where modifiers are missing
    new RegExp("(?i:a)", "v");
    return true;
  } catch {
    return false;
  }
})();

/** Whether the tree sets case sensitivity for a part of the pattern only (`(?i:…)`, `(?-i:…)`). */
function usesScopedCase(node: Node): boolean {
  switch (node.kind) {
    case "seq":
      return node.items.some(usesScopedCase);
    case "alt":
      return node.branches.some(usesScopedCase);
    case "group":
      return node.ignoreCase !== null || usesScopedCase(node.body);
    case "look":
    case "repeat":
      return usesScopedCase(node.body);
    default:
      return false;
  }
}

export interface TranslatedRegex {
  source: string;
  flags: string;
}

/** Python's pattern as JavaScript source and flags (without `g`), or a PythonRegexError saying why not. */
export function translatePythonRegex(pattern: string): TranslatedRegex {
  const parser = new Parser(pattern);
  const tree = parser.parseAlternation(true);
  if (parser.peek() === ")") parser.fail("unbalanced parenthesis");
  checkStructure(tree);
  if (!SCOPED_CASE_SUPPORTED && usesScopedCase(tree))
    throw new PythonRegexError(
      `case flags for part of a pattern ((?i:…), (?-i:…)) need Node.js 23 or later, whose regular expressions have modifiers; this is Node.js ${process.versions.node}`,
    );
  return { source: emit(tree), flags: `v${parser.globalIgnoreCase ? "i" : ""}` };
}

const compiled = new Map<string, RegExp>();

/** A global RegExp that finds what Python's re.finditer finds (translations are kept per pattern). */
export function pythonRegex(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    const { source, flags } = translatePythonRegex(pattern);
    regex = new RegExp(source, `g${flags}`);
    compiled.set(pattern, regex);
  }
  return regex;
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * re.finditer(pattern, text). V8 also reports empty matches between the two halves of a surrogate
 * pair for patterns that start with a look-behind; Python works in code points, so those are dropped.
 */
export function* findPythonMatches(pattern: string, text: string): Generator<RegExpExecArray> {
  for (const match of text.matchAll(pythonRegex(pattern))) {
    const at = match.index;
    if (at > 0 && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at))) continue;
    yield match;
  }
}

/** len(re.findall(pattern, text)): the number of non-overlapping matches. */
export function countPythonMatches(pattern: string, text: string): number {
  let count = 0;
  for (const _ of findPythonMatches(pattern, text)) count++;
  return count;
}
