// The providers as the registry sees them: what each one can serve (chat, raw JSON posts, the
// /moderations route) and the adapter that speaks its protocol. Keyed by the names of the config's
// provider table (../config/providers.ts), which holds each provider's schema, URL and secret fields.
import type { ModelConfig, ModelConfigOf } from "../config/models.ts";
import type { ProviderName } from "../config/providers.ts";
import { anthropicAdapter } from "./anthropic.ts";
import { athenaHeaders } from "./athena.ts";
import type { ResponseCache } from "./cache.ts";
import type { ChatAdapter } from "./chat-model.ts";
import { httpHeaders, httpTargetAdapter } from "./http-target.ts";
import { createModerationModel, type ModerationModel } from "./moderation.ts";
import { openAIAdapter } from "./openai.ts";
import type { ModelChannel } from "./transport.ts";

/** What a raw JSON post to the provider carries besides its body. */
export interface JsonPostShape {
  method: "POST" | "PUT";
  headers: Record<string, string>;
}

/** One provider's protocol; each part is absent when the provider does not serve that use. */
export interface ProviderAdapter<C extends ModelConfig = ModelConfig> {
  /** How a chat request is built and its answer read. */
  chat?: (name: string, config: C, secret: string | undefined) => ChatAdapter;
  /** How a JSON body is posted as it is (suites that speak the endpoint's own protocol). */
  endpoint?: (config: C, secret: string | undefined) => JsonPostShape;
  /** The provider's /moderations route. */
  moderation?: (
    name: string,
    config: C,
    secret: string | undefined,
    deps: { channel: ModelChannel; cache: ResponseCache | null },
  ) => ModerationModel;
}

/** Every provider's adapter. Uses list their providers in this order ("athena or http"). */
export const PROVIDER_ADAPTERS: { [P in ProviderName]: ProviderAdapter<ModelConfigOf<P>> } = {
  openai: {
    chat: (_name, config, secret) => openAIAdapter(config, secret),
    moderation: createModerationModel,
  },
  anthropic: {
    chat: (_name, config, secret) => anthropicAdapter(config, secret),
  },
  athena: {
    endpoint: (config, secret) => ({ method: "POST", headers: athenaHeaders(config, secret) }),
  },
  http: {
    chat: httpTargetAdapter,
    endpoint: (config, secret) => ({ method: config.method, headers: httpHeaders(config, secret) }),
  },
};

export type ProviderUse = keyof ProviderAdapter;

/** The adapter of a model's provider. */
export function adapterOf(config: ModelConfig): ProviderAdapter {
  // The table is keyed by provider, so the entry fits the config it is looked up with.
  return PROVIDER_ADAPTERS[config.provider] as ProviderAdapter;
}

/** The providers that serve `use`, for messages that say which a model needs. */
export function providersServing(use: ProviderUse): ProviderName[] {
  return (Object.keys(PROVIDER_ADAPTERS) as ProviderName[]).filter((name) => PROVIDER_ADAPTERS[name][use] !== undefined);
}
