// A deterministic OpenAI-compatible server on 127.0.0.1 for the demo targets. It routes each
// request by its `model` field to a persona: a small function that answers like that system would.
import { startJsonServer } from "./json-server.ts";

export interface DemoChatBody {
  model: string;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: "function"; function: { name: string; description?: string; parameters?: unknown } }[];
  temperature?: number;
  max_tokens?: number;
}

export interface DemoReply {
  content: string | null;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

export type DemoPersona = (body: DemoChatBody) => DemoReply;

export interface DemoServer {
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** Rough token count, so the demo reports usage and cost like a real endpoint. */
function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export async function startDemoOpenAIServer(
  personas: Record<string, DemoPersona>,
  options: { latencyMs?: number; port?: number } = {},
): Promise<DemoServer> {
  let completions = 0;
  let callCounter = 0;
  const server = await startJsonServer(options.port ?? 0, async (req) => {
    if (req.method !== "POST" || !req.url.endsWith("/chat/completions")) {
      return { status: 404, body: { error: { message: `no route ${req.method} ${req.url}` } } };
    }
    let body: DemoChatBody;
    try {
      body = JSON.parse(req.text) as DemoChatBody;
    } catch {
      return { status: 400, body: { error: { message: "body is not JSON" } } };
    }
    const persona = personas[body.model];
    if (!persona) return { status: 404, body: { error: { message: `The model '${body.model}' does not exist` } } };
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const reply = withinMaxTokens(persona(body), body.max_tokens);
    const promptTokens = tokens(JSON.stringify(body.messages));
    const completionTokens = tokens(reply.content ?? JSON.stringify(reply.toolCalls ?? []));
    return {
      status: 200,
      body: {
        id: `chatcmpl-demo-${++completions}`,
        object: "chat.completion",
        model: body.model,
        choices: [
          {
            index: 0,
            finish_reason: reply.cut ? "length" : reply.toolCalls?.length ? "tool_calls" : "stop",
            message: {
              role: "assistant",
              content: reply.content,
              ...(reply.toolCalls?.length
                ? {
                    tool_calls: reply.toolCalls.map((call) => ({
                      id: `call_${++callCounter}`,
                      type: "function",
                      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                    })),
                  }
                : {}),
            },
          },
        ],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      },
    };
  });
  return {
    url: `${server.url}/v1`,
    get requests() {
      return server.requests;
    },
    close: () => server.close(),
  };
}

/** The answer cut at `max_tokens` (a token is ~4 characters here), as a real endpoint cuts it: finish_reason "length". */
function withinMaxTokens(reply: DemoReply, maxTokens: number | undefined): DemoReply & { cut?: boolean } {
  if (maxTokens === undefined || reply.content === null || tokens(reply.content) <= maxTokens) return reply;
  return { ...reply, content: reply.content.slice(0, maxTokens * 4), cut: true };
}

/** A stable pseudo-random number in [0, 1) from a string, so demo mistakes are the same every run. */
export function stableFraction(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 2 ** 32;
}
