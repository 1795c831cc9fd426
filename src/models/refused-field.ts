// A request refused for one of its settings, naming it: OpenAI's `error.param` with the code
// unsupported_parameter or unsupported_value ("Unsupported parameter: 'max_tokens' is not supported
// with this model. Use 'max_completion_tokens' instead."), Anthropic's message naming the field
// ("`temperature` is deprecated for this model."). Such a request is sent once more without the
// field (./chat-model.ts); any other refusal stays the case's.
import { isRecord } from "../util/is-record.ts";
import type { LearnedRule } from "./families.ts";

/** The provider's error object in a refusal's body (OpenAI and Anthropic both answer `{error: {message, type, param?, code?}}`). */
export interface Refusal {
  message: string;
  param?: string;
  code?: string;
}

/** Settings a refusal may take out of a request: sampling, length and reasoning settings, never the messages or the tools. */
const DROPPABLE = new Set([
  "temperature",
  "top_p",
  "top_k",
  "frequency_penalty",
  "presence_penalty",
  "logprobs",
  "top_logprobs",
  "seed",
  "max_tokens",
  "thinking",
  "reasoning_effort",
  "reasoning",
]);

/** The error object of a refusal's body; null when the body is not one. */
export function readRefusal(text: string): Refusal | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const error = isRecord(json) ? json["error"] : undefined;
  if (!isRecord(error) || typeof error["message"] !== "string") return null;
  return {
    message: error["message"],
    ...(typeof error["param"] === "string" ? { param: error["param"] } : {}),
    ...(typeof error["code"] === "string" ? { code: error["code"] } : {}),
  };
}

/** A refusal as a sentence: the provider's whole message, with the field and code it names. */
export function refusalText(refusal: Refusal): string {
  const named = [refusal.param ? `param ${refusal.param}` : "", refusal.code ?? ""].filter(Boolean).join(", ");
  return `${refusal.message}${named ? ` (${named})` : ""}`;
}

const NAMED_IN_MESSAGE = [
  // "`temperature` is deprecated for this model." (quoted, or as the message's first word)
  /(?:^|[`'"])([a-z_][a-z0-9_.]*)[`'"]?\s+(?:is|are)\s+(?:deprecated|not supported|unsupported|not allowed|not permitted)/i,
  /unsupported (?:parameter|value):\s*[`'"]([a-z_][a-z0-9_.]*)[`'"]/i,
];

/**
 * What to do about the setting a refusal names, when it names one the request carries and may go
 * without: leave it out (or send it as the field the API says to use instead). Null otherwise.
 */
export function ruleFromRefusal(provider: string, refusal: Refusal, body: Record<string, unknown>): LearnedRule | null {
  const field = namedField(refusal);
  if (!field || !DROPPABLE.has(field) || !Object.hasOwn(body, field)) return null;
  if (field === "max_tokens" && provider === "anthropic") return null; // required on every Claude model
  const instead = /use [`'"]([a-z_]+)[`'"] instead/i.exec(refusal.message)?.[1];
  const why = `the API refused it: ${refusalText(refusal)}`;
  return { field, ...(instead && instead !== field && !Object.hasOwn(body, instead) ? { sentAs: instead } : {}), why };
}

/** The top-level field the refusal names: OpenAI's param (for an unsupported one), else the first named in the message. */
function namedField(refusal: Refusal): string | undefined {
  const unsupported = refusal.code === "unsupported_parameter" || refusal.code === "unsupported_value";
  const named =
    refusal.param && unsupported ? refusal.param : NAMED_IN_MESSAGE.map((pattern) => pattern.exec(refusal.message)?.[1]).find(Boolean);
  return named?.split(".")[0];
}
