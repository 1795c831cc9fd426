// A generic HTTP system under test: the config's `body` is a JSON template filled from the request,
// and dot paths pick the reply, the tool calls and an id out of whatever JSON comes back.

import { PLACEHOLDER } from "../../config/body-template.ts";
import type { HttpModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import type { ChatAdapter, ParsedReply } from "../chat-model.ts";
import { toOpenAIMessages, toOpenAITools } from "../openai/chat.ts";
import { normalizeToolCalls } from "../tool-calls.ts";
import type { ChatRequest } from "../types.ts";

/** `choices.0.message.content`: object keys and array indexes separated by dots. */
export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split(".")) {
    if (segment === "") continue;
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (isRecord(current)) {
      if (!Object.hasOwn(current, segment)) return undefined;
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

export interface TemplateContext {
  /** Messages and tools in OpenAI's wire shape, the most common one HTTP targets accept. */
  messages: unknown;
  tools: unknown;
  /** The last user message's text. */
  prompt: string;
  vars: Record<string, unknown>;
}

const WHOLE = new RegExp(`^${PLACEHOLDER}$`);
const INSIDE = new RegExp(PLACEHOLDER, "g");

/**
 * Fills a body template. A string that is exactly one placeholder becomes the JSON value; a
 * placeholder inside longer text is interpolated as text (JSON for non-strings).
 */
export function renderTemplate(template: unknown, context: TemplateContext, where: string): unknown {
  const placeholderValue = (placeholder: string): unknown => {
    if (placeholder === "messages") return context.messages;
    if (placeholder === "tools") return context.tools;
    if (placeholder === "prompt") return context.prompt;
    const name = placeholder.slice("vars.".length);
    const value = getPath(context.vars, name);
    if (value === undefined) throw new Error(`${where} body uses {{${placeholder}}}, but the request has no var "${name}"`);
    return value;
  };
  const render = (node: unknown): unknown => {
    if (typeof node === "string") {
      const whole = WHOLE.exec(node);
      if (whole) return placeholderValue(whole[1]!);
      return node.replace(INSIDE, (_match, placeholder: string) => {
        const value = placeholderValue(placeholder);
        return typeof value === "string" ? value : JSON.stringify(value);
      });
    }
    if (Array.isArray(node)) return node.map(render);
    if (isRecord(node)) {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) out[key] = render(value);
      return out;
    }
    return node;
  };
  return render(template);
}

export function lastUserText(request: ChatRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i]!;
    if (message.role === "user") return message.content ?? "";
  }
  return "";
}

/** Configured headers, plus `Authorization: Bearer <key>` when api-key-env is set and none is configured. */
export function httpHeaders(config: HttpModelConfig, apiKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...config.headers };
  const hasAuthorization = Object.keys(headers).some((header) => header.toLowerCase() === "authorization");
  if (apiKey && !hasAuthorization) headers["authorization"] = `Bearer ${apiKey}`;
  return headers;
}

export function httpTargetAdapter(name: string, config: HttpModelConfig, apiKey: string | undefined): ChatAdapter {
  const headers = httpHeaders(config, apiKey);
  const where = `model "${name}"`;
  return {
    provider: "http",
    build(request) {
      const body = renderTemplate(
        config.body,
        {
          messages: toOpenAIMessages(request.messages),
          tools: toOpenAITools(request.tools ?? []),
          prompt: lastUserText(request),
          vars: request.vars ?? {},
        },
        where,
      );
      return { url: config.url, method: config.method, headers, body };
    },
    parse(json) {
      const replyPath = config["reply-path"];
      const raw = getPath(json, replyPath);
      if (raw === undefined) throw new Error(`reply-path "${replyPath}" is not in the answer`);
      const reply: ParsedReply = {
        text: typeof raw === "string" ? raw : raw === null ? "" : JSON.stringify(raw),
        toolCalls: config["tool-calls-path"] ? normalizeToolCalls(getPath(json, config["tool-calls-path"])) : [],
        usage: null,
      };
      if (config["id-path"]) {
        const id = getPath(json, config["id-path"]);
        if (typeof id === "string" || typeof id === "number") reply.requestId = String(id);
      }
      return reply;
    },
  };
}
