/** The token limit sent to Anthropic when neither the model entry nor its prompt file sets one (the API requires one). */
export declare const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;
/** A service a model starts (`start:`), as configured. */
export type StartConfig = { command: string | string[]; ready: string; timeout: number; env: Record<string, string>; "ready-elsewhere"?: boolean | undefined; cwd?: string | undefined; "pass-env"?: string[] | undefined; };
/** `{{port}}`, with or without spaces inside the braces: the port evalgate picks for a started service. */
export declare const PORT_PLACEHOLDER: RegExp;
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
declare function bedrockEnvironment(config: Record<string, unknown>): EnvNeed[];
/** The fields naming files a provider's models read: a prompt target's `prompt`, and its `fileFields`. */
export declare function providerFileFields(provider: ProviderName): readonly string[];
/** The names the schemas accept under `provider:`. */
export type ProviderName = "command" | "openai" | "anthropic" | "http" | "athena" | "bedrock" | "copilot";
export {};
