// Endpoint definitions under `models:`. Every endpoint is named once and used by name; its
// `provider:` picks one schema from the provider table (./providers.ts).
import * as z from "zod";
import { PROVIDER_CONFIGS, type ProviderName } from "./providers.ts";

const [firstSchema, ...otherSchemas] = Object.values(PROVIDER_CONFIGS).map((provider) => provider.schema);

export const modelConfig = z.discriminatedUnion("provider", [firstSchema!, ...otherSchemas]);

export type ModelConfig = z.output<typeof modelConfig>;
export type ModelConfigOf<P extends ProviderName> = Extract<ModelConfig, { provider: P }>;
export type OpenAIModelConfig = ModelConfigOf<"openai">;
export type AnthropicModelConfig = ModelConfigOf<"anthropic">;
export type HttpModelConfig = ModelConfigOf<"http">;
export type AthenaModelConfig = ModelConfigOf<"athena">;

/** Suite keys naming the model that is the system under test: only there may a model carry `prompt:`. */
export const TARGET_REFERENCE_KEYS = ["agents", "target", "model-map"] as const;
/** Every suite key whose value names a model under `models:` (the rest grade, play the user or moderate). */
export const MODEL_REFERENCE_KEYS: readonly string[] = [
  ...TARGET_REFERENCE_KEYS,
  "judge",
  "simulator",
  "completion-judge",
  "grader",
  "moderation",
];

/** The model's prompt file as configured (relative to the config), when its provider takes one and it names one. */
export function promptFileOf(config: ModelConfig): string | undefined {
  return "prompt" in config ? config.prompt : undefined;
}

/** Whether the model's provider can send a prompt file's responseFormat; undefined when its models take no prompt file. */
export function promptTargetOf(config: ModelConfig): { responseFormat: boolean } | undefined {
  const entry = PROVIDER_CONFIGS[config.provider];
  return "promptTarget" in entry ? entry.promptTarget : undefined;
}

/** The providers whose requests can carry a prompt file's responseFormat, for messages that name them. */
export function providersTakingResponseFormat(): string[] {
  return Object.entries(PROVIDER_CONFIGS).flatMap(([name, entry]) =>
    "promptTarget" in entry && entry.promptTarget.responseFormat ? [name] : [],
  );
}

/** The URL a model's requests go to, with the field it is in (`base-url` or `url`). */
export function endpointUrl(config: ModelConfig): { field: string; value: string } {
  const field = PROVIDER_CONFIGS[config.provider].urlField;
  return { field, value: (config as Record<string, unknown>)[field] as string };
}

/** The model's config with its endpoint URL replaced (by the interpolated one). */
export function withEndpointUrl<C extends ModelConfig>(config: C, url: string): C {
  return { ...config, [PROVIDER_CONFIGS[config.provider].urlField]: url };
}

/** The variable holding the model's key or shared secret, with the field naming it; undefined when none is configured. */
export function secretVariable(config: ModelConfig): { name: string; field: string } | undefined {
  const field = PROVIDER_CONFIGS[config.provider].secretField;
  const name = (config as Record<string, unknown>)[field] as string | undefined;
  return name ? { name, field } : undefined;
}
