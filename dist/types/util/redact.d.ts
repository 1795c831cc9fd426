/** What a secret becomes in any output. */
export declare const REDACTED = "***";
export declare function registerSecret(value: string | undefined): void;
/** Whether any secret is registered (a sink may skip work when none is). */
export declare function hasSecrets(): boolean;
export declare function redact(text: string): string;
/** Every string inside a JSON-like value redacted, keys included; a new value, the input is not changed. */
export declare function redactDeep<T>(value: T): T;
/** Wraps a stream's write so every string or buffer written to it is redacted (the CLI's and the action's stdout and stderr). */
export declare function redactStreams(...streams: NodeJS.WriteStream[]): void;
/** The forms a secret can take in an output. */
export declare function formsOf(secret: string): string[];
