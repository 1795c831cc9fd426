// A real HTTP server on 127.0.0.1 whose answers a test scripts. Every request is recorded.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, else the raw text. */
  body: unknown;
  rawBody: string;
}

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings as they are; a Buffer as its bytes (content-type JSON). */
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (the client must time out). */
  hang?: boolean;
  /** Drop the connection without an answer. */
  destroy?: boolean;
}

export type ScriptedHandler = (request: RecordedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(handler: ScriptedHandler): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    let body: unknown = rawBody;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      // not JSON: keep the text
    }
    const recorded: RecordedRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body, rawBody };
    const index = requests.push(recorded) - 1;
    let reply: ScriptedReply;
    try {
      reply = await handler(recorded, index);
    } catch (error) {
      reply = { status: 500, body: { error: String(error) } };
    }
    if (reply.hang) return; // the socket stays open until the client gives up or the server closes
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const isText = typeof reply.body === "string";
    // A Buffer is sent as its bytes, as JSON (a body that is not valid UTF-8, say).
    const payload =
      reply.body === undefined
        ? ""
        : isText
          ? (reply.body as string)
          : Buffer.isBuffer(reply.body)
            ? reply.body
            : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, {
      "content-type": isText ? "text/plain" : "application/json",
      ...reply.headers,
    });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An OpenAI chat-completions reply body with the given assistant text and optional tool calls. */
export function chatCompletion(
  text: string | null,
  options: {
    toolCalls?: { name: string; arguments: unknown; id?: string }[];
    usage?: { prompt: number; completion: number };
    id?: string;
    /** The model identity the provider reports: `model` and `system_fingerprint`. */
    model?: string;
    fingerprint?: string;
  } = {},
): Record<string, unknown> {
  return {
    id: options.id ?? "chatcmpl-test",
    ...(options.model ? { model: options.model } : {}),
    object: "chat.completion",
    ...(options.model ? { model: options.model } : {}),
    ...(options.fingerprint ? { system_fingerprint: options.fingerprint } : {}),
    choices: [
      {
        index: 0,
        finish_reason: options.toolCalls?.length ? "tool_calls" : "stop",
        message: {
          role: "assistant",
          content: text,
          ...(options.toolCalls?.length
            ? {
                tool_calls: options.toolCalls.map((call, i) => ({
                  id: call.id ?? `call_${i}`,
                  type: "function",
                  function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                })),
              }
            : {}),
        },
      },
    ],
    usage: {
      prompt_tokens: options.usage?.prompt ?? 10,
      completion_tokens: options.usage?.completion ?? 5,
      total_tokens: (options.usage?.prompt ?? 10) + (options.usage?.completion ?? 5),
    },
  };
}

/**
 * An OpenAI /moderations reply: one result with these category scores ("harassment/threatening"
 * keys as OpenAI writes them); `flagged` when any score is over 0.5. Usage only when given.
 */
export function moderationResult(
  categoryScores: Record<string, number>,
  options: { model?: string; usage?: { prompt: number } } = {},
): Record<string, unknown> {
  return {
    id: "modr-test",
    model: options.model ?? "omni-moderation-latest",
    results: [
      {
        flagged: Object.values(categoryScores).some((score) => score > 0.5),
        categories: Object.fromEntries(Object.entries(categoryScores).map(([name, score]) => [name, score > 0.5])),
        category_scores: categoryScores,
      },
    ],
    ...(options.usage ? { usage: { prompt_tokens: options.usage.prompt, total_tokens: options.usage.prompt } } : {}),
  };
}
