// The providers a model under `models:` may name, as config sees them: each one's schema, the field
// holding its URL and the field naming its secret's variable. Adding a provider starts here; its
// adapter (how requests are built and answers read) goes in ../models/providers.ts, under the same name.
import * as z from "zod";
import { lazyVariant } from "./lazy-variant.ts";
import { configNumber, duration, envName, requestRate } from "./primitives.ts";

/** The token limit sent to Anthropic when neither the model entry nor its prompt file sets one (the API requires one). */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;

const price = z.strictObject({
  "input-per-million": configNumber().min(0).describe("USD per million input tokens"),
  "output-per-million": configNumber().min(0).describe("USD per million output tokens (reasoning tokens included)"),
  "cached-input-per-million": configNumber()
    .min(0)
    .optional()
    .describe("USD per million input tokens read from the provider's prompt cache (default: input-per-million)"),
  "cache-write-per-million": configNumber()
    .min(0)
    .optional()
    .describe("USD per million input tokens written to Anthropic's prompt cache (default: input-per-million)"),
});

/** Settings every provider shares: how hard to try, how many at once, what to cache and what it costs. */
const callCommon = {
  timeout: duration.default(60_000).describe("per-request timeout, e.g. 30s"),
  "max-retries": z.number().int().min(0).max(10).default(3).describe("retries on 429, 5xx, network errors and timeouts"),
  "retry-backoff": duration.default(1000).describe("base of the exponential backoff"),
  concurrency: z.number().int().min(1).max(256).optional().describe("requests in flight to this endpoint at most"),
  cache: z.boolean().optional().describe("cache responses on disk by request content (default: judges and simulators yes, targets no)"),
  price: price.optional(),
  "public-vars": z
    .array(envName)
    .optional()
    .describe("variables used in url, base-url, headers or env that are not secret (every other ${VAR} value is redacted from all output)"),
};

/** What a process evalgate starts runs: a string run by the shell (sh -c), or an argv list run as it is. */
export const commandLine = z.union([z.string().trim().min(1), z.array(z.string().min(1)).min(1)]);
/** Variables added to evalgate's own environment for a process it starts. */
export const processEnv = z
  .record(envName, z.string())
  .default({})
  .describe(
    "environment variables added to evalgate's own; values may use ${VAR} (secrets: redacted everywhere, the process's log included)",
  );
/** Variables of evalgate's environment a process gets although they are withheld by default. */
const passEnv = z
  .array(envName)
  .optional()
  .describe(
    "variables of evalgate's environment the process gets although they are withheld by default (other models' keys, the runner's ACTIONS_*, INPUT_* and GitHub tokens)",
  );
export const workingDir = z
  .string()
  .min(1)
  .optional()
  .describe("the folder the command runs in, relative to the config's folder (default: that folder)");

/** A service evalgate starts before the first request to the model, and stops when the run ends. */
export const startService = z
  .strictObject({
    command: commandLine.describe("the service's start command: a string run by the shell, or an argv list"),
    ready: z
      .string()
      .regex(/^https?:\/\/\S+$/, "an http:// or https:// URL, e.g. http://127.0.0.1:{{port}}/health")
      .describe("polled with GET until it answers 2xx; {{port}} is the free port evalgate picks (also the command's PORT)"),
    timeout: duration.default(60_000).describe("how long the service may take to answer `ready` with a 2xx"),
    "ready-elsewhere": z
      .boolean()
      .optional()
      .describe(
        "ready is on purpose on another host or port than the model's URL (a health port of the service's own); else, with {{port}}, they must match",
      ),
    cwd: workingDir,
    env: processEnv,
    "pass-env": passEnv,
  })
  .describe("a service started from the checkout before the model's first request, stopped when the run ends");

/** A service a model starts (`start:`), as configured. */
export type StartConfig = z.output<typeof startService>;

/** Settings of the providers that send HTTP requests: limits, proxy, headers and a service to start. */
const endpointCommon = {
  ...callCommon,
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
  headers: z.record(z.string(), z.string()).default({}).describe("extra headers; values may use ${ENV_VAR}"),
  start: startService.optional(),
};

/**
 * A chat model that is the system under test may take its prompt from the checkout: the keys every
 * provider with a `promptTarget` entry below spreads into its schema.
 */
const promptTargetKeys = {
  prompt: z
    .string()
    .min(1)
    .optional()
    .describe(
      "the system under test's prompt file, relative to the config: a GitHub Models .prompt.yml, a YAML/JSON list of {role, content} messages, or a .md/.txt system message; {{name}} placeholders are filled from each case",
    ),
};
/** `{{port}}`, with or without spaces inside the braces: the port evalgate picks for a started service. */
export const PORT_PLACEHOLDER = /\{\{\s*port\s*\}\}/g;

