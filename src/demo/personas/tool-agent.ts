// The demo persona of an agent suite's target (evals/agent/): a tool-using agent that needs no model.
// Each part of its instruction ("…, then …") is one call, of the offered tool whose description
// shares the most words with that part, its arguments taken from the instruction (a ticket id, a
// "quoted" title or query, a priority) or, for a ticket id, from the last tool answer; once every part
// is done it answers. Its choice rests on the tools' descriptions, as a real agent's does, so a pull
// request that edits a description can make it call the wrong tool (`evalgate demo --regress-tools`).
import type { DemoChatBody, DemoPersona } from "../openai-server.ts";

const STOP_WORDS = new Set(["a", "an", "the", "of", "to", "by", "it", "its", "and", "or", "with", "is", "in", "on", "for"]);

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 0 && !STOP_WORDS.has(word)),
  );
}

type OfferedTool = NonNullable<DemoChatBody["tools"]>[number]["function"];

/** The tool whose description shares the most words with `part` (the first of a tie). */
function pickTool(part: string, tools: OfferedTool[]): OfferedTool {
  const wanted = words(part);
  const score = (tool: OfferedTool) => [...words(tool.description ?? "")].filter((word) => wanted.has(word)).length;
  return tools.reduce((best, tool) => (score(tool) > score(best) ? tool : best));
}

function argumentsFor(tool: OfferedTool, part: string, lastResult: string | undefined): Record<string, unknown> {
  const quoted = /"([^"]+)"/.exec(part)?.[1];
  const properties = (tool.parameters as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  const args: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) {
    const value =
      name === "ticket_id"
        ? (/T-\d+/.exec(part)?.[0] ?? /T-\d+/.exec(lastResult ?? "")?.[0])
        : name === "priority"
          ? /priority "?(low|normal|high)/i.exec(part)?.[1]?.toLowerCase()
          : name === "title" || name === "query"
            ? quoted
            : undefined;
    if (value !== undefined) args[name] = value;
  }
  return args;
}

const toolAgent: DemoPersona = (body) => {
  const instruction = body.messages.find((message) => message.role === "user")?.content ?? "";
  const parts = instruction.split(/,?\s+then\s+/i);
  const answered = body.messages.filter((message) => message.role === "tool");
  const lastResult = answered.at(-1)?.content ?? undefined;
  const tools = (body.tools ?? []).map((tool) => tool.function);
  if (answered.length >= parts.length || tools.length === 0) return { content: `Done. ${lastResult ?? "Nothing to do."}` };
  const part = parts[answered.length] as string;
  const tool = pickTool(part, tools);
  return { content: null, toolCalls: [{ name: tool.name, arguments: argumentsFor(tool, part, lastResult) }] };
};

export const toolAgentPersonas: Record<string, DemoPersona> = { "demo-tool-agent": toolAgent };
