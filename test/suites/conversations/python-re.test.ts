// The Python-regex translator against Python's own `re` (tables written by CPython 3.11 with
// test/fixtures/python-re/generate.py): every pattern x text gives the same match spans, every
// pattern Python refuses is refused, and the untranslatable ones are refused with a reason.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import {
  findPythonMatches,
  PythonRegexError,
  SCOPED_CASE_SUPPORTED,
  translatePythonRegex,
} from "../../../src/suites/conversations/python-re.ts";

const fixture = async (name: string) =>
  JSON.parse(await readFile(new URL(`../../fixtures/python-re/${name}`, import.meta.url), "utf8")) as Record<string, unknown>;

interface Case {
  pattern: string;
  error?: string;
  matches?: [number, number][][];
}

/** Match spans in code points, as Python reports them. */
function jsSpans(pattern: string, text: string): [number, number][] {
  const toCodePoints = (index: number) => [...text.slice(0, index)].length;
  return [...findPythonMatches(pattern, text)].map((m) => [toCodePoints(m.index), toCodePoints(m.index + m[0].length)]);
}

// Python compiles these; evalgate refuses them because JavaScript has no exact equivalent.
const UNTRANSLATABLE = new Set([
  "(?>a+)b",
  "a++",
  "a*+",
  String.raw`(a)?\1`,
  String.raw`(?:(a)|b)\1`,
  "(?i)(?a)k",
  String.raw`\N{BULLET}`,
  String.raw`(a)|\1`,
  "(?=a)*",
]);

// Node 22's RegExp has no modifiers: a pattern with case flags for one part is refused there, with the reason.
const modifiers = SCOPED_CASE_SUPPORTED;
const needsModifiers = (pattern: string) => {
  try {
    translatePythonRegex(pattern);
    return false;
  } catch (error) {
    return !modifiers && error instanceof PythonRegexError && /need Node\.js 23/.test(error.message);
  }
};

test("python-re: every pattern x text matches where Python matches", async () => {
  const { cases, texts } = (await fixture("cases.json")) as { cases: Case[]; texts: string[] };
  let pairs = 0;
  const differences: string[] = [];
  for (const c of cases) {
    if (c.error !== undefined || UNTRANSLATABLE.has(c.pattern) || needsModifiers(c.pattern)) continue;
    c.matches!.forEach((expected, i) => {
      pairs++;
      const actual = jsSpans(c.pattern, texts[i]!);
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        differences.push(`${c.pattern} on ${JSON.stringify(texts[i])}: ${JSON.stringify(actual)} ≠ Python ${JSON.stringify(expected)}`);
    });
  }
  assert.ok(pairs > 4000, `${pairs} pairs`);
  assert.deepEqual(differences, []);
});

test("python-re: what Python refuses is refused, and so is what cannot be translated exactly", async () => {
  const { cases } = (await fixture("cases.json")) as { cases: Case[] };
  const refusedByPython = cases.filter((c) => c.error !== undefined);
  assert.ok(refusedByPython.length >= 15);
  for (const c of refusedByPython) assert.throws(() => translatePythonRegex(c.pattern), PythonRegexError, `${c.pattern} (${c.error})`);
  for (const pattern of UNTRANSLATABLE) {
    assert.ok(cases.find((c) => c.pattern === pattern)?.matches, `Python compiles ${pattern}`);
    assert.throws(() => translatePythonRegex(pattern), /evalgate cannot translate/, pattern);
  }
});

test("python-re: \\w, \\d and \\s are Python's on every assigned code point", async () => {
  const classes = (await fixture("classes.json")) as Record<"w" | "d" | "s" | "unassigned", [number, number][]>;
  const member = (ranges: [number, number][]) => {
    const set = new Uint8Array(0x110000);
    for (const [from, to] of ranges) set.fill(1, from, to + 1);
    return set;
  };
  const unassigned = member(classes.unassigned);
  for (const name of ["w", "d", "s"] as const) {
    const python = member(classes[name]);
    const regex = new RegExp(`^${translatePythonRegex(`\\${name}`).source}$`, "v");
    let differ = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (unassigned[cp] || (cp >= 0xd800 && cp <= 0xdfff)) continue;
      if (regex.test(String.fromCodePoint(cp)) !== (python[cp] === 1)) differ++;
    }
    assert.equal(differ, 0, `\\${name} differs on ${differ} code points`);
  }
});

test("python-re: (?i) treats as one exactly the characters Python's re does (Unicode 14 characters)", async () => {
  const { ignorecase, unassigned } = (await fixture("classes.json")) as Record<string, number[][]>;
  const sets = new Map<number, Set<number>>();
  for (const set of ignorecase!) for (const cp of set) sets.set(cp, new Set(set));
  const isUnassigned = (cp: number) => unassigned!.some(([from, to]) => cp >= from! && cp <= to!);
  const differences: string[] = [];
  for (const [cp, set] of sets) {
    const regex = new RegExp(`^${translatePythonRegex(`(?i)\\U${cp.toString(16).padStart(8, "0")}`).source}$`, "vi");
    for (const other of set) if (!regex.test(String.fromCodePoint(other))) differences.push(`${cp.toString(16)}≁${other.toString(16)}`);
    const char = String.fromCodePoint(cp);
    for (const other of [char.toLowerCase(), char.toUpperCase()]) {
      const ocp = other.codePointAt(0)!;
      if ([...other].length === 1 && !set.has(ocp) && !isUnassigned(ocp) && regex.test(other))
        differences.push(`${cp.toString(16)}~${ocp.toString(16)}`);
    }
  }
  assert.ok(sets.size > 2800, `${sets.size} characters`);
  assert.deepEqual(differences, []);
});

test("python-re: case flags for part of a pattern are translated where RegExp has modifiers, and refused with the reason where not", () => {
  if (modifiers) {
    assert.deepEqual(
      [...findPythonMatches("(?i:y)es", "Yes yes YES")].map((m) => m[0]),
      ["Yes", "yes"],
    );
    return;
  }
  assert.throws(() => translatePythonRegex("(?i:y)es"), /case flags for part of a pattern .* need Node\.js 23 or later/);
});
