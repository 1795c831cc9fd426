// The one YAML reader that keeps positions: the config loader, the SGI manifest and price table, and
// the conversations suite's rubric and FlexEval evals files all parse through it, so every complaint
// about a YAML file points at the same line for the same field, its syntax problems read the same
// (yamlProblems), and no YAML input (syntax errors, duplicate keys, alias bombs) throws.
import { type Document, isMap, isNode, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument, visit } from "yaml";
import { clipText } from "../util/escape.ts";
import type { InputProblem } from "./errors.ts";
import { loneCrAsLf } from "./text-file.ts";

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
export const MAX_ALIAS_COUNT = 100;

export function parsePositionedYaml(text: string): PositionedYaml {
  const lineCounter = new LineCounter();
  // Merge keys (`<<: *base`) as PyYAML reads them (FlexEval's and TestBench's files are written for
  // it): YAML 1.2 has none, and without this an eval built on a shared base silently had no metrics.
  const doc = parseDocument(loneCrAsLf(text), { lineCounter, uniqueKeys: true, prettyErrors: false, merge: true });
  const at = (offset: number): YamlPosition => lineCounter.linePos(offset);
  const problems: YamlSyntaxProblem[] = doc.errors.map((error) => ({
    ...at(error.pos[0]),
    message: (error.message.split("\n")[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, ""),
  }));

  let value: unknown;
  if (problems.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      problems.push({ ...(firstAliasPosition(doc, at) ?? { line: 1, col: 1 }), message: aliasMessage(error) });
    }
  }

  const positionOfNode = (node: unknown): YamlPosition | undefined => {
    if (isNode(node) && node.range) return at(node.range[0]);
    if (isPair(node) && isNode(node.key) && node.key.range) return at(node.key.range[0]);
    return undefined;
  };
  const positionOf = (fieldPath: readonly PropertyKey[], key?: string) => positionOfNode(locate(doc.contents, fieldPath, key));
  return { doc, problems, value, positionOf, positionOfNode };
}

/**
 * A document's syntax problems (syntax errors, duplicate keys, alias bombs) as every YAML file
 * reports them: file:line:column, "YAML: …".
 */
export function yamlProblems(yaml: Pick<PositionedYaml, "problems">, file: string): InputProblem[] {
  return yaml.problems.map((problem) => ({ file, line: problem.line, column: problem.col, message: `YAML: ${problem.message}` }));
}

function aliasMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /alias/i.test(text)
    ? `too many alias expansions (more than ${MAX_ALIAS_COUNT}): the document expands exponentially`
    : `cannot read the document: ${clipText(text, 120)}`;
}

function firstAliasPosition(doc: Document, at: (offset: number) => YamlPosition): YamlPosition | undefined {
  let found: YamlPosition | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (node.range) found = at(node.range[0]);
      return visit.BREAK;
    },
  });
  return found;
}

function locate(root: unknown, fieldPath: readonly PropertyKey[], key: string | undefined): Node | undefined {
  let node = root as Node | null | undefined;
  let best = node ?? undefined;
  // A field that is missing is reported at the key of the mapping that should hold it.
  let parentKey: Node | undefined;
  const steps = key === undefined ? fieldPath : [...fieldPath, key];
  for (let i = 0; i < steps.length && node; i++) {
    const step = steps[i];
    const isLast = i === steps.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(step));
      if (!pair) {
        best = parentKey ?? best;
        break;
      }
      parentKey = pair.key as Node;
      // For an unknown key, point at the key; otherwise at the value (or the key when the value is empty).
      node = (isLast && key !== undefined ? pair.key : (pair.value ?? pair.key)) as Node;
    } else if (isSeq(node)) {
      node = node.items[Number(step)] as Node | undefined;
    } else {
      break;
    }
    if (node) best = node;
  }
  return best;
}
