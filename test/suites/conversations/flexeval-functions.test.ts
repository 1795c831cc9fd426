// evalgate's built-in function metrics against FlexEval's own (function_metrics.py v0.5.2, run by
// test/fixtures/flexeval/parity/function_metrics.py on threads.jsonl: English, numbers, CJK, emoji,
// URLs, tool calls, numbers and lists as content). Every row agrees but those of the documented
// differences below (docs/reference-differences.md, "FlexEval").
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { BUILTIN_FUNCTIONS, readMetricReturn } from "../../../src/suites/conversations/functions.ts";
import { buildThread, type Level, objectsAt, parseThreadLine, type ThreadObject } from "../../../src/suites/conversations/thread.ts";

const PARITY = new URL("../../fixtures/flexeval/parity/", import.meta.url);

interface Row {
  line: number;
  function: string;
  level: Level;
  index: number;
  kwargs: Record<string, unknown>;
  values?: [string, number][];
  error?: string;
  refused?: string;
}

async function evalgateValues(row: Row, thread: ThreadObject): Promise<[string, number | null][] | "error"> {
  const object = objectsAt(thread, row.level)[row.index]!;
  try {
    const result = await BUILTIN_FUNCTIONS[row.function]!.fn(object, row.kwargs, thread, { moderate: null });
    return readMetricReturn(row.function, result).map((v) => [v.name, v.value]);
  } catch {
    return "error";
  }
}

const TOOL_CALL_FUNCTIONS = new Set(["count_tool_calls", "tool_was_called", "count_tool_calls_by_name"]);

/** Why a row may differ, or null when it must agree. */
function documentedDifference(row: Row, thread: ThreadObject): string | null {
  if (TOOL_CALL_FUNCTIONS.has(row.function) && thread.toolCalls.length > 0) return "tool calls read from JSONL";
  if (row.function === "count_emojis") return "emoji counted by emoji-regex";
  // Line 7's first message is a list of content parts: FlexEval measures the list's repr.
  const holdsParts = row.line === 7 && (row.level === "Thread" || row.index === 0);
  if (holdsParts) return "content parts read as text";
  return null;
}

test("function metrics: evalgate's values equal FlexEval's own, except the documented differences", async () => {
  const lines = (await readFile(new URL("threads.jsonl", PARITY), "utf8")).split("\n").filter(Boolean);
  const { rows } = JSON.parse(await readFile(new URL("function-metrics.json", PARITY), "utf8")) as { rows: Row[] };
  const threads = lines.map((line, i) => {
    const parsed = parseThreadLine(line, "threads.jsonl", i + 1);
    assert.ok("thread" in parsed);
    return buildThread(parsed.thread);
  });
  const tally = { equal: 0, documented: new Map<string, number>() };
  const unexplained: string[] = [];
  for (const row of rows) {
    if (row.refused) {
      // FlexEval refuses a thread with null content (NOT NULL); evalgate reads it as "" and says so.
      assert.match(row.refused, /NOT NULL/);
      tally.documented.set("null content refused by FlexEval", (tally.documented.get("null content refused by FlexEval") ?? 0) + 1);
      continue;
    }
    const thread = threads[row.line - 1]!;
    const ours = await evalgateValues(row, thread);
    const theirs = row.error ? "error" : row.values!;
    const sorted = (v: typeof ours | typeof theirs) => (v === "error" ? v : JSON.stringify([...v].sort()));
    if (sorted(ours) === sorted(theirs)) {
      tally.equal++;
      continue;
    }
    const reason = documentedDifference(row, thread);
    if (reason) tally.documented.set(reason, (tally.documented.get(reason) ?? 0) + 1);
    else
      unexplained.push(
        `line ${row.line} ${row.function}@${row.level}[${row.index}] ${JSON.stringify(row.kwargs)}: ${JSON.stringify(ours)} ≠ FlexEval ${JSON.stringify(theirs)}`,
      );
  }
  assert.deepEqual(unexplained, []);
  const compared = rows.filter((r) => !r.refused).length;
  if (process.env["EVALGATE_PARITY_REPORT"]) console.log(`${tally.equal} of ${compared} equal`, [...tally.documented]);
  assert.ok(tally.equal / compared >= 0.95, `${tally.equal} of ${compared} equal; ${JSON.stringify([...tally.documented])}`);
});
