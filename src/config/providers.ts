// The providers a model under `models:` may name, as config sees them: each one's schema, the field
// holding its URL and the field naming its secret's variable. Adding a provider starts here; its
// adapter (how requests are built and answers read) goes in ../models/providers.ts, under the same name.
import * as z from "zod";
import { duration, envName, requestRate } from "./primitives.ts";

const price = z.strictObject({
  "input-per-million": z.number().min(0).describe("USD per million input tokens"),
  "output-per-million": z.number().min(0).describe("USD per million output tokens"),
});

/** Settings every provider shares: how hard to try, how many at once, what to cache. */
const endpointCommon = {
  timeout: duration.default(60_000).describe("per-request timeout, e.g. 30s"),
  "max-retries": z.number().int().min(0).max(10).default(3).describe("retries on 429, 5xx, network errors and timeouts"),
  "retry-backoff": duration.default(1000).describe("base of the exponential backoff"),
  concurrency: z.number().int().min(1).max(256).optional().describe("requests in flight to this endpoint at most"),
  rate: requestRate
    .optional()
    .describe(
      "requests this endpoint allows, e.g. 100/s or 600/min: starts are spaced evenly at that rate (else learned from 429s and rate-limit headers)",
    ),
  "tokens-per-minute": z.number().int().positive().optional().describe("tokens (input and output) this endpoint allows per minute"),
  proxy: z
    .string()
    .regex(/^https?:\/\/\S+$/, "an http:// or https:// proxy URL")
    .optional()
    .describe("proxy for this endpoint's requests, e.g. http://proxy.internal:3128 (default: HTTPS_PROXY/HTTP_PROXY/NO_PROXY)"),
  cache: z.boolean().optional().describe("cache responses on disk by request content (default: judges and simulators yes, targets no)"),
  headers: z.record(z.string(), z.string()).default({}).describe("extra headers; values may use ${ENV_VAR}"),
  price: price.optional(),
  "public-vars": z
    .array(envName)
    .optional()
    .describe("variables used in url, base-url or headers that are not secret (every other ${VAR} value is redacted from all output)"),
};

export const openaiModel = z.strictObject({
  provider: z.literal("openai"),
  "base-url": z.string().default("https://api.openai.com/v1").describe("any OpenAI-compatible /chat/completions base URL"),
  model: z.string().min(1),
  "api-key-env": envName.optional(),
  /** Azure OpenAI sends the key as `api-key` and needs `api-version`. */
  "api-key-header": z.enum(["authorization", "api-key"]).default("authorization"),
  "api-version": z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  "max-tokens": z.number().int().positive().optional(),
  ...endpointCommon,
});

export const anthropicModel = z.strictObject({
  provider: z.literal("anthropic"),
  "base-url": z.string().default("https://api.anthropic.com"),
  model: z.string().min(1),
  "api-key-env": envName.default("ANTHROPIC_API_KEY"),
  temperature: z.number().min(0).max(1).optional(),
  "max-tokens": z.number().int().positive().default(1024),
  ...endpointCommon,
});

export const httpModel = z.strictObject({
  provider: z.literal("http"),
  url: z.string().min(1),
  method: z.enum(["POST", "PUT"]).default("POST"),
  "api-key-env": envName.optional(),
  /** JSON body; string values "{{messages}}", "{{prompt}}", "{{tools}}", "{{vars.x}}" are replaced. */
  body: z.unknown().default({ messages: "{{messages}}" }),
  "reply-path": z.string().default("reply").describe("JSON path to the reply text, e.g. choices.0.message.content"),
  "tool-calls-path": z.string().optional().describe("JSON path to the function calls the target made"),
  "id-path": z.string().optional().describe("JSON path to a conversation or request id"),
  ...endpointCommon,
});

export const athenaModel = z.strictObject({
  provider: z.literal("athena"),
  url: z.string().min(1).describe("the module manager's feedback_suggestions route"),
  "secret-env": envName.optional().describe("variable holding Athena's shared secret (sent as Authorization)"),
  "lms-url": z.string().default("http://localhost:8080").describe("sent as X-Server-URL"),
  ...endpointCommon,
});

/** A provider as config sees it. */
interface ProviderConfig<S> {
  schema: S;
  /** The field holding the URL requests go to (interpolated, and checked for URL-breaking values). */
  urlField: "base-url" | "url";
  /** The field naming the environment variable that holds the provider's key or shared secret. */
  secretField: "api-key-env" | "secret-env";
  /**
   * Fields naming files the model reads (relative to the config's folder), such as a prompt file: a
   * suite that calls the model reads them, so `paths:` skipping counts them (config/paths.ts, modelPathValues).
   */
  fileFields?: readonly string[];
}

/** The fields naming files a provider's models read (ProviderConfig.fileFields); none for most. */
export function providerFileFields(provider: ProviderName): readonly string[] {
  const entry: ProviderConfig<z.ZodType> = PROVIDER_CONFIGS[provider];
  return entry.fileFields ?? [];
}

/** Every provider, in the order config messages list them. */
export const PROVIDER_CONFIGS = {
  openai: { schema: openaiModel, urlField: "base-url", secretField: "api-key-env" },
  anthropic: { schema: anthropicModel, urlField: "base-url", secretField: "api-key-env" },
  http: { schema: httpModel, urlField: "url", secretField: "api-key-env" },
  athena: { schema: athenaModel, urlField: "url", secretField: "secret-env" },
} as const satisfies Record<string, ProviderConfig<z.ZodType>>;

/** The names the schemas accept under `provider:`. */
export type ProviderName = z.output<(typeof PROVIDER_CONFIGS)[keyof typeof PROVIDER_CONFIGS]["schema"]>["provider"];
