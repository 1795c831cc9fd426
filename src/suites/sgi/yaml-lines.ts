// YAML parsing that keeps line numbers, so every complaint about a manifest or price table can
// point at the exact line (through the shared reader, config/yaml-positions.ts).
import { type Document, isMap, isNode, isScalar, type Node, type YAMLMap } from "yaml";
import type * as z from "zod";
import { ConfigError, type InputProblem } from "../../config/errors.ts";
import { parsePositionedYaml, yamlProblems } from "../../config/yaml-positions.ts";
import { type PositionOf, zodIssueProblems } from "../../config/zod-problems.ts";

/** Scenario files that cannot be used; carries every problem found, not just the first. A ConfigError: the CLI exits 2. */
export class ScenarioError extends ConfigError {}

export interface LocatedYaml {
  doc: Document;
  /** The document as plain data (aliases expanded within the shared limit); undefined when it has syntax problems. */
  value: unknown;
  /** 1-based line of the node at `path` (or of the nearest ancestor that exists). */
  lineAt(path: readonly PropertyKey[]): number | undefined;
  /** The same line, or the line of `key` inside the mapping at `path` (no column: scenario problems name lines). */
  positionOf: PositionOf;
  /** 1-based line of a node. */
  lineOf(node: unknown): number | undefined;
}

/** Parses YAML through the shared position mapper; syntax errors, duplicate keys and alias bombs come back as problems with lines. */
export function parseLocatedYaml(text: string, file: string): { yaml: LocatedYaml; problems: InputProblem[] } {
  const parsed = parsePositionedYaml(text);
  const problems: InputProblem[] = yamlProblems(parsed, file).map((problem) => ({ ...problem, severity: "error" as const }));
  const lineOf = (node: unknown) => parsed.positionOfNode(node)?.line;
  const lineAt = (path: readonly PropertyKey[]) => parsed.positionOf(path)?.line;
  const positionOf: PositionOf = (path, key) => {
    const line = parsed.positionOf(path, key)?.line;
    return line === undefined ? undefined : { line };
  };
  return { yaml: { doc: parsed.doc, value: parsed.value, lineAt, lineOf, positionOf }, problems };
}

/** A failed parse of a scenario file as problems, each at the line of the offending field ("criteria.0.id"). */
export function zodProblems(error: z.ZodError, schema: z.ZodType, yaml: LocatedYaml, file: string): InputProblem[] {
  const fieldName = (fieldPath: PropertyKey[]) => fieldPath.map(String).join(".");
  return zodIssueProblems(error, { file, schema, data: yaml.value, positionOf: yaml.positionOf, fieldName });
}

/** The key/value pairs of the mapping at `path`, with the line of each key (for diff entries). */
export function mapEntries(yaml: LocatedYaml, path: readonly PropertyKey[]): { key: string; line: number | undefined; value: unknown }[] {
  const node = path.length === 0 ? yaml.doc.contents : yaml.doc.getIn(path as unknown[], true);
  if (!isMap(node)) return [];
  return (node as YAMLMap).items.map((pair) => ({
    key: isScalar(pair.key) ? String(pair.key.value) : String(pair.key),
    line: yaml.lineOf(pair),
    value: isNode(pair.value) ? (pair.value as Node).toJSON() : pair.value,
  }));
}
