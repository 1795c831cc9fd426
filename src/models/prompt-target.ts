// A chat model whose prompt comes from a file in the checkout (`prompt:` on its model entry). Each
// request is the file's messages with the case's `{{name}}` values filled in, followed by the
// case's own messages unless a message of the file uses `{{prompt}}` (then the file says where the
// case's prompt goes). The file's modelParameters apply where the model entry sets none, and its
// responseFormat goes with every request. Any chat provider gets this from the registry: nothing
// here knows a provider.
import type { ModelConfig } from "../config/models.ts";
import type { PromptFile, PromptModelParameters } from "../config/prompt-file.ts";
import { promptParameterOrigins, promptParameters } from "../config/prompt-parameters.ts";
import { fillTemplate } from "../config/prompt-template.ts";
import type { ChatMessage, ChatModel, ChatRequest, ResponseFormat } from "./types.ts";

export function withPromptFile(model: ChatModel, prompt: PromptFile, config: ModelConfig): ChatModel {
  const usesPrompt = prompt.messages.some((message) => message.placeholders.some((placeholder) => placeholder.name === "prompt"));
  const parameters = promptParameters(prompt, config);
  const responseFormat = responseFormatOf(prompt);
  const origins = promptParameterOrigins(prompt, parameters);
  const render = (request: ChatRequest): ChatRequest => {
    const values = request.placeholders ?? {};
    const filled: ChatMessage[] = prompt.messages.map((message) => ({
      role: message.role,
      content: message.placeholders.length > 0 ? fillTemplate(message.content, values) : message.content,
    }));
    return {
      ...request,
      messages: usesPrompt ? filled : [...filled, ...request.messages],
      // A value the caller set (a suite's own) is kept; the entry's own keys are applied by the provider.
      ...(request.temperature === undefined && parameters.temperature !== undefined ? { temperature: parameters.temperature } : {}),
      ...(request.maxTokens === undefined && parameters.maxTokens !== undefined ? { maxTokens: parameters.maxTokens } : {}),
      ...(request.topP === undefined && parameters.topP !== undefined ? { topP: parameters.topP } : {}),
      ...(responseFormat && !request.responseFormat ? { responseFormat } : {}),
      // Where the file's settings are written, for the note naming one a model refuses; a caller's own win.
      ...(origins ? { origins: { ...appliedOrigins(origins, request), ...request.origins } } : {}),
    };
  };
  return { name: model.name, chat: (request, signal) => model.chat(render(request), signal) };
}

/** The file's origins of the settings the caller left to it. */
function appliedOrigins(origins: NonNullable<ChatRequest["origins"]>, request: ChatRequest): ChatRequest["origins"] {
  return Object.fromEntries(Object.entries(origins).filter(([key]) => request[key as keyof PromptModelParameters] === undefined));
}

/** The answer format the file asks for; none for `text` (every provider's default). */
function responseFormatOf(prompt: PromptFile): ResponseFormat | undefined {
  if (prompt.responseFormat === "json_object") return { type: "json_object" };
  if (prompt.responseFormat === "json_schema" && prompt.jsonSchema) return { type: "json_schema", jsonSchema: prompt.jsonSchema };
  return undefined;
}
