// The command provider's entry in the provider table: a program speaking JSON lines (./lazy.ts loads
// the process code on the first call).
import type { ModelConfigOf } from "../../config/models.ts";
import type { ProviderAdapter } from "../adapter.ts";
import { commandChatModel } from "./lazy.ts";

export const commandProvider: ProviderAdapter<ModelConfigOf<"command">> = {
  chat: (name, config, _secret, deps) => commandChatModel(name, config, deps),
};
