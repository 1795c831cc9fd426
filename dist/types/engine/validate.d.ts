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
}
export declare function validateConfig(configPath: string, env?: NodeJS.ProcessEnv): Promise<ValidationReport>;
