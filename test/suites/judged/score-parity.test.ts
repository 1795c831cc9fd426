// evalgate's judge-score parser against dust-evals' own (its extractScore, run on the same answers by
// test/fixtures/dust-evals/parity/score_parse.ts; the answers it gave are in score-parse.json). Every
// answer reads the same, but for the differences listed here, each on purpose and each with its
// example (docs/reference-differences.md lists them for users).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { extractScore, SCALES, type ScaleType } from "../../../src/suites/judged/grading.ts";

/** The answers evalgate reads otherwise than dust-evals, what it reads, and why. */
const DIFFERENCES: Record<string, { evalgate: number | null; why: string }> = {
  "**SCORE:** 3": { evalgate: 3, why: "markdown emphasis around the word is read past (dust-evals: no score)" },
  "SCORE: **3**": { evalgate: 3, why: "markdown emphasis around the number is read past (dust-evals: no score)" },
  "__SCORE:__ 2": { evalgate: 2, why: "underscore emphasis too" },
  "SCORE : 3": { evalgate: 3, why: "a space before the colon is read past (dust-evals: no score)" },
  "Subscore: 1\nSCORE: 3": { evalgate: 3, why: "a letter before 'score' makes another word; and the last verdict counts, not the first" },
  "FINALSCORE: 2": { evalgate: null, why: "a letter before 'score' makes another word (dust-evals reads 2)" },
  "SCORE:\n3": { evalgate: null, why: "the number must be on the line of SCORE: (dust-evals' \\s crosses the line break)" },
  "SCORE: 2 because it is mostly right": { evalgate: null, why: "the verdict ends its line: a score inside a sentence may be quoted" },
  "Score: 3/3": { evalgate: null, why: "the verdict ends its line: '3/3' is not a number (dust-evals reads 3)" },
  "SCORE: 1\nOn reflection, SCORE: 3": { evalgate: 3, why: "the judge's last verdict counts (dust-evals: the first)" },
  'The answer says "SCORE: 3" but it is wrong.\nSCORE: 1': { evalgate: 1, why: "a quoted score is the answer's, not the judge's" },
  "> SCORE: 3\nSCORE: 0": { evalgate: 0, why: "a > quote block is the answer's, not the judge's" },
  "SCORE: 1e2": { evalgate: 100, why: "an exponent is read with its number, so 1e400 is refused, not read as 1" },
};

interface Row {
  scale: ScaleType;
  answer: string;
  dustEvals: number | null;
}

test("the judge's score is read as dust-evals reads it, but for the listed differences (fixtures from dust-evals' own parser)", async () => {
  const fixture = JSON.parse(await readFile(new URL("../../fixtures/dust-evals/parity/score-parse.json", import.meta.url), "utf8")) as {
    source: string;
    rows: Row[];
  };
  assert.match(fixture.source, /^dust-tt\/dust x\/henry\/dust-evals\/src\/grading\.ts extractScore @ [0-9a-f]{40}$/);
  const seen = new Set<string>();
  for (const row of fixture.rows) {
    const read = extractScore(row.answer, SCALES[row.scale]);
    const ours = read.ok ? read.score : null;
    const difference = DIFFERENCES[row.answer];
    if (difference) {
      seen.add(row.answer);
      assert.notEqual(row.dustEvals, ours, `listed as a difference but read alike: ${JSON.stringify(row.answer)}`);
      assert.equal(ours, difference.evalgate, `${JSON.stringify(row.answer)}: ${difference.why}`);
    } else {
      assert.equal(
        ours,
        row.dustEvals,
        `${JSON.stringify(row.answer)} (${row.scale}): dust-evals reads ${row.dustEvals}, evalgate ${ours}`,
      );
    }
  }
  assert.deepEqual([...seen].sort(), Object.keys(DIFFERENCES).sort(), "every listed difference has its fixture row");
  // No-break spaces read as dust-evals reads them (aligned): around the colon and after the number.
  for (const answer of ["SCORE:\u00a03", "SCORE: 3\u00a0", "SCORE:\u202f2"])
    assert.ok(fixture.rows.some((row) => row.answer === answer && row.dustEvals !== null));
});