export const openaiModel = lazyVariant("provider", "openai", () =>
  z.strictObject({
    provider: z.literal("openai"),
    "base-url": z.string().default("https://api.openai.com/v1").describe("any OpenAI-compatible /chat/completions base URL"),
    model: z.string().min(1),
    "api-key-env": envName.optional(),
    /** Azure OpenAI sends the key as `api-key` and needs `api-version`. */
    "api-key-header": z.enum(["authorization", "api-key"]).default("authorization"),
    "api-version": z.string().optional(),
    temperature: z.number().min(0).max(2).optional(),
    "top-p": z.number().min(0).max(1).optional(),
    "max-tokens": z.number().int().positive().optional(),
    api: z
      .enum(["chat-completions", "responses"])
      .optional()
      .describe("the route requests go to: {base-url}/chat/completions (default), or OpenAI's Responses API {base-url}/responses"),
    "reasoning-effort": z
      .enum(["none", "minimal", "low", "medium", "high", "xhigh"])
      .optional()
      .describe("how much a reasoning model thinks before it answers (reasoning_effort; reasoning.effort with api: responses)"),
    ...promptTargetKeys,
    ...endpointCommon,
  }),
);

export const anthropicModel = lazyVariant("provider", "anthropic", () =>
  z.strictObject({
    provider: z.literal("anthropic"),
    "base-url": z.string().default("https://api.anthropic.com"),
    model: z.string().min(1),
    "api-key-env": envName.default("ANTHROPIC_API_KEY"),
    temperature: z.number().min(0).max(1).optional(),
    "top-p": z.number().min(0).max(1).optional(),
    "max-tokens": z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        `the answer's token limit (the Messages API requires one: ${ANTHROPIC_DEFAULT_MAX_TOKENS} when neither this nor the prompt file sets it)`,
      ),
    "thinking-budget": z
      .number()
      .int()
      .min(1024)
      .optional()
      .describe(
        "extended thinking with this token budget (below max-tokens); models that think adaptively are sent thinking: {type: adaptive}",
      ),
    ...promptTargetKeys,
    ...endpointCommon,
  }),
);

export const httpModel = lazyVariant("provider", "http", () =>
  z.strictObject({
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
  }),
);

export const athenaModel = lazyVariant("provider", "athena", () =>
  z.strictObject({
    provider: z.literal("athena"),
    url: z.string().min(1).describe("the module manager's feedback_suggestions route"),
    "secret-env": envName.optional().describe("variable holding Athena's shared secret (sent as Authorization)"),
    "lms-url": z.string().default("http://localhost:8080").describe("sent as X-Server-URL"),
    ...endpointCommon,
  }),
);

export const commandModel = lazyVariant("provider", "command", () =>
  z.strictObject({
    provider: z.literal("command"),
    command: commandLine.describe(
      "the program: a string run by the shell, or an argv list; it reads one JSON request per line on stdin and writes one JSON reply per line on stdout",
    ),
    cwd: workingDir,
    env: processEnv,
    "pass-env": passEnv,
    "per-case": z
      .boolean()
      .default(false)
      .describe(
        "one process per request (one request on stdin, one reply on stdout) instead of one long-lived worker per concurrency slot",
      ),
    ...callCommon,
    ...promptTargetKeys,
  }),
);

export const bedrockModel = lazyVariant("provider", "bedrock", () =>
  z.strictObject({
    provider: z.literal("bedrock"),
    model: z
      .string()
      .min(1)
      .describe("the model id or inference profile, e.g. us.anthropic.claude-sonnet-4-5-20250929-v1:0 (sent to the Converse API)"),
    region: z
      .string()
      .regex(/^[a-z0-9-]+$/, "an AWS region, e.g. us-east-1")
      .optional()
      .describe("the AWS region requests are signed for and sent to (default: AWS_REGION, else AWS_DEFAULT_REGION)"),
    "base-url": z
      .string()
      .optional()
      .describe("the Bedrock runtime endpoint (default: https://bedrock-runtime.<region>.amazonaws.com), e.g. a VPC endpoint"),
    "access-key-id-env": envName.default("AWS_ACCESS_KEY_ID").describe("variable holding the AWS access key id"),
    "secret-access-key-env": envName.default("AWS_SECRET_ACCESS_KEY").describe("variable holding the AWS secret access key"),
    "session-token-env": envName
      .default("AWS_SESSION_TOKEN")
      .describe("variable holding the AWS session token of temporary credentials (OIDC), sent when set"),
    temperature: z.number().min(0).max(1).optional(),
    "top-p": z.number().min(0).max(1).optional(),
    "max-tokens": z.number().int().positive().optional(),
    ...promptTargetKeys,
    ...endpointCommon,
  }),
);

