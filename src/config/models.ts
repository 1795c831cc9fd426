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
