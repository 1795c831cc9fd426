// The TypeScript port of difflib.SequenceMatcher against CPython 3.11's own answers. Every expected
// value below was printed by python3 on this machine, e.g.
//   python3 -c "import difflib; print(difflib.SequenceMatcher(None, 'abcd', 'bcde').ratio())"
// and normalisation by the seed's normalize_text (lower, re.sub(r'[^a-zA-Z0-9\s]', ''), \s+ → ' ', strip).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { isSimilar, normalizeText, pythonRepr, pythonStr, sequenceRatio } from "../../src/util/sequence-matcher.ts";

test("ratio matches Python on short strings, including empty and non-BMP ones", () => {
  const cases: [string, string, number][] = [
    ["", "", 1.0],
    ["", "abc", 0.0],
    ["abc", "abc", 1.0],
    ["abcd", "bcde", 0.75],
    ["private Thread currentThread;", "private volatile Thread currentThread;", 0.8656716417910447],
    ["High", "high", 0.75],
    ["qabxcd", "abycdf", 0.6666666666666666],
    ["The printer on floor 3 is jammed", "The printer on floor 3 is jamed", 0.9841269841269841],
    ["Network outage in building A", "Network outage in building B", 0.9642857142857143],
    ["café ☕ naïve", "cafe naive", 0.7272727272727273],
    ["😀abc", "abc😀", 0.75], // code points, not UTF-16 units
  ];
  for (const [a, b, expected] of cases) assert.equal(sequenceRatio(a, b), expected, `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
});

test("autojunk drops popular characters once the second string has 200 or more elements", () => {
  // python3: SequenceMatcher(None, a, b).ratio() and SequenceMatcher(None, a, b, autojunk=False).ratio()
  const cases: [string, string, number, number][] = [
    ["a".repeat(250) + "b", "b" + "a".repeat(250), 0.00398406374501992, 0.9960159362549801],
    ["ab".repeat(150), "ba".repeat(150), 0.0, 0.9966666666666667],
    ["x" + "ab".repeat(120), "ab".repeat(120) + "y", 0.0, 0.995850622406639],
  ];
  for (const [a, b, withJunk, without] of cases) {
    assert.equal(sequenceRatio(a, b), withJunk);
    assert.equal(sequenceRatio(a, b, { autojunk: false }), without);
  }
});

test("normalisation follows Python's regex and whitespace rules, not JavaScript's", () => {
  const cases: [string, string][] = [
    ["  Hello,   World!! ", "hello world"],
    ["Tab\tand\nnewline", "tab and newline"],
    ["a\u00a0b\x1cc\ufeffd", "a b cd"], // \x1c is Python whitespace, \ufeff is not
    ["Ünïcödé K\u212a", "ncd kk"], // the Kelvin sign lowercases to an ASCII k
    ["customer_visible: False", "customervisible false"],
    ["['a', 'b']", "a b"],
  ];
  for (const [input, expected] of cases) assert.equal(normalizeText(input), expected);
});

test("the seed's similarity: ratio of normalised texts >= 0.95", () => {
  // python3: SequenceMatcher(None, normalize_text(a), normalize_text(b)).ratio()
  assert.equal(isSimilar("Printer jam on floor 3", "printer jam on floor 3!"), true); // 1.0
  assert.equal(isSimilar("Reset password for user jdoe", "Reset the password for user jdoe"), false); // 0.9333
  assert.equal(isSimilar("False", "false"), true); // 1.0
  assert.equal(isSimilar("2024-05-01", "2024-05-02"), false); // 0.875
  assert.equal(isSimilar("2024-05-01", "20240501"), true); // 1.0
  assert.equal(isSimilar("Network outage in building A", "Network outage in building B"), true); // 0.964: the seed's known leniency
  assert.equal(isSimilar("Reset password for user jdoe", "Reset the password for user jdoe", 0.9), true);
});

test("str() rendering of JSON values is Python's", () => {
  assert.equal(pythonStr(true), "True");
  assert.equal(pythonStr(null), "None");
  assert.equal(pythonStr("plain"), "plain");
  assert.equal(pythonRepr([true, null, { k: [1, 2.5, "it's"] }]), `[True, None, {'k': [1, 2.5, "it's"]}]`);
  assert.equal(pythonStr(0.0001), "0.0001");
  assert.equal(pythonStr(1e-5), "1e-05");
  assert.equal(pythonStr(123.456), "123.456");
  assert.equal(pythonStr(-2.25e-7), "-2.25e-07");
});

test("a few hundred generated pairs agree with python3 when it is available", (t) => {
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const alphabets = ["ab", "abc ", "abcdefghij", "aab  xyz", "é😀a b\u00a0\x1cX-_.,'\"K\u212a\ufeff"];
  const pairs: [string, string][] = [];
  for (let n = 0; n < 300; n++) {
    const alphabet = Array.from(alphabets[n % alphabets.length] as string);
    const make = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    const a = make(Math.floor(random() * (n % 3 === 0 ? 500 : 40)));
    pairs.push([
      a,
      random() < 0.3 ? a.slice(0, Math.floor(a.length * 0.9)) + make(5) : make(Math.floor(random() * (n % 3 === 0 ? 500 : 40))),
    ]);
  }
  const script = [
    "import json, sys, difflib, re",
    "def n(t):",
    "    t = t.lower(); t = re.sub(r'[^a-zA-Z0-9\\s]', '', t); t = re.sub(r'\\s+', ' ', t); return t.strip()",
    "print(json.dumps([[difflib.SequenceMatcher(None, a, b).ratio(), n(a)] for a, b in json.load(sys.stdin)]))",
  ].join("\n");
  let output: string;
  try {
    output = execFileSync("python3", ["-c", script], { input: JSON.stringify(pairs) }).toString();
  } catch {
    t.skip("python3 is not available");
    return;
  }
  const expected = JSON.parse(output) as [number, string][];
  pairs.forEach(([a, b], i) => {
    assert.equal(sequenceRatio(a, b), expected[i]?.[0], `pair ${i}`);
    assert.equal(normalizeText(a), expected[i]?.[1], `normalised ${i}`);
  });
});
