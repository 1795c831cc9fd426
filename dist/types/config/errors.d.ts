export interface InputProblem {
    file: string;
    line?: number;
    column?: number;
    /** Field path inside the file, e.g. "suites.helpfulness.judge-runs". */
    field?: string;
    message: string;
    severity?: "error" | "warning";
}
/** A piece of input quoted in a message: one line, at most `max` characters, so a message never echoes a file. */
export declare function excerpt(value: string, max?: number): string;
/** "1 error", "2 errors". */
export declare function plural(count: number, noun: string, pluralNoun?: string): string;
export declare function formatProblem(problem: InputProblem): string;
export declare class ConfigError extends Error {
    readonly name = "ConfigError";
    readonly problems: InputProblem[];
    constructor(problems: InputProblem[]);
    format(): string;
}
