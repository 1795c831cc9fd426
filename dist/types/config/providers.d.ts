/** The token limit sent to Anthropic when neither the model entry nor its prompt file sets one (the API requires one). */
export declare const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;
/** A service a model starts (`start:`), as configured. */
export type StartConfig = { command: string | string[]; ready: string; timeout: number; env: Record<string, string>; cwd?: string | undefined; };
/** `{{port}}`, with or without spaces inside the braces: the port evalgate picks for a started service. */
export declare const PORT_PLACEHOLDER: RegExp;
/** The fields naming files a provider's models read: a prompt target's `prompt`, and its `fileFields`. */
export declare function providerFileFields(provider: ProviderName): readonly string[];
/** The names the schemas accept under `provider:`. */
export type ProviderName = "command" | "openai" | "anthropic" | "http" | "athena";
