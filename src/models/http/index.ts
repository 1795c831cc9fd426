// The http provider's entry in the provider table: a chat model over a body template, and raw JSON
// posts in the endpoint's own protocol.
import type { ModelConfigOf } from "../../config/models.ts";
import type { ProviderAdapter } from "../adapter.ts";
import { createChatModel } from "../chat-model.ts";
import { httpHeaders, httpTargetAdapter } from "./target.ts";

export const httpProvider: ProviderAdapter<ModelConfigOf<"http">> = {
  chat: (name, config, secret, deps) => createChatModel(name, httpTargetAdapter(name, config, secret), { config, ...deps }),
  endpoint: (config, secret) => ({ method: config.method, headers: httpHeaders(config, secret) }),
};
