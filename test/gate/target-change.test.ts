// The note a verdict carries when a suite's systems under test were given other prompt files than the
// baseline's: it names each changed prompt, and only a change of the file's content counts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { promptDifference, targetChangeNotes } from "../../src/gate/target-change.ts";
import type { TargetIdentity } from "../../src/results/types.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";

const prompt = (file: string, hash: string): TargetIdentity => ({ prompt: { file, hash } });
const withTargets = (targets: Record<string, TargetIdentity> | undefined) =>
  results({ qa: suite({ score: metric(0.9) }, [caseResult("qa", "c1", { score: 0.9 })], targets ? { targets } : {}) });

test("the same bytes are the same prompt, wherever the file moved; new bytes, a new file or a removed one are named", () => {
  assert.equal(promptDifference("bot", { file: "a.md", hash: "1" }, { file: "b.md", hash: "1" }), undefined);
  assert.equal(promptDifference("bot", { file: "a.md", hash: "1" }, { file: "a.md", hash: "2" }), "the prompt of bot changed (a.md)");
  assert.equal(
    promptDifference("bot", { file: "a.md", hash: "1" }, { file: "b.md", hash: "2" }),
    "the prompt of bot changed (a.md → b.md)",
  );
  assert.equal(
    promptDifference("bot", undefined, { file: "a.md", hash: "1" }),
    "bot has a prompt file (a.md) the baseline does not record",
  );
  assert.equal(
    promptDifference("bot", { file: "a.md", hash: "1" }, undefined),
    "bot no longer has the prompt file the baseline was asked with (a.md)",
  );
  assert.equal(promptDifference("bot", undefined, undefined), undefined);
});

test("one note per suite, every changed target in it; none for an unchanged prompt or a carried suite", () => {
  const before = withTargets({ careful: prompt("p/careful.prompt.yml", "1"), sloppy: prompt("p/sloppy.md", "2") });
  const now = withTargets({ careful: prompt("p/careful.prompt.yml", "9"), sloppy: prompt("p/sloppy.md", "8") });
  assert.deepEqual(targetChangeNotes(now, before), [
    "qa: the prompt of careful changed (p/careful.prompt.yml); the prompt of sloppy changed (p/sloppy.md): its cases are compared with the baseline's answers, so a score change may be the prompt's",
  ]);
  assert.deepEqual(targetChangeNotes(before, before), []);
  const carried = withTargets({ careful: prompt("p/careful.prompt.yml", "9") });
  carried.suites["qa"]!.carried = { reason: "not run", finishedAt: "2026-08-01T10:00:00.000Z" };
  assert.deepEqual(targetChangeNotes(carried, before), []);
});

test("the verdict carries the note and still compares the cases", () => {
  const before = withTargets({ bot: prompt("bot.md", "1") });
  const now = results({
    qa: suite({ score: metric(0.5) }, [caseResult("qa", "c1", { score: 0.5 })], { targets: { bot: prompt("bot.md", "2") } }),
  });
  const verdict = evaluateGate(now, before, gate());
  assert.ok(verdict.notes.some((note) => note.startsWith("qa: the prompt of bot changed (bot.md)")));
  assert.equal(verdict.verdict, "fail");
  assert.equal(verdict.suites[0]!.changeCounts.regressed, 1);
});
