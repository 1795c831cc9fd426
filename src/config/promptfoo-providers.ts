// The promptfoo provider ids evalgate runs itself, without a `model-map` entry: openai:<model>,
// anthropic:<model>, exec:<command>, a Python file with call_api, and http. When evalgate.yml is
// loaded, each such provider of a `kind: promptfoo` suite becomes a model under `models:` (with
// evalgate's provider rules, limits, keys and cache) and its model-map entry, so `validate`, the key
// check before any request and the plan all see it. Any other id stays unmapped: the suite's loader
// refuses it naming the model-map line to write (and, from directModel, why it could not run it).
import { statSync } from "node:fs";
import path from "node:path";
import { isRecord } from "../util/is-record.ts";
import { readRegularFileSync } from "../util/regular-file.ts";
import { type ModelConfig, modelConfig } from "./models.ts";
import { EXEC_ADAPTER, PYTHON_ADAPTER } from "./promptfoo-adapters.ts";
import { parseAndKeepPromptfooConfig } from "./promptfoo-file.ts";

/** A provider as a promptfoo config writes it. */
export interface PfProviderSpec {
  id: string;
  label?: string;
  config?: Record<string, unknown>;
  transform?: string;
}

/** A provider as written: an id, { id, label, config, transform }, or { "<id>": { config } }. */
export function providerSpec(item: unknown): PfProviderSpec | undefined {
  if (typeof item === "string") return { id: item };
  if (!isRecord(item)) return undefined;
  const optional = (source: Record<string, unknown>) => ({
    ...(typeof source["label"] === "string" ? { label: source["label"] } : {}),
    ...(isRecord(source["config"]) ? { config: source["config"] } : {}),
    ...(typeof source["transform"] === "string" ? { transform: source["transform"] } : {}),
  });
  if (typeof item["id"] === "string") return { id: item["id"], ...optional(item) };
  const keys = Object.keys(item);
  if (keys.length !== 1) return undefined;
  const inner = item[keys[0]!];
  return { id: keys[0]!, ...(isRecord(inner) ? optional(inner) : {}) };
}

/** The name a provider goes by in model-map: its label, else its id. */
export const mapKeyOf = (spec: PfProviderSpec) => spec.label ?? spec.id;

/**
 * An openai:* or anthropic:* id whose model is configured once under `models:` runs on that model
 * (its key, limits and price come from there).
 */
export function sameModel(id: string, models: Readonly<Record<string, ModelConfig>> | undefined): string | undefined {
  const match = /^(openai|anthropic)(?::(?:chat|messages))?:([^:\s]+)$/.exec(id);
  if (!match || !models) return undefined;
  const found = Object.entries(models).filter(([, m]) => m.provider === match[1] && "model" in m && m.model === match[2]);
  return found.length === 1 ? found[0]![0] : undefined;
}

