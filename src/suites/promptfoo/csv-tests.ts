// A CSV of tests as promptfoo 0.123 reads it (src/csv.ts): every column a var, except the special
// ones: __expected, __expected1… (each an assert written as a string: "contains: Paris",
// "icontains-any: a, b", "levenshtein(3): text", "javascript: …", "grade: …"; plain text is equals),
// __description, __prefix, __suffix, __metric (every assert's), __threshold (the test's),
// __config:__expectedN:threshold, __metadata:key.
import type { PfAssertion, PfTest } from "./types.ts";

/** Every base assert type promptfoo 0.123 knows (its BaseAssertionTypesSchema): a string naming one evalgate does not run is then refused, not read as equals. */
const STRING_TYPES = [
  "agent-rubric",
  "answer-relevance",
  "bleu",
  "classifier",
  "contains",
  "contains-all",
  "contains-any",
  "contains-html",
  "contains-json",
  "contains-sql",
  "contains-xml",
  "context-faithfulness",
  "context-recall",
  "context-relevance",
  "conversation-relevance",
  "cost",
  "equals",
  "factuality",
  "finish-reason",
  "g-eval",
  "gleu",
  "guardrails",
  "icontains",
  "icontains-all",
  "icontains-any",
  "is-html",
  "is-json",
  "is-refusal",
  "is-sql",
  "is-valid-function-call",
  "is-valid-openai-function-call",
  "is-valid-openai-tools-call",
  "is-xml",
  "javascript",
  "latency",
  "levenshtein",
  "llm-rubric",
  "pi",
  "meteor",
  "model-graded-closedqa",
  "model-graded-factuality",
  "moderation",
  "perplexity",
  "perplexity-score",
  "python",
  "regex",
  "rouge-n",
  "ruby",
  "similar",
  "similar:cosine",
  "similar:dot",
  "similar:euclidean",
  "starts-with",
  "skill-used",
  "trajectory:goal-success",
  "trajectory:tool-args-match",
  "trajectory:step-count",
  "trajectory:tool-sequence",
  "trajectory:tool-used",
  "trace-error-spans",
  "trace-span-count",
  "trace-span-duration",
  "search-rubric",
  "webhook",
  "word-count",
  "select-best",
  "human",
  "max-score",
  "assert-set",
];
// Longest first, so "contains-any" is not read as "contains" followed by "-any".
const TYPE_PATTERN = new RegExp(
  `^(not-)?(${[...STRING_TYPES].sort((a, b) => b.length - a.length).join("|")})(?:\\((\\d+(?:\\.\\d+)?)\\))?(?::([\\s\\S]*))?$`,
);
const THRESHOLD_DEFAULTED = new Set([
  "answer-relevance",
  "classifier",
  "context-faithfulness",
  "context-recall",
  "context-relevance",
  "cost",
  "latency",
  "levenshtein",
  "perplexity-score",
  "perplexity",
  "rouge-n",
  "similar",
  "starts-with",
]);
const LIST_TYPES = new Set(["contains-all", "contains-any", "icontains-all", "icontains-any"]);

const finite = (value: string | undefined): number | undefined => {
  const trimmed = value?.trim() ?? "";
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : undefined;
};

const isJsFile = (ref: string) => /\.(c|m)?(j|t)s$/.test(ref.split(":")[0]!);

/** promptfoo's assertionFromString. */
export function assertionFromString(expected: string, splitList: (value: string) => string[]): PfAssertion {
  for (const prefix of ["javascript:", "fn:", "eval:"])
    if (expected.startsWith(prefix)) return { type: "javascript", value: expected.slice(prefix.length).trim() };
  if (expected.startsWith("file://") && isJsFile(expected.slice(7))) return { type: "javascript", value: expected.trim() };
  if (expected.startsWith("grade:")) return { type: "llm-rubric", value: expected.slice(6) };
  if (expected.startsWith("llm-rubric:")) return { type: "llm-rubric", value: expected.slice(11) };
  if (expected.startsWith("python:")) return { type: "python", value: expected.slice(7).trim() };
  if (expected.startsWith("file://") && (expected.endsWith(".py") || expected.includes(".py:")))
    return { type: "python", value: expected.slice(7).trim() };
  const match = TYPE_PATTERN.exec(expected);
  if (!match) return { type: "equals", value: expected };
  const [, not, type, thresholdText, value] = match as unknown as [
    string,
    string | undefined,
    string,
    string | undefined,
    string | undefined,
  ];
  const fullType = not ? `not-${type}` : type;
  const threshold = finite(thresholdText);
  if (LIST_TYPES.has(type)) return { type: fullType, ...(value ? { value: splitList(value) } : {}) };
  if (type === "contains-json" || type === "is-json") return { type: fullType, ...(value !== undefined ? { value } : {}) };
  if (THRESHOLD_DEFAULTED.has(type))
    return {
      type: fullType,
      ...(value !== undefined ? { value: value.trim() } : {}),
      threshold: threshold ?? (type === "similar" ? 0.8 : 0.75),
    };
  return { type: fullType, ...(value !== undefined ? { value: value.trim() } : {}) };
}

/** One CSV row (header → cell) as promptfoo's testCaseFromCsvRow makes it a test; a bad __config column is a problem. */
export function testFromCsvRow(row: Record<string, string>, splitList: (value: string) => string[]): PfTest | { problem: string } {
  const vars: Record<string, unknown> = {};
  const asserts: PfAssertion[] = [];
  const options: PfTest["options"] = {};
  const configs: Record<number, number> = {};
  let description: string | undefined;
  let metric: string | undefined;
  let threshold: number | undefined;
  for (const [rawKey, value] of Object.entries(row)) {
    const key = rawKey.trim();
    if (key.startsWith("__expected")) {
      if (value.trim() !== "") asserts.push(assertionFromString(value.trim(), splitList));
    } else if (key === "__prefix") options.prefix = value;
    else if (key === "__suffix") options.suffix = value;
    else if (key === "__description") description = value;
    else if (key === "__metric") metric = value;
    else if (key === "__threshold") threshold = finite(value);
    else if (key.startsWith("__config:")) {
      const parts = key.slice(9).split(":");
      const index = parts[0] === "__expected" ? 0 : /^__expected(\d+)$/.test(parts[0] ?? "") ? Number(parts[0]!.slice(10)) - 1 : -1;
      const parsed = finite(value);
      if (parts.length !== 2 || index < 0 || parts[1] !== "threshold" || parsed === undefined)
        return { problem: `column "${key}": promptfoo reads only __config:__expected<N>:threshold with a number` };
      configs[index] = parsed;
    } else if (key.startsWith("__metadata") || key === "__providerOutput") {
      // Metadata filters promptfoo's web view; evalgate has no use for it.
    } else vars[key] = value;
  }
  asserts.forEach((assertion, index) => {
    if (metric !== undefined) assertion.metric = metric;
    if (configs[index] !== undefined) assertion.threshold = configs[index];
  });
  return {
    vars,
    assert: asserts,
    options,
    ...(description ? { description } : {}),
    ...(threshold !== undefined ? { threshold } : {}),
  };
}
