// A test's asserts checked before any request: every type evalgate runs (its not- form too), numbers
// where promptfoo reads numbers, an assert-set's own asserts, and the files a value names read now
// (a schema, a text) or resolved (a javascript or python file). A type evalgate does not run is exit
// 2 naming it: an assert is never skipped.
import path from "node:path";
import type { InputProblem } from "../../config/errors.ts";
import { isRecord } from "../../util/is-record.ts";
import { GRADED_TYPES } from "./asserts/graded.ts";
import { fileRef, type PfWhere, parseData, readRef } from "./files.ts";
import type { PfAssertion } from "./types.ts";

export const RUN_TYPES = new Set<string>([
  "equals",
  "contains",
  "icontains",
  "contains-any",
  "contains-all",
  "icontains-any",
  "icontains-all",
  "starts-with",
  "regex",
  "is-json",
  "contains-json",
  "is-valid-openai-tools-call",
  "levenshtein",
  "rouge-n",
  "bleu",
  "cost",
  "latency",
  "javascript",
  "python",
  ...GRADED_TYPES,
]);

export const baseType = (type: string) => (type.startsWith("not-") ? type.slice(4) : type);
export const isGraded = (type: string) => (GRADED_TYPES as readonly string[]).includes(baseType(type));

/** Where an assert is written: its file, its line, and the field path shown in messages. */
export interface AssertAt {
  file: string;
  line: number | undefined;
  field: string;
}

export interface SpecContext {
  where: PfWhere;
  reads: Set<string>;
  problems: InputProblem[];
}

/** A script file an assert names: its absolute path and the function in it (promptfoo's file://path:fn). */
export interface ScriptRef {
  file: string;
  fn?: string;
}

export async function checkAssertion(raw: unknown, at: AssertAt, ctx: SpecContext): Promise<PfAssertion | undefined> {
  const problem = (message: string) => {
    ctx.problems.push({ file: at.file, line: at.line, field: at.field, message });
    return undefined;
  };
  if (!isRecord(raw) || typeof raw["type"] !== "string") return problem("an assert is a mapping with a type");
  const type = raw["type"];
  if (type === "assert-set") return checkSet(raw, at, ctx);
  if (!RUN_TYPES.has(baseType(type)))
    return problem(
      `assert type "${type}" is not one evalgate runs (docs/promptfoo.md lists those it does); remove it or move it to a suite that can grade it`,
    );
  for (const key of ["threshold", "weight"] as const)
    if (raw[key] !== undefined && typeof raw[key] !== "number") return problem(`${key} must be a number, got ${JSON.stringify(raw[key])}`);
  for (const key of ["metric", "transform"] as const)
    if (raw[key] !== undefined && typeof raw[key] !== "string") return problem(`${key} must be a string`);
  if (raw["provider"] !== undefined || raw["rubricPrompt"] !== undefined)
    return problem("an assert's own provider or rubricPrompt is not used: the suite's judge grades with evalgate's prompts; remove it");
  const assertion = { ...raw } as unknown as PfAssertion;
  const ref = fileRef(raw["value"]);
  if (ref !== undefined) {
    const loaded = await loadValueFile(ref, baseType(type), at, ctx);
    if (loaded === undefined) return undefined;
    assertion.value = loaded;
  }
  return assertion;
}

async function checkSet(raw: Record<string, unknown>, at: AssertAt, ctx: SpecContext): Promise<PfAssertion | undefined> {
  const inner = raw["assert"];
  if (!Array.isArray(inner) || inner.length === 0) {
    ctx.problems.push({ ...at, message: "an assert-set needs a list of asserts under assert:" });
    return undefined;
  }
  const checked: PfAssertion[] = [];
  for (const [index, item] of inner.entries()) {
    if (isRecord(item) && item["type"] === "assert-set") {
      ctx.problems.push({
        ...at,
        field: `${at.field}.assert.${index}`,
        message: "an assert-set cannot hold another (promptfoo refuses it too)",
      });
      continue;
    }
    const one = await checkAssertion(item, { ...at, field: `${at.field}.assert.${index}` }, ctx);
    if (one) checked.push(one);
  }
  return { ...(raw as unknown as PfAssertion), assert: checked };
}

/** A value naming a file: a script's path (javascript, python), or the data it holds (a schema, a reference text). */
async function loadValueFile(ref: string, type: string, at: AssertAt, ctx: SpecContext): Promise<unknown> {
  const colon = ref.lastIndexOf(":");
  const hasFn = colon > 1 && /\.(c|m)?(j|t)s$|\.py$/.test(ref.slice(0, colon));
  const filePart = hasFn ? ref.slice(0, colon) : ref;
  const absolute = path.resolve(ctx.where.baseDir, filePart);
  const at2 = { file: at.file, line: at.line, field: at.field, message: "" };
  if (/\.(c|m)?(j|t)s$|\.py$/.test(filePart)) {
    if (type !== "javascript" && type !== "python") {
      ctx.problems.push({
        ...at2,
        message: `a ${type} assert's value from a script (${filePart}) is not run by evalgate; write the value itself`,
      });
      return undefined;
    }
    const read = await readRef(absolute, ctx.where, at2);
    if ("problem" in read) return void ctx.problems.push(read.problem);
    ctx.reads.add(absolute);
    return { script: { file: absolute, ...(hasFn ? { fn: ref.slice(colon + 1) } : {}) } satisfies ScriptRef };
  }
  const read = await readRef(absolute, ctx.where, at2);
  if ("problem" in read) return void ctx.problems.push(read.problem);
  ctx.reads.add(absolute);
  if (/\.(json|ya?ml)$/i.test(filePart)) {
    const data = parseData(read);
    if ("problems" in data) return void ctx.problems.push(...data.problems);
    return data.value;
  }
  if (/\.txt$/i.test(filePart)) return read.text.trim();
  ctx.problems.push({
    ...at2,
    message: `${filePart}: promptfoo reads an assert value from .json, .yaml, .yml or .txt files (or a script)`,
  });
  return undefined;
}

/** The script an assert's value names, when it names one. */
export function scriptRefOf(value: unknown): ScriptRef | undefined {
  return isRecord(value) && isRecord(value["script"]) ? (value["script"] as unknown as ScriptRef) : undefined;
}
