// The providers as the registry sees them: what each one can serve (chat, raw JSON posts, the
// /moderations route) and how: the adapter that speaks its protocol over HTTP, or (command) the
// program it runs. Keyed by the names of the config's provider table (../config/providers.ts), which
// holds each provider's schema, URL and secret fields.
import type { ModelConfig, ModelConfigOf } from "../config/models.ts";
import type { ProviderName } from "../config/providers.ts";
import { anthropicAdapter } from "./anthropic/messages.ts";
import { athenaHeaders } from "./athena/headers.ts";
import { bedrockAdapter } from "./bedrock/index.ts";
import type { ResponseCache } from "./cache.ts";
import { type ChatAdapter, createChatModel } from "./chat-model.ts";
import { commandChatModel } from "./command/lazy.ts";
import { copilotChatModel } from "./copilot/lazy.ts";
import { httpHeaders, httpTargetAdapter } from "./http/target.ts";
import { openAIAdapter } from "./openai/chat.ts";
import { createModerationModel, type ModerationModel } from "./openai/moderation.ts";
import { openAIResponsesAdapter } from "./openai/responses.ts";
import type { ProcessHost } from "./process/host.ts";
import type { ModelChannel } from "./transport.ts";
import type { ChatModel } from "./types.ts";

/** What a raw JSON post to the provider carries besides its body. */
export interface JsonPostShape {
  method: "POST" | "PUT";
  headers: Record<string, string>;
}

/** What a model is built with: its channel (limits, stats, the run guard), the cache, and the run's processes. */
export interface ModelDeps {
  channel: ModelChannel;
  cache: ResponseCache | null;
  host: ProcessHost;
}

/** One provider's protocol; each part is absent when the provider does not serve that use. */
export interface ProviderAdapter<C extends ModelConfig = ModelConfig> {
  /** The chat model: an HTTP adapter (request builder, reply reader) under createChatModel, or a program. */
  chat?: (name: string, config: C, secret: string | undefined, deps: ModelDeps) => ChatModel;
  /** How a JSON body is posted as it is (suites that speak the endpoint's own protocol). */
  endpoint?: (config: C, secret: string | undefined) => JsonPostShape;
  /** The provider's /moderations route. */
  moderation?: (name: string, config: C, secret: string | undefined, deps: ModelDeps) => ModerationModel;
}

/** Every provider's adapter. Uses list their providers in this order ("athena or http"). */
export const PROVIDER_ADAPTERS: { [P in ProviderName]: ProviderAdapter<ModelConfigOf<P>> } = {
  openai: {
    chat: (name, config, secret, deps) => createChatModel(name, openAIChatAdapter(config, secret), { config, ...deps }),
    moderation: createModerationModel,
  },
  anthropic: {
    chat: (name, config, secret, deps) => createChatModel(name, anthropicAdapter(config, secret), { config, ...deps }),
  },
  athena: {
    endpoint: (config, secret) => ({ method: "POST", headers: athenaHeaders(config, secret) }),
  },
  http: {
    chat: (name, config, secret, deps) => createChatModel(name, httpTargetAdapter(name, config, secret), { config, ...deps }),
    endpoint: (config, secret) => ({ method: config.method, headers: httpHeaders(config, secret) }),
  },
  command: {
    chat: (name, config, _secret, deps) => commandChatModel(name, config, deps),
  },
  bedrock: {
    chat: (name, config, secret, deps) => createChatModel(name, bedrockAdapter(config, secret, deps.host.env), { config, ...deps }),
  },
  copilot: {
    chat: (name, config, token, deps) => copilotChatModel(name, config, token, deps),
  },
};

export type ProviderUse = keyof ProviderAdapter;

/** An openai model's chat protocol: chat completions, or the Responses API (`api: responses`). */
function openAIChatAdapter(config: ModelConfigOf<"openai">, secret: string | undefined): ChatAdapter {
  return config.api === "responses" ? openAIResponsesAdapter(config, secret) : openAIAdapter(config, secret);
}

/** The HTTP chat protocol of a model the rules of ./families.ts shape (openai, anthropic); undefined for the others. */
export function ruledChatAdapter(config: ModelConfig): ChatAdapter | undefined {
  if (config.provider === "openai") return openAIChatAdapter(config, undefined);
  if (config.provider === "anthropic") return anthropicAdapter(config, undefined);
  return undefined;
}

/** The adapter of a model's provider. */
export function adapterOf(config: ModelConfig): ProviderAdapter {
  // The table is keyed by provider, so the entry fits the config it is looked up with.
  return PROVIDER_ADAPTERS[config.provider] as ProviderAdapter;
}

/** The providers that serve `use`, for messages that say which a model needs. */
export function providersServing(use: ProviderUse): ProviderName[] {
  return (Object.keys(PROVIDER_ADAPTERS) as ProviderName[]).filter((name) => PROVIDER_ADAPTERS[name][use] !== undefined);
}
