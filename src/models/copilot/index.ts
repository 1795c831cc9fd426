// The copilot provider's entry in the provider table: the Copilot CLI, one process per request
// (./lazy.ts loads the process code on the first call).
import type { ModelConfigOf } from "../../config/models.ts";
import type { ProviderAdapter } from "../adapter.ts";
import { copilotChatModel } from "./lazy.ts";

export const copilotProvider: ProviderAdapter<ModelConfigOf<"copilot">> = {
  chat: (name, config, token, deps) => copilotChatModel(name, config, token, deps),
};
