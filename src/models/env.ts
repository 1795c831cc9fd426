// `${VAR}` and `${VAR:-default}` in URLs and header values, and the up-front check that every
// secret a run needs is set, so a missing key fails before the first request, not mid-run.
import { endpointUrl, type ModelConfig, secretVariable, withEndpointUrl } from "../config/models.ts";
import { registerSecret } from "../util/redact.ts";

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface EnvReference {
  name: string;
  /** Undefined when the reference has no `:-default`. */
  fallback: string | undefined;
}

export function envReferences(text: string): EnvReference[] {
  return [...text.matchAll(REFERENCE)].map((match) => ({ name: match[1]!, fallback: match[2] }));
}

/** Set and non-empty, as in the shell's `${VAR:-default}`. */
function lookup(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}

/**
 * Replaces every reference; `onValue` sees each value taken from the environment (to register
 * secrets). Throws, naming the variable and `where`, when one is unset and has no default.
 */
export function interpolateEnv(
  text: string,
  env: NodeJS.ProcessEnv,
  where: string,
  onValue?: (name: string, value: string) => void,
): string {
  return text.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
    const value = lookup(env, name);
    if (value !== undefined) {
      onValue?.(name, value);
      return value;
    }
    if (fallback !== undefined) return fallback;
    throw new Error(`${where} uses \${${name}}, but the environment variable ${name} is not set`);
  });
}

/** A model's config with its URL and headers interpolated, and its key or shared secret read. */
export interface ResolvedModel<C extends ModelConfig = ModelConfig> {
  name: string;
  config: C;
  /** The value of `api-key-env` (or Athena's `secret-env`), when configured. */
  secret: string | undefined;
}

export function resolveModel(name: string, config: ModelConfig, env: NodeJS.ProcessEnv): ResolvedModel {
  const where = (field: string) => `model "${name}" ${field}`;
  // Every interpolated value is a secret, whatever its name, unless the model lists it as public.
  const publicVars = new Set(config["public-vars"] ?? []);
  const registerValue = (variable: string, value: string) => {
    if (!publicVars.has(variable)) registerSecret(value);
  };
  const registerHeaderValue = registerValue;
  const registerUrlValue = (variable: string, value: string) => {
    registerValue(variable, value);
    // Stripping would send the request somewhere the config never named.
    if (URL_BREAKING.test(value)) throw new Error(`model "${name}" uses \${${variable}} in a URL, ${URL_BREAKING_WHY}`);
  };
  const proxy = config.proxy === undefined ? {} : { proxy: interpolateEnv(config.proxy, env, where("proxy"), registerUrlValue) };
  const headers: Record<string, string> = {};
  for (const [header, value] of Object.entries(config.headers)) {
    headers[header] = interpolateEnv(value, env, where(`headers.${header}`), registerHeaderValue);
  }
  const secretVar = secretVariable(config);
  const secret = secretVar ? lookup(env, secretVar.name) : undefined;
  if (secretVar && secret === undefined) {
    throw new Error(`${where(secretVar.field)} names ${secretVar.name}, but that environment variable is not set`);
  }
  registerSecret(secret);

  const url = endpointUrl(config);
  const interpolatedUrl = interpolateEnv(url.value, env, where(url.field), registerUrlValue);
  return { name, config: withEndpointUrl({ ...config, ...proxy, headers }, interpolatedUrl), secret };
}

/** A value that would change where a URL points if it were stripped: a line break, a space, a control character. */
const URL_BREAKING = /[\s\u0000-\u001f\u007f]/;
const URL_BREAKING_WHY = "and its value holds a line break, space or control character (a URL cannot; check the variable)";

/** The URL fields of a model: its endpoint and, when set, its proxy. */
function urlsOf(config: ModelConfig): { field: string; value: string }[] {
  const endpoint = endpointUrl(config);
  return config.proxy === undefined ? [endpoint] : [endpoint, { field: "proxy", value: config.proxy }];
}

/**
 * Registers the value of every variable a model names (its key or secret variable, every `${VAR}` in
 * its URLs and headers) as a secret, for every model of the config and before any is called, unless
 * the model lists the variable under `public-vars`. Wherever a value came from (the shell, CI, a
 * .env file), it is then redacted from everything evalgate writes, whether or not its model runs.
 */
export function registerNamedSecrets(models: Record<string, ModelConfig>, env: NodeJS.ProcessEnv): void {
  for (const config of Object.values(models)) {
    const publicVars = new Set(config["public-vars"] ?? []);
    const secretVar = secretVariable(config);
    if (secretVar) registerSecret(lookup(env, secretVar.name));
    const texts = [...urlsOf(config).map(({ value }) => value), ...Object.values(config.headers)];
    for (const reference of texts.flatMap(envReferences)) {
      if (!publicVars.has(reference.name)) registerSecret(lookup(env, reference.name));
    }
  }
}

/**
 * One message per model (of `names`) that cannot run: its key variable is unset, its URL or
 * headers use `${VAR}` without a default and VAR is unset, or a URL's variable holds a line break
 * or space. Empty when everything is there.
 */
export function missingSecrets(models: Record<string, ModelConfig>, names: string[], env: NodeJS.ProcessEnv): string[] {
  const messages: string[] = [];
  for (const name of new Set(names)) {
    const config = models[name];
    if (!config) {
      messages.push(`model "${name}" is used but not defined under models:`);
      continue;
    }
    const missing: string[] = [];
    const secretVar = secretVariable(config);
    if (secretVar && lookup(env, secretVar.name) === undefined) missing.push(`${secretVar.name} (${secretVar.field})`);
    const urls = urlsOf(config);
    const broken = urls.flatMap(({ field, value }) =>
      envReferences(value)
        .filter((reference) => URL_BREAKING.test(lookup(env, reference.name) ?? reference.fallback ?? ""))
        .map((reference) => `${field} uses \${${reference.name}}`),
    );
    if (broken.length) messages.push(`model "${name}" ${broken.join(", ")}, ${URL_BREAKING_WHY}`);
    const fields: [string, string][] = [
      ...urls.map(({ field, value }): [string, string] => [field, value]),
      ...Object.entries(config.headers).map(([h, v]): [string, string] => [`headers.${h}`, v]),
    ];
    for (const [field, text] of fields) {
      for (const reference of envReferences(text)) {
        if (reference.fallback === undefined && lookup(env, reference.name) === undefined) missing.push(`${reference.name} (${field})`);
      }
    }
    if (missing.length === 0) continue;
    const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} and ${missing.at(-1)}`;
    const noun = missing.length === 1 ? "environment variable" : "environment variables";
    const verb = missing.length === 1 ? "is" : "are";
    messages.push(`model "${name}" needs the ${noun} ${list}, which ${verb} not set`);
  }
  return messages;
}