export interface DirectContext {
  /** The folder of the promptfoo config (its relative paths resolve there). */
  baseDir: string;
  /** evalgate.yml's folder (a command's cwd is relative to it). */
  configDir: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** The model evalgate runs a provider on; `why` it cannot; undefined for an id it never runs itself. */
export type DirectModel = { model: ModelConfig } | { why: string } | undefined;

const number = (config: Record<string, unknown>, key: string) => (typeof config[key] === "number" ? { [key]: config[key] } : {});

/** The base URL from the config, else from the variable promptfoo reads (kept as ${VAR}: evalgate interpolates it). */
function baseUrl(config: Record<string, unknown>, variables: string[], env: DirectContext["env"]): Record<string, unknown> {
  if (typeof config["apiBaseUrl"] === "string") return { "base-url": config["apiBaseUrl"] };
  const set = variables.find((name) => env[name]);
  return set ? { "base-url": `\${${set}}`, "public-vars": [set] } : {};
}

function sampling(config: Record<string, unknown>): Record<string, unknown> {
  const { temperature, top_p: topP } = { ...number(config, "temperature"), ...number(config, "top_p") };
  const maxTokens = config["max_tokens"] ?? config["max_completion_tokens"];
  return {
    ...(temperature !== undefined ? { temperature } : {}),
    ...(topP !== undefined ? { "top-p": topP } : {}),
    ...(typeof maxTokens === "number" ? { "max-tokens": maxTokens } : {}),
  };
}

function chatModel(spec: PfProviderSpec, ctx: DirectContext): DirectModel {
  const match = /^(openai|anthropic):(?:(chat|responses|messages|completion|embedding|embeddings|assistant|realtime):)?(.*)$/.exec(spec.id);
  if (!match) return undefined;
  const [, provider, route, model] = match as unknown as [string, "openai" | "anthropic", string | undefined, string];
  if (!model) return { why: `"${spec.id}" names no model` };
  const taken = provider === "openai" ? ["chat", "responses", undefined] : ["messages", undefined];
  if (!taken.includes(route)) return { why: `evalgate runs ${provider}'s ${taken.filter(Boolean).join(" and ")} models, not ${route}` };
  const config = spec.config ?? {};
  if (config["apiKey"] !== undefined) return { why: "its config writes apiKey: name the variable holding it with apiKeyEnvar instead" };
  const keyEnv = typeof config["apiKeyEnvar"] === "string" ? config["apiKeyEnvar"] : `${provider.toUpperCase()}_API_KEY`;
  const urlVariables = provider === "openai" ? ["OPENAI_BASE_URL", "OPENAI_API_BASE_URL"] : ["ANTHROPIC_BASE_URL"];
  return parsed({
    provider,
    model,
    "api-key-env": keyEnv,
    ...(route === "responses" ? { api: "responses" } : {}),
    ...baseUrl(config, urlVariables, ctx.env),
    ...sampling(config),
  });
}

function parsed(raw: Record<string, unknown>): DirectModel {
  const result = modelConfig.safeParse(raw);
  if (result.success) return { model: result.data };
  return { why: result.error.issues.map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}`).join("; ") };
}

/** promptfoo's split of an exec command: words, "double" or 'single' quoted parts (scriptCompletion.ts's parseScriptParts). */
export function scriptParts(command: string): string[] {
  return [...command.matchAll(/[^\s"']+|"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? m[0]);
}

/** A command target in the promptfoo config's folder running one of the adapters. */
function commandModel(command: string[], ctx: DirectContext, timeoutMs: unknown): DirectModel {
  const cwd = path.relative(ctx.configDir, ctx.baseDir) || ".";
  return parsed({ provider: "command", command, cwd, ...(typeof timeoutMs === "number" ? { timeout: timeoutMs } : {}) });
}

function scriptModel(spec: PfProviderSpec, ctx: DirectContext): DirectModel {
  const options = JSON.stringify({ id: spec.id, config: spec.config ?? {} });
  const timeout = spec.config?.["timeout"];
  if (spec.id.startsWith("exec:")) {
    const parts = scriptParts(spec.id.slice("exec:".length));
    if (parts.length === 0) return { why: "exec: names no command" };
    return commandModel([process.execPath, "-e", EXEC_ADAPTER, "--", options, ...parts], ctx, timeout);
  }
  const python = /^(?:python:|file:\/\/)(.+?\.py)(?::([A-Za-z_]\w*))?$/.exec(spec.id);
  if (!python) return undefined;
  const executable = spec.config?.["pythonExecutable"] ?? ctx.env["PROMPTFOO_PYTHON"] ?? "python3";
  if (typeof executable !== "string") return { why: "config.pythonExecutable is not a string" };
  const file = path.resolve(ctx.baseDir, python[1]!);
  return commandModel([executable, "-c", PYTHON_ADAPTER, file, python[2] ?? "call_api", options], ctx, timeout);
}

/** A promptfoo template that is a var (`{{ name }}`, `{{ name.x }}`), the prompt, or an env variable, as evalgate writes it. */
function evalgatePlaceholders(text: string, allowVars: boolean): string | undefined {
  let ok = true;
  const converted = text.replace(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g, (whole, name: string) => {
    if (name.startsWith("env.")) return `\${${name.slice(4)}}`;
    if (!allowVars) {
      ok = false;
      return whole;
    }
    return name === "prompt" ? "{{prompt}}" : `{{vars.${name}}}`;
  });
  return ok && !/\{\{|\{%/.test(converted.replace(/\{\{(prompt|vars\.[\w.]+)\}\}/g, "")) ? converted : undefined;
}

function convertTemplate(node: unknown, allowVars: boolean): { value: unknown } | undefined {
  if (typeof node === "string") {
    const text = evalgatePlaceholders(node, allowVars);
    return text === undefined ? undefined : { value: text };
  }
  if (!isRecord(node) && !Array.isArray(node)) return { value: node };
  const entries = Object.entries(node).map(([key, value]) => [key, convertTemplate(value, allowVars)] as const);
  if (entries.some(([, value]) => value === undefined)) return undefined;
  const values = entries.map(([key, value]) => [key, value!.value] as const);
  return { value: Array.isArray(node) ? values.map(([, value]) => value) : Object.fromEntries(values) };
}

/** transformResponse as a path into the JSON answer: `json.choices[0].message.content` → choices.0.message.content. */
function replyPath(transform: unknown): string | undefined {
  if (transform === undefined) return "";
  if (typeof transform !== "string") return undefined;
  const match = /^\s*json((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["[^"]*"\]|\['[^']*'\])*)\s*$/.exec(transform);
  if (!match) return undefined;
  return [...match[1]!.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["([^"]*)"\]|\['([^']*)'\]/g)]
    .map((m) => m[1] ?? m[2] ?? m[3] ?? m[4])
    .join(".");
}

function httpModel(spec: PfProviderSpec, _ctx: DirectContext): DirectModel {
  if (!/^(https?)(:|$)/.test(spec.id)) return undefined;
  const config = spec.config ?? {};
  const url = typeof config["url"] === "string" ? config["url"] : /^https?:\/\//.test(spec.id) ? spec.id : undefined;
  if (!url) return { why: "its config has no url" };
  if (config["request"] !== undefined)
    return { why: "it sends a raw request: evalgate builds requests from url, method, headers and body" };
  const method = typeof config["method"] === "string" ? config["method"].toUpperCase() : "POST";
  if (method !== "POST" && method !== "PUT") return { why: `its method is ${method}: evalgate's http models POST or PUT a JSON body` };
  const path = replyPath(config["transformResponse"] ?? config["responseParser"]);
  if (path === undefined) return { why: "its transformResponse is not a path into the JSON answer (json.a.b[0].c)" };
  let body = config["body"] ?? { prompt: "{{prompt}}" };
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      return { why: "its body is text, not JSON: evalgate's http models send a JSON body" };
    }
  }
  const template = convertTemplate(body, true);
  const headers = convertTemplate(config["headers"] ?? {}, false);
  const target = evalgatePlaceholders(url, false);
  if (!template || !headers || target === undefined)
    return { why: "its url, headers or body use a template beyond {{prompt}}, {{var}} and {{env.NAME}}" };
  return parsed({ provider: "http", url: target, method, headers: headers.value, body: template.value, "reply-path": path });
}

