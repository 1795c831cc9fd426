export interface InputProblem {
    file: string;
    line?: number;
    column?: number;
    /** Field path inside the file, e.g. "suites.helpfulness.judge-runs". */
    field?: string;
    message: string;
    severity?: "error" | "warning";
    /** The dataset format the file's lines follow (`evalgate schema --dataset <format>`), named under the problems. */
    schema?: string;
}
/** A piece of input quoted in a message: one line, at most `max` characters, so a message never echoes a file. */
export declare function excerpt(value: string, max?: number): string;
/** "1 error", "2 errors". */
export declare function plural(count: number, noun: string, pluralNoun?: string): string;
/**
 * "file:line:column: field: message", as compilers write it: the one form of every problem and
 * warning about input, printed on success (validate, a dry run) and on failure alike.
 */
export declare function formatProblem(problem: InputProblem): string;
export declare class ConfigError extends Error {
    readonly name = "ConfigError";
    readonly problems: InputProblem[];
    constructor(problems: InputProblem[]);
    /**
     * The same error (the same class) with `warnings` first among its problems: what was noted while
     * loading (a line's bad bytes, a field ignored, the warnings of the suites loaded before) stays with
     * the error, printed and annotated before it. Itself when there are none.
     */
    withWarnings(warnings: readonly InputProblem[]): ConfigError;
    format(): string;
}