export const copilotModel = lazyVariant("provider", "copilot", () =>
  z.strictObject({
    provider: z.literal("copilot"),
    model: z.string().min(1).optional().describe("passed as --model (default: the Copilot CLI's own)"),
    command: z
      .string()
      .min(1)
      .default("copilot")
      .describe("the Copilot CLI: a name on PATH or a path (install: npm install -g @github/copilot)"),
    "token-env": envName
      .default("COPILOT_GITHUB_TOKEN")
      .describe("variable holding the token the Copilot CLI runs on (in Actions: the workflow token, with copilot-requests: write)"),
    ...callCommon,
    ...promptTargetKeys,
  }),
);

/** A variable a provider reads from the environment besides its `secretField` (the first of `names` that is set). */
export interface EnvNeed {
  /** The field naming it, for messages ("access-key-id-env", "region"). */
  field: string;
  names: readonly string[];
  /** Must be set before any request (else the run refuses to start, as for a missing key). */
  required: boolean;
  /** Its value is redacted from everything evalgate writes. */
  secret: boolean;
}

/** What a Bedrock model reads from the environment: the AWS credentials and, unless `region:` names it, the region. */
function bedrockEnvironment(config: Record<string, unknown>): EnvNeed[] {
  const named = (field: string) => [config[field] as string];
  return [
    { field: "access-key-id-env", names: named("access-key-id-env"), required: true, secret: true },
    { field: "session-token-env", names: named("session-token-env"), required: false, secret: true },
    ...(config["region"] ? [] : [{ field: "region", names: ["AWS_REGION", "AWS_DEFAULT_REGION"], required: true, secret: false }]),
  ];
}

/** A provider as config sees it. */
interface ProviderConfig<S> {
  schema: S;
  /** The field holding the URL requests go to (interpolated, and checked for URL-breaking values); none for a program. */
  urlField?: "base-url" | "url";
  /** The field naming the environment variable that holds the provider's key or shared secret. */
  secretField?: "api-key-env" | "secret-env" | "secret-access-key-env" | "token-env";
  /** Other variables its models read from the environment (AWS's access key id and region, say). */
  environment?: (config: Record<string, unknown>) => EnvNeed[];
  /**
   * A chat provider whose models may carry `prompt:` (its schema spreads promptTargetKeys), and
   * whether its requests can carry a prompt file's responseFormat (JSON mode, a JSON schema).
   */
  promptTarget?: { responseFormat: boolean };
  /**
   * Fields naming other files the model reads (relative to the config's folder): a suite that calls
   * the model reads them, so `paths:` skipping counts them (config/paths.ts, modelPathValues).
   */
  fileFields?: readonly string[];
}

/** The fields naming files a provider's models read: a prompt target's `prompt`, and its `fileFields`. */
export function providerFileFields(provider: ProviderName): readonly string[] {
  const entry: ProviderConfig<z.ZodType> = PROVIDER_CONFIGS[provider];
  return [...(entry.promptTarget ? ["prompt"] : []), ...(entry.fileFields ?? [])];
}

/** Every provider, in the order config messages list them. */
export const PROVIDER_CONFIGS = {
  openai: { schema: openaiModel, urlField: "base-url", secretField: "api-key-env", promptTarget: { responseFormat: true } },
  anthropic: { schema: anthropicModel, urlField: "base-url", secretField: "api-key-env", promptTarget: { responseFormat: false } },
  http: { schema: httpModel, urlField: "url", secretField: "api-key-env" },
  athena: { schema: athenaModel, urlField: "url", secretField: "secret-env" },
  command: { schema: commandModel, promptTarget: { responseFormat: true } },
  bedrock: {
    schema: bedrockModel,
    urlField: "base-url",
    secretField: "secret-access-key-env",
    environment: bedrockEnvironment,
    promptTarget: { responseFormat: false },
  },
  copilot: { schema: copilotModel, secretField: "token-env", promptTarget: { responseFormat: false } },
} as const satisfies Record<string, ProviderConfig<z.ZodType>>;

/** The names the schemas accept under `provider:`. */
export type ProviderName = z.output<(typeof PROVIDER_CONFIGS)[keyof typeof PROVIDER_CONFIGS]["schema"]>["provider"];