/** How evalgate runs a provider itself, when it can. */
export function directModel(spec: PfProviderSpec, ctx: DirectContext): DirectModel {
  return chatModel(spec, ctx) ?? scriptModel(spec, ctx) ?? httpModel(spec, ctx);
}

/** A promptfoo config's providers, read as plainly as possible: any problem in it is the suite loader's to report. */
function configProviders(file: string): unknown[] {
  try {
    if (statSync(file).size > 1024 * 1024) return [];
    // Without a BOM, as the suite's loader reads it: the same text, so that it takes this parse (promptfoo-file.ts).
    const { value } = parseAndKeepPromptfooConfig(file, readRegularFileSync(file, "utf8").replace(/^\uFEFF/, ""));
    const providers = isRecord(value) ? (value["providers"] ?? value["targets"]) : undefined;
    return providers === undefined ? [] : Array.isArray(providers) ? providers : [providers];
  } catch {
    return [];
  }
}

const modelName = (suite: string, key: string) =>
  `promptfoo.${suite}.${key}`
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .replace(/-+$/g, "")
    .slice(0, 100);

/**
 * For every `kind: promptfoo` suite, a model under `models:` and a model-map entry for each provider
 * that model-map and sameModel leave out and evalgate runs itself. `config` is changed in place.
 */
export function addPromptfooModels(
  config: { models: Record<string, ModelConfig>; suites: Record<string, unknown> },
  configDir: string,
  env: DirectContext["env"] = process.env,
): void {
  for (const [suiteName, suite] of Object.entries(config.suites)) {
    if (!isRecord(suite) || suite["kind"] !== "promptfoo" || typeof suite["config"] !== "string") continue;
    const file = path.resolve(configDir, suite["config"]);
    const map: Record<string, string> = { ...(isRecord(suite["model-map"]) ? (suite["model-map"] as Record<string, string>) : {}) };
    const ctx: DirectContext = { baseDir: path.dirname(file), configDir, env };
    for (const item of configProviders(file)) {
      const spec = providerSpec(item);
      if (!spec || (spec.label !== undefined && map[spec.label]) || map[spec.id] || sameModel(spec.id, config.models)) continue;
      const direct = directModel(spec, ctx);
      if (!direct || !("model" in direct)) continue;
      let name = modelName(suiteName, mapKeyOf(spec));
      for (let n = 2; Object.hasOwn(config.models, name); n++) name = `${modelName(suiteName, mapKeyOf(spec))}-${n}`;
      config.models[name] = direct.model;
      map[mapKeyOf(spec)] = name;
    }
    if (Object.keys(map).length) suite["model-map"] = map;
  }
}
