// A test's asserts on one output, as promptfoo 0.123's runAssertions runs them: each assert's value
// rendered with the vars (or read from its file), its own transform applied, its handler's pass and
// score; weight 0 always passes; an assert-set combined first; the test's threshold over them all.
import type { ChatMessage } from "../../models/types.ts";
import { baseType, isGraded, scriptRefOf } from "./assert-spec.ts";
import { gradedAssert } from "./asserts/graded.ts";
import type { Ask } from "./asserts/grading.ts";
import { containsJsonAssert, isJsonAssert, toolsCallAssert } from "./asserts/json.ts";
import type { Embed } from "./asserts/relevance.ts";
import { CombinedResult, type GradingResult } from "./asserts/result.ts";
import { javascriptResult, jsFunctionBody, pythonResult, pythonScript, type ScriptValue } from "./asserts/scripts.ts";
import { bleuAssert, rougeAssert } from "./asserts/similarity.ts";
import {
  AssertValueError,
  containsAssert,
  containsListAssert,
  equalsAssert,
  levenshteinAssert,
  limitAssert,
  regexAssert,
  startsWithAssert,
} from "./asserts/text.ts";
import { renderString, type Vars } from "./render.ts";
import type { PfAssertion, PfProvider, PfTest } from "./types.ts";

export interface AssertRun {
  output: unknown;
  /** The rendered prompt, as promptfoo hands it to asserts. */
  prompt: string;
  promptLabel: string;
  test: PfTest;
  provider: PfProvider;
  costUsd: number | null;
  latencyMs: number | undefined;
  /** Runs repository code (javascript, python, transforms) in a process of its own. */
  script(language: "javascript" | "python", source: ScriptSource, args: unknown[]): Promise<ScriptValue>;
  ask: Ask;
  /** The suite's embedding-model, when it has one (answer-relevance then measures as promptfoo does). */
  embed?: Embed;
}

export type ScriptSource = { body: string; params: string[] } | { file: string; fn?: string; defaultFn: string };

const outputString = (output: unknown) => (typeof output === "string" ? output : JSON.stringify(output));

export async function runAsserts(run: AssertRun): Promise<GradingResult> {
  const asserts = run.test.assert;
  if (asserts.length === 0) return { pass: true, score: 1, reason: "No assertions", componentResults: [] };
  const main = new CombinedResult(run.test.threshold);
  for (const [index, assertion] of asserts.entries()) {
    if (assertion.type === "assert-set") {
      const set = new CombinedResult(assertion.threshold);
      for (const [inner, child] of (assertion.assert ?? []).entries())
        set.add(inner, await runAssert(child, run), metricName(child, run), child.weight);
      main.add(index, { ...set.result(), assertion }, metricName(assertion, run), assertion.weight);
    } else main.add(index, await runAssert(assertion, run), metricName(assertion, run), assertion.weight);
  }
  return main.result();
}

function metricName(assertion: PfAssertion, run: AssertRun): string | undefined {
  if (!assertion.metric) return assertion.metric;
  try {
    return renderString(assertion.metric, run.test.vars, {});
  } catch {
    return assertion.metric;
  }
}

async function runAssert(assertion: PfAssertion, run: AssertRun): Promise<GradingResult> {
  let result: GradingResult;
  try {
    result = await handle(assertion, run);
  } catch (error) {
    if (!(error instanceof AssertValueError) && !(error instanceof Error && error.name === "Template render error")) throw error;
    result = { pass: false, score: 0, reason: error.message };
  }
  const withAssertion = { ...result, assertion };
  return assertion.weight === 0 ? { ...withAssertion, pass: true } : withAssertion;
}

async function handle(assertion: PfAssertion, run: AssertRun): Promise<GradingResult> {
  const vars = run.test.vars;
  let output = run.output;
  if (assertion.transform) {
    const transformed = await transformOutput(assertion.transform, output, { vars, prompt: { label: run.promptLabel } }, run);
    if ("error" in transformed) return { pass: false, score: 0, reason: transformed.error };
    output = transformed.value;
  }
  const value = renderValue(assertion.value, vars);
  const type = baseType(assertion.type);
  const inverse = assertion.type.startsWith("not-");
  const text = outputString(output);
  if (type === "javascript" || type === "python") return scriptAssert(type, assertion, value, output, run, inverse);
  if (isGraded(type))
    return gradedAssert(
      { type, assertion, value, output: text, prompt: run.prompt, vars, options: run.test.options },
      inverse,
      run.ask,
      run.embed,
    );
  return plainAssert(type, assertion, value, output, text, run, inverse);
}

