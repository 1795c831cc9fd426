import { type Document } from "yaml";
import type * as z from "zod";
import { ConfigError } from "../../config/errors.ts";
export interface Problem {
    severity: "error" | "warning";
    file: string;
    line?: number;
    /** Only YAML syntax problems have one. */
    column?: number;
    message: string;
}
/** Scenario files that cannot be used; carries every problem found, not just the first. A ConfigError: the CLI exits 2. */
export declare class ScenarioError extends ConfigError {
    readonly problems: Problem[];
    constructor(problems: Problem[]);
}
export interface LocatedYaml {
    doc: Document;
    /** The document as plain data (aliases expanded within the shared limit); undefined when it has syntax problems. */
    value: unknown;
    /** 1-based line of the node at `path` (or of the nearest ancestor that exists). */
    lineAt(path: readonly PropertyKey[]): number | undefined;
    /** 1-based line of a node. */
    lineOf(node: unknown): number | undefined;
}
/** Parses YAML through the shared position mapper; syntax errors, duplicate keys and alias bombs come back as problems with lines. */
export declare function parseLocatedYaml(text: string, file: string): {
    yaml: LocatedYaml;
    problems: Problem[];
};
/** Zod issues as problems, each at the line of the offending field. */
export declare function zodProblems(error: z.ZodError, yaml: LocatedYaml, file: string): Problem[];
/** The key/value pairs of the mapping at `path`, with the line of each key (for diff entries). */
export declare function mapEntries(yaml: LocatedYaml, path: readonly PropertyKey[]): {
    key: string;
    line: number | undefined;
    value: unknown;
}[];
