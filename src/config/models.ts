// Endpoint definitions under `models:`. Every endpoint is named once and used by name; its
// `provider:` picks one schema from the provider table (./providers.ts).
import * as z from "zod";
import { familyRuleOf } from "./model-family.ts";
import {
  ANTHROPIC_DEFAULT_MAX_TOKENS,
  type EnvNeed,
  PORT_PLACEHOLDER,
  PROVIDER_CONFIGS,
  type ProviderName,
  type StartConfig,
} from "./providers.ts";

const [firstSchema, ...otherSchemas] = Object.values(PROVIDER_CONFIGS).map((provider) => provider.schema);

export const modelConfig = z.discriminatedUnion("provider", [firstSchema!, ...otherSchemas]).superRefine((model, ctx) => {
  // With no max-tokens of its own, a model with a prompt file sends the file's maxTokens: checked with the file.
  const ownMaxTokens = (model as { "max-tokens"?: number })["max-tokens"];
  const thinking = ownMaxTokens === undefined && promptFileOf(model) !== undefined ? undefined : thinkingBudgetProblem(model);
  if (thinking) ctx.addIssue({ code: "custom", path: ["thinking-budget"], message: thinking });
  const url = endpointUrl(model);
  const start = startOf(model);
  const usesPort = (text: string) => new RegExp(PORT_PLACEHOLDER.source).test(text);
  if (!url) return;
  // {{port}} is the port of the service the model starts: a URL may use it only beside `start:`.
  if (!start && usesPort(url.value))
    ctx.addIssue({
      code: "custom",
      path: [url.field],
      message: "uses {{port}}, the port of a service the model starts: add start: { command, ready } to the model, or write the port",
    });
  // Another server's 200 must never read as this service being ready.
  if (start && !start["ready-elsewhere"] && (usesPort(url.value) || usesPort(start.ready))) {
    const [ready, endpoint] = [hostAndPort(start.ready), hostAndPort(url.value)];
    if (ready !== endpoint)
      ctx.addIssue({
        code: "custom",
        path: ["start", "ready"],
        message: `asks ${ready ?? start.ready}, but the model's ${url.field} is on ${endpoint ?? url.value}: another server's answer there would read as this service being ready; use the ${url.field}'s host and port (or ready-elsewhere: true, when its health check is served elsewhere on purpose)`,
      });
  }
});

/**
 * Anthropic refuses a thinking budget that is not below max_tokens, so such a model would fail every
 * request: said at load. A model that thinks adaptively is sent no budget (the model rules), so it may have any.
 */
export function thinkingBudgetProblem(
  model: { provider: string; model?: string; "max-tokens"?: number; "thinking-budget"?: number },
  maxTokens = model["max-tokens"],
) {
  const budget = model["thinking-budget"];
  if (model.provider !== "anthropic" || budget === undefined || !model.model) return undefined;
  if (familyRuleOf("anthropic", model.model)?.adaptiveThinking) return undefined;
  if (budget < (maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS)) return undefined;
  return maxTokens === undefined
    ? `${budget} is not below max-tokens, which is ${ANTHROPIC_DEFAULT_MAX_TOKENS} when unset, and Anthropic refuses a thinking budget of max_tokens or more: set max-tokens above ${budget}`
    : `${budget} is not below max-tokens ${maxTokens}, and Anthropic refuses a thinking budget of max_tokens or more: lower thinking-budget or raise max-tokens`;
}

/** "host:port" of an http(s) URL as written, the scheme's port when none is written, `{{ port }}` as `{{port}}`; undefined when it is no such URL. */
function hostAndPort(url: string): string | undefined {
  const match = /^(https?):\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(url.replace(PORT_PLACEHOLDER, "{{port}}"));
  if (!match) return undefined;
  const authority = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(match[2]!)!;
  const port = authority[2] || (match[1]!.toLowerCase() === "https" ? "443" : "80");
  return `${authority[1]!.toLowerCase()}:${port}`;
}