async function plainAssert(
  type: string,
  assertion: PfAssertion,
  value: unknown,
  output: unknown,
  text: string,
  run: AssertRun,
  inverse: boolean,
): Promise<GradingResult> {
  switch (type) {
    case "equals":
      return equalsAssert(value, text, inverse);
    case "contains":
    case "icontains":
      return containsAssert(value, text, inverse, type === "icontains");
    case "contains-any":
    case "contains-all":
    case "icontains-any":
    case "icontains-all":
      return containsListAssert(type, value, text, inverse);
    case "starts-with":
      return startsWithAssert(value, text, inverse);
    case "regex":
      return regexAssert(value, text, inverse);
    case "levenshtein":
      return levenshteinAssert(value, text, inverse, assertion.threshold);
    case "rouge-n":
      return rougeAssert(value, text, inverse, assertion.threshold);
    case "bleu":
      return bleuAssert(value, text, inverse, assertion.threshold);
    case "is-json":
      return isJsonAssert(value, text, inverse);
    case "contains-json":
      return containsJsonAssert(value, text, inverse);
    case "is-valid-openai-tools-call":
      return toolsCallAssert(output, run.provider.tools);
    case "cost":
      return limitAssert("cost", run.costUsd ?? undefined, assertion.threshold, inverse);
    case "latency":
      return limitAssert("latency", run.latencyMs, assertion.threshold, inverse);
  }
  throw new Error(`assert type ${type} reached the evaluator unchecked`);
}

/** A string value rendered with the vars (a list's strings each); a value read from a file is used as read. */
function renderValue(value: unknown, vars: Vars): unknown {
  if (scriptRefOf(value)) return value;
  if (typeof value === "string") return renderString(value, vars, {});
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? renderString(item, vars, {}) : item));
  return value;
}

async function scriptAssert(
  type: "javascript" | "python",
  assertion: PfAssertion,
  value: unknown,
  output: unknown,
  run: AssertRun,
  inverse: boolean,
): Promise<GradingResult> {
  const context = {
    prompt: run.prompt,
    vars: run.test.vars,
    test: run.test,
    provider: { id: run.provider.id, label: run.provider.label },
    ...(assertion.config ? { config: assertion.config } : {}),
  };
  const file = scriptRefOf(value);
  if (!file && typeof value !== "string") throw new AssertValueError(`${type} assertion must have a string value`);
  const code = typeof value === "string" ? value.trimEnd() : undefined;
  const source: ScriptSource = file
    ? { file: file.file, ...(file.fn ? { fn: file.fn } : {}), defaultFn: "get_assert" }
    : type === "javascript"
      ? { body: jsFunctionBody(code!), params: ["output", "context"] }
      : { body: pythonScript(code!), params: [] };
  const ran = await run.script(type, source, [output, context]);
  return type === "javascript"
    ? javascriptResult(assertion, ran, inverse, code)
    : pythonResult(assertion, ran, inverse, file ? undefined : String(assertion.value));
}

/** promptfoo's transform: an inline expression (returned when one line) or a file's function, on the output. */
export async function transformOutput(
  code: string,
  output: unknown,
  context: object,
  run: Pick<AssertRun, "script">,
): Promise<ScriptValue> {
  const ref = code.startsWith("file://") ? code.slice(7) : undefined;
  const language = ref?.endsWith(".py") || ref?.includes(".py:") ? "python" : "javascript";
  let source: ScriptSource;
  if (ref === undefined) source = { body: code.includes("\n") ? code : `return ${code}`, params: ["output", "context"] };
  else {
    const colon = ref.lastIndexOf(":");
    const hasFn = colon > 1 && /\.(c|m)?(j|t)s$|\.py$/.test(ref.slice(0, colon));
    source = { file: hasFn ? ref.slice(0, colon) : ref, ...(hasFn ? { fn: ref.slice(colon + 1) } : {}), defaultFn: "get_transform" };
  }
  const ran = await run.script(language, source, [output, context]);
  if ("error" in ran) return { error: `Transform failed: ${ran.error}` };
  if (ran.value === undefined || ran.value === null) return { error: "Transform function did not return a value" };
  return ran;
}

export type { ChatMessage };
