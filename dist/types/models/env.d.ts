import { type ModelConfig } from "../config/models.ts";
export interface EnvReference {
    name: string;
    /** Undefined when the reference has no `:-default`. */
    fallback: string | undefined;
}
export declare function envReferences(text: string): EnvReference[];
/**
 * Replaces every reference; `onValue` sees each value taken from the environment (to register
 * secrets). Throws, naming the variable and `where`, when one is unset and has no default.
 */
export declare function interpolateEnv(text: string, env: NodeJS.ProcessEnv, where: string, onValue?: (name: string, value: string) => void): string;
/** A model's config with its URL and headers interpolated, and its key or shared secret read. */
export interface ResolvedModel<C extends ModelConfig = ModelConfig> {
    name: string;
    config: C;
    /** The value of `api-key-env` (or Athena's `secret-env`), when configured. */
    secret: string | undefined;
}
export declare function resolveModel(name: string, config: ModelConfig, env: NodeJS.ProcessEnv): ResolvedModel;
/**
 * One message per model (of `names`) that cannot run: its key variable is unset, its URL or
 * headers use `${VAR}` without a default and VAR is unset, or a URL's variable holds a line break
 * or space. Empty when everything is there.
 */
export declare function missingSecrets(models: Record<string, ModelConfig>, names: string[], env: NodeJS.ProcessEnv): string[];
