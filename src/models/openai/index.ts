// The openai provider's entry in the provider table: chat completions, or the Responses API
// (`api: responses`), and the /moderations and /embeddings routes.
import type { ModelConfigOf } from "../../config/models.ts";
import type { ProviderAdapter } from "../adapter.ts";
import { type ChatAdapter, createChatModel } from "../chat-model.ts";
import { openAIAdapter } from "./chat.ts";
import { createEmbeddingModel } from "./embeddings.ts";
import { createModerationModel } from "./moderation.ts";
import { openAIResponsesAdapter } from "./responses.ts";

type OpenAIConfig = ModelConfigOf<"openai">;

/** An openai model's chat protocol: chat completions, or the Responses API (`api: responses`). */
function openAIChatAdapter(config: OpenAIConfig, secret: string | undefined): ChatAdapter {
  return config.api === "responses" ? openAIResponsesAdapter(config, secret) : openAIAdapter(config, secret);
}

export const openAIProvider: ProviderAdapter<OpenAIConfig> = {
  chat: (name, config, secret, deps) => createChatModel(name, openAIChatAdapter(config, secret), { config, ...deps }),
  moderation: createModerationModel,
  embeddings: createEmbeddingModel,
  ruled: (config) => openAIChatAdapter(config, undefined),
};
