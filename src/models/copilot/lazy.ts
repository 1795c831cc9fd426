// The copilot provider's chat model as the provider table builds it: the process code (./model.ts
// and what it imports) is loaded on the first call, so a run without a Copilot model loads none of it.
import type { CopilotModelConfig } from "../../config/models.ts";
import type { ChatModel } from "../types.ts";
import type { CopilotModelDeps } from "./model.ts";

export function copilotChatModel(name: string, config: CopilotModelConfig, token: string | undefined, deps: CopilotModelDeps): ChatModel {
  let model: Promise<ChatModel> | null = null;
  return {
    name,
    async chat(request, signal) {
      model ??= import("./model.ts").then(({ createCopilotModel }) => createCopilotModel(name, config, token, deps));
      return (await model).chat(request, signal);
    },
  };
}
