import type { ModelConfig, ModelConfigOf } from "../config/models.ts";
import type { ProviderName } from "../config/providers.ts";
import type { ResponseCache } from "./cache.ts";
import { type ChatAdapter } from "./chat-model.ts";
import { type ModerationModel } from "./moderation.ts";
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
export declare const PROVIDER_ADAPTERS: {
    [P in ProviderName]: ProviderAdapter<ModelConfigOf<P>>;
};
export type ProviderUse = keyof ProviderAdapter;
/** The HTTP chat protocol of a model the rules of ./families.ts shape (openai, anthropic); undefined for the others. */
export declare function ruledChatAdapter(config: ModelConfig): ChatAdapter | undefined;
/** The adapter of a model's provider. */
export declare function adapterOf(config: ModelConfig): ProviderAdapter;
/** The providers that serve `use`, for messages that say which a model needs. */
export declare function providersServing(use: ProviderUse): ProviderName[];
