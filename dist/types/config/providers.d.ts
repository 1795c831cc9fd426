/** The names the schemas accept under `provider:`. */
export type ProviderName = "openai" | "anthropic" | "http" | "athena";
