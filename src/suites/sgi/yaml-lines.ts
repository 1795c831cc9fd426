// YAML parsing that keeps line numbers, so every complaint about a manifest or price table can
// point at the exact line.
import { type Document, isMap, isNode, isPair, isScalar, LineCounter, type Node, parseDocument, type YAMLMap } from "yaml";
import type * as z from "zod";

export interface Problem {
  severity: "error" | "warning";
  file: string;
  line?: number;
  message: string;
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}${problem.line ? `:${problem.line}` : ""}: ${problem.message}`;
}

/** Scenario files that cannot be used; carries every problem found, not just the first. */
export class ScenarioError extends Error {
  override readonly name = "ScenarioError";
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.problems = problems;
  }
}

export interface LocatedYaml {
  doc: Document;
  /** 1-based line of the node at `path` (or of the nearest ancestor that exists). */
  lineAt(path: readonly PropertyKey[]): number | undefined;
  /** 1-based line of a node. */
  lineOf(node: unknown): number | undefined;
}

/** Parses YAML; syntax errors (including duplicate keys) come back as problems with lines. */
export function parseLocatedYaml(text: string, file: string): { yaml: LocatedYaml; problems: Problem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const problems: Problem[] = doc.errors.map((error) => ({
    severity: "error",
    file,
    line: lineCounter.linePos(error.pos[0]).line,
    message: error.message.split("\n")[0] ?? error.message,
  }));
  const lineOf = (node: unknown): number | undefined => {
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
    if (isPair(node) && isNode(node.key) && node.key.range) return lineCounter.linePos(node.key.range[0]).line;
    return undefined;
  };
  const lineAt = (path: readonly PropertyKey[]): number | undefined => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth) as unknown[], true);
      const line = lineOf(node);
      if (line !== undefined) return line;
    }
    return undefined;
  };
  return { yaml: { doc, lineAt, lineOf }, problems };
}

/** Zod issues as problems, each at the line of the offending field. */
export function zodProblems(error: z.ZodError, yaml: LocatedYaml, file: string): Problem[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    return {
      severity: "error" as const,
      file,
      line: yaml.lineAt(issue.path),
      message: field ? `${field}: ${issue.message}` : issue.message,
    };
  });
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
