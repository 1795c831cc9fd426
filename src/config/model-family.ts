// The one table of model families, read from a model id: who trains a model and its line
// ("gpt-4o-mini" → openai gpt, "anthropic/claude-sonnet-4" → anthropic claude), for the
// judge-independence check, and which request fields a line's newer models take (the model rules
// that ../models/families.ts applies to every request). An id the table does not know has no family.
// Sources of the rules: OpenAI's reasoning guide and the 400s quoted in ../../docs/providers.md#model-rules;
// Anthropic's migration guide for Claude Opus 4.7 and the Claude 5 models.
export interface ModelFamily {
  /** Who trains it: "openai", "anthropic", "google", "meta"… */
  vendor: string;
  /** The line of models: "gpt", "claude", "gemini", "llama"… */
  family: string;
}

/** A provider whose requests the model rules shape. */
export type RuledProvider = "openai" | "anthropic";

/** The request fields some models of a family take, when sent through `provider`'s API. */
export interface FamilyRule {
  provider: RuledProvider;
  /** The models it covers, as the docs and notes name them. */
  family: string;
  /** Matches the canonical model id (canonicalModelId). */
  pattern: RegExp;
  /** Wire fields these models take only at their default (the value), or never (null): any other value is not sent. */
  onlyDefault: Readonly<Record<string, number | null>>;
  /** Wire fields these models take under another name. */
  renamed?: Readonly<Record<string, string>>;
  /** These models take `thinking: {type: "adaptive"}`, never a token budget. */
  adaptiveThinking?: true;
}

interface FamilyRow extends ModelFamily {
  /** Matches the canonical model id (lower case, without a "vendor/" prefix or a date); the first row that matches wins. */
  pattern: RegExp;
  /** Request rules of some of its models; a model matching none is sent what it is configured with. */
  rules?: readonly FamilyRule[];
}

const OPENAI_REASONING: FamilyRule = {
  provider: "openai",
  family: "OpenAI reasoning models (gpt-5*, o1*, o3*, o4*)",
  pattern: /^(gpt-5|o1|o3|o4)(?![0-9])/,
  onlyDefault: { temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0, logprobs: null, top_logprobs: null },
  renamed: { max_tokens: "max_completion_tokens" },
};

const CLAUDE_WITHOUT_SAMPLING: FamilyRule = {
  provider: "anthropic",
  family: "Claude Opus 4.7, Opus 4.8, Opus 5, Sonnet 5",
  pattern: /^claude-(opus-4-[78]|opus-5|sonnet-5)(?![0-9])/,
  onlyDefault: { temperature: null, top_p: null, top_k: null },
  adaptiveThinking: true,
};

/** The table. */
export const MODEL_FAMILIES: readonly FamilyRow[] = [
  { pattern: /^(gpt-|chatgpt|o[1-9](-|$)|davinci|text-davinci)/, vendor: "openai", family: "gpt", rules: [OPENAI_REASONING] },
  { pattern: /^claude/, vendor: "anthropic", family: "claude", rules: [CLAUDE_WITHOUT_SAMPLING] },
  { pattern: /^gemini/, vendor: "google", family: "gemini" },
  { pattern: /^gemma/, vendor: "google", family: "gemma" },
  { pattern: /^(meta-)?llama|^codellama/, vendor: "meta", family: "llama" },
  { pattern: /^(mistral|mixtral|codestral|ministral|magistral|pixtral|devstral)/, vendor: "mistral", family: "mistral" },
  { pattern: /^(qwen|qwq)/, vendor: "alibaba", family: "qwen" },
  { pattern: /^deepseek/, vendor: "deepseek", family: "deepseek" },
  { pattern: /^grok/, vendor: "xai", family: "grok" },
  { pattern: /^phi-?\d/, vendor: "microsoft", family: "phi" },
  { pattern: /^command/, vendor: "cohere", family: "command" },
  { pattern: /^nova-/, vendor: "amazon", family: "nova" },
];

/** The model id a config asks for, when its provider names one (a command or http model may not). */
export function modelIdOf(config: object | undefined): string | undefined {
  return config && "model" in config && typeof config.model === "string" && config.model ? config.model : undefined;
}

/**
 * A model id as the same model under other spellings: lower case, without a "vendor/" prefix
 * ("openai/gpt-4o"), a dated snapshot ("-2024-08-06", "-20241022") or "-latest".
 */
export function canonicalModelId(id: string): string {
  const bare = id.toLowerCase().trim().split("/").pop() ?? "";
  return bare.replace(/(-latest|-\d{4}-\d{2}-\d{2}|-\d{8}|@\d{8})$/, "");
}

/** The row of the table a model id falls under, if any. */
function rowOf(id: string): FamilyRow | undefined {
  const canonical = canonicalModelId(id);
  return MODEL_FAMILIES.find((row) => row.pattern.test(canonical));
}

/** The family of a model id; null when the table does not know it. */
export function modelFamily(id: string): ModelFamily | null {
  const row = rowOf(id);
  return row ? { vendor: row.vendor, family: row.family } : null;
}

/** The request rules a model takes through `provider`'s API, if the table has any for it. */
export function familyRuleOf(provider: string, id: string): FamilyRule | undefined {
  const canonical = canonicalModelId(id);
  return rowOf(id)?.rules?.find((rule) => rule.provider === provider && rule.pattern.test(canonical));
}
