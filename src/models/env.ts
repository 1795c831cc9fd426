// `${VAR}` and `${VAR:-default}` in URLs, header values and the environment of the processes a model
// starts, and the up-front check that every secret a run needs is set, so a missing key fails before
// the first request, not mid-run.
import { endpointUrl, environmentNeeds, httpSettings, type ModelConfig, secretVariable, startOf } from "../config/models.ts";
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

/** A model's config with its `${VAR}` fields interpolated, and its key or shared secret read. */
export interface ResolvedModel<C extends ModelConfig = ModelConfig> {
  name: string;
  config: C;
  /** The value of `api-key-env` (or Athena's `secret-env`), when configured. */
  secret: string | undefined;
}

/** A field of a model where `${VAR}` is interpolated: where it is in the config, its text, and whether it is a URL. */
interface InterpolatedField {
  path: string[];
  value: string;
  url: boolean;
}

/** Every field of a model that may use `${VAR}`: its URL and proxy, its headers, the environment of what it starts. */
function interpolatedFields(config: ModelConfig): InterpolatedField[] {
  const fields: InterpolatedField[] = [];
  const endpoint = endpointUrl(config);
  if (endpoint) fields.push({ path: [endpoint.field], value: endpoint.value, url: true });
  const { proxy, headers } = httpSettings(config);
  if (proxy !== undefined) fields.push({ path: ["proxy"], value: proxy, url: true });
  for (const [header, value] of Object.entries(headers ?? {})) fields.push({ path: ["headers", header], value, url: false });
  const processEnv = "env" in config ? { at: ["env"], env: config.env } : { at: ["start", "env"], env: startOf(config)?.env ?? {} };
  for (const [variable, value] of Object.entries(processEnv.env)) fields.push({ path: [...processEnv.at, variable], value, url: false });
  return fields;
}

/** `target` with the value at `path` replaced, copying each object on the way (the config is shared). */
function withValueAt<T>(target: T, path: string[], value: string): T {
  const [key, ...rest] = path;
  const object = target as Record<string, unknown>;
  return { ...object, [key!]: rest.length ? withValueAt(object[key!], rest, value) : value } as T;
}

export function resolveModel(name: string, config: ModelConfig, env: NodeJS.ProcessEnv): ResolvedModel {
  // Every interpolated value is a secret, whatever its name, unless the model lists it as public.
  const publicVars = new Set(config["public-vars"] ?? []);
  const registerValue = (variable: string, value: string) => {
    if (!publicVars.has(variable)) registerSecret(value);
  };
  const registerUrlValue = (variable: string, value: string) => {
    registerValue(variable, value);
    // Stripping would send the request somewhere the config never named.
    if (URL_BREAKING.test(value)) throw new Error(`model "${name}" uses \${${variable}} in a URL, ${URL_BREAKING_WHY}`);
  };
  const secretVar = secretVariable(config);
  const secret = secretVar ? lookup(env, secretVar.name) : undefined;
  if (secretVar && secret === undefined) {
    throw new Error(`model "${name}" ${secretVar.field} names ${secretVar.name}, but that environment variable is not set`);
  }
  registerSecret(secret);
  registerEnvironmentSecrets(config, env);
  let resolved = config;
  for (const field of interpolatedFields(config)) {
    const where = `model "${name}" ${field.path.join(".")}`;
    resolved = withValueAt(resolved, field.path, interpolateEnv(field.value, env, where, field.url ? registerUrlValue : registerValue));
  }
  return { name, config: resolved, secret };
}

/**
 * Registers the value of every variable a model names (its key or secret variable, every `${VAR}` in
 * its URL, proxy, headers and the environment of what it starts) as a secret, for every model of the
 * config and before any is called, unless the model lists the variable under `public-vars`. A
 * program started for one model may print another's key (it inherits evalgate's environment), and a
 * value from a .env file is redacted from everything evalgate writes whether or not its model runs.
 */
