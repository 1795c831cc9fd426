// The anthropic provider's entry in the provider table: the Messages API.
import type { ModelConfigOf } from "../../config/models.ts";
import type { ProviderAdapter } from "../adapter.ts";
import { createChatModel } from "../chat-model.ts";
import { anthropicAdapter } from "./messages.ts";

export const anthropicProvider: ProviderAdapter<ModelConfigOf<"anthropic">> = {
  chat: (name, config, secret, deps) => createChatModel(name, anthropicAdapter(config, secret), { config, ...deps }),
  ruled: (config) => anthropicAdapter(config, undefined),
};
