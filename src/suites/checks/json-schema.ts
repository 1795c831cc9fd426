// The json-schema check's schema files: JSON Schema draft 2020-12, compiled by Ajv's 2020 build (a
// well-kept validator; writing our own would be a second, less tested reading of the spec). What
// could make a schema slow or reach out is refused when it is compiled, before any request:
// - nothing is ever fetched: a `$ref` the file does not resolve itself (a URL, another file) is an
//   error naming it;
// - a `pattern` runs inside Ajv's validator on the model's strings, synchronously, so it must run on
//   V8's linear-time engine (no lookahead, no backreference; without Unicode mode, so no \p{…}).
// `format` is an annotation, as draft 2020-12 has it by default: not checked.
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { linearRegExp } from "./regex.ts";

/** A problem with the schema file, at its line when known. */
export class SchemaProblem extends Error {
  override readonly name = "SchemaProblem";
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

const DRAFT_2020_12 = /^https:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/** Validates one parsed answer: null when it matches, else what does not (the first few, and how many). */
export type SchemaValidator = (value: unknown) => string[] | null;

/** Ajv's validator for a schema file's text; throws SchemaProblem (a parse error, another draft, a remote $ref, a slow pattern). */
export async function compileSchema(text: string): Promise<SchemaValidator> {
  const schema = parseSchema(text);
  const Ajv2020 = await loadAjv();
  const ajv = new Ajv2020({
    allErrors: true,
    // Unknown keywords are refused (a misspelt "requried" must not pass every answer); style rules are not.
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateFormats: false,
    logger: false,
    unicodeRegExp: false,
    code: { regExp: linearPatterns },
  });
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema as object);
    // Once at load, so a schema whose validator cannot run (its stack too deep) fails here, not on every answer.
    validate(null);
  } catch (error) {
    throw new SchemaProblem(compileMessage(error));
  }
  return (value) => {
    if (validate(value)) return null;
    return (validate.errors ?? []).map(describeError);
  };
}

function parseSchema(text: string): unknown {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split("\n").length : undefined;
    throw new SchemaProblem(`not JSON: ${message}`, line);
  }
  if (typeof schema !== "boolean" && (typeof schema !== "object" || schema === null || Array.isArray(schema)))
    throw new SchemaProblem("a schema is a JSON object (or true or false)", 1);
  const declared = typeof schema === "object" ? (schema as { $schema?: unknown }).$schema : undefined;
  if (declared !== undefined && !(typeof declared === "string" && DRAFT_2020_12.test(declared)))
    throw new SchemaProblem(
      `its $schema is ${JSON.stringify(declared)}: json-schema checks read draft 2020-12 (https://json-schema.org/draft/2020-12/schema); drop $schema or use that one`,
    );
  return schema;
}

type AjvClass = typeof import("ajv/dist/2020.js").default;

/** Ajv is loaded the first time a suite has a json-schema check: a run without one never pays for it. */
async function loadAjv(): Promise<AjvClass> {
  const module = (await import("ajv/dist/2020.js")) as unknown as { default: AjvClass & { default?: AjvClass } };
  return module.default.default ?? module.default;
}

/** Ajv's RegExp engine for `pattern`: V8's linear-time engine, or the pattern is refused at compile time. */
function linearPatterns(pattern: string): { test(text: string): boolean } {
  if (/\\[pP]\{|\\u\{/.test(pattern))
    throw new SchemaProblem(
      `pattern ${JSON.stringify(pattern)} needs Unicode mode (\\p{…} or \\u{…}), which evalgate does not run in schemas: write the characters as a class`,
    );
  const compiled = linearRegExp(pattern, "");
  if (!compiled) {
    throw new SchemaProblem(
      `pattern ${JSON.stringify(pattern)} is not a regular expression V8 can match in linear time (a lookahead or a backreference): evalgate refuses it so no answer can stall the run`,
    );
  }
  return compiled;
}
linearPatterns.code = "linearPatterns";

function compileMessage(error: unknown): string {
  if (error instanceof SchemaProblem) return error.message;
  const missing = (error as { missingRef?: unknown }).missingRef;
  if (typeof missing === "string")
    return `$ref ${JSON.stringify(missing)} is not defined in the file: evalgate never fetches a schema; put the definition under $defs`;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError) return `nested too deeply to validate with (${message})`;
  // Ajv says "strict mode: unknown keyword: …" and "schema is invalid: data/…": the schema is the file.
  return message.replace(/^schema is invalid: data/, "not a valid schema: ").replace(/^strict mode: /, "");
}

/** "/items/0/price must be number"; the root is "(the answer)". */
function describeError(error: ErrorObject): string {
  const where = error.instancePath || "(the answer)";
  const extra = error.keyword === "additionalProperties" ? ` (${JSON.stringify(error.params.additionalProperty)})` : "";
  return `${where} ${error.message ?? "does not match"}${extra}`;
}
