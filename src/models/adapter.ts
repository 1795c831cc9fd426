// What a provider is to the registry: the shape of its entry in the provider table (./providers.ts)
// and what a model is built with. Provider folders import these types, never the table itself, so the
// table can import every provider without a circle.
import type { ModelConfig } from "../config/models.ts";
import type { ResponseCache } from "./cache.ts";
import type { ChatAdapter } from "./chat-model.ts";
import type { JsonPostShape } from "./json-endpoint.ts";
import type { EmbeddingModel } from "./openai/embeddings.ts";
import type { ModerationModel } from "./openai/moderation.ts";
import type { ProcessHost } from "./process/host.ts";
import type { ModelChannel } from "./transport.ts";
import type { ChatModel } from "./types.ts";

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
  /** The provider's /embeddings route. */
  embeddings?: (name: string, config: C, secret: string | undefined, deps: ModelDeps) => EmbeddingModel;
  /**
   * The HTTP chat protocol, for a provider whose families have request rules (../families.ts):
   * `validate` builds a request with it to name the settings a run will leave out.
   */
  ruled?: (config: C) => ChatAdapter;
}

export type ProviderUse = "chat" | "endpoint" | "moderation" | "embeddings";