export function registerNamedSecrets(models: Record<string, ModelConfig>, env: NodeJS.ProcessEnv): void {
  for (const config of Object.values(models)) {
    const publicVars = new Set(config["public-vars"] ?? []);
    const secretVar = secretVariable(config);
    if (secretVar) registerSecret(lookup(env, secretVar.name));
    registerEnvironmentSecrets(config, env);
    for (const reference of interpolatedFields(config).flatMap((field) => envReferences(field.value))) {
      if (!publicVars.has(reference.name)) registerSecret(lookup(env, reference.name));
    }
  }
}

/** The secret values among the other variables the model's provider reads (AWS's access key id and session token, say). */
function registerEnvironmentSecrets(config: ModelConfig, env: NodeJS.ProcessEnv): void {
  for (const need of environmentNeeds(config)) {
    if (need.secret) for (const name of need.names) registerSecret(lookup(env, name));
  }
}

/** The first of a need's variables that is set, with its value. */
export function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = lookup(env, name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The runner's own variables, never the system under test's: the Actions runtime's tokens and URLs
 * (ACTIONS_*), the action's inputs (INPUT_*, its github-token among them) and the GitHub tokens a
 * workflow commonly sets for its steps.
 */
const RUNNER_VARIABLE = /^(?:ACTIONS_|INPUT_)|^(?:GITHUB_TOKEN|GH_TOKEN|GH_ENTERPRISE_TOKEN|GITHUB_ENTERPRISE_TOKEN)$/i;

/** The variables a model names for secrets: its key's variable and every ${VAR} of its fields that is not in its `public-vars`. */
function secretVariablesOf(config: ModelConfig): string[] {
  const publicVars = new Set(config["public-vars"] ?? []);
  const references = interpolatedFields(config).flatMap((field) => envReferences(field.value).map((reference) => reference.name));
  const needed = environmentNeeds(config).flatMap((need) => (need.secret ? need.names : []));
  return [...(secretVariable(config) ? [secretVariable(config)!.name] : []), ...references, ...needed].filter(
    (name) => !publicVars.has(name),
  );
}

/**
 * The variables of `env` a process started for model `name` does not inherit, sorted: the other
 * models' secret variables (unless this model names them too) and the runner's own, less `passEnv`.
 */
export function withheldVariables(
  name: string,
  models: Record<string, ModelConfig>,
  env: NodeJS.ProcessEnv,
  passEnv: string[] = [],
): string[] {
  const own = new Set([...(models[name] ? secretVariablesOf(models[name]) : []), ...passEnv]);
  const others = new Set(Object.entries(models).flatMap(([other, config]) => (other === name ? [] : secretVariablesOf(config))));
  return Object.keys(env)
    .filter((variable) => env[variable] !== undefined && !own.has(variable) && (others.has(variable) || RUNNER_VARIABLE.test(variable)))
    .sort();
}

/** A value that would change where a URL points if it were stripped: a line break, a space, a control character. */
const URL_BREAKING = /[\s\u0000-\u001f\u007f]/;
const URL_BREAKING_WHY = "and its value holds a line break, space or control character (a URL cannot; check the variable)";

/**
 * One message per model (of `names`) that cannot run: its key variable is unset, a field that may
 * use `${VAR}` (URL, proxy, headers, a started process's env) uses one without a default that is
 * unset, or a URL's variable holds a line break or space. Empty when everything is there.
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
    for (const need of environmentNeeds(config)) {
      if (need.required && firstSet(env, need.names) === undefined) missing.push(`${need.names.join(" or ")} (${need.field})`);
    }
    const fields = interpolatedFields(config);
    const broken = fields
      .filter((field) => field.url)
      .flatMap(({ path, value }) =>
        envReferences(value)
          .filter((reference) => URL_BREAKING.test(lookup(env, reference.name) ?? reference.fallback ?? ""))
          .map((reference) => `${path.join(".")} uses \${${reference.name}}`),
      );
    if (broken.length) messages.push(`model "${name}" ${broken.join(", ")}, ${URL_BREAKING_WHY}`);
    for (const { path, value } of fields) {
      for (const reference of envReferences(value)) {
        if (reference.fallback === undefined && lookup(env, reference.name) === undefined)
          missing.push(`${reference.name} (${path.join(".")})`);
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
