// promptfoo 0.123's javascript and python asserts on the repository's own code, run by script.ts in a
// process of its own: an inline body built as promptfoo builds it (a one-line expression returned; a
// python one-liner wrapped in main(output, context)), a `file://path:fn` called with (output, context);
// the value read as promptfoo reads it: a boolean, a number (passing above 0, or at `threshold`), or a
// {pass, score, reason} object.
import { isRecord } from "../../../util/is-record.ts";
import type { PfAssertion } from "../types.ts";
import type { GradingResult } from "./result.ts";

export type ScriptValue = { value: unknown } | { error: string };

/** promptfoo's buildFunctionBody: `return` put before a one-line expression (after its declarations). */
export function jsFunctionBody(code: string): string {
  if (code.includes("\n")) return code;
  const trimmed = code.trim().replace(/;+\s*$/, "");
  if (/^(const|let|var)\s/.test(trimmed)) {
    const last = lastStatementSemicolon(trimmed);
    if (last !== -1) {
      const expression = trimmed.slice(last + 1).trim();
      if (expression) return `${trimmed.slice(0, last + 1)} return ${expression}`;
    }
    return trimmed;
  }
  return `return ${trimmed}`;
}

function lastStatementSemicolon(code: string): number {
  let quote: string | undefined;
  let last = -1;
  for (let i = 0; i < code.length; i++) {
    const char = code[i]!;
    let escapes = 0;
    for (let k = i - 1; k >= 0 && code[k] === "\\"; k--) escapes++;
    if (escapes % 2 === 0 && (char === "'" || char === '"' || char === "`")) {
      if (quote === undefined) quote = char;
      else if (quote === char) quote = undefined;
    }
    if (char === ";" && quote === undefined) last = i;
  }
  return last;
}

/** promptfoo's buildPythonScript: the code as main's body (a one-liner returned), indented as its own lines are. */
export function pythonScript(code: string): string {
  const multiline = code.includes("\n");
  const indent = multiline ? (/^(?!\s*$)\s+/m.exec(code)?.[0] ?? "    ") : "    ";
  const body = multiline
    ? code
        .split("\n")
        .map((line) => `${indent}${line}`)
        .join("\n")
    : `    return ${code}`;
  return `import json\n\ndef main(output, context):\n${body}\n`;
}

const isGradingResult = (value: unknown): value is GradingResult =>
  isRecord(value) && typeof value["pass"] === "boolean" && typeof value["score"] === "number" && typeof value["reason"] === "string";

/** A javascript assert's value, as promptfoo's normalizeJavascriptAssertionResult reads it. */
export function javascriptResult(assertion: PfAssertion, ran: ScriptValue, inverse: boolean, code: string | undefined): GradingResult {
  const withCode = (reason: string) => (code ? `${reason}\n${code}` : reason);
  if ("error" in ran) return { pass: false, score: 0, reason: withCode(`Custom function threw error: ${ran.error}`) };
  const result = ran.value;
  if (typeof result !== "boolean" && typeof result !== "number" && !isGradingResult(result))
    return {
      pass: false,
      score: 0,
      reason: withCode(
        `Custom function threw error: Custom function must return a boolean, number, or GradingResult object. Got type ${typeof result}: ${JSON.stringify(result)}`,
      ),
    };
  return scriptOutcome(assertion, result, inverse, "Custom function", code);
}

/** A python assert's value, as promptfoo's normalizeScriptResult reads it ("true"/"false" strings, JSON text, a number's text too). */
export function pythonResult(assertion: PfAssertion, ran: ScriptValue, inverse: boolean, code: string | undefined): GradingResult {
  if ("error" in ran) return { pass: false, score: 0, reason: `Python code execution failed: ${ran.error}` };
  try {
    return scriptOutcome(assertion, readPythonValue(assertion, ran.value), inverse, "Python code", code);
  } catch (error) {
    return { pass: false, score: 0, reason: `Python code execution failed: ${(error as Error).message}` };
  }
}

const SHAPE = "Python assertion must return a boolean, number, or {pass, score, reason} object.";

function readPythonValue(assertion: PfAssertion, result: unknown): boolean | number | GradingResult {
  const lower = typeof result === "string" ? result.toLowerCase() : undefined;
  if (result === true || lower === "true") return true;
  if (typeof result === "boolean" || lower === "false") return false;
  let object = result;
  if (typeof result === "string" && result.startsWith("{")) {
    try {
      object = JSON.parse(result);
    } catch (error) {
      throw new Error(`Invalid JSON: ${error} when parsing result: ${result}`);
    }
  }
  if (isRecord(object)) {
    const mapped = Object.fromEntries(
      Object.entries(object).map(([key, value]) => [key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), value]),
    );
    if (!isGradingResult(mapped)) throw new Error(`${SHAPE} Got instead:\n${JSON.stringify(mapped, null, 2)}`);
    if (assertion.threshold !== undefined && mapped.score < assertion.threshold) {
      const message = `Python score ${mapped.score} is less than threshold ${assertion.threshold}`;
      return { ...mapped, pass: false, reason: mapped.reason ? `${message}: ${mapped.reason}` : message };
    }
    return mapped;
  }
  const score = Number.parseFloat(String(result));
  if (Number.isNaN(score)) throw new Error(`${SHAPE} Instead got:\n${result}`);
  return score;
}

function scriptOutcome(
  assertion: PfAssertion,
  result: boolean | number | GradingResult,
  inverse: boolean,
  label: string,
  code: string | undefined,
): GradingResult {
  const failure = (raw: boolean) => `${label} returned ${raw ? "true" : "false"}${code ? `\n${code}` : ""}`;
  if (typeof result === "boolean") {
    const pass = result !== inverse;
    return { pass, score: pass ? 1 : 0, reason: pass ? "Assertion passed" : failure(result) };
  }
  if (typeof result === "number") {
    const raw = assertion.threshold === undefined ? result > 0 : result >= assertion.threshold;
    const pass = raw !== inverse;
    return { pass, score: result, reason: pass ? "Assertion passed" : failure(raw) };
  }
  const pass = result.pass !== inverse;
  const reason = pass === result.pass ? result.reason : pass ? "Assertion passed" : `${label} returned ${result.pass ? "true" : "false"}`;
  return {
    pass,
    score: result.score,
    reason,
    ...(isRecord(result.namedScores) ? { namedScores: result.namedScores as Record<string, number> } : {}),
  };
}
