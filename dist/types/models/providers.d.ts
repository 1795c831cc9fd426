import type { ModelConfig, ModelConfigOf } from "../config/models.ts";
import type { ProviderName } from "../config/providers.ts";
import type { ResponseCache } from "./cache.ts";
import type { ChatAdapter } from "./chat-model.ts";
import { type ModerationModel } from "./moderation.ts";
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
    moderation?: (name: string, config: C, secret: string | undefined, deps: {
        channel: ModelChannel;
        cache: ResponseCache | null;
    }) => ModerationModel;
}
/** Every provider's adapter. Uses list their providers in this order ("athena or http"). */
export declare const PROVIDER_ADAPTERS: {
    [P in ProviderName]: ProviderAdapter<ModelConfigOf<P>>;
};
export type ProviderUse = keyof ProviderAdapter;
/** The adapter of a model's provider. */
export declare function adapterOf(config: ModelConfig): ProviderAdapter;
/** The providers that serve `use`, for messages that say which a model needs. */
export declare function providersServing(use: ProviderUse): ProviderName[];
