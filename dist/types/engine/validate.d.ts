export interface ValidationReport {
    /** The config as shown in messages (relative to the working directory). */
    configPath: string;
    /** Each suite's warnings as printed: "file:line: message" (formatProblem). */
    suites: {
        name: string;
        kind: string;
        cases: number;
        warnings: string[];
    }[];
    /** With `missingSecrets: "warning"`: each variable a model needs that is not set, as printed. */
    missingSecrets: string[];
    /** Each setting a model's rules will leave out or rename, with where it comes from (as the run's notes name it). */
    settings: string[];
}
export interface ValidateOptions {
    /** A variable a model needs that is not set: an error (the default, as a run has it) or a warning. */
    missingSecrets?: "error" | "warning";
}
export declare function validateConfig(configPath: string, env?: NodeJS.ProcessEnv, options?: ValidateOptions): Promise<ValidationReport>;
