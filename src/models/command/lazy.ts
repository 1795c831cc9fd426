// The command provider's chat model as the provider table builds it: a shell that loads the process
// code (./model.ts and everything under it) on its first call, so a run without a command target
// loads none of it.
import type { CommandModelConfig } from "../../config/models.ts";
import type { ChatModel } from "../types.ts";
import type { CommandModelDeps } from "./model.ts";

export function commandChatModel(name: string, config: CommandModelConfig, deps: CommandModelDeps): ChatModel {
  let model: Promise<ChatModel> | null = null;
  return {
    name,
    async chat(request, signal) {
      model ??= import("./model.ts").then(({ createCommandModel }) => createCommandModel(name, config, deps));
      return (await model).chat(request, signal);
    },
  };
}
