// What a comment asks of the accept path: the command on its first line, the targets, the reason as
// the record keeps it (one line, no secret, capped).
import assert from "node:assert/strict";
import { test } from "node:test";
import { acceptAsk, parseAcceptComment, REASON_MAX_CHARS } from "../../src/github/accept-command.ts";
import { registerSecret } from "../../src/util/redact.ts";

test("the command, its targets and its reason", () => {
  assert.deepEqual(parseAcceptComment("/evalgate accept bot/recall cheaper model"), { targets: ["bot/recall"], reason: "cheaper model" });
  assert.deepEqual(parseAcceptComment("\n  /evalgate accept bot,search/ndcg,ALL  known: see #12\nmore words"), {
    targets: ["bot", "search/ndcg", "all"],
    reason: "known: see #12",
  });
  assert.equal(parseAcceptComment("LGTM"), null);
  assert.equal(parseAcceptComment("> /evalgate accept all quoted\nthanks"), null, "a quoted command is not one");
  assert.equal(parseAcceptComment("please /evalgate accept all"), null);
  assert.deepEqual(parseAcceptComment("/evalgate accept"), {
    problem: "name what to accept: `/evalgate accept <suite/metric | suite | all> <reason>`",
  });
  assert.match((parseAcceptComment("/evalgate accept all") as { problem: string }).problem, /^give a reason after all/);
  assert.match((parseAcceptComment("/evalgate approve all now") as { problem: string }).problem, /the only command is/);
});

test("the reason keeps no secret, no control character, no second line, and at most 200 characters", () => {
  registerSecret("sk-acceptSecret-0123456789");
  const ask = parseAcceptComment(`/evalgate accept all leaked sk-acceptSecret-0123456789 \u001b[31mred\u0007 ${"x".repeat(400)}`) as {
    reason: string;
  };
  assert.doesNotMatch(ask.reason, /sk-acceptSecret|\u001b|\u0007/);
  assert.ok(ask.reason.length <= REASON_MAX_CHARS);
  assert.ok(ask.reason.endsWith("…"));
  assert.deepEqual(acceptAsk({ via: "label", actor: "a", label: "evalgate: accept" }, "evalgate: accept"), {
    targets: ["all"],
    reason: "label evalgate: accept",
  });
  assert.equal(acceptAsk({ via: "label", actor: "a", label: "bug" }, "evalgate: accept"), null);
});
