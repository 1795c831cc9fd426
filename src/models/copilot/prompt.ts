// The Copilot CLI's command line for one chat request, as actions/ai-inference v3 builds it
// (src/copilot.ts there): the system messages first, then the conversation, one prompt passed as
// `copilot -p <prompt> -s --no-ask-user [--model M]`; -s keeps stdout to the answer alone,
// --no-ask-user never waits for a question to be answered, and no --allow-tool flag is passed, so
// the CLI may use none of its tools (shell, files, fetch).
import type { ChatMessage, ChatRequest } from "../types.ts";

/** The prompt: system messages, then the others (a non-user message under its role's name), blank-line separated. */
export function copilotPrompt(messages: ChatMessage[]): string {
  const system: string[] = [];
  const conversation: string[] = [];
  for (const message of messages) {
    const content = (message.content ?? "").trim();
    if (!content) continue;
    if (message.role === "system") system.push(content);
    else if (message.role === "user") conversation.push(content);
    else conversation.push(`${message.role.toUpperCase()}:\n${content}`);
  }
  if (conversation.length === 0) throw new Error("the request has no message for Copilot to answer (only system text, or none)");
  return [...system, ...conversation].join("\n\n");
}

/** The CLI's arguments for a prompt. */
export function copilotArgs(prompt: string, model: string | undefined): string[] {
  const args = ["-p", prompt, "-s", "--no-ask-user"];
  if (model && model.trim() !== "") args.push("--model", model);
  return args;
}

/** What a request asks for that the Copilot CLI cannot take, with the value asked: each is left out, and named once. */
export function settingsNotSent(request: ChatRequest): { setting: string; value: string }[] {
  const asked: [string, unknown][] = [
    ["temperature", request.temperature],
    ["top-p", request.topP],
    ["max-tokens", request.maxTokens],
    ["response format", request.responseFormat?.type],
    ["tools", request.tools?.length ? request.tools.map((tool) => tool.name).join(", ") : undefined],
  ];
  return asked.filter(([, value]) => value !== undefined).map(([setting, value]) => ({ setting, value: String(value) }));
}
