/** A library's type, opaque here: the package bundles the library's code, not its declarations. */
type Document = unknown;
import type { InputProblem } from "./errors.ts";
export interface YamlPosition {
    /** 1-based. */
    line: number;
    /** 1-based. */
    col: number;
}
export interface YamlSyntaxProblem extends YamlPosition {
    message: string;
}
export interface PositionedYaml {
    doc: Document;
    /** Syntax errors, duplicate keys and alias bombs, each with its position; empty when the YAML is fine. */
    problems: YamlSyntaxProblem[];
    /** The document as plain data (undefined when there are problems that make it unusable). */
    value: unknown;
    /**
     * Position of the node at a path; of the key itself when `key` is given. A path that does not
     * exist is reported at the key of the deepest mapping entry that does (where the field belongs).
     */
    positionOf(fieldPath: readonly PropertyKey[], key?: string): YamlPosition | undefined;
    /** Position of a node or a pair (its key). */
    positionOfNode(node: unknown): YamlPosition | undefined;
}
/** Aliases expanded at most this many times: a "billion laughs" document is an error, not a hang. */
export declare const MAX_ALIAS_COUNT = 100;
export declare function parsePositionedYaml(text: string): PositionedYaml;
/**
 * A document's syntax problems (syntax errors, duplicate keys, alias bombs) as every YAML file
 * reports them: file:line:column, "YAML: …".
 */
export declare function yamlProblems(yaml: Pick<PositionedYaml, "problems">, file: string): InputProblem[];