export type ModelConfig = z.output<typeof modelConfig>;
export type ModelConfigOf<P extends ProviderName> = Extract<ModelConfig, { provider: P }>;
export type OpenAIModelConfig = ModelConfigOf<"openai">;
export type AnthropicModelConfig = ModelConfigOf<"anthropic">;
export type HttpModelConfig = ModelConfigOf<"http">;
export type AthenaModelConfig = ModelConfigOf<"athena">;
export type CommandModelConfig = ModelConfigOf<"command">;
export type BedrockModelConfig = ModelConfigOf<"bedrock">;
export type CopilotModelConfig = ModelConfigOf<"copilot">;

/** Suite keys naming the model that is the system under test: only there may a model carry `prompt:`. */
export const TARGET_REFERENCE_KEYS = ["agents", "target", "model-map"] as const;
/** Every suite key whose value names a model under `models:` (the rest grade, play the user or moderate). */
export const MODEL_REFERENCE_KEYS: readonly string[] = [
  ...TARGET_REFERENCE_KEYS,
  "judge",
  "simulator",
  "completion-judge",
  "grader",
  "moderation",
  "embedding-model",
];

/** The model's prompt file as configured (relative to the config), when its provider takes one and it names one. */
export function promptFileOf(config: ModelConfig): string | undefined {
  return "prompt" in config ? config.prompt : undefined;
}

/** Whether the model's provider can send a prompt file's responseFormat; undefined when its models take no prompt file. */
export function promptTargetOf(config: ModelConfig): { responseFormat: boolean } | undefined {
  const entry = PROVIDER_CONFIGS[config.provider];
  return "promptTarget" in entry ? entry.promptTarget : undefined;
}

/** The providers whose requests can carry a prompt file's responseFormat, for messages that name them. */
export function providersTakingResponseFormat(): string[] {
  return Object.entries(PROVIDER_CONFIGS).flatMap(([name, entry]) =>
    "promptTarget" in entry && entry.promptTarget.responseFormat ? [name] : [],
  );
}

/** The table entry of a model's provider, its optional fields readable whatever the provider. */
function providerOf(config: ModelConfig): {
  urlField?: string;
  secretField?: string;
  environment?: (config: Record<string, unknown>) => EnvNeed[];
} {
  return PROVIDER_CONFIGS[config.provider] as ReturnType<typeof providerOf>;
}

/** The variables a model reads from the environment besides its key (its provider's `environment`). */
export function environmentNeeds(config: ModelConfig): EnvNeed[] {
  return providerOf(config).environment?.(config as Record<string, unknown>) ?? [];
}

/** The URL a model's requests go to, with the field it is in (`base-url` or `url`); undefined for a program (`command`). */
export function endpointUrl(config: ModelConfig): { field: string; value: string } | undefined {
  const field = providerOf(config).urlField;
  const value = field ? (config as Record<string, unknown>)[field] : undefined;
  // A URL field may be optional (Bedrock's base-url: its default follows the region).
  return field && typeof value === "string" ? { field, value } : undefined;
}

/** The model's config with its endpoint URL replaced (by the interpolated one). */
export function withEndpointUrl<C extends ModelConfig>(config: C, url: string): C {
  const field = providerOf(config).urlField;
  return field ? { ...config, [field]: url } : config;
}

/** The variable holding the model's key or shared secret, with the field naming it; undefined when none is configured. */
export function secretVariable(config: ModelConfig): { name: string; field: string } | undefined {
  const field = providerOf(config).secretField;
  const name = field ? ((config as Record<string, unknown>)[field] as string | undefined) : undefined;
  return field && name ? { name, field } : undefined;
}

/** The settings only the providers that send HTTP requests have (headers, proxy, limits, a service to start); none for a program. */
export type HttpSettings = Partial<Pick<OpenAIModelConfig, "headers" | "proxy" | "rate" | "tokens-per-minute" | "start">>;

export function httpSettings(config: ModelConfig): HttpSettings {
  return "headers" in config ? config : {};
}

/** The service a model starts before its first request (`start:`), when it has one. */
export function startOf(config: ModelConfig): StartConfig | undefined {
  return httpSettings(config).start;
}
