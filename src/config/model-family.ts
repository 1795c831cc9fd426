// Which family a model belongs to, from its model id: the vendor and the line of models it trained
// ("gpt-4o-mini" → openai gpt, "anthropic/claude-sonnet-4" → anthropic claude). A minimal table of its
// own, for the judge-independence check; a fuller family table (src/models/families.ts, another
// branch) can replace FAMILIES without changing the callers. An id it does not know has no family.
import type { ModelConfig } from "./models.ts";

export interface ModelFamily {
  /** Who trains it: "openai", "anthropic", "google", "meta"… */
  vendor: string;
  /** The line of models: "gpt", "claude", "gemini", "llama"… */
  family: string;
}

/** Model id (lower case, without a "vendor/" prefix) → family; the first match wins. */
const FAMILIES: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/^(gpt-|chatgpt|o[1-9](-|$)|davinci|text-davinci)/, "openai", "gpt"],
  [/^claude/, "anthropic", "claude"],
  [/^gemini/, "google", "gemini"],
  [/^gemma/, "google", "gemma"],
  [/^(meta-)?llama|^codellama/, "meta", "llama"],
  [/^(mistral|mixtral|codestral|ministral|magistral|pixtral|devstral)/, "mistral", "mistral"],
  [/^(qwen|qwq)/, "alibaba", "qwen"],
  [/^deepseek/, "deepseek", "deepseek"],
  [/^grok/, "xai", "grok"],
  [/^phi-?\d/, "microsoft", "phi"],
  [/^command/, "cohere", "command"],
  [/^nova-/, "amazon", "nova"],
];

/** The model id a config asks for, when its provider names one (a command or http model may not). */
export function modelIdOf(config: ModelConfig | undefined): string | undefined {
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

/** The family of a model id; null when the table does not know it. */
export function modelFamily(id: string): ModelFamily | null {
  const canonical = canonicalModelId(id);
  for (const [pattern, vendor, family] of FAMILIES) if (pattern.test(canonical)) return { vendor, family };
  return null;
}
