// promptfoo 0.123's JSON asserts: is-json and contains-json (with an optional JSON Schema, checked by
// Ajv with promptfoo's settings: draft-07, strict schemas, ajv-formats' `format`s, the first error), and
// is-valid-openai-tools-call (each call's arguments against its tool's parameters).
import type { ValidateFunction } from "ajv";
import { parse as parseYaml } from "yaml";
import { isRecord } from "../../../util/is-record.ts";
import { type GradingResult, passFail } from "./result.ts";
import { AssertValueError } from "./text.ts";

type AjvInstance = { compile(schema: unknown): ValidateFunction; errorsText(errors: unknown): string };
type AddFormats = (ajv: AjvInstance) => unknown;
let ajv: AjvInstance | undefined;

async function getAjv(): Promise<AjvInstance> {
  if (ajv) return ajv;
  const module = (await import("ajv")) as unknown as {
    default: { default?: new (o: object) => AjvInstance } & (new (o: object) => AjvInstance);
  };
  const Ajv = module.default.default ?? module.default;
  const formats = (await import("ajv-formats")) as unknown as { default: { default?: AddFormats } & AddFormats };
  const addFormats = formats.default.default ?? formats.default;
  // promptfoo's getAjv: new Ajv({ strictSchema }) with addFormats(ajv), so `format` is checked as promptfoo checks it.
  ajv = new Ajv({ strictSchema: true, logger: false });
  addFormats(ajv);
  return ajv;
}

/** A schema as promptfoo reads an assert's value: an object, or YAML/JSON text. */
function schemaOf(value: unknown, type: string): unknown {
  if (typeof value === "string") return parseYaml(value);
  if (typeof value === "object" && value !== null) return value;
  throw new AssertValueError(`${type} assertion must have a string or object value`);
}

export async function isJsonAssert(value: unknown, output: string, inverse: boolean): Promise<GradingResult> {
  let parsed: unknown;
  let pass: boolean;
  try {
    parsed = JSON.parse(output);
    pass = !inverse;
  } catch {
    pass = inverse;
  }
  if (parsed !== undefined && value) {
    const validator = await getAjv();
    const validate = validator.compile(schemaOf(value, "is-json"));
    const valid = validate(parsed);
    pass = inverse ? !valid : valid;
    if (!pass)
      return {
        pass,
        score: 0,
        reason: inverse
          ? "Output is JSON that conforms to the provided schema"
          : `JSON does not conform to the provided schema. Errors: ${validator.errorsText(validate.errors)}`,
      };
  }
  return passFail(pass, `Expected output to ${inverse ? "not " : ""}be valid JSON`);
}

export async function containsJsonAssert(value: unknown, output: string, inverse: boolean): Promise<GradingResult> {
  let failure = `Expected output to ${inverse ? "not " : ""}contain valid JSON`;
  const objects = extractJsonObjects(output);
  let pass = inverse ? objects.length === 0 : objects.length > 0;
  for (const object of objects) {
    if (!value) continue;
    const validator = await getAjv();
    const validate = validator.compile(schemaOf(value, "contains-json"));
    const valid = validate(object);
    pass = inverse ? !valid : valid;
    if (valid) {
      if (inverse) failure = "Output contains JSON conforming to the provided schema";
      break;
    }
    failure = `JSON does not conform to the provided schema. Errors: ${validator.errorsText(validate.errors)}`;
  }
  return passFail(pass, failure);
}

/** Every {...} in the text that parses (promptfoo's extractJsonObjects: braces counted, an unclosed object closed). */
export function extractJsonObjects(text: string): object[] {
  const found: object[] = [];
  const maxLength = 100_000;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "{") continue;
    let open = 1;
    let close = 0;
    let j = i + 1;
    while (j < Math.min(i + maxLength, text.length) && open > close) {
      if (text[j] === "{") open++;
      if (text[j] === "}") close++;
      j++;
      if (open !== close && j !== text.length && j !== i + maxLength) continue;
      const candidate = text.slice(i, j) + (open > close ? "}".repeat(open - close) : "");
      const parsed = parseLenient(candidate);
      if (typeof parsed === "object" && parsed !== null) {
        found.push(parsed);
        i = j - 1;
        break;
      }
      if (open === close) break;
    }
  }
  return found;
}

function parseLenient(text: string): unknown {
  try {
    return parseYaml(text, { uniqueKeys: false, logLevel: "silent" });
  } catch {
    return undefined;
  }
}

/** OpenAI's tool calls, as promptfoo's output holds them: [{ type, function: { name, arguments (a JSON string) } }]. */
export async function toolsCallAssert(output: unknown, tools: unknown[] | undefined): Promise<GradingResult> {
  const calls = isRecord(output) && "tool_calls" in output ? output["tool_calls"] : output;
  const valid =
    Array.isArray(calls) &&
    calls.length > 0 &&
    calls.every(
      (call) =>
        isRecord(call) &&
        isRecord(call["function"]) &&
        typeof call["function"]["name"] === "string" &&
        typeof call["function"]["arguments"] === "string",
    );
  if (!valid) return { pass: false, score: 0, reason: `OpenAI did not return a valid-looking tools response: ${JSON.stringify(calls)}` };
  if (!tools) return { pass: false, score: 0, reason: "No tools configured in provider, but output contains tool calls" };
  const functions = tools
    .filter((tool) => isRecord(tool) && tool["type"] === "function" && "function" in tool)
    .map((tool) => (tool as { function: Record<string, unknown> }).function);
  const validator = await getAjv();
  for (const call of calls as { function: { name: string; arguments: string } }[]) {
    const { name, arguments: text } = call.function;
    let args: unknown;
    try {
      args = JSON.parse(text);
    } catch (error) {
      return { pass: false, score: 0, reason: (error as Error).message };
    }
    const schema = functions.find((fn) => fn["name"] === name)?.["parameters"];
    if (!schema) return { pass: false, score: 0, reason: `Called "${name}", but there is no function with that name` };
    const validate = validator.compile(schema);
    if (!validate(args))
      return { pass: false, score: 0, reason: `Call to "${name}" does not match schema: ${JSON.stringify(validate.errors)}` };
  }
  return { pass: true, score: 1, reason: "Assertion passed" };
}
