// The provider table: the one place a provider is added. Each provider's folder exports its entry
// (what it serves — chat, raw JSON posts, the /moderations route — and how); the table is keyed by
// the names of the config's provider table (../config/providers.ts), which holds each provider's
// schema, URL and secret fields. Providers import only the shared types (./adapter.ts), never this.
import type { ModelConfig, ModelConfigOf } from "../config/models.ts";
import type { ProviderName } from "../config/providers.ts";
import type { ProviderAdapter, ProviderUse } from "./adapter.ts";
import { anthropicProvider } from "./anthropic/index.ts";
import { athenaProvider } from "./athena/index.ts";
import { bedrockProvider } from "./bedrock/index.ts";
import type { ChatAdapter } from "./chat-model.ts";
import { commandProvider } from "./command/index.ts";
import { copilotProvider } from "./copilot/index.ts";
import { httpProvider } from "./http/index.ts";
import { openAIProvider } from "./openai/index.ts";

/** Every provider's adapter. Uses list their providers in this order ("athena or http"). */
export const PROVIDER_ADAPTERS: { [P in ProviderName]: ProviderAdapter<ModelConfigOf<P>> } = {
  openai: openAIProvider,
  anthropic: anthropicProvider,
  athena: athenaProvider,
  http: httpProvider,
  command: commandProvider,
  bedrock: bedrockProvider,
  copilot: copilotProvider,
};

/** The adapter of a model's provider. */
export function adapterOf(config: ModelConfig): ProviderAdapter {
  // The table is keyed by provider, so the entry fits the config it is looked up with.
  return PROVIDER_ADAPTERS[config.provider] as ProviderAdapter;
}

/** The HTTP chat protocol of a model the rules of ./families.ts shape (openai, anthropic); undefined for the others. */
export function ruledChatAdapter(config: ModelConfig): ChatAdapter | undefined {
  return adapterOf(config).ruled?.(config);
}

/** The providers that serve `use`, for messages that say which a model needs. */
export function providersServing(use: ProviderUse): ProviderName[] {
  return (Object.keys(PROVIDER_ADAPTERS) as ProviderName[]).filter((name) => PROVIDER_ADAPTERS[name][use] !== undefined);
}
